"""The embedding-matrix cache: each namespace's memories held in memory (vectors and the
fields a search result needs), valid while the namespace's version row matches, least
recently used dropped. Plus the cosine product and the top-k helper."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from sqlalchemy import select
from sqlalchemy.engine import Connection

from iris.store.engine import aware, superseded_by
from iris.store.models import MEMORY
from iris.types import MemoryRecord

if TYPE_CHECKING:
    from iris.embed import Embedder
    from iris.store.dedup import Plan, Prepared

_M = MEMORY


@dataclass
class Matrix:
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


class MatrixCache:
    def __init__(self, embedder: Embedder | None, size: int):
        self.embedder = embedder
        self.size = size
        self._matrices: OrderedDict[str, Matrix] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, conn: Connection, namespace: str, version: int) -> Matrix:
        with self._lock:
            cached = self._matrices.get(namespace)
            if cached is not None:
                self._matrices.move_to_end(namespace)
        if cached is not None and cached.version == version:
            return cached
        matrix = self._load(conn, namespace, version)
        self._put(matrix)
        return matrix

    def drop(self, namespace: str) -> None:
        with self._lock:
            self._matrices.pop(namespace, None)

    def __contains__(self, namespace: str) -> bool:
        with self._lock:
            return namespace in self._matrices

    def _put(self, matrix: Matrix) -> None:
        with self._lock:
            self._matrices[matrix.namespace] = matrix
            while len(self._matrices) > self.size:
                self._matrices.popitem(last=False)

    def _load(self, conn: Connection, namespace: str, version: int) -> Matrix:
        dim = self.embedder.dim if self.embedder else 0
        name = self.embedder.name if self.embedder else None
        rows = conn.execute(select(_M.c.id, _M.c.embedding, _M.c.embed_model, _M.c.content,
                                   _M.c.importance, _M.c.created_at, _M.c.updated_at,
                                   _M.c.type, _M.c.category, _M.c.metadata)
                            .where(MEMORY.c.namespace == namespace).order_by(MEMORY.c.id)).all()
        vectors = np.zeros((len(rows), dim), dtype=np.float32)
        # A memory embedded by another model (or none) cannot be compared: it stays a zero
        # row, found by exact and lexical matching only.
        usable = [j for j, r in enumerate(rows) if dim and r.embedding
                  and r.embed_model == name and len(r.embedding) == 4 * dim]
        if usable:
            blob = b"".join(rows[j].embedding for j in usable)
            vectors[usable] = np.frombuffer(blob, dtype=np.float32).reshape(len(usable), dim)
        return Matrix(
            namespace=namespace,
            version=version,
            ids=np.array([r.id for r in rows], dtype=np.int64),
            vectors=vectors,
            contents=[r.content for r in rows],
            importance=np.array([r.importance for r in rows], dtype=np.float64),
            created=np.array([aware(r.created_at).timestamp() for r in rows]),
            types=[r.type for r in rows],
            categories=[r.category for r in rows],
            metas=[r.metadata or {} for r in rows],
            stamps=[(aware(r.created_at).isoformat(), aware(r.updated_at).isoformat())
                    for r in rows],
            superseded=superseded_by(conn, namespace),
        )

    def after_write(self, namespace: str, version: int, before: Matrix,
                    new_rows: list[tuple[int, Prepared, Plan]],
                    superseded: dict[int, int]) -> None:
        """Append what a transaction stored instead of reloading the whole namespace."""
        with self._lock:
            if self._matrices.get(namespace) is not before or before.version != version - 1:
                self._matrices.pop(namespace, None)
                return
            dim = before.vectors.shape[1]
            vectors = np.array([plan.vector if plan.vector is not None else np.zeros(dim)
                                for _, _, plan in new_rows], dtype=np.float32).reshape(len(new_rows), dim)
            stamps = [plan.stored_at for _, _, plan in new_rows if plan.stored_at is not None]
            self._matrices[namespace] = Matrix(
                namespace=namespace,
                version=version,
                ids=np.concatenate([before.ids, [i for i, _, _ in new_rows]]).astype(np.int64),
                vectors=np.vstack([before.vectors, vectors]) if new_rows else before.vectors,
                contents=before.contents + [p.item.content for _, p, _ in new_rows],
                importance=np.concatenate([before.importance, [p.item.importance for _, p, _ in
                                                               new_rows]]).astype(np.float64),
                created=np.concatenate([before.created, [s.timestamp() for s in stamps]]),
                types=before.types + [p.item.type for _, p, _ in new_rows],
                categories=before.categories + [p.item.category for _, p, _ in new_rows],
                metas=before.metas + [p.item.metadata for _, p, _ in new_rows],
                stamps=before.stamps + [(s.isoformat(),) * 2 for s in stamps],
                superseded=before.superseded | superseded,
            )


_blas = None


def similarities(matrix: np.ndarray, vector: np.ndarray) -> np.ndarray:
    """Cosines of unit vectors (one, or one per column) against a namespace's matrix.
    One BLAS thread: the product is memory-bound, and extra threads only contend for the
    shared cores (docs/decisions.md)."""
    global _blas
    if _blas is None:
        from threadpoolctl import ThreadpoolController

        _blas = ThreadpoolController()  # scanning the loaded libraries is the slow part
    with _blas.limit(limits=1, user_api="blas"):  # ~4 us, and nothing else is affected
        return matrix @ vector


def top(sims: np.ndarray, k: int, floor: float) -> list[int]:
    """Indexes of the k highest values at or above `floor`, best first."""
    if len(sims) > k:
        idx = np.argpartition(-sims, k - 1)[:k]
    else:
        idx = np.arange(len(sims))
    return [int(j) for j in idx[np.argsort(-sims[idx])] if sims[j] >= floor]
