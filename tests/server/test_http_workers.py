"""`iris serve --workers 2` on one SQLite file: concurrent writes from both worker
processes never fail with "database is locked" (WAL, a busy timeout and BEGIN IMMEDIATE on
every write), every fact is stored exactly once, and /metrics adds up both workers."""

from __future__ import annotations

import re
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from serving import start_server, stop_server

CLIENTS = 16
FACTS = 8  # distinct facts per client, each sent twice


@pytest.fixture(scope="module")
def two_workers(server_home, tmp_path_factory):
    srv = start_server(server_home, f"sqlite:///{tmp_path_factory.mktemp('workers') / 'iris.db'}",
                       "--workers", "2",
                       # Only exact duplicates are duplicates here: the facts differ by numbers,
                       # and this test is about concurrent writes, not semantic de-duplication.
                       IRIS_DEDUP_CANDIDATE_THRESHOLD="0.999")
    srv.key("load")
    yield srv
    stop_server(srv)


def _client_session(srv, n: int) -> list[tuple[int, str]]:
    """One client: each fact stored, then sent again (wait true and false in turn)."""
    seen = []
    with srv.client("load") as c:
        for i in range(FACTS):
            text = f"Remember that my locker number {n} {i} is blue {n * 100 + i}"
            for attempt in range(2):
                r = c.post("/v1/turns", json={"text": text, "user_id": f"user{n % 4}",
                                              "wait": (i + attempt) % 2 == 0})
                seen.append((r.status_code, r.text))
            r = c.get(f"/v1/users/user{n % 4}/memories", params={"limit": 5})
            seen.append((r.status_code, r.text))
    return seen


def _children(pid: int) -> list[str]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return path.read_text().split() if path.exists() else []


def test_two_workers_write_one_sqlite_file_without_errors_or_lost_facts(two_workers):
    if Path("/proc").is_dir():  # uvicorn's supervisor and its worker processes
        assert len(_children(two_workers.process.pid)) >= 2
    with ThreadPoolExecutor(CLIENTS) as pool:
        results = [r for rs in pool.map(lambda n: _client_session(two_workers, n), range(CLIENTS))
                   for r in rs]
    bad = [(status, body[:300]) for status, body in results if status not in (200, 202)]
    assert not bad, bad[:5]
    assert not any("locked" in body for _, body in results)
    deadline = time.monotonic() + 60
    with two_workers.client("load") as c:
        while time.monotonic() < deadline:
            counts = [c.get(f"/v1/users/user{u}/memories/count").json()["count"] for u in range(4)]
            if sum(counts) == CLIENTS * FACTS:
                break
            time.sleep(0.5)
        assert counts == [CLIENTS // 4 * FACTS] * 4  # every fact once: none lost, none twice
        contents = [m["content"] for u in range(4)
                    for m in c.get(f"/v1/users/user{u}/export").json()]
        assert len(contents) == len(set(contents)) == CLIENTS * FACTS
    metrics = httpx.get(f"{two_workers.url}/metrics").text
    answered = sum(float(v) for v in re.findall(
        r'iris_http_requests_total\{method="POST",route="/v1/turns",status="20[02]"\} ([0-9.e+]+)', metrics))
    assert answered == CLIENTS * FACTS * 2  # both workers' counters, whichever answered /metrics
