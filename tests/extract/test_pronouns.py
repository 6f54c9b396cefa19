"""Pronouns after a named person or pet (iris/extract/pronouns.py): resolved to the one
subject they can refer to, kept attached when that is unsafe, left alone when they refer to
nobody the fact before names."""

import pytest

from iris.extract.offline import split_facts
from iris.extract.pronouns import refers_back, resolve
from iris.extract.segmenter import read_facts


@pytest.mark.parametrize("facts, resolved", [
    # subject pronouns beyond he/she, with the verb agreeing after a singular "they"
    (["My partner Robin is 30", "they love horses"], ["My partner Robin is 30", "Robin loves horses"]),
    (["My partner Robin is 30", "they are scared of dogs"],
     ["My partner Robin is 30", "Robin is scared of dogs"]),
    (["My partner Robin is 30", "they can swim"], ["My partner Robin is 30", "Robin can swim"]),
    (["My hamster Nibbles is 2", "it sleeps all day"], ["My hamster Nibbles is 2", "Nibbles sleeps all day"]),
    (["My hamster Nibbles is 2", "its a rescue"], ["My hamster Nibbles is 2", "Nibbles is a rescue"]),
    # possessives at the start
    (["My housemate is called Ash", "Their nickname is Boo"],
     ["My housemate is called Ash", "Ash's nickname is Boo"]),
    (["Gordon my tortoise is old", "Its vet is in Harrogate"],
     ["Gordon my tortoise is old", "Gordon's vet is in Harrogate"]),
    (["My son Leo is 5", "his school is nearby"], ["My son Leo is 5", "Leo's school is nearby"]),
    # object pronouns inside the fact
    (["Bruno is our dog", "I take him swimming"], ["Bruno is our dog", "I take Bruno swimming"]),
    (["My cat is called pickle", "i call her every sunday"],
     ["My cat is called pickle", "i call pickle every sunday"]),
    # antecedent shapes: an article and "named", a name after two nouns, a lower-case name
    (["I have a tortoise named Gordon who is old", "it hates baths"],
     ["I have a tortoise named Gordon who is old", "Gordon hates baths"]),
    (["Our twin sister is called lena", "she does yoga"],
     ["Our twin sister is called lena", "Lena does yoga"]),
    (["My spouse sasha got back from lisbon", "they speak Polish"],
     ["My spouse sasha got back from lisbon", "Sasha speaks Polish"]),
    # a second noun belongs to the relation, not the name
    (["my pet rat noodle turned 3", "it used to be shy"],
     ["my pet rat noodle turned 3", "Noodle used to be shy"]),
    (["Noodle my pet rat is 2", "it eats pasta"], ["Noodle my pet rat is 2", "Noodle eats pasta"]),
    (["My pet rat is 3", "it might need glasses"], ["My pet rat is 3", "My pet rat might need glasses"]),
    # a name after "is", and after where the person is from
    (["My nana is Irene", "she does judo"], ["My nana is Irene", "Irene does judo"]),
    (["My Mate From Work Kwabena Was Adopted", "He Won't Swim"],
     ["My Mate From Work Kwabena Was Adopted", "Kwabena Won't Swim"]),
    (["I have a mate from work called Kwabena", "he hates mushrooms"],
     ["I have a mate from work called Kwabena", "Kwabena hates mushrooms"]),
    (["peanut is my hamster who turned 5", "he snores"],
     ["peanut is my hamster who turned 5", "Peanut snores"]),
    # a name alone, first and before its verb
    (["Mia is 7", "she loves horses"], ["Mia is 7", "Mia loves horses"]),
    # the person carries over a run of pronoun facts
    (["My nana is Irene", "she is a plasterer", "she is diabetic"],
     ["My nana is Irene", "Irene is a plasterer", "Irene is diabetic"]),
    # an emoji before the pronoun
    (["My cockatoo Papaya is 1", "\U0001f60a He won't go near water"],
     ["My cockatoo Papaya is 1", "Papaya won't go near water"]),
    # a relation's "'s" names whose the next one is: the pronoun is the one named, or the
    # whole chain (fresh13, a development set since its scoring: "my wife's cousin Farida"
    # made "she" the wife)
    (["My wife's cousin Farida is back from Oslo", "she plays the oboe"],
     ["My wife's cousin Farida is back from Oslo", "Farida plays the oboe"]),
    (["My uncle's dog is old", "it sleeps all day"],
     ["My uncle's dog is old", "My uncle's dog sleeps all day"]),
    (["My brother\u2019s wife is a nurse", "she works nights"],
     ["My brother\u2019s wife is a nurse", "My brother\u2019s wife works nights"]),
    # round 14: a relation of two nouns the lexicon does not know, the name after both
    (["My support worker Takoda comes over every Thursday", "They can be a bit shy"],
     ["My support worker Takoda comes over every Thursday", "Takoda can be a bit shy"]),
    (["My pink axolotl Tortellini moved in", "It got stung by a wasp"],
     ["My pink axolotl Tortellini moved in", "Tortellini got stung by a wasp"]),
    # round 15: a name with who the person is in brackets, no owner, one noun or two
    (["Anton (neighbour) waters my plants", "he has a key to my flat"],
     ["Anton (neighbour) waters my plants", "Anton has a key to my flat"]),
    (["Ilse (night nurse) comes on Mondays", "they bring cake"],
     ["Ilse (night nurse) comes on Mondays", "Ilse brings cake"]),
    # a name of two words, the second no English word
    (["My old cat Lady Marmaduke is 19", "she sleeps all day"],
     ["My old cat Lady Marmaduke is 19", "Lady Marmaduke sleeps all day"]),
])
def test_pronoun_forms_are_resolved(facts, resolved):
    assert resolve(facts) == resolved


@pytest.mark.parametrize("facts, kept", [
    # "her" before a noun is object or possessive: unsafe, kept attached
    (["Pickle is our cat", "I give her tablets daily"],
     ["Pickle is our cat and i give her tablets daily"]),
    # a he/she that fits nobody stays attached, as before
    (["My son Leo is 4", "she loves horses"], ["My son Leo is 4 and she loves horses"]),
    (["Leo (son) is 4", "she loves horses"], ["Leo (son) is 4 and she loves horses"]),
    # a breed before the name, an English word after it: the name is one word
    (["My Jack Russell Scamp is 16", "she got bitten"], ["My Jack Russell Scamp is 16 and she got bitten"]),
    # "Hiya" before "my grandson Theo" is no name
    (["Hiya my grandson Theo is deaf in one ear", "he is scared of the hoover"],
     ["Hiya my grandson Theo is deaf in one ear", "Theo is scared of the hoover"]),
    # a name alone is not a pet's, and an English word first is no name
    (["Storm is 3", "she hates baths"], ["Storm is 3 and she hates baths"]),
    # "is" and a known English word is no name: "my wife is Italian"
    (["My wife is Italian", "he is nice"], ["My wife is Italian and he is nice"]),
    # chat before "my whippet pickle": no safe name, kept attached
    (["Ngl my whippet pickle is 12", "she knits"], ["Ngl my whippet pickle is 12 and she knits"]),
    # two name-like words: no safe name, kept attached
    (["My line maanger Yvonne is 10 weeks old", "She is allergic to shellfish"],
     ["My line maanger Yvonne is 10 weeks old and she is allergic to shellfish"]),
])
def test_unsafe_pronouns_stay_attached(facts, kept):
    assert resolve(facts) == kept


@pytest.mark.parametrize("facts", [
    # "they" / "it" / an object with nobody named before: a group, a thing, an idiom
    ["I just want to have fun with my friends", "they are constantly on my back"],
    ["My main transportation is my motorbike", "its red with blue stripe"],
    ["I enjoy american sports", "I work in it and love it"],
    ["My best friend lives next door", "I knit scarves and donate them to the shelter"],
    ["Nascar is my favourite sport", "it is on every Sunday"],
    # an "it" that names nothing
    ["My dog Rex is 3", "it is raining today"],
    ["My cat Luna is 2", "it's her birthday on Friday"],
    ["My dog Rex is 3", "it is hard to walk him"],
    ["My dog Rex is 3", "it was great talking to you"],
    # a "they" after a gendered relation is someone else
    ["My half-brother Kwame works at the library", "they are constantly on my back"],
])
def test_pronouns_with_no_referent_are_left_alone(facts):
    assert resolve(facts) == facts


def test_a_pronoun_clause_about_a_pet_is_no_chat():
    assert refers_back("it took up the trumpet", "Gordon is our tortoise")
    assert not refers_back("it took up the trumpet", "I like tea")
    assert split_facts("SO YOU KNOW, GORDON IS OUR TORTOISE AND IT TOOK UP THE TRUMPET IN SPRING") \
        == ["GORDON IS OUR TORTOISE", "GORDON TOOK UP THE TRUMPET IN SPRING"]


@pytest.mark.parametrize("message, facts", [
    ("remember that my cat Pickle is 6 and her bed is in the kitchen",
     ["My cat Pickle is 6", "Pickle's bed is in the kitchen"]),
    ("note: Bruno is our dog and I take him to the vet on Mondays",
     ["Bruno is our dog", "I take Bruno to the vet on Mondays"]),
])
def test_pronouns_through_the_extractor(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("message, facts", [
    # discourse words before the pronoun say nothing of the fact: they go with the pronoun
    ("my lovebird Tango is 13 going on 30! ok and it shouldn't have anything salty.",
     ["My lovebird Tango is 13 going on 30", "Tango shouldn't have anything salty"]),
    ("my youngest daughter saoirse is staying with us! ok and she can't manage stairs anymore.",
     ["My youngest daughter saoirse is staying with us", "Saoirse can't manage stairs anymore"]),
    ("MY lovebird Tango is 13. Funnily enough it shouldn't have anything salty. I work at a bank",
     ["MY lovebird Tango is 13", "Tango shouldn't have anything salty", "I work at a bank"]),
    ("my teenager skylar retired last year, oh plus they shouldn't have anything salty.",
     ["My teenager skylar retired last year", "Skylar shouldn't have anything salty"]),
    # the relation said of the name in brackets
    ("Skyllar (that's my teenager) retired last year. They will be staying over at Easter",
     ["Skyllar (that's my teenager) retired last year", "Skyllar will be staying over at Easter"]),
    ("sardine (that's my foster kittten) is 41. he would love a visit in june",
     ["Sardine (that's my foster kittten) is 41", "Sardine would love a visit in june"]),
])
def test_pronouns_after_discourse_words_and_bracketed_relations(message, facts):
    assert split_facts(message) == facts


def test_discourse_words_stay_when_the_pronoun_names_nobody():
    assert resolve(["I like my job", "ok and it is raining"]) == ["I like my job", "ok and it is raining"]


@pytest.mark.parametrize("message, facts", [
    # a title and a name that is also a word (fresh24, development since its scoring: "Mr
    # can't hear very well" was stored)
    ("remember my kitten Mr Whiskers is 3. He can't hear very well.",
     ["My kitten Mr Whiskers is 3", "Mr Whiskers can't hear very well"]),
    ("remember my tortoise Dr Shell is 40. She sleeps all winter.",
     ["My tortoise Dr Shell is 40", "Dr Shell sleeps all winter"]),
])
def test_a_title_is_the_first_word_of_the_name(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("facts, resolved", [
    # a time before a noun is no relation with a name after it (fresh29, development since
    # its scoring: "she" was read as "Standup")
    (["My preschooler Tilda runs our Monday standup", "she never took a bottle"],
     ["My preschooler Tilda runs our Monday standup", "Tilda never took a bottle"]),
    # a noun that is a seasoning, not a season, still takes a name ("my sugar glider Acorn")
    (["my sugar glider Acorn lives downstairs", "it once bit the postman"],
     ["my sugar glider Acorn lives downstairs", "Acorn once bit the postman"]),
])
def test_a_time_before_a_noun_names_no_one(facts, resolved):
    assert resolve(facts) == resolved


@pytest.mark.parametrize("facts, resolved", [
    # Round 21 (fresh30 and fresh33, development since their scoring): a relation word that is
    # no English word, right after "my", with a name after it, and a relation after one
    # describing word
    (["my bredda Delroy had three owners before us", "he got stung by a wasp"],
     ["my bredda Delroy had three owners before us", "Delroy got stung by a wasp"]),
    (["my wifey paloma is getting married in october", "she could never sit still"],
     ["my wifey paloma is getting married in october", "Paloma could never sit still"]),
    (["my old barn cat Cornbread turned 11 back in March", "she hated the drive"],
     ["my old barn cat Cornbread turned 11 back in March", "Cornbread hated the drive"]),
    # where the person is, after the relation, is no name (fresh36, development since its
    # scoring: "Up can't be left alone overnight")
    (["my nana up in Jesmond Hortense moved back to Gateshead", "she can't be left alone"],
     ["my nana up in Jesmond Hortense moved back to Gateshead", "My nana can't be left alone"]),
    # talk left before the pronoun's clause goes with the joiner that was cut there
    (["my lil sis Imani only joined the family last month and long story short",
      "she could never sit still"],
     ["my lil sis Imani only joined the family last month", "Imani could never sit still"]),
    # ... but a thing coordinated there stays
    (["my son Leo lives with mum and dad", "he is 9"], ["my son Leo lives with mum and dad", "Leo is 9"]),
    (["my grandma Rosa is an engineer", "she loves dinosaurs"],
     ["my grandma Rosa is an engineer", "Rosa loves dinosaurs"]),
])
def test_unlisted_relations_and_talk_before_the_pronoun(facts, resolved):
    assert resolve(facts) == resolved


@pytest.mark.parametrize("facts", [
    # two words that are no English word after "my": which is the name is unclear
    ["my shih tzu dumbledore has lived with us since 2019", "he should only eat soft food now"],
    # a breed, then the name: kept whole rather than a name read as "Labrador Sambal"
    ["My anncient Labrador Sambal moved here last year", "he could do with a new hip"],
])
def test_unclear_unlisted_relations_stay_attached(facts):
    resolved = resolve(facts)
    assert not any(fact.startswith(("Tzu", "Labrador")) for fact in resolved), resolved
