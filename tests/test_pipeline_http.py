"""The whole pipeline configured only from IRIS_* variables, talking to the scripted
OpenAI-compatible server on 127.0.0.1 through the real litellm HTTP path."""

import pytest
from llm_server import error_reply, tool_reply
from seed import SEED, SEED_ITEMS

from iris.pipeline import Pipeline


@pytest.fixture
def pipeline(settings, llm_server, monkeypatch):
    monkeypatch.setenv("IRIS_LLM_MODEL", "openai/scripted-model")
    monkeypatch.setenv("IRIS_LLM_API_BASE", llm_server.api_base)
    monkeypatch.setenv("IRIS_LLM_API_KEY", "test")
    monkeypatch.setenv("IRIS_LLM_TIMEOUT", "2")
    monkeypatch.setenv("IRIS_LLM_RETRIES", "0")
    monkeypatch.setenv("IRIS_EMBED_MODEL", "hashing")
    with Pipeline() as p:
        yield p


def test_seed_through_the_local_server_then_again(pipeline, llm_server):
    llm_server.enqueue(tool_reply("store_memory", {"memories": SEED_ITEMS}))
    first = pipeline.handle(SEED, user_id="alice")
    assert (first.route, first.results) == ("llm", ["MEMORY_STORED count=4 skipped=0 failed=0"])
    assert first.reply == "Got it, 4 memories saved."
    assert llm_server.requests[0]["model"] == "scripted-model"

    llm_server.enqueue(tool_reply("store_memory", {"memories": SEED_ITEMS}))
    second = pipeline.handle(SEED, user_id="alice")
    assert second.results == ["MEMORY_STORED count=0 skipped=4 failed=0"]


def test_server_error_still_stores_the_facts_offline(pipeline, llm_server):
    llm_server.enqueue(error_reply(500))
    reply = pipeline.handle(SEED, user_id="bob")
    assert reply.route == "offline"
    assert reply.results == ["MEMORY_STORED count=4 skipped=0 failed=0"]
    assert reply.errors and "LLM" in reply.errors[0]


def test_malformed_tool_arguments_fail_with_a_reason_not_a_traceback(pipeline, llm_server):
    arguments = '{"memories": [{"content": "I like tea"}, {"content": ""}]}'
    llm_server.enqueue(tool_reply("store_memory", arguments))
    reply = pipeline.handle("Remember these: I like tea and also something", user_id="carol")
    assert reply.route == "llm"
    assert reply.results[0].startswith("MEMORY_STORED count=1 skipped=0 failed=1")
    assert "content is empty" in reply.reply
