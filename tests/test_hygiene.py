"""Text hygiene at the boundary (issue 16): bytes that are not UTF-8 and lone surrogates are
an InputError (a line error in --jsonl, the batch goes on), a deeply nested JSON line is a
line error, invisible format characters are removed before storing and comparing, and a
memory must contain real words. The look-alike facts below must still be stored."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from iris import Pipeline
from iris.cli import app
from iris.errors import InputError
from iris.tools import run_tool
from iris.types import ToolCall, normalise_store_args

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()
DEEP = "[" * 100_000 + "]" * 100_000


@pytest.fixture
def cli_env(settings, monkeypatch):
    monkeypatch.setenv("IRIS_EMBED_MODEL", "hashing")
    return settings


def store(pipeline, content):
    return run_tool(ToolCall(name="store_memory", arguments={"memories": [content]}),
                    pipeline.store, "default")


# --- real facts that look like noise: stored ---------------------------------------------

REAL = [
    "I'm 34",
    "my PIN-free bank is N26",
    "Ana",
    "Zoë is my sister",
    "I looooooove tea",
    "I'm a AAA member",
    "my brother laughs hahaha at everything",
    "我喜欢喝茶",
    "Мне нравится зелёный чай",
    "मुझे चाय पसंद है",
    "J'adore le thé",
    "b",
]


@pytest.mark.parametrize("content", REAL)
def test_real_facts_that_look_odd_are_valid(content):
    items, failures = normalise_store_args([content])
    assert failures == [] and [i.content for i in items] == [content]


def test_short_real_facts_are_stored_through_the_pipeline(settings):
    with Pipeline(settings) as pipeline:
        for fact in ("I'm 34", "my PIN-free bank is N26"):
            reply = pipeline.handle(f"remember that {fact}")
            assert [o.status for o in reply.outcomes] == ["stored"], reply.results


# --- noise: refused with a reason ------------------------------------------------------------

@pytest.mark.parametrize("content, reason", [
    ("a" * 2000, "no real words"),
    ("ab" * 1000, "no real words"),
    ("aaaa bbbb cccc", "no real words"),
    ("!!!???...,,,", "no words"),
    ("12345 67890", "no words"),
    ("3.14159 -- 2.71828", "no words"),
])
def test_noise_is_refused_with_a_reason(content, reason):
    items, failures = normalise_store_args(["I like tea", content])
    assert [i.content for i in items] == ["I like tea"]
    assert len(failures) == 1 and reason in failures[0].reason


def test_two_thousand_as_are_not_stored(settings):
    with Pipeline(settings) as pipeline:
        reply = pipeline.handle("remember that " + "a" * 2000)
        assert [o.status for o in reply.outcomes] == ["failed"]
        assert "no real words" in (reply.outcomes[0].reason or "")
        assert pipeline.store.list_memories("default") == []


# --- invisible characters: removed ------------------------------------------------------------

@pytest.mark.parametrize("mark", ["\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u202a",
                                  "\u202e", "\u2066", "\u2069", "\ufeff", "\u2060"])
def test_invisible_characters_are_removed_before_storing(mark):
    items, failures = normalise_store_args([f"I like{mark} tea"])
    assert failures == [] and items[0].content == "I like tea"


def test_an_invisible_twin_is_the_same_memory(settings):
    with Pipeline(settings) as pipeline:
        first = pipeline.handle("remember that I like tea").outcomes[0]
        twin = pipeline.handle("remember that I like\u200b tea").outcomes[0]
        bidi = store(pipeline, "\u202eI like tea\u202c").outcomes[0]
        assert first.status == "stored"
        assert (twin.status, twin.duplicate_of) == ("skipped", first.id)
        assert (bidi.status, bidi.duplicate_of) == ("skipped", first.id)


def test_only_invisible_characters_is_empty(settings):
    assert normalise_store_args(["ok", "\u200b\u200d\ufeff"])[1][0].reason == "content is empty"
    with Pipeline(settings) as pipeline, pytest.raises(InputError, match="message is empty"):
        pipeline.handle("\u200b \u2060")


# --- lone surrogates and bytes that are not UTF-8 ----------------------------------------

def test_lone_surrogate_message_is_an_input_error(settings):
    with Pipeline(settings) as pipeline:
        with pytest.raises(InputError, match=r"lone surrogate U\+D800 at position 25"):
            pipeline.handle("remember that I like tea \ud800")
        with pytest.raises(InputError, match=r"not valid UTF-8: byte 0xFF at position 14"):
            pipeline.handle("remember that \udcff tea")  # what Python makes of byte 0xFF in argv
        assert pipeline.store.list_memories("default") == []


def test_a_surrogate_item_fails_alone_and_its_outcome_prints(settings):
    with Pipeline(settings) as pipeline:
        run = run_tool(ToolCall(name="store_memory", arguments={
            "memories": ["I like tea \ud83d", "I own a dog"]}), pipeline.store, "u")
        assert [o.status for o in run.outcomes] == ["failed", "stored"]
        assert "lone surrogate U+D83D" in (run.outcomes[0].reason or "")
        assert run.outcomes[0].content == "I like tea \ufffd"
        for outcome in run.outcomes:
            json.dumps(outcome.model_dump(), ensure_ascii=False).encode("utf-8")
        run.line.encode("utf-8")


def test_a_surrogate_query_is_a_tool_failure(settings):
    with Pipeline(settings) as pipeline:
        for name in ("list_memories", "forget_memory"):
            line = run_tool(ToolCall(name=name, arguments={"query": "tea \udc80"}),
                            pipeline.store, "u").line
            assert line.startswith("TOOL_FAILED") and "not valid UTF-8" in line


def test_cli_argument_with_a_latin1_byte_exits_2(cli_env):
    result = subprocess.run([sys.executable, "-m", "iris.cli", "run", b"remember that caf\xe9"],
                            capture_output=True, cwd=ROOT, timeout=300)
    assert result.returncode == 2, result.stderr.decode(errors="replace")
    assert b"not valid UTF-8: byte 0xE9" in result.stderr
    assert b"Traceback" not in result.stderr


def test_jsonl_bad_lines_are_line_errors_and_the_batch_goes_on(cli_env, tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_bytes(b"\n".join([
        b'{"text": "remember that I like tea \xff"}',
        b'{"text": "remember that I like tea \\ud800"}',
        DEEP.encode(),
        b'{"text": "' + b"[" * 5000 + b'"}',  # brackets inside a string are fine
        b'{"text": "remember that I own a dog"}',
    ]) + b"\n")
    result = runner.invoke(app, ["run", "--jsonl", str(source)])
    assert result.exit_code == 1
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert out[0] == {"line": 1, "error": "line is not valid UTF-8: byte 0xFF at byte 35"}
    assert out[1] == {"line": 2, "error": "message contains a lone surrogate U+D800 at position 25"}
    assert out[2]["line"] == 3 and "nested too deeply" in out[2]["error"]
    assert "reply" in out[3]
    assert out[4]["results"] == ["MEMORY_STORED count=1 skipped=0 failed=0"]


def test_jsonl_from_stdin_with_a_bad_byte_goes_on(cli_env):
    data = b'{"text": "remember that caf\xe9 au lait is great"}\n{"text": "remember that I own a cat"}\n'
    result = runner.invoke(app, ["run", "--jsonl", "-"], input=data)
    assert result.exit_code == 1
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert out[0]["line"] == 1 and "not valid UTF-8: byte 0xE9" in out[0]["error"]
    assert out[1]["results"] == ["MEMORY_STORED count=1 skipped=0 failed=0"]


def test_jsonl_with_a_byte_order_mark_is_read(cli_env, tmp_path):
    source = tmp_path / "bom.jsonl"
    source.write_bytes(b'\xef\xbb\xbf{"text": "remember that I own a cat"}\n')
    result = runner.invoke(app, ["run", "--jsonl", str(source)])
    assert result.exit_code == 0, result.stdout


def test_deeply_nested_tool_arguments_are_an_input_error():
    with pytest.raises(InputError, match="nested too deeply"):
        normalise_store_args('{"memories": ' + DEEP + "}")


@pytest.mark.parametrize("text, secret", [
    ("my PIN-free bank is N26", False),
    ("my laptop is password-protected", False),
    ("my phone is passcode-locked", False),
    ("my PIN-4321 card", True),
    ("my PIN - 4321", True),
    ("my PIN is 4321", True),
])
def test_a_hyphenated_word_is_not_a_password(text, secret):
    from iris.secrets import find_secrets

    assert bool(find_secrets(text)) is secret


def test_a_deeply_nested_model_reply_falls_back_to_offline(settings):
    from iris.llm import LLMResponse, ScriptedLLM

    llm = ScriptedLLM(LLMResponse.with_tool_call("store_memory", DEEP), LLMResponse(content=DEEP))
    # A bare statement has too little evidence for a memory tool at the default cost (issue 9);
    # this test is about the extractor's fallback, so the router is told to take it.
    settings = settings.model_copy(update={"intent_false_memory_cost": 0.0})
    with Pipeline(settings, llm=llm) as pipeline:
        for _ in range(2):
            reply = pipeline.handle("I own a dog, and my sister is called Ana")
            assert reply.route == "offline" and reply.errors, reply
            assert {o.status for o in reply.outcomes} <= {"stored", "skipped"}


def test_chat_survives_a_line_that_is_not_utf8(cli_env):
    result = runner.invoke(app, ["chat"], input=b"remember that caf\xe9\nremember that I own a cat\n")
    assert result.exit_code == 0, result.output
    assert "not valid UTF-8" in result.output and "1 memory saved" in result.output


def test_memories_list_query_with_a_bad_byte_exits_2(cli_env):
    result = runner.invoke(app, ["memories", "list", "--query", "tea \udcff"])
    assert result.exit_code == 2 and "--query is not valid UTF-8: byte 0xFF" in result.stderr


def test_category_and_metadata_are_cleaned_too(settings):
    items, failures = normalise_store_args([
        {"content": "I like milk", "category": "\u200bfood"},
        {"content": "I like cocoa", "type": "x\ud800", "metadata": {"k\ud800": ["v\udcff"]}},
        {"content": "I like tea", "metadata": {"when": object()}}])
    assert items[0].category == "food"
    assert items[1].metadata == {"k\ufffd": ["v\ufffd"], "original_type": "x\ufffd"}
    assert failures[0].index == 2 and failures[0].reason.startswith("metadata must be JSON")
