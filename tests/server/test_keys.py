"""The key table's cache (iris/server/keys.py): how long a worker trusts a key it verified,
and that a revoke ends that trust (at once in the same process, within the bound elsewhere).
In-process, on SQLite and Postgres; the app runs on httpx's ASGI transport."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from iris.server.keys import KeyStore
from iris.store.engine import Database


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def keys(db_url, clock):
    store = KeyStore(Database(db_url), cache_seconds=1.0, clock=clock)
    yield store
    store.db.dispose()


def _key_id(key: str) -> str:
    return key.split("_")[1]


def test_a_verified_key_is_trusted_only_for_cache_seconds(keys, clock):
    _, key = keys.create("acme")
    assert keys.trusted(key) is None  # never read from the table yet
    assert keys.tenant(key) == "acme"
    assert keys.trusted(key) == "acme"
    clock.now += 0.99
    assert keys.trusted(key) == "acme"
    clock.now += 0.02
    assert keys.trusted(key) is None  # expired: the caller reads the table again


def test_a_revoke_through_the_same_store_ends_the_trust_at_once(keys):
    _, key = keys.create("acme")
    _, other = keys.create("acme")
    assert keys.tenant(key) == keys.tenant(other) == "acme"
    assert keys.revoke(_key_id(key))
    assert keys.trusted(key) is None
    assert keys.tenant(key) is None
    assert keys.trusted(other) == "acme"  # only the revoked key is dropped


def test_a_revoke_from_another_process_is_seen_within_cache_seconds(keys, clock, db_url):
    _, key = keys.create("acme")
    assert keys.tenant(key) == "acme"
    elsewhere = KeyStore(Database(db_url), migrate=False)  # what `iris keys revoke` opens
    try:
        assert elsewhere.revoke(_key_id(key))
    finally:
        elsewhere.db.dispose()
    assert keys.trusted(key) == "acme"  # the documented delay: this store cannot know yet
    clock.now += 1.0
    assert keys.trusted(key) is None
    assert keys.tenant(key) is None


def test_unknown_wrong_and_malformed_keys_are_never_trusted(keys):
    _, key = keys.create("acme")
    wrong = key[:-1] + ("A" if key[-1] != "A" else "B")
    for bad in (wrong, "nonsense", f"iris_{'0' * 12}_{'x' * 43}"):
        assert keys.tenant(bad) is None
        assert keys.trusted(bad) is None


def test_no_cache_with_zero_seconds(db_url):
    keys = KeyStore(Database(db_url), cache_seconds=0)
    try:
        _, key = keys.create("acme")
        assert keys.tenant(key) == "acme"
        assert keys.trusted(key) is None
    finally:
        keys.db.dispose()


def test_the_api_refuses_a_key_revoked_in_its_process_on_the_next_request(db_settings):
    """With a minute of trust, only the revoke's own invalidation can give this 401."""
    from iris.server.app import Service, create_app

    settings = db_settings.model_copy(update={"server_key_cache_seconds": 60.0,
                                              "intent_enabled": False})
    service = Service(settings)
    app = create_app(settings, service=service)
    _, key = service.keys.create("acme")

    async def run() -> list[int]:
        statuses = []
        async with app.router.lifespan_context(app), httpx.AsyncClient(
                transport=httpx.ASGITransport(app=app), base_url="http://iris",
                headers={"Authorization": f"Bearer {key}"}) as client:
            for _ in range(2):  # the first reads the table, the second is served from trust
                statuses.append((await client.get("/v1/users/alice/memories/count")).status_code)
            assert service.keys.trusted(key) == "acme"
            service.keys.revoke(_key_id(key))
            got = await client.get("/v1/users/alice/memories/count")
            statuses.append(got.status_code)
            assert got.json()["error"]["code"] == "unauthorized"
        return statuses

    assert asyncio.run(run()) == [200, 200, 401]
