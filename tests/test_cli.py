import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from iris.cli import app

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


@pytest.fixture
def cli_env(settings, monkeypatch):
    monkeypatch.setenv("IRIS_EMBED_MODEL", "hashing")
    return settings


def run_json(*args: str) -> dict:
    result = runner.invoke(app, ["run", "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_run_json_has_the_documented_fields(cli_env):
    out = run_json("Remember that I prefer Apple over Orange")
    assert {"reply", "route", "intent", "tool_calls", "results", "timings_ms"} <= out.keys()
    assert out["route"] == "direct"
    assert out["results"] == ["MEMORY_STORED count=1 skipped=0 failed=0"]
    assert out["reply"] == "Got it, 1 memory saved."
    assert out["tool_calls"][0]["name"] == "store_memory"
    assert out["intent"] == {"name": "memory_action", "tool": "store_memory", "confidence": 1.0}
    assert set(out["timings_ms"]) >= {"direct", "tools", "present"}

    again = run_json("Remember that I prefer Apple over Orange")
    assert again["results"] == ["MEMORY_STORED count=0 skipped=1 failed=0"]
    assert "already" in again["reply"]
    variant = run_json(" remember that i prefer apple over orange. ")
    assert variant["results"] == ["MEMORY_STORED count=0 skipped=1 failed=0"]
    assert variant["outcomes"][0]["duplicate_of"] == out["outcomes"][0]["id"]


def test_run_plain_shows_what_is_left_for_the_host(cli_env):
    result = runner.invoke(app, ["run", "remember that my sister is Ana and remind me to call her"])
    assert result.exit_code == 0, result.output
    assert "Got it, 1 memory saved." in result.stdout
    assert "(for the host: remind me to call her)" in result.stdout
    assert run_json("remember I keep bees and set an alarm for 6")["for_host"] == "set an alarm for 6"


def test_run_plain_prints_the_reply(cli_env):
    result = runner.invoke(app, ["run", "Remember that I prefer Apple over Orange"])
    assert result.exit_code == 0
    assert result.stdout.strip() == "Got it, 1 memory saved."


def test_users_are_separate_namespaces(cli_env):
    run_json("--user", "alice", "Remember that I prefer tea")
    assert run_json("--user", "bob", "what do you remember about me")["results"] == \
        ["MEMORY_LIST count=0 items=[]"]


def test_db_option_takes_a_url(cli_env, tmp_path):
    url = f"sqlite:///{tmp_path / 'other.db'}"
    run_json("--db", url, "Remember that I prefer tea")
    assert (tmp_path / "other.db").exists()
    listed = runner.invoke(app, ["memories", "list", "--db", url, "--json"])
    assert [m["content"] for m in json.loads(listed.stdout)] == ["I prefer tea"]


def test_jsonl_runs_many_turns_and_reports_bad_lines(cli_env, tmp_path):
    lines = [
        {"text": "Remember that I prefer tea", "user_id": "a"},
        {"text": "Remember that I prefer tea", "user_id": "a"},
        {"text": "Remember that I prefer tea", "user_id": "b"},
        {"text": ""},
    ]
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(json.dumps(line) for line in lines) + "\n{not json\n")
    result = runner.invoke(app, ["run", "--jsonl", str(source)])
    assert result.exit_code == 1  # the bad lines are reported, the good ones still ran
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [o.get("results") for o in out[:3]] == [
        ["MEMORY_STORED count=1 skipped=0 failed=0"],
        ["MEMORY_STORED count=0 skipped=1 failed=0"],
        ["MEMORY_STORED count=1 skipped=0 failed=0"]]
    assert out[3] == {"line": 4, "error": "message is empty"}
    assert out[4]["line"] == 5 and "not valid JSON" in out[4]["error"]


def test_jsonl_reads_stdin(cli_env):
    result = runner.invoke(app, ["run", "--jsonl", "-"],
                           input='{"text": "what do you remember about me"}\n')
    assert result.exit_code == 0
    assert json.loads(result.stdout)["results"] == ["MEMORY_LIST count=0 items=[]"]


def test_bad_input_exits_2_with_a_message(cli_env):
    result = runner.invoke(app, ["run", "   "])
    assert result.exit_code == 2
    assert "message is empty" in result.stderr
    assert runner.invoke(app, ["run"]).exit_code == 2


def test_bad_config_exits_3(cli_env, monkeypatch):
    monkeypatch.setenv("IRIS_LLM_TIMEOUT", "zero")
    result = runner.invoke(app, ["run", "hello"])
    assert result.exit_code == 3
    assert "llm_timeout" in result.stderr


def test_memories_list_export_forget(cli_env):
    run_json("Remember that my address is 12 Elm Street")
    run_json("Remember that I prefer aisle seats")
    listed = json.loads(runner.invoke(app, ["memories", "list", "--json"]).stdout)
    assert sorted(m["content"] for m in listed) == ["I prefer aisle seats", "my address is 12 Elm Street"]
    exported = json.loads(runner.invoke(app, ["memories", "export"]).stdout)
    assert len(exported) == 2 and all("created_at" in m for m in exported)

    target = next(m["id"] for m in listed if "Elm" in m["content"])
    forgot = runner.invoke(app, ["memories", "forget", str(target), "--json"])
    assert forgot.exit_code == 0
    assert json.loads(forgot.stdout)["result"].startswith("MEMORY_FORGOTTEN count=1")
    missing = runner.invoke(app, ["memories", "forget", str(target)])
    assert missing.exit_code == 1
    assert [m["content"] for m in json.loads(runner.invoke(app, ["memories", "list", "--json"]).stdout)] == \
        ["I prefer aisle seats"]


def test_replay_passes_on_good_and_fails_on_bad_fixtures(cli_env, tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text('turns:\n  - user: "Remember that I like jazz"\n'
                    '    expect: {results: ["MEMORY_STORED count=1 skipped=0 failed=0"]}\n')
    bad = tmp_path / "bad.yaml"
    bad.write_text('turns:\n  - user: "Remember that I like jazz"\n'
                   '    expect: {results: ["MEMORY_STORED count=9 skipped=0 failed=0"]}\n')
    assert runner.invoke(app, ["replay", str(good)]).exit_code == 0
    result = runner.invoke(app, ["replay", "--json", str(good), str(bad)])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert [r["passed"] for r in report] == [True, False]
    assert "count=9" in report[1]["problems"][0]


def test_help_does_not_import_heavy_modules():
    code = ("import sys; from typer.testing import CliRunner; from iris.cli import app;"
            "CliRunner().invoke(app, ['--help']);"
            "print(sorted(m for m in ('torch', 'litellm', 'sentence_transformers', 'sklearn')"
            " if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


def test_chat_loop_answers_until_exit(cli_env):
    turns = "Remember that I prefer tea\n\nwhat do you remember about me\nexit\n"
    result = runner.invoke(app, ["chat", "--user", "zoe"], input=turns)
    assert result.exit_code == 0
    assert "Got it, 1 memory saved." in result.stdout
    assert "- I prefer tea" in result.stdout
    assert "MEMORY_STORED count=1 skipped=0 failed=0" in result.stdout


def test_worker_once_drains_the_queue(cli_env):
    from iris.config import load_settings
    from iris.store import MemoryStore
    from iris.types import MemoryItem

    with MemoryStore(load_settings(), embedder=None) as store:
        queued = store.store("u", [MemoryItem(content="I like jazz")], wait=False)
        assert queued.outcomes[0].status == "queued"
    result = runner.invoke(app, ["worker", "--once"])
    assert result.exit_code == 0
    listed = json.loads(runner.invoke(app, ["memories", "list", "--user", "u", "--json"]).stdout)
    assert [m["content"] for m in listed] == ["I like jazz"]


def test_demo_runs_the_scripted_conversation_without_touching_the_users_db(cli_env, tmp_path):
    result = runner.invoke(app, ["demo"])
    assert result.exit_code == 0, result.output
    for expected in ("Got it, 1 memory saved.", "Got it, 4 memories saved.",
                     "I already had all 4 of those saved.", "route=passthrough",
                     "Done, I forgot: I hate sweet burgers."):
        assert expected in result.stdout
    assert not (tmp_path / "home" / "iris.db").exists()


def test_memories_erase_asks_then_erases_and_prints_the_count(cli_env):
    assert runner.invoke(app, ["run", "--user", "eve", "remember that I like tea"]).exit_code == 0
    refused = runner.invoke(app, ["memories", "erase", "--user", "eve"], input="n\n")
    assert refused.exit_code == 1
    listed = json.loads(runner.invoke(app, ["memories", "list", "--user", "eve", "--json"]).stdout)
    assert len(listed) == 1
    erased = runner.invoke(app, ["memories", "erase", "--user", "eve", "--yes"])
    assert erased.exit_code == 0 and "erased 1 memories" in erased.stdout
    assert json.loads(runner.invoke(app, ["memories", "list", "--user", "eve", "--json"]).stdout) == []


def test_an_unknown_database_url_is_a_configuration_error(cli_env):
    result = runner.invoke(app, ["memories", "list", "--db", "nosuchdb://x"])
    assert result.exit_code == 3, result.output


def test_the_workers_sigterm_handler_never_waits_on_the_events_own_lock():
    # A signal handler runs in the main thread, possibly while it holds the event's lock
    # inside stop.wait(); setting the event there deadlocked (CI: a worker that never exited).
    import threading

    from iris.cli import stop_later

    stop = threading.Event()
    handler = stop_later(stop)
    done = threading.Event()
    with stop._cond:  # held, as inside stop.wait()
        runner = threading.Thread(target=lambda: (handler(15, None), done.set()))
        runner.start()
        assert done.wait(5)  # the handler returned while the lock was held
        assert not stop.is_set()
    assert stop.wait(5)  # set once the lock is free
