"""Segment-level judgement (iris/extract/segments.py) and the chat-closer model
(iris/extract/closers.py), one behaviour per case, and what they do inside split_facts."""

import pytest

from iris.direct import DirectHandler
from iris.extract import closers, segments
from iris.extract.offline import is_clause, split_facts


@pytest.mark.parametrize("text, expected", [
    # a linking adverbial with a comma, of any wording: taken off
    ("Moreover, I hate the color orange", "I hate the color orange"),
    ("What's more, I am a clean eater", "I am a clean eater"),
    ("Aside from that, knitting is my passion", "knitting is my passion"),
    ("ok listen, i had to have a transplant", "i had to have a transplant"),
    ("After that, i live in a house", "i live in a house"),
    # without a comma: only an -ly adverb or a phrase ending in "that"/"all"
    ("additionally i enjoy fishing", "i enjoy fishing"),
    ("On Top Of That I Dance On The Weekends", "I Dance On The Weekends"),
    ("first of all i love food", "i love food"),
    # content the fact would lose: kept
    ("On weekends, I play golf", "On weekends, I play golf"),
    ("on weekends i do live action roleplaying events",
     "on weekends i do live action roleplaying events"),
    ("Usually I walk to work", "Usually I walk to work"),
    ("When I was five, I lived in Oslo", "When I was five, I lived in Oslo"),
    ("In 2010, I moved to Paris", "In 2010, I moved to Paris"),
    ("In my free time, I knit", "In my free time, I knit"),
    ("Mia, my daughter, is 7", "Mia, my daughter, is 7"),
    ("In Paris, I lived near the river", "In Paris, I lived near the river"),
    # nothing that is a clause after it: kept
    ("Moreover, blue", "Moreover, blue"),
    ("As well, i was poor growing up", "i was poor growing up"),
    # a phrase that points back links, even as a clause or with the user in it
    ("What is more, I keep bees", "I keep bees"),
    ("Talking of which, my favourite type of music to sing is folk",
     "my favourite type of music to sing is folk"),
    ("Come to think of it, I keep bees", "I keep bees"),
    ("As I think of it, I keep bees", "I keep bees"),
    ("Unrelated, but I keep bees", "I keep bees"),
    # ... but not a statement of its own, nor one with the user outside such an opener
    ("You're spot on about it, it really is powerful", "You're spot on about it, it really is powerful"),
    ("We're sad about it, we miss him", "We're sad about it, we miss him"),
    ("Since I got it, I have been happy", "Since I got it, I have been happy"),
])
def test_strip_discourse(text, expected):
    assert segments.strip_discourse(text, is_clause) == expected


@pytest.mark.parametrize("text, expected", [
    ("u gotta remember I turned 18 yrs old yesterday", "I turned 18 yrs old yesterday"),
    ("keep in ur memory i was born in kenya", "i was born in kenya"),
    ("yo iris save i luv to cook paella", "i luv to cook paella"),
    ("Please be advised that I don't drink coffee after noon",
     "I don't drink coffee after noon"),
    ("update on me i live in a house", "i live in a house"),
    ("Sabe Dese My Best Frind Lives Next Door", "My Best Frind Lives Next Door"),
    ("I should mention that I study at night", "I study at night"),
    ("I am writing to tell you that I live in colorado", "I live in colorado"),
    ("I should mention that my husband and his brother run a bakery",
     "my husband and his brother run a bakery"),
    # a fact whose words before "i"/"my" are its own: kept
    ("the county wide bake sale is where i feel most at home",
     "the county wide bake sale is where i feel most at home"),
    ("Horror movies are my favorites", "Horror movies are my favorites"),
    ("I think that I am shy", "I think that I am shy"),
    ("When you leave I feel sad", "When you leave I feel sad"),
    ("I want the blue one that I saw", "I want the blue one that I saw"),
    # a name or a verb before the user's word belongs to the fact
    ("store dat Pepper (my puppy) works in sales", "store dat Pepper (my puppy) works in sales"),
    ("jus so u kno horror movies are my favorites & also I have a son",
     "jus so u kno horror movies are my favorites & also I have a son"),
    ("hey hey, as well, i was poor growing up", "hey hey, as well, i was poor growing up"),
])
def test_strip_address(text, expected):
    assert segments.strip_address(text, is_clause) == expected


@pytest.mark.parametrize("text, kept", [
    ("I am a bee farmer appreciate it", "I am a bee farmer"),
    ("I am four years old much appreciated", "I am four years old"),
    ("i live in a house many thanks", "i live in a house"),
    ("I am a museum tour guide. - thanks", "I am a museum tour guide. - "),
    # a tail that completes the sentence is never a closer
    ("my house is nice", "my house is nice"),
    ("I like it a lot", "I like it a lot"),
    ("I go swimming when the weather is nice", "I go swimming when the weather is nice"),
    ("my parents were both very athletic", "my parents were both very athletic"),
    ("I have a pet fish", "I have a pet fish"),
    ("I sing in a choir", "I sing in a choir"),
    ("I swim in the lake whenever it is warm enough", "I swim in the lake whenever it is warm enough"),
    # a verb with a real object is the fact's, whatever follows it
    ("I like to go hiking in the mornings to see the sunset",
     "I like to go hiking in the mornings to see the sunset"),
    ("i am 23 and i love food much appreciated", "i am 23 and i love food"),
    ("my partner sofia plays the drums thank you kindly", "my partner sofia plays the drums"),
    ("i am a clean eater. - keep that in mind cheers mate",
     "i am a clean eater. - keep that in mind"),
    # a letter's sign-off with no mark before it
    ("I have a hat Best wishes", "I have a hat"),
    ("I like to eat chocolate candy best wishes", "I like to eat chocolate candy"),
    # a capital after lower case starts a sentence: "Have" there is no auxiliary of the fact
    ("I am four years old Have a good one", "I am four years old"),
    ("I hope they have a good one", "I hope they have a good one"),
    # a chat interjection opens a tail about the typing, not the fact (round 19)
    ("i dance on the weekends omg toddler just hit send", "i dance on the weekends"),
    ("gymnastics is my favorite sport ugh autocorrect sorry", "gymnastics is my favorite sport"),
    ("I had to have a transplant gtg baby's awake", "I had to have a transplant"),
    ("I love cats lol my cat is called Bob", "I love cats lol my cat is called Bob"),
])
def test_closing_start(text, kept):
    assert text[:closers.closing_start(text)].rstrip() == kept.rstrip()


def test_is_closer_needs_no_word_about_the_user():
    assert closers.is_closer("Appreciate it")
    assert closers.is_closer("cheers mate")
    assert not closers.is_closer("I appreciate it")
    assert not closers.is_closer("my dog")


def test_letter_sign_offs_are_closers():
    assert closers.is_closer("Best wishes")
    assert closers.is_closer("TIA")
    assert closers.is_closer("kind regards")
    assert not closers.is_closer("my best wishes")


def test_shipped_closer_weights_match_the_training_data():
    # `python -m iris.extract.closers train` after any change to intents/closers/
    import json
    shipped = json.loads(closers.WEIGHTS.read_text(encoding="utf-8"))
    assert shipped["data_sha256"] == closers.data_fingerprint()


@pytest.mark.parametrize("message, facts", [
    ("remember i live in the cloud n i enjoy fishing with my dad",
     ["I live in the cloud", "I enjoy fishing with my dad"]),
    ("Please file this away: I enjoy long walks. Moreover, I hate the color orange. appreciate it",
     ["I enjoy long walks", "I hate the color orange"]),
    ("note these down i am employed by the post office and on top of that my father drove "
     "a car for nascar thanks a lot",
     ["I am employed by the post office", "My father drove a car for nascar"]),
    ("You may wish to record that my mother-in-law Ruth turned 50 last week. Also, she is "
     "learning Korean.", ["My mother-in-law Ruth turned 50 last week", "Ruth is learning Korean"]),
    ("Stash this in your memory: my fiancee Elena works nights and she also collects comics.",
     ["My fiancee Elena works nights", "Elena collects comics"]),
    # a head about the user before a symbol list is a fact, even without a verb
    ("Log these pls: my favorite toy as a child my lite brite // I also like hip hop // "
     "I was born in the 80s",
     ["My favorite toy as a child my lite brite", "I also like hip hop", "I was born in the 80s"]),
    # a heading, an interjection and a check-back question are not facts
    ("Here is some background about me. I enjoy mowing my lawn. cheers mate",
     ["I enjoy mowing my lawn"]),
    ("Hiya! I am a vegan. k?", ["I am a vegan"]),
    ("rememba I live in alaska, besides, I like meditation", ["I live in alaska", "I like meditation"]),
    ("ok listen,\n1] i volunteer at the shelter\n2] i like soup",
     ["I volunteer at the shelter", "I like soup"]),
    ("save pls 1/ i have a pet cow 2/ i drive a big truck", ["I have a pet cow", "I drive a big truck"]),
    # a word of a list before a comma is never read as a linking adverbial
    ("Remember that I am fluent in english spanish and french, also my boyfriend and i are "
     "moving next week",
     ["I am fluent in english spanish and french", "My boyfriend and i are moving next week"]),
    # a sentence about the user that only names "me" is kept
    # the one person named before is who "her" is (iris/extract/pronouns.py)
    ("remember: Mia calls me every day. I love her", ["Mia calls me every day", "I love Mia"]),
    ("remember I do not drive because I live in the city", ["I do not drive because I live in the city"]),
])
def test_split_facts_with_segment_judgement(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("message", [
    "dont forget I am in my thirties n on top of that I go swimming when the weather is nice",
    "remember I live in the cloud n additionally I enjoy fishing",
])
def test_fast_path_steps_aside_for_facts_joined_by_n(message):
    decision = DirectHandler().decide(message)
    assert decision.action is None
    assert decision.reason == "list_structure:facts"


@pytest.mark.parametrize("message, facts", [
    ("Dear assistant I like to work on vintage cars. ok thanks", ["I like to work on vintage cars"]),
    ("yo bot my dog is called Rex", ["My dog is called Rex"]),
    ("The bot I built won a prize", ["The bot I built won a prize"]),  # a thing, not the addressee
])
def test_the_assistant_named_before_the_fact_is_no_part_of_it(message, facts):
    assert split_facts(message) == facts
