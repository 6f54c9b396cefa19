"""The numpy TF-IDF features must be exactly scikit-learn's, which they replace at run time,
on the message with its removal verbs spelled out (iris/removal.py)."""

import json

import numpy as np
import pytest
from shared_data import dataset
from sklearn.feature_extraction.text import TfidfVectorizer

from iris.intent import data as intent_data
from iris.intent.data import Signal
from iris.intent.features import CHAR_MIN_DF, CHAR_NGRAMS, WORD_NGRAMS, Featurizer, cue_tokens
from iris.paths import intents_dir
from iris.removal import read_removal


def corpus() -> list[str]:
    texts = intent_data.load(intents_dir()).texts
    texts += ["  odd   spacing\tand\nnewlines  ", "a b c", "ÉTÉ à Zürich — naïve café", "x", "I", ""]
    clinc = dataset("clinc150/val.jsonl")
    texts += [json.loads(line)["text"] for line in clinc.read_text().splitlines()[::7]]
    return texts


@pytest.mark.parametrize("block", ["words", "chars"])
def test_features_equal_scikit_learn(block):
    texts = corpus()
    train, test = texts[::2], texts[1::2]
    ours = Featurizer.fit(train, [], 0.0)
    read_train, read_test = [read_removal(t) for t in train], [read_removal(t) for t in test]
    assert read_train != train  # the shipped examples hold misspelled verbs ("frget ...")
    if block == "words":
        ref = TfidfVectorizer(ngram_range=WORD_NGRAMS, sublinear_tf=True).fit(read_train)
        width, offset = len(ours.words.index), 0
    else:
        ref = TfidfVectorizer(analyzer="char_wb", ngram_range=CHAR_NGRAMS, sublinear_tf=True,
                              min_df=CHAR_MIN_DF).fit(read_train)
        width, offset = len(ours.chars.index), len(ours.words.index)
    assert list(ref.get_feature_names_out()) == getattr(ours, block).terms
    expected = ref.transform(read_test).toarray()
    got = ours.matrix(test).toarray()[:, offset:offset + width]
    np.testing.assert_allclose(got, expected, atol=1e-12)


def test_signal_columns_carry_the_weight():
    signal = Signal("remind_me", "reminder", r"\bremind me\b")
    features = Featurizer.fit(["remind me later", "hello there"], [signal], 0.25)
    cols, vals = features.row("please REMIND me")
    assert features.width - 1 in cols
    assert vals[list(cols).index(features.width - 1)] == 0.25
    cols, _ = features.row("hello")
    assert features.width - 1 not in cols


@pytest.mark.parametrize("text, cues", [
    ("remember that I'm vegan", ["start:remember"]),
    ("Remember when we went vegan?", ["start:remember", "question"]),
    ("don't forget I'm vegan", ["start:don't", "not:forget"]),
    ("please don\u2019t remember that I'm vegan", ["start:please", "not:remember"]),
    ("I don't want you to ever save this", ["start:i", "not:save"]),
    ("", []),
])
def test_cues_mark_the_start_a_question_and_negated_verbs(text, cues):
    assert cue_tokens(text) == cues


def test_cue_columns_sit_between_chars_and_signals():
    signal = Signal("remind_me", "reminder", r"\bremind me\b")
    features = Featurizer.fit(["remind me later?", "don't forget it"], [signal], 0.25)
    start = len(features.words.index) + len(features.chars.index)
    cols, _ = features.row("don't forget it?")
    cue_cols = sorted(c for c in cols if start <= c < start + len(features.cues.index))
    names = features.names()
    assert [names[c] for c in cue_cols] == ["cue not:forget", "cue question", "cue start:don't"]
