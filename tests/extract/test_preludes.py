"""A writer's lead-in before the memory command (iris/extract/preludes.py)."""

import pytest

from iris.extract import preludes
from iris.extract.segmenter import read_facts


@pytest.mark.parametrize("message, facts", [
    # a statement that the facts follow: "it would help to know that", "I should tell you that"
    ("I am moving house next month, and it would help to know that I keep bees and I drive a "
     "red van.", ["I keep bees", "I drive a red van"]),
    ("My son installed this app for me and he told me I should tell you that I keep bees. "
     "I own a red van.", ["I keep bees", "I own a red van"]),
    # a command that names a list
    ("I am filling in my profile today. Please note the following: I keep bees; my van is red.",
     ["I keep bees", "My van is red"]),
    # a word of adding in the sentence before is not the command's ("... next week.")
    ("I am seeing my doctor next week. Please record the following: I keep bees; my van is red.",
     ["I keep bees", "My van is red"]),
    # a phrase, no clause, and a label with a colon after it
    ("Finally back from a double shift at the hospital. Quick one: I keep bees. My van is red.",
     ["I keep bees", "My van is red"]),
    # being shown how to use the assistant, and a lead-in of two spans with a command after
    ("Dear Iris, I am 80 and my son has shown me how to use this. Please remember that I keep "
     "bees. I own a van.", ["I keep bees", "I own a van"]),
    ("My nephew set this up for me and he said I should tell you that I keep bees. I own a van.",
     ["I keep bees", "I own a van"]),
    # a list announced without a verb of telling; a verb of telling said as a statement
    ("I have filled in the new patient form. My replies are as follows: I keep bees; I own a van.",
     ["I keep bees", "I own a van"]),
    # a sentence asking the reader's patience
    ("I work nights, so forgive the late message. I keep bees. My van is red.",
     ["I keep bees", "My van is red"]),
    # an adverb between the request and its verb
    ("I have been stuck in traffic for an hour, and I would be grateful if you would simply "
     "note that I keep bees. My van is red.", ["I keep bees", "My van is red"]),
    # a turn back to the point before the command: what came before was said by the way
    ("the printer at work is driving me mad. anyway, remember I keep bees. My van is red.",
     ["I keep bees", "My van is red"]),
])
def test_a_lead_in_before_the_command_is_no_fact(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("message, facts", [
    # "Please note that" said to the reader names no list: the fact before it stays
    ("My sister Ann is 7. Please note that she loves horses.",
     ["My sister Ann is 7", "Ann loves horses"]),
    # round 28 (fresh47/48, development): a fact after the command that points back to one
    # before it, and a word of adding further back in the command's sentence
    ("I like tea. After, my flatmate Bastien is in Lisbon, allora you must know that he can't "
     "support the cold.",
     ["I like tea", "My flatmate Bastien is in Lisbon", "Bastien can't support the cold"]),
    ("My cousin Raluca is in Lisbon. Other than that, I have to tell you that I play chess.",
     ["My cousin Raluca is in Lisbon", "I play chess"]),
])
def test_a_fact_before_a_command_stays(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("gap", [
    ". Please also remember that ",  # adds to the facts before it
    ". Side note: ",
    "\nNote 2: ",  # a list's label
    ". Please remember that ",  # said to the reader, no list named
    " and I guess I'd add that ",
    ". In addition, I would like to inform you that ",
])
def test_a_command_that_adds_keeps_the_fact_before_it(gap):
    message = "I keep bees" + gap + "my van is red"
    spans = [(0, 11), (len(message) - 13, len(message))]
    assert preludes.without_prelude(message, spans) == spans


@pytest.mark.parametrize("gap", [". Anyway, also remember that ", ". Also, remember that ",
                                 ".\nOh and also, remember that "])
def test_the_segmenter_keeps_the_fact_before_a_command_that_adds(gap):
    assert read_facts("I keep bees" + gap + "my van is red.")[0] == ["I keep bees", "My van is red"]


def test_a_label_that_adds_keeps_the_phrase_before_it():
    message = "My favourite toy as a child my lite brite. Oh and one more: my van is red"
    spans = [(0, 41), (60, 73)]
    assert preludes.without_prelude(message, spans) == spans


def test_a_command_begun_inside_the_span_counts_only_when_it_names_past_it():
    message = "I have been asked to share the following: I keep bees"
    assert preludes.without_prelude(message, [(0, 26), (42, 53)]) == [(42, 53)]
    # the span holds the whole command and the fact after it: it is a fact
    message = "Please note the following: I keep bees. I own a van"
    assert preludes.without_prelude(message, [(0, 38), (40, 51)]) == [(0, 38), (40, 51)]


@pytest.mark.parametrize("message, facts", [
    # a command said again before each fact is a joiner: the fact before its first use stays
    # (fresh23, development since its scoring, lost two facts of three so, four times)
    ("For the record, I have a son who is in high school. Please note: I own a van. Please "
     "note: I swim every day.",
     ["I have a son who is in high school", "I own a van", "I swim every day"]),
    # "not to forget" adds; an infinitive commands nothing
    ("I keep bees. Not to forget: my van is red.", ["I keep bees", "My van is red"]),
])
def test_a_command_that_only_joins_keeps_the_fact_before_it(message, facts):
    assert read_facts(message)[0] == facts
