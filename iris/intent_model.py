"""The intent classifier: training, calibration, the out-of-scope rule, saving and loading.

Two heads share one decision rule:
- TF-IDF word and character n-grams plus the intent files' regex signals, linear model;
- optionally MiniLM sentence embeddings (through iris/embed.py), linear model.
Each head's scores become probabilities through a softmax whose temperature is fitted on
held-out predictions; with both heads the probabilities are averaged. A message is out of
scope when the top probability is below `threshold` or the top-2 margin below `margin`;
both are tuned on held-out data (a --val file, or out-of-fold predictions on the training
data), never fixed by hand.

Models are saved as JSON (metadata) plus skops (the scikit-learn objects), and loaded with
an explicit list of trusted types, so a model directory cannot run arbitrary code."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
from scipy import sparse

from iris.errors import IntentModelError
from iris.intent_data import IntentData, IntentSpec, Signal

# Bump when a change here changes what a trained model predicts: cached models retrain.
CODE_VERSION = "1"
FORMAT = "iris-intent-model/1"

# Signals are hand-written evidence, but the n-grams already see most of what they match:
# in cross-validation on the shipped intents a weight above ~0.25 lowered macro-F1.
SIGNAL_WEIGHT = 0.25
# Keeps in-scope accuracy within this much of what it is with no out-of-scope rule.
DEFAULT_MAX_IN_SCOPE_DROP = 0.01

Progress = Callable[[str], None]

# The only types a model file may contain (checked before anything is loaded).
TRUSTED_TYPES = [
    "builtins.dict",
    "builtins.list",
    "builtins.tuple",
    "builtins.str",
    "builtins.int",
    "builtins.float",
    "builtins.bool",
    "builtins.NoneType",
    "numpy.dtype",
    "numpy.float64",
    "numpy.int64",
    "numpy.ndarray",
    "scipy.sparse._csr.csr_matrix",
    "sklearn.feature_extraction.text.TfidfVectorizer",
    "sklearn.feature_extraction.text.TfidfTransformer",
    "sklearn.svm._classes.LinearSVC",
    "sklearn.linear_model._logistic.LogisticRegression",
]


@dataclass(frozen=True)
class OperatingPoint:
    threshold: float = 0.0
    margin: float = 0.0
    in_scope_accuracy: float | None = None  # measured on the tuning data
    oos_recall: float | None = None
    tuned_on: str = "default"


@dataclass
class Prediction:
    """Probabilities over the model's labels plus what the out-of-scope rule made of them."""

    label: str
    confidence: float
    top_label: str
    ranked: list[tuple[str, float]]
    signals: list[str]
    rejected: str | None = None  # "low_confidence" / "small_margin" when the rule fired


@dataclass
class IntentModel:
    labels: list[str]
    specs: dict[str, IntentSpec]
    signals: list[Signal]
    oos_label: str | None
    word_vec: object
    char_vec: object
    tfidf_clf: object
    emb_clf: object | None = None
    embedder_name: str | None = None
    temperatures: dict[str, float] = field(default_factory=dict)
    operating: dict[str, OperatingPoint] = field(default_factory=dict)
    meta: dict = field(default_factory=dict)

    # --- prediction ------------------------------------------------------------------

    @property
    def has_embeddings(self) -> bool:
        return self.emb_clf is not None

    def mode(self, use_embeddings: bool) -> str:
        return "combined" if use_embeddings and self.has_embeddings else "tfidf"

    def signal_hits(self, texts: list[str]) -> list[list[str]]:
        return [[f"{s.label}:{s.name}" for s in self.signals if s.compiled().search(t)]
                for t in texts]

    def tfidf_features(self, texts: list[str]):
        return _features(self.word_vec, self.char_vec, self.signals, texts)

    def probabilities(self, texts: list[str], embeddings: np.ndarray | None = None) -> np.ndarray:
        """Calibrated probabilities, one row per text, columns in `self.labels` order.
        With `embeddings` (and an embedding head) the two heads are averaged."""
        probs = _softmax(_scores(self.tfidf_clf, self.tfidf_features(texts)),
                         self.temperatures.get("tfidf", 1.0))
        if embeddings is not None:
            if not self.has_embeddings:
                raise IntentModelError("this intent model was trained without embeddings")
            emb = _softmax(_scores(self.emb_clf, embeddings), self.temperatures.get("embeddings", 1.0))
            probs = (probs + emb) / 2
        return probs

    def predict(self, texts: list[str], embeddings: np.ndarray | None = None,
                operating: OperatingPoint | None = None) -> list[Prediction]:
        probs = self.probabilities(texts, embeddings)
        point = operating or self.operating[self.mode(embeddings is not None)]
        hits = self.signal_hits(texts)
        out = []
        for row, signals in zip(probs, hits):
            order = np.argsort(-row)
            ranked = [(self.labels[i], float(row[i])) for i in order]
            label, confidence = ranked[0]
            runner_up = ranked[1][1] if len(ranked) > 1 else 0.0
            rejected = None
            if label != self.oos_label:
                if confidence < point.threshold:
                    rejected = "low_confidence"
                elif confidence - runner_up < point.margin:
                    rejected = "small_margin"
            out.append(Prediction(
                label=self.oos_label or "none" if rejected else label,
                confidence=confidence, top_label=label, ranked=ranked,
                signals=signals, rejected=rejected))
        return out

    # --- explanation -----------------------------------------------------------------

    def explain(self, text: str, top: int = 10) -> list[tuple[str, float]]:
        """TF-IDF features (and signals) that pushed the top label over the runner-up:
        (feature, contribution) pairs, largest first. Negative means it pulled away."""
        x = self.tfidf_features([text]).tocsr()
        scores = _scores(self.tfidf_clf, x)[0]
        order = np.argsort(-scores)
        coef = np.asarray(self.tfidf_clf.coef_)
        if coef.shape[0] == 1:  # binary models keep one row
            coef = np.vstack([-coef[0], coef[0]])
        direction = coef[order[0]] - coef[order[1]] if len(order) > 1 else coef[order[0]]
        names = self._feature_names()
        contributions = [(names[j], float(v * direction[j])) for j, v in zip(x.indices, x.data)]
        contributions.sort(key=lambda item: -abs(item[1]))
        return contributions[:top]

    def _feature_names(self) -> list[str]:
        names = [f"word '{w}'" for w in self.word_vec.get_feature_names_out()]
        names += [f"chars '{c}'" for c in self.char_vec.get_feature_names_out()]
        names += [f"signal {s.label}:{s.name}" for s in self.signals]
        return names

    # --- persistence -----------------------------------------------------------------

    def save(self, directory: Path) -> Path:
        """Write the model to `directory` atomically (a half-written model is never seen)."""
        import skops.io as sio

        directory = Path(directory)
        directory.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".intent-", dir=directory.parent))
        try:
            sio.dump({"word_vec": self.word_vec, "char_vec": self.char_vec,
                      "tfidf_clf": self.tfidf_clf, "emb_clf": self.emb_clf},
                     staging / "model.skops")
            meta = {
                "format": FORMAT,
                "code_version": CODE_VERSION,
                "labels": self.labels,
                "oos_label": self.oos_label,
                "specs": {k: asdict(v) for k, v in self.specs.items()},
                "signals": [asdict(s) for s in self.signals],
                "embedder": self.embedder_name,
                "temperatures": self.temperatures,
                "operating": {k: asdict(v) for k, v in self.operating.items()},
                "meta": self.meta,
            }
            (staging / "model.json").write_text(json.dumps(meta, indent=2), encoding="utf-8")
            if directory.exists():
                shutil.rmtree(directory)
            os.replace(staging, directory)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        return directory

    @classmethod
    def load(cls, directory: Path) -> "IntentModel":
        import skops.io as sio

        directory = Path(directory)
        meta_path, blob_path = directory / "model.json", directory / "model.skops"
        if not meta_path.is_file() or not blob_path.is_file():
            raise IntentModelError(f"{directory}: not an intent model (model.json and model.skops expected)")
        try:
            meta = json.loads(meta_path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise IntentModelError(f"{meta_path}: unreadable: {exc}") from exc
        if meta.get("format") != FORMAT:
            raise IntentModelError(f"{directory}: unsupported model format {meta.get('format')!r}")
        try:
            untrusted = set(sio.get_untrusted_types(file=blob_path)) - set(TRUSTED_TYPES)
        except Exception as exc:  # a corrupt or foreign archive
            raise IntentModelError(f"{blob_path}: unreadable: {exc}") from exc
        if untrusted:
            raise IntentModelError(
                f"{blob_path} contains types Iris does not trust: {', '.join(sorted(untrusted))}")
        try:
            parts = sio.load(blob_path, trusted=TRUSTED_TYPES)
        except Exception as exc:
            raise IntentModelError(f"{blob_path}: cannot load: {exc}") from exc
        return cls(
            labels=list(meta["labels"]),
            specs={k: IntentSpec(**v) for k, v in meta["specs"].items()},
            signals=[Signal(**s) for s in meta["signals"]],
            oos_label=meta["oos_label"],
            word_vec=parts["word_vec"], char_vec=parts["char_vec"],
            tfidf_clf=parts["tfidf_clf"], emb_clf=parts["emb_clf"],
            embedder_name=meta.get("embedder"),
            temperatures=meta["temperatures"],
            operating={k: OperatingPoint(**v) for k, v in meta["operating"].items()},
            meta=meta.get("meta", {}),
        )


# --- training --------------------------------------------------------------------------


@dataclass
class TrainOptions:
    oos_label: str | None = None  # None: "oos" or "none" when the data has it
    embeddings: bool = False
    folds: int = 5
    max_in_scope_drop: float = DEFAULT_MAX_IN_SCOPE_DROP
    target_in_scope: float | None = None  # absolute, overrides max_in_scope_drop
    seed: int = 0


def detect_oos_label(labels: list[str], wanted: str | None) -> str | None:
    present = set(labels)
    if wanted is not None:
        return wanted if wanted in present else None
    return next((c for c in ("oos", "none") if c in present), None)


def train(data: IntentData, options: TrainOptions | None = None, *,
          val: IntentData | None = None, embedder=None,
          progress: Progress | None = None) -> IntentModel:
    """Train on `data`; calibrate and tune the out-of-scope rule on `val` when given, else on
    out-of-fold predictions. Deterministic for the same data and options."""
    options = options or TrainOptions()
    say = progress or (lambda message: None)
    if len(set(data.labels)) < 2:
        raise IntentModelError("need at least two labels to train an intent model")
    if options.embeddings and embedder is None:
        raise IntentModelError("embeddings requested but no embedder given")
    oos = detect_oos_label(data.labels, options.oos_label)
    texts, y = list(data.texts), np.asarray(data.labels)

    emb_all = None
    if options.embeddings:
        emb_all = encode_in_chunks(embedder, texts + (list(val.texts) if val else []), say)

    # Held-out scores for calibration and threshold tuning.
    if val is not None:
        say("fitting")
        word_vec, char_vec, tfidf_clf = _fit_tfidf(texts, y, data.signals)
        emb_clf = _fit_dense(emb_all[: len(texts)], y) if emb_all is not None else None
        labels = list(tfidf_clf.classes_)
        held_y = np.asarray(val.labels)
        held_tfidf = _scores(tfidf_clf, _features(word_vec, char_vec, data.signals, list(val.texts)))
        held_emb = _scores(emb_clf, emb_all[len(texts):]) if emb_clf is not None else None
        tuned_on = f"validation data ({len(val)} examples)"
    else:
        labels = sorted(set(data.labels))
        held_y, held_tfidf, held_emb = _out_of_fold(texts, y, labels, data.signals,
                                                    emb_all, options, say)
        say("fitting")
        word_vec, char_vec, tfidf_clf = _fit_tfidf(texts, y, data.signals)
        emb_clf = _fit_dense(emb_all, y) if emb_all is not None else None
        tuned_on = f"{options.folds}-fold out-of-fold predictions"

    # Labels that appear only in val are unknown to the model: map them to out-of-scope.
    known = set(labels)
    held_y = np.array([lab if lab in known else (oos or "none") for lab in held_y])

    say("calibrating and tuning the out-of-scope rule")
    temperatures = {"tfidf": _fit_temperature(held_tfidf, held_y, labels)}
    probs = {"tfidf": _softmax(held_tfidf, temperatures["tfidf"])}
    if held_emb is not None:
        temperatures["embeddings"] = _fit_temperature(held_emb, held_y, labels)
        probs["combined"] = (probs["tfidf"] + _softmax(held_emb, temperatures["embeddings"])) / 2
    operating = {mode: tune_operating_point(p, held_y, labels, oos, options, tuned_on)
                 for mode, p in probs.items()}

    counts = {lab: int((y == lab).sum()) for lab in labels}
    return IntentModel(
        labels=labels,
        specs={lab: data.specs[lab] for lab in labels if lab in data.specs},
        signals=list(data.signals), oos_label=oos,
        word_vec=word_vec, char_vec=char_vec, tfidf_clf=tfidf_clf, emb_clf=emb_clf,
        embedder_name=getattr(embedder, "name", None) if options.embeddings else None,
        temperatures=temperatures, operating=operating,
        meta={"examples": len(texts), "counts": counts, "fingerprint": data.fingerprint(),
              "sources": data.sources, "tuned_on": tuned_on,
              "options": asdict(options)},
    )


def encode_in_chunks(embedder, texts: list[str], say: Progress, chunk: int = 512) -> np.ndarray:
    """Embed in chunks so long jobs (CLINC150: minutes on CPU) can report progress."""
    rows = []
    for start in range(0, len(texts), chunk):
        say(f"embedding sentences {start}/{len(texts)}")
        rows.append(embedder.encode(texts[start:start + chunk]))
    return np.vstack(rows) if rows else np.zeros((0, 0), dtype=np.float32)


def _out_of_fold(texts, y, labels, signals, emb_all, options, say):
    from sklearn.model_selection import StratifiedKFold

    smallest = min(int((y == lab).sum()) for lab in labels)
    folds = max(2, min(options.folds, smallest))
    splitter = StratifiedKFold(n_splits=folds, shuffle=True, random_state=options.seed)
    held_tfidf = np.zeros((len(texts), len(labels)))
    held_emb = np.zeros((len(texts), len(labels))) if emb_all is not None else None
    for number, (train_idx, test_idx) in enumerate(splitter.split(texts, y), 1):
        say(f"held-out fold {number}/{folds}")
        fold_texts = [texts[i] for i in train_idx]
        word_vec, char_vec, clf = _fit_tfidf(fold_texts, y[train_idx], signals)
        x = _features(word_vec, char_vec, signals, [texts[i] for i in test_idx])
        held_tfidf[test_idx] = _align(_scores(clf, x), clf.classes_, labels)
        if emb_all is not None:
            emb_clf = _fit_dense(emb_all[train_idx], y[train_idx])
            held_emb[test_idx] = _align(_scores(emb_clf, emb_all[test_idx]), emb_clf.classes_, labels)
    return y, held_tfidf, held_emb


def _align(scores: np.ndarray, classes, labels: list[str]) -> np.ndarray:
    """Scores in `labels` order; a class missing from a fold scores very low."""
    out = np.full((scores.shape[0], len(labels)), -1e3)
    index = {lab: i for i, lab in enumerate(labels)}
    for j, lab in enumerate(classes):
        out[:, index[lab]] = scores[:, j]
    return out


def _fit_tfidf(texts, y, signals):
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.svm import LinearSVC

    word_vec = TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True, dtype=np.float32)
    char_vec = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), sublinear_tf=True,
                               min_df=2, dtype=np.float32)
    word_vec.fit(texts)
    char_vec.fit(texts)
    x = _features(word_vec, char_vec, signals, texts)
    # On sparse n-grams a linear SVM trains in seconds where lbfgs logistic regression takes
    # minutes (CLINC150), and ranks better; the fitted temperature calibrates its scores.
    return word_vec, char_vec, LinearSVC(C=1.0, random_state=0).fit(x, y)


def _fit_dense(x, y):
    from sklearn.linear_model import LogisticRegression

    # On 384 dense dimensions the opposite holds: lbfgs is fast, liblinear's SVM is slow.
    return LogisticRegression(C=10.0, max_iter=2000).fit(x, y)


def _features(word_vec, char_vec, signals: list[Signal], texts: list[str]):
    parts = [word_vec.transform(texts), char_vec.transform(texts)]
    if signals:
        rows, cols = [], []
        for r, text in enumerate(texts):
            for c, signal in enumerate(signals):
                if signal.compiled().search(text):
                    rows.append(r)
                    cols.append(c)
        hits = sparse.csr_matrix((np.full(len(rows), SIGNAL_WEIGHT, dtype=np.float32), (rows, cols)),
                                 shape=(len(texts), len(signals)))
        parts.append(hits)
    return sparse.hstack(parts, format="csr")


def _scores(clf, x) -> np.ndarray:
    scores = np.asarray(clf.decision_function(x), dtype=np.float64)
    if scores.ndim == 1:  # binary: one column of scores for classes_[1]
        scores = np.column_stack([-scores, scores]) / 2
    return scores


def _softmax(scores: np.ndarray, temperature: float) -> np.ndarray:
    z = scores / temperature
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def _fit_temperature(scores: np.ndarray, y: np.ndarray, labels: list[str]) -> float:
    """Temperature minimising held-out negative log-likelihood (temperature scaling)."""
    from scipy.optimize import minimize_scalar

    index = {lab: i for i, lab in enumerate(labels)}
    target = np.array([index[lab] for lab in y])

    def nll(log_t: float) -> float:
        p = _softmax(scores, float(np.exp(log_t)))
        return float(-np.log(p[np.arange(len(target)), target] + 1e-12).mean())

    result = minimize_scalar(nll, bounds=(np.log(0.005), np.log(20.0)), method="bounded")
    return float(np.exp(result.x))


def sweep(probs: np.ndarray, y: np.ndarray, labels: list[str], oos: str | None,
          thresholds, margins=(0.0,)) -> list[dict]:
    """In-scope accuracy and out-of-scope recall for each (threshold, margin) pair."""
    order = np.argsort(-probs, axis=1)
    top = probs[np.arange(len(probs)), order[:, 0]]
    second = probs[np.arange(len(probs)), order[:, 1]] if probs.shape[1] > 1 else np.zeros(len(probs))
    pred = np.asarray(labels)[order[:, 0]]
    is_oos = (y == oos) if oos else np.zeros(len(y), dtype=bool)
    rows = []
    for margin in margins:
        for threshold in thresholds:
            reject = (pred != oos) & ((top < threshold) | (top - second < margin))
            final = np.where(reject, oos or "none", pred)
            rows.append({
                "threshold": float(threshold), "margin": float(margin),
                "in_scope_accuracy": float((final[~is_oos] == y[~is_oos]).mean()) if (~is_oos).any() else None,
                "oos_recall": float((final[is_oos] == oos).mean()) if is_oos.any() else None,
            })
    return rows


def tune_operating_point(probs, y, labels, oos, options: TrainOptions, tuned_on: str) -> OperatingPoint:
    """The (threshold, margin) with the best out-of-scope recall that keeps in-scope
    accuracy at the target: `target_in_scope` when given, else within `max_in_scope_drop`
    of the accuracy with no rule at all."""
    if oos is None or not (y == oos).any():
        return OperatingPoint(tuned_on=f"{tuned_on}; no out-of-scope examples, rule off")
    top = probs.max(axis=1)
    thresholds = np.unique(np.concatenate([[0.0], np.quantile(top, np.linspace(0, 0.6, 61))]))
    rows = sweep(probs, y, labels, oos, thresholds, margins=(0.0, 0.05, 0.1, 0.15, 0.2, 0.3))
    base = rows[0]["in_scope_accuracy"]
    target = options.target_in_scope if options.target_in_scope is not None \
        else base - options.max_in_scope_drop
    feasible = [r for r in rows if r["in_scope_accuracy"] >= target - 1e-12] or [rows[0]]
    best = max(feasible, key=lambda r: (r["oos_recall"], r["in_scope_accuracy"], -r["threshold"]))
    return OperatingPoint(best["threshold"], best["margin"], best["in_scope_accuracy"],
                          best["oos_recall"], tuned_on)
