"""MemoryStore: per-user memories with exact and semantic de-duplication, relationship
edges, ranked recall, forgetting, erasure and a durable queue. The facade; the work is in

    engine.py      the engine, write transactions, shared SQL, database faults
    migrations.py  numbered schema migrations, run when a store opens
    dedup.py       what becomes of each item (store / skip / fail) and the inserts
    matrix.py      the per-namespace embedding-matrix cache and the cosine product
    search.py      hybrid ranking, search, and which memory a forget description names
    queue.py       the durable queue and the worker loop
    workers.py     worker heartbeats: is a queue worker alive?

How one `store()` call goes:
  1. normalise each item and hash it (the exact-duplicate key);
  2. outside any transaction, warm the caches: embed the new items in one batch, and when
     an LLM is configured, ask it once about the grey-zone pairs the rules left open;
  3. in one write transaction: bump the namespace version (on Postgres that row lock also
     serialises writers of one namespace), plan every item against the current matrix of
     the namespace's embeddings, insert with ON CONFLICT DO NOTHING on the unique
     (namespace, content_hash) index, add edges, commit.
Every item ends stored, skipped (with the id it duplicates) or failed (with a reason).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

from sqlalchemy import case, delete, func, or_, select

from iris.errors import InputError
from iris.store import erase, migrations, queue, workers
from iris.store.dedup import DEFAULT_LINKS, Deduper, Prepared, prepare
from iris.store.engine import (
    RECORD_COLUMNS,
    Database,
    bump,
    check_namespace,
    count,
    erase_namespace,
    record,
    records,
    rows,
    superseded_by,
    version,
)
from iris.store.matrix import MatrixCache
from iris.store.models import EDGE, MEMORY, Memory, MemoryEdge, QueuedItem
from iris.store.recall import Recaller
from iris.store.search import Ranker, forget_cached_words
from iris.types import (
    PLAIN_ASK,
    Asked,
    EraseResult,
    ForgetResult,
    ItemOutcome,
    LinkOptions,
    MemoryItem,
    MemoryRecord,
    StoreResult,
)

if TYPE_CHECKING:
    from iris.config import Settings
    from iris.embed import Embedder
    from iris.llm import LLMClient
    from iris.store.importer import ImportLine


class MemoryStore:
    """Per-user (namespace) long-term memories on any SQLAlchemy database.

    `embedder` None: exact de-duplication and lexical search only. `llm` None: the offline
    verifier alone decides. Thread-safe; one instance per process is enough, and several
    processes may share a database (the unique index and the namespace version row keep
    them consistent). Opening a store upgrades an older database's schema in place."""

    def __init__(self, settings: Settings, embedder: Embedder | None = None,
                 llm: LLMClient | None = None):
        self.settings = settings
        self.embedder = embedder
        self.llm = llm
        self.url = settings.database_url
        self.db = Database(self.url)
        self.engine = self.db.engine
        self._matrices = MatrixCache(embedder, settings.cached_namespaces)
        self._dedup = Deduper(settings, embedder, llm, self._matrices)
        self._ranker = Ranker(settings, embedder, self._matrices)
        self._recaller = Recaller(settings, embedder, self._matrices)
        self._worker: queue.Worker | None = None
        self._worker_lock = threading.Lock()
        self._alive = (-float("inf"), False)  # (when, whether) a worker was last seen alive
        migrations.migrate(self.db)
        self.db.watch()

    # --- reading -------------------------------------------------------------------------

    def list_memories(self, namespace: str, *, query: str | None = None, limit: int = 20,
                      type: str | None = None, category: str | None = None) -> list[MemoryRecord]:
        """The namespace's memories: ranked by relevance to `query`, else newest first
        (superseded ones last)."""
        check_namespace(namespace)
        if limit < 1:
            return []
        with self.db.errors("list"), self.db.connect() as conn:
            if query and query.strip():
                return self._ranker.search(conn, namespace, query, limit, type, category)
            superseded = superseded_by(conn, namespace)
            stmt = select(*RECORD_COLUMNS).where(MEMORY.c.namespace == namespace)
            if type:
                stmt = stmt.where(MEMORY.c.type == type)
            if category:
                stmt = stmt.where(MEMORY.c.category == category.strip().lower())
            stmt = stmt.order_by(case((MEMORY.c.id.in_(list(superseded)), 1), else_=0),
                                 MEMORY.c.id.desc()).limit(limit)
            return [record(row, superseded_by=superseded.get(row.id)) for row in rows(conn, stmt)]

    def page(self, namespace: str, *, limit: int = 20, before: int | None = None,
             type: str | None = None, category: str | None = None) -> list[MemoryRecord]:
        """Newest first, `limit` memories with ids below `before` (of one type / category
        when given): keyset paging, so a page neither repeats nor skips a memory when others
        are stored in between."""
        check_namespace(namespace)
        stmt = select(*RECORD_COLUMNS).where(MEMORY.c.namespace == namespace)
        if before is not None:
            stmt = stmt.where(MEMORY.c.id < before)
        if type:
            stmt = stmt.where(MEMORY.c.type == type)
        if category:
            stmt = stmt.where(MEMORY.c.category == category.strip().lower())
        with self.db.errors("list"), self.db.connect() as conn:
            found = rows(conn, stmt.order_by(MEMORY.c.id.desc()).limit(max(limit, 0)))
            superseded = superseded_by(conn, namespace, [r.id for r in found])
            return [record(r, superseded_by=superseded.get(r.id)) for r in found]

    def ping(self) -> None:
        """StoreError unless the database answers."""
        with self.db.errors("ping"), self.db.connect() as conn:
            conn.exec_driver_sql("SELECT 1")

    def recall(self, namespace: str, query: str, *, k: int = 10) -> list[MemoryRecord]:
        """The k memories that best answer or inform `query`, best first (see recall.py)."""
        check_namespace(namespace)
        if k < 1 or not query.strip():
            return []
        with self.db.errors("recall"), self.db.connect() as conn:
            return self._recaller.recall(conn, namespace, query, k)

    def get(self, namespace: str, id: int) -> MemoryRecord | None:
        if not _storable_id(id):
            return None  # no row can have it (SQLite and Postgres ids are 64-bit)
        with self.db.errors("get"), self.db.connect() as conn:
            found = rows(conn, select(*RECORD_COLUMNS).where(MEMORY.c.namespace == namespace,
                                                             MEMORY.c.id == id))
            if not found:
                return None
            return record(found[0], superseded_by=superseded_by(conn, namespace, [id]).get(id))

    def get_many(self, namespace: str, ids: list[int]) -> list[MemoryRecord]:
        """The namespace's memories with these ids, in that order (missing ones left out)."""
        with self.db.errors("get"), self.db.connect() as conn:
            return records(conn, namespace, [(i, 0.0) for i in ids]) if ids else []

    def count(self, namespace: str) -> int:
        with self.db.errors("count"), self.db.connect() as conn:
            return count(conn, namespace)

    def export(self, namespace: str) -> list[MemoryRecord]:
        with self.db.errors("export"), self.db.connect() as conn:
            superseded = superseded_by(conn, namespace)
            found = rows(conn, select(*RECORD_COLUMNS).where(MEMORY.c.namespace == namespace)
                         .order_by(MEMORY.c.id))
            return [record(r, superseded_by=superseded.get(r.id)) for r in found]

    def edges(self, namespace: str, id: int | None = None, *,
              ids: Collection[int] | None = None) -> list[tuple[int, int, str, float]]:
        """(src, dst, kind, score) rows, all of the namespace or those touching one memory
        (`id`) or any of several (`ids`)."""
        stmt = select(EDGE.c.src, EDGE.c.dst, EDGE.c.kind, EDGE.c.score).where(
            EDGE.c.namespace == namespace)
        if id is not None:
            stmt = stmt.where(or_(EDGE.c.src == id, EDGE.c.dst == id))
        if ids is not None:
            stmt = stmt.where(or_(EDGE.c.src.in_(list(ids)), EDGE.c.dst.in_(list(ids))))
        with self.db.errors("edges"), self.db.connect() as conn:
            return [(r.src, r.dst, r.kind, r.score) for r in conn.execute(stmt.order_by(EDGE.c.id))]

    def namespaces(self, prefix: str = "", *, after: str | None = None,
                   limit: int = 100) -> list[tuple[str, int]]:
        """(namespace, memory count) of the namespaces that start with `prefix` and hold a
        memory, in name order, `limit` of them after `after` (keyset paging)."""
        stmt = select(MEMORY.c.namespace, func.count()).group_by(MEMORY.c.namespace)
        if prefix:
            # Not LIKE: a tenant name may hold `_`, which LIKE reads as a wildcard.
            stmt = stmt.where(func.substr(MEMORY.c.namespace, 1, len(prefix)) == prefix)
        if after is not None:
            stmt = stmt.where(MEMORY.c.namespace > after)
        with self.db.errors("namespaces"), self.db.connect() as conn:
            return [(r[0], r[1]) for r in conn.execute(
                stmt.order_by(MEMORY.c.namespace).limit(max(limit, 0)))]

    def facets(self, namespace: str) -> dict[str, dict[str, int]]:
        """How many of the namespace's memories have each type and each category."""
        found: dict[str, dict[str, int]] = {}
        with self.db.errors("facets"), self.db.connect() as conn:
            for name, column in (("type", MEMORY.c.type), ("category", MEMORY.c.category)):
                found[name] = {r[0]: r[1] for r in conn.execute(
                    select(column, func.count()).where(MEMORY.c.namespace == namespace)
                    .group_by(column).order_by(column))}
        return found

    # --- writing -------------------------------------------------------------------------

    def store(self, namespace: str, items: list[MemoryItem], *, wait: bool = True,
              links: LinkOptions = DEFAULT_LINKS) -> StoreResult:
        """`links`: how the new memories get edges (the memory_store tool's options);
        queued items keep them until the worker stores them."""
        check_namespace(namespace)
        if not items:
            return StoreResult()
        prepared = [prepare(i, item, links=links) for i, item in enumerate(items)]
        if not wait:
            return queue.enqueue(self.db, namespace, prepared)
        warnings: list[str] = []
        with self.db.errors("store"):
            outcomes = self._store_batch(namespace, prepared, warnings=warnings)
        return StoreResult(outcomes=outcomes, warnings=warnings)

    def import_memories(self, namespace: str, lines: list[ImportLine], *,
                        dedup: bool = False, batch: int = 500) -> StoreResult:
        """Store many memories, each with its own `created_at` (None: now) and metadata, in
        transactions of `batch` lines; embeddings are computed a batch at a time. Exact
        duplicates are always skipped; `dedup` also applies semantic de-duplication."""
        check_namespace(namespace)
        outcomes: list[ItemOutcome] = []
        warnings: list[str] = []
        with self.db.errors("import"):
            for start in range(0, len(lines), batch):
                prepared = [prepare(i, line.item, created_at=line.created_at, semantic=dedup)
                            for i, line in enumerate(lines[start:start + batch], start)]
                outcomes += self._store_batch(namespace, prepared, warnings=warnings)
        return StoreResult(outcomes=outcomes, warnings=warnings)

    def _store_batch(self, namespace: str, prepared: list[Prepared],
                     queue_rows: list[QueuedItem] | None = None,
                     warnings: list[str] | None = None) -> list[ItemOutcome]:
        """`warnings` collects what went wrong without failing the store (an LLM judge
        that did not answer), so the caller can report it instead of it being hidden."""
        problem = self._dedup.warm(self.db, namespace, prepared)
        if problem and warnings is not None:
            warnings.append(problem)
        with self.db.write() as conn:
            if queue_rows is not None:
                keep = queue.claim(conn, queue_rows, self.db.postgres)
                queue_rows = [queue_rows[i] for i in keep]
                prepared = [prepared[i] for i in keep]
                if not prepared:
                    return []
            version = bump(conn, namespace)
            matrix = self._matrices.get(conn, namespace, version - 1)
            plans = self._dedup.plan(conn, namespace, prepared, matrix)
            outcomes, new_rows = self._dedup.apply(conn, namespace, prepared, plans)
            for row, outcome in zip(queue_rows or [], outcomes, strict=False):
                queue.mark_done(conn, row.id, outcome)
        superseded = {o_id: o.id for o in outcomes for kind, o_id in o.relations
                      if kind == "supersedes" and o.id is not None}
        self._matrices.after_write(namespace, version, matrix, new_rows, superseded)
        return outcomes

    def forget(self, namespace: str, *, id: int | None = None,
               query: str | None = None, asked: Asked = PLAIN_ASK) -> ForgetResult:
        """Delete one memory, by id or by the best match for a description, and its text
        everywhere it was kept (edges, finished queue rows, caches). When two memories
        match a description about equally well, nothing is deleted: the result is
        `ambiguous` with the candidates, so the user can say which one. `asked`: how the
        request put the description (iris.types.Asked: literal, general, broad, stated)."""
        check_namespace(namespace)
        if id is None and not (query and query.strip()):
            raise InputError("forget needs an id or a query")
        if id is not None and not _storable_id(id):
            return ForgetResult(status="not_found")
        with self.db.errors("forget"):
            if id is None:
                with self.db.connect() as conn:
                    found = self._ranker.forget_target(conn, namespace, query or "", asked)
                if isinstance(found, ForgetResult):
                    return found
                id = found
            with self.db.write() as conn:
                hit = rows(conn, select(*RECORD_COLUMNS).where(MEMORY.c.namespace == namespace,
                                                               MEMORY.c.id == id))
                if not hit:
                    return ForgetResult(status="not_found")
                bump(conn, namespace)
                conn.execute(delete(MemoryEdge).where(EDGE.c.namespace == namespace, or_(
                    EDGE.c.src == id, EDGE.c.dst == id)))
                conn.execute(delete(Memory).where(MEMORY.c.id == id))
                queue.scrub(conn, namespace, id, hit[0].content)
            self._forget_cached(namespace, {hit[0].content})
            return ForgetResult(status="forgotten", forgotten=[record(hit[0])], count=1)

    def forget_all(self, namespace: str, *, confirm: bool = False) -> ForgetResult:
        """Delete every memory of a namespace, in two steps. Without `confirm` (or when no
        fresh request is pending) nothing is deleted: the request is recorded in the
        database and the result is `confirm_required` with the count. With `confirm`, a
        pending request made within `erase.CONFIRM_SECONDS` with nothing stored or
        forgotten since is carried out by `erase`."""
        check_namespace(namespace)
        with self.db.errors("forget all"), self.db.write() as conn:
            current, n = version(conn, namespace), erase.count(conn, namespace)
            if not n:
                erase.cancel(conn, namespace)
                return ForgetResult(status="forgotten", count=0)
            if not (confirm and erase.take(conn, namespace, current)):
                erase.ask(conn, namespace, current, n)
                return ForgetResult(status="confirm_required", count=n)
        return ForgetResult(status="forgotten", count=self.erase(namespace).memories)

    def erase(self, namespace: str) -> EraseResult:
        """Delete ALL of a namespace's data: memories, edges, queued items (pending too),
        its version row, and what this process caches about it. Returns the counts."""
        check_namespace(namespace)
        with self.db.errors("erase"), self.db.write() as conn:
            texts = set(conn.execute(select(MEMORY.c.content).where(
                MEMORY.c.namespace == namespace)).scalars())
            erased = erase_namespace(conn, namespace)
        self._forget_cached(namespace, texts)
        return EraseResult(memories=erased.memories, edges=erased.edges, queued=erased.queued,
                           namespaces=erased.namespaces)

    def _forget_cached(self, namespace: str, texts: set[str]) -> None:
        self._matrices.drop(namespace)
        self._recaller.drop(namespace)
        self._dedup.forget_texts(texts)
        forget_cached_words(texts)
        self._ranker.forget_texts(texts)
        discard = getattr(self.embedder, "forget", None)  # the embedder's text->vector cache
        if discard is not None:
            discard(texts)

    # --- the queue -----------------------------------------------------------------------

    def queue_status(self, namespace: str, queue_id: str) -> StoreResult:
        """The outcomes of one of the namespace's queued stores so far: `queued` for items
        not yet processed. Another namespace's queue id shows no outcomes."""
        check_namespace(namespace)
        return queue.status(self.db, namespace, queue_id)

    def pending(self) -> int:
        return queue.pending(self.db)

    def process_queue(self, limit: int | None = None) -> int:
        """Store up to `limit` queued items (all pending when None); returns how many.
        Each batch is stored and marked done in one transaction, so a worker killed
        half-way leaves its batch pending for the next one."""
        done = 0
        batch = self.settings.queue_batch
        while limit is None or done < limit:
            size = batch if limit is None else min(batch, limit - done)
            with self.db.errors("process queue"):
                head, prepared, queue_rows, failed = queue.next_batch(self.db, size)
                stored = self._store_batch(head, prepared, queue_rows) if head and prepared else []
            # Rows another worker holds are left to it; 0 ends the loop.
            if not failed + len(stored):
                break
            done += failed + len(stored)
        return done

    def start_worker_thread(self, interval: float = 0.2) -> threading.Thread:
        """Process the queue in a background thread of this process until `close()`."""
        with self._worker_lock:
            if self._worker is None or not self._worker.thread.is_alive():
                self._worker = queue.Worker(lambda n: self.process_queue(limit=n),
                                            self.settings.queue_batch, interval,
                                            self._heartbeat())
            return self._worker.thread

    def run_worker(self, stop: threading.Event, interval: float = 0.5,
                   report: Callable[[int], None] | None = None) -> None:
        """Process the queue in this thread until `stop` is set (`iris worker`), with a
        heartbeat row that tells `worker_alive()` callers a worker is running."""
        queue.work(lambda n: self.process_queue(limit=n), self.settings.queue_batch, interval,
                   self._heartbeat(), stop, report)

    def _heartbeat(self) -> workers.Heartbeat:
        beat = workers.Heartbeat(self.db, self.settings.worker_stale_seconds)
        beat.beat(force=True)  # alive from the start, before the first batch
        return beat

    def worker_alive(self) -> bool:
        """Whether a queue worker refreshed its heartbeat within `worker_stale_seconds`
        (as seen at most `worker_check_seconds` ago)."""
        now = time.monotonic()
        checked_at, alive = self._alive
        if now - checked_at >= self.settings.worker_check_seconds:
            alive = workers.live(self.db, self.settings.worker_stale_seconds) > 0
            self._alive = (now, alive)
        return alive

    def close(self) -> None:
        with self._worker_lock:
            if self._worker is not None:
                self._worker.stop()
                self._worker = None
        self.db.dispose()

    def __enter__(self) -> MemoryStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _storable_id(id: int) -> bool:
    """Can a memory have this id? Ids are positive 64-bit integers; a larger one overflows the
    database driver (an HTTP client's /memories/183971816190310285312 gave a 500)."""
    return 0 < id < 2**63
