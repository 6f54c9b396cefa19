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
