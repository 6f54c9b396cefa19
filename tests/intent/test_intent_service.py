"""ToolIntentDecisionService and the intent model on the shipped intents/."""

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from iris.embed import HashingEmbedder
from iris.errors import IntentModelError
from iris.intent import ToolIntentDecisionService, default_model_dir
from iris.intent import data as intent_data
from iris.intent import model as intent_model
from iris.intent.evaluate import cross_validate, evaluate
from iris.intent.model import IntentModel, TrainOptions
from iris.paths import intents_dir

DATA = Path(__file__).resolve().parents[1] / "data"
MEMORY_TOOLS = {"memory_store": "store_memory", "memory_list": "list_memories",
                "memory_forget": "forget_memory"}


def not_memory_messages() -> list[str]:
    lines = (DATA / "not_memory.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def memory_heldout() -> list[dict]:
    return [json.loads(line) for line in (DATA / "memory_heldout.jsonl").read_text().splitlines()]


@pytest.fixture(scope="module")
def shipped():
    return intent_data.load(intents_dir())


@pytest.fixture(scope="module")
def model(shipped):
    return intent_model.train(shipped)


@pytest.fixture
def service(settings, model):
    return ToolIntentDecisionService(settings, model=model)


# --- the shipped data -------------------------------------------------------------------


# The shipped taxonomy (issue 9): label -> (intent the pipeline sees, tool hint). Hosts
# build on these names, so a change here is a breaking change, not a refactor.
TAXONOMY = {
    "memory_store": ("memory_action", "store_memory"),
    "memory_list": ("memory_action", "list_memories"),
    "memory_forget": ("memory_action", "forget_memory"),
    "list_add": ("lists", "add_to_list"),
    "list_remove": ("lists", "remove_from_list"),
    "list_read": ("lists", "read_list"),
    "reminder_create": ("reminder", "create_reminder"),
    "reminder_list": ("reminder", "list_reminders"),
    "reminder_cancel": ("reminder", "cancel_reminder"),
    "calendar_query": ("calendar", "read_calendar"),
    "calendar_change": ("calendar", "create_event"),
    "contacts": ("contacts", "contacts"),
    "email": ("email", "send_email"),
    "messaging": ("messaging", "send_message"),
    "alarm_timer": ("alarm", "set_alarm"),
    "smart_home": ("smart_home", "smart_home"),
    "none": ("none", None),
}


def test_shipped_taxonomy_has_stable_names_and_tools(shipped):
    assert {label: (spec.intent, spec.tool) for label, spec in shipped.specs.items()} == TAXONOMY


def test_shipped_intents_have_enough_varied_examples(shipped):
    counts = {label: shipped.labels.count(label) for label in set(shipped.labels)}
    assert set(counts) == set(TAXONOMY)
    for label, count in counts.items():
        assert count >= (60 if label in MEMORY_TOOLS else 15), label
    # No sentence is taught as two different intents, and none is repeated.
    assert len({t.lower() for t in shipped.texts}) == len(shipped.texts)


def test_memory_specs_carry_their_tool(shipped):
    for label, tool in MEMORY_TOOLS.items():
        assert shipped.specs[label].intent == "memory_action"
        assert shipped.specs[label].tool == tool
    assert shipped.specs["none"].tool is None
    assert shipped.specs["reminder_create"].tool == "create_reminder"


def test_held_out_sets_are_not_training_data(shipped):
    taught = {t.lower() for t in shipped.texts}
    held = not_memory_messages() + [row["text"] for row in memory_heldout()]
    assert not [t for t in held if t.lower() in taught]


# --- decisions ----------------------------------------------------------------------------


@pytest.mark.parametrize("text, tool", [
    ("remember these: I'm vegan, I live in Oslo and my sister is Kate", "store_memory"),
    ("please remember my daughter's name is Ada", "store_memory"),
    ("what do you remember about my diet?", "list_memories"),
    ("show me everything you know about me", "list_memories"),
    ("forget that I live in Oslo", "forget_memory"),
    ("delete all my memories", "forget_memory"),
])
def test_memory_intents_surface_as_memory_action(service, text, tool):
    decision = service.decide(text)
    assert decision.intent == "memory_action"
    assert decision.tool == tool
    assert decision.label == {v: k for k, v in MEMORY_TOOLS.items()}[tool]
    assert 0.5 < decision.confidence <= 1.0
    assert len(decision.alternatives) == 3
    assert all(p <= decision.confidence for _, p in decision.alternatives)


@pytest.mark.parametrize("text, intent, tool", [
    ("remind me to call the plumber at 5", "reminder", "create_reminder"),
    ("move my 2pm meeting with Dana to thursday", "calendar", "create_event"),
    ("reply to Tom's email and tell him I'm in", "email", "send_email"),
    ("what's the tallest mountain in Africa?", "none", None),
])
def test_other_intents_map_to_their_tools(service, text, intent, tool):
    decision = service.decide(text)
    assert (decision.intent, decision.tool) == (intent, tool)


def test_signals_name_the_matching_patterns(service):
    decision = service.decide("remind me tomorrow to pay rent")
    assert "reminder_create:remind_me" in decision.signals
    assert "reminder_create:at_time" in decision.signals


@pytest.mark.parametrize("text", ["frogot rahul pls", "forgetthe japanese learning",
                                  "erase pretzel", "i dont want u to remember my job anymore",
                                  "forget what instrument ezra plays"])
def test_a_removal_shape_routes_to_forget_whatever_the_model_guessed(service, text):
    decision = service.decide(text)
    assert (decision.intent, decision.tool, decision.label) == ("memory_action", "forget_memory",
                                                                "memory_forget")


@pytest.mark.parametrize("text", ["remove softball", "delete the photo of rahul",
                                  "forget the alarm", "remove milk from my shopping list"])
def test_a_host_removal_or_a_bare_remove_object_is_not_forced_to_forget(service, text):
    decision = service.decide(text)
    assert "removal_shape" not in decision.signals


@pytest.mark.parametrize("text", ["Hi! Could you please remember that my partner Alex is gluten free?",
                                  "Hey Iris! Could you remember that I hate olives?"])
def test_a_greeting_before_a_memory_request_does_not_hide_it(service, text):
    # The model read the greeting and answered none: the fact went to the host.
    decision = service.decide(text)
    assert (decision.intent, decision.tool) == ("memory_action", "store_memory")
    assert "after_greeting" in decision.signals


@pytest.mark.parametrize("text", ["Hi! How are you today?", "Hey Mel! I went hiking with the kids",
                                  "hello, set an alarm for 7"])
def test_a_greeting_before_anything_else_changes_nothing(service, text):
    assert service.decide(text).intent != "memory_action"


@pytest.mark.parametrize("text", ["delete my pottery class booking", "remove the alarm"])
def test_a_remove_verb_on_a_host_thing_gets_no_memory_tool(service, text):
    assert service.decide(text).intent != "memory_action"


def test_a_misspelled_verb_feeds_the_model_as_the_verb(model):
    assert model.signal_hits("dlete my allergies from ur memory") == model.signal_hits(
        "delete my allergies from ur memory")
    assert model.features.row("frget my address")[0].tolist() == model.features.row(
        "forget my address")[0].tolist()


def test_not_about_memory_messages_get_no_memory_tool(service):
    messages = not_memory_messages()
    decisions = service.decide_batch(messages)
    wrong = [(m, d.tool) for m, d in zip(messages, decisions, strict=True) if d.intent == "memory_action"]
    rate = 1 - len(wrong) / len(messages)
    assert len(messages) >= 140
    assert rate >= 0.98, wrong


def test_held_out_memory_messages_get_the_right_tool(service):
    rows = memory_heldout()
    decisions = service.decide_batch([row["text"] for row in rows])
    wrong = [(row["text"], d.label) for row, d in zip(rows, decisions, strict=True)
             if d.tool != MEMORY_TOOLS[row["label"]]]
    assert 1 - len(wrong) / len(rows) >= 0.9, wrong


def test_blank_message_is_none_without_touching_the_model(settings):
    service = ToolIntentDecisionService(settings)
    decision = service.decide("   ")
    assert (decision.intent, decision.tool, decision.signals) == ("none", None, ["empty_message"])
    assert service._model is None  # noqa: SLF001 - nothing was trained for a blank message


def test_batch_keeps_order_around_blank_messages(service):
    decisions = service.decide_batch(["forget my address", "", "remind me at 6 to eat"])
    assert [d.intent for d in decisions] == ["memory_action", "none", "reminder"]


def test_low_confidence_falls_out_of_scope(settings, model):
    text = "forget the thing about the stuff"
    guess = model.predict([text])[0]
    assert guess.top_label != "none" and guess.confidence < 1.0
    strict = settings.model_copy(update={"intent_min_confidence": (guess.confidence + 1) / 2})
    decision = ToolIntentDecisionService(strict, model=model).decide(text)
    assert decision.intent == "none" and decision.tool is None
    assert "out_of_scope:low_confidence" in decision.signals
    # The rejected guess stays visible for the pipeline and for debugging.
    assert decision.alternatives[0][0] == guess.top_label


# --- training, tuning, caching --------------------------------------------------------------


def test_training_is_deterministic(shipped, model):
    again = intent_model.train(shipped)
    texts = not_memory_messages()[:20]
    np.testing.assert_array_equal(again.probabilities(texts), model.probabilities(texts))
    assert again.operating == model.operating
    assert again.temperatures == model.temperatures


def test_operating_point_is_tuned_not_fixed(model):
    point = model.operating["tfidf"]
    assert point.tuned_on.startswith("5-fold")
    assert point.in_scope_accuracy is not None and point.oos_recall is not None
    assert 0.05 < model.temperatures["tfidf"] < 5


def test_lower_in_scope_target_buys_out_of_scope_recall(shipped, model):
    default = model.operating["tfidf"]
    loose = intent_model.train(shipped, TrainOptions(target_in_scope=default.in_scope_accuracy - 0.08))
    point = loose.operating["tfidf"]
    assert point.in_scope_accuracy >= default.in_scope_accuracy - 0.08
    assert point.oos_recall > default.oos_recall
    assert point.threshold >= default.threshold


def test_default_model_is_trained_once_and_cached_in_home(settings, monkeypatch):
    first = ToolIntentDecisionService(settings)
    first.decide("forget my address")
    cached = list((settings.home / "intent_models").iterdir())
    assert len(cached) == 1 and (cached[0] / "model.npz").is_file()

    def no_training(*args, **kwargs):
        raise AssertionError("should have loaded the cached model")

    monkeypatch.setattr(intent_model, "train", no_training)
    assert ToolIntentDecisionService(settings).decide("forget my address").tool == "forget_memory"


def test_cache_key_follows_data_code_and_embedder(settings):
    a = default_model_dir(settings, "data1", None)
    assert a == default_model_dir(settings, "data1", None)
    assert a != default_model_dir(settings, "data2", None)
    assert a != default_model_dir(settings, "data1", "all-MiniLM-L6-v2")
    assert a.parent == settings.home / "intent_models"


def test_damaged_cache_is_retrained(settings):
    ToolIntentDecisionService(settings).model  # noqa: B018
    (cache,) = (settings.home / "intent_models").iterdir()
    (cache / "model.json").write_text("{not json")
    assert ToolIntentDecisionService(settings).decide("forget my address").tool == "forget_memory"
    assert json.loads((cache / "model.json").read_text())["format"].startswith("iris-intent-model")


def test_model_round_trips_without_pickle(tmp_path, model):
    model.save(tmp_path / "m")
    loaded = IntentModel.load(tmp_path / "m")
    texts = ["remember I'm vegan", "what's on my calendar", "hello"]
    np.testing.assert_allclose(loaded.probabilities(texts), model.probabilities(texts))
    assert loaded.operating == model.operating and loaded.specs == model.specs


def test_a_model_file_holding_objects_is_refused(tmp_path, model):
    model.save(tmp_path / "m")
    np.savez(tmp_path / "m" / "model.npz", word_idf=np.array([object()], dtype=object))
    with pytest.raises(IntentModelError, match="cannot load"):
        IntentModel.load(tmp_path / "m")


def test_missing_model_dir_is_an_intent_model_error(settings, tmp_path):
    service = ToolIntentDecisionService(settings.model_copy(update={"intent_model_dir": tmp_path / "nope"}))
    with pytest.raises(IntentModelError, match="not an intent model"):
        service.decide("hello")


def test_intent_model_dir_overrides_the_shipped_model(settings, tmp_path):
    rows = [("book a table for two", "restaurant"), ("reserve a table tonight", "restaurant"),
            ("table for 4 at 8pm please", "restaurant"), ("find me a place to eat sushi", "restaurant"),
            ("what's my balance", "banking"), ("how much money is in my account", "banking"),
            ("transfer 50 to savings", "banking"), ("show my last transactions", "banking"),
            ("tell me a joke", "oos"), ("what's the meaning of life", "oos"),
            ("how tall is a giraffe", "oos"), ("sing a song", "oos")]
    path = tmp_path / "custom.jsonl"
    path.write_text("\n".join(json.dumps({"text": t, "label": lab}) for t, lab in rows))
    custom = intent_model.train(intent_data.load(path), TrainOptions(folds=2))
    custom.save(tmp_path / "model")
    service = ToolIntentDecisionService(settings.model_copy(update={"intent_model_dir": tmp_path / "model"}))
    decision = service.decide("book a table for six tonight")
    assert (decision.intent, decision.tool, decision.label) == ("restaurant", None, "restaurant")
    assert service.model.oos_label == "oos"
    assert not (settings.home / "intent_models").exists()


# --- embeddings -------------------------------------------------------------------------


def test_embedding_head_uses_the_shared_embedder_once_per_message(settings):
    embedder = HashingEmbedder()
    service = ToolIntentDecisionService(
        settings.model_copy(update={"intent_embeddings": True}), embedder=embedder)
    assert (service.model.meta["options"]["embeddings"], service.model.embedder_name) == (True, "hashing")
    assert service.model.mode(True) == "combined"
    assert service.model.embedder_name == "hashing"
    before = embedder.encoded
    decision = service.decide("please remember that my cat is called Pixel")
    assert decision.tool == "store_memory"
    assert embedder.encoded == before + 1
    embedder.encode(["please remember that my cat is called Pixel"])  # the store's turn
    assert embedder.encoded == before + 1


def test_a_model_with_another_embedder_is_refused(settings, tmp_path, shipped):
    trained = intent_model.train(shipped, TrainOptions(embeddings=True), embedder=HashingEmbedder())
    trained.embedder_name = "some-other-model"
    trained.save(tmp_path / "m")
    service = ToolIntentDecisionService(
        settings.model_copy(update={"intent_embeddings": True, "intent_model_dir": tmp_path / "m"}),
        embedder=HashingEmbedder())
    with pytest.raises(IntentModelError, match="some-other-model"):
        service.decide("hello")


def test_routing_imports_no_torch_and_a_cached_model_no_sklearn(tmp_path):
    script = (
        "import sys\n"
        "from iris.config import Settings\n"
        "from iris.intent import ToolIntentDecisionService\n"
        f"s = Settings(home={str(tmp_path)!r})\n"
        "d = ToolIntentDecisionService(s).decide('remember that I am vegan')\n"
        "assert d.tool == 'store_memory', d\n"
        "heavy = [m for m in ('torch', 'sentence_transformers', 'litellm', 'sklearn') if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("IRIS_")}
    run = lambda: subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,  # noqa: E731
                                 env=env, check=True).stdout.strip()
    assert run() == "sklearn"  # the first use trains
    assert run() == ""  # later processes only load the cached arrays


# --- evaluation ---------------------------------------------------------------------------


def test_evaluate_reports_the_documented_keys(model, tmp_path):
    rows = memory_heldout() + [{"text": t, "label": "none"} for t in not_memory_messages()[:40]]
    path = tmp_path / "eval.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows))
    report = evaluate(model, intent_data.load(path))
    for key in ("accuracy", "in_scope_accuracy", "oos_recall", "per_intent", "confusions", "sweep",
                "macro_f1"):
        assert key in report
    predicted = [p.label for p in model.predict([r["text"] for r in rows])]
    right = [p == r["label"] for p, r in zip(predicted, rows, strict=True)]
    assert report["accuracy"] == pytest.approx(np.mean(right))
    assert report["per_intent"]["memory_list"]["support"] == 15
    assert report["sweep"][0]["threshold"] == 0.0


def test_cross_validated_macro_f1_on_shipped_intents(shipped):
    report = cross_validate(shipped, folds=5)
    # The 17-label taxonomy of issue 9 (fine splits such as list add/remove) measures lower than
    # the 7 labels before it; the figures are in docs/decisions.md. This guards the data and
    # the model against regressions.
    assert report["macro_f1"] >= 0.88
    for label in ("memory_store", "memory_list", "memory_forget"):
        assert report["per_intent"][label]["f1"] >= 0.85, label
    assert report["per_intent"]["memory_store"]["support"] == shipped.labels.count("memory_store")


@pytest.mark.parametrize("message", [
    "can u forget what i do for a living", "could you delete where i grew up",
    "please drop the memory that I'm a nurse",
])
def test_a_polite_lead_in_does_not_hide_a_forget_request(service, message):
    """fresh8 and memory_fresh: the model read "can u ..." as a question to the assistant.
    Since round 12's polite forget examples the model may route one itself; either way the
    request reaches forget_memory."""
    decision = service.decide(message)
    assert decision.tool == "forget_memory"
    assert decision.label == "memory_forget" or "polite_lead_in" in decision.signals


@pytest.mark.parametrize("message", [
    "please remove dallas from my travel itinerary", "please file a fraud report",
    "can you remember who compiled you",
])
def test_a_polite_lead_in_is_read_past_only_for_forget(service, message):
    assert "polite_lead_in" not in service.decide(message).signals
