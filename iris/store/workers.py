"""Worker heartbeats: how a caller knows a queued store will be processed soon.

Each running queue worker (`iris worker`, or `MemoryStore.start_worker_thread`) has a row in
`memory_worker` that it refreshes while it runs and deletes when it stops. A row seen within
`worker_stale_seconds` is a live worker; an older one is a worker that died without saying
so (killed, machine gone) and is ignored. The memory_store tool queues only when a live
worker exists, so a queued fact is never left waiting for a worker that is not there."""

from __future__ import annotations

import os
import socket
import time
import uuid
from datetime import timedelta

from sqlalchemy import delete, func, select

from iris.store.engine import Database, upsert
from iris.store.models import WORKER, utcnow


class Heartbeat:
    """One worker's row. `beat()` is cheap to call every loop: it writes at most once per
    third of the stale window, so a live row is never older than the window allows."""

    def __init__(self, db: Database, stale_seconds: float):
        self.db = db
        self.worker_id = uuid.uuid4().hex[:16]
        self._every = stale_seconds / 3
        self._last = 0.0

    def beat(self, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self._last < self._every:
            return
        seen = utcnow()
        with self.db.errors("worker heartbeat"), self.db.write() as conn:
            stmt = upsert(conn, WORKER).values(
                worker_id=self.worker_id, host=socket.gethostname()[:200], pid=os.getpid(),
                started_at=seen, seen_at=seen)
            conn.execute(stmt.on_conflict_do_update(index_elements=["worker_id"],
                                                    set_={"seen_at": seen}))
        self._last = now

    def stop(self) -> None:
        with self.db.errors("worker heartbeat"), self.db.write() as conn:
            conn.execute(delete(WORKER).where(WORKER.c.worker_id == self.worker_id))


def live(db: Database, stale_seconds: float) -> int:
    """How many workers refreshed their heartbeat within the last `stale_seconds`."""
    since = utcnow() - timedelta(seconds=stale_seconds)
    with db.errors("worker check"), db.connect() as conn:
        return conn.execute(select(func.count()).select_from(WORKER)
                            .where(WORKER.c.seen_at >= since)).scalar_one()
