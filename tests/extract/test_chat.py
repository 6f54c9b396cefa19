"""The learned chat-or-fact judgement at the edges of a message (iris/extract/chat.py): what
it trims, and the shapes it must never cut, whatever the model scores."""

from __future__ import annotations

import json

import pytest

from iris.extract import chat
from iris.extract.offline import is_clause, split_facts
from iris.paths import datasets_dir


@pytest.mark.parametrize("segment", ["Good evening!", "Talk soon", "that will be all",
                                     "Over and out"])
def test_a_sentence_said_to_the_assistant_is_chat(segment):
    assert chat.is_chat(segment)


@pytest.mark.parametrize("segment", ["she does yoga", "I keep bees", "my van is blue",
                                     "he hates thunder", "2) I swim"])
def test_a_fact_is_never_chat(segment):
    assert not chat.is_chat(segment)


@pytest.mark.parametrize("message, facts", [
    ("Good evening! I keep bees. talk to you soon", ["I keep bees"]),
    ("hiya, so i keep bees and my van is blue. catch you later",
     ["I keep bees", "My van is blue"]),
    ("Hello there! My van is blue. Bye for now", ["My van is blue"]),
])
def test_chat_around_the_facts_is_trimmed(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("fact", [
    "I go swimming when the weather is nice",   # a request's words ("weather") end a fact
    "I drink my tea without sugar or milk",
    "I want to be a lawyer",                    # "I want" opens requests, and facts too
    "I like hiking but I hate camping",
])
def test_the_end_or_start_of_a_fact_is_never_cut(fact):
    assert split_facts(fact) == [fact]


def test_a_bare_tail_with_a_verb_finishes_the_clause():
    # "name is Mia" reads like "what is your name" to the model; the shape keeps it
    assert split_facts("my daughter's name is Mia and she sleeps on my bed")[0] == \
        "My daughter's name is Mia"


def test_a_closer_after_a_dangling_word_is_no_cut():
    text = "I write poetry but i never share it"
    assert chat.without_closer(text, is_clause) == text


def test_an_opener_about_the_user_is_cut_only_before_the_users_own_subject():
    assert chat.opener_end("I want to be a lawyer", is_clause) == 0


@pytest.mark.skipif(not (datasets_dir() / "clinc150").is_dir(), reason="shared datasets absent")
def test_shipped_chat_weights_match_the_training_data():
    # `python -m iris.extract.chat train` after any change to its training data
    for path in chat.WEIGHTS.values():
        shipped = json.loads(path.read_text(encoding="utf-8"))
        assert shipped["data_sha256"] == chat.data_fingerprint()


@pytest.mark.parametrize("message, facts", [
    ("smh I lost my keys again", ["I lost my keys again"]),
    ("Istg i have 3 cats", ["I have 3 cats"]),
    ("I keep chickens. toodles", ["I keep chickens"]),
    ("I love pilates. ttfn", ["I love pilates"]),
])
def test_chat_speak_at_the_edges_goes(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("message, facts", [
    ("Tariq my flatmate is a DJ", ["Tariq my flatmate is a DJ"]),  # a name before "my"
    ("I play fortnite", ["I play fortnite"]),                    # no sentence before it
    ("I like tea. Biscuits", ["I like tea", "Biscuits"]),        # an English word
])
def test_names_brands_and_english_words_stay(message, facts):
    assert split_facts(message) == facts


def test_chat_speak_is_read_by_shape():
    assert chat.is_chat_speak("anyhoo") and chat.is_chat_speak("ta-ra")
    assert not chat.is_chat_speak("bees") and not chat.is_chat_speak("when")
    assert not chat.is_chat_speak("R2D2")


@pytest.mark.parametrize("fact", ["I have 3 cats", "I collect old maps", "my sons play rugby"])
def test_an_inflected_english_word_finishes_the_clause(fact):
    assert split_facts(fact) == [fact[0].upper() + fact[1:]]


@pytest.mark.parametrize("message, facts", [
    ("I am married. Another thing is I have 5 cats", ["I am married", "I have 5 cats"]),
    ("i swim. the other thing is my mom lives in Leeds", ["I swim", "My mom lives in Leeds"]),
])
def test_chat_before_a_later_facts_own_subject_goes(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("fact", [
    "Everything I cook has garlic in it",   # an indefinite pronoun is a subject
    "Buddy is my dog",                      # a name before a copula is no chat
])
def test_a_subject_before_the_users_words_stays(fact):
    assert split_facts(fact) == [fact]


# Discourse markers (the closed class of turn-taking words) and chat-speak before the user's
# own subject, with no mark (round 9); after chat-speak only "I" may follow, since a name
# reads the same ("Carla my stepmom ...").
@pytest.mark.parametrize("message, facts", [
    ("kk so look I breed snails", ["I breed snails"]),
    ("right well listen up my van is orange", ["My van is orange"]),
    ("smh ok so i failed my driving test", ["I failed my driving test"]),
])
def test_discourse_markers_before_the_fact_are_no_part_of_it(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("fact", [
    "Carla my stepmom retired last year",
    "When i grow up i want to be a vet",
    "Now I live in Leeds",
])
def test_a_name_or_a_word_of_the_fact_before_the_subject_stays(fact):
    assert split_facts(fact) == [fact]
