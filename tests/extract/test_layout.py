"""List layout found by shape: enumerations, repeated symbol marks, line marks."""

import pytest

from iris.extract.layout import (
    split_enumeration,
    split_labelled_marks,
    split_symbol_marks,
    strip_mark,
    strip_marks,
)
from iris.extract.offline import is_clause, split_facts


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
    # a label word before "number" is the counter's, one letter with a dot a label
    ("point number one I have solar panels point number two I spend a lot of time online",
     ["I have solar panels", "I spend a lot of time online"]),
    ("save: N.1 I enjoy pottery N.2 I am a huge star wars fan",
     ["I enjoy pottery", "I am a huge star wars fan"]),
    ("remember I live at No.1 Main street", ["I live at No.1 Main street"]),
])
def test_lists_through_the_extractor(message, facts):
    assert split_facts(message) == facts


# Marks of any decoration, found by shape: none of these decorations is written in the code.
@pytest.mark.parametrize("line, items", [
    ("q% 1 I swim q% 2 I sing", None),  # a label must be a word; "q%" is no counter
    ("a^ I swim b^ I sing c^ I cook", ["I swim", "I sing", "I cook"]),
    ("{1} I swim {2} I sing", ["I swim", "I sing"]),
    ("=1= I swim =2= I sing", ["I swim", "I sing"]),
    ("Nr.1 I swim Nr.2 I sing", ["I swim", "I sing"]),
    ("Bit 1: I swim Bit 2: I sing", ["I swim", "I sing"]),
    ("entry 1 = I swim entry 2 = I sing", ["I swim", "I sing"]),
])
def test_counters_of_any_decoration_split(line, items):
    found = split_enumeration(line)
    assert (found and found[1]) == items if items else found is None


@pytest.mark.parametrize("line", [
    "my son is 1 and my daughter is 2",
    "I wake at 1 and sleep at 2",
])
def test_undecorated_numbers_and_words_are_not_counters(line):
    assert split_enumeration(line) is None


def test_a_lead_shared_by_two_lines_is_a_mark_whatever_it_is():
    assert strip_marks(["%% I swim", "%% I sing"]) == ["I swim", "I sing"]
    assert strip_marks(["(1]] I swim", "(2]] I sing"]) == ["I swim", "I sing"]
    assert strip_marks(["Thing a: I swim", "Thing b: I sing"]) == ["I swim", "I sing"]
    # one line alone keeps an unknown lead; so do ordinary first words
    assert strip_marks(["Bit a: I swim", "I sing"]) == ["Bit a: I swim", "I sing"]
    assert strip_marks(["Bit a: I swim", "Bit b: I sing"]) == ["I swim", "I sing"]
    assert strip_marks(["my dog barks", "my cat purrs"]) == ["my dog barks", "my cat purrs"]
    # a dash before "I" is a dash, not a counter "-i" with the word taken off
    assert strip_marks(["-I swim", "-I sing"]) == ["I swim", "I sing"]


@pytest.mark.parametrize("line, found", [
    ("Opening move ~> I swim. Next move ~> I sing", ("", ["I swim", "I sing"])),
    ("note: alpha) I swim beta) I sing", ("note:", ["I swim", "I sing"])),
    ("ok so, to start... I swim. after which... my dad is a pilot",
     ("ok so,", ["I swim", "my dad is a pilot"])),
    # labels that say something, or items that are not statements, make no list
    ("i like pizza -> it is great. i love pasta -> it is better", None),
    ("We love being outdoors - going for hikes, having picnics - plus board games", None),
    ("I swim ♦ I sing ♦ I cook", None),  # no label: a plain repeated mark
])
def test_a_repeated_mark_after_short_labels(line, found):
    assert split_labelled_marks(line, is_clause) == found


@pytest.mark.parametrize("message, facts", [
    ("note this: q> I swim r> I sing", ["I swim", "I sing"]),
    ("save these\n%% I swim\n%% my dad is a pilot", ["I swim", "My dad is a pilot"]),
    ("remember: Opening move ~> I swim. Next move ~> I sing", ["I swim", "I sing"]),
    ("remember: KICKOFF) I SWIM NEXT) I SING", ["I SWIM", "I SING"]),
])
def test_new_marks_through_the_extractor(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("mark", ["・", "•", "➤", "★", "◆", "→", "✔"])
def test_a_mark_beyond_ascii_written_against_its_item_marks_items(mark):
    # fresh8 (held out, scored once): "ok iris note that ・I read ... ・I never ..." was one fact
    text = f"ok iris note that {mark}I read twenty books a year {mark}I never broke a bone"
    assert split_facts(text) == ["I read twenty books a year", "I never broke a bone"]


@pytest.mark.parametrize("text", ["remember that I paid €5 and €10 for them",
                                  "remember that I love “Dune” and “Emma” best"])
def test_a_currency_sign_or_a_quote_against_a_word_marks_no_item(text):
    assert len(split_facts(text)) == 1


def test_a_signed_number_is_no_counter():
    # "+1 ... +2" counted up from 1 like a list, and the numbers were lost as marks
    assert split_facts("remember that I scored +1 and +2 today") == ["I scored +1 and +2 today"]


@pytest.mark.parametrize("message, facts", [
    ("Some things:\n- [x]\tmy van is red\n- [x]\tI like figs", ["My van is red", "I like figs"]),
    ("Some things:\n- [ ] my van is red\n- [x] I like figs", ["My van is red", "I like figs"]),
])
def test_a_task_box_after_a_bullet_is_part_of_the_mark(message: str, facts: list[str]) -> None:
    assert split_facts(message) == facts
