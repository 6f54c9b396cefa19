"""A small logistic regression over word and character n-grams, scored without scikit-learn.

The offline extractor's learned judgements (`closers`: is this tail a chat closer; `chat`: is
this span chat rather than a fact) share it: features are word 1-2-grams and character
2-5-grams (the intent model's, `iris.intent.features`) and the first word; the weights are
shipped as JSON (`{"bias", "weights", "data_sha256"}`), each n-gram's weight summed per span.
Training needs scikit-learn; scoring does not."""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from iris.intent.features import char_wb_ngrams, word_ngrams

_WORD = re.compile(r"[\w'\u2019]+")
# "byeee", "thank youuu", "sooo": a letter said three times or more reads as said once.
_ELONGATED = re.compile(r"(\w)\1{2,}")


def features(text: str) -> list[str]:
    """Word and character n-grams, and the first word: where a span starts."""
    first = _WORD.search(text.lower())
    start = ["s:" + first.group()] if first else []
    return start + ["w:" + g for g in word_ngrams(text)] + ["c:" + g for g in char_wb_ngrams(text)]


class NgramModel:
    """Weights loaded from a JSON file; `probability(text)` of the positive class."""

    def __init__(self, weights: dict[str, float], bias: float) -> None:
        self.weights, self.bias = weights, bias

    @classmethod
    def load(cls, path: Path) -> NgramModel:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return cls(raw["weights"], float(raw["bias"]))

    def probability(self, text: str) -> float:
        text = _ELONGATED.sub(r"\1", text)
        # fsum: exactly rounded, so the score does not depend on the set's order, which string
        # hashing changes from one process to the next.
        score = self.bias + math.fsum(self.weights.get(g, 0.0) for g in set(features(text)))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, score))))


def fit(texts: list[str], labels: list[int], c: float = 2.0) -> tuple[Any, Any]:
    """(vectorizer, classifier), fitted by scikit-learn."""
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    vectorizer = DictVectorizer()
    x = vectorizer.fit_transform([dict.fromkeys(features(t), 1) for t in texts])
    classifier = LogisticRegression(C=c, max_iter=2000, class_weight="balanced")
    classifier.fit(x, labels)
    return vectorizer, classifier


def save(fitted: tuple[Any, Any], out: Path, data_hash: str, floor: float = 0.01) -> Path:
    """Writes the weights of at least `floor` in size: the others change no decision."""
    vectorizer, classifier = fitted
    weights = {name: round(float(w), 4) for name, w in
               zip(vectorizer.get_feature_names_out(), classifier.coef_[0], strict=True)
               if abs(w) >= floor}
    out.write_text(json.dumps({"data_sha256": data_hash, "bias": float(classifier.intercept_[0]),
                               "weights": weights}, sort_keys=True), encoding="utf-8")
    return out


def fingerprint(paths: Iterable[Path]) -> str:
    """sha256 of the training files, so a test can tell stale shipped weights."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.read_bytes())
    return digest.hexdigest()


def cross_validate(texts: list[str], labels: list[int], threshold: float,
                   folds: int = 5, c: float = 2.0) -> dict[str, float]:
    """Accuracy and the rate of negatives scored positive at `threshold`, cross-validated."""
    from sklearn.model_selection import StratifiedKFold

    right = false_pos = positives = negatives = 0
    for train_index, test_index in StratifiedKFold(folds, shuffle=True, random_state=0).split(
            texts, labels):
        vectorizer, classifier = fit([texts[i] for i in train_index],
                                     [labels[i] for i in train_index], c)
        probs = classifier.predict_proba(vectorizer.transform(
            [dict.fromkeys(features(texts[i]), 1) for i in test_index]))[:, 1]
        for i, p in zip(test_index, probs, strict=True):
            said = p >= threshold
            right += said == bool(labels[i])
            false_pos += said and not labels[i]
            positives += labels[i]
            negatives += not labels[i]
    return {"accuracy": right / len(texts), "false_positive_rate": false_pos / negatives,
            "examples": len(texts), "positives": positives}
