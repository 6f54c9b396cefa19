"""The database: engine set-up, write transactions, the SQL helpers every part of the store
shares, and the translation of database faults into a `StoreError` that names the file and
the fix.

SQLite runs in WAL mode with a 30 s busy timeout and `secure_delete` (a forgotten memory's
text is overwritten, not left in a free page); a write transaction starts with BEGIN
IMMEDIATE. A SQLite file is watched: when it is deleted or replaced while the store is open,
every later write fails instead of going into the unlinked file (where it would be lost)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from sqlalchemy import Table, delete, event, func, select, text
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError
from sqlmodel import SQLModel, create_engine

from iris.errors import ConfigError, InputError, StoreError
from iris.store.models import (
    EDGE,
    MEMORY,
    NAMESPACE,
    QUEUE,
    Memory,
)
from iris.types import MemoryRecord

_M = MEMORY
RECORD_COLUMNS = [c for c in _M.c if c.name != "embedding"]  # blobs stay in the database
_NS = NAMESPACE
_VERSION_SQL = text(f"SELECT version FROM {NAMESPACE.name} WHERE namespace = :ns")

# SQLite's words for a file it cannot use -> what the user should do about it.
_SQLITE_FAULTS = {
    "file is not a database": "it is not an SQLite database: point --db / IRIS_DB_URL at the "
                              "right file, or move this one away to start a new database",
    "database disk image is malformed": "the file is damaged (truncated or overwritten): restore "
                                        "it from a backup, or move it away to start a new database",
    "readonly database": "the file is read-only: make it (and its folder) writable",
    "unable to open database file": "it cannot be opened: check that the folder exists and is "
                                    "writable",
    "disk i/o error": "the disk failed to read or write it: check the disk and the file",
}


class Database:
    """One engine plus what the store needs around it. `path` is the SQLite file, if any."""

    def __init__(self, url: str):
        self.url = url
        self.path = _sqlite_path(url)
        if self.path is not None:
            _make_folder(self.path)
        self.engine = make_engine(url)
        self.postgres = self.engine.dialect.name == "postgresql"
        self._identity: tuple[int, int] | None = None

    def watch(self) -> None:
        """Remember which file the database is, so a deleted or replaced one is noticed."""
        if self.path is not None:
            st = os.stat(self.path)
            self._identity = (st.st_dev, st.st_ino)

    def check_file(self) -> None:
        if self._identity is None or self.path is None:
            return
        try:
            st = os.stat(self.path)
            same = (st.st_dev, st.st_ino) == self._identity
        except OSError:
            same = False
        if not same:
            raise StoreError(
                f"the memory database {self.path} was deleted or replaced while Iris had it "
                f"open; nothing was saved. Run Iris again to start a new database there, or "
                f"restore the file from a backup.")

    def connect(self) -> Connection:
        return self.engine.connect()

    @contextmanager
    def write(self) -> Iterator[Connection]:
        # On SQLite, BEGIN IMMEDIATE takes the write lock up front, so the exact check and
        # the insert see the same state and the busy timeout applies (a deferred
        # transaction upgrading to a writer can fail at once with SQLITE_BUSY).
        self.check_file()
        with self.engine.connect().execution_options(iris_write=True) as conn, conn.begin():
            yield conn

    @contextmanager
    def errors(self, action: str) -> Iterator[None]:
        """Database faults as a StoreError; a damaged or foreign SQLite file says so."""
        try:
            yield
        except SQLAlchemyError as exc:
            raise self.fault(action, exc) from exc

    def fault(self, action: str, exc: BaseException) -> StoreError:
        message = short(exc)
        if self.path is not None:
            lowered = message.lower()
            for words, fix in _SQLITE_FAULTS.items():
                if words in lowered:
                    return StoreError(f"cannot use the memory database {self.path}: {fix} "
                                      f"({message})")
        return StoreError(f"memory store {action} failed: {message}")

    def dispose(self) -> None:
        self.engine.dispose()


def _use_wal(cursor: Any, seconds: float = 30.0) -> None:
    """Put a SQLite file in WAL mode (an in-memory database keeps its own mode). Switching
    needs an exclusive lock and SQLite does not wait for it through busy_timeout, so two
    processes opening a new file at once saw "database is locked": retry instead."""
    import sqlite3

    deadline = time.monotonic() + seconds
    while True:
        try:
            cursor.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def make_engine(url: str) -> Engine:
    try:
        if url.startswith("sqlite"):
            engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

            @event.listens_for(engine, "connect")
            def _on_connect(dbapi_conn: Any, _record: Any) -> None:
                dbapi_conn.isolation_level = None  # we issue BEGIN ourselves (see _on_begin)
                cursor = dbapi_conn.cursor()
                cursor.execute("PRAGMA busy_timeout = 30000")
                _use_wal(cursor)
                cursor.execute("PRAGMA synchronous = NORMAL")  # safe in WAL mode
                cursor.execute("PRAGMA secure_delete = ON")  # erased text does not linger
                cursor.close()

            @event.listens_for(engine, "begin")
            def _on_begin(conn: Connection) -> None:
                write = conn.get_execution_options().get("iris_write")
                conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

            return engine
        return create_engine(url, pool_pre_ping=True)
    except (NoSuchModuleError, ArgumentError) as exc:
        raise ConfigError(f"{safe_url(url)} is not a database URL Iris can use ({exc}); "
                          f"give a SQLAlchemy URL such as sqlite:///path/iris.db or "
                          f"postgresql+psycopg://user@host/db") from exc
    except ImportError as exc:
        raise ConfigError(f"the database driver for {safe_url(url)} is not installed: "
                          f"{exc}") from exc
    except (SQLAlchemyError, ValueError) as exc:
        raise StoreError(f"cannot open the memory database {safe_url(url)}: {exc}") from exc


def _sqlite_path(url: str) -> Path | None:
    if not url.startswith("sqlite"):
        return None
    try:
        database = make_url(url).database
    except ArgumentError as exc:
        raise ConfigError(f"{url} is not a database URL Iris can use: {exc}") from exc
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database).expanduser()


def _make_folder(path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create the folder {path.parent} for the memory database "
                         f"{path}: {exc.strerror or exc}. Create it yourself, or point --db / "
                         f"IRIS_DB_URL somewhere writable.") from exc
    if path.exists() and not path.is_file():
        raise StoreError(f"the memory database {path} is not a file: point --db / IRIS_DB_URL "
                         f"at a file")


def upsert(conn: Connection, table: Table) -> Any:
    from sqlalchemy.dialects import postgresql, sqlite

    if conn.dialect.name == "postgresql":
        return postgresql.insert(table)
    return sqlite.insert(table)


def insert_ignore(conn: Connection, table: Table) -> Any:
    return upsert(conn, table).on_conflict_do_nothing()


# Why a version starts at the clock: erase() deletes a namespace's version row, and a new
# row starting at 1 could equal the version of a matrix another process still caches.
def bump(conn: Connection, namespace: str) -> int:
    """Bump the namespace's version (on Postgres the row lock serialises its writers)."""
    start = time.time_ns() // 1000
    stmt = upsert(conn, _NS).values(namespace=namespace, version=start)
    stmt = stmt.on_conflict_do_update(index_elements=["namespace"],
                                      set_={"version": _NS.c.version + 1}).returning(_NS.c.version)
    return conn.execute(stmt).scalar_one()


def version(conn: Connection, namespace: str) -> int:
    # Plain SQL: this runs before every search, and building an ORM select is slow (docs/decisions.md).
    return conn.execute(_VERSION_SQL, {"ns": namespace}).scalar() or 0


def existing(conn: Connection | None, namespace: str, hashes: list[str]) -> dict[str, int]:
    """content hash -> memory id, for the hashes already stored in the namespace."""
    if conn is None or not hashes:
        return {}
    rows = conn.execute(select(MEMORY.c.content_hash, MEMORY.c.id).where(
        MEMORY.c.namespace == namespace, MEMORY.c.content_hash.in_(set(hashes))))
    return {h: i for h, i in rows}


def superseded_by(conn: Connection, namespace: str, ids: list[int] | None = None) -> dict[int, int]:
    stmt = select(EDGE.c.dst, EDGE.c.src).where(
        EDGE.c.namespace == namespace, EDGE.c.kind == "supersedes")
    if ids is not None:
        stmt = stmt.where(EDGE.c.dst.in_(ids))
    return {dst: src for dst, src in conn.execute(stmt.order_by(EDGE.c.id))}


def records(conn: Connection, namespace: str, scored: list[tuple[int, float]],
            superseded: dict[int, int] | None = None) -> list[MemoryRecord]:
    """Records for (id, score) pairs, in that order."""
    if not scored:
        return []
    ids = [mem_id for mem_id, _ in scored]
    found = {r.id: r for r in rows(conn, select(*RECORD_COLUMNS).where(
        MEMORY.c.namespace == namespace, MEMORY.c.id.in_(ids)))}
    if superseded is None:
        superseded = superseded_by(conn, namespace, ids)
    return [record(found[mem_id], score=round(score, 4), superseded_by=superseded.get(mem_id))
            for mem_id, score in scored if mem_id in found]


@dataclass(frozen=True)
class Erased:
    memories: int
    edges: int
    queued: int
    namespaces: int


def erase_namespace(conn: Connection, namespace: str) -> Erased:
    """Delete every row that belongs to the namespace, its version row included."""
    def gone(table: Table) -> int:
        return conn.execute(delete(table).where(table.c.namespace == namespace)).rowcount

    return Erased(edges=gone(EDGE), queued=gone(QUEUE),
                  memories=gone(_M), namespaces=gone(_NS))


def count(conn: Connection, namespace: str) -> int:
    return conn.execute(select(func.count()).select_from(Memory)
                        .where(MEMORY.c.namespace == namespace)).scalar_one()


def short(exc: BaseException) -> str:
    message = str(getattr(exc, "orig", None) or exc)
    return message.splitlines()[0][:300] if message else type(exc).__name__


def safe_url(url: str) -> str:
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # not a URL at all: show it as given
        return url


def check_namespace(namespace: object) -> None:
    if not isinstance(namespace, str) or not namespace.strip() or len(namespace) > 200:
        raise InputError(f"namespace must be a non-empty string of at most 200 characters, "
                         f"got {namespace!r}")


def rows(conn: Connection, stmt: Any, model: type[SQLModel] = Memory) -> list[Any]:
    """Rows of a Core `select(table)` as model objects (no ORM session involved)."""
    out: list[Any] = []
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


def aware(value: datetime | str) -> datetime:
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    return value if value.tzinfo else value.replace(tzinfo=timezone.utc)


def record(row: Any, *, score: float | None = None,
           superseded_by: int | None = None) -> MemoryRecord:
    return MemoryRecord(
        id=row.id, namespace=row.namespace, content=row.content, type=row.type,
        category=row.category, importance=row.importance, metadata=row.meta or {},
        created_at=aware(row.created_at).isoformat(), updated_at=aware(row.updated_at).isoformat(),
        score=score, superseded_by=superseded_by)
