"""The memory inspector (/ui) in a real browser: Debian's Chromium driven by Playwright,
against a real `iris serve` (tests/server/conftest.py). Skipped, with the reason, only where
Playwright or Chromium is missing."""

from __future__ import annotations

import re

import pytest
import ui_browser

pytestmark = pytest.mark.skipif(ui_browser.missing() is not None,
                                reason=ui_browser.missing() or "")

SEED_MEMORIES = ["I'm allergic to shellfish", "I prefer window seats",
                 "My anniversary is March 14th", "I hate sweet burger"]


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = ui_browser.launch(p)
        yield launched
        launched.close()


@pytest.fixture
def page(browser, server):
    """A fresh browser session signed in as tenant `acme`, whose user `alice` holds the seed."""
    with server.client("acme") as client:
        ui_browser.seed(client, "alice")
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    page.set_default_timeout(20_000)
    ui_browser.sign_in(page, server.url, server.keys["acme"])
    yield page
    context.close()


def _contents(page):
    # A click that navigates returns once the new page starts loading; all_inner_texts does
    # not wait, so read after the page has loaded (CI read an empty list once on Postgres).
    page.wait_for_load_state()
    return page.locator("article.memory .content").all_inner_texts()


def test_sign_in_lists_users_and_the_seed_memories(page, server):
    page.wait_for_url(f"{server.url}/ui")
    row = page.get_by_role("row", name=re.compile(r"^alice"))
    assert row.get_by_role("cell").nth(1).inner_text() == "6"  # the seed's four + the pair
    row.get_by_role("link", name="alice").click()
    shown = _contents(page)
    for memory in SEED_MEMORIES:
        assert memory in shown
    assert server.keys["acme"] not in page.url  # the key is never in an address
    cookie = next(c for c in page.context.cookies() if c["name"] == "iris_ui")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"


def test_search_ranks_the_matching_memory_first(page, server):
    page.goto(f"{server.url}/ui/users/alice")
    page.get_by_label("Search").fill("shellfish allergy")
    page.get_by_label("Search").press("Enter")
    assert _contents(page)[0] == "I'm allergic to shellfish"
    page.get_by_label("Search").fill("")
    page.get_by_label("Category").select_option("travel")
    page.get_by_role("button", name="Show").click()
    assert _contents(page) == ["I prefer window seats"]


def test_contradiction_pair_side_by_side_and_forget_one_with_confirmation(page, server):
    page.goto(f"{server.url}/ui/users/alice")
    love = page.locator("article.memory", has_text="I love dark roast coffee")
    love.get_by_role("link", name="Compare side by side").click()
    pair = page.locator("section.pair")
    assert pair.locator(".side .content").all_inner_texts() == [
        "I love dark roast coffee", "I hate dark roast coffee"]
    pair.get_by_role("button", name=re.compile("Forget memory .*: I love dark roast")).click()
    # The confirmation page: nothing is deleted yet.
    assert page.get_by_role("heading", name=re.compile("Forget 1 memory of alice")).is_visible()
    with server.client("acme") as client:
        assert client.get("/v1/users/alice/memories/count").json()["count"] == 6
    page.get_by_role("link", name="Cancel").click()
    assert "I love dark roast coffee" in _contents(page)
    page.goto(f"{server.url}/ui/users/alice")
    page.locator("article.memory", has_text="I love dark roast coffee").get_by_role(
        "button", name=re.compile("^Forget memory")).click()
    page.get_by_role("button", name="Yes, forget 1").click()
    assert page.get_by_role("status").first.inner_text() == "Forgot 1 memory."
    shown = _contents(page)
    assert "I love dark roast coffee" not in shown and "I hate dark roast coffee" in shown
    with server.client("acme") as client:
        assert client.get("/v1/users/alice/memories/count").json()["count"] == 5


def test_select_several_and_forget_them(page, server):
    page.goto(f"{server.url}/ui/users/alice")
    for text in ("I prefer window seats", "I hate sweet burger"):
        page.locator("article.memory", has_text=text).get_by_role("checkbox").check()
    page.get_by_role("button", name="Forget selected…").click()
    assert page.locator(".confirm-list li").count() == 2
    page.get_by_role("button", name="Yes, forget 2").click()
    shown = _contents(page)
    assert "I prefer window seats" not in shown and "I hate sweet burger" not in shown
    assert "I'm allergic to shellfish" in shown


def test_erase_a_user_by_typing_the_user_id(page, server):
    page.goto(f"{server.url}/ui/users/alice")
    page.get_by_role("link", name="Erase this user…").click()
    page.get_by_label(re.compile("Type the user id")).fill("alic")
    page.get_by_role("button", name="Erase alice").click()
    assert "does not match" in page.get_by_role("alert").inner_text()
    with server.client("acme") as client:
        assert client.get("/v1/users/alice/memories/count").json()["count"] == 6
    page.get_by_label(re.compile("Type the user id")).fill("alice")
    page.get_by_role("button", name="Erase alice").click()
    assert page.url == f"{server.url}/ui?done=" + page.url.split("done=", 1)[1]
    assert "Erased alice: 6 memories" in page.get_by_role("status").first.inner_text()
    assert page.get_by_role("link", name="alice").count() == 0
    with server.client("acme") as client:
        assert client.get("/v1/users/alice/memories/count").json()["count"] == 0


def test_wrong_key_is_refused(browser, server):
    context = browser.new_context()
    page = context.new_page()
    try:
        ui_browser.sign_in(page, server.url, "iris_000000000000_" + "x" * 43)
        assert "unknown or revoked" in page.get_by_role("alert").inner_text()
        page.goto(f"{server.url}/ui/users/alice")
        assert page.url == f"{server.url}/ui/login"
        assert not [c for c in context.cookies() if c["name"] == "iris_ui"]
    finally:
        context.close()


def test_keyboard_only_sign_in_and_navigation(browser, server):
    """By keyboard alone on a narrow screen: the key field has the focus, Tab reaches the
    user, the page starts with a skip link, and nothing scrolls sideways."""
    context = browser.new_context(viewport={"width": 380, "height": 800})  # a narrow phone
    page = context.new_page()
    try:
        with server.client("acme") as client:
            ui_browser.seed(client, "alice")
        page.goto(f"{server.url}/ui/login")
        # The key field takes the focus by itself (autofocus); wait for it rather than type
        # into a page that has not applied it yet (characters were lost on a loaded machine).
        page.wait_for_function("document.activeElement && document.activeElement.id === 'key'")
        page.keyboard.type(server.keys["acme"])
        page.keyboard.press("Enter")
        page.wait_for_url(f"{server.url}/ui")
        for _ in range(10):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.textContent") == "alice":
                break
        page.keyboard.press("Enter")
        page.wait_for_url(f"{server.url}/ui/users/alice")
        page.keyboard.press("Tab")  # the skip link comes first
        assert page.evaluate("document.activeElement.textContent") == "Skip to content"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 380  # no sideways scrolling on a narrow screen
    finally:
        context.close()


def test_readme_screenshot_script(browser, server, tmp_path):
    with server.client("acme") as client:
        ui_browser.seed(client, "alice")
    shot = ui_browser.screenshot(browser, server.url, server.keys["acme"], "alice", tmp_path / "ui.png")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
