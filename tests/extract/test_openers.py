"""Talk about the telling before the first fact (iris/extract/asides.py, iris/extract/chat.py):
hedges before "but", stance words among the markers, the user presenting themself, a
greeting with its word of address."""

import pytest

from iris.extract.asides import is_telling_hedge
from iris.extract.offline import split_facts


@pytest.mark.parametrize("head", [
    "quick thought",  # a noun phrase about the message: its noun spells a verb too
    "side note",
    "dunno if you care about this",  # the listener the subject, the message the object
    "apologies if this is a long message",  # framed by an apology, a noun phrase is fine
    "not sure if this is the right place",
])
def test_hedges_on_the_telling(head: str) -> None:
    assert is_telling_hedge(head, verbless=True)


@pytest.mark.parametrize("head", [
    "my dogs sleep",  # the user's: a clause of the fact
    "this is the best pizza",  # a demonstrative with a noun phrase names a thing
    "the weather is bad",
    "not rich",
])
def test_no_hedges(head: str) -> None:
    assert not is_telling_hedge(head, verbless=True)


@pytest.mark.parametrize("message, facts", [
    ("quick thought but i keep bees.", ["I keep bees"]),
    ("tbh dunno if u want this but I play the oboe", ["I play the oboe"]),
    ("apologies if this is a long one but i grow tomatoes", ["I grow tomatoes"]),
    ("This might be odd,but my van is blue", ["My van is blue"]),  # no space before "but"
    ("meh ok so honestly my aunt is a pilot", ["My aunt is a pilot"]),  # stance word
    ("lol ok so like I knit scarves and I run marathons", ["I knit scarves", "I run marathons"]),
    ("LOL OK SO LIKE I AM A BAKER", ["I AM A BAKER"]),
    ("Hi, it's me again. Please store this: I swim on Mondays.", ["I swim on Mondays"]),
    ("i meant to tell you i own a kayak", ["I own a kayak"]),
    ("hey there,pal 🙂 my uncle is a vet.", ["My uncle is a vet"]),
])
def test_openers_are_no_facts(message: str, facts: list[str]) -> None:
    assert split_facts(message) == facts


@pytest.mark.parametrize("message, facts", [
    ("Just so you know, now I live in Spain. I was born in Peru.",
     ["Now I live in Spain", "I was born in Peru"]),  # an adverb is no word of address
    ("my dad is tall but i am short", ["My dad is tall but i am short"]),
    ("It's me who cooks at home", ["It's me who cooks at home"]),
])
def test_facts_keep_their_words(message: str, facts: list[str]) -> None:
    assert split_facts(message) == facts
