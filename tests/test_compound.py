"""A memory request and a host request in one message (iris/compound.py): Iris does its
part and hands the other to the host, word for word, in `Reply.for_host`."""

import pytest

from iris import compound
from iris.intent import ToolIntentDecisionService
from iris.pipeline import Pipeline
from iris.types import MemoryItem


@pytest.fixture
def pipeline(settings):
    with Pipeline(settings) as p:
        yield p


@pytest.fixture(scope="module")
def decide(tmp_path_factory):
    from iris.config import Settings

    home = tmp_path_factory.mktemp("home")
    return ToolIntentDecisionService(Settings(home=home, embed_model="hashing")).decide_batch


def stored(pipeline, user):
    return [r.content for r in pipeline.store.export(user)]


def test_a_fact_and_a_reminder_each_go_their_way(pipeline):
    reply = pipeline.handle("remember that my sister is Ana and remind me to call her on friday",
                            user_id="u1")
    assert reply.route == "direct"
    assert stored(pipeline, "u1") == ["my sister is Ana"]
    assert reply.for_host == "remind me to call her on friday"


def test_the_host_request_may_come_first(pipeline):
    reply = pipeline.handle("set an alarm for 6 and remember that I start at the depot now",
                            user_id="u1")
    assert stored(pipeline, "u1") == ["I start at the depot now"]
    assert reply.for_host == "set an alarm for 6"


def test_a_forget_and_a_reminder(pipeline):
    pipeline.store.store("u1", [MemoryItem(content="My overdraft limit is 500 pounds"),
                                MemoryItem(content="I take melatonin to sleep")])
    reply = pipeline.handle("forget my overdraft n remind me to ring the bank at 9", user_id="u1")
    assert stored(pipeline, "u1") == ["I take melatonin to sleep"]
    assert reply.for_host == "remind me to ring the bank at 9"


def test_before_the_split_the_fact_was_lost_to_the_host(pipeline):
    # Without the split the router read the whole message as an alarm: nothing was stored.
    reply = pipeline.handle("remember I take melatonin and set an alarm for 3pm", user_id="u1")
    assert stored(pipeline, "u1") == ["I take melatonin"]
    assert reply.for_host == "set an alarm for 3pm"


def test_the_joint_and_its_politeness_are_in_neither_part(decide):
    parts = compound.split("forget the boiler thing, pls also remind me to chase the landlord", decide)
    assert parts == compound.Split(memory="forget the boiler thing",
                                   host="remind me to chase the landlord")
    parts = compound.split("remember that I keep bees. Now, can you set a timer for 10 minutes?",
                           decide)
    assert parts == compound.Split(memory="remember that I keep bees.",
                                   host="can you set a timer for 10 minutes?")


def test_of_several_joints_the_host_gets_the_shortest_request(decide):
    text = ("forget the gym stuff about mondays and thursdays and set a reminder to go swimming "
            "on wednesdays instead")
    parts = compound.split(text, decide)
    assert parts is not None
    assert parts.host == "set a reminder to go swimming on wednesdays instead"


@pytest.mark.parametrize("text", [
    "remember that I add milk to my tea",  # a host verb inside the fact
    "remember I text Kezia good morning every day and call her at night",  # a habit
    "remember that I ring my nan every sunday and text my brother on wednesdays",
    "remember that Tom calls me every other Saturday, and Ana texts on Sundays",  # a name
    "remind me to remember my keys",  # one host request
    "text Sam that I forgot the keys",
    "can you add carrots to my shopping list and delete potatoes",  # both the list's
    "Message 1 of 1. Dear Iris, please remember that I like to play with my dolls",
    "please remember these:\nmsg 1/5: i produce music\nmsg 2/5: i drive a 2015 honda civic",
    "With reference to my profile, please add that I own a yacht + btw my wife is a nurse",
    "The thing I told about Sana's baby, kindly remove the same.",  # the other part's thing
])
def test_one_request_is_not_split(decide, text):
    assert compound.split(text, decide) is None


def test_a_passed_through_message_is_the_hosts_whole(pipeline):
    reply = pipeline.handle("add milk to my shopping list", user_id="u1")
    assert reply.route == "passthrough"
    assert reply.for_host == "add milk to my shopping list"


def test_a_message_handled_by_iris_leaves_nothing_for_the_host(pipeline):
    reply = pipeline.handle("remember that I keep bees", user_id="u1")
    assert reply.for_host == ""


def test_when_iris_passes_its_part_on_the_host_gets_the_whole_message(pipeline, decide):
    # "erase" makes a memory request of the second part, but the router gives events to the
    # host: nothing is deleted, and the host gets the message as the user sent it.
    text = "open calendar and erase all events for all months"
    assert compound.split(text, decide) is not None
    reply = pipeline.handle(text, user_id="u1")
    assert reply.route == "passthrough"
    assert reply.for_host == text


def test_a_memory_request_the_store_cannot_match_still_hands_on_the_rest(pipeline):
    reply = pipeline.handle("forget the blue thing and remind me to call mum", user_id="u1")
    assert reply.route == "offline" and "MEMORY_NOT_FOUND" in reply.results[0]
    assert reply.for_host == "remind me to call mum"


def test_a_long_message_is_not_split(decide):
    text = "remember that I keep bees and set an alarm for 6 " + "x" * compound.MAX_CHARS
    assert compound.split(text, decide) is None


def test_at_most_max_joints_places_are_tried():
    # however many "and"s there are: each place costs the router two texts
    text = " and remind me" * 5000
    assert len(compound._joints(text)) == compound.MAX_JOINTS
