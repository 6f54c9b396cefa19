"""The intent classifier: training, calibration, the out-of-scope rule, saving and loading.

Two heads share one decision rule:
- TF-IDF word and character n-grams plus the intent files' regex signals, linear SVM;
- optionally MiniLM sentence embeddings (through iris/embed.py), logistic regression.
Each head's scores become probabilities through a softmax whose temperature is fitted on
held-out predictions; with both heads the probabilities are averaged. A message is out of
scope when the top probability is below `threshold` or the top-2 margin below `margin`;
both are tuned on held-out data (a --val file, or out-of-fold predictions on the training
data), never fixed by hand.

A model directory holds model.json (labels, vocabularies, settings) and model.npz (idf and
weight arrays, loaded with allow_pickle=False): no pickle anywhere, so loading a model from
an untrusted place cannot run code, and scoring needs neither scikit-learn nor skops."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from iris.errors import IntentModelError
from iris.intent.data import IntentData, IntentSpec, Signal
from iris.intent.features import Featurizer, LinearHead, Vocabulary
from iris.removal import read_removal

# Bump when a change here changes what a trained model predicts: cached models retrain.
CODE_VERSION = "6"
FORMAT = "iris-intent-model/3"

# Signals are hand-written evidence, but the n-grams already see most of what they match, so
# they weigh less than a full feature (the sweep is in docs/decisions.md).
SIGNAL_WEIGHT = 0.35
# Keeps in-scope accuracy within this much of what it is with no out-of-scope rule.
DEFAULT_MAX_IN_SCOPE_DROP = 0.01
Row = tuple[np.ndarray, np.ndarray]  # one text's feature columns and values

Progress = Callable[[str], None]


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
    oos_label: str | None
    features: Featurizer
    tfidf_head: LinearHead
    emb_head: LinearHead | None = None
    embedder_name: str | None = None
    temperatures: dict[str, float] = field(default_factory=dict)
    operating: dict[str, OperatingPoint] = field(default_factory=dict)
    meta: dict = field(default_factory=dict)

    # --- prediction ------------------------------------------------------------------

    @property
    def signals(self) -> list[Signal]:
        return self.features.signals

    @property
    def has_embeddings(self) -> bool:
        return self.emb_head is not None

    def mode(self, use_embeddings: bool) -> str:
        return "combined" if use_embeddings and self.has_embeddings else "tfidf"

    def _signals_in(self, row: Row) -> list[str]:
        offset = self.features.signal_offset
        return [f"{s.label}:{s.name}" for s in (self.signals[c - offset] for c in row[0] if c >= offset)]

    def signal_hits(self, text: str) -> list[str]:
        text = read_removal(text)
        return [f"{s.label}:{s.name}" for s in self.signals if s.compiled().search(text)]

    def tfidf_scores(self, texts: list[str], row: Row | None = None) -> np.ndarray:
        """`row`: the one text's feature row, when the caller has it already."""
        if len(texts) == 1:  # the common case: no sparse matrix to build
            return self.tfidf_head.scores_sparse(*(row or self.features.row(texts[0])))[None, :]
        return self.tfidf_head.scores(self.features.matrix(texts))

    def probabilities(self, texts: list[str], embeddings: np.ndarray | None = None,
                      row: Row | None = None) -> np.ndarray:
        """Calibrated probabilities, one row per text, columns in `self.labels` order.
        With `embeddings` (and an embedding head) the two heads are averaged."""
        probs = softmax(self.tfidf_scores(texts, row), self.temperatures.get("tfidf", 1.0))
        if embeddings is not None:
            if self.emb_head is None:
                raise IntentModelError("this intent model was trained without embeddings")
            emb = softmax(self.emb_head.scores(embeddings), self.temperatures.get("embeddings", 1.0))
            probs = (probs + emb) / 2
        return probs

    def predict(self, texts: list[str], embeddings: np.ndarray | None = None,
                operating: OperatingPoint | None = None) -> list[Prediction]:
        # One text: its feature row names the signals it matched too (each signal pattern
        # is searched once, not again for the explanation: some cost 1-2 ms on 1,000
        # characters of "a,a,a,...").
        one = self.features.row(texts[0]) if len(texts) == 1 else None
        probs = self.probabilities(texts, embeddings, one)
        point = operating or self.operating[self.mode(embeddings is not None)]
        out = []
        for text, row in zip(texts, probs, strict=True):
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
                label=(self.oos_label or "none") if rejected else label,
                confidence=confidence, top_label=label, ranked=ranked,
                signals=self._signals_in(one) if one is not None else self.signal_hits(text),
                rejected=rejected))
        return out

    # --- explanation -----------------------------------------------------------------

    def explain(self, text: str, top: int = 10) -> list[tuple[str, float]]:
        """TF-IDF features (and signals) that pushed the top label over the runner-up:
        (feature, contribution) pairs, largest first. Negative means it pulled away."""
        cols, vals = self.features.row(text)
        scores = self.tfidf_head.scores_sparse(cols, vals)
        order = np.argsort(-scores)
        coef = self.tfidf_head.coef
        direction = coef[:, order[0]] - coef[:, order[1]] if len(order) > 1 else coef[:, order[0]]
        names = self.features.names()
        contributions = [(names[j], float(v * direction[j])) for j, v in zip(cols, vals, strict=True)]
        contributions.sort(key=lambda item: -abs(item[1]))
        return contributions[:top]

    # --- persistence -----------------------------------------------------------------

    def save(self, directory: Path) -> Path:
        """Write the model to `directory` atomically (a half-written model is never seen)."""
        directory = Path(directory)
        directory.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".intent-", dir=directory.parent))
        try:
            arrays = {"word_idf": self.features.words.idf, "char_idf": self.features.chars.idf,
                      "cue_idf": self.features.cues.idf,
                      "tfidf_coef": self.tfidf_head.coef, "tfidf_intercept": self.tfidf_head.intercept}
            if self.emb_head is not None:
                arrays |= {"emb_coef": self.emb_head.coef, "emb_intercept": self.emb_head.intercept}
            np.savez(staging / "model.npz", allow_pickle=False, **arrays)
            meta = {
                "format": FORMAT,
                "code_version": CODE_VERSION,
                "labels": self.labels,
                "oos_label": self.oos_label,
                "specs": {k: asdict(v) for k, v in self.specs.items()},
                "signals": [asdict(s) for s in self.signals],
                "signal_weight": self.features.signal_weight,
                "word_terms": self.features.words.terms,
                "char_terms": self.features.chars.terms,
                "cue_terms": self.features.cues.terms,
                "embedder": self.embedder_name,
                "temperatures": self.temperatures,
                "operating": {k: asdict(v) for k, v in self.operating.items()},
                "meta": self.meta,
            }
            (staging / "model.json").write_text(json.dumps(meta), encoding="utf-8")
            if directory.exists():
                shutil.rmtree(directory)
            os.replace(staging, directory)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        return directory

    @classmethod
    def load(cls, directory: Path) -> IntentModel:
        directory = Path(directory)
        meta_path, arrays_path = directory / "model.json", directory / "model.npz"
        if not meta_path.is_file() or not arrays_path.is_file():
            raise IntentModelError(f"{directory}: not an intent model (model.json and model.npz expected)")
        try:
            meta = json.loads(meta_path.read_text(encoding="utf-8"))
            if meta.get("format") != FORMAT:
                raise IntentModelError(f"{directory}: unsupported model format {meta.get('format')!r}")
            with np.load(arrays_path, allow_pickle=False) as npz:
                arrays = {k: npz[k] for k in npz.files}
            words = Vocabulary({t: i for i, t in enumerate(meta["word_terms"])}, arrays["word_idf"])
            chars = Vocabulary({t: i for i, t in enumerate(meta["char_terms"])}, arrays["char_idf"])
            cues = Vocabulary({t: i for i, t in enumerate(meta["cue_terms"])}, arrays["cue_idf"])
            signals = [Signal(**s) for s in meta["signals"]]
            features = Featurizer(words, chars, cues, signals, float(meta["signal_weight"]))
            labels = list(meta["labels"])
            tfidf = LinearHead(arrays["tfidf_coef"], arrays["tfidf_intercept"])
            emb = (LinearHead(arrays["emb_coef"], arrays["emb_intercept"])
                   if "emb_coef" in arrays else None)
            if tfidf.coef.shape != (features.width, len(labels)):
                raise IntentModelError(f"{directory}: weights do not match the vocabulary")
            return cls(
                labels=labels,
                specs={k: IntentSpec(**v) for k, v in meta["specs"].items()},
                oos_label=meta["oos_label"], features=features, tfidf_head=tfidf, emb_head=emb,
                embedder_name=meta.get("embedder"),
                temperatures=meta["temperatures"],
                operating={k: OperatingPoint(**v) for k, v in meta["operating"].items()},
                meta=meta.get("meta", {}),
            )
        except IntentModelError:
            raise
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise IntentModelError(f"{directory}: cannot load the intent model: {exc}") from exc


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
    labels = sorted(set(data.labels))

    emb_all = None
    if options.embeddings:
        emb_all = encode_in_chunks(embedder, texts + (list(val.texts) if val else []), say)
        emb_train = emb_all[: len(texts)]

    say("extracting features")
    # The vocabulary and idf come from all training texts, also for the out-of-fold models
    # below: they carry no labels, and refitting them per fold would cost most of the time.
    features, x = Featurizer.fit_matrix(texts, data.signals, SIGNAL_WEIGHT)

    # Held-out scores for calibration and threshold tuning.
    if val is not None:
        held_y = np.asarray(val.labels)
        held_x = features.matrix(list(val.texts))
        held_emb_x = emb_all[len(texts):] if emb_all is not None else None
        tuned_on = f"validation data ({len(val)} examples)"
    else:
        held_y = y
        tuned_on = f"{options.folds}-fold out-of-fold predictions"
    say("fitting")
    tfidf_head = LinearHead.from_sklearn(_fit_sparse(x, y), labels)
    emb_head = LinearHead.from_sklearn(_fit_dense(emb_train, y), labels) if emb_all is not None else None
    if val is not None:
        held_tfidf = tfidf_head.scores(held_x)
        held_emb = emb_head.scores(held_emb_x) if emb_head is not None else None
    else:
        held_tfidf, held_emb = _out_of_fold(x, y, labels, emb_all, options, say)

    # Labels that appear only in val are unknown to the model: they count as out-of-scope.
    known = set(labels)
    held_y = np.array([lab if lab in known else (oos or "none") for lab in held_y])

    say("calibrating and tuning the out-of-scope rule")
    temperatures = {"tfidf": _fit_temperature(held_tfidf, held_y, labels)}
    probs = {"tfidf": softmax(held_tfidf, temperatures["tfidf"])}
    if held_emb is not None:
        temperatures["embeddings"] = _fit_temperature(held_emb, held_y, labels)
        probs["combined"] = (probs["tfidf"] + softmax(held_emb, temperatures["embeddings"])) / 2
    operating = {mode: tune_operating_point(p, held_y, labels, oos, options, tuned_on)
                 for mode, p in probs.items()}

    counts = {lab: int((y == lab).sum()) for lab in labels}
    return IntentModel(
        labels=labels,
        specs={lab: data.specs[lab] for lab in labels if lab in data.specs},
        oos_label=oos, features=features, tfidf_head=tfidf_head, emb_head=emb_head,
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


def _out_of_fold(x, y, labels, emb_all, options, say):
    from sklearn.model_selection import StratifiedKFold

    smallest = min(int((y == lab).sum()) for lab in labels)
    folds = max(2, min(options.folds, smallest))
    splitter = StratifiedKFold(n_splits=folds, shuffle=True, random_state=options.seed)
    held_tfidf = np.zeros((len(y), len(labels)))
    held_emb = np.zeros((len(y), len(labels))) if emb_all is not None else None
    for number, (train_idx, test_idx) in enumerate(splitter.split(np.zeros(len(y)), y), 1):
        say(f"held-out fold {number}/{folds}")
        head = _fold_head(_fit_sparse(x[train_idx], y[train_idx]), labels)
        held_tfidf[test_idx] = head.scores(x[test_idx])
        if emb_all is not None and held_emb is not None:
            head = _fold_head(_fit_dense(emb_all[train_idx], y[train_idx]), labels)
            held_emb[test_idx] = head.scores(emb_all[test_idx])
    return held_tfidf, held_emb


def _fold_head(clf, labels: list[str]) -> LinearHead:
    """A fold's head over all `labels`; a label the fold never saw scores very low."""
    seen = list(clf.classes_)
    head = LinearHead.from_sklearn(clf, seen)
    coef = np.zeros((head.coef.shape[0], len(labels)))
    intercept = np.full(len(labels), -1e3)
    for j, lab in enumerate(seen):
        coef[:, labels.index(lab)] = head.coef[:, j]
        intercept[labels.index(lab)] = head.intercept[j]
    return LinearHead(coef, intercept)


def _fit_sparse(x, y):
    from sklearn.svm import LinearSVC

    # On sparse n-grams a linear SVM trains in seconds where lbfgs logistic regression takes
    # minutes (CLINC150), and ranks better; the fitted temperature calibrates its scores.
    return LinearSVC(C=1.0, class_weight="balanced", random_state=0).fit(x, y)


def _fit_dense(x, y):
    from sklearn.linear_model import LogisticRegression
    from threadpoolctl import threadpool_limits

    # On 384 dense dimensions the opposite holds: lbfgs is fast, liblinear's SVM is slow.
    # One BLAS thread: extra threads contend for the shared cores (docs/decisions.md).
    with threadpool_limits(limits=1, user_api="blas"):
        return LogisticRegression(C=10.0, max_iter=2000).fit(x, y)


def softmax(scores: np.ndarray, temperature: float) -> np.ndarray:
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
        p = softmax(scores, float(np.exp(log_t)))
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
                "in_scope_accuracy": (float((final[~is_oos] == y[~is_oos]).mean())
                                      if (~is_oos).any() else None),
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
