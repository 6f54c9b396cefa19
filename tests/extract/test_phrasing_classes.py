"""Classes of phrasing the offline extractor reads by shape (issue 10, round 5): held letters
in joiners, learned closers, keycap and "pt 1" list marks, long linking phrases, lead-in
inflections, typos and abbreviations. The sentences are written for these tests, not taken
from an evaluation set."""

from __future__ import annotations

import pytest

from iris.direct import DirectHandler
from iris.extract import closers, command, layout
from iris.extract.offline import split_facts
from iris.text import unheld


@pytest.mark.parametrize(("text", "expected"), [
    ("I swim Annnd I paint", "I swim And I paint"),
    ("I SWIM ANNNND I PAINT", "I SWIM AND I PAINT"),
    ("alsooo i knit", "also i knit"),
    ("i am sooo tired", "i am so tired"),
    ("(iii) I knit", "(iii) I knit"),  # a roman three, not "i"
    ("my cat is fluffffy", "my cat is fluffffy"),  # content words stay as written
])
def test_unheld_reads_structure_words_only(text, expected):
    assert unheld(text) == expected


@pytest.mark.parametrize(("message", "facts"), [
    ("remember that I keep goats annnd I play the oboe",
     ["I keep goats", "I play the oboe"]),
    ("NOTE THAT I OWN A KAYAK AAAND MY SISTER LIVES IN OSLO",
     ["I OWN A KAYAK", "MY SISTER LIVES IN OSLO"]),
])
def test_held_letters_in_a_joiner_split_facts(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("phrase", ["ty a ton", "cheers loads", "thanks heaps", "xx",
                                    "that's it for today", "merci beaucoup"])
def test_closer_model_knows_unlisted_thanks(phrase):
    assert closers.is_closer(phrase)


@pytest.mark.parametrize("phrase", ["a ton of work", "my mom", "loads of fun", "it is blue",
                                    "tea is great"])
def test_closer_model_leaves_statements(phrase):
    assert not closers.is_closer(phrase)


@pytest.mark.parametrize(("message", "facts"), [
    ("remember that I grow chillies. cheers loads", ["I grow chillies"]),
    ("note that I grow chillies ty a ton", ["I grow chillies"]),
    ("save this: I collect stamps. that's it for now", ["I collect stamps"]),
    ("remember I collect stamps; also my dad is a pilot. that's all for now",
     ["I collect stamps", "My dad is a pilot"]),
])
def test_closers_after_the_last_fact_are_dropped(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize(("message", "facts"), [
    ("remember 1\ufe0f\u20e3 I fence 2\ufe0f\u20e3 I bake bread",
     ["I fence", "I bake bread"]),
    ("note these\n1\ufe0f\u20e3 I fence\n2\ufe0f\u20e3 I bake bread\n3\ufe0f\u20e3 I row",
     ["I fence", "I bake bread", "I row"]),
    ("remember pt 1 I fence pt 2 my uncle sails pt 3 I row",
     ["I fence", "My uncle sails", "I row"]),
    ("note that part 1 I fence part 2 I row", ["I fence", "I row"]),
    ("save these: Number 1 is that I fence. Number 2 is that I row",
     ["I fence", "I row"]),
])
def test_keycaps_parts_and_number_is_that_mark_items(message, facts):
    assert split_facts(message) == facts


def test_a_number_inside_a_fact_is_no_mark():
    assert layout.split_enumeration("I have 2 cats and part 1 of my thesis is done") is None


@pytest.mark.parametrize(("message", "facts"), [
    ("remember that I fence. On top of all that, I row.", ["I fence", "I row"]),
    ("note that I fence. In addition to all that, I row.", ["I fence", "I row"]),
    ("remember I fence. & my uncle rows", ["I fence", "My uncle rows"]),
])
def test_long_linking_phrases_and_ampersands(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize(("text", "fact"), [
    ("just wanted you to know I am a welder", "I am a welder"),
    ("k note dat I am a welder", "I am a welder"),
    ("remember tht my aunt is a welder", "my aunt is a welder"),
    ("noe that I am a welder", "I am a welder"),
    ("rem that I am a welder", "I am a welder"),
])
def test_lead_in_inflections_typos_and_abbreviations(text, fact):
    assert text[command.lead_in_end(text):].strip() == fact


def test_a_statement_after_the_command_verb_is_a_fact_not_more_command():
    # the old reading ran the lead-in to the dash and lost the first fact
    assert split_facts("hey rememebr tea is my drink - also I knit") == [
        "Tea is my drink", "I knit"]


def test_fast_path_drops_a_learned_closer():
    decision = DirectHandler().decide("hey iris can you remember that my bike is green cheers loads")
    assert decision.action == "store" and decision.content == "my bike is green"


def test_fast_path_steps_aside_for_a_held_letter_joiner():
    decision = DirectHandler().decide("pls remember that I knit annnd I work as a baker.")
    assert decision.action is None and decision.reason == "list_structure:facts"


@pytest.mark.parametrize(("message", "facts"), [
    ("srsly remember tennis is my sport", ["Tennis is my sport"]),
    ("honestly note my brother's van is red", ["My brother's van is red"]),
    ("jus so u kno spicy noodles are my weakness", ["Spicy noodles are my weakness"]),
])
def test_unpunctuated_lead_in_before_a_statement(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("message", [
    "my sister writes novels & also I have twin boys",  # "writes" is no command here
    "i live in leeds but the recording studio was closed",  # "recording" neither
])
def test_a_command_verb_inside_a_fact_starts_no_lead_in(message):
    assert command.lead_in_end(message) == 0


def test_a_wide_gap_between_two_clauses_splits_them():
    assert split_facts("remember I keep bees  my van is blue") == ["I keep bees", "My van is blue"]


def test_a_wide_gap_inside_one_clause_is_a_space():
    assert split_facts("remember I  keep bees") == ["I keep bees"]


def test_a_list_mark_after_the_lead_in_stays_for_the_list():
    assert split_facts("hey remember ✔ I knit ✔ my sister sails") == ["I knit", "My sister sails"]


def test_on_is_a_lead_in_word():
    # YAML reads a bare `on` as true: the word list must spell it as a string
    text = "Some details you should keep on file I am a welder"
    assert text[command.lead_in_end(text):] == "I am a welder"


def test_another_thing_between_commas_links_two_facts():
    assert split_facts("remember I knit, and another thing, my van is blue") == [
        "I knit", "My van is blue"]
    assert split_facts("remember I like another thing and I swim") == [
        "I like another thing", "I swim"]


@pytest.mark.parametrize(("message", "facts"), [
    ("note that I sail aand also my car is green", ["I sail", "My car is green"]),
    ("Remember I Sail Annd I Fish", ["I Sail", "I Fish"]),
])
def test_a_joiner_with_a_doubled_letter_joins(message, facts):
    assert split_facts(message) == facts


def test_a_doubled_letter_in_an_ordinary_word_is_kept():
    assert split_facts("remember I own a bassoon and a saddle") == ["I own a bassoon and a saddle"]


@pytest.mark.parametrize(("message", "facts"), [
    ("remember I grow leeks (don't forget this one)", ["I grow leeks"]),
    ("save this: my boat is red (pls note it) and I row daily",
     ["My boat is red", "I row daily"]),
    ("remember I grow leeks (PLEASE REMEMBR THAT) thanks", ["I grow leeks"]),
])
def test_a_bracketed_request_to_the_assistant_is_no_fact(message, facts):
    assert split_facts(message) == facts


def test_a_bracketed_aside_about_the_user_stays():
    assert split_facts("remember I grow leeks (my note: they are huge)") == [
        "I grow leeks (my note: they are huge)"]


def test_yes_before_a_pronoun_keeps_the_pronoun_clause_with_its_subject():
    facts = split_facts("remember my uncle Abe is a baker and yes he sings opera")
    assert facts[0].startswith("My uncle Abe is a baker")
    assert not any(f.lower().startswith("yes") for f in facts)
    assert "sings opera" in " ".join(facts)


@pytest.mark.parametrize(("message", "facts"), [
    ("u should kno Step one - I knit. Step two - my van is blue", ["I knit", "My van is blue"]),
    ("note pls thing 1: I knit thing 2: my van is blue thing 3: I row",
     ["I knit", "My van is blue", "I row"]),
    ("remember Thing one: I knit Thing two: my van is blue", ["I knit", "My van is blue"]),
])
def test_a_counter_with_a_label_word_is_no_part_of_a_fact(message, facts):
    assert split_facts(message) == facts


def test_the_thing_before_an_ordinal_is_no_counter_label():
    # "thing" only names a counter that is a number; "First" here opens the sentence
    facts = split_facts("ok here is the thing First I knit. Then I row")
    assert not any(f.lower().startswith("thing") for f in facts)


@pytest.mark.parametrize(("message", "facts"), [
    ("kk so i weave baskets", ["I weave baskets"]),
    ("Right so basically my van is blue.", ["My van is blue"]),
    ("alrighty, so I row on sundays", ["I row on sundays"]),
])
def test_a_chat_opener_before_so_opens_no_fact(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize(("message", "facts"), [
    ("ok so im telling u my van is blue", ["My van is blue"]),
    ("I'm letting you know that I row", ["I row"]),
    ("ok so im telling u #1) I knit #2) I row", ["I knit", "I row"]),
])
def test_saying_i_am_telling_you_opens_no_fact(message, facts):
    assert split_facts(message) == facts


def test_i_am_telling_you_without_a_clause_after_it_stays():
    assert split_facts("remember im telling u the truth") == ["Im telling u the truth"]


def test_a_linking_phrase_ending_in_a_chat_spelling_of_that_is_no_fact():
    assert split_facts("remember I knit. on top of dat my van is blue") == [
        "I knit", "My van is blue"]


@pytest.mark.parametrize(("message", "facts"), [
    ("remember For a start I knit | Secondly I row", ["I knit", "I row"]),
    ("remember for starters, my van is blue and I row", ["My van is blue", "I row"]),
])
def test_for_a_start_opens_no_fact(message, facts):
    assert split_facts(message) == facts


def test_at_the_start_keeps_its_time():
    assert split_facts("remember at the start I was shy") == ["At the start I was shy"]
