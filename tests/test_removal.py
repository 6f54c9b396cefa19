"""Removal verbs in any spelling (iris/removal.py): slips and run-together forms are read by
edit distance and word split, so no misspelling is listed anywhere."""

import pytest

from iris.removal import after_lead_in, read_removal, removal_verb, removal_verbs


@pytest.mark.parametrize(("word", "verb"), [
    ("forget", "forget"), ("frget", "forget"), ("forgt", "forget"), ("fogret", "forget"),
    ("frogot", "forget"), ("forgeet", "forget"), ("forgett", "forget"),
    ("dlete", "delete"), ("deleet", "delete"), ("delet", "delete"),
    ("remvoe", "remove"), ("rmeove", "remove"), ("remve", "remove"),
    ("earse", "erase"), ("unlern", "unlearn"), ("clera", "clear"),
])
def test_a_slip_is_read_as_the_verb(word, verb):
    assert removal_verb(word) == verb


@pytest.mark.parametrize("word", [
    "forgot", "forged", "forest", "forex",  # English words, or too short for two edits
    "deleted", "removed", "unsaved", "forgets", "erasing",  # the verb with an ending
    "remote", "dente", "clean", "drip", "wide",  # near a verb, but words
])
def test_other_words_are_not_verbs(word):
    assert removal_verb(word) is None


@pytest.mark.parametrize(("text", "read"), [
    ("frogot rahul pls", "forget rahul pls"),
    ("forgetthe japanese learning", "forget the japanese learning"),
    ("forgetabout my brother", "forget about my brother"),
    ("forgettomas", "forget tomas"),
    ("Deleet Biscuit pls!", "delete Biscuit pls!"),
    ("I forgot my keys", "I forgot my keys"),
    ("forgettin about it", "forgettin about it"),  # a dropped g, not a verb and "tin"
    ("forgetful, erased and dropped calls", "forgetful, erased and dropped calls"),
    ("pls 4get my betting habit", "pls forget my betting habit"),  # text-speak
    ("4gt the cat", "forget the cat"),         # text-speak, then a slip
    ("4getthe cats", "forget the cats"),       # text-speak, then run together
    ("4ever young, 4th of july, 4got it", "4ever young, 4th of july, 4got it"),  # no verb
])
def test_read_removal_spells_out_only_the_verbs(text, read):
    assert read_removal(text) == read


def test_every_verb_has_a_kind():
    verbs = removal_verbs()
    assert {"forget", "erase", "delete", "remove", "lose"} <= verbs.keys()
    assert set(verbs.values()) == {"forget", "remove", "framed"}


@pytest.mark.parametrize("word", ["lose", "bin", "binn", "binita", "loose", "tossed", "ditches"])
def test_a_framed_only_verb_is_read_only_as_typed(word):
    """"lose", "bin": everyday words, never a slip's reading nor a verb in a description."""
    assert removal_verb(word) is None
    assert read_removal(f"{word} the thing") == f"{word} the thing"


@pytest.mark.parametrize(("text", "rest"), [
    ("Can u please forget my cat", "forget my cat"),
    ("ok, so I'd like you to forget it", "forget it"),
    ("okay um forget how i get to work", "forget how i get to work"),
    ("please", ""),
    ("pleased to forget", "pleased to forget"),  # a lead-in word is a whole word
    ("forget my cat", "forget my cat"),
    # registers a held-out forget set found (round 12): formal, non-native, text-speak
    ("Could you kindly erase my cat", "erase my cat"),
    ("please you forget the thing of my job", "forget the thing of my job"),
    ("cn u delete the nascar thing", "delete the nascar thing"),
    ("I would appreciate it if you could forget my address", "forget my address"),
    ("would you be so kind as to forget my birthday", "forget my birthday"),
    ("right um forget about the wine", "forget about the wine"),
    ("I want that you delete my home address", "delete my home address"),
])
def test_the_polite_lead_in_is_skipped(text, rest):
    assert after_lead_in(text) == rest
