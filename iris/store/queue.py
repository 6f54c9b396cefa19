"""The durable queue behind `store(..., wait=False)`: one row per item, `pending` until the
worker transaction that stores it also marks it `done`, so a worker killed mid-batch leaves
its batch pending for the next one. Plus the background worker thread."""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Callable

from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import Connection

from iris.errors import StoreError
from iris.store.dedup import DEFAULT_LINKS, Prepared, prepare
from iris.store.engine import Database, existing, rows
from iris.store.models import QUEUE, QueuedItem, utcnow
from iris.store.normalize import content_hash, normalize
from iris.store.workers import Heartbeat
from iris.types import ItemOutcome, LinkOptions, MemoryItem, StoreResult

log = logging.getLogger(__name__)

_Q = QUEUE


def enqueue(db: Database, namespace: str, prepared: list[Prepared]) -> StoreResult:
    """The fast path: exact check, then a durable queue row per new item (with its link
    options, when they are not the defaults)."""
    queue_id = uuid.uuid4().hex[:16]
    outcomes: list[ItemOutcome] = []
    with db.errors("queue"), db.write() as conn:
        known = existing(conn, namespace, [p.hash for p in prepared])
        first: dict[str, int] = {}
        new_rows = []
        for p in prepared:
            content = p.item.content
            if p.hash in known or p.hash in first:
                dup = known.get(p.hash)
                outcome = ItemOutcome(status="skipped", content=content, duplicate_of=dup,
                                      reason="exact duplicate" if dup else
                                      "exact duplicate of an earlier item in this call")
            else:
                first[p.hash] = p.index
                outcome = ItemOutcome(status="queued", content=content)
            outcomes.append(outcome)
            new_rows.append(dict(queue_id=queue_id, position=p.index, namespace=namespace,
                                 item=p.item.model_dump(), created_at=utcnow(),
                                 options=None if p.links == DEFAULT_LINKS else p.links.model_dump(),
                                 status="pending" if outcome.status == "queued" else "done",
                                 outcome=None if outcome.status == "queued"
                                 else outcome.model_dump()))
        conn.execute(_Q.insert(), new_rows)
    return StoreResult(outcomes=outcomes, queue_id=queue_id)


def status(db: Database, namespace: str, queue_id: str) -> StoreResult:
    """The outcomes of one of the namespace's queued stores: `queued` while pending. A
    queue id of another namespace shows nothing."""
    with db.errors("queue status"), db.connect() as conn:
        found = rows(conn, select(_Q).where(QUEUE.c.namespace == namespace,
                                            QUEUE.c.queue_id == queue_id)
                     .order_by(QUEUE.c.position), QueuedItem)
    outcomes = [ItemOutcome(**row.outcome) if row.outcome else
                ItemOutcome(status="queued", content=row.item["content"]) for row in found]
    return StoreResult(outcomes=outcomes, queue_id=queue_id)


def pending(db: Database) -> int:
    with db.errors("queue"), db.connect() as conn:
        return conn.execute(select(func.count()).select_from(QueuedItem)
                            .where(QUEUE.c.status == "pending")).scalar_one()


def next_batch(db: Database, size: int) -> tuple[str | None, list[Prepared], list[QueuedItem], int]:
    """The oldest pending namespace's next rows: (namespace, items, their rows, how many
    rows were invalid and marked failed)."""
    with db.connect() as conn:
        head = conn.execute(select(QUEUE.c.namespace).where(QUEUE.c.status == "pending")
                            .order_by(QUEUE.c.id).limit(1)).scalar()
        if head is None:
            return None, [], [], 0
        batch = rows(conn, select(_Q).where(QUEUE.c.status == "pending",
                                            QUEUE.c.namespace == head)
                     .order_by(QUEUE.c.id).limit(size), QueuedItem)
    prepared, queue_rows, failed = [], [], 0
    for row in batch:
        try:
            item = MemoryItem.model_validate(row.item)
            links = LinkOptions.model_validate(row.options) if row.options else DEFAULT_LINKS
        except ValueError as exc:  # not for rows we wrote, but never drop one silently
            with db.write() as conn:
                mark_done(conn, row.id, ItemOutcome(status="failed", content=str(
                    row.item.get("content")), reason=f"queued item is invalid: {exc}"))
            failed += 1
            continue
        prepared.append(prepare(row.position, item, links=links))
        queue_rows.append(row)
    return head, prepared, queue_rows, failed


def claim(conn: Connection, queue_rows: list[QueuedItem], postgres: bool) -> list[int]:
    """Positions in `queue_rows` still pending; a concurrent worker on Postgres skips them."""
    stmt = select(QUEUE.c.id).where(QUEUE.c.id.in_([r.id for r in queue_rows]),
                                       QUEUE.c.status == "pending").order_by(QUEUE.c.id)
    if postgres:
        stmt = stmt.with_for_update(skip_locked=True)
    claimed = set(conn.execute(stmt).scalars())
    return [i for i, r in enumerate(queue_rows) if r.id in claimed]


def mark_done(conn: Connection, row_id: int | None, outcome: ItemOutcome) -> None:
    conn.execute(update(QueuedItem).where(QUEUE.c.id == row_id).values(
        status="done", outcome=outcome.model_dump(), done_at=utcnow()))


def scrub(conn: Connection, namespace: str, memory_id: int, content: str) -> int:
    """Delete the namespace's finished queue rows that carry a forgotten memory's text (the
    item, or an outcome naming it); returns how many. Pending rows stay: they are facts the
    user sent that have not been stored yet."""
    key = content_hash(normalize(content))
    done = conn.execute(select(QUEUE.c.id, QUEUE.c.item, QUEUE.c.outcome).where(
        QUEUE.c.namespace == namespace, QUEUE.c.status == "done")).all()
    doomed = [row.id for row in done if _mentions(row.item, row.outcome, memory_id, key)]
    if doomed:
        conn.execute(delete(QueuedItem).where(QUEUE.c.id.in_(doomed)))
    return len(doomed)


def _mentions(item: dict | None, outcome: dict | None, memory_id: int, key: str) -> bool:
    texts = [(item or {}).get("content"), (outcome or {}).get("content")]
    if any(isinstance(t, str) and content_hash(normalize(t)) == key for t in texts):
        return True
    return memory_id in ((outcome or {}).get("id"), (outcome or {}).get("duplicate_of"))


def work(process: Callable[[int], int], batch: int, interval: float, heartbeat: Heartbeat,
         stop: threading.Event, report: Callable[[int], None] | None = None) -> None:
    """The worker loop, in a thread or a process of its own, until `stop` is set: refresh
    the heartbeat, store up to `batch` queued items, sleep `interval` when there were none.
    A failed batch (or heartbeat) is logged and retried on the next tick (its items stay
    queued); the heartbeat row is removed on the way out."""
    try:
        while not stop.is_set():
            try:
                heartbeat.beat()
                done = process(batch)
                if done and report is not None:
                    report(done)
                if not done:
                    stop.wait(interval)
            except StoreError:
                log.exception("queue worker: batch failed, will retry")
                stop.wait(interval)
    finally:
        try:
            heartbeat.stop()
        except StoreError:  # the row goes stale on its own
            log.warning("queue worker: could not remove its heartbeat row")


class Worker:
    """Runs `work` in a daemon thread until `stop()`."""

    def __init__(self, process: Callable[[int], int], batch: int, interval: float,
                 heartbeat: Heartbeat):
        self._stop = threading.Event()
        self.thread = threading.Thread(target=work, name="iris-store-worker", daemon=True,
                                       args=(process, batch, interval, heartbeat, self._stop))
        self.thread.start()

    def stop(self, timeout: float = 30) -> None:
        self._stop.set()
        self.thread.join(timeout=timeout)
