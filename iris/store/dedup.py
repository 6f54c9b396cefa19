"""De-duplication planning: what becomes of each item of a store call (store, skip as a
duplicate of which memory, or fail with a reason), which edges a stored item gets, and the
inserts that carry the plan out.

Slow work happens before the write transaction (`warm`): embedding the new items in one
batch and, with an LLM, one judge call for the grey-zone pairs the offline rules left open.
The plan inside the transaction then finds both in the caches."""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

import numpy as np
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError

from iris.errors import LLMError
from iris.store import judge, verifier
from iris.store.engine import Database, existing, insert_ignore, short, version
from iris.store.matrix import Matrix, MatrixCache, similarities, top
from iris.store.models import EDGE, MEMORY, utcnow
from iris.store.normalize import content_hash, normalize
from iris.types import ItemOutcome, LinkOptions, MemoryItem

if TYPE_CHECKING:
    from iris.config import Settings
    from iris.embed import Embedder
    from iris.llm import LLMClient

log = logging.getLogger(__name__)

_MAX_VERDICTS = 10_000  # LLM answers are only needed until the store call that asked ends


DEFAULT_LINKS = LinkOptions()
# Edges that come from similarity (capped at max_links); contradicts/supersedes record that a
# fact changed and are always kept.
SIMILARITY_KINDS = ("relates_to", "caused_by")


@dataclass
class Prepared:
    index: int
    item: MemoryItem
    normalized: str
    hash: str
    created_at: datetime | None = None  # an imported memory's own date; None: now
    semantic: bool = True  # False: exact de-duplication only (a bulk import's default)
    links: LinkOptions = DEFAULT_LINKS


@dataclass
class Plan:
    action: str  # store | skip | fail
    duplicate_of: int | None = None  # an existing id ...
    duplicate_of_batch: int | None = None  # ... or the index of an earlier item in the batch
    reason: str | None = None
    vector: np.ndarray | None = None
    stored_at: datetime | None = None
    edges: list[tuple[str, int | None, int | None, float]] = field(default_factory=list)
    # (kind, existing id or None, batch index or None, score)


NewRow = tuple[int, Prepared, Plan]  # (memory id, item, plan) of a row a transaction inserted


def prepare(index: int, item: MemoryItem, *, created_at: datetime | None = None,
            semantic: bool = True, links: LinkOptions = DEFAULT_LINKS) -> Prepared:
    normalized = normalize(item.content)
    return Prepared(index, item, normalized, content_hash(normalized), created_at, semantic,
                    links)


def first_per_hash(prepared: list[Prepared]) -> list[Prepared]:
    seen: dict[str, Prepared] = {}
    for p in prepared:
        seen.setdefault(p.hash, p)
    return list(seen.values())


class Deduper:
    def __init__(self, settings: Settings, embedder: Embedder | None,
                 llm: LLMClient | None, matrices: MatrixCache):
        self.settings = settings
        self.embedder = embedder
        self.llm = llm
        self.matrices = matrices
        self._verdicts: dict[tuple[str, str], str] = {}  # LLM answers, by (new, existing)
        self._lock = threading.Lock()

    def forget_texts(self, texts: set[str]) -> None:
        """Drop the LLM's verdicts about these contents (an erased memory's text)."""
        with self._lock:
            for key in [k for k in self._verdicts if k[0] in texts or k[1] in texts]:
                del self._verdicts[key]

    def warm(self, db: Database, namespace: str, prepared: list[Prepared]) -> str | None:
        """Embed new items, ask the LLM about grey pairs; returns a warning, if any."""
        if self.embedder is None:
            return None
        with db.connect() as conn:
            known = existing(conn, namespace, [p.hash for p in prepared])
            fresh = [p for p in first_per_hash(prepared) if p.hash not in known]
            if not fresh:
                return None
            self.embedder.encode([p.item.content for p in fresh])
            if self.llm is None:
                return None
            matrix = self.matrices.get(conn, namespace, version(conn, namespace))
        pairs: list[judge.Pair] = []
        self.plan(None, namespace, fresh, matrix, grey=pairs)
        with self._lock:
            pairs = [p for p in dict.fromkeys(pairs) if (p.new, p.existing) not in self._verdicts]
        pairs = pairs[:self.settings.llm_judge_max_pairs]
        return self._ask_llm(pairs) if pairs else None

    def _ask_llm(self, pairs: list[judge.Pair]) -> str | None:
        """Record the LLM's verdicts; on failure return why (the offline verdicts stand)."""
        assert self.llm is not None
        try:
            response = self.llm.complete(judge.llm_messages(pairs), json_mode=True)
            judged = judge.parse_judgments(response.content, len(pairs))
        except (LLMError, ValueError) as exc:
            # The offline verdict stands: the worst case is a kept near-duplicate.
            log.warning("LLM de-duplication judge failed, using offline rules: %s", exc)
            return f"de-duplication judge failed, offline rules used: {type(exc).__name__}: {exc}"
        with self._lock:
            if len(self._verdicts) > _MAX_VERDICTS:
                self._verdicts.clear()
            for index, relation in judged.items():
                self._verdicts[(pairs[index].new, pairs[index].existing)] = relation
        return None

    def plan(self, conn: Connection | None, namespace: str, prepared: list[Prepared],
             matrix: Matrix, grey: list[judge.Pair] | None = None) -> list[Plan]:
        """Decide each item's fate against the namespace and the earlier items of the batch.
        With `grey`, only collect the pairs an LLM should judge."""
        known = existing(conn, namespace, [p.hash for p in prepared]) if conn else {}
        first: dict[str, int] = {}
        plans: list[Plan] = []
        batch_vectors: list[tuple[int, np.ndarray, str]] = []  # stored-to-be batch items
        fresh = [p for p in first_per_hash(prepared) if p.hash not in known]
        vectors: dict[str, np.ndarray] = {}
        if self.embedder is not None and fresh:
            vectors = dict(zip((p.hash for p in fresh),
                               self.embedder.encode([p.item.content for p in fresh]), strict=True))
        column = {h: c for c, h in enumerate(vectors)}
        all_sims = (similarities(matrix.vectors, np.stack(list(vectors.values())).T)
                    if vectors and len(matrix.ids) else None)  # one product for the batch
        for pos, p in enumerate(prepared):
            if p.hash in known:
                plans.append(Plan("skip", duplicate_of=known[p.hash], reason="exact duplicate"))
                continue
            if p.hash in first:
                plans.append(Plan("skip", duplicate_of_batch=first[p.hash],
                                  reason="exact duplicate"))
                continue
            first[p.hash] = pos
            plan = Plan("store", vector=vectors.get(p.hash))
            plans.append(plan)
            if plan.vector is None or not p.semantic:
                continue
            sims = all_sims[:, column[p.hash]] if all_sims is not None else None
            self._plan_semantic(p, plan, matrix, sims, batch_vectors, grey)
            if plan.action == "store":
                batch_vectors.append((pos, plan.vector, p.item.content))
        return plans

    def _plan_semantic(self, p: Prepared, plan: Plan, matrix: Matrix, sims: np.ndarray | None,
                       batch_vectors: list[tuple[int, np.ndarray, str]],
                       grey: list[judge.Pair] | None) -> None:
        """A semantic duplicate skips the item; otherwise collect its edges."""
        s, opts = self.settings, p.links
        vector = plan.vector
        assert vector is not None
        link_at = s.relates_to_threshold if opts.threshold is None else opts.threshold
        cap = s.max_links if opts.max_links is None else opts.max_links
        # The LLM judges duplicates from relates_to_threshold up, and types edges from the
        # item's own link threshold up.
        ask_at = min(s.relates_to_threshold, link_at) if opts.auto_link else s.relates_to_threshold
        floor, wanted = min(s.link_floor, link_at), max(s.dedup_candidates, cap)
        candidates: list[tuple[float, int | None, int | None, str]] = []
        if sims is not None:
            candidates += [(float(sims[j]), int(matrix.ids[j]), None, matrix.contents[j])
                           for j in top(sims, wanted, floor)]
        for pos, b_vector, b_content in batch_vectors:
            sim = float(b_vector @ vector)
            if sim >= floor:
                candidates.append((sim, None, pos, b_content))
        candidates.sort(key=lambda c: -c[0])
        links: list[tuple[str, int | None, int | None, float]] = []
        for sim, mem_id, b_pos, other in candidates[:wanted]:
            verdict = verifier.verify(p.item.content, other)
            kind: str = verdict.kind
            judged_by_llm = False
            if opts.use_llm and not verdict.hard and not verdict.surface and sim >= ask_at:
                with self._lock:
                    llm_kind = self._verdicts.get((p.item.content, other))
                if llm_kind:
                    kind, judged_by_llm = llm_kind, True
                elif grey is not None and self.llm is not None:
                    grey.append(judge.Pair(p.item.content, other))
            threshold = s.relates_to_threshold if judged_by_llm else s.dedup_candidate_threshold
            if kind == "duplicate" and (sim >= threshold or verdict.surface or (
                    verdict.substitution and not judged_by_llm and sim >= s.link_floor)):
                how = ", judged by LLM" if judged_by_llm else ""
                plan.action, plan.reason = "skip", f"semantic duplicate (cos {sim:.2f}{how})"
                plan.duplicate_of, plan.duplicate_of_batch = mem_id, b_pos
                return
            if kind in ("contradicts", "supersedes") and sim >= s.link_floor:
                links.append((kind, mem_id, b_pos, sim))
            elif sim >= link_at:
                links.append((kind if kind == "caused_by" else "relates_to", mem_id, b_pos, sim))
        if not opts.auto_link:
            return
        similar = [link for link in links if link[0] in SIMILARITY_KINDS][:cap]
        plan.edges = [link for link in links if link[0] not in SIMILARITY_KINDS] + similar

    def apply(self, conn: Connection, namespace: str, prepared: list[Prepared],
              plans: list[Plan]) -> tuple[list[ItemOutcome], list[NewRow]]:
        """Insert what the plans store (the unique index has the last word) and their edges."""
        ids: dict[int, int] = {}  # batch position -> the memory id it ended as (stored or dup)
        outcomes: list[ItemOutcome] = []
        new_rows: list[NewRow] = []
        now = utcnow()
        for pos, (p, plan) in enumerate(zip(prepared, plans, strict=True)):
            content = p.item.content
            if plan.action == "skip":
                dup = plan.duplicate_of if plan.duplicate_of is not None else (
                    ids.get(plan.duplicate_of_batch) if plan.duplicate_of_batch is not None
                    else None)
                if dup is None:  # the earlier batch item failed: this one gets its own try
                    plan = Plan("store", vector=plan.vector)
                else:
                    ids[pos] = dup
                    outcomes.append(ItemOutcome(status="skipped", content=content,
                                                duplicate_of=dup, reason=plan.reason))
                    continue
            new_id = self._insert(conn, namespace, p, plan, now, outcomes)
            if new_id is None:
                continue
            if new_id < 0:
                # Another writer stored the same fact since we looked: the unique index won.
                dup = existing(conn, namespace, [p.hash])[p.hash]
                ids[pos] = dup
                outcomes.append(ItemOutcome(status="skipped", content=content,
                                            duplicate_of=dup, reason="exact duplicate"))
                continue
            ids[pos] = new_id
            plan.stored_at = p.created_at or now
            new_rows.append((new_id, p, plan))
            relations: list[tuple[str, int]] = []
            for kind, mem_id, b_pos, score in plan.edges:
                target = mem_id if mem_id is not None else (
                    ids.get(b_pos) if b_pos is not None else None)
                if target is None or target == new_id or (kind, target) in relations:
                    continue
                conn.execute(insert_ignore(conn, EDGE).values(
                    namespace=namespace, src=new_id, dst=target, kind=kind,
                    score=round(score, 4), created_at=now))
                relations.append((kind, target))
            outcomes.append(ItemOutcome(status="stored", content=content, id=new_id,
                                        relations=relations))
        return outcomes, new_rows

    def _insert(self, conn: Connection, namespace: str, p: Prepared, plan: Plan,
                now: datetime, outcomes: list[ItemOutcome]) -> int | None:
        """The new id; -1 when the unique index says it exists; None when refused (the
        failure is appended to `outcomes`)."""
        values = dict(
            namespace=namespace, content=p.item.content, normalized=p.normalized,
            content_hash=p.hash, type=p.item.type, category=p.item.category,
            importance=p.item.importance, metadata=p.item.metadata,
            embedding=plan.vector.astype(np.float32).tobytes() if plan.vector is not None else None,
            embed_model=self.embedder.name if self.embedder else None,
            created_at=p.created_at or now, updated_at=now)
        try:
            with conn.begin_nested():
                new_id = conn.execute(insert_ignore(conn, MEMORY).values(**values)
                                      .returning(MEMORY.c.id)).scalar()
        except (IntegrityError, DBAPIError) as exc:
            if isinstance(exc, OperationalError):
                raise  # the database is unusable (locked, gone): the whole call fails
            outcomes.append(ItemOutcome(status="failed", content=p.item.content,
                                        reason=f"database refused it: {short(exc)}"))
            return None
        return -1 if new_id is None else int(new_id)
