"""Schema migrations: numbered steps recorded in the `iris_migrations` table, run in order
when a store opens, so a database made by an older Iris (SQLite or Postgres) is upgraded in
place. The approach of simonw/llm's `migrations` table, not Alembic: the store opens its own
database from library code, the schema is four tables, and a list of functions needs no
alembic.ini, env.py or a separate upgrade command a user could forget to run.

  * A new database gets today's tables (`SQLModel.metadata.create_all`) and every step is
    recorded as applied: the models always describe the newest schema.
  * A database with the store's tables but no `iris_migrations` table was made before
    migrations existed: it is at step 1 (what `MemoryStore._create_tables` created).
  * Steps run in one write transaction (DDL is transactional on SQLite and Postgres) under
    a lock (BEGIN IMMEDIATE on SQLite, an advisory lock on Postgres), so two processes
    opening a database at once do not both upgrade it, and a failed step leaves it as it was.
  * A database newer than this code is refused rather than misread.

Adding a step: change the models, append `(n, "what", function)` below; the function must
bring a step n-1 database to the models' shape."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from sqlalchemy import (
    Column,
    DateTime,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.sql.elements import BindParameter
from sqlmodel import SQLModel

from iris.errors import StoreError
from iris.store.engine import Database
from iris.store.models import (
    API_KEY,
    EDGE,
    MEMORY,
    NAMESPACE,
    PENDING,
    QUEUE,
    WORKER,
    utcnow,
)
from iris.store.normalize import content_hash, normalize

TABLES = [MEMORY, EDGE, QUEUE, NAMESPACE,
          PENDING, WORKER, API_KEY]
_LOCK_KEY = 0x1415  # pg_advisory_xact_lock key: "iris store schema"

_applied_table = Table(
    "iris_migrations", MetaData(),
    Column("number", Integer, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("applied_at", DateTime(timezone=True), nullable=False),
)


def _create_tables(conn: Connection) -> None:
    SQLModel.metadata.create_all(conn, tables=TABLES)


def _namespace_indexes_and_bigint_version(conn: Connection) -> None:
    # Edges by namespace: supersedes lookups and erase() scanned the whole edge table.
    # Queue rows by (namespace, queue_id): queue_status is scoped to a user.
    conn.execute(text("CREATE INDEX IF NOT EXISTS ix_memory_edge_namespace_kind "
                      "ON memory_edge (namespace, kind)"))
    conn.execute(text("CREATE INDEX IF NOT EXISTS ix_memory_queue_namespace_queue_id "
                      "ON memory_queue (namespace, queue_id)"))
    # A version now starts at the clock in microseconds (engine.bump); SQLite's INTEGER is
    # already 64-bit.
    if conn.dialect.name == "postgresql":
        conn.execute(text("ALTER TABLE memory_namespace ALTER COLUMN version TYPE BIGINT"))


def _pending_table(conn: Connection) -> None:
    SQLModel.metadata.create_all(conn, tables=[PENDING])


def _recompute_keys(conn: Connection) -> None:
    """The exact key now folds spacing, apostrophes, chat spellings and number words
    (iris/store/normalize.py). Memories whose new keys collide are all kept: the oldest
    holds the key, each later one gets a key of its own and `duplicate_of` in its metadata."""
    rows = conn.execute(select(MEMORY.c.id, MEMORY.c.namespace, MEMORY.c.content,
                               MEMORY.c.normalized, MEMORY.c.content_hash, MEMORY.c.metadata)
                        .order_by(MEMORY.c.namespace, MEMORY.c.id)).all()
    holder: dict[tuple[str, str], int] = {}
    changes: list[dict[str, Any]] = []
    for row in rows:
        normalized = normalize(row.content)
        digest = content_hash(normalized)
        first = holder.setdefault((row.namespace, digest), row.id)
        change: dict[str, Any] = {"row_id": row.id, "normalized": normalized, "hash": digest,
                                  "meta": row.metadata}
        if first != row.id:
            change["hash"] = hashlib.sha256(f"{digest}:duplicate of {first}:{row.id}"
                                            .encode()).hexdigest()
            change["meta"] = {**(row.metadata or {}), "duplicate_of": first}
        if (change["normalized"], change["hash"], change["meta"]) != (
                row.normalized, row.content_hash, row.metadata):
            changes.append(change)
    if not changes:
        return
    # Two passes: a row may take a key another row still holds until that one moves.
    rid: BindParameter[int] = bindparam("row_id", type_=Integer)
    conn.execute(update(MEMORY).where(MEMORY.c.id == rid)
                 .values(content_hash=bindparam("temporary")),
                 [{"row_id": c["row_id"], "temporary": f"m4:{c['row_id']}"} for c in changes])
    conn.execute(update(MEMORY).where(MEMORY.c.id == rid).values(
        normalized=bindparam("new_normalized"), content_hash=bindparam("new_hash"),
        metadata=bindparam("new_meta", type_=MEMORY.c.metadata.type)),
        [{"row_id": c["row_id"], "new_normalized": c["normalized"], "new_hash": c["hash"],
          "new_meta": c["meta"]} for c in changes])


def _worker_heartbeat_and_queue_options(conn: Connection) -> None:
    SQLModel.metadata.create_all(conn, tables=[WORKER])
    if "options" not in {c["name"] for c in inspect(conn).get_columns(QUEUE.name)}:
        conn.execute(text("ALTER TABLE memory_queue ADD COLUMN options JSON"))


def _api_key_table(conn: Connection) -> None:
    SQLModel.metadata.create_all(conn, tables=[API_KEY])


MIGRATIONS: list[tuple[int, str, Callable[[Connection], None]]] = [
    (1, "memory, memory_edge, memory_queue and memory_namespace tables", _create_tables),
    (2, "indexes by namespace on edges and queue rows; BIGINT namespace version",
     _namespace_indexes_and_bigint_version),
    (3, "memory_pending: forget-everything requests waiting for confirmation", _pending_table),
    (4, "exact keys recomputed: spacing, apostrophes, chat spellings and number words folded",
     _recompute_keys),
    (5, "memory_worker heartbeats; memory_queue.options (per-item link options)",
     _worker_heartbeat_and_queue_options),
    (6, "iris_api_key: tenant API keys of the HTTP service (hashes only)", _api_key_table),
]
LATEST = MIGRATIONS[-1][0]


def migrate(db: Database) -> list[int]:
    """Bring the database to the newest schema; returns the steps run now."""
    with db.errors("schema upgrade"), db.write() as conn:
        if db.postgres:
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK_KEY})
        tables = set(inspect(conn).get_table_names())
        _applied_table.create(conn, checkfirst=True)
        applied = set(conn.execute(select(_applied_table.c.number)).scalars())
        if not applied:
            if MEMORY.name in tables:
                _record(conn, 1)  # made before migrations existed
                applied = {1}
            else:  # a new database: today's tables are the newest schema
                _create_tables(conn)
                for number, _, _ in MIGRATIONS:
                    _record(conn, number)
                return [number for number, _, _ in MIGRATIONS]
        if max(applied) > LATEST:
            raise StoreError(
                f"the memory database {db.path or 'at ' + db.url} has schema version "
                f"{max(applied)}, newer than this Iris knows ({LATEST}): upgrade Iris")
        ran = []
        for number, _, step in MIGRATIONS:
            if number not in applied:
                step(conn)
                _record(conn, number)
                ran.append(number)
        return ran


def applied(db: Database) -> list[int]:
    with db.errors("schema check"), db.connect() as conn:
        return sorted(conn.execute(select(_applied_table.c.number)).scalars())


def _record(conn: Connection, number: int) -> None:
    name = next(n for k, n, _ in MIGRATIONS if k == number)
    conn.execute(_applied_table.insert().values(number=number, name=name, applied_at=utcnow()))
