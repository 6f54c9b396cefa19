"""The signature lines under a message (iris/extract/signature.py)."""

import pytest

from iris.extract.offline import split_facts
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
