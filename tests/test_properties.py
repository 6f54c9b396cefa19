"""Property-based tests (hypothesis) of the boundaries that take arbitrary input (issue 16):
the store_memory argument normaliser, the result-line format and parser, the fast path, the
presenter and the whole offline pipeline. Arbitrary input never raises anything but
InputError and never loses an item's outcome. Example counts are bounded to keep the suite
quick; no deadlines (timings belong in benchmarks/)."""

import json
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from iris import Pipeline
from iris import results as R
from iris.config import Settings
from iris.direct import DirectHandler
from iris.errors import InputError
from iris.hygiene import INVISIBLE
from iris.present import Presenter
from iris.tools import run_tool
from iris.types import MAX_ITEMS, DirectDecision, ToolCall, normalise_store_args

FEW = settings(max_examples=60, deadline=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
SOME = settings(FEW, max_examples=200)

# Any character, lone surrogates and the invisible format characters included.
CHARS = st.one_of(st.characters(exclude_categories=()), st.sampled_from(INVISIBLE))
TEXT = st.text(CHARS, max_size=60)
WORDY = st.lists(st.one_of(st.sampled_from(["I", "like", "tea", "my", "sister", "Ana", "is",
                                            "34", "and", ",", "remember", "that", "forget",
                                            "about", "aaaa", "!!!", "\n", "\u200b", "\ud800"]),
                           TEXT), max_size=12).map(" ".join)
JSONISH = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), TEXT, WORDY),
    lambda inner: st.one_of(st.lists(inner, max_size=5),
                            st.dictionaries(st.sampled_from(["content", "memories", "type",
                                                             "category", "importance",
                                                             "metadata", "x"]) | TEXT,
                                            inner, max_size=5)),
    max_leaves=20)
ITEM = st.one_of(WORDY, TEXT, JSONISH,
                 st.fixed_dictionaries({"content": st.one_of(WORDY, JSONISH)},
                                       optional={"type": JSONISH, "category": JSONISH,
                                                 "importance": JSONISH, "metadata": JSONISH}))


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    home = tmp_path_factory.mktemp("properties")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("IRIS_HOME", str(home))
        with Pipeline(Settings(home=home, embed_model="hashing")) as pipeline:
            yield pipeline


# --- store_memory's argument normaliser ----------------------------------------------------

@SOME
@given(st.one_of(JSONISH, JSONISH.map(json.dumps)))
def test_normaliser_raises_only_input_error_and_keeps_every_item(raw):
    try:
        items, failures = normalise_store_args(raw)
    except InputError:
        return
    assert 1 <= len(items) + len(failures) <= MAX_ITEMS
    assert len({f.index for f in failures}) == len(failures)
    assert all(f.reason for f in failures)
    for item in items:  # what is accepted can be stored and printed as it is
        assert item.content.strip() and not set(item.content) & set(INVISIBLE)
        item.content.encode("utf-8")


@SOME
@given(st.lists(ITEM, min_size=1, max_size=MAX_ITEMS), st.booleans())
def test_normaliser_gives_one_result_per_item_sent(memories, as_json):
    raw = json.dumps({"memories": memories}) if as_json else {"memories": memories}
    items, failures = normalise_store_args(raw)
    assert len(items) + len(failures) == len(memories)


@FEW
@given(st.lists(ITEM, min_size=1, max_size=MAX_ITEMS))
def test_store_tool_reports_one_outcome_per_item_sent(pipeline, memories):
    run = run_tool(ToolCall(name="store_memory", arguments={"memories": memories}),
                   pipeline.store, f"p{uuid.uuid4().hex[:12]}")
    assert len(run.outcomes) == len(memories)
    result = R.parse_result(run.line)
    if result.code == R.STORED:
        assert result["count"] + result["skipped"] + result["failed"] == len(memories)
    else:
        assert result.code == R.STORE_FAILED and len(result["details"]) == len(memories)
    json.dumps([o.model_dump() for o in run.outcomes], ensure_ascii=False).encode("utf-8")
    run.line.encode("utf-8")


# --- result lines ------------------------------------------------------------------------

KEYS = st.from_regex(r"[a-z_][a-z0-9_]{0,10}", fullmatch=True)
VALUES = st.one_of(st.integers(), st.text(CHARS), st.booleans(), st.none(),
                   st.floats(allow_nan=False), st.lists(st.text(CHARS), max_size=4),
                   st.dictionaries(st.text(CHARS, max_size=8), st.integers() | st.text(CHARS),
                                   max_size=4))


@SOME
@given(st.from_regex(r"[A-Z][A-Z0-9_]{0,20}", fullmatch=True),
       st.dictionaries(KEYS, VALUES, max_size=6))
def test_result_lines_round_trip(code, fields):
    line = R.format_result(code, **fields)
    assert "\n" not in line
    assert R.parse_result(line) == R.Result(code, fields)


@SOME
@given(st.one_of(TEXT, WORDY, st.builds(lambda c, t: f"{c} {t}",
                                        st.sampled_from(list(R.__dict__.values())).filter(
                                            lambda v: isinstance(v, str) and v.isupper()), TEXT)))
def test_parser_raises_only_value_error(line):
    try:
        R.parse_result(line)
    except ValueError:
        pass
    assert R.try_parse(line) is None or isinstance(R.try_parse(line), R.Result)


def test_a_deeply_nested_value_is_not_a_result():
    assert R.try_parse("MEMORY_LIST count=1 items=" + "[" * 100_000) is None


# --- the fast path and the presenter -----------------------------------------------------

@SOME
@given(st.one_of(TEXT, WORDY, WORDY.map(lambda t: "remember that " + t),
                 WORDY.map(lambda t: "forget " + t), WORDY.map(lambda t: "what do you know about " + t)))
def test_fast_path_always_decides(text):
    decision = DirectHandler().decide(text)
    assert isinstance(decision, DirectDecision)
    assert decision.action in (None, "store", "list", "forget")
    if decision.action == "store":
        assert isinstance(decision.content, str)


CODES = [R.STORED, R.QUEUED, R.STORE_FAILED, R.LIST, R.FORGOTTEN, R.NOT_FOUND, R.AMBIGUOUS,
         R.CONFIRM_REQUIRED, R.TOOL_FAILED]
FIELD_KEYS = st.sampled_from(["count", "skipped", "failed", "reasons", "reason", "details",
                              "items", "query", "action", "queue_id", "tool", "id"])
KNOWN_LINES = st.builds(lambda code, fields: R.format_result(code, **fields), st.sampled_from(CODES),
                        st.dictionaries(FIELD_KEYS, st.one_of(VALUES, JSONISH), max_size=6))


@SOME
@given(st.lists(st.one_of(KNOWN_LINES, TEXT), max_size=4))
def test_presenter_never_raises(lines):
    assert isinstance(Presenter().present(lines), str)


# --- the whole offline pipeline ----------------------------------------------------------

@FEW
@given(st.one_of(TEXT, WORDY, WORDY.map(lambda t: "remember that " + t),
                 WORDY.map(lambda t: "Remember that I like tea, " + t + " and my sister is Ana")))
def test_offline_pipeline_raises_only_input_error(pipeline, text):
    try:
        reply = pipeline.handle(text, user_id="props")
    except InputError:
        return
    json.dumps(reply.model_dump(), ensure_ascii=False).encode("utf-8")
    assert reply.route in ("direct", "llm", "offline", "passthrough")
    stores = [R.parse_result(line) for line in reply.results]
    sent = sum(r["count"] + r["skipped"] + r["failed"] for r in stores if r.code == R.STORED)
    sent += sum(len(r["details"]) for r in stores if r.code == R.STORE_FAILED and "details" in r.fields)
    assert len(reply.outcomes) == sent


# --- what the properties found, pinned as examples -------------------------------------------

@pytest.mark.parametrize("metadata", ["x", ["a", "b"], 3])
def test_metadata_that_is_not_an_object_fails_its_item_only(metadata):
    items, failures = normalise_store_args(["I own a dog", {"content": "I like tea",
                                                            "metadata": metadata}])
    assert [i.content for i in items] == ["I own a dog"]
    assert failures[0].index == 1 and failures[0].reason.startswith("metadata must be an object")


def test_bare_json_values_round_trip():
    fields = {"ok": True, "no": False, "nothing": None, "ratio": 0.25, "n": -3}
    assert R.parse_result(R.format_result("X", **fields)).fields == fields
    assert R.parse_result("MEMORY_QUEUED queue_id=abc").fields == {"queue_id": "abc"}


@pytest.mark.parametrize("lines", [
    ['MEMORY_LIST count=1 items=["not an object"]'],
    ['MEMORY_STORED count="one" skipped=0 failed=0', "MEMORY_STORED count=1 skipped=0 failed=0"],
    ["MEMORY_STORED count=1 skipped=0 failed=1 reasons=[1]", "MEMORY_QUEUED count=1"],
])
def test_presenter_shows_a_line_it_cannot_read_as_it_is(lines):
    reply = Presenter().present(lines)
    assert isinstance(reply, str) and reply
