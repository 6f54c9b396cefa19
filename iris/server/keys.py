"""Tenant API keys for `iris serve`: `iris keys create --tenant NAME`, `list`, `revoke`.

A key reads `iris_<id>_<secret>`: the id is public (it names the key in `iris keys list`
and `revoke`), the secret is 32 random bytes. Only the SHA-256 of the whole key is stored,
so a copy of the database does not hand out working keys. A fast hash is enough here: the
key is random, not a password a person chose, so there is nothing to guess from its hash.

A worker may trust a key it verified in the last `cache_seconds` without reading the table
again (Settings.server_key_cache_seconds): a revoke through the same KeyStore drops it at
once; a revoke from another process is seen when the entry expires. Only the digest is kept.

A tenant's users live in the namespace `<tenant>:<user_id>`. A tenant name has no `:`, so
the tenant is whatever precedes the first `:` and no user id sent by one tenant can name a
namespace of another."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update

from iris.errors import InputError
from iris.pipeline import check_user_id
from iris.store import migrations
from iris.store.engine import Database, aware
from iris.store.models import API_KEY, utcnow

_TENANT = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
_KEY = re.compile(r"iris_([0-9a-f]{12})_([A-Za-z0-9_-]{43})")
NAMESPACE_CHARS = 128  # what check_user_id allows for the namespace the pipeline sees
MAX_TRUSTED = 1024  # keys one worker trusts at a time; past that, the expired ones go


@dataclass(frozen=True)
class KeyInfo:
    id: str
    tenant: str
    created_at: datetime
    revoked_at: datetime | None


def check_tenant(tenant: object) -> str:
    if not isinstance(tenant, str) or not _TENANT.fullmatch(tenant):
        raise InputError("tenant must be 1-32 characters of lower-case letters, digits, _ and -, "
                         "starting with a letter or digit")
    return tenant


def namespace(tenant: str | None, user_id: object) -> str:
    """The namespace of a tenant's user (None: no tenant, the user id itself, as the CLI).
    InputError for a malformed user id or one too long to fit after the tenant name."""
    user = check_user_id(user_id)
    if tenant is None:
        return user
    name = f"{tenant}:{user}"
    if len(name) > NAMESPACE_CHARS:
        raise InputError(f"user_id is too long: at most {NAMESPACE_CHARS - len(tenant) - 1} "
                         f"characters for tenant {tenant!r}")
    return name


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


class KeyStore:
    """The keys table of one database (created by migration 6 when the store opens)."""

    def __init__(self, db: Database, *, migrate: bool = True, cache_seconds: float = 0.0,
                 clock: Callable[[], float] = time.monotonic):
        self.db = db
        self.cache_seconds = cache_seconds
        self._clock = clock
        # digest -> (key id, tenant, when the table said it was active)
        self._trusted: dict[str, tuple[str, str, float]] = {}
        self._lock = threading.Lock()
        # Bumped by every revoke: a lookup that read the table before a revoke in this
        # process must not put the key back into the cache after it.
        self._revocations = 0
        if migrate:
            migrations.migrate(db)

    @classmethod
    def open(cls, url: str) -> KeyStore:
        db = Database(url)
        store = cls(db)
        db.watch()
        return store

    def create(self, tenant: str) -> tuple[KeyInfo, str]:
        """A new key for `tenant`: its info and the key itself (shown once, never stored)."""
        check_tenant(tenant)
        key_id = secrets.token_hex(6)
        key = f"iris_{key_id}_{secrets.token_urlsafe(32)}"
        now = utcnow()
        with self.db.errors("create key"), self.db.write() as conn:
            conn.execute(API_KEY.insert().values(id=key_id, tenant=tenant, key_hash=_digest(key),
                                                 created_at=now, revoked_at=None))
        return KeyInfo(key_id, tenant, now, None), key

    def list(self, tenant: str | None = None) -> list[KeyInfo]:
        stmt = select(API_KEY.c.id, API_KEY.c.tenant, API_KEY.c.created_at, API_KEY.c.revoked_at)
        if tenant is not None:
            stmt = stmt.where(API_KEY.c.tenant == tenant)
        with self.db.errors("list keys"), self.db.connect() as conn:
            return [KeyInfo(r.id, r.tenant, aware(r.created_at),
                            aware(r.revoked_at) if r.revoked_at else None)
                    for r in conn.execute(stmt.order_by(API_KEY.c.created_at, API_KEY.c.id))]

    def revoke(self, key_id: str) -> bool:
        """True when the key existed and was active; it is refused from now on."""
        with self.db.errors("revoke key"), self.db.write() as conn:
            done = conn.execute(update(API_KEY).where(API_KEY.c.id == key_id,
                                                      API_KEY.c.revoked_at.is_(None))
                                .values(revoked_at=utcnow()))
        with self._lock:
            self._revocations += 1
            for digest in [d for d, (kid, _, _) in self._trusted.items() if kid == key_id]:
                del self._trusted[digest]
        return bool(done.rowcount)

    def tenant(self, key: str) -> str | None:
        """The tenant of an active key, or None (unknown, malformed or revoked), as the table
        says now. An active key is trusted by `trusted` for the next `cache_seconds`."""
        match = _KEY.fullmatch(key)
        if match is None:
            return None
        revocations = self._revocations
        with self.db.errors("check key"), self.db.connect() as conn:
            row = conn.execute(select(API_KEY.c.tenant, API_KEY.c.key_hash, API_KEY.c.revoked_at)
                               .where(API_KEY.c.id == match.group(1))).first()
        digest = _digest(key)
        if row is None or row.revoked_at is not None or not hmac.compare_digest(row.key_hash, digest):
            return None
        if self.cache_seconds > 0:
            with self._lock:
                if revocations == self._revocations:
                    self._remember(digest, match.group(1), row.tenant)
        return str(row.tenant)

    def trusted(self, key: str) -> str | None:
        """The tenant of a key `tenant` found active less than `cache_seconds` ago, without
        reading the table; None means "ask `tenant`", not "refused"."""
        if self.cache_seconds <= 0:
            return None
        found = self._trusted.get(_digest(key))
        if found is None or self._clock() - found[2] >= self.cache_seconds:
            return None
        return found[1]

    def _remember(self, digest: str, key_id: str, tenant: str) -> None:
        now = self._clock()
        if len(self._trusted) >= MAX_TRUSTED:
            for old in [d for d, (_, _, at) in self._trusted.items() if now - at >= self.cache_seconds]:
                del self._trusted[old]
            if len(self._trusted) >= MAX_TRUSTED:
                self._trusted.clear()
        self._trusted[digest] = (key_id, tenant, now)
