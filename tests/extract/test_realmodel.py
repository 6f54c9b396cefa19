"""The LLM path against a real small model (opt-in, slow: 10-120 s per message on a CPU).

Skipped unless a real OpenAI-compatible server is named: either
    IRIS_TEST_REALMODEL_URL=http://127.0.0.1:8765/v1      a server already running, or
    IRIS_TEST_REALMODEL_GGUF=~/.cache/iris/realmodel/qwen2.5-coder-0.5b-instruct-q4.gguf
                                                          started here (scripts/serve_real_model.py,
                                                          xllamacpp from the `site` folder beside it).
Fetch both with scripts/fetch_real_model.sh; run with `pytest -m realmodel tests/extract`.

What it checks is the contract with a real model's habits, not its judgement: every reply is
usable (Qwen2.5-Coder-0.5B writes the call as text in `content`, often fenced, instead of
`tool_calls`), so the facts come from the model (route "llm", no fallback), each ends stored,
and plainly separate facts are found. The wording of each fact is the model's own."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from iris.pipeline import Pipeline

URL = os.environ.get("IRIS_TEST_REALMODEL_URL")
GGUF = os.environ.get("IRIS_TEST_REALMODEL_GGUF")
SERVE = Path(__file__).resolve().parents[2] / "scripts" / "serve_real_model.py"

pytestmark = [
    pytest.mark.realmodel,
    pytest.mark.skipif(not (URL or GGUF), reason="real model not configured: set "
                       "IRIS_TEST_REALMODEL_URL or IRIS_TEST_REALMODEL_GGUF "
                       "(scripts/fetch_real_model.sh)"),
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def realmodel_url():
    if URL:
        yield URL
        return
    gguf = Path(str(GGUF)).expanduser()
    port = _free_port()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(gguf.parent / "site"), os.environ.get("PYTHONPATH", "")]))
    server = subprocess.Popen(
        [sys.executable, str(SERVE), "--model", str(gguf), "--port", str(port), "--threads", "1"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if server.poll() is not None:
                pytest.fail(f"the model server exited with code {server.returncode}")
            try:
                if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        else:
            pytest.fail("the model server did not come up within 120 s")
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.fixture
def pipeline(settings, realmodel_url):
    update = {"llm_model": "openai/local", "llm_api_base": realmodel_url, "llm_api_key": "none",
              "llm_timeout": 600.0, "llm_retries": 0}
    with Pipeline(settings.model_copy(update=update)) as p:
        yield p


@pytest.mark.parametrize("message, expected", [
    ("Remember that I keep bees and that my van is blue.", ["bees", "van"]),
    ("please save these: I'm allergic to shellfish. I live in Leeds.", ["shellfish", "Leeds"]),
    ("Add these to my profile: 1. I swim 2. I hate olives", ["swim", "olives"]),
])
def test_facts_from_the_real_model_end_stored(pipeline, message, expected):
    reply = pipeline.handle(message, user_id="realmodel")
    assert reply.route == "llm", reply.errors  # the model's reply was usable: no fallback
    assert not reply.errors
    stored = [m.content for m in pipeline.store.export("realmodel")]
    assert reply.results and reply.results[0].startswith("MEMORY_STORED count=")
    assert f"count={len(stored)} " in reply.results[0] and "failed=0" in reply.results[0]
    for word in expected:
        assert any(word.lower() in content.lower() for content in stored), (word, stored)
