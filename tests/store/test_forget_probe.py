"""Short removal requests read by their shape (iris/store/probe.py): a forget verb or a request
to stop keeping something goes to forget_memory, which deletes on evidence or says it found
nothing; a bare object after "delete"/"remove" deletes the one memory that holds all its words
and otherwise goes to the host untouched (iris/pipeline.py `_probe`)."""

import pytest

from iris import results as R
from iris.store.probe import (
    RemovalRequest,
    described_removal,
    fronted_removal,
    names_host_thing,
    removal_request,
)
from iris.types import MemoryItem


def _holding(pipeline, user, contents):
    pipeline.store.store(user, [MemoryItem(content=c) for c in contents])


def _left(pipeline, user):
    return {r.content for r in pipeline.store.export(user)}


@pytest.mark.parametrize(("message", "what"), [
    ("forget Rusty", "Rusty"),                    # the object as the message writes it
    ("forget the hamster", "hamster"),
    ("please delete the poodle thing", "poodle"),
    ("scrap the thing about languages", "languages"),
    ("forget the gluten thing", "gluten"),
    ('forget "Honda Civic"', "Honda Civic"),
    ("no need to remember that I'll be moving", "I'll be moving"),
    ("erase cardiff", "cardiff"),
    ("erase pretzel", "pretzel"),                 # a forget verb: a food word may be a name
    ("remve the ukulele thing", "ukulele"),       # a misspelled verb
    ("frogot rahul pls", "rahul"),                # two slips, then a courtesy
    ("forget rahul, thanks", "rahul"),
    ("forgetthe japanese learning", "japanese learning"),  # run together with the next word
    ("forgettomas", "tomas"),                     # run together with a name
    ("forget what instrument ezra plays", "what instrument ezra plays"),
    ("forget when we got engaged", "when we got engaged"),
    ("i dont want u to remember my job anymore", "my job"),  # a request to stop keeping
    ("no need to remember my old car", "my old car"),
    ("stop remembering the knitting stuff", "knitting stuff"),
    ("dont remember radiohead anymore", "radiohead"),
    ("u can forgt about the almonds", "almonds"),
    ("clear the hockey stuff", "hockey"),         # a remove verb, framed as information
    ("dont remember the wine stuff", "wine"),     # framed: no "anymore" needed
    ("pls 4get the triplets news", "triplets news"),  # text-speak
    ("forget the wednesday volunteering", "wednesday volunteering"),  # a day beside a habit
    ("forget who lives next door", "who lives next door"),  # a place, not a time
    ("lose the arabians thing", "arabians"),      # a framed-only verb, framed
    ("ditch the gym stuff", "gym"),
    ("forget the sewing one", "sewing"),          # "one" for a memory after a forget verb
    ("clear whatever you've got on our cars", "our cars"),  # what the assistant holds
    ("erase what u know about my kiddos", "my kiddos"),
    ("forget 'green tea in the morning'", "green tea in the morning"),  # quoted: its own words
    ("forget \u201cmy trip to rome last may\u201d", "my trip to rome last may"),
    ("take the grilling thing out of ur memory", "grilling"),  # out of the assistant's memory
    ("remove my sister from your memory", "my sister"),
    ("remove the bit about my job from your memory", "my job"),
    # a clause with a subject after a forget verb: its prepositions are the fact's own
    ("forget where we go on vacation", "where we go on vacation"),
    ("forget what the missus does for work", "what the missus does for work"),
    ("forget how i get to work", "how i get to work"),
    ("forget that my brother lives in a flat in leeds", "my brother lives in a flat in leeds"),
    ("okay um forget how i get to work", "how i get to work"),  # a spoken filler
    ("would you mind forgetting that i was adopted", "i was adopted"),  # a gerund after "mind"
    ("do u mind erasing where i grew up", "where i grew up"),
])
def test_a_clear_request_is_routed_to_forget(message, what):
    assert removal_request(message) == RemovalRequest(what, routed=True)


@pytest.mark.parametrize(("message", "expected"), [
    ("delete the poodle", RemovalRequest("poodle", routed=False)),  # remove verbs: probed only
    ("remove softball", RemovalRequest("softball", routed=False)),
    ("deleet rahul", RemovalRequest("rahul", routed=False)),
    ("get rid of Biscuit", RemovalRequest("Biscuit", routed=False, as_name=True)),  # a food word:
    ("remove milk", RemovalRequest("milk", routed=False, as_name=True)),  # only as a name
    ("delete eggs", RemovalRequest("eggs", routed=False, as_name=True)),
    ("remove the milk", RemovalRequest("milk", routed=False)),  # a milk both know of
    ("remove the blue cheese", RemovalRequest("blue cheese", routed=False)),
    ("delete herbert the tortoise", RemovalRequest("herbert the tortoise", routed=False)),
    ("delete pickles the hamster", RemovalRequest("pickles the hamster", routed=False)),
    ("drop the thursday lessons", RemovalRequest("thursday lessons", routed=False)),
])
def test_a_bare_object_of_a_remove_verb_is_only_probed(message, expected):
    assert removal_request(message) == expected


@pytest.mark.parametrize("message", [
    "forget it", "delete that", "forget", "forget everything", "never mind, forget it",
    "forget the thing about the stuff", "delete the info",  # nothing named
    "forget about it", "remove the alarm", "delete that email", "forget alarm", "erase events",
    "erase my next event", "delete my 3pm meeting", "forget the song for the party",
    "forget my previous command", "forget this song and go to the next",  # the conversation
    "remove oat milk", "get rid of the cheese and crackers",   # a shopping list's
    "delete lunch tomorrow", "remove eric name", "delete the big old red car",
    "remove the alarm for work", "delete fries from shopping list",
    "forget the meeting with tomas, it got cancelled", "delete the photo of biscuit",
    "forget the one about the thing that happened to us last year",
    "I dont remember my password", "dont remember my password",  # the user forgot: no request
    "dont remember the lido",                     # unframed, no "anymore": a lapse as well
    "delete friday", "drop the monday meeting", "remove tomorrow's run",  # a calendar's
    "I forgot my keys", "the forest is dense", "forex rates today",  # words near a verb
    "forget i asked about the weather", "forget i said anything", "delete what i said",
    "forget that, let's talk about dogs", "forget rahul, it's done",  # two clauses
    "forget wednesday", "forget next week",       # a day alone, a time
    "lose weight", "lose the weight", "bin the receipts",  # framed-only verbs, unframed
    "delete the blue one", "delete the sewing one",  # a remove verb's "one": a list's as often
    "delete everything on the menu",              # no assistant named: a list's
    "forget 'green tea' and the rest", 'delete "the alarm"',  # quoted, but two things; a remove verb
    "take it out of your memory", "get the milk out of the fridge",  # a pointer; not the memory
    "I don't want you to remember that", "forget what I just said",  # the conversation
    "forget what i said about the weather", "forget what you said", "um forget it",
    "forget that i have a meeting tomorrow", "forget what i was working on",  # a clause, but
    "forget where i put it", "forget that i am busy tomorrow",  # the host's or the talk's
    "would you mind forgetting it", "mind deleting the milk",
])
def test_no_request_without_an_object_a_memory_could_hold(message):
    assert removal_request(message) is None


@pytest.mark.parametrize(("message", "host"), [
    ("delete my pottery class booking", True),
    ("remove the alarm", True),
    ("delete memory number 12", False),         # a memory
    ("forget my sister's name", False),         # a forget verb: the user's own
    ("delete the poodle", False),
    ("delete the note about my dentist appointment", False),
    ("remove the house viewing from my diary", True),  # a place other than memory
    ("remove dallas from my travel itinerary", True),
    ("remove my sister from your memory", False),
    ("delete that i sing disney songs", False),  # a clause about the user, not a song
    ("delete that song", True),
    ("clear whatever you've got on our cars", False),  # what the assistant holds
    ("delete the gym thing from ur long term memory", False),
])
def test_a_remove_verb_on_a_host_thing_is_the_host_s(message, host):
    assert names_host_thing(message) is host


@pytest.mark.slow
@pytest.mark.parametrize(("message", "gone"), [
    ("forget Rusty", "I have a beagle named Rusty"),
    ("scrap the thing about languages", "I speak three languages"),
    ("frogot rusty pls", "I have a beagle named Rusty"),
    ("forgetthe languages", "I speak three languages"),
    ("i dont want u to remember my coffee anymore", "I like coffee"),
])
def test_an_object_in_exactly_one_memory_is_forgotten(pipeline, message, gone):
    memories = ["I have a beagle named Rusty", "I speak three languages", "I like coffee"]
    _holding(pipeline, "u", memories)
    reply = pipeline.handle(message, user_id="u")
    assert R.parse_result(reply.results[-1]).code == R.FORGOTTEN
    assert _left(pipeline, "u") == set(memories) - {gone}


@pytest.mark.slow
@pytest.mark.parametrize(("message", "gone"), [
    ("would you mind forgetting that i was adopted", "I was adopted when I was two"),
    ("okay um forget where we go on vacation", "We go to Crete on vacation every summer"),
])
def test_a_clause_the_router_does_not_take_is_forgotten_by_its_shape(pipeline, message, gone):
    memories = ["I was adopted when I was two", "We go to Crete on vacation every summer",
                "I like coffee"]
    _holding(pipeline, "u", memories)
    reply = pipeline.handle(message, user_id="u")
    assert R.parse_result(reply.results[-1]).code == R.FORGOTTEN
    assert _left(pipeline, "u") == set(memories) - {gone}


@pytest.mark.slow
def test_a_routed_request_that_matches_nothing_says_so(pipeline):
    _holding(pipeline, "u", ["I have a beagle named Rusty"])
    reply = pipeline.handle("forget rufus", user_id="u")
    assert reply.route == "offline" and R.parse_result(reply.results[-1]).code == R.NOT_FOUND
    assert (reply.intent.name, reply.intent.tool) == ("memory_action", "forget_memory")
    assert _left(pipeline, "u") == {"I have a beagle named Rusty"}


@pytest.mark.slow
def test_a_name_in_two_memories_is_a_choice(pipeline):
    memories = ["I have a beagle named Rusty", "My uncle Rusty lives in Ohio"]
    _holding(pipeline, "u", memories)
    reply = pipeline.handle("forget Rusty", user_id="u")
    assert R.parse_result(reply.results[-1]).code == R.AMBIGUOUS
    assert _left(pipeline, "u") == set(memories)


@pytest.mark.slow
@pytest.mark.parametrize("message", [
    "forget the alarm",              # a host's object: never a memory request
    "delete the photo of rusty",
    "remove rusty from my shopping list",
    "delete rusty",                  # a remove verb's bare object in two memories: the host's
    "remove rusty's walk from my diary",  # a place other than memory
    "lose the weight",               # a framed-only verb, unframed
])
def test_anything_else_goes_to_the_host_untouched(pipeline, message):
    memories = ["I have a beagle named Rusty", "My uncle Rusty lives in Ohio"]
    _holding(pipeline, "u", memories)
    reply = pipeline.handle(message, user_id="u")
    assert reply.route == "passthrough" and reply.results == [] and reply.reply == ""
    assert _left(pipeline, "u") == set(memories)


@pytest.mark.slow
def test_an_unframed_removal_of_a_name_in_one_memory_deletes_it(pipeline):
    memories = ["I grew up in Leeds", "I now live in Cardiff", "I take my coffee with oat milk"]
    _holding(pipeline, "u", memories)
    kept = pipeline.handle("remove milk", user_id="u")  # a shopping list's, never probed
    assert kept.route == "passthrough" and _left(pipeline, "u") == set(memories)
    reply = pipeline.handle("delete cardiff", user_id="u")
    assert R.parse_result(reply.results[-1]).code == R.FORGOTTEN
    assert _left(pipeline, "u") == set(memories) - {"I now live in Cardiff"}


@pytest.mark.slow
def test_a_shopping_item_is_probed_only_as_a_name(pipeline):
    memories = ["I like ginger biscuits", "I grew up in Leeds"]
    _holding(pipeline, "u", memories)
    kept = pipeline.handle("get rid of Biscuit", user_id="u")  # no memory names it
    assert kept.route == "passthrough" and _left(pipeline, "u") == set(memories)
    _holding(pipeline, "v", ["My dog Biscuit is a beagle", "I grew up in Leeds"])
    reply = pipeline.handle("get rid of biscuit", user_id="v")
    assert R.parse_result(reply.results[-1]).code == R.FORGOTTEN
    assert _left(pipeline, "v") == {"I grew up in Leeds"}


@pytest.mark.slow
@pytest.mark.parametrize(("message", "gone"), [
    ("remove the milk", "I drink a pint of milk every morning"),
    ("delete herbert the tortoise", "My tortoise Herbert is older than me"),
    ("drop the thursday lessons", "I'm taking Mandarin lessons on Thursdays"),
])
def test_a_probed_object_held_by_one_memory_is_forgotten(pipeline, message, gone):
    memories = ["I drink a pint of milk every morning", "My tortoise Herbert is older than me",
                "I'm taking Mandarin lessons on Thursdays", "I go to the gym on Thursdays"]
    _holding(pipeline, "u", memories)
    reply = pipeline.handle(message, user_id="u")
    assert R.parse_result(reply.results[-1]).code == R.FORGOTTEN
    assert _left(pipeline, "u") == set(memories) - {gone}


@pytest.mark.slow
@pytest.mark.parametrize(("message", "gone"), [
    ("forget the wednesday volunteering", "I volunteer at the food bank on Wednesdays"),
    ("forget the saturday volunteering", None),  # no memory holds that day
    ("pls 4get the cat stuff", "I have a cat named Tom"),
    ("lose the food bank thing", "I volunteer at the food bank on Wednesdays"),
    ("clear whatever you've got on my cat", "I have a cat named Tom"),
    ("take the cat thing out of ur memory", "I have a cat named Tom"),
])
def test_a_routed_request_deletes_on_evidence(pipeline, message, gone):
    memories = ["I volunteer at the food bank on Wednesdays", "I have a cat named Tom"]
    _holding(pipeline, "u", memories)
    reply = pipeline.handle(message, user_id="u")
    assert (reply.intent.name, reply.intent.tool) == ("memory_action", "forget_memory")
    assert R.parse_result(reply.results[-1]).code == (R.FORGOTTEN if gone else R.NOT_FOUND)
    assert _left(pipeline, "u") == set(memories) - {gone}


@pytest.mark.slow
@pytest.mark.parametrize("message", [
    "drop the thursday lessons",  # the gym memory holds the day, not the lessons
    "remove the kiwi",            # no memory holds it
    "delete my pottery class booking",
])
def test_a_probe_needs_every_word_said_in_a_memory(pipeline, message):
    memories = ["I go to the gym on Thursdays", "I go to a pottery class on Monday nights"]
    _holding(pipeline, "u", memories)
    reply = pipeline.handle(message, user_id="u")
    assert reply.route == "passthrough" and reply.results == []
    assert _left(pipeline, "u") == set(memories)


# Round 19: a "forget ..." the router and the removal shapes leave to the host ("how long",
# a weekday) is still looked up by its description, on evidence; a host's thing, a second
# clause or nothing found leaves the turn to the host untouched.
@pytest.mark.slow
@pytest.mark.parametrize(("message", "gone"), [
    ("forget who does the till on saturdays", "My mum helps out behind the till on Saturdays"),
    ("forget how much the coffee machine cost", "The coffee machine cost us eight grand secondhand"),
    ("delete the bit about how much the coffee machine cost",      # framed as a memory
     "The coffee machine cost us eight grand secondhand"),
    ("delete how much the coffee machine cost", None),            # not framed: a probe's
    ("forget the alarm", None),                                   # a host's thing
    ("forget the coffee machine, it got fixed", None),            # a second clause
    ("forget how much the dishwasher cost", None),                # no memory says it
    ("dont forget to call mum on saturday", None),                # a reminder
])
def test_a_forget_request_left_to_the_host_is_looked_up_by_description(pipeline, message, gone):
    memories = ["My mum helps out behind the till on Saturdays",
                "The coffee machine cost us eight grand secondhand", "My alarm goes off at 6am"]
    _holding(pipeline, "u", memories)
    reply = pipeline.handle(message, user_id="u")
    if gone:
        assert R.parse_result(reply.results[-1]).code == R.FORGOTTEN
    else:
        assert reply.route == "passthrough" and reply.results == []
    assert _left(pipeline, "u") == set(memories) - {gone}


def test_the_object_of_a_forget_request_left_to_the_host():
    assert described_removal("can you forget what ava does on friday nights?") == \
        "what ava does on friday nights"
    assert described_removal("Forget about the late opening on thursdays") == "the late opening on thursdays"
    for message in ("forget my 3pm meeting", "forget the meeting with tomas, it got cancelled",
                    "dont forget to call mum", "remove the kiwi", "forget" + " " * 40_000):
        assert described_removal(message) is None


@pytest.mark.parametrize(("message", "asked"), [
    # round 29: the object said first, a pronoun after the verb (49 clear requests of the
    # development files, 44 of which went to the host)
    ("the treehouse thing, forget it", "forget the treehouse thing"),
    ("my sunday church role, pls forget it", "forget my sunday church role"),
    ("the fake rock by the door. forget it pls", "forget the fake rock by the door"),
    ("gareths bullocks, forget about them", "forget gareths bullocks"),
    ("the trotro line i work, scrap that from ur memory", "scrap the trotro line i work"),
    # ... not talk, a question, a request taken back, or a clause after the verb
    ("nah, forget it", None),
    ("you know what, forget it", None),
    ("what do i watch every halloween? actually don't tell me, just forget it", None),
    ("remind me to call mum, actually forget it", None),
    ("ya no trabajo ahí, forget that i work nights at the packing plant", None),
    ("i no longer need milk, so forget that", None),  # HWU64: a clause, said of a list
    # round 30 (forget_eval_fresh46/47): a person taken up by "him" or "her", "that bit",
    # "forget i said that"
    ("maisie, forget her", "forget maisie"),
    ("kerry the midwife, forget her", "forget kerry the midwife"),
    ("sean from the office, forget him", "forget sean from the office"),
    ("thursday playground duty. forget that one", "forget thursday playground duty"),
    ("green tea flask - forget i said that", "forget green tea flask"),
    ("nah, forget her", None),
    ("tom, forget it", None),  # one word is an object only as a person
    # round 31 (forget_eval_fresh48): what was said about a thing, maybe several facts
    ("names - forget what i told you", "forget what i said about names"),
    ("the wedding, forget what i said", "forget what i said about the wedding"),
    ("jk, forget what i said", None),
])
def test_an_object_said_before_its_verb(message, asked):
    assert fronted_removal(message) == asked


@pytest.mark.slow
def test_an_object_said_before_its_verb_is_forgotten_and_the_host_keeps_its_own(pipeline):
    memories = ["We're building a treehouse for the kids this summer", "I like coffee"]
    _holding(pipeline, "u", memories)
    reply = pipeline.handle("the treehouse thing, forget it", user_id="u")
    assert R.parse_result(reply.results[-1]).code == R.FORGOTTEN
    assert _left(pipeline, "u") == {"I like coffee"}
    reply = pipeline.handle("the dentist appointment, delete it", user_id="u")
    assert reply.route == "passthrough" and reply.for_host == "the dentist appointment, delete it"
    assert _left(pipeline, "u") == {"I like coffee"}
