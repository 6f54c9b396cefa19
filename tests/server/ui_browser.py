"""Shared by the inspector's browser tests and the README screenshot: Debian's Chromium driven
by Playwright for Python, and the seed data. `python tests/server/ui_browser.py [PATH]` starts
its own `iris serve` and writes the README screenshot (default docs/inspector.png).

Playwright's own browser download is never used (`playwright install` needs the network):
the tests point it at /usr/bin/chromium (`apt-get install -y chromium`)."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

CHROMIUM = os.environ.get("IRIS_TEST_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CONTRADICTION = ("Remember that I love dark roast coffee", "Remember that I hate dark roast coffee")


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[dev]')"
    if not os.path.exists(CHROMIUM):
        return f"no Chromium at {CHROMIUM} (apt-get install -y chromium)"
    return None


def launch(playwright: Any) -> Any:
    # --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
    return playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])


def seed(client: Any, user_id: str) -> None:
    """The seed message's four memories and a contradicting pair, through the real pipeline."""
    from seed import SEED  # tests/seed.py

    client.delete(f"/v1/users/{user_id}/memories")
    for text in (SEED, *CONTRADICTION):
        reply = client.post("/v1/turns", json={"text": text, "user_id": user_id})
        assert reply.status_code == 200, reply.text


def sign_in(page: Any, url: str, key: str) -> None:
    page.goto(f"{url}/ui/login")
    page.get_by_label("API key").fill(key)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_load_state()


def screenshot(browser: Any, url: str, key: str, user_id: str, path: Path) -> Path:
    """The README picture: one user's memories, a contradiction among them."""
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    try:
        page = context.new_page()
        sign_in(page, url, key)
        page.goto(f"{url}/ui/users/{user_id}")
        page.screenshot(path=str(path), full_page=True)
    finally:
        context.close()
    return path


def main(out: str = "docs/inspector.png") -> None:
    sys.path.append(str(Path(__file__).parents[1]))  # tests/, for seed.py
    from playwright.sync_api import sync_playwright
    from serving import start_server, stop_server  # tests/server/serving.py

    with tempfile.TemporaryDirectory() as home:
        server = start_server(Path(home), f"sqlite:///{home}/iris.db")
        try:
            with server.client("acme") as client:
                seed(client, "alice")
            with sync_playwright() as p:
                browser = launch(p)
                print(screenshot(browser, server.url, server.keys["acme"], "alice", Path(out)))
                browser.close()
        finally:
            stop_server(server)


if __name__ == "__main__":
    main(*sys.argv[1:2])
