"""Forget by description with WordNet's other names of one noun (iris/store/aliases.py):
clipped forms ("sax" / "saxophone", "ref" / "referee"), informal words ("pooch": a dog),
abbreviations written in capitals ("ER", "USPS"). Near misses and a pronoun that spells an
abbreviation ("us") stay not found. No embedder."""

import pytest

from iris.store import forget
from iris.store.aliases import alias_stems, aliases


def _decide(description, memories):
    return forget.decide(description, [forget.Candidate(i + 1, m) for i, m in enumerate(memories)])


def test_aliases_are_looked_up_as_written():
    assert ("saxophone",) in aliases("sax") and ("sax",) in aliases("saxophone")
    assert ("emergency", "room") in aliases("ER") and "emergencyroom" in alias_stems("ER")
    assert ("us", "postal", "service") in aliases("usps")  # typed in lower case
    assert ("referee",) in aliases("reffing")  # a regular form of "ref"
    assert ("dog",) in aliases("pooch")
    assert alias_stems("er") == frozenset()  # a memory's "er" is no ER
    assert aliases("cat") == ()  # no caterpillar
    assert aliases("PA") == ()  # Pennsylvania or a public address system: no one thing
    assert aliases("kale") == ()  # first money to WordNet, but a vegetable too
    assert aliases("fig") == () and aliases("fast") == ()  # a figure first; an adjective
    assert aliases("vet") == ()  # a veterinarian or a veteran


@pytest.mark.parametrize(("description", "memory"), [
    ("the saxophone", "I've played tenor sax since high school"),
    ("the sax", "My daughter plays the saxophone"),
    ("that i work in the emergency room", "I work night shifts at the ER"),
    ("the usps thing", "I am employed by the us postal service."),
    ("the reffing", "I referee hockey on weekends"),
    ("the pooch", "We adopted a greyhound called Biscuit"),
])
def test_another_name_of_the_thing_finds_the_memory(description, memory):
    decision = _decide(description, [memory, "My favorite color is navy blue."])
    assert decision.status == "forgotten" and decision.id == 1


@pytest.mark.parametrize(("description", "memory"), [
    ("that i play trumpet", "I've played tenor sax since high school"),
    ("that i work in the icu", "I work night shifts at the ER"),
    ("that i work for ups", "I am employed by the us postal service."),
    ("that i referee rugby", "I referee hockey on weekends"),
    ("the pooch", "My sister has a greyhound"),  # her dog, as "my dog" would not be
    ("the kitty", "We adopted a greyhound called Biscuit"),
    ("america", "My kids visit us every week"),   # the pronoun, no United States
    ("my cat", "I drive a caterpillar tractor"),
    ("the emergency room", "er, I think I like tea"),
])
def test_near_misses_stay_not_found(description, memory):
    assert _decide(description, [memory]).status == "not_found"


@pytest.mark.parametrize(("description", "memory"), [
    ("that im a sparky", "I am an electrician."),
    ("my lad's hockey", "My son Tomasz plays ice hockey for the under 12s"),
    ("the sunbeds", "I like to tan in tanning beds."),  # an alias of two words, inflected
    ("the ink on my wrist", "I've got a tattoo of a swallow on my wrist"),
])
def test_an_everyday_colloquial_name_finds_the_memory(description, memory):
    decision = _decide(description, [memory, "My favorite color is navy blue."])
    assert decision.status == "forgotten" and decision.id == 1


@pytest.mark.parametrize(("description", "memory"), [
    ("that im a sparky", "I am a plumber."),
    ("my lad", "My daughter plays ice hockey"),
    ("the sunbeds", "I have a king size bed"),
    ("the ink on my wrist", "I wear a watch on my wrist"),
])
def test_near_misses_of_a_colloquial_name_stay_not_found(description, memory):
    assert _decide(description, [memory]).status == "not_found"


@pytest.mark.parametrize(("description", "memory"), [
    ("what i do to earn a living", "I am an electrician."),  # a job, as "for a living"
    ("pls forget abt my volunteering", "I volunteer at a soup kitchen."),
])
def test_a_job_by_its_living_and_a_chat_spelling_of_about(description, memory):
    decision = _decide(description, [memory, "My favorite color is navy blue."])
    assert decision.status == "forgotten" and decision.id == 1
