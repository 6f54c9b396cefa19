"""Forget everything, in two steps: the SQL behind `MemoryStore.forget_all`.

The question ("this deletes all 12 memories, say 'yes, forget everything'") and its answer
may come from two `iris run` processes, so the pending request is a row of
`memory_pending`, not process state. A confirmation only counts while the row is fresh
(CONFIRM_SECONDS) and the namespace's version is the one the count was taken at: a memory
stored in between means the user would lose something they were not told about, so they
are asked again. Every function runs inside the caller's write transaction."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from sqlalchemy import delete, func, select
from sqlalchemy.engine import Connection

from iris.store.models import MEMORY, PENDING, Memory, utcnow

CONFIRM_SECONDS = 600
_ACTION = "forget_all"
_P = PENDING


def count(conn: Connection, namespace: str) -> int:
    return conn.execute(select(func.count()).select_from(Memory)
                        .where(MEMORY.c.namespace == namespace)).scalar_one()


def ask(conn: Connection, namespace: str, version: int, n: int) -> None:
    """Record (or renew) the pending request."""
    cancel(conn, namespace)
    conn.execute(_P.insert().values(namespace=namespace, action=_ACTION, version=version,
                                    count=n, expires_at=utcnow() + timedelta(seconds=CONFIRM_SECONDS)))


def take(conn: Connection, namespace: str, version: int) -> bool:
    """True when a fresh request for this state of the namespace was pending; it is used up."""
    row = conn.execute(select(_P.c.version, _P.c.expires_at).where(
        _P.c.namespace == namespace, _P.c.action == _ACTION)).first()
    if row is None:
        return False
    cancel(conn, namespace)
    expires = row.expires_at
    if isinstance(expires, str):
        expires = datetime.fromisoformat(expires)
    if expires.tzinfo is None:  # SQLite hands back naive datetimes
        expires = expires.replace(tzinfo=timezone.utc)
    return row.version == version and expires > utcnow()


def cancel(conn: Connection, namespace: str) -> None:
    conn.execute(delete(_P).where(_P.c.namespace == namespace, _P.c.action == _ACTION))

