"""iris.text: the shared English helpers and the one word list behind them."""

import pytest

from iris import text
from iris.paths import intents_dir
from iris.text import inflect, norm_words, sentence_ends, stem, tokens


def test_every_word_list_names_each_word_once():
    lexicon = text.read_yaml(intents_dir() / "fastpath" / "lexicon.yaml")
    for name, value in lexicon.items():
        if isinstance(value, list):
            repeated = sorted({w for w in value if value.count(w) > 1})
            assert not repeated, f"{name}: {repeated}"
    # (a verb's base may also be an irregular past: "read", "put", "hurt")
    assert not set(lexicon["verbs"]) & set(lexicon["verbs_inflected_only"])


def test_inflect():
    assert inflect(["carry", "fix", "bake", "play"], base=False) == {
        "carries", "carried", "fixes", "fixed", "bakes", "baked", "plays", "played"}
    assert "carry" in inflect(["carry"], base=True)


def test_finite_verbs_leave_participles_and_bases_out():
    words = text.words()
    assert {"is", "likes", "taught", "isnt"} <= words.finite_verbs
    assert not {"been", "going", "run", "plan"} & words.finite_verbs
    assert {"been", "going", "like"} <= words.verbs


@pytest.mark.parametrize("sentence, ends", [
    ("I like tea. I own a dog.", 1),
    ("Dr. Smith is my doctor", 0),
    ("J. R. R. Tolkien wrote it", 0),
    ("I wake at 7 a.m. every day", 0),
    ('She said "hi." Then she left', 1),
    ("I have 2. cats", 1),
])
def test_sentence_ends(sentence, ends):
    assert len(list(sentence_ends(sentence))) == ends


def test_sentence_ends_can_skip_numbers():
    assert not list(sentence_ends("I have 2. cats", after_number=False))


def test_words_and_tokens():
    assert norm_words("Don\u2019t forget: I'm here") == ("dont", "forget", "im", "here")
    assert tokens("I can't have two dogs, I'm 24 years old") == [
        "i", "can", "not", "have", "2", "dogs", "i", "am", "24"]
    assert {stem(w) for w in ("bake", "baked", "baking", "bakes")} == {"bak"}
