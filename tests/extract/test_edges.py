"""Requests to the assistant at a message's edges (iris/extract/wrappers.py)."""

import pytest

from iris.extract.offline import split_facts
from iris.extract.wrappers import is_request


@pytest.mark.parametrize("span", [
    "Kindly acknowledge.",  # a reply asked for: no object
    "Please confirm once stored.",
    "Could you store this information for our future conversations?",  # demonstrative + noun
    "Could you please ensure this is saved to my profile",  # "my" names where it is kept
])
def test_requests_about_the_message(span: str) -> None:
    assert is_request(span)


@pytest.mark.parametrize("span", [
    "could you remember that my dog is old",  # "that" opens a fact
    "please confirm my booking",  # an object of the user's
])
def test_no_request_about_the_message(span: str) -> None:
    assert not is_request(span)


@pytest.mark.parametrize("message, facts", [
    ("I am in the army Kindly acknowledge.", ["I am in the army"]),
    ("I grew up on a farm. Kindly acknowledge.", ["I grew up on a farm"]),
    ("I enjoy american sports Could you store this information for our future "
     "conversations? Thanking you.", ["I enjoy american sports"]),
    # where the message is kept is part of the command in front
    ("Please record the following in my file. I am high maintenance.", ["I am high maintenance"]),
    ("Kindly store the details below.\nI have a cat named spook.", ["I have a cat named spook"]),
    ("remember that I like to record songs on my records", ["I like to record songs on my records"]),
])
def test_requests_at_the_edges_are_no_facts(message: str, facts: list[str]) -> None:
    assert split_facts(message) == facts


@pytest.mark.parametrize("message, facts", [
    # "me" as the object of a closer: "that's me done" left "that's me" behind
    ("remember that I work for our local supermarket that's me done",
     ["I work for our local supermarket"]),
    # a closer after the last sentence of a message that opens with a heading
    ("little update about me: my favorite shirts are band shirts haha and I keep my phone "
     "on silent at the gym pls n thx xx",
     ["My favorite shirts are band shirts", "I keep my phone on silent at the gym"]),
    # ... but an -ing form wants the words after it
    ("For the avoidance of doubt, First off: my mother is a dentist. Secondly: I like "
     "playing basketball if that's helpful", ["My mother is a dentist",
                                             "I like playing basketball"]),
    ("remember that my dog loves me", ["My dog loves me"]),
])
def test_closers_after_the_last_fact(message: str, facts: list[str]) -> None:
    assert split_facts(message) == facts


@pytest.mark.parametrize("message, facts", [
    # asked as a question, before or after the verb
    ("remember that I have an allergy to water can u save that", ["I have an allergy to water"]),
    ("i am expecting twins in two months. remember that for me would you",
     ["I am expecting twins in two months"]),
    # a frame of the telling left over by a cut wants a clause after it
    ("GOOD AFTERNOON, I WOULD BE GRATEFUL IF YOU COULD REMEMBER THE FOLLOWING:\n"
     "- I WAS RAISED ON A HORSE FARM\n- I DREAM OF MOVING TO THE CITY",
     ["I WAS RAISED ON A HORSE FARM", "I DREAM OF MOVING TO THE CITY"]),
    ("Dear sir, I wish to inform that\n➔ I am an art major\n➔ I like tea",
     ["I am an art major", "I like tea"]),
    ("remember that I love that and I hate this", ["I love that", "I hate this"]),
])
def test_the_telling_around_the_facts(message: str, facts: list[str]) -> None:
    assert split_facts(message) == facts


@pytest.mark.parametrize("message, facts", [
    ("With apologies for the length, here is some background: I am a nurse haha and I love "
     "disneyland", ["I am a nurse", "I love disneyland"]),
    ("here are my hobbies: I swim and I run", ["I swim", "I run"]),
    ("Re: my account preferences\n\nI hate school. I love to play golf",
     ["I hate school", "I love to play golf"]),
    ("Subject: personal details\n\nI am a swim coach", ["I am a swim coach"]),
    # a colon later in a fact is no presentative
    ("remember that I like it here: the food is great", ["I like it here: the food is great"]),
])
def test_subject_lines_and_presentatives_are_no_facts(message: str, facts: list[str]) -> None:
    assert split_facts(message) == facts
