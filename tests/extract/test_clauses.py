"""Run-on reading (iris/extract/clauses.py `mark_run_ons`): a verb of telling and its hearer
hold the clause told."""

import pytest

from iris.extract.offline import clean_fact, split_facts


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


@pytest.mark.parametrize("message", [
    "I own a yacht and i rent it out when i am not using it",
    "I had a dog but I gave it away",
    "I have two cats and I love them",
])
def test_a_clause_taking_its_object_from_the_clause_before_stays_with_it(message):
    assert len(split_facts("remember " + message)) == 1


@pytest.mark.parametrize("message, facts", [
    # after a preposition "it" is no object taken from before
    ("remember I live in Leeds and I work in it", ["I live in Leeds", "I work in it"]),
    # a named person before: split, and the pronoun resolved
    ("remember Ash is our housemate and i visit them once a month",
     ["Ash is our housemate", "I visit Ash once a month"]),
])
def test_a_clause_with_a_pronoun_otherwise_splits(message, facts):
    assert split_facts(message) == facts


def test_adverbs_before_a_verb_are_no_subject():
    from iris.extract.clauses import is_clause
    assert not is_clause("never left") and not is_clause("always says hi")
    assert is_clause("nobody came") and is_clause("my dad left")
    assert split_facts("remember I came to Berlin to study and never left") == [
        "I came to Berlin to study and never left"]


@pytest.mark.parametrize("piece, fact", [
    # round 15: a chat word and "and" a cut left before the fact (a list's joiner)
    ("Okay and I am a librarian", "I am a librarian"),
    ("ok, and also my van is red", "My van is red"),
    ("And I am a librarian", "I am a librarian"),
])
def test_a_chat_word_and_and_before_a_fact_go(piece, fact):
    assert clean_fact(piece) == fact
