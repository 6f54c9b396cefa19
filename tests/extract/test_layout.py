"""List layout found by shape: enumerations, repeated symbol marks, line marks."""

import pytest

from iris.extract.layout import split_enumeration, split_symbol_marks, strip_mark
from iris.extract.offline import split_facts


@pytest.mark.parametrize("line, items", [
    ("1) I swim 2) I sing", ["I swim", "I sing"]),
    ("#1 I swim #2 I sing #3 I cook", ["I swim", "I sing", "I cook"]),
    ("[1] I swim [2] I sing", ["I swim", "I sing"]),
    ("(a) I swim (b) I sing", ["I swim", "I sing"]),
    ("a) I swim b) I sing", ["I swim", "I sing"]),
    ("(i) I swim (ii) I sing (iii) I cook", ["I swim", "I sing", "I cook"]),
    ("one: I swim two: I sing", ["I swim", "I sing"]),
    ("first, I swim; second, I sing", ["I swim", "I sing"]),
    ("Firstly,I swim. Secondly,I sing", ["I swim", "I sing"]),
    ("1st I swim, 2nd I sing", ["I swim", "I sing"]),
    ("number one - I swim, number two - I sing", ["I swim", "I sing"]),
    ("Item 1: I swim Item 2: I sing", ["I swim", "I sing"]),
    ("1.) I swim 2.) I sing", ["I swim", "I sing"]),
])
def test_enumerations_of_any_counter_kind_split(line, items):
    found = split_enumeration(line)
    assert found is not None and found[1] == items


@pytest.mark.parametrize("line", [
    "I have 2 cats and 3 dogs",
    "my first car and my second home were in Ohio",
    "I was born in 1990. I moved in 2001.",
    "I came 2) nd in the race",  # a lone counter that does not start at 1
    "I have two kids: one is 5",
])
def test_numbers_inside_facts_are_not_counters(line):
    assert split_enumeration(line) is None


def test_a_repeated_symbol_marks_items_and_a_single_one_does_not():
    assert split_symbol_marks("note: 👉 I swim 👉 I sing") == ("note:", ["I swim", "I sing"])
    assert split_symbol_marks("I swim + I sing") is None
    assert split_symbol_marks("I like C++ and C#") is None


@pytest.mark.parametrize("item, rest", [
    ("✅ I swim", "I swim"), ("[x] I swim", "I swim"), ("a. I swim", "I swim"),
    ("(ii) I swim", "I swim"), ("Fact 3: I swim", "I swim"), ("#2 I swim", "I swim"),
    ("→ I swim", "I swim"), ("I swim", "I swim"), ("I. M. Pei is my hero", "I. M. Pei is my hero"),
])
def test_line_marks(item, rest):
    assert strip_mark(item) == rest


@pytest.mark.parametrize("message, facts", [
    ("note it: #1 my mother is a dentist #2 i have one older sister",
     ["My mother is a dentist", "I have one older sister"]),
    ("store the following: 👉 I swim 👉 I am a nurse", ["I swim", "I am a nurse"]),
    ("remember dis: one: i swim two: i drive a bmw", ["I swim", "I drive a bmw"]),
    ("yo remember number one - i swim, number two - i sing", ["I swim", "I sing"]),
    ("FYI IRIS\n+ I AM AN OMNIVORE\n+ I SWIM", ["I AM AN OMNIVORE", "I SWIM"]),
    ("ok here goes:\n🔸 I swim\n🔸 I sing", ["I swim", "I sing"]),
    ("It is important that you remember\n✅ I swim\n✅ I sing", ["I swim", "I sing"]),
])
def test_lists_through_the_extractor(message, facts):
    assert split_facts(message) == facts
