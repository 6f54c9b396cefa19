"""The offline extractor's rules, one behaviour per case."""

import pytest

from iris.extract.offline import is_clause, split_facts, split_facts_bounded, strip_command
from iris.extract.segmenter import read_facts
from iris.extract.tagging import tag
from iris.types import MEMORY_TYPES


@pytest.mark.parametrize("message, facts", [
    ("Remember that I'm allergic to shellfish, I prefer window seats, my anniversary is "
     "March 14th, and I hate sweet burger.",
     ["I'm allergic to shellfish", "I prefer window seats", "My anniversary is March 14th",
      "I hate sweet burger"]),
    # kept whole: the parts after "and" / the comma are not clauses
    ("Remember that I like cats and dogs", ["I like cats and dogs"]),
    ("remember my anniversary is March 14th, 2010.", ["My anniversary is March 14th, 2010"]),
    ("Note that I play tennis, golf and squash", ["I play tennis, golf and squash"]),
    ("Remember that my mom and dad are teachers and I have two sisters",
     ["My mom and dad are teachers", "I have two sisters"]),
    ("remember that my daughter, Emma, is seven and I live in Portland, Oregon",
     ["My daughter, Emma, is seven", "I live in Portland, Oregon"]),
    ("Remember that I have blue eyes and red hair that comes to my waist",
     ["I have blue eyes and red hair that comes to my waist"]),
    ("Remember I work in it and have been at the same company for 15 years",
     ["I work in it and have been at the same company for 15 years"]),
    # split: each side is a clause of its own
    ("Remember that I like tacos and I have a dog", ["I like tacos", "I have a dog"]),
    ("remember that coffee is my drink, knitting is my passion and my sister is a nurse",
     ["Coffee is my drink", "Knitting is my passion", "My sister is a nurse"]),
    ("Remember that I love dogs. Also, I live in Ohio. Plus I like tacos",
     ["I love dogs", "I live in Ohio", "I like tacos"]),
    ("Remember that I love dogs, also I live in Ohio, plus I like tacos",
     ["I love dogs", "I live in Ohio", "I like tacos"]),
    ("Remember that I love dogs and I also like cats", ["I love dogs", "I also like cats"]),
    ("remember: I love dogs; I live in Ohio; I like tacos",
     ["I love dogs", "I live in Ohio", "I like tacos"]),
    # list structure
    ("Please save these:\n- I love dogs\n- I live in Ohio\n- I like tacos and burritos",
     ["I love dogs", "I live in Ohio", "I like tacos and burritos"]),
    ("Things to remember about me:\n1. I love dogs\n2) I live in Ohio\n3 - I am a vegan",
     ["I love dogs", "I live in Ohio", "I am a vegan"]),
    ("Remember these: 1. I love dogs 2. I live in Ohio 3. I like tacos",
     ["I love dogs", "I live in Ohio", "I like tacos"]),
    ("remember these • I love dogs • I live in Ohio", ["I love dogs", "I live in Ohio"]),
    ("Remember:\nI love dogs\nI moved to St. Louis in 2010", ["I love dogs", "I moved to St. Louis in 2010"]),
    # the command: typos, politeness, lower case, trailing thanks
    ("remeber that i like tea", ["I like tea"]),
    ("Hey, can you please rember that I like tea, thanks!", ["I like tea"]),
    ("Don't forget I like tea", ["I like tea"]),
    ("Keep in mind that I like tea.", ["I like tea"]),
    ("Save this to memory: I like tea", ["I like tea"]),
    ("Remember these facts about me: I like tea. I own a cat.", ["I like tea", "I own a cat"]),
    ("I like tea, please remember that.", ["I like tea"]),
    ("", []),
    ("Remember that", []),
])
def test_split_facts(message, facts):
    assert split_facts(message) == facts


def test_text_without_a_command_is_left_alone():
    assert strip_command("Save money by cooking at home") == "Save money by cooking at home"
    assert strip_command("My favourite drink is tea") == "My favourite drink is tea"
    assert strip_command("Please save these: I like tea") == "I like tea"


@pytest.mark.parametrize("text, clause", [
    ("I prefer window seats", True), ("coffee is my drink", True),
    ("when i grow up i want to fly", True), ("my grandfather served in the navy", True),
    ("dogs", False), ("2010", False), ("blue eyes", False), ("my mom", False),
    ("is seven", False), ("playing video games", False), ("red hair that comes to my waist", False),
    ("i are moving next week", False),
])
def test_is_clause(text, clause):
    assert is_clause(text) is clause


@pytest.mark.parametrize("content, type_, category", [
    ("I'm allergic to shellfish", "fact", "health"),
    ("I prefer window seats", "preference", "travel"),
    ("My anniversary is March 14th", "event", "family"),
    ("I hate sweet burger", "preference", "food"),
    ("My sister is a pole dancer", "relationship", "family"),
    ("I want to run a marathon next year", "goal", "hobbies"),
    ("I decided to stop eating meat", "decision", "food"),
    ("I go running every morning", "pattern", "hobbies"),
    ("I have a german shepherd named barnaby", "fact", "pets"),
    ("I live in alabama", "fact", "location"),
    ("I work as a nurse", "fact", "work"),
    ("I am saving money for a house", "goal", "finance"),
    ("I am a boy", "fact", "personal"),
])
def test_tag(content, type_, category):
    item = tag(content)
    assert (item.content, item.type, item.category) == (content, type_, category)
    assert item.type in MEMORY_TYPES


def test_header_before_an_inline_numbered_list_is_not_a_fact():
    message = "things to remember about me: 1) i work as a teacher 2) i attend church every week"
    assert split_facts(message) == ["I work as a teacher", "I attend church every week"]


def test_a_polite_question_form_loses_its_question_mark_but_real_questions_keep_theirs():
    assert split_facts("Can you save that I moved to Berlin in 2019 and I work at Siemens?") == [
        "I moved to Berlin in 2019", "I work at Siemens"]
    assert strip_command("Why is the sky blue?") == "Why is the sky blue?"


@pytest.mark.parametrize("message, facts", [
    # lead-ins it was not written for, found from the lead-in word lists
    ("can u save these for me - I keep bees, my van is blue",
     ["I keep bees", "My van is blue"]),
    ("Add these to my profile: I keep bees; my van is blue", ["I keep bees", "My van is blue"]),
    ("I want you to know that I keep bees", ["I keep bees"]),
    ("fyi: i keep bees", ["I keep bees"]),
    ("for the record, I keep bees and my van is blue", ["I keep bees", "My van is blue"]),
    ("jot down that im a nurse", ["Im a nurse"]),
    ("save this 4 later i keep bees", ["I keep bees"]),
    ("Kindly make a noet that I keep bees", ["I keep bees"]),
    # "and that", ", that", "&" join facts
    ("Note that I keep bees and that my van is blue.", ["I keep bees", "My van is blue"]),
    ("remember that I keep bees, that my van is blue", ["I keep bees", "My van is blue"]),
    ("remember i keep bees & my van is blue", ["I keep bees", "My van is blue"]),
    ("remember: 1- I keep bees 2- my van is blue", ["I keep bees", "My van is blue"]),
    # sign-offs
    ("remember that I keep bees - save that pls", ["I keep bees"]),
    ("I keep bees - remember that ok?", ["I keep bees"]),
    ("remember I keep bees., thank u", ["I keep bees"]),
    ("remember I keep bees, svae that", ["I keep bees"]),
    ("I keep bees. My van is blue. TIA", ["I keep bees", "My van is blue"]),
    ("I keep bees. My van is blue. Best wishes.", ["I keep bees", "My van is blue"]),
    ("I keep bees and my van is blue Have a good one!", ["I keep bees", "My van is blue"]),
    # one fact with a conjunction inside stays whole
    ("remember that I do not drive because I live in the city",
     ["I do not drive because I live in the city"]),
    # a lead-in ends at its first boundary
    ("For the record, I like you, too", ["I like you, too"]),
    # a comma opener that names where the fact took place is the fact's
    ("In high school, I played football", ["In high school, I played football"]),
    ("At the office, I drink green tea", ["At the office, I drink green tea"]),
    ("In unrelated news, I drink green tea", ["I drink green tea"]),
    ("On top of that, I drink green tea", ["I drink green tea"]),
])
def test_general_lead_ins_joins_and_sign_offs(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("message, facts", [
    ("remember my daughter Mia is 7 and she loves horses",
     ["My daughter Mia is 7", "Mia loves horses"]),
    ("remember that my best friend's name is jo and she loves the beach",
     ["My best friend's name is jo", "Jo loves the beach"]),
    ("remember my dog is 3 and he loves the beach", ["My dog is 3", "My dog loves the beach"]),
    ("remember Mia is my daughter and she's a nurse", ["Mia is my daughter", "Mia is a nurse"]),
    # nobody fitting to refer to: the clause stays attached
    ("remember that I met a girl and she likes tea", ["I met a girl and she likes tea"]),
    ("remember my son Leo is 4 and she loves horses", ["My son Leo is 4 and she loves horses"]),
    ("remember my wife Ana and my daughter Mia are here and she is 7",
     ["My wife Ana and my daughter Mia are here and she is 7"]),
])
def test_pronoun_subjects(message, facts):
    assert split_facts(message) == facts


def test_bounded_split_stops_after_the_limit_and_says_so():
    message = "remember: " + " ".join(f"{i}. I like tea number {i}" for i in range(1, 9))
    facts, unread = split_facts_bounded(message, limit=3)
    assert facts == [f"I like tea number {i}" for i in range(1, 5)] and unread
    facts, unread = split_facts_bounded("remember that I like tea, I have a dog, I am 5", 2)
    assert len(facts) == 3 and not unread
    facts, unread = split_facts_bounded("remember that I like tea, I have a dog, I am 5", 1)
    assert facts == ["I like tea", "I have a dog"] and unread


@pytest.mark.parametrize("text", [
    "I need to know my tax rate",  # "know" is a lead-in only when said to the assistant
    "I know that the statement is true",
    "do you know my health benefits",
    "I forgot my pin number",  # a real verb is not a typo of "forget"
    "add my next doctor visit to my calendar",
    "I live in the city",  # "ty" inside a word is no "thank you"
])
def test_ordinary_text_has_no_lead_in_or_sign_off(text):
    assert strip_command(text) == text


@pytest.mark.parametrize("message, facts", [
    ("remember 4 me: i have three sisters - i have one brother - i like tacos",
     ["I have three sisters", "I have one brother", "I like tacos"]),
    ("fyi * I like tea * I have a dog", ["I like tea", "I have a dog"]),
    ("note that my family is from india - I am a swim coach",
     ["My family is from india", "I am a swim coach"]),
    ("remember I work 9 - 5", ["I work 9 - 5"]),
])
def test_dashed_and_starred_lists_on_one_line(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("message, facts", [
    # lead-ins with words outside the lexicon: a signal and a strong boundary
    ("Please commit the following to memory: I swim", ["I swim"]),
    ("can you log this for me? i garden on weekends", ["I garden on weekends"]),
    ("I would appreciate it if you remembered that I swim", ["I swim"]),
    ("May I ask you to remember that my dog is old", ["My dog is old"]),
    ("Allow me to share a few details about myself: I swim. I sing.", ["I swim", "I sing"]),
    # ... but a fact with a signal word in it is not a lead-in
    ("remember: I am a convenience store manager: I love it",
     ["I am a convenience store manager: I love it"]),
    ("remember that I am a store manager - I swim", ["I am a store manager", "I swim"]),
    # joiners judged by the clauses on both sides
    ("remember I swim + I sing | I cook / I bake", ["I swim", "I sing", "I cook", "I bake"]),
    ("remember that I swim as well as that I sing", ["I swim", "I sing"]),
    ("remember that I like cats as well as dogs", ["I like cats as well as dogs"]),
    ("remember I swim, not to mention I sing", ["I swim", "I sing"]),
    # one fact with a conjunction after a bare comma stays whole
    ("remember that i hate mornings, so i work the late shift",
     ["I hate mornings, so i work the late shift"]),
    ("remember I'm allergic to cats, which is why we have a dog",
     ["I'm allergic to cats, which is why we have a dog"]),
    # discourse markers, labels and sign-offs are not facts
    ("remember I swim. In addition, I sing. One more thing: I cook",
     ["I swim", "I sing", "I cook"]),
    ("k so i swim. remembre it much appreciated", ["I swim"]),
    ("Please write down that I swim. much appreciated", ["I swim"]),
    ("I swim (please remember)", ["I swim"]),
    ("I swim - got that? 👍", ["I swim"]),
    ("OK here goes: I swim :)", ["I swim"]),
])
def test_phrasings_outside_the_word_lists(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("message, facts", [
    # a base-form verb after a plural subject makes a clause
    ("remember I have short hair, and two dogs live with me", ["I have short hair", "Two dogs live with me"]),
    ("remember I swim, and my parents love jazz", ["I swim", "My parents love jazz"]),
    ("remember that I keep bees and chickens in my backyard", ["I keep bees and chickens in my backyard"]),
    # a possessive subject may run long before its verb
    ("remember I swim, plus my favorite type of music to sing is folk",
     ["I swim", "My favorite type of music to sing is folk"]),
    # a command line over a list is judged before anything is stripped from it
    ("save this 4 later\n• I swim\n• I sing", ["I swim", "I sing"]),
    ("heads up my parents are bankers", ["My parents are bankers"]),
])
def test_clauses_and_headers(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("fact", [
    "I love saying cheers", "I hate saying goodbye", "I sign off every email with cheers",
    "My grandad always says cheers", "I say cheers a lot",
])
def test_a_thanks_or_goodbye_that_is_an_object_stays(fact):
    # the word before it wants an object (an -ing form, a finite verb, a preposition)
    assert split_facts(f"remember that {fact}") == [fact]


@pytest.mark.parametrize("fact", ["I like to cook", "I love comic books", "Im married"])
def test_a_thanks_after_a_finished_clause_still_goes(fact):
    assert split_facts(f"remember that {fact} thanks") == [fact]


@pytest.mark.parametrize("message, facts", [
    # run-on: a subject after a finished clause starts the next fact
    ("i have two cats i live in leeds and i work nights",
     ["I have two cats", "I live in leeds", "I work nights"]),
    ("note i am a plumber i have three children my favorite ice cream flavor is chocolate",
     ["I am a plumber", "I have three children", "My favorite ice cream flavor is chocolate"]),
    # a pronoun clause stays with its person
    ("my parrot Kiwi works for the council she hates thunder i live in leeds",
     ["My parrot Kiwi works for the council she hates thunder", "I live in leeds"]),
    ("I enjoy being around people // in my spare time i do volunteer work",
     ["I enjoy being around people", "In my spare time i do volunteer work"]),
    ("its red with blue stripes so it shines when i race i have light skin",
     ["Its red with blue stripes so it shines when i race", "I have light skin"]),
    # ... but not after a verb, a conjunction, a typo of one, nor before a gapped relative
    ("I think my son is allergic to nuts", ["I think my son is allergic to nuts"]),
    ("my sister says I snore", ["My sister says I snore"]),
    ("I used to be a painter but now I am a housekeeper",
     ["I used to be a painter but now I am a housekeeper"]),
    ("i am a vegan and in addition my bedroom is purple",
     ["I am a vegan", "My bedroom is purple"]),
    ("my dad taught me everything i know", ["My dad taught me everything i know"]),
    ("i sleep during the day becuase i work nights", ["I sleep during the day becuase i work nights"]),
    # a writer who uses commas marks their own boundaries
    ("I sold the house my parents built, and I moved", ["I sold the house my parents built",
                                                        "I moved"]),
    # labels and headings before the facts
    ("me in a nutshell - my nan always called me cariad", ["My nan always called me cariad"]),
    ("my deets | my wife and I run a bakery", ["My wife and I run a bakery"]),
    ("My son: he is 5", ["My son: he is 5"]),
    ("Info| diet = vegan", ["Diet = vegan"]),
    ("Info| I go to the gym", ["I go to the gym"]),
    ("abt me\nI grew up on a farm\nI am a recovering alcoholic",
     ["I grew up on a farm", "I am a recovering alcoholic"]),
    # key: value facts keep their key
    ("Personal details => allergies: penicillin", ["Allergies: penicillin"]),
    ("remember fav band - Blur", ["Fav band - Blur"]),
    ("remember this: I am vegan", ["I am vegan"]),
])
def test_message_structure(message, facts):
    assert split_facts(message) == facts


# A heading before a colon with no verb, no number and no time word is no fact, up to
# MAX_COLON_HEADING_WORDS words (round 9), inline or on a line over the items.
@pytest.mark.parametrize("message, facts", [
    ("Quick rundown of my whole deal: I am a welder", ["I am a welder"]),
    ("a short summary of who i am: i knit and i own a kayak", ["I knit", "I own a kayak"]),
    ("The basics about my family:\n- my dad is a pilot\n- my mum paints",
     ["My dad is a pilot", "My mum paints"]),
])
def test_a_heading_before_a_colon_is_no_fact(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("message, facts", [
    ("My plans for the summer: I will visit Spain", ["My plans for the summer: I will visit Spain"]),
    ("I moved house:\n1) I live in Leeds\n2) I have a dog",
     ["I moved house", "I live in Leeds", "I have a dog"]),
])
def test_a_heading_with_a_time_word_or_a_clause_stays(message, facts):
    assert split_facts(message) == facts


# A request about the message itself, a sentence of its own or after the last clause, is no
# fact (round 9): a frame of politeness or the assistant asked, a verb, and the message as
# its object ("this", "all that", "the above"), then a few words that name no one.
@pytest.mark.parametrize("message, facts", [
    ("I breed rabbits. I'd be really grateful if you could hang on to this.", ["I breed rabbits"]),
    ("I breed rabbits Kindly file all of this away for me", ["I breed rabbits"]),
    ("I breed rabbits. Would you please write that down somewhere?", ["I breed rabbits"]),
    ("Good evening. Would you kindly hang on to the following: Item one: I breed rabbits. "
     "Item two: I hate wasps",
     ["I breed rabbits", "I hate wasps"]),
])
def test_a_request_about_the_message_is_no_fact(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("message, facts", [
    ("I keep it in my garage", ["I keep it in my garage"]),
    ("Could you note that my son is 5", ["My son is 5"]),
    ("I'd be grateful if you could visit my mum. I am a nurse",
     ["I'd be grateful if you could visit my mum", "I am a nurse"]),
])
def test_a_request_with_content_stays(message, facts):
    assert split_facts(message) == facts


# A sentence of one word among clauses is said around the facts (round 9); in a list, or as
# the whole message, it stays.
@pytest.mark.parametrize("message, facts", [
    ("Salutations. I repair clocks", ["I repair clocks"]),
    ("I repair clocks. Nonetheless, I hate ticking", ["I repair clocks", "I hate ticking"]),
    ("I repair clocks. N.B. my wife sings. Byeee", ["I repair clocks", "My wife sings"]),
    ("Howdy. Going forward, please keep in mind that\n1) I repair clocks\n2) my wife sings",
     ["I repair clocks", "My wife sings"]),  # a greeting in front of a list, by WordNet
])
def test_a_sentence_of_one_word_among_clauses_is_no_fact(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("message, facts", [
    ("I am a nurse\n- clocks\n- ferrets", ["I am a nurse", "Clocks", "Ferrets"]),
    ("Vegetarian", ["Vegetarian"]),
])
def test_a_word_in_a_list_or_alone_stays(message, facts):
    assert split_facts(message) == facts


# A sign-off with the command verb written without its vowels and "that" in chat spelling
# (round 9): "rmbr dat ok", "pls rmbr tht" are sign-offs; in a lead-in the short form is left
# to the lead-in rules.
@pytest.mark.parametrize("message, facts", [
    ("I collect vinyl. rmbr dat ok", ["I collect vinyl"]),
    ("I collect vinyl. pls rmbr tht", ["I collect vinyl"]),
])
def test_a_vowelless_command_in_a_sign_off(message, facts):
    assert split_facts(message) == facts


@pytest.mark.parametrize("text, rest", [
    # the user's own remembering, said as a fact, is no command
    ("I still remember my first day at school", "I still remember my first day at school"),
    ("I can't remember my PIN", "I can't remember my PIN"),
    ("we always forget the bins on Tuesdays", "we always forget the bins on Tuesdays"),
    ("i forget my pin whenever i change phones", "i forget my pin whenever i change phones"),
    # a command said in the first person stays one
    ("I want you to remember that I like tea", "I like tea"),
    ("I want to note that I like tea", "I like tea"),
])
def test_the_users_own_remembering_is_no_command(text, rest):
    assert strip_command(text) == rest


@pytest.mark.parametrize("message, facts", [
    # Round 21 (fresh33, development since its scoring): how the assistant should answer is
    # no fact, and neither is what the user says of the message itself
    ("remember this for future chats my favorite band is the who. reply 'saved' when done.",
     ["My favorite band is the who"]),
    ('remember that I am expecting triplets in three months Do not reply with anything other '
     'than "Noted."', ["I am expecting triplets in three months"]),
    ("Please remember, and I cannot stress this enough, that I walk dogs for a living",
     ["I walk dogs for a living"]),
    ("remember these: I have a pet cow, I am an electrician (Please keep this on file — I may "
     "refer back to it.)", ["I have a pet cow", "I am an electrician"]),
    # how the message is written (fresh38, development since its scoring)
    ("Iris, as I am driving, I will keep this brief. Please note that I volunteer at a bunny "
     "rescue and my favorite color is navy blue",
     ["I volunteer at a bunny rescue", "My favorite color is navy blue"]),
    # ... but a reply said of someone is a fact
    ("remember that I never reply to emails when I am away and my boss wants me to respond by "
     "noon", ["I never reply to emails when I am away", "My boss wants me to respond by noon"]),
    ("remember that my kids respond with tantrums and my husband replies with a shrug",
     ["My kids respond with tantrums", "My husband replies with a shrug"]),
])
def test_reply_requests_and_talk_of_the_message_are_no_facts(message, facts):
    assert read_facts(message)[0] == facts


def test_a_mail_clients_quote_under_a_reply_is_no_fact():
    # Round 21 (fresh35, development since its scoring)
    message = ("remember I compete in dog agility classes.\n\nOn Tue, 3 Mar 2026 at 08:41, Iris "
               "wrote:\n> What would you like me to remember?")
    assert read_facts(message)[0] == ["I compete in dog agility classes"]
    assert read_facts(message, learned=False)[0] == ["I compete in dog agility classes"]


@pytest.mark.parametrize("message", [
    # Round 21 (fresh35, development since its scoring): a chat export's time stamps mark its
    # messages (the first fact was lost: "[00:01] I like to watch nhl hockey [00:02] ...")
    "remember these [00:01] I like to watch nhl hockey [00:02] I enjoy coloring books",
    "remember: [21/03/2026, 08:41] I like to watch nhl hockey [21/03/2026, 08:42] I enjoy coloring books",
])
def test_chat_export_time_stamps_mark_messages(message):
    expected = ["I like to watch nhl hockey", "I enjoy coloring books"]
    assert read_facts(message)[0] == expected
    assert read_facts(message, learned=False)[0] == expected


@pytest.mark.parametrize("fact, alone", [
    # Round 21 (fresh35, development since its scoring): a thing of the user's named alone
    ("My old", True), ("Our fridge", True), ("My handover", True),
    # ... not with a verb, a person or pet, a name, or a word that is no English word
    ("My dog Rex", False), ("my dog rex", False), ("My late husbband", False),
    ("My sister", False), ("I love my job", False),
])
def test_a_thing_of_the_users_named_alone_is_no_fact(fact, alone):
    from iris.extract.offline import dangling

    assert dangling(fact) is alone
