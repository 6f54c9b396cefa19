"""Real processes: two writers racing on one database, and a worker killed with SIGKILL in
the middle of a batch."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

from iris.embed import HashingEmbedder
from iris.store import MemoryStore
from iris.types import MemoryItem

FACTS = [f"Fact number {i}: I have visited city {i * 7}" for i in range(25)]

WRITER = textwrap.dedent("""
    import json, os, sys, time
    from iris.config import Settings
    from iris.embed import HashingEmbedder
    from iris.store import MemoryStore
    from iris.types import MemoryItem
    url, barrier, out, mode = sys.argv[1:5]
    facts = json.loads(sys.stdin.read())
    store = MemoryStore(Settings(home=os.path.dirname(out), db_url=url), embedder=HashingEmbedder())
    open(out + ".ready", "w").close()
    while not os.path.exists(barrier):
        time.sleep(0.001)
    if mode == "batch":
        outcomes = store.store("shared", [MemoryItem(content=f) for f in facts]).outcomes
    else:  # one call per fact, so the two writers interleave
        outcomes = [store.store("shared", [MemoryItem(content=f)]).outcomes[0] for f in facts]
    json.dump([o.model_dump() for o in outcomes], open(out, "w"))
    store.close()
""")


def _race(tmp_path, url, mode, orders):
    barrier = tmp_path / "go"
    procs, outs = [], []
    for n, facts in enumerate(orders):
        out = tmp_path / f"out{n}.json"
        proc = subprocess.Popen([sys.executable, "-c", WRITER, url, str(barrier), str(out), mode],
                                stdin=subprocess.PIPE, text=True)
        proc.stdin.write(json.dumps(facts))
        proc.stdin.close()
        procs.append(proc)
        outs.append(out)
    deadline = time.monotonic() + 120
    while not all(os.path.exists(f"{o}.ready") for o in outs):
        assert time.monotonic() < deadline, "writers did not start"
        assert all(p.poll() is None for p in procs), "a writer died while starting"
        time.sleep(0.01)
    barrier.touch()  # both start at the same moment
    for proc in procs:
        assert proc.wait(timeout=120) == 0
    return [json.loads(o.read_text()) for o in outs]


def _check_25_rows(db_settings, results):
    with MemoryStore(db_settings, embedder=HashingEmbedder()) as store:
        rows = store.export("shared")
    assert len(rows) == 25
    assert sorted(r.content for r in rows) == sorted(FACTS)
    by_content = {r.content: r.id for r in rows}
    for outcomes in results:
        for o in outcomes:
            assert o["status"] in ("stored", "skipped")
            assert (o["id"] if o["status"] == "stored" else o["duplicate_of"]) == by_content[o["content"]]
    stored = sum(o["status"] == "stored" for outcomes in results for o in outcomes)
    assert stored == 25


def test_two_processes_storing_the_same_25_facts_end_with_25_rows(tmp_path, db_url, db_settings):
    results = _race(tmp_path, db_url, "batch", [FACTS, FACTS])
    _check_25_rows(db_settings, results)


def test_two_processes_interleaving_single_stores_end_with_25_rows(tmp_path, db_url, db_settings):
    results = _race(tmp_path, db_url, "single", [FACTS, FACTS[::-1]])
    _check_25_rows(db_settings, results)


WORKER = textwrap.dedent("""
    import os, sys, time
    from iris.config import Settings
    from iris.embed import HashingEmbedder
    from iris.store import MemoryStore
    from iris.store import queue
    url, marker = sys.argv[1:3]
    done = queue.mark_done
    batches = []
    def mark_done_then_hang(conn, row_id, outcome):
        done(conn, row_id, outcome)
        if id(conn) not in batches:
            batches.append(id(conn))
            if len(batches) == 2:  # second batch: rows inserted, transaction still open
                open(marker, "w").close()
                time.sleep(600)
    queue.mark_done = mark_done_then_hang
    store = MemoryStore(Settings(home=os.path.dirname(marker), db_url=url), embedder=HashingEmbedder())
    store.process_queue()
""")


def test_worker_killed_mid_batch_loses_nothing(tmp_path, db_url, db_settings):
    facts = [f"Queued fact {i} about topic {i * 13}" for i in range(60)]
    with MemoryStore(db_settings, embedder=HashingEmbedder()) as store:
        queued = [store.store("u", [MemoryItem(content=f) for f in facts[i:i + 20]], wait=False)
                  for i in range(0, 60, 20)]
    marker = tmp_path / "in-second-batch"
    worker = subprocess.Popen([sys.executable, "-c", WORKER, db_url, str(marker)])
    deadline = time.monotonic() + 120
    while not marker.exists():
        assert worker.poll() is None, "worker exited before reaching the second batch"
        assert time.monotonic() < deadline
        time.sleep(0.01)
    os.kill(worker.pid, signal.SIGKILL)
    worker.wait(timeout=30)

    with MemoryStore(db_settings, embedder=HashingEmbedder()) as store:
        assert store.count("u") == 25  # the first batch committed, the second rolled back
        assert store.pending() == 35
        assert store.process_queue() == 35
        assert store.count("u") == 60 and store.pending() == 0
        outcomes = [o for q in queued for o in store.queue_status("u", q.queue_id).outcomes]
        assert [o.status for o in outcomes] == ["stored"] * 60
        assert sorted(r.content for r in store.export("u")) == sorted(facts)
