"""FactExtractor through the real litellm HTTP path, against the scripted local server."""

import json

import pytest
from llm_server import error_reply, slow_reply, text_reply, tool_reply
from seed import SEED, SEED_ITEMS

from iris.extract import FactExtractor

OFFLINE_SEED = ["I'm allergic to shellfish", "I prefer window seats", "My anniversary is March 14th",
                "I hate sweet burger"]


@pytest.fixture
def extractor(llm_server, settings):
    return FactExtractor(settings.model_copy(update=llm_server.settings_update(timeout=1)))


def contents(extraction):
    return [m["content"] for call in extraction.tool_calls for m in call.arguments["memories"]]


def test_seed_message_gives_four_facts_in_one_call(extractor, llm_server):
    llm_server.enqueue(tool_reply("store_memory", {"memories": SEED_ITEMS}))
    extraction = extractor.extract(SEED)
    assert extraction.source == "llm" and extraction.error is None
    assert len(extraction.tool_calls) == 1
    assert extraction.tool_calls[0].arguments == {"memories": SEED_ITEMS}
    request = llm_server.requests[0]
    assert request["messages"][0]["role"] == "system" and request["messages"][1]["content"] == SEED
    assert request["tools"][0]["function"]["name"] == "store_memory"


def test_thirty_facts_come_back_as_two_calls(extractor, llm_server):
    memories = [{"content": f"I have visited country number {n}", "type": "event", "category": "travel"}
                for n in range(30)]
    llm_server.enqueue(tool_reply("store_memory", {"memories": memories}))
    extraction = extractor.extract("remember these: " + "; ".join(m["content"] for m in memories))
    assert [len(c.arguments["memories"]) for c in extraction.tool_calls] == [25, 5]
    assert contents(extraction) == [m["content"] for m in memories]


def test_json_in_text_is_parsed(extractor, llm_server):
    llm_server.enqueue(text_reply("```json\n" + json.dumps({"memories": SEED_ITEMS}) + "\n```"))
    extraction = extractor.extract(SEED)
    assert extraction.source == "llm" and contents(extraction) == [i["content"] for i in SEED_ITEMS]


def test_minor_json_damage_is_repaired(extractor, llm_server):
    damaged = json.dumps({"memories": SEED_ITEMS})[:-3]  # truncated mid-object
    llm_server.enqueue(tool_reply("store_memory", damaged))
    extraction = extractor.extract(SEED)
    assert extraction.source == "llm" and len(contents(extraction)) == 4
    assert extraction.raw == damaged


def test_hopeless_json_falls_back_offline_with_the_error(extractor, llm_server):
    llm_server.enqueue(tool_reply("store_memory", "memories: shellfish; seats"))
    extraction = extractor.extract(SEED)
    assert extraction.source == "offline" and contents(extraction) == OFFLINE_SEED
    assert extraction.error.startswith("LLMResponseError") and extraction.raw


def test_http_500_falls_back_offline(extractor, llm_server):
    llm_server.enqueue(error_reply(500))
    extraction = extractor.extract(SEED)
    assert extraction.source == "offline" and contents(extraction) == OFFLINE_SEED
    assert extraction.error.startswith("LLMUnavailableError") and "InternalServerError" in extraction.error


def test_timeout_falls_back_offline(extractor, llm_server):
    llm_server.enqueue(slow_reply(3, tool_reply("store_memory", {"memories": SEED_ITEMS})))
    extraction = extractor.extract(SEED)
    assert extraction.source == "offline" and contents(extraction) == OFFLINE_SEED
    assert extraction.error.startswith("LLMTimeoutError")


def test_no_facts_from_the_model_is_a_value(extractor, llm_server):
    llm_server.enqueue(text_reply('{"memories": []}'))
    extraction = extractor.extract("remember to call mom")
    assert extraction.source == "llm" and extraction.tool_calls == [] and extraction.error is None
