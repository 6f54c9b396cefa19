"""Round 10 recall fixes away from a message's edges (issue 10): a run-on pronoun clause on the
fast path, foreign ordinal adverbs, full-width stops, bracketed symbol bullets, a one-letter
abbreviation with a slash, and "I'm sure I told you ... but" between facts."""

import pytest

from iris.direct import DirectHandler
from iris.extract.clauses import holds_run_on
from iris.extract.offline import split_facts


@pytest.fixture(scope="module")
def handler() -> DirectHandler:
    return DirectHandler()


@pytest.mark.parametrize("message", [
    "note my parrot Kiwi works for the council she hates thunder",
    "remember my mum works at a bank she loves it",
    "remember that I met a guy he was nice",
])
def test_fast_path_steps_aside_for_a_run_on_pronoun_clause(handler, message):
    decision = handler.decide(message)
    assert decision.action is None
    assert decision.reason == "list_structure:run_on"


@pytest.mark.parametrize("message, content", [
    ("remember that my sister says she hates thunder", "my sister says she hates thunder"),
    ("note that I think she is right", "I think she is right"),
    ("remember my son thinks he is a pirate", "my son thinks he is a pirate"),
    ("remember that I love the cake she bakes", "I love the cake she bakes"),
    ("remember I hope they win", "I hope they win"),
])
def test_fast_path_keeps_one_fact_with_a_clause_inside(handler, message, content):
    decision = handler.decide(message)
    assert (decision.action, decision.content) == ("store", content)


def test_run_on_reading_is_the_clause_splitters():
    assert holds_run_on("my parrot Kiwi works for the council she hates thunder")
    assert not holds_run_on("my brother is taller than he looks")
    assert not holds_run_on("I wonder if she knows")


@pytest.mark.parametrize("message, facts", [
    # ordinal adverbs of other languages, with no punctuation around them
    ("ten eerste i faint at the sight of blood ten tweede i went to school",
     ["I faint at the sight of blood", "I went to school"]),
    ("erstens I love dogs zweitens I live in alabama drittens I have three sisters",
     ["I love dogs", "I live in alabama", "I have three sisters"]),
    ("po pierwsze I walk dogs for a living po drugie my parents taught me survival skills",
     ["I walk dogs for a living", "My parents taught me survival skills"]),
    # a full-width stop after the counter, no space
    ("1．i visit europe twice a year 2．i am an art major",
     ["I visit europe twice a year", "I am an art major"]),
    # a symbol in brackets as the bullet
    ("(+) i have a german shepherd dog (+) i live in a rural farming community",
     ["I have a german shepherd dog", "I live in a rural farming community"]),
    # "w/" abbreviates "with": no sentence boundary for a label before "++"
    ("I love taking bubble baths ++ I am single and w/ two dogs ++ I do not drink alcohol",
     ["I love taking bubble baths", "I am single and w/ two dogs", "I do not drink alcohol"]),
    # the user's certainty over their telling, between two facts
    ("I am a stunt double. I'm sure I told you already but I only eat kosher",
     ["I am a stunt double", "I only eat kosher"]),
])
def test_split(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("message, facts", [
    ("I am sure I locked the door", ["I am sure I locked the door"]),
    ("my first car and my second home are in leeds", ["My first car and my second home are in leeds"]),
    ("I like tea (but not coffee) and I swim (a lot)", ["I like tea (but not coffee)", "I swim (a lot)"]),
])
def test_single_facts_stay_whole(message, facts):
    assert split_facts(message) == facts
