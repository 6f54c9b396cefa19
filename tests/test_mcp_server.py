"""`iris mcp` through the official MCP client: a real subprocess over stdio."""

import os
import sys

import anyio
import pytest
from seed import SEED_ITEMS

from iris.results import parse_result

mcp_client = pytest.importorskip("mcp.client", reason="the mcp SDK is a dependency of Iris")


def _server(settings, *args):
    from mcp.client.stdio import StdioServerParameters

    env = {**os.environ, "IRIS_HOME": str(settings.home), "IRIS_EMBED_MODEL": "hashing",
           "PYTHONPATH": os.pathsep.join(sys.path)}
    return StdioServerParameters(command=sys.executable,
                                 args=["-c", "from iris.cli import main; main()", "mcp", *args], env=env)


def _text(result) -> str:
    return "".join(block.text for block in result.content)


async def _session(settings, calls, *args):
    async with mcp_client.Client(_server(settings, *args)) as client:
        tools = await client.list_tools()
        out = [sorted(t.name for t in tools.tools)]
        for name, arguments in calls:
            out.append(await client.call_tool(name, arguments))
        return out


def test_store_list_forget_over_stdio(settings):
    memories = SEED_ITEMS
    names, stored, again, listed, forgotten, after = anyio.run(_session, settings, [
        ("store_memory", {"memories": memories}),
        ("store_memory", {"memories": memories}),
        ("list_memories", {}),
        ("forget_memory", {"query": "window seats"}),
        ("list_memories", {"limit": 10}),
    ], "--user", "alice")
    assert names == ["forget_memory", "list_memories", "memory_store", "recall", "store_memory"]
    assert _text(stored) == "MEMORY_STORED count=4 skipped=0 failed=0"
    assert _text(again) == "MEMORY_STORED count=0 skipped=4 failed=0"
    assert parse_result(_text(listed))["count"] == 4
    gone = parse_result(_text(forgotten))
    assert gone.code == "MEMORY_FORGOTTEN" and "window" in gone["items"][0]["content"]
    assert sorted(i["content"] for i in parse_result(_text(after))["items"]) == sorted(
        i["content"] for i in SEED_ITEMS if "window" not in i["content"])


def test_the_tool_schemas_are_irises(settings):
    from iris.mcp_server import tool_definitions
    from iris.tools import tool_schemas

    by_name = {t["name"]: t["input_schema"] for t in tool_definitions()}
    for schema in tool_schemas():
        assert by_name[schema["function"]["name"]] == schema["function"]["parameters"]


def test_bad_calls_are_tool_errors_and_the_user_is_fixed(settings):
    _, empty, unknown, other_user = anyio.run(_session, settings, [
        ("store_memory", {"memories": []}),
        ("no_such_tool", {}),
        ("list_memories", {"user_id": "bob"}),
    ], "--user", "alice")
    assert not empty.is_error and _text(empty).startswith("MEMORY_STORE_FAILED")
    assert unknown.is_error and "unknown tool" in _text(unknown)
    assert other_user.is_error and "--user-from-arguments" in _text(other_user)


def test_users_chosen_per_call_are_kept_apart(settings):
    _, stored, alice, bob = anyio.run(_session, settings, [
        ("store_memory", {"memories": ["I like tea"], "user_id": "alice"}),
        ("list_memories", {"user_id": "alice"}),
        ("list_memories", {"user_id": "bob"}),
    ], "--user-from-arguments")
    assert _text(stored) == "MEMORY_STORED count=1 skipped=0 failed=0"
    assert parse_result(_text(alice))["count"] == 1
    assert parse_result(_text(bob))["count"] == 0


def test_recall_returns_the_context_block(settings):
    _, _, recalled, bad = anyio.run(_session, settings, [
        ("store_memory", {"memories": ["I drive a red Toyota", "I like green tea"]}),
        ("recall", {"text": "what car do I drive?", "k": 1}),
        ("recall", {"text": "", "k": 1}),
    ], "--user", "alice")
    assert "<memories>" in _text(recalled) and "Toyota" in _text(recalled)
    assert "green tea" not in _text(recalled)
    assert bad.is_error and "message is empty" in _text(bad)


def test_memory_store_answers_with_its_result_dictionary(settings):
    import json

    _, stored, again, bad, other = anyio.run(_session, settings, [
        ("memory_store", {"content": "I prefer window seats", "memory_type": "preference"}),
        ("memory_store", {"content": "I prefer window seats"}),
        ("memory_store", {"content": "I prefer window seats", "importance": 2}),
        ("memory_store", {"content": "I like tea", "namespace": "bob"}),
    ], "--user", "alice")
    first, dup, failed = (json.loads(_text(r)) for r in (stored, again, bad))
    assert first["success"] and first["id"] and first["queued"] is False
    assert dup["success"] and dup["duplicate_of"] == dup["id"] == first["id"]
    assert not bad.is_error and failed["success"] is False and "importance" in failed["error"]
    assert other.is_error and "--user-from-arguments" in _text(other)


def test_memory_store_namespace_is_the_user_when_the_server_lets_calls_choose(settings):
    import json

    _, stored, listed = anyio.run(_session, settings, [
        ("memory_store", {"content": "I like tea", "namespace": "bob"}),
        ("list_memories", {"user_id": "bob"}),
    ], "--user-from-arguments")
    assert json.loads(_text(stored))["success"]
    assert [i["content"] for i in parse_result(_text(listed))["items"]] == ["I like tea"]
