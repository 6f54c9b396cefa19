"""Features and linear scoring for the intent model, in numpy only.

The TF-IDF features are exactly scikit-learn's `TfidfVectorizer(sublinear_tf=True)` for word
1-2-grams and `analyzer="char_wb"` 2-5-grams (tests/intent/test_intent_features.py checks this),
computed here so that scoring one message costs a fraction of a millisecond (scikit-learn's
input validation alone costs more) and loading a model needs neither scikit-learn nor pickle.
Training still uses scikit-learn for the classifiers.

A third block holds sentence cues that bags of n-grams lose: how the message starts, whether
it asks something, and which verbs are negated. They separate "remember that I'm vegan"
from "remember when we went vegan?" and "don't forget I'm vegan" from "don't remember that I'm
vegan"; in 5-fold cross-validation on the shipped intents they raised macro-F1 by about half a
point (mean over four shuffles).

Every block reads the message with its removal verbs spelled out (iris/removal.py: "frget",
"forgetthe" -> "forget", "forget the"), so no misspelling needs listing in the signals or the
examples."""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

import numpy as np

from iris.intent.data import Signal
from iris.removal import read_removal

_WORD = re.compile(r"(?u)\b\w\w+\b")
_SPACES = re.compile(r"\s\s+")

WORD_NGRAMS = (1, 2)
CHAR_NGRAMS = (2, 5)
CHAR_MIN_DF = 2

_CUE_WORD = re.compile(r"\w+(?:'\w+)*")
# A negation and the verb it governs, skipping a few fillers: "don't you ever forget" -> forget.
_NEGATED = re.compile(
    r"\b(?:don'?t|do not|never|no longer|stop|shouldn'?t|didn'?t|doesn'?t|not|no need to|won'?t"
    r"|can'?t|cannot|couldn'?t)\s+(?:(?:you|u|to|need to|have to|want you to|really|even|ever|be"
    r"|have)\s+){0,2}(\w+)")


def word_ngrams(text: str) -> list[str]:
    tokens = _WORD.findall(text.lower())
    grams = list(tokens)
    for n in range(2, min(WORD_NGRAMS[1], len(tokens)) + 1):
        grams += [" ".join(tokens[i:i + n]) for i in range(len(tokens) - n + 1)]
    return grams


def char_wb_ngrams(text: str) -> list[str]:
    grams = []
    low, high = CHAR_NGRAMS
    for word in _SPACES.sub(" ", text.lower()).split():
        padded = f" {word} "
        for n in range(low, high + 1):
            if n >= len(padded):  # a short word counts once, whole
                grams.append(padded)
                break
            grams += [padded[i:i + n] for i in range(len(padded) - n + 1)]
    return grams


def cue_tokens(text: str) -> list[str]:
    low = text.lower().replace("\u2019", "'")
    first = _CUE_WORD.search(low)
    cues = [f"start:{first.group()}"] if first else []
    if "?" in low:
        cues.append("question")
    cues += [f"not:{m.group(1)}" for m in _NEGATED.finditer(low)]
    return cues


@dataclass
class Vocabulary:
    """One TF-IDF block: n-gram -> column, and the smoothed idf of each column."""

    index: dict[str, int]
    idf: np.ndarray

    @classmethod
    def fit(cls, documents: list[list[str]], min_df: int = 1) -> Vocabulary:
        df: Counter[str] = Counter()
        for grams in documents:
            df.update(set(grams))
        terms = sorted(t for t, n in df.items() if n >= min_df)
        n_docs = len(documents)
        idf = np.array([math.log((1 + n_docs) / (1 + df[t])) + 1.0 for t in terms])
        return cls({t: i for i, t in enumerate(terms)}, idf)

    @property
    def terms(self) -> list[str]:
        return sorted(self.index, key=self.index.__getitem__)

    def row(self, grams: list[str]) -> tuple[list[int], list[float]]:
        # Count first (in C), then look up each distinct n-gram once.
        index = self.index
        found = [(index[g], c) for g, c in Counter(grams).items() if g in index]
        if not found:
            return [], []
        cols = [j for j, _ in found]
        weights = (1.0 + np.log(np.fromiter((c for _, c in found), dtype=np.float64,
                                            count=len(found)))) * self.idf[cols]
        return cols, (weights / math.sqrt(float(weights @ weights))).tolist()


@dataclass
class Featurizer:
    """Word TF-IDF | char TF-IDF | cue TF-IDF | weighted regex signals, each block in its
    own columns (signals last)."""

    words: Vocabulary
    chars: Vocabulary
    cues: Vocabulary
    signals: list[Signal]
    signal_weight: float

    @classmethod
    def fit(cls, texts: list[str], signals: list[Signal], signal_weight: float) -> Featurizer:
        return cls.fit_matrix(texts, signals, signal_weight)[0]

    @classmethod
    def fit_matrix(cls, texts: list[str], signals: list[Signal], signal_weight: float):
        """The fitted featurizer and the training matrix, splitting each text into n-grams
        once (splitting twice was a third of the time to train the shipped router)."""
        texts = [read_removal(t) for t in texts]
        grams = [(word_ngrams(t), char_wb_ngrams(t), cue_tokens(t)) for t in texts]
        featurizer = cls(Vocabulary.fit([g[0] for g in grams]),
                         Vocabulary.fit([g[1] for g in grams], CHAR_MIN_DF),
                         Vocabulary.fit([g[2] for g in grams]),
                         list(signals), signal_weight)
        rows = [featurizer._row(t, *g) for t, g in zip(texts, grams, strict=True)]
        return featurizer, featurizer._csr(rows)

    @property
    def width(self) -> int:
        return len(self.words.index) + len(self.chars.index) + len(self.cues.index) + len(self.signals)

    @property
    def signal_offset(self) -> int:
        """The column of the first signal (signals are the last block)."""
        return len(self.words.index) + len(self.chars.index) + len(self.cues.index)

    def row(self, text: str) -> tuple[np.ndarray, np.ndarray]:
        """Column indices and values of one message's feature vector."""
        text = read_removal(text)
        return self._row(text, word_ngrams(text), char_wb_ngrams(text), cue_tokens(text))

    def _row(self, text: str, words: list[str], chars: list[str],
             cues: list[str]) -> tuple[np.ndarray, np.ndarray]:
        w_cols, w_vals = self.words.row(words)
        c_cols, c_vals = self.chars.row(chars)
        q_cols, q_vals = self.cues.row(cues)
        c_offset = len(self.words.index)
        q_offset = c_offset + len(self.chars.index)
        s_offset = q_offset + len(self.cues.index)
        s_cols = [s_offset + k for k, s in enumerate(self.signals) if s.compiled().search(text)]
        cols = w_cols + [c_offset + c for c in c_cols] + [q_offset + q for q in q_cols] + s_cols
        vals = w_vals + c_vals + q_vals + [self.signal_weight] * len(s_cols)
        return np.asarray(cols, dtype=np.int64), np.asarray(vals, dtype=np.float64)

    def matrix(self, texts: list[str]):
        """A scipy CSR matrix, for training."""
        return self._csr([self.row(text) for text in texts])

    def _csr(self, rows: list[tuple[np.ndarray, np.ndarray]]):
        from scipy import sparse

        indptr, indices, data = [0], [], []
        for cols, vals in rows:
            indices.append(cols)
            data.append(vals)
            indptr.append(indptr[-1] + len(cols))
        return sparse.csr_matrix(
            (np.concatenate(data) if data else np.zeros(0), np.concatenate(indices) if indices
             else np.zeros(0, dtype=np.int64), np.asarray(indptr)), shape=(len(rows), self.width))

    def names(self) -> list[str]:
        return ([f"word '{t}'" for t in self.words.terms] + [f"chars '{t}'" for t in self.chars.terms]
                + [f"cue {t}" for t in self.cues.terms]
                + [f"signal {s.label}:{s.name}" for s in self.signals])


@dataclass
class LinearHead:
    """scores = x @ coef + intercept, one column per label (coef is features x labels)."""

    coef: np.ndarray
    intercept: np.ndarray

    @classmethod
    def from_sklearn(cls, clf, labels: list[str]) -> LinearHead:
        coef = np.asarray(clf.coef_, dtype=np.float64)
        intercept = np.asarray(clf.intercept_, dtype=np.float64).ravel()
        if coef.shape[0] == 1:  # binary: one row scores classes_[1] against classes_[0]
            coef = np.vstack([-coef[0], coef[0]]) / 2
            intercept = np.array([-intercept[0], intercept[0]]) / 2
        order = [list(clf.classes_).index(lab) for lab in labels]
        return cls(np.ascontiguousarray(coef[order].T), intercept[order])

    def scores_sparse(self, cols: np.ndarray, vals: np.ndarray) -> np.ndarray:
        return vals @ self.coef[cols] + self.intercept if len(cols) else self.intercept.copy()

    def scores(self, x) -> np.ndarray:
        return np.asarray(x @ self.coef) + self.intercept
