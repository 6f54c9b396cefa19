"""iris/store/kinds.py: the WordNet word tables."""

import pytest

from iris.store.kinds import is_main_verb


@pytest.mark.parametrize("word, verb", [
    ("call", True), ("quitting", True), ("dyed", True), ("told", True), ("hopes", True),
    ("stopped", True),
    # a verb in WordNet too, but used mostly as a noun
    ("cats", False), ("school", False), ("eyes", False), ("farmer", False),
    ("regularly", False),
])
def test_is_main_verb(word, verb):
    assert is_main_verb(word) is verb


def test_is_verb_base_is_the_plain_form_only():
    from iris.store.kinds import is_verb_base
    assert is_verb_base("love") and is_verb_base("spend")
    assert not is_verb_base("spent") and not is_verb_base("loves") and not is_verb_base("cat")
