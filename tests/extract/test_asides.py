"""Talk about the telling (iris/extract/asides.py): comment clauses and the speaker's own end
of the talk say nothing about the user; a verb of saying or thinking with an object is a fact."""

from __future__ import annotations

import pytest

from iris.extract import asides
from iris.extract.offline import is_clause, split_facts


@pytest.mark.parametrize("message, facts", [
    ("I have five sons. I suppose that's it", ["I have five sons"]),
    ("I am vegan. that's the lot, I reckon", ["I am vegan"]),
    ("I work at a school I think that's everything", ["I work at a school"]),
    ("I am 40. Let me think. I hate maths", ["I am 40", "I hate maths"]),
    ("I am a nurse. That's it from me", ["I am a nurse"]),
    ("im just saying I like cats and I have a dog", ["I like cats", "I have a dog"]),
    ("Oh, and I should mention, I sing in a choir", ["I sing in a choir"]),
    ("I own a dog. I'd also say i own a house in florida", ["I own a dog", "I own a house in florida"]),
    ("I am a nurse and I guess I'd add that my aunt lives in Galway",
     ["I am a nurse", "My aunt lives in Galway"]),
])
def test_talk_about_the_telling_is_no_fact(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("fact", [
    "I think about death a lot", "I trust my gut", "I believe in ghosts",
    "I mean to learn Welsh before I retire", "I say grace before every meal",
    "I say yes to too many things", "I think i will retire in a few years",
    "I find it hard to say no", "I always tell people what I think",
])
def test_a_verb_of_saying_or_thinking_with_an_object_is_a_fact(fact):
    assert split_facts(f"remember that {fact}") == [fact]


def test_mask_leaves_what_is_not_the_telling():
    assert asides.masked("that's the lot, I reckon") == ("that's the lot,  ", True)
    assert asides.masked("I trust my gut") == ("I trust my gut", False)


def test_a_telling_prefix_needs_a_modal_and_a_clause_after_it():
    assert asides.telling_prefix("I'd also say I own a house", is_clause) == len("I'd also say ")
    assert asides.telling_prefix("I say yes to too many things", is_clause) == 0
    assert asides.telling_prefix("I should mention", is_clause) == 0


@pytest.mark.parametrize("message, fact", [
    ("nugget, who's my guinea pig, is shy", "Nugget, who's my guinea pig, is shy"),
    ("remember that gareth, who is my step-dad, taught me to fish",
     "Gareth, who is my step-dad, taught me to fish"),
    ("tariq, the flatmate I live with, is a DJ", "Tariq, the flatmate I live with, is a DJ"),
    ("remember that nugget, who's my guinea pig, is a retired teacher",
     "Nugget, who's my guinea pig, is a retired teacher"),
])
def test_a_name_before_an_appositive_or_relative_clause_stays(message, fact):
    assert split_facts(message) == [fact]


def test_a_predicate_without_its_subject_is_no_clause():
    assert not is_clause("is a retired teacher")


@pytest.mark.parametrize("message, facts", [
    ("hey bot note fact 1 = I am a feminist fact 2 = my aunt is Mabel",
     ["I am a feminist", "My aunt is Mabel"]),
    ("I wish to inform you that numero uno -> my favorite band is abba; numero dos -> I like tea",
     ["My favorite band is abba", "I like tea"]),
    ("I like tea. My sister and her wife run a dog grooming salon",
     ["I like tea", "My sister and her wife run a dog grooming salon"]),
])
def test_a_list_label_after_a_lead_in_stays_with_the_list(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("message, facts", [
    ("I have a dog. I trust that is sufficient.", ["I have a dog"]),
    ("Hmm let me think... I have 5 cats. I enjoy building houses",
     ["I have 5 cats", "I enjoy building houses"]),
    ("I am married to a doctor.. That's me in a nutshell", ["I am married to a doctor"]),
    ("I like tea. I guess that is why I moved", ["I like tea", "I guess that is why I moved"]),
])
def test_a_comment_on_the_message_says_nothing(message, facts):
    assert split_facts(message) == facts


def test_says_nothing_needs_no_one_in_what_is_left():
    assert asides.says_nothing(["hmm", "let", "me", "think"], ["hmm"])
    assert asides.says_nothing(["i", "trust", "that", "is", "sufficient"], ["that", "is", "sufficient"])
    assert not asides.says_nothing(["i", "guess", "that", "is", "why", "i", "moved"],
                                   ["that", "is", "why", "i", "moved"])
    assert not asides.says_nothing(["i", "think", "in", "2010"], ["in", "2010"])


@pytest.mark.parametrize("message, facts", [
    ("I like tea. Now that I think of it, I love paella", ["I like tea", "I love paella"]),
    ("If I may, I like tea", ["I like tea"]),
    ("to be frank, I hate cats", ["I hate cats"]),
    ("For what it is worth I work in a shipyard", ["I work in a shipyard"]),  # no mark after
    ("so if i'm honest i say grace before every meal", ["I say grace before every meal"]),
    ("I like tea. I think about it a lot", ["I like tea", "I think about it a lot"]),
    ("remember that I am honest to a fault", ["I am honest to a fault"]),
])
def test_manner_of_telling(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("message, facts", [
    ("I keep two goats if that makes sense", ["I keep two goats"]),
    ("remember I teach piano. hope this helps!", ["I teach piano"]),
    ("I own a canoe or something like that lol", ["I own a canoe"]),
    ("I grew up in Oslo and I speak Norwegian, if you know what I mean",
     ["I grew up in Oslo", "I speak Norwegian"]),
    ("I collect stamps. Not sure whether this is useful tbh", ["I collect stamps"]),
    ("I work in IT and stuff", ["I work in IT"]),
    ("I am a night owl. Do let me know if this is unclear. if that's any good",
     ["I am a night owl"]),
])
def test_hedges_on_the_message_at_its_end_are_no_fact(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("fact", [
    "I only drink coffee if it's decaf",           # "it" is the coffee, not the message
    "I go running if that's ok with my doctor",   # someone is in it
    "I sleep 6 hours or so",                      # an approximation, not an extender
    "I don't drink or smoke or anything",
    "I have a pet axolotl. I hope to breed them",  # a hope of the user's own
])
def test_a_conditional_or_a_hope_about_something_else_stays(fact):
    assert split_facts(f"remember that {fact}")[-1] == fact.split(". ")[-1]


def test_a_hedge_is_read_from_its_start():
    assert asides.is_hedge("or whatever lol not sure if that helps")
    assert not asides.is_hedge("drugs or anything")
    assert not asides.is_hedge("sreamer. hope that helps")  # a word of the fact before it
    assert asides.hedge_start("I am 30 if that makes sense", is_clause) == len("I am 30 ")


@pytest.mark.parametrize("message, facts", [
    ("As I mentioned previously I walk dogs for a living", ["I walk dogs for a living"]),
    ("I like tea and as I said I keep bees", ["I like tea", "I keep bees"]),
    ("not sure if I told you but I am a doctor", ["I am a doctor"]),
    ("I am 40. Oh, before I forget, I grew up on a farm", ["I am 40", "I grew up on a farm"]),
    ("I swim. I think I told you this already but I love jeans", ["I swim", "I love jeans"]),
    ("dunno if i mentioned firstly i keep bees. secondly i swim", ["I keep bees", "I swim"]),
    ("not sure if i told you but\n* i have a dog\n* i swim", ["I have a dog", "I swim"]),
])
def test_the_user_pointing_back_at_their_telling_is_no_fact(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("message, facts", [
    ("I swim. not sure if this matters but I only eat kosher", ["I swim", "I only eat kosher"]),
    ("Good afternoon I would like to share a few details I am a nurse", ["I am a nurse"]),
    ("If I may add a few things my aunt lives in Galway", ["My aunt lives in Galway"]),
    ("I would like to share a few details\n- I swim\n- I am a nurse", ["I swim", "I am a nurse"]),
])
def test_a_doubt_or_an_offer_before_the_fact_is_no_fact(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("fact", [
    "As I said goodbye I cried",            # "said" has an object: one sentence
    "I would like to share my love of cats",
    "I told you I was vegan",               # no "but": a report, kept whole
    "I said yes to too many things",
])
def test_saying_with_an_object_is_no_pointing_back(fact):
    assert split_facts(fact) == [fact]


# A hedge on the telling or on the message before "but" (round 9): an apology or a doubt over
# a condition about the telling, "not that ...", the message as the subject, the user pointing
# back with the subject dropped, or (at a fact's start) a short phrase with no verb.
@pytest.mark.parametrize("message, facts", [
    ("Forgive me if I'm repeating myself, but I keep goats", ["I keep goats"]),
    ("No idea if it helps but my uncle is a welder", ["My uncle is a welder"]),
    ("Not that it's important but I collect stamps", ["I collect stamps"]),
    ("This will sound odd but I sleep with socks on", ["I sleep with socks on"]),
    ("May have told you this before but I hate olives", ["I hate olives"]),
    ("I like jazz. Totally unrelated but my car is green", ["I like jazz", "My car is green"]),
    ("ngl soz if i said this already but i live on a boat", ["I live on a boat"]),
])
def test_a_hedge_on_the_telling_before_but_is_no_fact(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("fact", [
    "I'm not sure if I want kids but I love them",
    "This is my second job but I like it more",
    "It's a long drive but I visit my mum weekly",
    "Not tall but I play basketball",
    "I'm lactose intolerant but I can eat hard cheese",
])
def test_a_clause_or_a_contrast_before_but_is_part_of_the_fact(fact):
    assert split_facts(fact) == [fact]


@pytest.mark.parametrize("message, facts", [
    # a discourse marker before the user points back at their telling
    ("hold on, wait before i forget my aunt is a judge", ["My aunt is a judge"]),
    ("oh right like I said I do pottery", ["I do pottery"]),
    # the user saying they add something, between two clauses with no mark
    ("I fence and I guess I should also add I bake bread", ["I fence", "I bake bread"]),
    # a wish for the listener, framed by the user's "I"
    ("Hi. I trust you're doing well. I grow chillies", ["I grow chillies"]),
])
def test_markers_prefaces_and_wishes_around_the_facts(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("message, facts", [
    ("I hope it snows at Christmas. I grow chillies", ["I hope it snows at Christmas", "I grow chillies"]),
    ("I hope you like my cooking. I grow chillies", ["I hope you like my cooking", "I grow chillies"]),
])
def test_a_wish_about_something_else_or_naming_the_user_stays(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("message, facts", [
    # an offer of telling whose object is the user, whole ("a little about myself")
    ("Permit me to say a few words about myself. I sail", ["I sail"]),
    ("let me tell u a bit about me i sail and i fish", ["I sail", "I fish"]),
])
def test_an_offer_to_tell_about_oneself_is_no_fact(message, facts):
    assert split_facts(message) == facts
