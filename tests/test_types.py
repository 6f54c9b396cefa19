import json

import pytest

from iris.errors import InputError
from iris.types import MAX_ITEMS, MemoryItem, StoreMemoryArgs, normalise_store_args


def contents(raw):
    items, failures = normalise_store_args(raw)
    return [i.content for i in items], [(f.index, f.reason) for f in failures]


@pytest.mark.parametrize("raw", [
    {"memories": [{"content": "I like tea", "type": "preference", "category": "food"}]},
    {"content": "I like tea", "type": "preference", "category": "food"},  # legacy single item
    "I like tea",
    ["I like tea"],
    json.dumps({"memories": [{"content": "I like tea"}]}),
    json.dumps({"content": "I like tea"}),
    {"memories": "I like tea"},
])
def test_every_accepted_shape_gives_the_same_item(raw):
    assert contents(raw) == (["I like tea"], [])


def test_defaults_and_cleanup():
    item = MemoryItem(content="  I like tea  ", category=" Food ")
    assert (item.content, item.type, item.category, item.importance) == ("I like tea", "fact", "food", 0.5)


def test_unknown_type_is_kept_as_fact_not_dropped():
    items, failures = normalise_store_args({"content": "I run daily", "type": "habit"})
    assert failures == []
    assert items[0].type == "fact" and items[0].metadata["original_type"] == "habit"


@pytest.mark.parametrize("content, reason", [
    ("", "content is empty"),
    ("   \n ", "content is empty"),
    (42, "content must be a string, got int"),
    (None, "content must be a string, got NoneType"),
    ("x" * 2001, "content is 2001 characters long (max 2000)"),
    ("bell\x07here", "content contains a control character (U+0007)"),
    ("nul\x00", "content contains a control character (U+0000)"),
])
def test_each_bad_item_gets_a_specific_reason(content, reason):
    assert contents({"memories": [{"content": "good one"}, {"content": content}]}) == \
        (["good one"], [(1, reason)])


def test_newlines_and_tabs_are_ordinary_text():
    assert contents("line one\nline\ttwo")[1] == []


def test_bad_importance_fails_that_item_only():
    items, failures = normalise_store_args([{"content": "a", "importance": 3}, "b"])
    assert [i.content for i in items] == ["b"]
    assert failures[0].index == 0 and "importance" in failures[0].reason


@pytest.mark.parametrize("raw, message", [
    ({"memories": []}, "no memories given"),
    ([], "no memories given"),
    ({"memories": ["x"] * (MAX_ITEMS + 1)}, "too many memories: 26 (max 25 per call)"),
    ('{"memories": [', "not valid JSON"),
    ({"facts": ["x"]}, "neither 'memories' nor 'content'"),
    (7, "must be an object, got int"),
    ({"memories": 7}, "'memories' must be a list"),
])
def test_unusable_calls_raise_input_error(raw, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        normalise_store_args(raw)


def test_strict_parse_names_the_first_bad_item():
    with pytest.raises(InputError, match="memory 2: content is empty"):
        StoreMemoryArgs.parse(["fine", " "])
    assert len(StoreMemoryArgs.parse(["a", "b"]).memories) == 2
