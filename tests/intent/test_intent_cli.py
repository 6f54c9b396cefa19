"""`iris intents train / eval / predict / explain`, driven through the whole CLI (`iris.cli.app`),
so its error boundary and exit codes are the ones a user gets."""

import csv
import json

import pytest
from typer.testing import CliRunner

from iris.cli import app
from iris.intent.model import IntentModel

runner = CliRunner()

TRAIN = {
    "weather": ["will it rain tomorrow", "what's the forecast for saturday", "is it cold outside",
                "do I need an umbrella today", "how hot will it be this afternoon",
                "weather in paris please", "is there snow expected this week", "how windy is it now",
                "forecast for the weekend", "will it be sunny on monday"],
    "music": ["play some jazz", "put on my running playlist", "skip this song",
              "play the new taylor swift album",
              "turn the music up", "shuffle my liked songs", "play something relaxing",
              "next track please", "play radiohead", "pause the music"],
    "timer": ["set a timer for 10 minutes", "start a 5 minute countdown", "timer 20 min",
              "how much time is left on my timer", "cancel the timer", "set an egg timer for 7 minutes",
              "add 2 minutes to the timer", "start a timer for the pasta", "stop the countdown",
              "timer for half an hour"],
    "oos": ["what's the capital of peru", "tell me a joke", "who wrote hamlet", "how do magnets work",
            "I'm bored", "what is love", "recommend a book", "how old is the universe",
            "translate hello to german", "what's 7 times 8"],
}
VAL = [("is it going to rain later", "weather"), ("what's the weather like in rome", "weather"),
       ("play some classical music", "music"), ("skip to the next song", "music"),
       ("set a timer for 3 minutes", "timer"), ("how long is left on the timer", "timer"),
       ("who painted the mona lisa", "oos"), ("how do airplanes fly", "oos"),
       ("what's a good name for a cat", "oos")]


@pytest.fixture
def files(tmp_path, settings, monkeypatch):
    monkeypatch.setenv("IRIS_EMBED_MODEL", "hashing")
    jsonl = tmp_path / "train.jsonl"
    rows = [(t, label) for label, texts in TRAIN.items() for t in texts]
    jsonl.write_text("\n".join(json.dumps({"text": t, "label": lab}) for t, lab in rows[::2]))
    csv_path = tmp_path / "more.csv"
    with csv_path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["text", "label"])
        writer.writerows(rows[1::2])
    val = tmp_path / "val.jsonl"
    val.write_text("\n".join(json.dumps({"text": t, "label": lab}) for t, lab in VAL))
    return {"jsonl": jsonl, "csv": csv_path, "val": val, "out": tmp_path / "model"}


def run(*args):
    result = runner.invoke(app, ["intents", *[str(a) for a in args]])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def invoke(*args):
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result.output


def test_train_predict_eval_round_trip(files, tmp_path):
    output = invoke("train", "--data", files["jsonl"], "--data", files["csv"], "--val", files["val"],
                    "--out", files["out"], "--no-embeddings")
    assert "validation data (9 examples)" in output and "saved to" in output
    model = IntentModel.load(files["out"])
    assert sorted(model.labels) == ["music", "oos", "timer", "weather"]
    assert model.oos_label == "oos" and not model.has_embeddings

    decision = json.loads(invoke("predict", "--model", files["out"], "--json", "set a timer for 4 minutes"))
    assert (decision["intent"], decision["label"], decision["tool"]) == ("timer", "timer", None)

    plot = tmp_path / "eval.png"
    report = json.loads(invoke("eval", "--model", files["out"], "--data", files["val"],
                               "--oos-label", "oos", "--json", "--plot", plot))
    for key in ("accuracy", "in_scope_accuracy", "oos_recall", "per_intent", "confusions", "sweep"):
        assert key in report
    assert report["examples"] == len(VAL)
    assert set(report["per_intent"]) >= {"weather", "music", "timer", "oos"}
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_eval_table_output(files):
    invoke("train", "--data", files["jsonl"], "--out", files["out"], "--no-embeddings", "--folds", "2")
    output = invoke("eval", "--model", files["out"], "--data", files["val"])
    for heading in ("in-scope accuracy", "out-of-scope recall", "Per intent", "Threshold sweep"):
        assert heading in output


def test_threshold_option_moves_the_operating_point(files):
    invoke("train", "--data", files["jsonl"], "--data", files["csv"], "--out", files["out"],
           "--no-embeddings")
    tuned = json.loads(invoke("eval", "--model", files["out"], "--data", files["val"], "--json"))
    strict = json.loads(invoke("eval", "--model", files["out"], "--data", files["val"], "--json",
                               "--threshold", "0.99"))
    assert strict["operating_point"]["threshold"] == 0.99
    assert strict["operating_point"]["tuned_on"] == "--threshold"
    assert strict["oos_recall"] == 1.0
    assert strict["in_scope_accuracy"] < tuned["in_scope_accuracy"]


def test_cross_validation(files):
    report = json.loads(invoke("eval", "--cv", "3", "--data", files["jsonl"], "--json"))
    assert report["folds"] == 3
    assert report["examples"] == 20
    assert 0.0 <= report["macro_f1"] <= 1.0


def test_embedding_head_is_trained_and_used(files):
    invoke("train", "--data", files["jsonl"], "--data", files["csv"], "--out", files["out"])
    model = IntentModel.load(files["out"])
    assert model.has_embeddings and model.embedder_name == "hashing"
    assert set(model.operating) == {"tfidf", "combined"}
    report = json.loads(invoke("eval", "--model", files["out"], "--data", files["val"], "--json"))
    assert report["mode"] == "combined"
    report = json.loads(invoke("eval", "--model", files["out"], "--data", files["val"], "--json",
                               "--no-embeddings"))
    assert report["mode"] == "tfidf"


def test_explain_names_features_and_signals(files):
    output = invoke("explain", "remind me to call mum at 6, remember that")
    assert "reminder" in output
    assert "reminder_create:remind_me" in output
    assert "word 'remind'" in output or "word 'remind me'" in output
    assert "out-of-scope rule" in output


def test_predict_on_default_model(files):
    output = invoke("predict", "forget that I live in Oslo")
    assert "memory_action -> forget_memory" in output


def test_eval_without_data_is_bad_input_exit_2(files):
    result = run("eval")
    assert result.exit_code == 2, result.output
    assert "--data" in result.stderr and "Traceback" not in result.output


def test_bad_training_file_is_bad_input_exit_2(files, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"text": "hi", "label": "x"}\nnot json\n')
    result = run("train", "--data", bad, "--no-embeddings")
    assert result.exit_code == 2, result.output
    assert "bad.jsonl:2" in result.stderr


def test_a_model_that_cannot_load_is_an_iris_fault_exit_4(files, tmp_path):
    (tmp_path / "broken").mkdir()
    result = run("predict", "--model", tmp_path / "broken", "hello")
    assert result.exit_code == 4, result.output
    assert "not an intent model" in result.stderr


def test_plot_without_matplotlib_names_the_extra(files, tmp_path, monkeypatch):
    import sys

    invoke("train", "--data", files["jsonl"], "--out", files["out"], "--no-embeddings", "--folds", "2")
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    result = run("eval", "--model", files["out"], "--data", files["val"], "--plot", tmp_path / "p.png")
    assert result.exit_code == 3, result.output
    assert "pip install 'iris-memory[plot]'" in result.stderr
    assert not (tmp_path / "p.png").exists()
