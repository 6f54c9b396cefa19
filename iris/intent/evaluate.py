"""Measuring an intent model: accuracy, in-scope accuracy, out-of-scope recall, per-intent
precision/recall/F1, the most costly confusions, a threshold sweep, and cross-validation."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import numpy as np

from iris.intent.data import IntentData
from iris.intent.model import (
    IntentModel,
    OperatingPoint,
    Progress,
    TrainOptions,
    encode_in_chunks,
    sweep,
    train,
)

SWEEP_THRESHOLDS = [round(x, 2) for x in np.linspace(0.0, 0.95, 20)]


def evaluate(model: IntentModel, data: IntentData, *, oos_label: str | None = None,
             embeddings: np.ndarray | None = None,
             operating: OperatingPoint | None = None) -> dict:
    """Score `model` on labelled `data`. `oos_label` names out-of-scope in `data` (default:
    the model's own out-of-scope label)."""
    point = operating or model.operating[model.mode(embeddings is not None)]
    predictions = model.predict(list(data.texts), embeddings, point)
    probs = np.array([[dict(p.ranked)[lab] for lab in model.labels] for p in predictions])
    return report(model, data, [p.label for p in predictions], probs, oos_label=oos_label,
                  operating=point)


def report(model: IntentModel, data: IntentData, predicted: list[str], probs: np.ndarray, *,
           oos_label: str | None, operating: OperatingPoint) -> dict:
    data_oos = oos_label or model.oos_label or "none"
    model_oos = model.oos_label or "none"
    # One name for out-of-scope on both sides; labels the model never saw count as misses.
    y = np.array([data_oos if lab == model_oos else lab for lab in data.labels])
    pred = np.array([data_oos if lab == model_oos else lab for lab in predicted])
    is_oos = y == data_oos
    result: dict[str, Any] = {
        "examples": len(y),
        "accuracy": float((pred == y).mean()),
        "in_scope_accuracy": float((pred[~is_oos] == y[~is_oos]).mean()) if (~is_oos).any() else None,
        "oos_recall": float((pred[is_oos] == data_oos).mean()) if is_oos.any() else None,
        "oos_precision": (float((y[pred == data_oos] == data_oos).mean())
                          if (pred == data_oos).any() else None),
        "oos_label": data_oos,
        "operating_point": {"threshold": operating.threshold, "margin": operating.margin,
                            "tuned_on": operating.tuned_on},
    }
    result["per_intent"] = per_intent(y, pred)
    f1s = [v["f1"] for v in result["per_intent"].values() if v["support"]]
    result["macro_f1"] = float(np.mean(f1s)) if f1s else None
    result["all_confusions"] = confusions(y, pred, top=None)  # for plots; the CLI drops it from JSON
    result["confusions"] = result["all_confusions"][:10]
    # The sweep works on the model's label names: map the data back to them.
    y_model = np.array([model_oos if lab == data_oos else lab for lab in y])
    result["sweep"] = [
        {k: row[k] for k in ("threshold", "in_scope_accuracy", "oos_recall")}
        for row in sweep(probs, y_model, model.labels, model_oos if is_oos.any() else None,
                         SWEEP_THRESHOLDS, margins=(operating.margin,))
    ]
    return result


def per_intent(y: np.ndarray, pred: np.ndarray) -> dict[str, dict]:
    out = {}
    for label in sorted(set(y) | set(pred)):
        tp = int(((pred == label) & (y == label)).sum())
        predicted = int((pred == label).sum())
        support = int((y == label).sum())
        precision = tp / predicted if predicted else 0.0
        recall = tp / support if support else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        out[label] = {"precision": precision, "recall": recall, "f1": f1, "support": support}
    return out


def confusions(y: np.ndarray, pred: np.ndarray, top: int | None = 10) -> list[dict]:
    """The most frequent (true, predicted) mistakes, all of them when `top` is None."""
    counts = Counter((t, p) for t, p in zip(y, pred, strict=True) if t != p)
    return [{"true": str(t), "predicted": str(p), "count": n} for (t, p), n in counts.most_common(top)]


def cross_validate(data: IntentData, folds: int = 5, options: TrainOptions | None = None, *,
                   embedder=None, progress: Progress | None = None) -> dict:
    """Stratified k-fold: each fold trains a full model (its own calibration and out-of-scope
    tuning on its training part) and predicts the held-out part; one report over all folds."""
    from sklearn.model_selection import StratifiedKFold

    options = options or TrainOptions()
    say = progress or (lambda message: None)
    y = np.asarray(data.labels)
    splitter = StratifiedKFold(n_splits=folds, shuffle=True, random_state=options.seed)
    predicted = np.empty(len(y), dtype=object)
    labels = sorted(set(data.labels))
    probs = np.zeros((len(y), len(labels)))
    embeddings = encode_in_chunks(embedder, list(data.texts), say) if options.embeddings else None
    model = None
    for number, (train_idx, test_idx) in enumerate(splitter.split(data.texts, y), 1):
        say(f"fold {number}/{folds}")
        part = _subset(data, train_idx)
        model = train(part, replace(options, folds=min(options.folds, folds)),
                      embedder=_Precomputed(embedder, data.texts, embeddings))
        test_texts = [data.texts[i] for i in test_idx]
        test_emb = embeddings[test_idx] if embeddings is not None else None
        for i, p in zip(test_idx, model.predict(test_texts, test_emb), strict=True):
            predicted[i] = p.label
            ranked = dict(p.ranked)
            probs[i] = [ranked.get(lab, 0.0) for lab in labels]
    assert model is not None
    model.labels = labels  # every fold saw every label (stratified), in sorted order
    result = report(model, data, list(predicted), probs, oos_label=model.oos_label,
                    operating=OperatingPoint(tuned_on=f"per fold ({folds}-fold CV)"))
    result["folds"] = folds
    return result


def _subset(data: IntentData, index) -> IntentData:
    return IntentData([data.texts[i] for i in index], [data.labels[i] for i in index],
                      data.specs, data.signals, data.sources)


class _Precomputed:
    """Hands out embeddings already computed for the whole data set, so cross-validation
    embeds every sentence once rather than once per fold."""

    def __init__(self, embedder, texts, embeddings):
        self.name = getattr(embedder, "name", None)
        self._rows = dict(zip(texts, embeddings, strict=True)) if embeddings is not None else {}

    def encode(self, texts):
        return np.vstack([self._rows[t] for t in texts])
