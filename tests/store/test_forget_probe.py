"""A short removal request the router leaves to the host ("forget Rusty", "scrap the thing
about languages") is looked up by its own words: it deletes the one memory that holds them
all, and otherwise goes to the host untouched (iris/pipeline.py `_probe`)."""

import pytest

from iris import results as R
from iris.store.probe import named_forget
from iris.types import MemoryItem

pytestmark = pytest.mark.slow


def _holding(pipeline, user, contents):
    pipeline.store.store(user, [MemoryItem(content=c) for c in contents])


def _left(pipeline, user):
    return {r.content for r in pipeline.store.export(user)}


@pytest.mark.parametrize(("message", "what"), [
    ("forget Rusty", "rusty"),
    ("forget the hamster", "hamster"),
    ("please delete the poodle thing", "poodle"),
    ("scrap the thing about languages", "languages"),
    ("forget the gluten thing", "gluten"),
    ('forget "Honda Civic"', "honda civic"),
    ("delete the poodle", "poodle"),              # unframed: at most two words, no host object
    ("erase cardiff", "cardiff"),
    ("remove softball", "softball"),
    ("remve the ukulele thing", "ukulele"),       # a misspelled removal verb
])
def test_named_forget_finds_the_object(message, what):
    assert named_forget(message) == what


@pytest.mark.parametrize("message", ["forget it", "delete that", "forget", "forget everything",
                                     "remove the alarm", "delete that email",  # host objects
                                     "remove milk", "delete eggs",  # a shopping list's
                                     "delete lunch tomorrow", "remove eric name",
                                     "delete the big old red car",  # unframed: too long
                                     "remove the alarm for work", "forget the song for the party",
                                     "delete fries from shopping list",
                                     "never mind, forget it", "forget about it",
                                     "forget the one about the thing that happened to us last year"])
def test_named_forget_takes_no_pointer_or_long_object(message):
    assert named_forget(message) is None


@pytest.mark.parametrize(("message", "gone"), [
    ("forget Rusty", "I have a beagle named Rusty"),
    ("scrap the thing about languages", "I speak three languages"),
])
def test_an_object_in_exactly_one_memory_is_forgotten(pipeline, message, gone):
    memories = ["I have a beagle named Rusty", "I speak three languages", "I like coffee"]
    _holding(pipeline, "u", memories)
    reply = pipeline.handle(message, user_id="u")
    assert R.parse_result(reply.results[-1]).code == R.FORGOTTEN
    assert _left(pipeline, "u") == set(memories) - {gone}


@pytest.mark.parametrize("message", [
    "forget the alarm",          # in no memory: the host's
    "forget Rusty",              # in two memories
])
def test_anything_else_goes_to_the_host_untouched(pipeline, message):
    memories = ["I have a beagle named Rusty", "My uncle Rusty lives in Ohio"]
    _holding(pipeline, "u", memories)
    reply = pipeline.handle(message, user_id="u")
    assert reply.route == "passthrough" and reply.results == [] and reply.reply == ""
    assert _left(pipeline, "u") == set(memories)


def test_an_unframed_removal_of_a_name_in_one_memory_deletes_it(pipeline):
    memories = ["I grew up in Leeds", "I now live in Cardiff", "I take my coffee with oat milk"]
    _holding(pipeline, "u", memories)
    kept = pipeline.handle("remove milk", user_id="u")  # a shopping list's, never probed
    assert kept.route == "passthrough" and _left(pipeline, "u") == set(memories)
    reply = pipeline.handle("erase cardiff", user_id="u")
    assert R.parse_result(reply.results[-1]).code == R.FORGOTTEN
    assert _left(pipeline, "u") == set(memories) - {"I now live in Cardiff"}
