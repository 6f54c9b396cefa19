"""`iris intents ...`: train, evaluate, predict with and explain the intent router.

Mounted by iris/cli.py, whose error boundary turns IrisError into exit codes; this module
only raises (InputError for what the user gave: a missing option, a malformed data file)."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.status import Status
from rich.table import Table

from iris.errors import ConfigError, InputError, IntentModelError

app = typer.Typer(help="Train, evaluate and explain the intent router.", no_args_is_help=True)
console = Console(stderr=True)
out = Console()


def _settings(**overrides):
    from iris.config import load_settings

    return load_settings(**overrides)


def _embedder(settings):
    from iris.embed import make_embedder

    return make_embedder(settings.model_copy(update={"embeddings": True}))


class _Status:
    """A rich spinner whose text follows the training/eval progress messages."""

    def __init__(self, quiet: bool = False):
        self.quiet = quiet
        self._status: Status | None = None

    def __enter__(self):
        if not self.quiet:
            self._status = console.status("working")
            self._status.__enter__()
        return self

    def __call__(self, message: str) -> None:
        if self._status is not None:
            self._status.update(message)

    def __exit__(self, *exc):
        if self._status is not None:
            self._status.__exit__(*exc)


def _load_data(paths: list[Path]):
    """Intent data the user named on the command line: a malformed file is bad input."""
    from iris.intent import data as intent_data

    try:
        return intent_data.load(paths)
    except IntentModelError as exc:
        raise InputError(str(exc)) from exc


def _load_model(model_dir: Path | None, embeddings: bool | None, say):
    """The model to use, and whether to feed it embeddings: an explicit --model directory,
    else the default model (trained from intents/ on first use)."""
    from iris.intent import ToolIntentDecisionService
    from iris.intent.model import IntentModel

    if model_dir is not None:
        model = IntentModel.load(model_dir)
        use = model.has_embeddings if embeddings is None else embeddings and model.has_embeddings
        if embeddings and not model.has_embeddings:
            raise IntentModelError(f"{model_dir} was trained without embeddings")
        settings = _settings(intent_model_dir=model_dir, intent_embeddings=use)
        return ToolIntentDecisionService(settings, model=model)
    settings = _settings()
    if embeddings is not None:
        settings = settings.model_copy(update={"intent_embeddings": embeddings})
    say("loading the default intent model (trained from intents/ on first use)")
    service = ToolIntentDecisionService(settings)
    service.model  # noqa: B018 - train or load now, under the spinner
    return service


@app.command()
def train(
    data: list[Path] = typer.Option(None, "--data",
        help="intents/ folder (default), YAML, JSONL {text,label} or CSV text,label. Repeatable."),
    val: Path | None = typer.Option(None, "--val",
        help="Held-out file to calibrate and tune the out-of-scope rule on (default: out-of-fold "
             "predictions)."),
    out_dir: Path = typer.Option(None, "--out",
        help="Where to write the model (default: IRIS_HOME/intent_models/custom)."),
    embeddings: bool = typer.Option(True, "--embeddings/--no-embeddings",
        help="Also train a MiniLM-embedding head (used when IRIS_INTENT_EMBEDDINGS=1)."),
    oos_label: str | None = typer.Option(None, "--oos-label",
        help="Out-of-scope label in the data (default: 'oos' or 'none' if present)."),
    target_in_scope: float | None = typer.Option(None, "--target-in-scope", min=0, max=1,
        help="In-scope accuracy to keep on the tuning data; the out-of-scope rule takes the most recall it "
             "can without going below."),
    max_in_scope_drop: float = typer.Option(0.01, "--max-in-scope-drop", min=0, max=1,
        help="Default target: this much below the accuracy with no out-of-scope rule."),
    folds: int = typer.Option(5, "--folds", min=2,
        help="Folds for out-of-fold tuning when no --val is given."),
) -> None:
    """Train an intent model and tune its out-of-scope threshold and margin."""
    import time

    from iris.intent.model import TrainOptions
    from iris.intent.model import train as train_model
    from iris.paths import intents_dir

    settings = _settings()
    paths = list(data) if data else [intents_dir()]
    corpus = _load_data(paths)
    held = _load_data([val]) if val else None
    options = TrainOptions(oos_label=oos_label, embeddings=embeddings, folds=folds,
                           target_in_scope=target_in_scope, max_in_scope_drop=max_in_scope_drop)
    target = out_dir or settings.home / "intent_models" / "custom"
    started = time.perf_counter()
    with _Status() as say:
        say(f"loaded {len(corpus)} examples, {len(set(corpus.labels))} labels")
        model = train_model(corpus, options, val=held,
                            embedder=_embedder(settings) if embeddings else None, progress=say)
        model.save(target)
    seconds = time.perf_counter() - started
    table = Table(title=f"Operating points ({model.meta['tuned_on']})")
    for column in ("mode", "threshold", "margin", "in-scope acc", "OOS recall"):
        table.add_column(column)
    for mode, point in model.operating.items():
        table.add_row(mode, f"{point.threshold:.3f}", f"{point.margin:.2f}",
                      _pct(point.in_scope_accuracy), _pct(point.oos_recall))
    out.print(table)
    out.print(f"trained on {len(corpus)} examples / {len(model.labels)} labels "
              f"(out-of-scope label: {model.oos_label or 'none in data'}) in {seconds:.1f} s")
    out.print(f"saved to {target}; use it with IRIS_INTENT_MODEL_DIR={target}"
              + (" and IRIS_INTENT_EMBEDDINGS=1 for the embedding head" if embeddings else ""))


@app.command("eval")
def evaluate(
    data: Path | None = typer.Option(None, "--data",
        help="Labelled data to score (YAML folder/file, JSONL or CSV). With --cv, the data to "
             "cross-validate (default: intents/)."),
    model_dir: Path | None = typer.Option(None, "--model",
        help="Model directory (default: the model trained from intents/)."),
    oos_label: str | None = typer.Option(None, "--oos-label",
        help="Out-of-scope label in --data (default: the model's)."),
    cv: int | None = typer.Option(None, "--cv", min=2,
        help="Cross-validate with this many folds instead of scoring a model."),
    embeddings: bool | None = typer.Option(None, "--embeddings/--no-embeddings",
        help="Use the embedding head (default: when the model has one)."),
    threshold: float | None = typer.Option(None, "--threshold", min=0, max=1,
        help="Try another confidence threshold instead of the tuned one."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    plot: Path | None = typer.Option(None, "--plot",
        help="Write the confusion matrix and threshold curve to this PNG."),
) -> None:
    """Accuracy, in-scope accuracy, out-of-scope recall, per-intent scores, confusions, sweep."""
    from iris.intent.evaluate import cross_validate
    from iris.intent.evaluate import evaluate as score
    from iris.intent.model import OperatingPoint, TrainOptions
    from iris.paths import intents_dir

    if plot is not None:
        _matplotlib()  # before minutes of scoring, not after
    with _Status(quiet=as_json) as say:
        if cv is not None:
            corpus = _load_data([data] if data else [intents_dir()])
            use = bool(embeddings)
            settings = _settings()
            result = cross_validate(corpus, cv, TrainOptions(oos_label=oos_label, embeddings=use),
                                    embedder=_embedder(settings) if use else None, progress=say)
            labels = sorted(set(corpus.labels))
        else:
            if data is None:
                raise InputError("eval needs --data FILE (or --cv N to cross-validate)")
            corpus = _load_data([data])
            service = _load_model(model_dir, embeddings, say)
            model = service.model
            point = service.operating_point()
            if threshold is not None:
                point = OperatingPoint(threshold, point.margin, tuned_on="--threshold")
            vectors = None
            if service.use_embeddings and model.has_embeddings:
                from iris.intent.model import encode_in_chunks

                vectors = encode_in_chunks(service.embedder, list(corpus.texts), say)
            say("scoring")
            result = score(model, corpus, oos_label=oos_label, embeddings=vectors, operating=point)
            result["mode"] = model.mode(vectors is not None)
            known = set(corpus.labels) | set(model.labels) - {model.oos_label}
            labels = sorted(known | {result["oos_label"]})
    if plot is not None:
        _plot(result, labels, plot)
    result.pop("all_confusions", None)
    if as_json:
        typer.echo(json.dumps(result, indent=2, default=_json_default))
        return
    _print_report(result)
    if plot is not None:
        out.print(f"plot written to {plot}")


@app.command()
def predict(
    message: str = typer.Argument(..., help="The message to classify."),
    model_dir: Path | None = typer.Option(None, "--model",
        help="Model directory (default: the model trained from intents/)."),
    embeddings: bool | None = typer.Option(None, "--embeddings/--no-embeddings"),
    as_json: bool = typer.Option(False, "--json", help="Print the IntentDecision as JSON."),
) -> None:
    """Classify one message."""
    with _Status(quiet=as_json) as say:
        service = _load_model(model_dir, embeddings, say)
        decision = service.decide(message)
    if as_json:
        typer.echo(decision.model_dump_json())
        return
    tool = f" -> {decision.tool}" if decision.tool else ""
    out.print(f"[bold]{decision.intent}[/bold]{tool}  (label {decision.label}, "
              f"confidence {decision.confidence:.3f})")
    if decision.signals:
        out.print("signals: " + ", ".join(decision.signals))
    if decision.alternatives:
        out.print("alternatives: " + ", ".join(f"{k} {v:.3f}" for k, v in decision.alternatives))


@app.command()
def explain(
    message: str = typer.Argument(..., help="The message to explain."),
    model_dir: Path | None = typer.Option(None, "--model",
        help="Model directory (default: the model trained from intents/)."),
    top: int = typer.Option(12, "--top", min=1, help="How many features to show."),
) -> None:
    """Which n-grams and signals pushed the decision, and how the out-of-scope rule saw it."""
    with _Status() as say:
        service = _load_model(model_dir, None, say)
        decision, contributions = service.explain(message, top=top)
        point = service.operating_point()
    model = service.model
    tool = f" -> {decision.tool}" if decision.tool else ""
    out.print(f"[bold]{decision.intent}[/bold]{tool}  label {decision.label}, "
              f"confidence {decision.confidence:.3f} ({model.mode(service.use_embeddings)} model)")
    out.print(f"out-of-scope rule: confidence < {point.threshold:.3f} or top-2 margin < "
              f"{point.margin:.2f} -> none ({point.tuned_on})")
    out.print("signals: " + (", ".join(decision.signals) or "none matched"))
    ranked = model.predict([message])[0].ranked[:2]
    table = Table(title=f"TF-IDF features: toward {ranked[0][0]} (+) vs {ranked[-1][0]} (-)")
    table.add_column("feature")
    table.add_column("push", justify="right")
    for name, value in contributions:
        table.add_row(name, f"{value:+.3f}")
    out.print(table)


# --- output helpers -----------------------------------------------------------------


def _pct(value) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _json_default(value):
    import numpy as np

    if isinstance(value, np.generic):
        return value.item()
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


def _print_report(result: dict) -> None:
    summary = Table(title="Intent evaluation", show_header=False)
    summary.add_column()
    summary.add_column(justify="right")
    for key, label in (("examples", "examples"), ("accuracy", "accuracy"),
                       ("in_scope_accuracy", "in-scope accuracy"), ("oos_recall", "out-of-scope recall"),
                       ("oos_precision", "out-of-scope precision"), ("macro_f1", "macro F1")):
        value = result.get(key)
        summary.add_row(label, str(value) if key == "examples" else _pct(value))
    point = result["operating_point"]
    summary.add_row("operating point", f"threshold {point['threshold']:.3f}, margin {point['margin']:.2f}")
    if "mode" in result:
        summary.add_row("model", result["mode"])
    out.print(summary)

    per = Table(title="Per intent (worst F1 first)")
    for column in ("intent", "precision", "recall", "F1", "support"):
        per.add_column(column, justify="left" if column == "intent" else "right")
    rows = sorted(result["per_intent"].items(), key=lambda kv: (kv[1]["f1"], kv[0]))
    for label, m in rows[:25]:
        per.add_row(label, _pct(m["precision"]), _pct(m["recall"]), _pct(m["f1"]), str(m["support"]))
    if len(rows) > 25:
        per.caption = f"{len(rows) - 25} more in --json"
    out.print(per)

    if result["confusions"]:
        conf = Table(title="Most costly confusions")
        for column in ("true", "predicted", "count"):
            conf.add_column(column)
        for c in result["confusions"]:
            conf.add_row(str(c["true"]), str(c["predicted"]), str(c["count"]))
        out.print(conf)

    sweep = Table(title="Threshold sweep")
    for column in ("threshold", "in-scope acc", "OOS recall"):
        sweep.add_column(column, justify="right")
    for row in result["sweep"][::2]:
        sweep.add_row(f"{row['threshold']:.2f}", _pct(row["in_scope_accuracy"]), _pct(row["oos_recall"]))
    out.print(sweep)


def _matplotlib():
    """pyplot on the file-only Agg backend; matplotlib is the optional `plot` extra."""
    try:
        import matplotlib
    except ImportError as exc:
        raise ConfigError("--plot needs matplotlib, which is not installed: "
                          "pip install 'iris-memory[plot]'") from exc
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _plot(result: dict, labels: list[str], path: Path) -> None:
    plt = _matplotlib()
    import numpy as np

    index = {lab: i for i, lab in enumerate(labels)}
    matrix = np.zeros((len(labels), len(labels)))
    for label, m in result["per_intent"].items():
        if label in index:
            matrix[index[label], index[label]] = round(m["recall"] * m["support"])
    for c in result["all_confusions"]:
        if c["true"] in index and c["predicted"] in index:
            matrix[index[c["true"]], index[c["predicted"]]] = c["count"]

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(14, 6))
    ax1.imshow(matrix / np.maximum(matrix.sum(axis=1, keepdims=True), 1), cmap="Blues")
    ax1.set_title("Confusion matrix (row-normalised)")
    ax1.set_xlabel("predicted")
    ax1.set_ylabel("true")
    if len(labels) <= 30:
        ax1.set_xticks(range(len(labels)), labels, rotation=90, fontsize=8)
        ax1.set_yticks(range(len(labels)), labels, fontsize=8)
    sweep = result["sweep"]
    xs = [r["threshold"] for r in sweep]
    ax2.plot(xs, [r["in_scope_accuracy"] for r in sweep], label="in-scope accuracy")
    if any(r["oos_recall"] is not None for r in sweep):
        ax2.plot(xs, [r["oos_recall"] for r in sweep], label="out-of-scope recall")
    ax2.axvline(result["operating_point"]["threshold"], linestyle="--", color="grey",
                label="operating point")
    ax2.set_xlabel("confidence threshold")
    ax2.set_ylim(0, 1.02)
    ax2.set_title("Threshold sweep")
    ax2.legend()
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
