"""Memory inspector (/ui) timings for a user with 10k memories: server time per page, p50
and p95 over repeated requests. The app runs in-process behind Starlette's TestClient, so a
figure is the whole ASGI request (key check, store queries, template) without the network.

    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/bench_ui.py                 # MiniLM, SQLite
    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/bench_ui.py --embed hashing
    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/bench_ui.py --db postgresql+psycopg://postgres@127.0.0.1:5432/test
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_store import fill  # noqa: E402  (benchmarks/bench_store.py)

CATEGORIES = ["food", "travel", "health", "work", "family", "hobbies", "general"]
TYPES = ["fact", "preference", "event"]


def vary(store, namespace: str, edges: int) -> None:
    """Spread types and categories over the filled memories, and add contradiction and
    relates_to edges, so filters and edge rendering have something to do."""
    from sqlalchemy import update

    from iris.store.models import EDGE, MEMORY

    with store.engine.begin() as conn:
        ids = [r[0] for r in conn.execute(MEMORY.select().with_only_columns(MEMORY.c.id)
                                          .where(MEMORY.c.namespace == namespace))]
        for k, category in enumerate(CATEGORIES):
            conn.execute(update(MEMORY).where(MEMORY.c.namespace == namespace,
                                              MEMORY.c.id % len(CATEGORIES) == k)
                         .values(category=category, type=TYPES[k % len(TYPES)]))
        pairs = [(ids[i], ids[i + 1], "contradicts" if i % 4 else "relates_to")
                 for i in range(0, min(len(ids) - 1, 2 * edges), 2)]
        conn.execute(EDGE.insert(), [dict(namespace=namespace, src=s, dst=d, kind=k, score=0.5)
                                     for s, d, k in pairs])


def p(samples: list[float], q: float) -> float:
    return round(statistics.quantiles(samples, n=100)[int(q) - 1], 1) if q != 50 else \
        round(statistics.median(samples), 1)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--embed", default=None, help="embedding model (default: the settings')")
    parser.add_argument("--db", default=None, help="database URL (default: a temporary SQLite file)")
    args = parser.parse_args()

    from fastapi.testclient import TestClient
    from sqlalchemy import delete

    from iris.config import Settings
    from iris.server.app import Service, create_app
    from iris.store.models import API_KEY

    with tempfile.TemporaryDirectory() as home:
        db = args.db or f"sqlite:///{home}/iris.db"
        settings = Settings(home=Path(home), embed_model=args.embed, db_url=db,
                            intent_enabled=False)
        service = Service(settings)
        tenant = f"bench{uuid.uuid4().hex[:8]}"
        ns = f"{tenant}:alice"
        fill(service.store, ns, args.size)
        vary(service.store, ns, edges=500)
        for other in range(20):
            fill(service.store, f"{tenant}:user{other:02d}", 50)
        _, key = service.keys.create(tenant)
        oldest = min(m.id for m in service.store.page(ns, limit=args.size))
        pages = {
            "users": "/ui",
            "user_first_page": "/ui/users/alice",
            "user_deep_page": f"/ui/users/alice?before={oldest + 60}",
            "user_category_filter": "/ui/users/alice?category=travel&type=event",
            "user_search": "/ui/users/alice?q=favourite+food",
            "memory_detail": f"/ui/users/alice/memories/{oldest + 1}",
        }
        out: dict[str, object] = {"size": args.size, "runs": args.runs,
                                  "embed": service.store.embedder.name if service.store.embedder else None,
                                  "db": "postgres" if db.startswith("postgres") else "sqlite"}
        try:
            with TestClient(create_app(settings, service=service)) as client:
                assert client.post("/ui/login", data={"key": key},
                                   follow_redirects=False).status_code == 303
                for name, url in pages.items():
                    samples = []
                    for _ in range(args.runs + 2):
                        start = time.perf_counter()
                        got = client.get(url, follow_redirects=False)
                        samples.append((time.perf_counter() - start) * 1000)
                        assert got.status_code == 200, (url, got.status_code, got.text[:300])
                    samples = samples[2:]  # the first requests fill caches
                    out[f"{name}_p50_ms"] = p(samples, 50)
                    out[f"{name}_p95_ms"] = p(samples, 95)
        finally:
            if db.startswith("postgres"):
                for n in [ns] + [f"{tenant}:user{o:02d}" for o in range(20)]:
                    service.store.erase(n)
                with service.store.db.write() as conn:  # the shared database keeps no bench key
                    conn.execute(delete(API_KEY).where(API_KEY.c.tenant == tenant))
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
