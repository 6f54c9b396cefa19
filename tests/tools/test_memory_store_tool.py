"""The `memory_store` tool contract (issue 18): every argument, every result key, the sync
path and the queued path with a real worker process, duplicates, invalid arguments, link
options, and `queue_id` lookups."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from iris.embed import HashingEmbedder
from iris.llm import ScriptedLLM
from iris.store import MemoryStore
from iris.store.normalize import content_hash, normalize
from iris.tools import MemoryStoreTool, memory_store, set_default_store, tool_schemas
from iris.tools.store_tool import ARGUMENTS
from iris.types import MemoryItem

KEYS = {"success", "queued", "queue_id", "id", "content_hash", "auto_relationships", "error",
        "duplicate_of"}


@pytest.fixture
def db_settings(db_settings):
    return db_settings.model_copy(update={"worker_check_seconds": 0})  # see every heartbeat


@pytest.fixture
def store(db_settings):
    s = MemoryStore(db_settings, embedder=HashingEmbedder())
    yield s
    s.close()


@pytest.fixture
def tool(store, db_settings):
    return MemoryStoreTool(store, db_settings)


def judgments(*relations):
    return json.dumps({"judgments": [{"pair": i, "relation": r} for i, r in enumerate(relations)]})


def test_the_schema_lists_exactly_the_contract_arguments_with_their_defaults():
    [schema] = [s["function"] for s in tool_schemas() if s["function"]["name"] == "memory_store"]
    assert [s["function"]["name"] for s in tool_schemas()] == [
        "store_memory", "list_memories", "forget_memory", "memory_store"]
    props = schema["parameters"]["properties"]
    assert tuple(props) == ARGUMENTS
    defaults = {k: v["default"] for k, v in props.items() if "default" in v}
    assert defaults == {"memory_type": "session", "namespace": "default", "importance": 0.5,
                        "auto_link": True, "similarity_threshold": 0.6, "max_auto_links": 5,
                        "use_llm_classification": True}
    assert props["memory_type"]["enum"] == ["preference", "decision", "pattern", "session"]
    assert (props["importance"]["minimum"], props["importance"]["maximum"]) == (0, 1)
    assert schema["description"].startswith("Store a new memory with semantic indexing")


def test_a_sync_store_returns_every_key_and_keeps_every_argument(tool, store):
    out = tool({"content": "I prefer aisle seats on long flights", "memory_type": "preference",
                "namespace": "alice", "importance": 0.9, "metadata": {"source": "chat"}})
    assert set(out) == KEYS
    assert out["success"] is True and out["queued"] is False and out["queue_id"] is None
    assert out["error"] is None and out["duplicate_of"] is None
    assert out["auto_relationships"] == []
    assert out["content_hash"] == content_hash(normalize("I prefer aisle seats on long flights"))
    memory = store.get("alice", out["id"])
    assert (memory.content, memory.type, memory.importance, memory.metadata) == (
        "I prefer aisle seats on long flights", "preference", 0.9, {"source": "chat"})


def test_defaults_come_from_the_settings(store, db_settings):
    settings = db_settings.model_copy(update={"default_namespace": "team",
                                              "default_importance": 0.3})
    out = MemoryStoreTool(store, settings)({"content": "We deploy on Fridays"})
    memory = store.get("team", out["id"])
    assert (memory.type, memory.importance) == ("session", 0.3)
    assert store.count("default") == 0


def test_a_duplicate_is_a_success_naming_the_existing_memory(tool, store):
    first = tool({"content": "I keep bees in the garden"})
    again = tool({"content": "i keep bees in the garden."})
    assert again["success"] is True and again["queued"] is False
    assert again["id"] == again["duplicate_of"] == first["id"]
    assert again["auto_relationships"] == [] and again["error"] is None
    assert store.count("default") == 1


@pytest.mark.parametrize("arguments, says", [
    ({"content": "I like tea", "importance": 2}, "importance must be a number from 0 to 1"),
    ({"content": "I like tea", "importance": True}, "importance must be a number"),
    ({"content": ""}, "content is empty"),
    ({"content": "   "}, "content is empty"),
    ({}, "content is required"),
    ({"content": "I like tea", "memory_type": "fact"}, "memory_type must be one of"),
    ({"content": "I like tea", "memory_type": "opinion"}, "memory_type must be one of"),
    ({"content": "I like tea", "metadata": ["x"]}, "metadata must be an object"),
    ({"content": "I like tea", "auto_link": "yes"}, "auto_link must be true or false"),
    ({"content": "I like tea", "use_llm_classification": 1}, "use_llm_classification must be"),
    ({"content": "I like tea", "similarity_threshold": 1.5}, "similarity_threshold must be"),
    ({"content": "I like tea", "max_auto_links": -1}, "max_auto_links must be an integer"),
    ({"content": "I like tea", "max_auto_links": 2.5}, "max_auto_links must be an integer"),
    ({"content": "I like tea", "namespace": ""}, "namespace must be a non-empty string"),
    ({"content": "I like tea", "tags": ["x"]}, "unknown argument(s): tags"),
    ({"content": "I like tea", "queue_id": "abc"}, "not both"),
    ({"content": "my password is hunter2"}, "password"),
])
def test_an_invalid_argument_is_success_false_with_the_reason(tool, store, arguments, says):
    out = tool(arguments)
    assert set(out) == KEYS
    assert out["success"] is False and says in out["error"]
    assert out["id"] is None and out["queued"] is False
    assert store.count("default") == 0  # nothing half-stored


def test_null_arguments_take_their_defaults(tool, store):
    out = tool({"content": "I swim on Tuesdays", "memory_type": None, "namespace": None,
                "importance": None, "auto_link": None, "similarity_threshold": None,
                "max_auto_links": None, "use_llm_classification": None, "queue_id": None})
    memory = store.get("default", out["id"])
    assert (memory.type, memory.importance) == ("session", 0.5)


def test_arguments_may_come_as_a_json_string(tool):
    assert tool(json.dumps({"content": "I swim on Tuesdays", "memory_type": "pattern"}))["success"]
    assert "not valid JSON" in tool("{nope")["error"]


SEEDS = ["I like green tea", "I like green tea with honey", "I play chess with my dad",
         "I like green tea with honey and lemon in the morning", "I play tennis",
         "I read chess books"]


def _seed(tool):
    return {text: tool({"content": text, "namespace": "u", "auto_link": False})["id"]
            for text in SEEDS}


def _expected_links(store, new, ids, threshold, cap):
    vectors = store.embedder.encode([new, *ids])
    sims = {ids[text]: float(vectors[0] @ vectors[i + 1]) for i, text in enumerate(ids)}
    above = sorted((s, i) for i, s in sims.items() if s >= threshold)[::-1]
    return [i for _, i in above[:cap]]


def test_auto_link_false_makes_no_edges(tool, store):
    ids = _seed(tool)
    assert store.edges("u") == []  # the seeds were stored with auto_link false too
    new = "I like green tea with lemon"
    assert _expected_links(store, new, ids, 0.6, 5)  # similar memories exist ...
    out = tool({"content": new, "namespace": "u", "auto_link": False})
    assert out["success"] and out["auto_relationships"] == []
    assert store.edges("u") == []  # ... but no edge was made


@pytest.mark.parametrize("threshold, cap", [(None, None), (0.3, 2), (0.18, 10), (0.7, 5), (0.8, 5),
                                            (0.0, 0)])
def test_threshold_and_cap_decide_the_relates_to_edges(tool, store, threshold, cap):
    ids = _seed(tool)
    new = "I like green tea with lemon"
    arguments = {"content": new, "namespace": "u"}
    if threshold is not None:
        arguments |= {"similarity_threshold": threshold, "max_auto_links": cap}
    out = tool(arguments)
    expected = _expected_links(store, new, ids, 0.6 if threshold is None else threshold,
                               5 if cap is None else cap)
    got = out["auto_relationships"]
    assert [r["target_id"] for r in got] == expected
    assert {r["type"] for r in got} <= {"relates_to"}
    assert all(r["similarity"] >= (threshold or 0.6) for r in got)
    assert sorted((e[1], e[2]) for e in store.edges("u", out["id"])) == sorted(
        (r["target_id"], r["type"]) for r in got)


def test_the_llm_upgrades_an_edge_to_caused_by(db_settings):
    llm = ScriptedLLM(judgments("caused_by"))
    with MemoryStore(db_settings, embedder=HashingEmbedder(), llm=llm) as store:
        tool = MemoryStoreTool(store, db_settings)
        cause = tool({"content": "My knee hurts after the marathon"})
        effect = tool({"content": "I ran the marathon and my knee hurts"})
        assert effect["auto_relationships"] == [
            {"target_id": cause["id"], "type": "caused_by",
             "similarity": pytest.approx(effect["auto_relationships"][0]["similarity"])}]
        assert len(llm.history) == 1 and "caused_by" in llm.history[0]["messages"][0]["content"]
        assert (effect["id"], cause["id"], "caused_by") in [e[:3] for e in store.edges("default")]


def test_use_llm_classification_false_never_asks_the_llm(db_settings):
    llm = ScriptedLLM(judgments("caused_by"))
    with MemoryStore(db_settings, embedder=HashingEmbedder(), llm=llm) as store:
        tool = MemoryStoreTool(store, db_settings)
        cause = tool({"content": "My knee hurts after the marathon"})
        effect = tool({"content": "I ran the marathon and my knee hurts",
                       "use_llm_classification": False})
    assert llm.history == [] and llm.pending == 1
    assert [(r["target_id"], r["type"]) for r in effect["auto_relationships"]] == [
        (cause["id"], "relates_to")]


def test_offline_caused_by_is_never_guessed(tool, store):
    tool({"content": "I moved to Denver for a new job"})
    for text in ["I started skiing because I moved to Denver", "My knee hurts after the marathon",
                 "I ran the marathon and my knee hurts", "I got a dog so I walk every day"]:
        tool({"content": text})
    assert all(kind != "caused_by" for _, _, kind, _ in store.edges("default"))


def test_session_is_a_memory_type_everywhere(hashing_store):
    from iris import results as R
    from iris.tools import list_memories, store_memory

    run = store_memory(hashing_store, "u", {"memories": [{"content": "We are debugging the CI",
                                                         "type": "session"}]})
    assert R.parse_result(run.line)["count"] == 1
    listed = R.parse_result(list_memories(hashing_store, "u", {"type": "session"}).line)
    assert [i["type"] for i in listed["items"]] == ["session"]
    assert MemoryItem(content="x y z words", type="session").type == "session"


def test_memory_store_function_uses_the_default_store(settings, monkeypatch):
    monkeypatch.setenv("IRIS_EMBED_MODEL", "hashing")
    monkeypatch.setenv("IRIS_DEFAULT_NAMESPACE", "env-user")
    set_default_store(None)
    try:
        out = memory_store(content="I collect stamps", importance=0.2)
        assert out["success"] and out["id"] is not None
        with MemoryStore(settings, embedder=HashingEmbedder()) as store:
            [memory] = store.export("env-user")
            assert (memory.content, memory.importance, memory.type) == (
                "I collect stamps", 0.2, "session")
            set_default_store(store, settings)
            assert memory_store(content="I collect stamps", namespace="env-user")["duplicate_of"] \
                == memory.id
    finally:
        set_default_store(None)


def test_a_stale_heartbeat_is_not_a_live_worker(store):
    from sqlalchemy import update

    from iris.store.models import WORKER, utcnow
    from iris.store.workers import Heartbeat

    assert not store.worker_alive()
    beat = Heartbeat(store.db, store.settings.worker_stale_seconds)
    beat.beat()
    assert store.worker_alive()
    with store.db.write() as conn:
        conn.execute(update(WORKER).values(seen_at=utcnow().replace(year=2020)))
    assert not store.worker_alive()
    beat.beat(force=True)
    assert store.worker_alive()
    beat.stop()
    assert not store.worker_alive()


def test_one_look_at_the_heartbeats_is_trusted_for_worker_check_seconds(db_settings):
    from iris.store.workers import Heartbeat

    settings = db_settings.model_copy(update={"worker_check_seconds": 3600})
    with MemoryStore(settings, embedder=HashingEmbedder()) as store:
        assert not store.worker_alive()
        Heartbeat(store.db, settings.worker_stale_seconds).beat()
        assert not store.worker_alive()  # the cached answer
        store._alive = (-float("inf"), False)  # the hour has passed
        assert store.worker_alive()


# --- the queued path, with a real `iris worker` process --------------------------------


def _start_worker(db_settings):
    env = {**os.environ, "IRIS_HOME": str(db_settings.home), "IRIS_DB_URL": db_settings.db_url,
           "IRIS_EMBED_MODEL": "hashing", "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.Popen([sys.executable, "-c", "from iris.cli import main; main()", "worker",
                             "--interval", "0.05"], env=env, stderr=subprocess.PIPE, text=True)


def _wait(condition, what, proc, seconds=60):
    deadline = time.monotonic() + seconds
    while not condition():
        assert proc.poll() is None, f"the worker died: {proc.stderr.read()}"
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def test_with_a_live_worker_stores_are_queued_and_looked_up_by_queue_id(tool, store, db_settings):
    first = tool({"content": "I like green tea", "namespace": "u"})  # no worker: stored now
    assert first["queued"] is False and first["id"] is not None
    worker = _start_worker(db_settings)
    try:
        _wait(store.worker_alive, "the worker's heartbeat", worker)
        os.kill(worker.pid, signal.SIGSTOP)  # alive by its heartbeat, but not processing
        linked = tool({"content": "I like green tea with honey", "namespace": "u",
                       "importance": 0.8, "memory_type": "preference"})
        unlinked = tool({"content": "I like green tea with lemon", "namespace": "u",
                         "auto_link": False})
        dup = tool({"content": "I like green tea", "namespace": "u"})
        for out in (linked, unlinked):
            assert set(out) == KEYS and out["success"] is True and out["queued"] is True
            assert out["queue_id"] and out["id"] is None and out["content_hash"] is None
            assert out["auto_relationships"] is None
        assert dup["queued"] is False and dup["id"] == dup["duplicate_of"] == first["id"]
        before = tool({"queue_id": linked["queue_id"], "namespace": "u"})
        assert before["success"] is True and before["queued"] is True and before["id"] is None
        assert store.count("u") == 1
        os.kill(worker.pid, signal.SIGCONT)
        _wait(lambda: store.pending() == 0, "the worker to store the queue", worker)
        after = tool({"queue_id": linked["queue_id"], "namespace": "u"})
        assert set(after) == KEYS and after["success"] is True and after["queued"] is False
        assert after["queue_id"] == linked["queue_id"] and after["error"] is None
        memory = store.get("u", after["id"])
        assert (memory.content, memory.importance, memory.type) == (
            "I like green tea with honey", 0.8, "preference")
        assert after["content_hash"] == content_hash(normalize(memory.content))
        assert [(r["target_id"], r["type"]) for r in after["auto_relationships"]] == [
            (first["id"], "relates_to")]
        quiet = tool({"queue_id": unlinked["queue_id"], "namespace": "u"})
        assert quiet["success"] and quiet["id"] and quiet["auto_relationships"] == []
        assert store.edges("u", quiet["id"]) == []  # the queued item kept auto_link false
    finally:
        os.kill(worker.pid, signal.SIGCONT)
        worker.terminate()
        worker.wait(timeout=30)
    assert worker.returncode == 0
    assert not store.worker_alive()  # the worker removed its heartbeat row on SIGTERM
    later = tool({"content": "I play the cello", "namespace": "u"})
    assert later["queued"] is False and later["id"] is not None


def test_an_unknown_or_foreign_queue_id_is_not_found(tool, store):
    queued = store.store("alice", [MemoryItem(content="I like jazz")], wait=False)
    out = tool({"queue_id": queued.queue_id, "namespace": "bob"})
    assert out["success"] is False and "no queued store" in out["error"]
    assert tool({"queue_id": queued.queue_id, "namespace": "alice"})["queued"] is True
    assert tool({"queue_id": 5})["error"].startswith("queue_id must be")

