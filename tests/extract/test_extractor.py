"""FactExtractor with the scripted LLM, and the pure prompt-building and parsing functions."""

import json

import pytest
from seed import SEED, SEED_ITEMS

from iris.errors import (
    LLMRateLimitError,
    LLMResponseError,
    LLMTimeoutError,
    LLMUnavailableError,
)
from iris.extract.extractor import (
    FactExtractor,
    build_messages,
    parse_reply,
    repeats,
    system_prompt,
    to_tool_calls,
    ungrounded,
    validate_items,
)
from iris.llm import LLMResponse, ScriptedLLM
from iris.types import MEMORY_TYPES, StoreMemoryArgs, normalise_store_args


def contents(extraction):
    return [m["content"] for call in extraction.tool_calls for m in call.arguments["memories"]]


def tool(arguments):
    return LLMResponse.with_tool_call("store_memory", arguments)


# --- prompt ------------------------------------------------------------------------------


@pytest.mark.parametrize("version", ["extract_v1", "extract_v2", "extract_v3"])
def test_prompt_is_versioned_package_data_and_states_the_rules(version):
    prompt = system_prompt(version)
    assert "store_memory" in prompt and "25" in prompt and "never invent" in prompt.lower()
    assert build_messages(SEED, version=version)[0] == {"role": "system", "content": prompt}


def test_the_default_prompt_carries_the_worked_examples():
    prompt = system_prompt()
    assert "Mia loves horses" in prompt and "and that" in prompt and "because" in prompt
    messages = build_messages(SEED)
    assert messages == [{"role": "system", "content": prompt}, {"role": "user", "content": SEED}]


def test_extractor_sends_one_request_with_the_store_memory_tool(settings):
    llm = ScriptedLLM(tool({"memories": SEED_ITEMS}))
    extraction = FactExtractor(settings, llm=llm).extract(SEED)
    assert extraction.source == "llm" and extraction.error is None
    assert len(llm.history) == 1
    request = llm.history[0]
    assert [t["function"]["name"] for t in request["tools"]] == ["store_memory"]
    assert request["messages"][-1] == {"role": "user", "content": SEED}
    assert contents(extraction) == [i["content"] for i in SEED_ITEMS]
    assert StoreMemoryArgs.parse(extraction.tool_calls[0].arguments).memories[2].type == "event"


# --- parsing -----------------------------------------------------------------------------


@pytest.mark.parametrize("reply, expected", [
    (tool({"memories": [{"content": "I like tea"}]}), [{"content": "I like tea"}]),
    (tool({"content": "I like tea", "type": "preference"}),  # legacy single item
     [{"content": "I like tea", "type": "preference"}]),
    (tool({"memories": "I like tea"}), ["I like tea"]),
    (tool('{"memories": [{"content": "I like tea"}, {"content": "I own a cat",'),  # truncated
     [{"content": "I like tea"}, {"content": "I own a cat"}]),
    (tool('{"memories": [{"content": "I like tea",},]}'), [{"content": "I like tea"}]),
    (LLMResponse(content='{"memories": [{"content": "I like tea"}]}'), [{"content": "I like tea"}]),
    (LLMResponse(content='Here you go:\n```json\n{"memories": ["I like tea"]}\n```'), ["I like tea"]),
    (LLMResponse(content='[{"content": "I like tea"}]'), [{"content": "I like tea"}]),
    (LLMResponse(content='{"facts": ["I like tea"]}'), ["I like tea"]),
])
def test_parse_reply_accepts_every_shape(reply, expected):
    items, raw = parse_reply(reply)
    assert items == expected
    assert raw


ENVELOPE = '{"name": "store_memory", "arguments": {"memories": [{"content": "I like tea"}]}}'


# What Qwen2.5-Coder-0.5B-Instruct behind llama.cpp sends (tests/extract/test_realmodel.py):
# the whole call as text in `content`, often fenced, sometimes one block per call.
@pytest.mark.parametrize("content", [
    ENVELOPE,
    f"```json\n{ENVELOPE}\n```",
    f"<tool_call>\n{ENVELOPE}\n</tool_call>",
    '{"name": "store_memory", "arguments": "{\\"memories\\": [{\\"content\\": \\"I like tea\\"}]}"}',
    '{"name": "store_memory", "parameters": {"memories": [{"content": "I like tea"}]}}',
    '{"arguments": {"memories": [{"content": "I like tea"}]}}',
])
def test_parse_reply_unwraps_a_call_written_as_text(content):
    assert parse_reply(LLMResponse(content=content))[0] == [{"content": "I like tea"}]


@pytest.mark.parametrize("content", [
    "```json\n{a}\n```\n```json\n{b}\n```",
    "<tool_call>\n{a}\n</tool_call>\n<tool_call>\n{b}\n</tool_call>",
    "{a}\n{b}",
])
def test_several_calls_written_as_text_are_all_kept_in_order(content):
    first = '{"name": "store_memory", "arguments": {"memories": ["I like tea", "I own a cat"]}}'
    second = '{"memories": ["I live in Leeds"]}'
    reply = LLMResponse(content=content.format(a=first, b=second))
    assert parse_reply(reply)[0] == ["I like tea", "I own a cat", "I live in Leeds"]


def test_a_call_to_another_tool_written_as_text_means_no_facts():
    reply = LLMResponse(content='{"name": "list_memories", "arguments": {}}')
    assert parse_reply(reply)[0] == []


def test_parse_reply_joins_several_calls_in_order():
    reply = LLMResponse.with_tool_call("store_memory", {"memories": ["a fact"]})
    second = LLMResponse.with_tool_call("store_memory", {"memories": ["b fact", "c fact"]})
    reply = reply.model_copy(update={"tool_calls": reply.tool_calls + second.tool_calls,
                                     "raw_arguments": reply.raw_arguments + second.raw_arguments})
    assert parse_reply(reply)[0] == ["a fact", "b fact", "c fact"]


@pytest.mark.parametrize("reply", [
    LLMResponse(content=None), LLMResponse(content="  "), LLMResponse(content='{"memories": []}'),
    LLMResponse(content="{}"), LLMResponse.with_tool_call("list_memories", {}),
])
def test_no_facts_is_a_value(reply):
    assert parse_reply(reply)[0] == []


@pytest.mark.parametrize("reply, message", [
    (LLMResponse(content="Sure, I'll remember that!"), "without a tool call or JSON"),
    (tool("not json at all"), "not JSON"),
    (tool({"something": "else"}), "neither 'memories' nor 'content'"),
    (LLMResponse(content='{"name": "store_memory", "arguments": "not json at all"}'), "not JSON"),
])
def test_unusable_replies_raise_llm_response_error(reply, message):
    with pytest.raises(LLMResponseError, match=message) as info:
        parse_reply(reply)
    assert info.value.raw


def test_invalid_items_fail_with_a_reason_and_valid_ones_are_kept():
    raw = [{"content": "I like tea"}, {"content": "   "}, {"type": "fact"}, 42,
           {"content": "I own a cat", "type": "mood", "category": ""}]
    items, failures = validate_items(raw)
    assert [i.content for i in items] == ["I like tea", "I own a cat"]
    assert [(f.index, f.reason) for f in failures] == [
        (1, "content is empty"), (2, "item has no 'content'"), (3, "content must be a string, got int")]
    # an unknown type is kept as a fact, the lexicon fills a missing category
    assert items[1].type == "fact" and items[1].metadata == {"original_type": "mood"}
    assert items[1].category == "pets" and items[0].type == "preference"


def test_thirty_facts_become_two_calls_of_25_and_5_none_lost():
    raw = [{"content": f"fact number {n}", "type": "fact", "category": "personal"} for n in range(30)]
    raw[27] = {"content": ""}
    items, failures = validate_items(raw)
    assert len(items) == 29 and [f.index for f in failures] == [27]
    calls = to_tool_calls(items)
    assert [len(c.arguments["memories"]) for c in calls] == [25, 4]
    assert [m["content"] for c in calls for m in c.arguments["memories"]] == [i.content for i in items]
    for call in calls:  # each call is valid for the store_memory tool as it stands
        StoreMemoryArgs.parse(call.arguments)


def test_a_30_item_tool_call_is_regrouped_not_refused(settings):
    memories = [{"content": f"I have hobby number {n}", "type": "fact", "category": "hobbies"}
                for n in range(30)]
    message = "remember: " + ", ".join(m["content"] for m in memories)
    extraction = FactExtractor(settings, llm=ScriptedLLM(tool({"memories": memories}))).extract(message)
    assert extraction.source == "llm"
    assert [len(c.arguments["memories"]) for c in extraction.tool_calls] == [25, 5]
    assert contents(extraction) == [m["content"] for m in memories]


# --- fallback ----------------------------------------------------------------------------


@pytest.mark.parametrize("error", [
    LLMUnavailableError("connection refused"), LLMTimeoutError("timed out"),
    LLMRateLimitError("slow down"),
])
def test_llm_failure_falls_back_to_offline_and_records_it(settings, error):
    llm = ScriptedLLM(error)
    extraction = FactExtractor(settings, llm=llm).extract(SEED)
    assert extraction.source == "offline"
    assert extraction.error == f"{type(error).__name__}: {error}"
    assert len(contents(extraction)) == 4


def test_unusable_reply_falls_back_and_keeps_the_raw_output(settings):
    llm = ScriptedLLM("I have noted all of that for you.")
    extraction = FactExtractor(settings, llm=llm).extract(SEED)
    assert extraction.source == "offline" and len(contents(extraction)) == 4
    assert extraction.error.startswith("LLMResponseError")
    assert extraction.raw == "I have noted all of that for you."


def test_refused_tool_request_is_retried_once_in_json_mode(settings):
    llm = ScriptedLLM(LLMResponseError("tools are not supported by this model"),
                      json.dumps({"memories": SEED_ITEMS}))
    extraction = FactExtractor(settings, llm=llm).extract(SEED)
    assert extraction.source == "llm" and len(contents(extraction)) == 4
    assert [h["json_mode"] for h in llm.history] == [False, True]
    assert llm.history[1]["tools"] is None


def test_llm_returning_no_facts_is_not_a_failure(settings):
    llm = ScriptedLLM(LLMResponse(content='{"memories": []}'))
    extraction = FactExtractor(settings, llm=llm).extract("remember that, ok?")
    assert extraction.source == "llm" and extraction.tool_calls == [] and extraction.error is None


def test_without_a_model_the_extractor_is_offline(settings):
    extractor = FactExtractor(settings)
    assert extractor.llm is None
    extraction = extractor.extract(SEED)
    assert extraction.source == "offline" and extraction.error is None
    memories = extraction.tool_calls[0].arguments["memories"]
    assert [m["content"] for m in memories] == [
        "I'm allergic to shellfish", "I prefer window seats", "My anniversary is March 14th",
        "I hate sweet burger"]
    assert {m["type"] for m in memories} <= set(MEMORY_TYPES)
    assert [m["type"] for m in memories] == ["fact", "preference", "event", "preference"]
    assert [m["category"] for m in memories] == ["health", "travel", "family", "food"]


def test_offline_too_long_fact_is_a_failure_not_an_exception(settings):
    # The too-long fact stays in its place in the call; the store tool fails it with the
    # reason, so the outcomes follow the message's order.
    text = "Remember that I like tea. I " + "really " * 400 + "like coffee."
    extraction = FactExtractor(settings).extract(text)
    assert contents(extraction)[0] == "I like tea" and len(contents(extraction)) == 2
    assert extraction.failures == []
    items, failures = normalise_store_args(extraction.tool_calls[0].arguments)
    assert [i.content for i in items] == ["I like tea"]
    assert [(f.index, f.reason) for f in failures] == [(1, "content is 2813 characters long (max 2000)")]


# --- grounding: a reply that states what the message does not ------------------------------

BLIND_DATES = "remember this stuff: my father keeps trying to set me up on blind dates. ty"


def test_ungrounded_finds_copied_examples_not_resolved_pronouns_or_fixed_typos():
    # The first two are what Qwen2.5-Coder-0.5B replied to BLIND_DATES: the prompt's examples.
    assert ungrounded(["I prefer window seats on flights", "I hate sweet burgers",
                       "My father keeps trying to set me up on blind dates"],
                      BLIND_DATES, 0.5) == ["I prefer window seats on flights", "I hate sweet burgers"]
    assert ungrounded(["My daughter Mia is 7", "Mia loves horses"],
                      "my daughter Mia is 7 and she loves horses", 0.5) == []
    assert ungrounded(["I turned 18 years old yesterday"], "btw i tunred 18 years old yesterday", 0.5) == []
    assert ungrounded(["My password is [redacted password]", {"type": "fact"}, 7],
                      "remember my password is [redacted password]", 0.5) == []


def test_a_reply_with_an_invented_fact_falls_back_to_the_rules(settings):
    llm = ScriptedLLM(tool({"memories": ["I prefer window seats on flights",
                                         "My father keeps trying to set me up on blind dates"]}))
    extraction = FactExtractor(settings, llm=llm).extract(BLIND_DATES)
    assert extraction.source == "offline"
    assert "states 1 fact(s) the message does not" in extraction.error
    assert "window seats" in extraction.raw
    assert [c.lower() for c in contents(extraction)] == ["my father keeps trying to set me up on blind dates"]


def test_grounding_share_is_a_setting(settings):
    reply = tool({"memories": ["I prefer window seats on flights"]})
    loose = settings.model_copy(update={"llm_min_grounding": 0.0})
    assert FactExtractor(loose, llm=ScriptedLLM(reply)).extract(BLIND_DATES).source == "llm"


def test_repeats_counts_a_looping_reply_not_distinct_facts():
    # Qwen2.5-Coder-0.5B on a three-fact message: a loop until the token limit.
    looped = ["I like old school hip hop", "I love new kids on the block",
              "I also like old school hip hop", "I also like new kids on the block",
              "I also like old school hip hop"]
    assert repeats(looped) == 2  # "like" is not "love": the 4th item is new
    assert repeats(["I like cats", "I like dogs", {"content": "I like cats", "type": "x"}, 3]) == 1
    assert repeats(["I like cats and dogs", "My dogs like cats", "", ""]) == 0


def test_a_looping_reply_falls_back_to_the_rules(settings):
    message = "remember I like old school hip hop, also I love new kids on the block"
    llm = ScriptedLLM(tool({"memories": ["I like old school hip hop",
                                         "I also like old school hip hop"]}))
    extraction = FactExtractor(settings, llm=llm).extract(message)
    assert extraction.source == "offline"
    assert "repeats 1 fact(s)" in extraction.error
    assert [c.lower() for c in contents(extraction)] == ["i like old school hip hop",
                                                         "i love new kids on the block"]
