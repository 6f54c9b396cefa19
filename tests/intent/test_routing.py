"""Routing among memory's neighbours (issue 9): the taxonomy, the memory-evidence rule, the
shipped CLINC150 subset, and a host adding its own intent."""

import importlib.util
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from iris.cli import app
from iris.direct import DirectHandler
from iris.intent import ToolIntentDecisionService
from iris.intent import data as intent_data
from iris.intent import model as intent_model
from iris.paths import intents_dir
from tests.shared_data import dataset

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def model():
    return intent_model.train(intent_data.load(intents_dir()))


@pytest.fixture
def service(settings, model):
    return ToolIntentDecisionService(settings, model=model)


# Written for this test, not taken from any training or evaluation file.
NEIGHBOURS = [
    ("what's on my to-do list", "lists", "read_list"),
    ("could you read back my grocery list", "lists", "read_list"),
    ("take the batteries off my shopping list", "lists", "remove_from_list"),
    ("put oat milk on the shopping list", "lists", "add_to_list"),
    ("which reminders have I got for friday", "reminder", "list_reminders"),
    ("cancel the reminder about the parking permit", "reminder", "cancel_reminder"),
    ("remind me to call the garage at noon", "reminder", "create_reminder"),
    ("what's on my calendar next tuesday", "calendar", "read_calendar"),
    ("move the dentist appointment to the 14th", "calendar", "create_event"),
    ("what's Rosa's phone number", "contacts", "contacts"),
    ("text Ben that I'm outside", "messaging", "send_message"),
    ("set an alarm for 5:45", "alarm", "set_alarm"),
    ("switch off the hallway lights", "smart_home", "smart_home"),
]


def test_neighbours_pass_through_with_their_hint(service):
    decisions = service.decide_batch([t for t, _, _ in NEIGHBOURS])
    assert not [d for d in decisions if d.intent == "memory_action"]
    wrong = [(text, d.intent, d.tool) for (text, intent, tool), d in zip(NEIGHBOURS, decisions, strict=True)
             if (d.intent, d.tool) != (intent, tool)]
    # The hint is advice to the host's LLM; one miss in 13 ("could you read back my grocery
    # list" -> none when this was written) is tolerated, a memory tool never is.
    assert len(wrong) <= 1, wrong


@pytest.mark.parametrize("text", [t for t, _, _ in NEIGHBOURS])
def test_fast_path_steps_aside_for_neighbours(text):
    assert DirectHandler().decide(text).action is None


def test_memory_tool_needs_the_evidence_the_cost_asks_for(settings, model):
    text = "remember that my sister's name is Ingrid"
    guess = model.predict([text])[0]
    assert guess.label == "memory_store"
    relaxed = settings.model_copy(update={"intent_false_memory_cost": 0.0})
    assert ToolIntentDecisionService(relaxed, model=model).decide(text).tool == "store_memory"
    # A cost so high that this guess is no longer enough: passthrough with the best other hint.
    cost = 2 * guess.confidence / (1 - guess.confidence) + 1
    strict = settings.model_copy(update={"intent_false_memory_cost": cost})
    decision = ToolIntentDecisionService(strict, model=model).decide(text)
    assert decision.intent != "memory_action" and decision.tool not in (
        "store_memory", "list_memories", "forget_memory")
    assert decision.label == next(lab for lab, _ in guess.ranked if not lab.startswith("memory_"))
    assert any(s.startswith("memory_evidence:") for s in decision.signals)
    assert decision.alternatives[0][0] == "memory_store"


# Written for this test: a removal verb whose only object points at something ("that"),
# which in a host's conversation is an event or a list item, not a memory.
BARE_DEICTIC = ["please delete it", "erase that", "undo that", "clear that", "get rid of this one",
                "forget it", "cancel that please", "remove them", "take it off",
                "ok scrap those", "could you delete it"]
NAMES_MEMORY = ["erase that memory", "forget that I take the bus to work",
                "remove it from your memory", "undo that last memory", "clear that note about my diet"]


def test_bare_deictic_requests_pass_through(service, model):
    decisions = service.decide_batch(BARE_DEICTIC)
    assert [d.tool for d in decisions if d.intent == "memory_action"] == []
    # The rule, not the model, decides some of them: the model's own guess is a memory tool.
    gated = [t for t, d in zip(BARE_DEICTIC, decisions, strict=True) if "no_memory_object" in d.signals]
    assert {"please delete it", "erase that", "undo that", "clear that", "forget it"} <= set(gated)
    for text in gated:
        guess = model.predict([text])[0]
        assert guess.label.startswith("memory_")
        decision = decisions[BARE_DEICTIC.index(text)]
        assert decision.alternatives[0][0] == guess.label
        best_other = next(lab for lab, _ in guess.ranked if not lab.startswith("memory_"))
        assert decision.label == best_other


@pytest.mark.parametrize("text", NAMES_MEMORY)
def test_deictic_request_that_names_memory_still_forgets(service, text):
    decision = service.decide(text)
    assert (decision.intent, decision.tool) == ("memory_action", "forget_memory")
    assert "no_memory_object" not in decision.signals


@pytest.mark.parametrize("text", BARE_DEICTIC)
def test_fast_path_steps_aside_for_bare_deictic_requests(text):
    assert DirectHandler().decide(text).action is None


# Written for this test. What to call the user is a memory (README, "Memory's neighbours"):
# "call me <name>" stores it and "what name ..." lists it; "call me a cab" does neither.
ABOUT_THE_USER = [
    ("from today on, call me Benji", "store_memory"),
    ("I'd rather you called me Tess", "store_memory"),
    ("which name have you got saved for me", "list_memories"),
    ("do you know what name I use", "list_memories"),
    ("could you call me a cab outside the office", None),
    ("ask Dana to call me back", None),
    ("call me at 6:45 please", None),
]


def test_what_to_call_the_user_is_a_memory(service):
    decisions = service.decide_batch([t for t, _ in ABOUT_THE_USER])
    got = [(t, d.tool if d.intent == "memory_action" else None)
           for (t, _), d in zip(ABOUT_THE_USER, decisions, strict=True)]
    assert got == ABOUT_THE_USER


# Written for this test: reminder cancellations, including "forget the reminder ...", which
# must not reach forget_memory.
REMINDER_CANCEL = ["delete my reminder about the boiler service",
                   "forget the reminder about returning the library books",
                   "cancel the reminder I set for the dentist",
                   "turn off the reminder to walk the dog",
                   "push my reminder about the bins to tomorrow",
                   "no need for the 5pm reminder anymore"]


def test_reminder_cancellations_get_their_hint(service):
    decisions = service.decide_batch(REMINDER_CANCEL)
    assert [(d.intent, d.tool) for d in decisions] == [("reminder", "cancel_reminder")] * len(decisions)


def test_evidence_bar_follows_the_cost(settings, model):
    for cost, need in ((0.0, 0.0), (1.0, 0.5), (3.0, 0.75)):
        tuned = settings.model_copy(update={"intent_false_memory_cost": cost})
        assert ToolIntentDecisionService(tuned, model=model).memory_evidence() == pytest.approx(need)


# --- the shipped CLINC150 subset --------------------------------------------------------------


def _build_script():
    spec = importlib.util.spec_from_file_location("build_clinc_subset",
                                                  ROOT / "scripts" / "build_clinc_subset.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_shipped_subset_is_what_the_script_builds():
    script = _build_script()
    rows = script.build(dataset("clinc150/train.jsonl"))
    shipped = (intents_dir() / "clinc150_subset.jsonl").read_text(encoding="utf-8")
    assert shipped == "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)


def test_measurement_sets_stay_out_of_training():
    taught = {t.strip().lower() for t in intent_data.load(intents_dir()).texts}
    for name in ("clinc150/val.jsonl", "hwu64/valid.jsonl", "hwu64/train.jsonl"):
        rows = [json.loads(line) for line in dataset(name).read_text().splitlines() if line.strip()]
        leaked = [r["text"] for r in rows if r["text"].strip().lower() in taught]
        # CLINC150 repeats a few very short utterances across its splits ("yes", "call mom").
        assert len(leaked) <= len(rows) // 200, (name, leaked[:10])


def test_subset_maps_update_intents_by_verb():
    script = _build_script()
    assert script.label_for("take eggs off my shopping list", "shopping_list_update") == "list_remove"
    assert script.label_for("put eggs on my shopping list", "shopping_list_update") == "list_add"
    assert script.label_for("remind me to take out the trash", "reminder_update") == "reminder_create"
    assert script.label_for("what is my name", "user_name") == "memory_list"
    assert script.label_for("call me Sam", "change_user_name") == "memory_store"
    assert script.label_for("how's the weather", "weather") == "none"


# --- a host adds its own intent -------------------------------------------------------------


SHOPPING = """\
name: shopping_list
intent: shopping_list
tool: shopping_list
description: The host's shopping-list tool.
takes_over:  # the shipped list examples about shopping become this intent's
  labels: [list_add, list_remove, list_read]
  pattern: '\\b(shopping|grocer(y|ies)|supermarket)\\b'
examples:
  - add milk to my shopping list
  - put eggs and flour on the shopping list
  - we're out of coffee, add it to the groceries
  - take butter off the shopping list
  - remove the bananas from my shopping list
  - what's on my shopping list
  - read me the shopping list
  - do I need to buy bread
  - add two avocados to the grocery list
  - cross the apples off the shopping list
  - is cheese on my shopping list already
  - put dish soap on the shopping list
  - what do I still need from the supermarket
  - add cat food to the shopping list
  - clear the shopping list
"""


def test_host_adds_a_shopping_list_intent_and_retrains(settings, tmp_path, monkeypatch):
    host = tmp_path / "host_intents"
    host.mkdir()
    (host / "shopping_list.yaml").write_text(SHOPPING, encoding="utf-8")
    out = tmp_path / "host_model"
    result = CliRunner().invoke(app, ["intents", "train", "--no-embeddings", "--data", str(intents_dir()),
                                      "--data", str(host), "--out", str(out)])
    assert result.exit_code == 0, result.output
    monkeypatch.setenv("IRIS_INTENT_MODEL_DIR", str(out))
    result = CliRunner().invoke(app, ["intents", "predict", "--json", "add some rice to my shopping list"])
    assert result.exit_code == 0, result.output
    decision = json.loads(result.output)
    assert (decision["intent"], decision["tool"]) == ("shopping_list", "shopping_list")
    result = CliRunner().invoke(app, ["intents", "predict", "--json", "remember that I'm vegan"])
    assert json.loads(result.output)["tool"] == "store_memory"
    result = CliRunner().invoke(app, ["intents", "predict", "--json", "add laundry to my to-do list"])
    assert json.loads(result.output)["tool"] == "add_to_list"  # other lists keep the shipped intent


def test_takeover_relabels_only_matching_examples(tmp_path):
    (tmp_path / "shopping_list.yaml").write_text(SHOPPING, encoding="utf-8")
    data = intent_data.load([intents_dir(), tmp_path])
    moved = [t for t, lab in zip(data.texts, data.labels, strict=True) if lab == "shopping_list"]
    assert "add milk to my shopping list" in moved
    assert "can you put mopping on my to do list" not in moved
    own = set(SHOPPING.split("examples:\n")[1].replace("  - ", "").splitlines())
    assert all(re.search(r"\b(shopping|grocer(y|ies)|supermarket)\b", t) or t in own for t in moved)
    assert "list_add" in data.labels and "list_read" in data.labels
