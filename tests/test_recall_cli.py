"""Pipeline.recall and the `iris recall` / `iris memories import` commands."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from iris.cli import app
from iris.errors import InputError
from iris.pipeline import Pipeline
from iris.types import RecallResult

runner = CliRunner()


@pytest.fixture
def cli_env(settings, monkeypatch):
    monkeypatch.setenv("IRIS_EMBED_MODEL", "hashing")
    return settings


def _import(tmp_path, rows, *args):
    source = tmp_path / "memories.jsonl"
    source.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in rows) + "\n")
    return runner.invoke(app, ["memories", "import", str(source), "--user", "ann", *args])


def test_pipeline_recall_returns_ranked_memories_and_context(settings):
    with Pipeline(settings) as pipeline:
        pipeline.handle("Remember that I drive a red Toyota", user_id="ann")
        pipeline.handle("Remember that my sister lives in Lisbon", user_id="ann")
        result = pipeline.recall("which car do I drive?", user_id="ann", k=5)
        assert isinstance(result, RecallResult)
        assert result.memories[0].content == "I drive a red Toyota"
        assert result.memories[0].score > 0 and result.memories[0].created_at
        assert "I drive a red Toyota" in result.context and "<memories>" in result.context
        assert pipeline.recall("which car do I drive?", user_id="bob").memories == []
        with pytest.raises(InputError):
            pipeline.recall("   ", user_id="ann")
        with pytest.raises(InputError):
            pipeline.recall("car", user_id="ann", k=0)
        with pytest.raises(InputError):
            pipeline.recall("car", user_id="bad user!")


def test_import_then_recall_json(cli_env, tmp_path):
    result = _import(tmp_path, [
        {"content": "I drive a red Toyota", "created_at": "2023-05-08T13:56:00Z",
         "metadata": {"dia_id": "D1:3"}},
        {"content": "I drive a red Toyota"},
        "not json",
        {"content": "my password is hunter2abc"},
        {"content": "My sister lives in Lisbon"},
    ])
    assert result.exit_code == 0, result.output
    line = result.stdout.strip()
    assert line.startswith("MEMORY_STORED count=2 skipped=1 failed=2")
    assert "line 3: not JSON" in line and "line 4: looks like a password" in line
    recall = runner.invoke(app, ["recall", "--user", "ann", "-k", "3", "--json", "what do I drive?"])
    assert recall.exit_code == 0, recall.output
    data = json.loads(recall.stdout)
    assert set(data) == {"memories", "context"}
    top = data["memories"][0]
    assert top["content"] == "I drive a red Toyota"
    assert top["created_at"].startswith("2023-05-08T13:56:00")
    assert top["metadata"] == {"dia_id": "D1:3", "source": "import"}
    listed = json.loads(runner.invoke(app, ["memories", "list", "--user", "ann", "--json"]).stdout)
    assert {r["content"] for r in listed} == {"I drive a red Toyota", "My sister lives in Lisbon"}
    plain = runner.invoke(app, ["recall", "--user", "ann", "what do I drive?"])
    assert plain.exit_code == 0 and "Toyota" in plain.stdout


def test_import_json_reports_every_line_and_all_failed_exits_1(cli_env, tmp_path):
    result = _import(tmp_path, [{"content": "I like tea"}, {"content": "I like tea"}], "--json")
    data = json.loads(result.stdout)
    assert [o["status"] for o in data["outcomes"]] == ["stored", "skipped"]
    assert data["outcomes"][1]["duplicate_of"] == data["outcomes"][0]["id"]
    bad = _import(tmp_path, ["nope", "{}"])
    assert bad.exit_code == 1 and bad.stdout.startswith("MEMORY_STORE_FAILED")
    missing = runner.invoke(app, ["memories", "import", str(tmp_path / "nope.jsonl"), "--user", "ann"])
    assert missing.exit_code == 2


def test_recall_bad_k_exits_2(cli_env):
    assert runner.invoke(app, ["recall", "-k", "0", "car"]).exit_code == 2
