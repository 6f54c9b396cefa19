"""Every conversation fixture runs through the real pipeline (real SQLite, real MiniLM)."""

from pathlib import Path

import pytest

from iris.replay import find_fixtures, run_fixture

FIXTURES = find_fixtures([Path(__file__).resolve().parent.parent / "fixtures" / "conversations"])


@pytest.fixture(scope="module")
def embedder(tmp_path_factory):
    """The default backend (MiniLM through ONNX), exported once for the whole module."""
    from iris.embed import OnnxEmbedder

    return OnnxEmbedder(None, tmp_path_factory.mktemp("models"))


def test_there_are_enough_fixtures():
    assert len(FIXTURES) >= 15


@pytest.mark.slow
@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_fixture(path, real_settings, embedder):
    result = run_fixture(path, real_settings, embedder=embedder)
    assert result.passed, "\n".join(result.problems())


def test_an_unused_scripted_reply_fails_the_turn(tmp_path, settings):
    from iris.embed import HashingEmbedder

    fixture = tmp_path / "leak.yaml"
    fixture.write_text('turns:\n  - user: "Remember that I like jazz"\n'
                       '    llm: [{content: "{\\"memories\\": []}"}]\n'
                       '    expect: {route: direct}\n')
    result = run_fixture(fixture, settings, embedder=HashingEmbedder())
    assert not result.passed
    assert result.problems() == [
        "turn 1 ('Remember that I like jazz'): 1 scripted LLM reply(s) not used by this turn"]


def test_replies_scripted_for_a_refused_turn_do_not_reach_the_next(tmp_path, settings):
    """Issue 15, defect 1: a turn refused with InputError left its scripted replies queued,
    and the next turn's extraction consumed them instead of its own."""
    from iris.embed import HashingEmbedder

    fixture = tmp_path / "refused.yaml"
    fixture.write_text(
        'turns:\n'
        '  - user: ""\n'
        '    llm: [{tool_calls: [{name: store_memory, arguments: {memories: [{content: "I am a spy"}]}}]}]\n'
        '    expect: {error_contains: "message is empty"}\n'
        '  - user: "Store these: I like tea, and I own a dog"\n'
        '    llm: [{tool_calls: [{name: store_memory, arguments: {memories: [{content: "I like tea"}]}}]}]\n'
        '    expect: {route: llm, results: ["MEMORY_STORED count=1 skipped=0 failed=0"]}\n')
    result = run_fixture(fixture, settings, embedder=HashingEmbedder())
    first, second = result.turns
    assert first.problems == ["1 scripted LLM reply(s) not used by this turn"]
    assert second.problems == []
    calls = second.reply["tool_calls"]
    stored = [item["content"] for call in calls for item in call["arguments"]["memories"]]
    assert stored == ["I like tea"]
