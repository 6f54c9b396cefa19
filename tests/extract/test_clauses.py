"""Run-on reading (iris/extract/clauses.py `mark_run_ons`): a verb of telling and its hearer
hold the clause told."""

import pytest

from iris.extract.offline import split_facts


@pytest.mark.parametrize("message", [
    "I PROMISED MY MUM I WOULD VISIT AT EASTER",
    "I texted my old flatmate I would be late",
    "i reminded him we have a dentist appointment",
    "I warned my boss I might be off in June",
])
def test_a_hearer_after_a_verb_of_telling_keeps_the_clause(message):
    assert len(split_facts("remember " + message)) == 1


def test_a_run_on_after_a_plain_object_still_splits():
    assert split_facts("remember I like my boss I have a cat") == ["I like my boss", "I have a cat"]


@pytest.mark.parametrize("joiner", [", as well as that, ", ", plus, ", ", and also, "])
def test_a_linking_phrase_between_commas_is_a_split_point_of_its_own(joiner):
    assert split_facts(f"remember I love tea{joiner}my hamster is called Nibbles") == [
        "I love tea", "My hamster is called Nibbles"]
