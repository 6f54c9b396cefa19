"""Forget-by-description latency: `MemoryStore.forget(query=...)` against a namespace of
N persona memories (the real MiniLM embedder), for descriptions that match nothing, one
memory or several, so nothing is deleted and every run sees the same store. p50 and p90
over the runs; the machine is shared, so compare two checkouts in the same minute:

    HF_HUB_OFFLINE=1 PYTHONPATH=. .venv/bin/python benchmarks/bench_forget.py --sizes 100 1000

"Match one" is measured with the memory re-stored after each deletion, outside the timer.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")



PERSONA = Path(os.environ.get("IRIS_PERSONA_DIR", "/work/shared/datasets/persona")) / "personas_valid.jsonl"

QUERIES = {
    "not_found": ["my submarine", "that I live in Atlantis", "my husband's yacht",
                  "my football team", "when I retired", "my hay fever"],
    "ambiguous": ["my dog", "my job", "what I like"],
}
TARGET = "I have a beagle called Rusty"
ONE = ["my beagle", "Rusty", "my dog Rusty"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[100, 1000])
    ap.add_argument("--runs", type=int, default=5, help="passes over the queries")
    ap.add_argument("--home", default="/tmp/iris-forget-home")
    args = ap.parse_args()

    from iris import load_settings
    from iris.embed import make_embedder
    from iris.store import MemoryStore
    from iris.types import MemoryItem

    facts = sorted({f.strip() for line in PERSONA.open(encoding="utf-8")
                    for f in json.loads(line)["facts"] if f.strip()})
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        settings = load_settings(home=Path(args.home), db_url=f"sqlite:///{tmp}/f.db")
        store = MemoryStore(settings, make_embedder(settings))
        for size in args.sizes:
            user = f"u{size}"
            pool = [f"{f[:-1] if f.endswith('.') else f} ({i})" if i >= len(facts) else f
                    for i, f in enumerate((facts * (size // len(facts) + 1))[: size - 1])]
            for start in range(0, len(pool), 200):
                store.store(user, [MemoryItem(content=c) for c in pool[start:start + 200]])
            store.store(user, [MemoryItem(content=TARGET)])
            timings: dict[str, list[float]] = {"not_found": [], "ambiguous": [], "forgotten": []}
            for kind, queries in QUERIES.items():
                store.forget(user, query=queries[0])  # warm the caches
                for _ in range(args.runs):
                    for q in queries:
                        t = time.perf_counter()
                        store.forget(user, query=q)
                        timings[kind].append((time.perf_counter() - t) * 1000)
            for _ in range(args.runs):
                for q in ONE:
                    t = time.perf_counter()
                    result = store.forget(user, query=q)
                    timings["forgotten"].append((time.perf_counter() - t) * 1000)
                    if result.status == "forgotten":
                        store.store(user, [MemoryItem(content=TARGET)])
            for kind, ms in timings.items():
                ms.sort()
                rows.append((store.count(user), kind, len(ms), statistics.median(ms),
                             ms[int(0.9 * (len(ms) - 1))]))
    print(f"{'memories':>8} {'request':>10} {'runs':>5} {'p50 ms':>8} {'p90 ms':>8}")
    for size, kind, n, p50, p90 in rows:
        print(f"{size:>8} {kind:>10} {n:>5} {p50:>8.1f} {p90:>8.1f}")
    print(f"load average: {open('/proc/loadavg').read().split()[:3]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
