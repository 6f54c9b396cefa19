"""The store's tables. Embeddings are float32 blobs so one schema serves SQLite and Postgres."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, BigInteger, Column, DateTime, Index, LargeBinary, Table, Text, UniqueConstraint
from sqlalchemy.orm import configure_mappers
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def _ts(**kwargs: Any) -> Any:
    return Field(default_factory=utcnow, sa_type=DateTime(timezone=True), **kwargs)


class Memory(SQLModel, table=True):
    __tablename__ = "memory"
    __table_args__ = (
        # The exact de-duplication guarantee: concurrent writers cannot both insert a fact.
        UniqueConstraint("namespace", "content_hash", name="uq_memory_namespace_hash"),
        # Ids are never reused after a delete, so a skipped item's duplicate_of stays true.
        {"sqlite_autoincrement": True},
    )

    id: int | None = Field(default=None, primary_key=True)
    namespace: str = Field(index=True, max_length=200)
    content: str = Field(sa_type=Text)
    normalized: str = Field(sa_type=Text)
    content_hash: str = Field(max_length=64)
    type: str = Field(default="fact", max_length=20)
    category: str = Field(default="general", max_length=40)
    importance: float = 0.5
    meta: dict[str, Any] = Field(default_factory=dict, sa_column=Column("metadata", JSON))
    embedding: bytes | None = Field(default=None, sa_column=Column(LargeBinary))
    embed_model: str | None = Field(default=None, max_length=200)
    created_at: datetime = _ts()
    updated_at: datetime = _ts()


class MemoryEdge(SQLModel, table=True):
    """src -> dst: `supersedes` points from the newer memory to the one it replaces."""

    __tablename__ = "memory_edge"
    __table_args__ = (
        UniqueConstraint("src", "dst", "kind", name="uq_memory_edge"),
        Index("ix_memory_edge_dst", "dst"),
        Index("ix_memory_edge_namespace_kind", "namespace", "kind"),  # migration 2
    )

    id: int | None = Field(default=None, primary_key=True)
    namespace: str = Field(max_length=200)
    src: int = Field(index=True)
    dst: int
    kind: str = Field(max_length=20)  # relates_to | contradicts | supersedes | caused_by
    score: float = 0.0
    created_at: datetime = _ts()


class QueuedItem(SQLModel, table=True):
    """One item stored with wait=False. It stays `pending` until a worker's transaction that
    stores it also marks it `done`, so a worker killed mid-batch leaves it pending."""

    __tablename__ = "memory_queue"
    __table_args__ = (
        Index("ix_memory_queue_status_id", "status", "id"),
        Index("ix_memory_queue_namespace_queue_id", "namespace", "queue_id"),  # migration 2
    )

    id: int | None = Field(default=None, primary_key=True)
    queue_id: str = Field(index=True, max_length=40)
    position: int  # the item's index in the store call
    namespace: str = Field(max_length=200)
    item: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    status: str = Field(default="pending", max_length=10)  # pending | done
    outcome: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON))
    # How the worker links this item (iris.store.dedup.LinkOptions as a dict); None: the
    # settings' defaults. Migration 5.
    options: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON))
    created_at: datetime = _ts()
    done_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


class NamespaceVersion(SQLModel, table=True):
    """Bumped by every write to a namespace. Cached embedding matrices compare it to know
    they are stale, even when another process wrote; on Postgres the row lock also
    serialises writers of one namespace so semantic de-dup sees every committed fact."""

    __tablename__ = "memory_namespace"

    namespace: str = Field(primary_key=True, max_length=200)
    # Starts at the clock (see engine.bump), so BIGINT (migration 2).
    version: int = Field(default=0, sa_type=BigInteger)


class PendingConfirmation(SQLModel, table=True):
    """A "forget everything" the user was asked to confirm. It lives in the database so the
    confirming turn may come from another process; it holds only until `expires_at` and while
    the namespace's version is still `version` (nothing stored or forgotten since the
    question, so the count the user saw is still what would be deleted)."""

    __tablename__ = "memory_pending"

    namespace: str = Field(primary_key=True, max_length=200)
    action: str = Field(primary_key=True, max_length=20)  # forget_all
    version: int = Field(sa_type=BigInteger)  # the namespace version: BIGINT like its source
    count: int
    expires_at: datetime = Field(sa_type=DateTime(timezone=True))


class WorkerHeartbeat(SQLModel, table=True):
    """One row per running queue worker, refreshed while it runs and deleted when it stops:
    a fresh row tells the memory_store tool that a queued store will be processed
    (iris/store/workers.py). Migration 5."""

    __tablename__ = "memory_worker"

    worker_id: str = Field(primary_key=True, max_length=40)
    host: str = Field(max_length=200)
    pid: int
    started_at: datetime = _ts()
    seen_at: datetime = Field(sa_type=DateTime(timezone=True), index=True)


class ApiKey(SQLModel, table=True):
    """A tenant's API key for `iris serve` (migration 6). Only the SHA-256 of the key is kept:
    the key itself is shown once, when it is created. `revoked_at` set: the key is refused."""

    __tablename__ = "iris_api_key"

    id: str = Field(primary_key=True, max_length=20)  # the public part, also inside the key
    tenant: str = Field(index=True, max_length=40)
    key_hash: str = Field(max_length=64)
    created_at: datetime = _ts()
    revoked_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


# Rows read back as model objects (engine.rows) need configured mappers; queries go through
# the Core handles below, which would otherwise never trigger the configuration.
configure_mappers()

# Core handles for queries. `MEMORY.c.namespace` is a typed column to a type checker; the
# class attribute `Memory.namespace` reads as a plain str, so comparisons type as bool.
MEMORY: Table = SQLModel.metadata.tables[Memory.__tablename__]
EDGE: Table = SQLModel.metadata.tables[MemoryEdge.__tablename__]
QUEUE: Table = SQLModel.metadata.tables[QueuedItem.__tablename__]
NAMESPACE: Table = SQLModel.metadata.tables[NamespaceVersion.__tablename__]
PENDING: Table = SQLModel.metadata.tables[PendingConfirmation.__tablename__]
WORKER: Table = SQLModel.metadata.tables[WorkerHeartbeat.__tablename__]
API_KEY: Table = SQLModel.metadata.tables[ApiKey.__tablename__]
