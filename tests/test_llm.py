"""The litellm boundary: the scripted fake, and the real HTTP path against a local server."""

import json
import socket
import subprocess
import sys

import pytest
from llm_server import error_reply, slow_reply, text_reply, tool_reply

from iris.errors import (
    LLMError,
    LLMRateLimitError,
    LLMResponseError,
    LLMTimeoutError,
    LLMUnavailableError,
)
from iris.llm import LiteLLMClient, LLMResponse, ScriptedLLM, make_llm

MESSAGES = [{"role": "user", "content": "remember that I like tea"}]
TOOLS = [{"type": "function", "function": {"name": "store_memory", "parameters": {"type": "object"}}}]


# --- ScriptedLLM -------------------------------------------------------------------------


def test_scripted_llm_replays_in_order_and_records_requests():
    llm = ScriptedLLM()
    llm.enqueue(LLMResponse.with_tool_call("store_memory", {"memories": ["I like tea"]}), "plain text")
    first = llm.complete(MESSAGES, tools=TOOLS, tool_choice="auto")
    second = llm.complete(MESSAGES, json_mode=True)
    assert first.tool_calls[0].arguments == {"memories": ["I like tea"]}
    assert second.content == "plain text" and second.tool_calls == []
    assert [h["json_mode"] for h in llm.history] == [False, True]
    assert llm.history[0]["tools"] == TOOLS and llm.history[0]["messages"] == MESSAGES
    assert llm.pending == 0


def test_scripted_llm_raises_queued_errors_and_when_empty():
    llm = ScriptedLLM(LLMTimeoutError("too slow"))
    with pytest.raises(LLMTimeoutError, match="too slow"):
        llm.complete(MESSAGES)
    with pytest.raises(LLMUnavailableError, match="no reply queued"):
        llm.complete(MESSAGES)
    with pytest.raises(TypeError):
        llm.enqueue(42)


def test_tool_call_with_damaged_json_keeps_the_raw_string():
    reply = LLMResponse.with_tool_call("store_memory", '{"memories": [{"content": "x",')
    assert reply.tool_calls[0].arguments == {}
    assert reply.raw_arguments == ['{"memories": [{"content": "x",']


def test_make_llm_is_none_without_a_model(settings):
    assert make_llm(settings) is None
    client = make_llm(settings.model_copy(update={"llm_model": "openai/x", "llm_retries": 3}))
    assert isinstance(client, LiteLLMClient) and client.model == "openai/x" and client.retries == 3
    with pytest.raises(LLMUnavailableError):
        LiteLLMClient(settings)


def test_importing_the_extractor_does_not_import_litellm():
    code = "import sys, iris.llm, iris.extract; print('litellm' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# --- the real HTTP path ------------------------------------------------------------------


@pytest.fixture
def client(llm_server, settings):
    return LiteLLMClient(settings.model_copy(update=llm_server.settings_update(timeout=1)))


def test_tool_call_over_http(client, llm_server):
    args = {"memories": [{"content": "I like tea", "type": "preference", "category": "food"}]}
    llm_server.enqueue(tool_reply("store_memory", args))
    reply = client.complete(MESSAGES, tools=TOOLS, tool_choice="auto")
    assert reply.tool_calls[0].name == "store_memory"
    assert reply.tool_calls[0].arguments == args
    assert json.loads(reply.raw_arguments[0]) == args
    sent = llm_server.requests[0]
    assert sent["model"] == "scripted" and sent["messages"] == MESSAGES
    assert sent["tools"][0]["function"]["name"] == "store_memory" and sent["tool_choice"] == "auto"


def test_text_and_json_mode_over_http(client, llm_server):
    llm_server.enqueue(text_reply('{"memories": []}'))
    reply = client.complete(MESSAGES, json_mode=True)
    assert reply.content == '{"memories": []}' and reply.tool_calls == []
    assert llm_server.requests[0]["response_format"] == {"type": "json_object"}
    assert "tools" not in llm_server.requests[0]


def test_malformed_tool_arguments_over_http(client, llm_server):
    llm_server.enqueue(tool_reply("store_memory", '{"memories": [{"content": "I like tea",'))
    reply = client.complete(MESSAGES, tools=TOOLS)
    assert reply.tool_calls[0].arguments == {}
    assert reply.raw_arguments == ['{"memories": [{"content": "I like tea",']


@pytest.mark.parametrize("status, error", [
    (500, LLMUnavailableError), (503, LLMUnavailableError), (401, LLMUnavailableError),
    (429, LLMRateLimitError), (400, LLMResponseError),
])
def test_http_errors_map_to_llm_errors(client, llm_server, status, error):
    llm_server.enqueue(error_reply(status))
    with pytest.raises(error) as info:
        client.complete(MESSAGES)
    assert info.value.model == "openai/scripted"
    assert len(llm_server.requests) == 1  # llm_retries=0: no hidden retry loop


def test_timeout_maps_to_llm_timeout_error(client, llm_server):
    llm_server.enqueue(slow_reply(3))
    with pytest.raises(LLMTimeoutError):
        client.complete(MESSAGES)


def test_retries_come_from_settings(llm_server, settings):
    client = LiteLLMClient(settings.model_copy(update=llm_server.settings_update(retries=1)))
    llm_server.enqueue(error_reply(500), text_reply("second time lucky"))
    assert client.complete(MESSAGES).content == "second time lucky"
    assert len(llm_server.requests) == 2


def test_connection_refused_is_unavailable(settings):
    with socket.socket() as sock:  # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    client = LiteLLMClient(settings.model_copy(update={
        "llm_model": "openai/scripted", "llm_api_base": f"http://127.0.0.1:{port}/v1",
        "llm_api_key": "test", "llm_timeout": 2, "llm_retries": 0}))
    with pytest.raises(LLMUnavailableError) as info:
        client.complete(MESSAGES)
    assert isinstance(info.value, LLMError)
