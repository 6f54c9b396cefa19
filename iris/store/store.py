"""MemoryStore: per-user memories with exact and semantic de-duplication, relationship
edges, ranked recall, forgetting and a durable queue.

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

import logging
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from types import SimpleNamespace
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

import numpy as np
from sqlalchemy import case, delete, event, func, or_, select, text, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError, ProgrammingError, SQLAlchemyError
from sqlmodel import SQLModel, create_engine

from iris.errors import InputError, LLMError, StoreError
from iris import text as english
from iris.store import erase, forget, verifier
from iris.store.models import (Memory, MemoryEdge, NamespaceVersion, PendingConfirmation,
                               QueuedItem, utcnow)
from iris.store.normalize import content_hash, normalize
from iris.types import ForgetResult, ItemOutcome, MemoryItem, MemoryRecord, StoreResult

if TYPE_CHECKING:
    from iris.config import Settings
    from iris.embed import Embedder

log = logging.getLogger(__name__)

_M = Memory.__table__
_RECORD_COLUMNS = [c for c in _M.c if c.name != "embedding"]  # blobs stay in the database
_Q = QueuedItem.__table__
_TABLES = [Memory.__table__, MemoryEdge.__table__, QueuedItem.__table__,
           NamespaceVersion.__table__, PendingConfirmation.__table__]
# Below this cosine a pair is not worth a contradiction or supersedes edge (MiniLM puts
# "I live in Berlin" / "I moved to Paris" at 0.47; unrelated facts sit around 0.0-0.3).
_LINK_FLOOR = 0.4
_CANDIDATES = 10  # nearest memories the verifier looks at per item
_MAX_LLM_PAIRS = 25  # grey-zone pairs per LLM call
_BATCH = 25  # queued items a worker stores per transaction
_SHORTLIST = 100  # nearest memories a query scores lexically (Python) after the cosine pass
_CACHED_NAMESPACES = 64  # embedding matrices kept in memory, least recently used dropped


_VERSION_SQL = text(f"SELECT version FROM {NamespaceVersion.__tablename__} WHERE namespace = :ns")


@dataclass
class _Prepared:
    index: int
    item: MemoryItem
    normalized: str
    hash: str


@dataclass
class _Plan:
    action: str  # store | skip | fail
    duplicate_of: int | None = None  # an existing id ...
    duplicate_of_batch: int | None = None  # ... or the index of an earlier item in the batch
    reason: str | None = None
    vector: np.ndarray | None = None
    stored_at: datetime | None = None
    edges: list[tuple[str, int | None, int | None, float]] = field(default_factory=list)
    # (kind, existing id or None, batch index or None, score)


@dataclass
class _Matrix:
    """A namespace's memories held in memory for search; valid while `version` matches."""

    namespace: str
    version: int
    ids: np.ndarray
    vectors: np.ndarray
    contents: list[str]
    importance: np.ndarray
    created: np.ndarray  # epoch seconds
    types: list[str]
    categories: list[str]
    metas: list[dict[str, Any]]
    stamps: list[tuple[str, str]]  # (created_at, updated_at) as ISO strings
    superseded: dict[int, int]  # old memory id -> the id of the memory that replaced it

    def record(self, j: int, score: float | None = None) -> MemoryRecord:
        """Search results come from here, not from another query: the version check
        already proved the matrix current."""
        mem_id = int(self.ids[j])
        return MemoryRecord(
            id=mem_id, namespace=self.namespace, content=self.contents[j], type=self.types[j],
            category=self.categories[j], importance=float(self.importance[j]),
            metadata=self.metas[j], created_at=self.stamps[j][0], updated_at=self.stamps[j][1],
            score=score, superseded_by=self.superseded.get(mem_id))


class MemoryStore:
    """Per-user (namespace) long-term memories on any SQLAlchemy database.

    `embedder` None: exact de-duplication and lexical search only. `llm` (anything with
    `.complete(messages, json_mode=True)`) None: the offline verifier alone decides.
    Thread-safe; one instance per process is enough, and several processes may share a
    database (the unique index and the namespace version row keep them consistent)."""

    def __init__(self, settings: "Settings", embedder: "Embedder | None" = None,
                 llm: Any = None):
        self.settings = settings
        self.embedder = embedder
        self.llm = llm
        self.url = settings.database_url
        self.engine = _make_engine(self.url)
        self._postgres = self.engine.dialect.name == "postgresql"
        self._matrices: OrderedDict[str, _Matrix] = OrderedDict()
        self._lock = threading.RLock()
        self._verdicts: dict[tuple[str, str], str] = {}  # LLM answers, by (new, existing)
        self._worker: threading.Thread | None = None
        self._stop = threading.Event()
        self._create_tables()

    # --- public interface ------------------------------------------------------------

    def store(self, namespace: str, items: list[MemoryItem], *, wait: bool = True) -> StoreResult:
        _check_namespace(namespace)
        if not items:
            return StoreResult()
        prepared = [_prepare(i, item) for i, item in enumerate(items)]
        if not wait:
            return self._enqueue(namespace, prepared)
        warnings: list[str] = []
        with _db_errors("store"):
            outcomes = self._store_batch(namespace, prepared, warnings=warnings)
        return StoreResult(outcomes=outcomes, warnings=warnings)

    def list(self, namespace: str, *, query: str | None = None, limit: int = 20,
             type: str | None = None, category: str | None = None) -> list[MemoryRecord]:
        _check_namespace(namespace)
        if limit < 1:
            return []
        with _db_errors("list"), self.engine.connect() as conn:
            if query and query.strip():
                return self._search(conn, namespace, query, limit, type, category)
            superseded = self._superseded_by(conn, namespace)
            stmt = select(*_RECORD_COLUMNS).where(Memory.namespace == namespace)
            if type:
                stmt = stmt.where(Memory.type == type)
            if category:
                stmt = stmt.where(Memory.category == category.strip().lower())
            stmt = stmt.order_by(case((Memory.id.in_(list(superseded)), 1), else_=0),
                                 Memory.id.desc()).limit(limit)
            return [_record(row, superseded_by=superseded.get(row.id))
                    for row in _rows(conn, stmt)]

    def get(self, namespace: str, id: int) -> MemoryRecord | None:
        with _db_errors("get"), self.engine.connect() as conn:
            rows = _rows(conn, select(*_RECORD_COLUMNS).where(Memory.namespace == namespace,
                                                    Memory.id == id))
            if not rows:
                return None
            return _record(rows[0], superseded_by=self._superseded_by(conn, namespace, [id]).get(id))

    def count(self, namespace: str) -> int:
        with _db_errors("count"), self.engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(Memory)
                                .where(Memory.namespace == namespace)).scalar_one()

    def export(self, namespace: str) -> list[MemoryRecord]:
        with _db_errors("export"), self.engine.connect() as conn:
            superseded = self._superseded_by(conn, namespace)
            rows = _rows(conn, select(*_RECORD_COLUMNS).where(Memory.namespace == namespace)
                         .order_by(Memory.id))
            return [_record(r, superseded_by=superseded.get(r.id)) for r in rows]

    def edges(self, namespace: str, id: int | None = None) -> list[tuple[int, int, str, float]]:
        """(src, dst, kind, score) rows, all of the namespace or those touching one memory."""
        stmt = select(MemoryEdge.src, MemoryEdge.dst, MemoryEdge.kind, MemoryEdge.score).where(
            MemoryEdge.namespace == namespace)
        if id is not None:
            stmt = stmt.where(or_(MemoryEdge.src == id, MemoryEdge.dst == id))
        with _db_errors("edges"), self.engine.connect() as conn:
            return [tuple(r) for r in conn.execute(stmt.order_by(MemoryEdge.id))]

    def forget(self, namespace: str, *, id: int | None = None,
               query: str | None = None) -> ForgetResult:
        """Delete one memory, by id or by the best match for a description. When two
        memories match a description about equally well, nothing is deleted: the result
        is `ambiguous` with the candidates, so the user can say which one."""
        _check_namespace(namespace)
        if id is None and not (query and query.strip()):
            raise InputError("forget needs an id or a query")
        with _db_errors("forget"):
            if id is None:
                found = self._forget_target(namespace, query or "")
                if isinstance(found, ForgetResult):
                    return found
                id = found
            with self._write() as conn:
                rows = _rows(conn, select(*_RECORD_COLUMNS).where(Memory.namespace == namespace,
                                                        Memory.id == id))
                if not rows:
                    return ForgetResult(status="not_found")
                self._bump(conn, namespace)
                conn.execute(delete(MemoryEdge).where(or_(MemoryEdge.src == id,
                                                          MemoryEdge.dst == id)))
                conn.execute(delete(Memory).where(Memory.id == id))
            with self._lock:
                self._matrices.pop(namespace, None)
            return ForgetResult(status="forgotten", forgotten=[_record(rows[0])], count=1)

    def forget_all(self, namespace: str, *, confirm: bool = False) -> ForgetResult:
        """Delete every memory of a namespace, in two steps. Without `confirm` (or when no
        fresh request is pending) nothing is deleted: the request is recorded in the
        database and the result is `confirm_required` with the count. With `confirm`, a
        pending request made within `erase.CONFIRM_SECONDS` and with nothing stored or
        forgotten since is carried out: memories, their edges and queued items go."""
        _check_namespace(namespace)
        with _db_errors("forget all"), self._write() as conn:
            version, count = self._version(conn, namespace), erase.count(conn, namespace)
            if not count:
                erase.cancel(conn, namespace)
                return ForgetResult(status="forgotten", count=0)
            if not (confirm and erase.take(conn, namespace, version)):
                erase.ask(conn, namespace, version, count)
                return ForgetResult(status="confirm_required", count=count)
            self._bump(conn, namespace)
            deleted = erase.delete_namespace(conn, namespace)
        with self._lock:
            self._matrices.pop(namespace, None)
        return ForgetResult(status="forgotten", count=deleted)

    def queue_status(self, queue_id: str) -> StoreResult:
        """The outcomes of a queued store so far: `queued` for items not yet processed."""
        with _db_errors("queue status"), self.engine.connect() as conn:
            rows = _rows(conn, select(_Q).where(QueuedItem.queue_id == queue_id)
                         .order_by(QueuedItem.position), QueuedItem)
        outcomes = [ItemOutcome(**row.outcome) if row.outcome else
                    ItemOutcome(status="queued", content=row.item["content"]) for row in rows]
        return StoreResult(outcomes=outcomes, queue_id=queue_id)

    def pending(self) -> int:
        with _db_errors("queue"), self.engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(QueuedItem)
                                .where(QueuedItem.status == "pending")).scalar_one()

    def process_queue(self, limit: int | None = None) -> int:
        """Store up to `limit` queued items (all pending when None); returns how many.
        Each batch is stored and marked done in one transaction, so a worker killed
        half-way leaves its batch pending for the next one."""
        done = 0
        while limit is None or done < limit:
            size = _BATCH if limit is None else min(_BATCH, limit - done)
            with _db_errors("process queue"):
                n = self._process_batch(size)
            if not n:
                break
            done += n
        return done

    def start_worker_thread(self, interval: float = 0.2) -> threading.Thread:
        """Process the queue in a background thread of this process until `close()`."""
        if self._worker and self._worker.is_alive():
            return self._worker
        self._stop.clear()

        def run() -> None:
            while not self._stop.is_set():
                try:
                    if not self.process_queue(limit=_BATCH):
                        self._stop.wait(interval)
                except StoreError:  # logged, retried on the next tick: the items stay queued
                    log.exception("queue worker: batch failed, will retry")
                    self._stop.wait(interval)

        self._worker = threading.Thread(target=run, name="iris-store-worker", daemon=True)
        self._worker.start()
        return self._worker

    def close(self) -> None:
        self._stop.set()
        if self._worker:
            self._worker.join(timeout=30)
            self._worker = None
        self.engine.dispose()

    def __enter__(self) -> "MemoryStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- storing -----------------------------------------------------------------------

    def _store_batch(self, namespace: str, prepared: list[_Prepared],
                     queue_rows: list[QueuedItem] | None = None,
                     warnings: list[str] | None = None) -> list[ItemOutcome]:
        """`warnings` collects what went wrong without failing the store (an LLM judge
        that did not answer), so the caller can report it instead of it being hidden."""
        problem = self._warm(namespace, prepared)
        if problem and warnings is not None:
            warnings.append(problem)
        with self._write() as conn:
            if queue_rows is not None:
                # Claim the rows; a concurrent worker on Postgres skips them.
                claim = select(QueuedItem.id).where(
                    QueuedItem.id.in_([r.id for r in queue_rows]),
                    QueuedItem.status == "pending").order_by(QueuedItem.id)
                if self._postgres:
                    claim = claim.with_for_update(skip_locked=True)
                claimed = set(conn.execute(claim).scalars())
                keep = [i for i, r in enumerate(queue_rows) if r.id in claimed]
                queue_rows = [queue_rows[i] for i in keep]
                prepared = [prepared[i] for i in keep]
                if not prepared:
                    return []
            version = self._bump(conn, namespace)
            matrix = self._matrix(conn, namespace, version - 1)
            plans = self._plan(conn, namespace, prepared, matrix)
            outcomes, new_rows = self._apply(conn, namespace, prepared, plans)
            if queue_rows is not None:
                for row, outcome in zip(queue_rows, outcomes):
                    self._mark_done(row.id, outcome, conn)
        superseded = {o_id: o.id for o in outcomes for kind, o_id in o.relations
                      if kind == "supersedes"}
        self._cache_after_write(namespace, version, matrix, new_rows, superseded)
        return outcomes

    def _warm(self, namespace: str, prepared: list[_Prepared]) -> str | None:
        """Slow work outside the write lock: embed new items, ask the LLM about grey pairs.
        The transaction then finds both in the caches."""
        if self.embedder is None:
            return None
        with self.engine.connect() as conn:
            existing = self._existing(conn, namespace, [p.hash for p in prepared])
            fresh = [p for p in _first_per_hash(prepared) if p.hash not in existing]
            if not fresh:
                return None
            self._embed([p.item.content for p in fresh])
            if self.llm is None:
                return None
            matrix = self._matrix(conn, namespace, self._version(conn, namespace))
        pairs: list[verifier.Pair] = []
        self._plan(None, namespace, fresh, matrix, grey=pairs)
        pairs = [p for p in dict.fromkeys(pairs)
                 if (p.new, p.existing) not in self._verdicts][:_MAX_LLM_PAIRS]
        return self._ask_llm(pairs) if pairs else None

    def _ask_llm(self, pairs: list[verifier.Pair]) -> str | None:
        """Record the LLM's verdicts; on failure return why (the offline verdicts stand)."""
        try:
            response = self.llm.complete(verifier.llm_messages(pairs), json_mode=True)
            judged = verifier.parse_judgments(getattr(response, "content", None), len(pairs))
        except (LLMError, ValueError) as exc:
            # The offline verdict stands: the worst case is a kept near-duplicate.
            log.warning("LLM de-duplication judge failed, using offline rules: %s", exc)
            return f"de-duplication judge failed, offline rules used: {type(exc).__name__}: {exc}"
        if len(self._verdicts) > 10_000:  # only needed until the store call that asked ends
            self._verdicts.clear()
        for index, relation in judged.items():
            self._verdicts[(pairs[index].new, pairs[index].existing)] = relation
        return None

    def _plan(self, conn: Connection | None, namespace: str, prepared: list[_Prepared],
              matrix: _Matrix, grey: list[verifier.Pair] | None = None) -> list[_Plan]:
        """Decide each item's fate against the namespace and the earlier items of the batch.
        With `grey`, only collect the pairs an LLM should judge."""
        existing = self._existing(conn, namespace, [p.hash for p in prepared]) if conn else {}
        first: dict[str, int] = {}
        plans: list[_Plan] = []
        batch_vectors: list[tuple[int, np.ndarray, str]] = []  # stored-to-be batch items
        fresh = [p for p in _first_per_hash(prepared) if p.hash not in existing]
        vectors: dict[str, np.ndarray] = {}
        if self.embedder is not None and fresh:
            vectors = dict(zip((p.hash for p in fresh), self._embed([p.item.content for p in fresh])))
        column = {h: c for c, h in enumerate(vectors)}
        all_sims = (_similarities(matrix.vectors, np.stack(list(vectors.values())).T)
                    if vectors and len(matrix.ids) else None)  # one product for the batch
        s = self.settings
        for pos, p in enumerate(prepared):
            if p.hash in existing:
                plans.append(_Plan("skip", duplicate_of=existing[p.hash], reason="exact duplicate"))
                continue
            if p.hash in first:
                plans.append(_Plan("skip", duplicate_of_batch=first[p.hash],
                                   reason="exact duplicate"))
                continue
            first[p.hash] = pos
            plan = _Plan("store", vector=vectors.get(p.hash))
            plans.append(plan)
            if plan.vector is None:
                continue
            vector = plan.vector
            candidates: list[tuple[float, int | None, int | None, str]] = []
            if all_sims is not None:
                sims = all_sims[:, column[p.hash]]
                top = _top(sims, _CANDIDATES, _LINK_FLOOR)
                candidates += [(float(sims[j]), int(matrix.ids[j]), None, matrix.contents[j])
                               for j in top]
            for b_pos, b_vector, b_content in batch_vectors:
                sim = float(b_vector @ vector)
                if sim >= _LINK_FLOOR:
                    candidates.append((sim, None, b_pos, b_content))
            candidates.sort(key=lambda c: -c[0])
            links: list[tuple[str, int | None, int | None, float]] = []
            for sim, mem_id, b_pos, other in candidates[:_CANDIDATES]:
                verdict = verifier.verify(p.item.content, other)
                kind = verdict.kind
                judged_by_llm = False
                if not verdict.hard and sim >= s.relates_to_threshold:
                    llm_kind = self._verdicts.get((p.item.content, other))
                    if llm_kind:
                        kind, judged_by_llm = llm_kind, True
                    elif grey is not None and self.llm is not None:
                        grey.append(verifier.Pair(p.item.content, other))
                threshold = s.relates_to_threshold if judged_by_llm else s.dedup_candidate_threshold
                if kind == "duplicate" and sim >= threshold:
                    how = ", judged by LLM" if judged_by_llm else ""
                    plan.action, plan.reason = "skip", f"semantic duplicate (cos {sim:.2f}{how})"
                    plan.duplicate_of, plan.duplicate_of_batch = mem_id, b_pos
                    break
                if kind in ("contradicts", "supersedes"):
                    links.append((kind, mem_id, b_pos, sim))
                elif sim >= s.relates_to_threshold:
                    links.append(("relates_to", mem_id, b_pos, sim))
            if plan.action == "store":
                related = [link for link in links if link[0] == "relates_to"][: s.max_links]
                plan.edges = [link for link in links if link[0] != "relates_to"] + related
                batch_vectors.append((pos, vector, p.item.content))
        return plans

    def _apply(self, conn: Connection, namespace: str, prepared: list[_Prepared],
               plans: list[_Plan]) -> tuple[list[ItemOutcome], list[tuple[int, _Prepared, _Plan]]]:
        ids: dict[int, int] = {}  # batch position -> the memory id it ended as (stored or dup)
        outcomes: list[ItemOutcome] = []
        new_rows: list[tuple[int, _Prepared, _Plan]] = []
        now = utcnow()
        for pos, (p, plan) in enumerate(zip(prepared, plans)):
            content = p.item.content
            if plan.action == "skip":
                dup = plan.duplicate_of if plan.duplicate_of is not None else ids.get(
                    plan.duplicate_of_batch)  # type: ignore[arg-type]
                if dup is None:  # the earlier batch item failed: this one gets its own try
                    plan = _Plan("store", vector=plan.vector)
                else:
                    ids[pos] = dup
                    outcomes.append(ItemOutcome(status="skipped", content=content,
                                                duplicate_of=dup, reason=plan.reason))
                    continue
            values = dict(
                namespace=namespace, content=content, normalized=p.normalized,
                content_hash=p.hash, type=p.item.type, category=p.item.category,
                importance=p.item.importance, metadata=p.item.metadata,
                embedding=plan.vector.astype(np.float32).tobytes() if plan.vector is not None else None,
                embed_model=self.embedder.name if self.embedder else None,
                created_at=now, updated_at=now)
            try:
                with conn.begin_nested():
                    new_id = conn.execute(
                        _insert_ignore(self.engine, Memory.__table__).values(**values)
                        .returning(Memory.__table__.c.id)).scalar()
            except (IntegrityError, DBAPIError) as exc:
                if isinstance(exc, OperationalError):
                    raise  # the database is unusable (locked, gone): the whole call fails
                outcomes.append(ItemOutcome(status="failed", content=content,
                                            reason=f"database refused it: {_short(exc)}"))
                continue
            if new_id is None:
                # Another writer stored the same fact since we looked: the unique index won.
                dup = self._existing(conn, namespace, [p.hash])[p.hash]
                ids[pos] = dup
                outcomes.append(ItemOutcome(status="skipped", content=content,
                                            duplicate_of=dup, reason="exact duplicate"))
                continue
            ids[pos] = new_id
            plan.stored_at = now
            new_rows.append((new_id, p, plan))
            relations = []
            for kind, mem_id, b_pos, score in plan.edges:
                target = mem_id if mem_id is not None else ids.get(b_pos)  # type: ignore[arg-type]
                if target is None or target == new_id or (kind, target) in relations:
                    continue
                conn.execute(_insert_ignore(self.engine, MemoryEdge.__table__).values(
                    namespace=namespace, src=new_id, dst=target, kind=kind,
                    score=round(score, 4), created_at=now))
                relations.append((kind, target))
            outcomes.append(ItemOutcome(status="stored", content=content, id=new_id,
                                        relations=relations))
        return outcomes, new_rows

    # --- the queue ---------------------------------------------------------------------

    def _enqueue(self, namespace: str, prepared: list[_Prepared]) -> StoreResult:
        """The fast path: exact check, then a durable queue row per new item."""
        queue_id = uuid.uuid4().hex[:16]
        outcomes: list[ItemOutcome] = []
        with _db_errors("queue"), self._write() as conn:
            existing = self._existing(conn, namespace, [p.hash for p in prepared])
            first: dict[str, int] = {}
            rows = []
            for p in prepared:
                content = p.item.content
                if p.hash in existing or p.hash in first:
                    dup = existing.get(p.hash)
                    outcome = ItemOutcome(status="skipped", content=content, duplicate_of=dup,
                                          reason="exact duplicate" if dup else
                                          "exact duplicate of an earlier item in this call")
                else:
                    first[p.hash] = p.index
                    outcome = ItemOutcome(status="queued", content=content)
                outcomes.append(outcome)
                rows.append(dict(queue_id=queue_id, position=p.index, namespace=namespace,
                                 item=p.item.model_dump(), created_at=utcnow(),
                                 status="pending" if outcome.status == "queued" else "done",
                                 outcome=None if outcome.status == "queued"
                                 else outcome.model_dump()))
            conn.execute(QueuedItem.__table__.insert(), rows)
        return StoreResult(outcomes=outcomes, queue_id=queue_id)

    def _process_batch(self, size: int) -> int:
        with self.engine.connect() as conn:
            head = conn.execute(select(QueuedItem.namespace).where(QueuedItem.status == "pending")
                                .order_by(QueuedItem.id).limit(1)).scalar()
            if head is None:
                return 0
            rows = _rows(conn, select(_Q).where(QueuedItem.status == "pending",
                                                QueuedItem.namespace == head)
                         .order_by(QueuedItem.id).limit(size), QueuedItem)
        prepared, queue_rows, failed = [], [], 0
        for row in rows:
            try:
                item = MemoryItem.model_validate(row.item)
            except ValueError as exc:  # not for rows we wrote, but never drop one silently
                self._mark_done(row.id, ItemOutcome(status="failed", content=str(
                    row.item.get("content")), reason=f"queued item is invalid: {exc}"))
                failed += 1
                continue
            prepared.append(_prepare(row.position, item))
            queue_rows.append(row)
        # Rows another worker holds are left to it; returning 0 ends the caller's loop.
        return failed + len(self._store_batch(head, prepared, queue_rows) if prepared else [])

    def _mark_done(self, row_id: int, outcome: ItemOutcome, conn: Connection | None = None) -> None:
        stmt = update(QueuedItem).where(QueuedItem.id == row_id).values(
            status="done", outcome=outcome.model_dump(), done_at=utcnow())
        if conn is not None:
            conn.execute(stmt)
            return
        with self._write() as own:
            own.execute(stmt)

    # --- search and forget -------------------------------------------------------------

    def _search(self, conn: Connection, namespace: str, query: str, limit: int,
                type: str | None, category: str | None, floor: float = 0.25
                ) -> list[MemoryRecord]:
        matrix, ranked = self._rank(conn, namespace, query, type=type, category=category)
        found = []
        for score, sem, lex, _, j in ranked:
            if sem >= floor or lex > 0:
                found.append(matrix.record(j, round(score, 4)))
                if len(found) == limit:
                    break
        return found

    def _rank(self, conn: Connection, namespace: str, query: str, *, type: str | None = None,
              category: str | None = None, weights: tuple[float, float, float, float] = (
                  0.6, 0.25, 0.1, 0.05)
              ) -> tuple[_Matrix, Iterator[tuple[float, float, float, int, int]]]:
        """Hybrid relevance: (score, cosine, lexical, id, matrix row), best first, lazily.
        The score weighs
        embedding similarity, content-word overlap (category names count as words),
        importance and recency; superseded memories sink below current ones."""
        matrix = self._matrix(conn, namespace, self._version(conn, namespace))
        n = len(matrix.ids)
        if not n:
            return matrix, iter(())
        mask = np.ones(n, dtype=bool)
        if type:
            mask &= np.array([t == type for t in matrix.types])
        if category:
            mask &= np.array([c == category.strip().lower() for c in matrix.categories])
        if self.embedder is not None:
            q = self._embed([query])[0]
            sem = _similarities(matrix.vectors, q)
            # Lexical scoring is Python; run it on the semantic shortlist only.
            k = min(n, _SHORTLIST)
            pool = np.argpartition(-np.where(mask, sem, -9), k - 1)[:k] if k < n else np.arange(n)
        else:
            sem = np.zeros(n, dtype=np.float32)
            pool = np.arange(n)
        pool = pool[mask[pool]]
        words = _query_words(query)
        lex = np.array([_lexical(words, matrix.contents[j], matrix.categories[j]) for j in pool],
                       dtype=np.float32).reshape(len(pool))
        sem_pool = sem[pool]
        age_days = np.maximum(0.0, time.time() - matrix.created[pool]) / 86400
        w_sem, w_lex, w_imp, w_rec = weights
        scores = (w_sem * np.maximum(sem_pool, 0.0) + w_lex * lex
                  + w_imp * matrix.importance[pool] + w_rec * np.exp(-age_days / 365))
        ids = matrix.ids[pool]
        if matrix.superseded:
            scores = scores - 0.2 * np.isin(ids, list(matrix.superseded))
        order = np.argsort(-scores, kind="stable")
        return matrix, ((float(scores[k]), float(sem_pool[k]), float(lex[k]), int(ids[k]),
                         int(pool[k])) for k in order)

    def _forget_target(self, namespace: str, query: str) -> int | ForgetResult:
        with self.engine.connect() as conn:
            exact = self._existing(conn, namespace, [content_hash(normalize(query))])
            if exact:
                return next(iter(exact.values()))
            described = forget.describe(query)
            if described is None:
                return ForgetResult(status="not_found")
            matrix, ranked = self._rank(conn, namespace, query, weights=(1.0, 0.0, 0.0, 0.0))
            decision = forget.decide(described, [
                forget.Candidate(id=mem_id, content=matrix.contents[j], cosine=sem)
                for _, sem, _, mem_id, j in ranked])
            if decision.status == "forgotten" and decision.id is not None:
                return decision.id
            if decision.status == "ambiguous":
                scored = [(c.id, c.cosine) for c in decision.candidates]
                return ForgetResult(status="ambiguous",
                                    candidates=self._records(conn, namespace, scored))
            return ForgetResult(status="not_found")

    def _records(self, conn: Connection, namespace: str, scored: list[tuple[int, float]],
                 superseded: dict[int, int] | None = None) -> list[MemoryRecord]:
        if not scored:
            return []
        ids = [mem_id for mem_id, _ in scored]
        rows = {r.id: r for r in _rows(conn, select(*_RECORD_COLUMNS).where(Memory.id.in_(ids)))}
        if superseded is None:
            superseded = self._superseded_by(conn, namespace, ids)
        return [_record(rows[mem_id], score=round(score, 4), superseded_by=superseded.get(mem_id))
                for mem_id, score in scored if mem_id in rows]

    # --- database and cache helpers ----------------------------------------------------

    def _create_tables(self) -> None:
        for attempt in range(3):
            try:
                SQLModel.metadata.create_all(self.engine, tables=_TABLES)
                return
            except (OperationalError, ProgrammingError, IntegrityError) as exc:
                # Two processes creating the schema at once: the loser sees "already exists".
                if attempt == 2:
                    raise StoreError(f"cannot create the store's tables at {_safe_url(self.url)}: "
                                     f"{_short(exc)}") from exc
                time.sleep(0.2 * (attempt + 1))

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        # On SQLite, BEGIN IMMEDIATE takes the write lock up front, so the exact check and
        # the insert see the same state and the busy timeout applies (a deferred
        # transaction upgrading to a writer can fail at once with SQLITE_BUSY).
        with self.engine.connect().execution_options(iris_write=True) as conn, conn.begin():
            yield conn

    def _bump(self, conn: Connection, namespace: str) -> int:
        stmt = _upsert(self.engine, NamespaceVersion.__table__).values(namespace=namespace, version=1)
        stmt = stmt.on_conflict_do_update(
            index_elements=["namespace"],
            set_={"version": NamespaceVersion.__table__.c.version + 1},
        ).returning(NamespaceVersion.__table__.c.version)
        return conn.execute(stmt).scalar_one()

    @staticmethod
    def _version(conn: Connection, namespace: str) -> int:
        # Plain SQL: this runs before every search, and building the ORM select cost ~1 ms.
        return conn.execute(_VERSION_SQL, {"ns": namespace}).scalar() or 0

    @staticmethod
    def _existing(conn: Connection | None, namespace: str, hashes: list[str]) -> dict[str, int]:
        if conn is None or not hashes:
            return {}
        rows = conn.execute(select(Memory.content_hash, Memory.id).where(
            Memory.namespace == namespace, Memory.content_hash.in_(set(hashes))))
        return {h: i for h, i in rows}

    @staticmethod
    def _superseded_by(conn: Connection, namespace: str,
                       ids: list[int] | None = None) -> dict[int, int]:
        stmt = select(MemoryEdge.dst, MemoryEdge.src).where(
            MemoryEdge.namespace == namespace, MemoryEdge.kind == "supersedes")
        if ids is not None:
            stmt = stmt.where(MemoryEdge.dst.in_(ids))
        return {dst: src for dst, src in conn.execute(stmt.order_by(MemoryEdge.id))}

    def _embed(self, texts: list[str]) -> np.ndarray:
        assert self.embedder is not None
        return self.embedder.encode(texts)

    def _matrix(self, conn: Connection, namespace: str, version: int) -> _Matrix:
        with self._lock:
            cached = self._matrices.get(namespace)
            if cached is not None:
                self._matrices.move_to_end(namespace)
        if cached is not None and cached.version == version:
            return cached
        dim = self.embedder.dim if self.embedder else 0
        name = self.embedder.name if self.embedder else None
        rows = conn.execute(select(_M.c.id, _M.c.embedding, _M.c.embed_model, _M.c.content,
                                   _M.c.importance, _M.c.created_at, _M.c.updated_at,
                                   _M.c.type, _M.c.category, _M.c.metadata)
                            .where(Memory.namespace == namespace).order_by(Memory.id)).all()
        vectors = np.zeros((len(rows), dim), dtype=np.float32)
        # A memory embedded by another model (or none) cannot be compared: it stays a zero
        # row, found by exact and lexical matching only.
        usable = [j for j, r in enumerate(rows) if dim and r.embedding
                  and r.embed_model == name and len(r.embedding) == 4 * dim]
        if usable:
            blob = b"".join(rows[j].embedding for j in usable)
            vectors[usable] = np.frombuffer(blob, dtype=np.float32).reshape(len(usable), dim)
        matrix = _Matrix(
            namespace=namespace,
            version=version,
            ids=np.array([r.id for r in rows], dtype=np.int64),
            vectors=vectors,
            contents=[r.content for r in rows],
            importance=np.array([r.importance for r in rows], dtype=np.float64),
            created=np.array([_aware(r.created_at).timestamp() for r in rows]),
            types=[r.type for r in rows],
            categories=[r.category for r in rows],
            metas=[r.metadata or {} for r in rows],
            stamps=[(_aware(r.created_at).isoformat(), _aware(r.updated_at).isoformat())
                    for r in rows],
            superseded=self._superseded_by(conn, namespace),
        )
        with self._lock:
            self._matrices[namespace] = matrix
            while len(self._matrices) > _CACHED_NAMESPACES:
                self._matrices.popitem(last=False)
        return matrix

    def _cache_after_write(self, namespace: str, version: int, before: _Matrix,
                           new_rows: list[tuple[int, _Prepared, _Plan]],
                           superseded: dict[int, int]) -> None:
        """Append what this transaction stored instead of reloading the whole namespace."""
        with self._lock:
            if self._matrices.get(namespace) is not before or before.version != version - 1:
                self._matrices.pop(namespace, None)
                return
            dim = before.vectors.shape[1]
            vectors = np.array([plan.vector if plan.vector is not None else np.zeros(dim)
                                for _, _, plan in new_rows], dtype=np.float32).reshape(len(new_rows), dim)
            self._matrices[namespace] = _Matrix(
                namespace=namespace,
                version=version,
                ids=np.concatenate([before.ids, [i for i, _, _ in new_rows]]).astype(np.int64),
                vectors=np.vstack([before.vectors, vectors]) if new_rows else before.vectors,
                contents=before.contents + [p.item.content for _, p, _ in new_rows],
                importance=np.concatenate([before.importance, [p.item.importance for _, p, _ in
                                                               new_rows]]).astype(np.float64),
                created=np.concatenate([before.created, [plan.stored_at.timestamp()
                                                         for _, _, plan in new_rows]]),
                types=before.types + [p.item.type for _, p, _ in new_rows],
                categories=before.categories + [p.item.category for _, p, _ in new_rows],
                metas=before.metas + [p.item.metadata for _, p, _ in new_rows],
                stamps=before.stamps + [(plan.stored_at.isoformat(),) * 2
                                        for _, _, plan in new_rows],
                superseded=before.superseded | superseded,
            )


# --- module helpers -------------------------------------------------------------------


def _make_engine(url: str) -> Engine:
    try:
        if url.startswith("sqlite"):
            if url.startswith("sqlite:///") and ":memory:" not in url:
                from pathlib import Path

                Path(url.removeprefix("sqlite:///")).expanduser().parent.mkdir(
                    parents=True, exist_ok=True)
            engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

            @event.listens_for(engine, "connect")
            def _on_connect(dbapi_conn: Any, _record: Any) -> None:
                dbapi_conn.isolation_level = None  # we issue BEGIN ourselves (see _on_begin)
                cursor = dbapi_conn.cursor()
                cursor.execute("PRAGMA busy_timeout = 30000")
                cursor.execute("PRAGMA journal_mode = WAL")
                cursor.execute("PRAGMA synchronous = NORMAL")  # safe in WAL mode
                cursor.close()

            @event.listens_for(engine, "begin")
            def _on_begin(conn: Connection) -> None:
                write = conn.get_execution_options().get("iris_write")
                conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

            return engine
        return create_engine(url, pool_pre_ping=True)
    except (SQLAlchemyError, ImportError, ValueError) as exc:
        raise StoreError(f"cannot open the memory database {_safe_url(url)}: {exc}") from exc


def _upsert(engine: Engine, table: Any) -> Any:
    if engine.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    return insert(table)


def _insert_ignore(engine: Engine, table: Any) -> Any:
    return _upsert(engine, table).on_conflict_do_nothing()


@contextmanager
def _db_errors(action: str) -> Iterator[None]:
    try:
        yield
    except SQLAlchemyError as exc:
        raise StoreError(f"memory store {action} failed: {_short(exc)}") from exc


def _short(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc)
    return text.splitlines()[0][:300] if text else type(exc).__name__


def _safe_url(url: str) -> str:
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # not a URL at all: show it as given
        return url


def _check_namespace(namespace: object) -> None:
    if not isinstance(namespace, str) or not namespace.strip() or len(namespace) > 200:
        raise InputError(f"namespace must be a non-empty string of at most 200 characters, "
                         f"got {namespace!r}")


def _prepare(index: int, item: MemoryItem) -> _Prepared:
    normalized = normalize(item.content)
    return _Prepared(index, item, normalized, content_hash(normalized))


def _first_per_hash(prepared: list[_Prepared]) -> list[_Prepared]:
    seen: dict[str, _Prepared] = {}
    for p in prepared:
        seen.setdefault(p.hash, p)
    return list(seen.values())


def _rows(conn: Connection, stmt: Any, model: type[SQLModel] = Memory) -> list[Any]:
    """Rows of a Core `select(table)` as model objects (no ORM session involved)."""
    out = []
    for row in conn.execute(stmt).mappings():
        data = dict(row)
        if model is Memory:
            # A plain namespace: these rows are only read, and building SQLModel objects
            # was a third of a 10k-memory search.
            data["meta"] = data.pop("metadata", None) or {}
            out.append(SimpleNamespace(**data))
        else:
            out.append(model.model_construct(**data))
    return out


def _aware(value: datetime | str) -> datetime:
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    return value if value.tzinfo else value.replace(tzinfo=timezone.utc)


def _record(row: Memory, *, score: float | None = None,
            superseded_by: int | None = None) -> MemoryRecord:
    return MemoryRecord(
        id=row.id, namespace=row.namespace, content=row.content, type=row.type,
        category=row.category, importance=row.importance, metadata=row.meta or {},
        created_at=_aware(row.created_at).isoformat(), updated_at=_aware(row.updated_at).isoformat(),
        score=score, superseded_by=superseded_by)


_blas = None


def _similarities(matrix: np.ndarray, vector: np.ndarray) -> np.ndarray:
    """Cosines of unit vectors (one, or one per column) against a namespace's matrix.
    One BLAS thread: the product is memory-bound, and on the shared 2-core box OpenBLAS's
    default of 2 threads made it ~3x slower at 10k rows (p50 8.0 ms vs 2.4 ms)."""
    global _blas
    if _blas is None:
        from threadpoolctl import ThreadpoolController

        _blas = ThreadpoolController()  # scanning the loaded libraries is the slow part
    with _blas.limit(limits=1, user_api="blas"):  # ~4 us, and nothing else is affected
        return matrix @ vector


def _top(sims: np.ndarray, k: int, floor: float) -> list[int]:
    if len(sims) > k:
        idx = np.argpartition(-sims, k - 1)[:k]
    else:
        idx = np.arange(len(sims))
    return [int(j) for j in idx[np.argsort(-sims[idx])] if sims[j] >= floor]


_QUERY_NOISE = set("""what do does did you know remember remembered recall about me my i tell told
say said mentioned mention anything everything something things thing stuff forget delete remove
erase that the a an please can could would is are was were have has of on for to in and or
info information details detail""".split())


def _query_words(query: str) -> list[str]:
    words = [w for w in english.tokens(query) if w not in _QUERY_NOISE]
    return [english.stem(w) for w in words]


_CATEGORY_HINTS = {"diet": {"food", "health"}, "eat": {"food"}, "food": {"food"},
                   "meal": {"food"}, "health": {"health"}, "allerg": {"health", "food"},
                   "medical": {"health"}, "job": {"work"}, "work": {"work"},
                   "career": {"work"}, "trip": {"travel"}, "travel": {"travel"},
                   "famil": {"family", "personal"}, "hobb": {"hobbies", "hobby"}}


@lru_cache(maxsize=200_000)
def _memory_words(content: str) -> frozenset[str]:
    return verifier.analyze(content).bag | {english.stem(w) for w in english.tokens(content)}


def _lexical(words: list[str], content: str, category: str) -> float:
    """Share of the query's content words found in the memory (or naming its category)."""
    if not words:
        return 0.0
    bag = _memory_words(content)
    hits = 0
    for word in words:
        if word in bag or word == category or category in _CATEGORY_HINTS.get(word, ()):
            hits += 1
    return hits / len(words)
