"""The memory inspector (/ui) over plain HTTP against a real `iris serve`: the session cookie,
tenant isolation of every inspector route, confirmation before any change, cross-site form
posts refused, paging and export. The browser tests (test_ui_browser.py) drive the pages."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest
import ui_browser

from iris.server.keys import KeyStore

ACME_FACTS = ("my bank is Nordbank", "my dog is called Rex", "I live in Oslo")


@contextmanager
def _ui(server, key: str | None) -> Iterator[httpx.Client]:
    """A client signed in to the inspector with `key` (not signed in for None)."""
    with httpx.Client(base_url=server.url, timeout=60) as client:
        if key is not None:
            done = client.post("/ui/login", data={"key": key})
            assert done.status_code == 303 and done.headers["location"] == "/ui"
        yield client


@pytest.fixture(scope="module")
def acme(server):
    """acme's alice with three memories: their ids."""
    with server.client("acme") as c:
        c.delete("/v1/users/alice/memories")
        return [c.post("/v1/turns", json={"text": f"Remember that {fact}", "user_id": "alice"})
                .json()["outcomes"][0]["id"] for fact in ACME_FACTS]


def _count(server, user="alice", tenant="acme"):
    with server.client(tenant) as c:
        return c.get(f"/v1/users/{user}/memories/count").json()["count"]


def test_without_a_session_every_page_sends_to_sign_in(server, acme):
    with _ui(server, None) as c:
        for path in ("/ui", "/ui/users/alice", f"/ui/users/alice/memories/{acme[0]}",
                     "/ui/users/alice/export.json", "/ui/users/alice/erase"):
            got = c.get(path)
            assert (got.status_code, got.headers.get("location")) == (303, "/ui/login"), path
        got = c.post("/ui/users/alice/forget", data={"ids": acme[0], "confirm": "yes"})
        assert got.status_code == 303 and got.headers["location"] == "/ui/login"
    assert _count(server) == 3


def test_sign_in_sets_an_httponly_strict_cookie_and_a_wrong_key_is_refused(server, acme):
    key = server.keys.get("acme") or server.key("acme")
    with httpx.Client(base_url=server.url) as c:
        done = c.post("/ui/login", data={"key": key})
        cookie = done.headers["set-cookie"]
        assert re.search(r"HttpOnly", cookie, re.I) and re.search(r"SameSite=strict", cookie, re.I)
        assert "Path=/ui" in cookie and key not in done.headers["location"]
        wrong = c.post("/ui/login", data={"key": key[:-1] + ("A" if key[-1] != "A" else "B")})
        assert wrong.status_code == 401 and "set-cookie" not in wrong.headers
        assert "unknown or revoked" in wrong.text


def test_a_revoked_key_stops_the_session_at_once(server, acme):
    key = server.key("acme")  # a second key of acme, revoked below
    with _ui(server, key) as c:
        assert "alice" in c.get("/ui").text
        keys = KeyStore.open(server.db_url)  # what `iris keys revoke` calls
        assert keys.revoke(key.split("_")[1])
        keys.db.engine.dispose()
        got = c.get("/ui")
        assert (got.status_code, got.headers["location"]) == (303, "/ui/login")


def test_another_tenant_sees_and_changes_nothing_of_acme(server, acme):
    evil = server.key("evil")
    with server.client("evil") as c:
        c.post("/v1/turns", json={"text": "Remember that I like tea", "user_id": "mallory"})
    with _ui(server, evil) as c:
        users = c.get("/ui").text
        assert "mallory" in users and "alice" not in users
        for user in ("alice", "acme:alice"):
            page = c.get(f"/ui/users/{user}").text
            assert not any(fact in page for fact in ACME_FACTS)
            assert c.get(f"/ui/users/{user}/export.json").json() == []
            for memory_id in acme:
                assert c.get(f"/ui/users/{user}/memories/{memory_id}").status_code == 404
            confirm = c.post(f"/ui/users/{user}/forget", data={"ids": acme})
            assert not any(fact in confirm.text for fact in ACME_FACTS)
            c.post(f"/ui/users/{user}/forget", data={"ids": acme, "confirm": "yes"})
            c.post(f"/ui/users/{user}/erase", data={"typed": user})
    assert _count(server) == 3


def test_changes_need_confirmation_and_a_same_site_form(server, acme):
    key = server.keys["acme"]
    with _ui(server, key) as c:
        asked = c.post("/ui/users/alice/forget", data={"ids": acme[:2]})
        assert asked.status_code == 200 and "Forget 2 memories of alice?" in asked.text
        assert _count(server) == 3  # asking deletes nothing
        wrong = c.post("/ui/users/alice/erase", data={"typed": "Alice"})
        assert wrong.status_code == 422 and _count(server) == 3
        cross = c.post("/ui/users/alice/forget", data={"ids": acme[0], "confirm": "yes"},
                       headers={"Origin": "http://evil.example"})
        assert cross.status_code == 422 and _count(server) == 3
        export = c.get("/ui/users/alice/export.json")
        assert "attachment" in export.headers["content-disposition"]
        assert [m["id"] for m in export.json()] == acme  # oldest first
        assert [m["content"] for m in export.json()] == list(ACME_FACTS)


def test_pages_of_fifty_follow_the_next_link_without_repeats(server):
    with server.client("acme") as c:
        c.delete("/v1/users/bob/memories")
        for i in range(55):
            c.post("/v1/turns", json={"text": f"Remember that locker {i} holds item {i * 7}",
                                      "user_id": "bob"})
    assert _count(server, "bob") == 55
    seen: list[str] = []
    with _ui(server, server.keys["acme"]) as c:
        url: str | None = "/ui/users/bob"
        while url:
            page = c.get(url).text
            seen += re.findall(r'<p class="content" id="c\d+">([^<]*)</p>', page)
            found = re.search(r'<a href="([^"]+)" rel="next">', page)
            url = found.group(1).replace("&amp;", "&") if found else None
    assert len(seen) == 55 and len(set(seen)) == 55


def test_the_browser_helpers_name_what_is_missing():
    assert ui_browser.missing() is None or "chromium" in ui_browser.missing().lower() \
        or "playwright" in ui_browser.missing()


def test_a_memory_shows_where_it_came_from(server, acme):
    with _ui(server, server.keys.get("acme") or server.key("acme")) as c:
        page = c.get(f"/ui/users/alice/memories/{acme[0]}").text
    assert re.search(r"<dt>Source</dt><dd>fast path</dd>", page)
