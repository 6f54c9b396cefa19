"""WordNet main senses (iris/store/synonyms.py): the shipped table and its lookup."""

import pytest

from iris.store.synonyms import senses, synonyms


@pytest.mark.parametrize("a, b", [
    ("big", "large"), ("films", "movies"), ("physician", "doctor"), ("allergy", "allergic"),
    ("purchased", "bought"), ("stopped", "quit"), ("teacher", "teach"), ("donation", "donate"),
    ("tiny", "small"), ("skinny", "thin"),  # a satellite adjective and its cluster's head
])
def test_words_that_share_a_main_sense(a, b):
    assert synonyms(a, b) and synonyms(b, a)


@pytest.mark.parametrize("a, b", [
    ("big", "small"), ("dog", "cat"), ("brother", "sister"), ("morning", "evening"),
    ("tea", "coffee"), ("love", "hate"), ("read", "write"), ("live", "work"),
    ("fireman", "pitcher"),  # a rare sense (baseball's relief pitcher) is not a main one
    ("huge", "bulky"),  # two satellites of one head are not joined through it
    ("hot", "warm"), ("large", "small"),
])
def test_different_words_share_no_main_sense(a, b):
    assert not synonyms(a, b)


def test_short_words_and_unknown_words_have_no_senses():
    # WordNet lists "i" as a sense of "one"; two letters say nothing
    assert senses("i") == frozenset() and senses("zzyzx") == frozenset()
    assert not synonyms("one", "i")
    assert senses("movies") == senses("movie") != frozenset()  # a regular plural finds its base
