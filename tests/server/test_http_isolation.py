"""Tenant isolation: with one tenant's key, no route that takes a user id or a memory id
reads, lists, searches, exports, counts, forgets or erases another tenant's memories,
whatever user ids (the same name, the other tenant's namespace spelled out) or memory ids
it sends. A route added later with a user or memory id fails `test_every_route_is_covered`
until it is tested here."""

from __future__ import annotations

import httpx
import pytest

ATTACKS = ["alice", "acme:alice", "acme", "ALICE", "alice.", "default"]
COVERED = {
    ("POST", "/v1/turns"), ("POST", "/v1/recall"),
    ("GET", "/v1/users/{user_id}/memories"), ("DELETE", "/v1/users/{user_id}/memories"),
    ("GET", "/v1/users/{user_id}/memories/count"),
    ("GET", "/v1/users/{user_id}/memories/{memory_id}"),
    ("DELETE", "/v1/users/{user_id}/memories/{memory_id}"),
    ("GET", "/v1/users/{user_id}/export"), ("GET", "/v1/users/{user_id}/queue/{queue_id}"),
}


@pytest.fixture(scope="module")
def victim(server):
    """acme's alice with three memories and a queued store: (ids, queue id)."""
    with server.client("acme") as c:
        c.delete("/v1/users/alice/memories")
        ids = [c.post("/v1/turns", json={"text": f"Remember that {fact}", "user_id": "alice"})
               .json()["outcomes"][0]["id"]
               for fact in ("my bank is Nordbank", "my dog is called Rex", "I live in Oslo")]
        queued = c.post("/v1/turns", json={"text": "Remember that my cat is Mia", "user_id": "alice",
                                           "wait": False}).json()["queue_id"]
    assert all(ids) and queued
    return ids, queued


def _intact(server, ids):
    with server.client("acme") as c:
        for memory_id in ids:
            assert c.get(f"/v1/users/alice/memories/{memory_id}").status_code == 200
        assert c.get("/v1/users/alice/memories/count").json()["count"] >= len(ids)


def test_every_route_is_covered(server):
    spec = httpx.get(f"{server.url}/openapi.json").json()
    takes_ids = set()
    for path, operations in spec["paths"].items():
        for method, op in operations.items():
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {})
            ref = body.get("schema", {}).get("$ref", "").rsplit("/", 1)[-1]
            body_user = ref and "user_id" in spec["components"]["schemas"][ref]["properties"]
            if "{user_id}" in path or "{memory_id}" in path or body_user:
                takes_ids.add((method.upper(), path))
    assert takes_ids == COVERED


@pytest.mark.parametrize("user", ATTACKS)
def test_reads_see_nothing_of_another_tenant(server, victim, user):
    ids, queue_id = victim
    with server.client("globex") as c:
        page = c.get(f"/v1/users/{user}/memories").json()
        assert page["memories"] == []
        assert c.get(f"/v1/users/{user}/memories", params={"query": "Nordbank dog Oslo"}).json()[
            "memories"] == []
        assert c.get(f"/v1/users/{user}/memories/count").json() == {"count": 0}
        assert c.get(f"/v1/users/{user}/export").json() == []
        for memory_id in ids:
            r = c.get(f"/v1/users/{user}/memories/{memory_id}")
            assert r.status_code == 404 and "Nordbank" not in r.text
        assert c.get(f"/v1/users/{user}/queue/{queue_id}").json()["outcomes"] == []
        recall = c.post("/v1/recall", json={"user_id": user, "text": "what is my bank Nordbank?"}).json()
        assert recall["memories"] == [] and "Nordbank" not in recall["context"]
        listed = c.post("/v1/turns", json={"text": "What do you remember about me?", "user_id": user})
        assert "Nordbank" not in listed.text and "Rex" not in listed.text


@pytest.mark.parametrize("user", ATTACKS)
def test_writes_touch_nothing_of_another_tenant(server, victim, user):
    ids, _ = victim
    with server.client("globex") as c:
        for memory_id in ids:
            assert c.delete(f"/v1/users/{user}/memories/{memory_id}").status_code == 404
        forgotten = c.post("/v1/turns", json={"text": "Forget that my dog is called Rex", "user_id": user})
        assert "Rex" not in forgotten.text or forgotten.json()["outcomes"] == []
        stored = c.post("/v1/turns", json={"text": "Remember that my bank is Nordbank", "user_id": user})
        assert stored.json()["outcomes"][0]["status"] == "stored"  # not a duplicate of acme's
        erased = c.delete(f"/v1/users/{user}/memories").json()
        assert erased["memories"] == 1  # only what globex just stored
    _intact(server, ids)


def test_the_same_user_id_in_two_tenants_are_two_users(server, victim):
    ids, _ = victim
    with server.client("acme") as acme:
        mine = {m["id"] for m in acme.get("/v1/users/alice/export").json()}
    assert set(ids) <= mine
    with server.client("globex") as globex:
        globex.post("/v1/turns", json={"text": "Remember that I play chess", "user_id": "alice"})
        theirs = {m["id"] for m in globex.get("/v1/users/alice/export").json()}
        globex.delete("/v1/users/alice/memories")
    assert theirs and not theirs & mine
