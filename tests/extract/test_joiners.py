"""Discourse joiners judged by shape (iris/extract/joiners.py): the spans below are not written
in the code; they are cut because of what they are made of."""

import pytest

from iris.direct import DirectHandler
from iris.extract import joiners
from iris.extract.offline import is_clause, split_facts


@pytest.mark.parametrize("message, facts", [
    # filler between the facts
    ("remember i keep bees and erm also my van is blue", ["I keep bees", "My van is blue"]),
    ("i swim n uhh also i am a nurse", ["I swim", "I am a nurse"]),
    # a linking phrase of particles that points back
    ("i keep bees and in addition to that my van is blue", ["I keep bees", "My van is blue"]),
    ("i keep bees, plus apart from this i am a nurse", ["I keep bees", "I am a nurse"]),
    ("i keep bees & also that my van is blue", ["I keep bees", "My van is blue"]),
    # a parenthetical between commas
    ("i keep bees and, for the record, i am a nurse", ["I keep bees", "I am a nurse"]),
    ("i keep bees and,in a manner of speaking,i am a nurse", ["I keep bees", "I am a nurse"]),
    # before a subordinate clause about the user
    ("i keep bees and um also when i was six i broke my arm",
     ["I keep bees", "When i was six i broke my arm"]),
    # at the start of a sentence
    ("I keep bees. Uhm and I am a nurse.", ["I keep bees", "I am a nurse"]),
])
def test_joiners_are_cut_and_dropped(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("message", [
    # one fact with a conjunction inside: no joiner, nothing cut
    "I do not drive because I live in the city",
    "I am vegan so I bring my own lunch",
    "my wife and I adopted two cats",
    "I love skiing but I am scared of lifts",
    # what sits between the clauses says something: it is no joiner
    "I like hamburgers and french fries that I cook myself",
    "One is shy while the other is loud, which I find cute",
    "Setbacks are tough, but with your support, I can handle anything",
    "It's a reminder that, no matter what, we can find joy",
    "Max and I had a blast camping",
])
def test_what_is_no_joiner_is_not_cut(message):
    assert joiners.cut(message, is_clause) == [message]


@pytest.mark.parametrize("message", [
    "remember that I keep bees and erm also my van is blue",
    "remember that I keep bees and over and above that I am a nurse",
    "note that I keep bees, plus on top of it my van is blue",
    "remember that I keep bees and, by the way, I am a nurse",
    "remember: Opening move ~> I keep bees. Next move ~> my van is blue",
    "remember that q> I keep bees r> my van is blue",
])
def test_the_fast_path_steps_aside_for_new_joiners_and_marks(message):
    decision = DirectHandler().decide(message)
    assert decision.action is None and decision.reason.startswith("list_structure")


@pytest.mark.parametrize("message, facts", [
    ("I sail on weekends and yep also I brew beer", ["I sail on weekends", "I brew beer"]),
    ("I sail on weekends and um like I brew beer", ["I sail on weekends", "I brew beer"]),
    ("my aunt Joy is a pilot. erm she flies to Rome", ["My aunt Joy is a pilot", "Joy flies to Rome"]),
])
def test_interjections_before_a_clause_go(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("text", ["he plays chess", "me and my dad fish", "ooh before I left, I cried"])
def test_pronouns_and_subordinate_openers_are_no_filler(text):
    assert joiners.strip_filler(text, is_clause) == text


@pytest.mark.parametrize("text, kept", [
    ("I moved to Spain and erm", "I moved to Spain"),
    ("I AM 5 AND UM LIKE", "I AM 5"),
    ("I like ham and eggs", "I like ham and eggs"),
    ("I said um", "I said um"),  # no coordinator before it
    ("I have a dog oh yeah", "I have a dog"),  # two or more need none
    ("my dog Mo", "my dog Mo"),
])
def test_filler_left_at_a_fact_end_goes(text, kept):
    assert joiners.strip_trailing_filler(text) == kept


def test_like_alone_before_the_users_own_subject_is_filler():
    assert split_facts("I have short hair oh and like I like the treadmill") == \
        ["I have short hair", "I like the treadmill"]


@pytest.mark.parametrize("text", ["like my mom, i am a nurse", "like I said my dog bites",
                                  "like cats"])
def test_like_with_its_own_object_stays(text):
    assert joiners.strip_filler(text, is_clause) == text


# The user's talk about their telling between two clauses with no mark (round 9): pointing
# back ("as I said before") or a hedge on the telling before "but" ends the first fact.
@pytest.mark.parametrize("message, facts", [
    ("I keep bees like i said before my van is blue", ["I keep bees", "My van is blue"]),
    ("i knit a lot idk if i mentioned it but i also sew", ["I knit a lot", "I also sew"]),
    ("I row on Sundays and this might sound silly but I fear ducks",
     ["I row on Sundays", "I fear ducks"]),
])
def test_talk_about_the_telling_between_clauses_cuts(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("fact", [
    "I go running on Sundays as I said I would",
    "I smiled as I said goodbye to my son",
    "I'm allergic to cats but I have two of them",
])
def test_a_clause_after_as_or_but_that_belongs_to_the_fact_stays(fact):
    assert split_facts(fact) == [fact]


@pytest.mark.parametrize("message, facts", [
    # what a cut leaves at a fact's end after a dash, a symbol or a comma, and a "ps" before one
    ("i watch tv in my spare time — also, i work from home.",
     ["I watch tv in my spare time", "I work from home"]),
    ("I get nervous when I speak in public 🙃 and also I grew up in manhattan",
     ["I get nervous when I speak in public", "I grew up in manhattan"]),
    ("my dachshund waldo is 13, oh plus he never had the flu jab",
     ["My dachshund waldo is 13", "Waldo never had the flu jab"]),
    ("gymnastics is my favorite sport. ps my favorite color is yellow.",
     ["Gymnastics is my favorite sport", "My favorite color is yellow"]),
    ("I live in Ohio, yeah", ["I live in Ohio"]),
])
def test_joiner_leftovers_at_a_facts_edges_go(message, facts):
    assert split_facts(message) == facts


def _cut(message, pieces):
    spans, at = [], 0
    for piece in pieces:
        start = message.index(piece, at)
        spans.append((start, start + len(piece)))
        at = start + len(piece)
    return [message[a:b] for a, b in joiners.without_repeated_joiners(message, spans)]


@pytest.mark.parametrize("message, pieces, facts", [
    # round 15: a list's joiner whose first word a span took, counters read as one
    ("notes: bullet point one I keep bees bullet point two my van is red",
     ["I keep bees bullet", "my van is red"], ["I keep bees", "my van is red"]),
    ("so i am married adn my van is red adn i sing", ["i am married adn", "my van is red", "i sing"],
     ["i am married", "my van is red", "i sing"]),
    # function words are the fact's own, even before a mark that marks the items
    ("pls remember this 4 me\n- my brother is older than me\n- i sing",
     ["my brother is older than me", "i sing"], ["my brother is older than me", "i sing"]),
])
def test_a_lists_joiner_begun_in_a_span_goes(message, pieces, facts):
    assert _cut(message, pieces) == facts
