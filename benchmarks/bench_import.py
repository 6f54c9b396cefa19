"""Bulk import throughput (`iris memories import`): lines per second for typical memory
lines (short first-person facts from the persona dataset) and for long dialog turns
(LoCoMo), with MiniLM embeddings, without them, and with semantic de-duplication.
Each run imports into a fresh SQLite file through `import_lines`, the path the CLI takes.

    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/bench_import.py
    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/bench_import.py --lines 1000 --runs 5
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from iris.paths import datasets_dir  # noqa: E402


def persona_lines(n: int) -> list[str]:
    seen: dict[str, None] = {}
    with open(datasets_dir() / "persona" / "personas_valid.jsonl") as f:
        for row in f:
            for fact in json.loads(row)["facts"]:
                seen.setdefault(fact.strip(), None)
    facts = list(seen)[:n]
    return [json.dumps({"content": fact}) for fact in facts]


def locomo_lines(n: int) -> list[str]:
    lines: list[str] = []
    for path in sorted((datasets_dir() / "locomo").glob("*.json")):
        data = json.loads(path.read_text())
        conv = data.get("conversation", data)
        for key, turns in conv.items():
            if key.startswith("session_") and isinstance(turns, list):
                lines += [json.dumps({"content": f"{t['speaker']}: {t['text']}"}) for t in turns]
    return lines[:n]


def lines_per_second(lines: list[str], runs: int, **update) -> float:
    from iris.config import load_settings
    from iris.embed import make_embedder
    from iris.store import MemoryStore
    from iris.tools.importing import import_lines

    dedup = update.pop("dedup", False)
    rates = []
    home = Path(os.environ.get("IRIS_HOME", Path.home() / ".iris"))
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            settings = load_settings(db_url=f"sqlite:///{tmp}/import.db", home=home, **update)
            # A new embedder each run: its text cache would otherwise answer the later runs.
            store = MemoryStore(settings, embedder=make_embedder(settings))
            if store.embedder is not None:
                store.embedder.encode(["warm up the model"])
            started = time.perf_counter()
            run = import_lines(store, "bench", lines, dedup=dedup)
            elapsed = time.perf_counter() - started
            assert run.items == len(lines), run.summary
            rates.append(len(lines) / elapsed)
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; median of {args.runs} runs, lines/s")
    for name, lines in (("persona facts", persona_lines(args.lines)),
                        ("LoCoMo dialog turns", locomo_lines(args.lines))):
        words = statistics.median(len(json.loads(x)["content"].split()) for x in lines)
        print(f"{name} ({len(lines)} lines, median {words:.0f} words)")
        for label, update in (("MiniLM embeddings", {}),
                              ("MiniLM + --dedup", {"dedup": True}),
                              ("no embeddings (IRIS_EMBEDDINGS=0)", {"embeddings": False})):
            print(f"  {label:36s} {lines_per_second(lines, args.runs, **update):8.1f}")


if __name__ == "__main__":
    main()
