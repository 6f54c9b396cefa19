"""The signature lines under a message (iris/extract/signature.py)."""

import pytest

from iris.extract.offline import split_facts
from iris.extract.segmenter import read_facts
from iris.extract.signature import without_signature


@pytest.mark.parametrize("message, facts", [
    # a valediction and an initial under it: each line was read as a list item
    ("remember that I swim on Tuesdays\n\nWarm regards,\nT.", ["I swim on Tuesdays"]),
    ("Notes for Iris:\nI keep bees.\n\nKind regards\nSam", ["I keep bees"]),
    # a mail client's device line
    ("remember that I keep bees.\n\nSent from my Android phone", ["I keep bees"]),
    ("note that i live in leeds\n\nsent via outlook", ["I live in leeds"]),
    # a request about the message on a line of its own, then the valediction
    ("remember that I have a pet cow\n\nPlease confirm once stored.\n\nWarm regards,\nT.",
     ["I have a pet cow"]),
])
def test_signature_lines_are_no_facts(message: str, facts: list[str]) -> None:
    assert split_facts(message) == facts


@pytest.mark.parametrize("message", [
    "Warm regards",  # one line is no letter
    "remember:\n- I like tea\n- Sam",  # a name as a list item, no valediction over it
    "remember that\nI was sent from my hometown to college",  # a clause, no device line
    "remember these:\nI like tea\nT.",  # an initial under a fact, not under a valediction
])
def test_lines_that_are_no_signature_stay(message: str) -> None:
    assert without_signature(message) == message.rstrip()



@pytest.mark.parametrize("message, kept, facts", [
    # a valediction and a name on the last fact's own line (round 16: held-out writers signed
    # off this way, and the name was stored with the last fact)
    ("remember I grow chillies on the balcony Warm wishes, Auntie Pat",
     "remember I grow chillies on the balcony", ["I grow chillies on the balcony"]),
    ("note that i sing in a choir. regards, b. osei", "note that i sing in a choir.",
     ["I sing in a choir"]),
    ("remember that my van is blue love Gran xx", "remember that my van is blue",
     ["My van is blue"]),
    ("remember I am 70 Yours sincerely, Edna (aged 70)", "remember I am 70", ["I am 70"]),
])
def test_a_sign_off_on_the_facts_line_goes(message: str, kept: str, facts: list[str]) -> None:
    assert without_signature(message) == kept
    assert split_facts(message) == facts
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("message", [
    "remember that I love Nanna",  # "love" signs off only with kisses after the name
    "remember that I always send best wishes to Ana",  # "to" is no name
    "remember that I count my blessings every day",
    "remember that my dad sends his regards Tom",  # the valediction is the sentence's noun
    "Kind regards",  # nothing before it
])
def test_a_valediction_inside_a_fact_stays(message: str) -> None:
    assert without_signature(message) == message


def test_a_device_line_in_chat_spelling_goes():
    # fresh27, development since its scoring: "Sent frm my grandson's old phone" was a fact
    facts = read_facts("pls memorize my favorite ice cream flavor is chocolate.\n\n"
                       "Sent frm my grandson's old phone")[0]
    assert facts == ["My favorite ice cream flavor is chocolate"]
