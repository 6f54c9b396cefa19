"""Memory store timings: store latency (1 and 25 items, synchronous and queued) and
semantic search as a namespace grows, and the memory_store tool synchronous and queued with
a live worker process. Medians (p50) over repeated runs; the machine is
shared, so compare runs on one box rather than across boxes.

    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/bench_store.py                  # MiniLM
    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/bench_store.py --sizes 1000 10000 100000
    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/bench_store.py --db postgresql+psycopg://postgres@127.0.0.1:5432/test
    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/bench_store.py --tool-only --runs 100 \
        [--db URL]                            # the memory_store tool only
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

from iris.paths import datasets_dir

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

ROOT = Path(__file__).resolve().parent.parent
PERSONA = datasets_dir() / "persona" / "personas_valid.jsonl"


def facts() -> list[str]:
    if PERSONA.exists():
        return sorted({f for line in PERSONA.open() for f in json.loads(line)["facts"]})
    return [f"I have hobby number {i}" for i in range(500)]


def p50(samples: list[float]) -> float:
    """Median, in ms."""
    return round(statistics.median(samples), 2)


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def bench_store(store, runs: int) -> dict[str, float]:
    from iris.types import MemoryItem

    base = facts()
    counter = iter(range(10**9))

    def batch(n: int) -> list[MemoryItem]:
        # Unique contents each time, so every call embeds (no cache hits) and stores.
        return [MemoryItem(content=f"{base[i % len(base)].rstrip('.')} (note {next(counter)})")
                for i in range(n)]

    out = {}
    for n in (1, 25):
        store.store("warm", batch(n))  # model loaded, tables warm
        out[f"store_sync_{n}_ms"] = p50([timed(lambda n=n: store.store(f"s{n}", batch(n)))
                                         for _ in range(runs)])
        out[f"store_queued_{n}_ms"] = p50([timed(lambda n=n: store.store(f"q{n}", batch(n), wait=False))
                                           for _ in range(runs)])
        pending = store.pending()
        start = time.perf_counter()
        store.process_queue()
        out[f"worker_per_item_{n}_ms"] = round((time.perf_counter() - start) * 1000 / max(1, pending), 2)
    return out


def bench_memory_store_tool(store, settings, runs: int, embedder: str) -> dict[str, float]:
    """The memory_store tool (issue 18): synchronous with no worker, then queued with a live
    `iris worker` process on the same database (its heartbeat makes the tool queue). The
    worker runs while the calls are timed, as it would in use."""
    import subprocess

    from iris.config import load_settings
    from iris.tools import MemoryStoreTool

    tool = MemoryStoreTool(store, settings)
    base = facts()
    texts = iter(f"{base[i % len(base)].rstrip('.')} (tool note {i})" for i in range(10**9))
    out: dict[str, float] = {}
    tool({"content": next(texts), "namespace": "tool-warm"})
    sync = [timed(lambda: tool({"content": next(texts), "namespace": "tool-sync"}))
            for _ in range(runs)]
    out["memory_store_sync_ms"] = p50(sync)
    env = {**os.environ, "IRIS_DB_URL": settings.database_url,
           # the user's home: where the exported ONNX model already is
           "IRIS_HOME": str(load_settings().home), "PYTHONPATH": str(ROOT)}
    env |= {"hashing": {"IRIS_EMBED_MODEL": "hashing"},
            "minilm-torch": {"IRIS_EMBED_BACKEND": "torch"}}.get(embedder, {})
    worker = subprocess.Popen([sys.executable, "-c", "from iris.cli import main; main()",
                               "worker", "--interval", "0.05"], env=env)
    try:
        deadline = time.monotonic() + 120
        while not store.worker_alive():
            if worker.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the worker did not start")
            time.sleep(0.05)
        results, samples = [], []
        for _ in range(runs):
            start = time.perf_counter()
            results.append(tool({"content": next(texts), "namespace": "tool-queued"}))
            samples.append((time.perf_counter() - start) * 1000)
            time.sleep(0.02)  # calls as a chat host makes them, not a tight loop
        if not all(r["success"] and r["queued"] for r in results):
            raise SystemExit(f"not every call was queued: {results[:3]}")
        out["memory_store_queued_ms"] = p50(samples)
        out["memory_store_queued_p90_ms"] = round(statistics.quantiles(samples, n=10)[-1], 2)
        start = time.perf_counter()
        while store.pending():
            if time.monotonic() > deadline + 600:
                raise SystemExit("the worker did not drain the queue")
            time.sleep(0.05)
        out["memory_store_queue_drained_after_ms"] = round((time.perf_counter() - start) * 1000, 1)
        stored = [tool({"queue_id": r["queue_id"], "namespace": "tool-queued"}) for r in results]
        out["memory_store_queued_stored"] = sum(1 for r in stored if r["id"] is not None)
    finally:
        worker.terminate()
        worker.wait(timeout=60)
    return out


def fill(store, namespace: str, size: int) -> None:
    """Insert `size` memories with random unit vectors straight into the table: search cost
    does not depend on what the vectors say, and embedding 100k sentences would take
    longer than the benchmark."""
    import numpy as np

    from iris.store.models import Memory, utcnow
    from iris.store.normalize import content_hash, normalize

    rng = np.random.default_rng(0)
    base = facts()
    dim = store.embedder.dim
    rows, now = [], utcnow()
    for i in range(size):
        content = f"{base[i % len(base)].rstrip('.')} #{i}"
        vec = rng.standard_normal(dim).astype(np.float32)
        vec /= np.linalg.norm(vec)
        rows.append(dict(namespace=namespace, content=content, normalized=normalize(content),
                         content_hash=content_hash(normalize(content)), type="fact",
                         category="general", importance=0.5, metadata={},
                         embedding=vec.tobytes(), embed_model=store.embedder.name,
                         created_at=now, updated_at=now))
    with store.engine.begin() as conn:
        for start in range(0, size, 5000):
            conn.execute(Memory.__table__.insert(), rows[start:start + 5000])


def bench_store_at(store, ns: str, size: int, runs: int) -> dict[str, float]:
    """One new fact stored synchronously into a namespace of `size` memories: exact key,
    embedding, the similarity product, the verifier on the closest memories, the insert.
    Half the facts are surface or number variants of persona facts (exact-key work)."""
    from iris.types import MemoryItem

    base = facts()
    variants = [lambda f: f.lower(), lambda f: f.replace("I am", "Im"),
                lambda f: f.replace(" ", "  "), lambda f: f + " twenty two times"]
    samples = []
    for i in range(runs):
        fact = f"{base[(7 * i) % len(base)].rstrip('.')} ({size} {i})"
        fact = variants[i % 4](fact) if i % 2 else fact
        samples.append(timed(lambda f=fact: store.store(ns, [MemoryItem(content=f)])))
    return {f"store_sync_1_at_{size}_ms": p50(samples)}


def bench_search(store, sizes: list[int], runs: int) -> dict[str, float]:
    out = {}
    queries = ["what do you remember about my diet?", "do I have any pets", "where do I work",
               "what music do I like", "tell me about my family"]
    store.embedder.encode(queries)  # the pipeline embeds a message once; searches reuse it
    for size in sizes:
        ns = f"search{size}"
        fill(store, ns, size)
        first = timed(lambda ns=ns: store.list_memories(ns, query=queries[0], limit=10))
        out[f"search_{size}_first_ms"] = round(first, 2)
        samples, cpu = [], []
        for _ in range(max(1, runs // len(queries))):
            for q in queries:
                start = time.process_time()
                samples.append(timed(lambda q=q, ns=ns: store.list_memories(ns, query=q, limit=10)))
                cpu.append((time.process_time() - start) * 1000)
        out[f"search_{size}_ms"] = p50(samples)
        # CPU time of this process: what the search costs when the box is not shared.
        out[f"search_{size}_cpu_ms"] = p50(cpu)
        out |= bench_store_at(store, ns, size, runs)
    fresh = [f"a brand new query number {i}" for i in range(runs)]
    out["embed_query_ms"] = p50([timed(lambda q=q: store.embedder.encode([q])) for q in fresh])
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", help="SQLAlchemy URL (default: a temporary SQLite file)")
    parser.add_argument("--embedder", choices=["minilm", "minilm-torch", "hashing"], default="minilm",
                        help="minilm: the default ONNX backend; minilm-torch: sentence-transformers")
    parser.add_argument("--sizes", type=int, nargs="*", default=[1000, 10000, 100000])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--tool-only", action="store_true",
                        help="only the memory_store tool timings (no store_* or search runs)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from iris.config import Settings, load_settings
    from iris.embed import HashingEmbedder, OnnxEmbedder, SentenceTransformerEmbedder
    from iris.store import MemoryStore

    embedder = {"minilm": lambda: OnnxEmbedder(None, load_settings().home / "models"),
                "minilm-torch": SentenceTransformerEmbedder,
                "hashing": HashingEmbedder}[args.embedder]()
    url, schema = args.db, None
    if url and url.startswith("postgresql"):
        # A throw-away schema, so the benchmark never touches tables someone else uses.
        import uuid

        from sqlalchemy import create_engine, text

        schema = f"bench_{uuid.uuid4().hex[:10]}"
        admin = create_engine(url)
        with admin.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        url = f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"
    try:
        with tempfile.TemporaryDirectory() as tmp:
            settings = Settings(home=Path(tmp), db_url=url)
            with MemoryStore(settings, embedder=embedder) as store:
                results = {"db": store.engine.dialect.name, "embedder": embedder.name}
                if not args.tool_only:
                    results |= bench_store(store, args.runs)
                results |= bench_memory_store_tool(store, settings, args.runs, args.embedder)
                if not args.tool_only:
                    results |= bench_search(store, args.sizes, args.runs)
    finally:
        if schema:
            with admin.begin() as conn:
                conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    width = max(map(len, results))
    for key, value in results.items():
        print(f"{key:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
