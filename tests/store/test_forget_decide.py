"""The forget decision (iris/store/forget.py) on its own: description + candidates -> decision."""

import pytest

from iris.store import forget, forget_all
from iris.store.forget import Candidate, decide
from iris.types import Asked


def _decide(description, *contents):
    return decide(description, [Candidate(id=i + 1, content=c) for i, c in enumerate(contents)])


@pytest.mark.parametrize("description, memory", [
    ("my cat", "I like coffee"),
    ("I like tea", "I like coffee"),
    ("my husband's name", "My wife's name is Ana"),
    ("that I live in Paris", "I live at 12 Baker Street"),
    ("the city I live in", "I live at 12 Baker Street"),
    ("that I live at 14 Baker Street", "I live at 12 Baker Street"),
    ("my dog", "I have a cat named Tom"),
    ("that I love coffee", "I hate coffee"),
    ("that I like tea", "My wife likes tea"),
    ("my name", "My wife's name is Ana"),
    ("that im a single dad", "I am a stay at home dad."),  # a count word is a word too
    ("that i'm a dog groomer", "I walk dogs for a living."),  # another agent's verb
    ("my cooker", "I cook Italian food"),  # an agent noun only as what someone is
    # round 14, fresh14: a verb of change beside other content is content ("moving" was
    # dropped as a marker, and the memory matched on "sister-in-law" and "Lisbon")
    ("that my sister-in-law is moving to lisbon",
     "My sister-in-law Clemency is getting married in Lisbon in June"),
    # round 14: who does it - another person (fresh13), or someone else who is one (fresh14)
    ("that my wife snores", "I snore so badly my wife sleeps in the spare room"),
    ("that i'm a skater myself", "My favourite skater is rob dryden."),
    # round 15: the user only as "me" - the memory must have the user in it too
    ("that my dog bit me", "My dog bit the neighbour"),
    ("that desmond owes me", "I owe Desmond 50 pounds"),
    ("my knee injury", "I have a bad back"),  # the kind of fact alone is no evidence
    # round 27, fresh39: "many" stemmed to "man", so the new man was the medications
    ("about my new man", "I take many medications"),
    ("about my army days", "I broke my arm skiing"),
    ("the lady next door", "The lad next door plays drums"),
    # round 27, fresh40/41 (after their scoring): the thing is another person's
    ("the date of my own diagnosis", "My wife Carys was diagnosed with relapsing MS in 2019"),
    ("about my wheelchair", "Trevor uses a wheelchair for anything further than the corner shop"),
    ("that lea has eczema", "Lea's little brother Max has eczema and can't use scented soap"),
    # round 28, fresh42/43 (after their scoring): the described words are said of someone
    # else in the memory; a name that is another name's stem
    ("that luis has a shellfish allergy", "I'm allergic to shellfish so Luis does the shrimp prep"),
    ("that marlen sells tortillas", "My sister Marleny lives in Quetzaltenango and sells tortillas"),
])
def test_a_different_word_number_feeling_or_person_blocks_the_match(description, memory):
    assert _decide(description, memory).status == "not_found"


@pytest.mark.parametrize("description, memory", [
    ("my wife's name", "My wife's name is Ana"),
    ("what I told you about my cat", "I have a cat named Tom"),
    ("Tom", "I have a cat named Tom"),
    ("my address", "I live at 12 Baker Street"),
    ("my shellfish allergy", "I am allergic to shellfish"),
    ("my job", "I work as a software engineer at Acme"),
    ("my coffee preference", "I like coffee"),
    ("that im a single dad", "I am a single dad of two"),
    # round 12, from fresh11's misses: an agent noun and its verb, a time of life, how well,
    # a slip of a frame word, "like best" for favourite
    ("that im a dog walker", "I walk dogs for a living."),
    ("my painting days", "I used to be a painter but now i am a housekeeper."),
    ("that i can't swim well", "I am not a good swimmer at all."),
    ("abuot the food bank", "I help out at the food bank occasionally."),
    ("what colour i like best", "My favorite color is navy blue."),
    ("which instruments i play", "I play the piano and guitar and sing."),  # two of the kind
    ("that my sister-in-law is moving to lisbon", "My sister-in-law is moving to Lisbon in June"),
    ("when I retired", "I retired from teaching in 2019"),  # markers alone are the content
    ("that i snore", "I snore so badly my wife sleeps in the spare room"),
    ("that my wife snores", "My wife snores so loudly I sleep downstairs"),
    ("that i'm a skater", "I am a skater and I love it"),
    # round 15 (fresh15's miss): "me" as an object does not make the fact the user's own,
    # so the person who does it may be named by the memory alone
    ("how much desmond owes me", "My brother-in-law Desmond still owes me £400"),
    ("who covers for me on sundays", "My colleague Priyanka covers my shifts on Sundays"),
    ("me meeting dolly parton", "I once met Dolly Parton at an airport"),  # a gerund's subject
    # round 15: a word for what kind of fact it is need not be in it
    ("my thyroid problem", "I've got an underactive thyroid"),
    ("the knee injury", "I tore a ligament in my knee"),
    ("the story of my auntie and my escape", "My aunt helped me escape when i was of."),
    # ... nor the reason asked for, how often, or a laugh
    ("why i go to the gym", "I go to the gym most days just to socialize."),
    ("that i'm always on a diet", "I diet a lot."),
    ("the superpower thing lol", "I have superpowers."),
    # ... and the user's own thing, or the named person, when the memory says so
    ("my own diagnosis", "I was diagnosed with MS in 2019"),
    ("my wheelchair", "I use a wheelchair outside"),
    ("that lea has eczema", "Lea has eczema"),
    ("that lea has eczema", "Lea's skin has eczema"),
    ("that marleny sells tortillas", "My sister Marleny lives in Quetzaltenango and sells tortillas"),
    ("that luis does the shrimp prep", "I'm allergic to shellfish so Luis does the shrimp prep"),
    ("that tom plays piano", "My son Tom and I play piano together"),
    ("that marco drives the truck", "Luis drives the truck on weekdays and Marco on weekends"),
    ("that jack moved to a big bed", "We moved Jack into a big-boy bed last week"),
    ("that my ex is still in my phone as hubby", "Kevin's number is still saved as Hubby in my phone"),
])
def test_a_described_memory_is_found(description, memory):
    decision = _decide(description, memory, "I play chess online")
    assert (decision.status, decision.id) == ("forgotten", 1)


def test_several_matches_are_ambiguous_unless_one_has_exactly_the_words():
    ambiguous = _decide("my cat", "I have a cat named Tom", "My cat is allergic to fish", "I like tea")
    assert ambiguous.status == "ambiguous"
    assert {c.id for c in ambiguous.candidates} == {1, 2}
    exact = _decide("that I like coffee", "I drink coffee with oat milk", "I like coffee")
    assert (exact.status, exact.id) == ("forgotten", 2)
    assert _decide("my pet", "I have a cat named Tom", "I have a dog named Rex").status == "ambiguous"


@pytest.mark.parametrize("description, memories", [
    # the user means several; the other one is in words not read as a state / a sport
    ("the states i have lived in", ("I live in alabama.", "I grew up in Nebraska")),
    ("my sports", ("I play ping pong.", "I swim at the lido every Saturday")),
])
def test_a_plural_noun_that_finds_one_memory_is_asked_not_deleted(description, memories):
    decision = _decide(description, *memories)
    assert decision.status == "ambiguous" and len(decision.candidates) == 1


def test_a_plural_the_memory_says_or_a_verb_in_s_still_deletes():
    assert _decide("my cats", "I have two cats").status == "forgotten"
    assert _decide("which city my sister lives in", "My sister lives in Vancouver").id == 1


def test_vague_empty_and_overlong_descriptions_match_nothing():
    assert forget.describe("it") is None
    assert forget.describe("") is None
    assert forget.describe("coffee " * 200) is None
    assert _decide("that", "I like coffee").status == "not_found"


def test_what_the_user_does_is_not_what_someone_named_does():
    # fresh34, development since its scoring: "forget that i take melatonin" deleted "Milo
    # takes melatonin gummies to fall asleep"
    milo = "Milo takes melatonin gummies to fall asleep"
    assert _decide("that i take melatonin", milo).status == "not_found"
    assert _decide("that i live in leeds", "Tom lives in Leeds").status == "not_found"
    assert _decide("that i take melatonin", "I take melatonin most nights").status == "forgotten"
    assert _decide("that i like tea", "Tea is my favourite drink").status == "forgotten"


def test_when_something_was_said_names_no_memory():
    # fresh33, development since its scoring: "delete what i told you the other day" deleted
    # "... and I told him I need time"
    assert forget.describe("delete what i told you the other day") is None
    assert forget.describe("forget what i said yesterday") is None
    # ... but it stays with a subject, and a fact's own time stays its content
    assert forget.describe("forget what i told you yesterday about my cat") is not None
    assert forget.describe("that i went to the dentist yesterday") is not None


@pytest.mark.parametrize("text, expected", [
    ("forget everything", "ask"),
    ("Erase all my data.", "ask"),
    ("delete all my memories", "ask"),
    ("please wipe everything you know about me", "ask"),
    ("clear my memory", "ask"),
    ("wipe everything you've got on me", "ask"),
    ("can u delete all u have on me", "ask"),
    ("erase whatever you know about me please", "ask"),
    ("forget everything that you stored", "ask"),
    ("frget everything", "ask"),
    ("forget literally everything about me", "ask"),
    ("erase everything u know abt me", "ask"),
    ("wipe me from your memory", "ask"),
    ("reset everything you know about me", "ask"),
    ("wipe your memory clean", "ask"),
    ("delete every memory u have", "ask"),
    ("wipe ur whole memory of me", "ask"),
    ("pls forget all of it, every single thing u have on me", "ask"),
    ("start over and forget all about me", "ask"),
    ("erase every detail you have on me", "ask"),
    ("Erase all data about me, please, every last bit.", "ask"),
    ("scrap everything you remember about me", "ask"),  # fresh12's two misses
    ("Kindly erase everything you have stored about me.", "ask"),
    ("clear out everything you've got on me", "ask"),  # fresh10's
    ("forget everything completely", "ask"),
    # round 15, the development sets' misses: an adverb before the verb, "nuke", two
    # participles of holding, the object said again, a restart after it
    ("I would like you to permanently erase all of my stored information.", "ask"),
    ("nuke everything u got on me", "ask"),
    ("wipe everything you've got stored on me, the lot", "ask"),
    ("Delete all of my data. All of it.", "ask"),
    ("delete absolutely everything and start over with me from scratch", "ask"),
    ("just wipe all my data and begin again", "ask"),
    ("permanently delete my cat", None),
    ("remove the lot", None),
    ("nuke my shopping list", None),
    ("yes, deleet all my memories", "confirm"),
    ("yes, forget everything", "confirm"),
    ("Yes, delete all my memories", "confirm"),
    ("forget everything I said about work", None),
    ("forget my cat", None),
    ("delete all", None),
    ("delete all my alarms", None),
    ("delete everything on my shopping list", None),
    ("forget whatever", None),
    # a pointer not spelled out: with "forget" only asked about (round 18, fresh22: "forget
    # the lot"), with a verb a host tool takes too it is the host's ("remove the lot")
    ("forget all of it", "ask"),
    ("forget the lot", "ask"),
    ("wipe all of it", None),
    ("delete the lot please", None),
    # round 18, the development sets' misses: other words for everything the assistant holds
    ("get rid of all you have on me, everything", "ask"),
    ("wipe every last thing you know about me", "ask"),
    ("delete every memory of mine", "ask"),
    ("forget everything you know about me mate, all of it", "ask"),
    ("reset your memory of me completely, wipe the lot", "ask"),
    ("please forget every single thing i've ever told you", "ask"),
    ("forget every single thing we ever talked about", "ask"),
    ("wipe all my memories off ur system", "ask"),
    ("delete my whole profile and everything in it", "ask"),
    ("reset and forget everything ive ever told you", "ask"),
    ("forget my whole history with you, all of it", "ask"),
    ("i want you to forget me completely. everything.", "ask"),
    ("clear out all your memories of me please, the whole lot", "ask"),
    ("wipe all the stuff you've saved about me", "ask"),
    # round 19 (fresh24/25): said to the assistant as to a friend; "the whole lot" restated
    ("chur bro, delete everything u know about me", "ask"),
    ("forget the whole lot, everything you know", "ask"),
    ("mate delete the lot", None),
    # round 20 (fresh26/27, after scoring): what the user told, a fresh start wished for
    ("just forget all the stuff i ever told you, all of it", "ask"),
    ("pls wipe ur whole memory of me, everything, i want to start again", "ask"),
    ("wipe all my data, i want a fresh start", "ask"),
    ("honestly, just start over and forget me entirely", "ask"),
    ("forget every single thing i've ever said to you", "ask"),
    ("forget all the things i told you about my job", None),   # a topic
    ("delete all the stuff i said about work", None),
    ("forget me", None),
    ("forget all the stuff about my dog", None),
    ("delete my profile picture", None),
    ("forget my history", None),
    ("delete every reminder", None),
    ("start over", None),
    ("clear whatever you've got on our cars", None),  # a topic
    ("reset my alarms", None),           # "reset" takes only everything
    ("reset the thermostat", None),
    ("reset my password", None),
    ("yes", None),
    ("forget everything " * 20, None),
    # round 23 (fresh32/33, development since their scoring): the request inside a longer
    # message, the object before a passive verb, Pidgin's "wey you sabi"
    ("I'd like everything you've kept about me cleared away, if you'd be so kind", "ask"),
    ("I'm going into a home next month, so would you clear out all you've got about me", "ask"),
    ("abeg clear everything wey you sabi about me", "ask"),
    ("ngicela you delete everything you have on me, all of it", "ask"),
    ("forget every last thing about me, clean slate", "ask"),
    ("maze delete all my data, kila kitu", "ask"),
    ("if you could delete everything you have on me that would be great", "ask"),
    # ... never negated, narrowed, asked of the host, or a question
    ("please don't delete everything you know about me", None),
    ("forget everything travel related", None),
    ("forget everything musical i told you about", None),
    ("delete everything except my allergies", None),
    ("delete everything that i told you about work", None),
    ("clear everything from my shopping list", None),
    ("remind me to delete all my data", None),
    ("how do i erase all my data", None),
    ("so could you delete everything on my calendar for friday", None),
    # round 24 (fresh35, development since its scoring): other verbs and other words for all
    # of it, where it is kept, a negation's own words only ("consent" ends in "nt")
    ("get rid of every skerrick of info you've got on me", "ask"),
    ("scrub me from your records completely", "ask"),
    ("Please permanently destroy every record you have about me.", "ask"),
    ("Under the Privacy Act I withdraw my consent and want all of my stored data erased.", "ask"),
    ("sweet as, now wipe the whole lot you've got on me", "ask"),
    ("I'd like every trace of me erased from your memory", "ask"),
    ("forget everything from your memory about my ex", None),
    # round 25 (fresh37, development since its scoring): "you are having", "each and every",
    # the plural "informations", a closing adverb
    ("Kindly erase all the data you are having about me.", "ask"),
    ("please remove each and every detail you know about me", "ask"),
    ("Remove all informations of mine, every single one.", "ask"),
    ("Please delete all my details completely, full and final.", "ask"),
    ("please delete all the informations you are having about my son", None),
    # round 28: read word by word (forget_all._asks_for_everything): after the verb, only words
    # that say how much, whose, and where or how it was kept (fresh28-41's misses, development)
    ("Would you mind deleting all the information you hold on me?", "ask"),
    ("get shot of the lot, everything you remember about me", "ask"),
    ("forget all of it, every memory, start me from zero", "ask"),
    ("please you erase all what you remember of me", "ask"),
    ("clean out everything you done stored about me", "ask"),
    ("i want you to forget every single thing i've ever typed in here", "ask"),
    ("Kindly delete every piece of information you are keeping on me.", "ask"),
    ("erase all you know about me, from the beginning", "ask"),
    # (fresh42, development since its scoring: the -ing of a verb of keeping, "made")
    ("clear out everything ur storing about me", "ask"),
    ("pls erase every memory u made of me", "ask"),
    # ... and no other word: a subject, a place, a pointer, another task
    ("forget it, i've got everything", None),
    ("erase all that from your memory", None),
    ("delete my entire file", None),
    ("forget all my memories of the trip", None),
    ("erase all the photos i took", None),
    ("wipe every bit you remember about my trip", None),
    ("i don't want you to delete all my data", None),
    # round 29 (fresh44, development since its scoring): where the memory is kept, as a file
    ("Please wipe out my whole memory file, every bit.", "ask"),
    ("delete my memory file about work", None),
])
def test_forget_all_requests_are_recognised(text, expected):
    assert forget_all.forget_all_request(text) == expected


def test_a_negated_request_verb_is_not_a_negated_fact():
    """"don't remember my hair anymore": "not" belongs to "remember", not to the hair."""
    decision = _decide("don't remember my hair anymore", "I have short brown hair", "I like tea")
    assert (decision.status, decision.id) == ("forgotten", 1)
    assert _decide("that I don't like tea", "I like tea").status == "not_found"


def test_a_fact_about_the_user_may_name_a_companion():
    decision = _decide("that I live in Leeds", "I live with my sister in Leeds", "I like tea")
    assert (decision.status, decision.id) == ("forgotten", 1)
    assert _decide("that I live in Leeds", "My sister lives in Leeds").status == "not_found"
    assert _decide("that I like tea", "My wife and I like tea").status == "not_found"


def test_a_literal_decision_needs_the_words_that_only_frame_a_fact_too():
    gym, lessons = "I go to the gym on Thursdays", "I'm taking Mandarin lessons on Thursdays"
    alone = [Candidate(id=1, content=gym)]
    assert decide("thursday lessons", alone, asked=Asked(literal=True)).status == "not_found"
    both = [Candidate(id=1, content=gym), Candidate(id=2, content=lessons)]
    assert decide("thursday lessons", both, asked=Asked(literal=True)).id == 2
    # ... while a request read in full still finds "my wifes name" without the word "name"
    assert _decide("my wifes name", "My wife is called Nora").status == "forgotten"


def test_a_plural_the_memory_says_in_the_singular_is_asked():
    """"my trips": "a trip to Japan" is one of them; "I go to Italy" may be another."""
    decision = _decide("my trips", "I go to Italy every other summer", "I'm saving up for a trip to Japan")
    assert decision.status == "ambiguous" and [c.id for c in decision.candidates] == [2]
    assert _decide("my dogs", "I have a dog named Rex").status == "ambiguous"
    assert _decide("my allergies", "I am allergic to shellfish").status == "forgotten"


def test_a_plural_whose_other_things_the_memory_says_deletes():
    """"my trips to spain" names spain, which the memory says: that is the memory."""
    decision = _decide("my trips to spain", "I have visited spain a times.", "I like tea")
    assert (decision.status, decision.id) == ("forgotten", 1)
    decision = _decide("my trips to dublin", "I visit my cousins in Dublin every summer",
                       "I'm flying to Tokyo in March")
    assert (decision.status, decision.id) == ("forgotten", 1)
    # a verb is no thing: "the sports I play" still asks
    assert _decide("the sports i play", "I play tennis").status == "ambiguous"


def test_a_kind_named_in_general_is_asked_about():
    """"what I said about food" means all of it, also the mushrooms Iris does not read as food."""
    decision = _decide("what i said about food", "My favourite food is pizza.", "I can't stand mushrooms")
    assert decision.status == "ambiguous" and [c.id for c in decision.candidates] == [1]
    # the fast path hands in what follows "forget what I said about"
    assert _decide("food", "My favourite food is pizza.", "I can't stand mushrooms").status == "ambiguous"
    # a name, or a thing with a determiner, is one memory
    assert _decide("what I told you about Tom", "I have a cat named Tom").status == "forgotten"
    assert _decide("the stuff about my food diary", "I keep a food diary").status == "forgotten"


def test_a_frame_word_beside_the_content_need_not_be_said():
    decision = _decide("my baking hobby", "I love to bake cookies.", "I like tea")
    assert (decision.status, decision.id) == ("forgotten", 1)
    assert _decide("my painting hobby", "I love to bake cookies.").status == "not_found"
    assert _decide("my hobby", "My hobby is woodworking").status == "forgotten"


def test_work_as_a_place_is_no_job():
    """"how I get to work" is the commute, as "I cycle to work" is no job in a memory."""
    assert _decide("how i get to work", "I work as a nurse").status == "not_found"
    assert _decide("how i get to work", "I'm a primary school teacher").status == "not_found"


def test_where_is_answered_by_a_memory_that_says_a_place():
    decision = _decide("where i grew up", "I grew up on a farm.", "I was poor growing up.",
                       "When i grow up i want to be a vet.")
    assert (decision.status, decision.id) == ("forgotten", 1)
    assert _decide("where i live", "I live with my mom").status == "not_found"
    assert _decide("where i moved to", "I moved to Spain last year").status == "forgotten"
    assert _decide("where i work", "I work for Google").status == "forgotten"
    assert _decide("where i work", "I work as a paramedic").status == "forgotten"


def test_a_possessive_without_its_apostrophe_is_no_plural():
    decision = _decide("my wifes name", "My wife is called Nora", "I like tea")
    assert (decision.status, decision.id) == ("forgotten", 1)


def test_a_plural_the_memory_says_only_as_a_possessive_is_asked():
    """fresh8: "my pets" deleted "My pets name is charlie." (one pet's name) beside another pet."""
    decision = _decide("what you know about my pets", "My pets name is charlie.",
                       "My gecko Ziggy lives in a tank by the window")
    assert decision.status == "ambiguous"
    assert _decide("my cats", "I have two cats", "I like tea").status == "forgotten"


@pytest.mark.parametrize("description, memory", [
    ("that i like water", "I like watermelon"),         # a compound that begins with the word
    ("that i like cheese", "I like cheeseburgers"),
    ("my basket", "I play basketball on Fridays"),
])
def test_a_memory_compound_is_no_longer_form_of_the_word(description, memory):
    assert _decide(description, memory).status == "not_found"


@pytest.mark.parametrize("description, memory", [
    ("my allergy", "I am allergic to peanuts"),          # a longer form still counts
    ("my stamp collection", "I collect stamps"),         # and a description's compound
])
def test_a_longer_form_still_names_the_memory(description, memory):
    assert _decide(description, memory).status == "forgotten"


@pytest.mark.parametrize("description, memory", [
    ("the skydiving", "I love rollercoasters and sky diving."),  # one word, written as two
    ("the triplets news", "I am expecting triplets in three months."),  # news frames it
    ("the move update", "We move to Leeds in May"),
    ("the sky diving", "I went skydiving last year"),  # two words, written as one
    ("my goddaughter's birthday", "My goddaughter Saoirse turns seven in May"),
    ("my son's age", "My son is seven"),
])
def test_a_word_written_apart_framed_as_news_or_an_age_said_is_found(description, memory):
    decision = _decide(description, memory, "I play chess online")
    assert (decision.status, decision.id) == ("forgotten", 1)


@pytest.mark.parametrize("description, memory", [
    ("the skydiving", "I love scuba diving"),  # another diving
    ("the skydiving", "I love the sky"),  # a part is not the word
    ("that I watch the news", "I watch birds in the park"),  # the news itself is content
    ("my son's birthday", "My daughter turns seven in May"),  # another person's
    ("my son's age", "My son is seven feet tall"),  # a number that is no age
    ("my age", "My number is seven"),  # a thing, which has no age
    ("that my favorite color is red", "My favorite color is blue."),  # "colorred" stems to color
])
def test_near_misses_of_a_joined_word_news_or_an_age_are_not_found(description, memory):
    assert _decide(description, memory).status == "not_found"


def test_a_plural_another_word_finds_once_is_asked_about():
    # fresh9 (held out, scored once): "forget the stuff about my drinks" deleted the coffee
    # memory beside a pint of Guinness; a memory that says the plural's synonym in the
    # plural ("my folks": "My parents live in Ohio") is still the one described.
    drinks = [Candidate(1, "Coffee is my preferred beverage."),
              Candidate(2, "I have a pint of Guinness every Friday")]
    assert decide("forget the stuff about my drinks", drinks).status == "ambiguous"
    parents = [Candidate(1, "My parents live in Ohio"), Candidate(2, "I like tea")]
    assert decide("forget where my folks live", parents).status == "forgotten"


def test_a_verb_form_names_no_kind_of_animal():
    # "born" (of bear) never finds a dog through "bear"
    decision = _decide("when i was born", "I was born in the early 80 s.",
                       "I compete in dog agility classes.")
    assert (decision.status, decision.id) == ("forgotten", 1)


def test_a_soft_word_decides_between_two_matches():
    decision = _decide("my current job", "My current job is at a bakery",
                       "I had a job at a cinema as a teen")
    assert (decision.status, decision.id) == ("forgotten", 1)


def test_a_general_description_with_a_near_rival_is_asked_not_deleted():
    # "my work stuff": one memory says "work", another is as near to it ("retire")
    work = Candidate(id=1, content="I work in it and have been at the same company for 15 years.",
                     cosine=0.52)
    retire = Candidate(id=2, content="I think i will retire in a few years.", cosine=0.47)
    decision = decide("my work stuff", [work, retire])
    assert decision.status == "ambiguous" and [c.id for c in decision.candidates] == [1, 2]
    # a description of one fact is not general: the match is deleted
    assert decide("that i work in it", [work, retire]).status == "forgotten"
    # and a rival far below the match does not stop it
    far = Candidate(id=2, content="I think i will retire in a few years.", cosine=0.30)
    assert decide("my work stuff", [work, far]).status == "forgotten"


def test_a_subject_said_in_general_around_the_query_is_general():
    # "forget the car stuff" reaches the store as "car": the pipeline says it was general
    # (forget_eval_fresh13, development since its scoring: the insurance was deleted while
    # the speeding ticket was as near)
    insurance = Candidate(id=1, content="Our car insurance renews on the 3rd of August", cosine=0.15)
    ticket = Candidate(id=2, content="I got a speeding ticket on the A38 last week", cosine=0.21)
    assert decide("car", [insurance, ticket]).status == "forgotten"
    decision = decide("car", [insurance, ticket], asked=Asked(general=True))
    assert decision.status == "ambiguous" and [c.id for c in decision.candidates] == [1, 2]


def test_a_broad_description_asks_when_a_related_memory_is_a_little_further():
    # "forget the hospital stuff" (forget_eval_fresh28, development since its scoring): the
    # ward's visiting hours are 0.21 below the admission, outside the general margin
    admitted = Candidate(id=1, content="My wife was admitted to the General Hospital with pneumonia",
                         cosine=0.46)
    ward = Candidate(id=2, content="Visiting hours on her ward are 4 to 6 in the evening", cosine=0.25)
    assert decide("hospital", [admitted, ward], asked=Asked(general=True)).status == "forgotten"
    decision = decide("hospital", [admitted, ward], asked=Asked(general=True, broad=True))
    assert decision.status == "ambiguous" and [c.id for c in decision.candidates] == [1, 2]
    # a memory unrelated to the subject (under the floor) is no rival, however near the match
    weak = Candidate(id=1, content="My wife was admitted to the General Hospital with pneumonia",
                     cosine=0.3)
    radio = Candidate(id=2, content="I like Radiohead", cosine=0.12)
    assert decide("hospital", [weak, radio], asked=Asked(broad=True)).status == "forgotten"


@pytest.mark.parametrize("description, memory", [
    # forget_eval_fresh19 and fresh18 (development since their scoring): a kind of the thing
    ("i take sweeteners", "I have two sugars in my brew"),
    ("my sister is a nurse", "My twin sister Orla is a midwife in Derry"),
    ("i love wearing dresses", "I love wearing skinny jeans and leggings"),
])
def test_a_stated_fact_is_not_a_memory_about_a_kind_of_its_thing(description, memory):
    candidates = [Candidate(id=1, content=memory, cosine=0.6)]
    assert decide(description, candidates).status == "forgotten"  # "forget my sweeteners"
    assert decide(description, candidates, asked=Asked(stated=True)).status == "not_found"
    same = [Candidate(id=1, content="I keep bees in my garden", cosine=0.6)]
    assert decide("i keep bees", same, asked=Asked(stated=True)).status == "forgotten"


def test_a_question_of_amount_is_answered_only_by_a_memory_that_says_one():
    # forget_eval_fresh35 (development since its scoring): "how much is in my kiwisaver"
    provider = [Candidate(id=1, content="My KiwiSaver is with Simplicity", cosine=0.67)]
    assert decide("how much is in my kiwisaver", provider).status == "not_found"
    assert decide("my kiwisaver", provider).status == "forgotten"
    balance = [Candidate(id=1, content="I have about 40k in my KiwiSaver", cosine=0.6)]
    assert decide("how much is in my kiwisaver", balance).status == "forgotten"
    assert decide("how many hens i keep", [Candidate(id=1, content="I keep a dozen hens",
                                                          cosine=0.6)]).status == "forgotten"


@pytest.mark.parametrize("text, general", [
    ("forget the car stuff", True), ("forget all the things about my job", True),
    ("forget what i like to read", True), ("forget what kind of music im into", True),
    ("forget my car", False), ("forget that i like reading", False),
    # "thing" frames a subject as "stuff" does (forget_eval_fresh16, development since its
    # scoring: "the money thing" and "the thing about noise" each deleted one memory of two)
    ("forget the money thing", True), ("forget the thing about noise", True),
    ("forget something", False),
])
def test_general_requests(text, general):
    assert bool(forget.GENERAL.search(text.lower())) is general


@pytest.mark.parametrize("description, status", [
    ("the stuff about my flat", "ambiguous"),  # 0.15 apart: within the margin since round 14
    ("the flat thing", "ambiguous"),  # "thing" as "stuff" (round 16)
    ("what i said about where i live", "ambiguous"),  # said about an open set: general
    ("what i said about my flat", "forgotten"),  # said about one thing: not general
    ("my flat", "forgotten"),  # one thing named: the margin does not apply
    ("forget about my flat", "forgotten"),  # "about" after the verb alone is no general request
])
def test_a_general_request_asks_when_another_memory_is_nearly_as_near(description, status):
    candidates = [Candidate(id=1, content="I live in a flat in Leeds with my best friend.", cosine=0.50),
                  Candidate(id=2, content="My landlord is raising the rent", cosine=0.35)]
    assert decide(description, candidates).status == status


@pytest.mark.parametrize("description, memory, status", [
    # a number, a month or a weekday that differs is another fact (forget_eval_fresh18/19,
    # development since their scoring, deleted each of these)
    ("that my husband has type 1 diabetes", "My husband Gareth has type 2 diabetes", "not_found"),
    ("that my husband has type 2 diabetes", "My husband Gareth has type 2 diabetes", "forgotten"),
    ("that my passport runs out in may", "My passport runs out in March", "not_found"),
    ("that my passport runs out in march", "My passport runs out in March", "forgotten"),
    ("when my passport runs out", "My passport runs out in March", "forgotten"),
    ("that i'm five foot six", "I'm six foot five", "not_found"),  # the same numbers, swapped
    ("that i'm six foot five", "I'm six foot five", "forgotten"),
    ("that i have 1 brother", "I have a brother", "forgotten"),  # "1" may be the memory's "a"
    ("my tuesday yoga", "I do yoga on Mondays", "not_found"),
    ("my monday yoga", "I do yoga on Mondays", "forgotten"),
])
def test_numbers_months_and_weekdays_must_be_the_memorys(description, memory, status):
    assert _decide(description, memory).status == status


def test_an_unnamed_relative_of_two_named_ones_is_asked_about():
    # "where my cousin lives" deleted Fergal's memory beside Ailbhe's (forget_eval_fresh18)
    cousins = [Candidate(1, "My cousin Fergal lives in Galway"),
               Candidate(2, "My cousin Ailbhe is a dentist in Cork")]
    decision = decide("where my cousin lives", cousins)
    assert decision.status == "ambiguous" and [c.id for c in decision.candidates] == [1, 2]
    assert decide("where my cousin fergal lives", cousins).id == 1  # the name says which
    assert decide("my cousin in galway", cousins).id == 1  # and so does a place of the memory's
    assert decide("where my cousin lives", [cousins[0], Candidate(2, "I like tea")]).id == 1


@pytest.mark.parametrize("description, memory", [
    # topics said in other words (forget_eval_fresh18, development since its scoring)
    ("my age", "I am 60years old."),  # the number against its unit
    ("my gender", "I am a woman."),
    ("what gender i am", "I am a male."),
    ("how tall i am", "I'm six foot five"),
    ("my height", "I'm 183 cm"),
    ("my pet spider", "I keep a tarantula called Doris"),  # an animal kept under a name
    ("my pet", "We keep two hens called Ada and Bea"),
])
def test_age_gender_and_height_are_found_in_other_words(description, memory):
    assert _decide(description, memory, "I like tea").status == "forgotten"


@pytest.mark.parametrize("description, memory", [
    ("my gender", "My son is a boy scout"),  # another person's
    ("my height", "I have big feet"),  # feet with no number is no height
    ("my pet", "I have a son called Tom"),  # a person kept under a name is no pet
    ("my pet", "I have a car called Betsy"),
])
def test_no_age_gender_or_height_where_none_is_said(description, memory):
    assert _decide(description, memory).status == "not_found"


@pytest.mark.parametrize("description, memory, status", [
    # who does it, turned round (forget_eval_fresh20, development since its scoring: each of
    # these was deleted)
    ("tomasz owes me £1,500", "I owe my brother Tomasz £1,500 from when I was out of work", "not_found"),
    ("sunil lent me £200", "I lent my neighbour Sunil £200 in May", "not_found"),
    ("i water mrs achebe's tomatoes", "Mrs Achebe next door waters my tomatoes when I'm away", "not_found"),
    # the same way round, and "me" as a subject beside another
    ("i lent sunil £200", "I lent my neighbour Sunil £200 in May", "forgotten"),
    ("i love cheeseburgers", "Cheeseburgers are my favorite food.", "forgotten"),
    ("me and my dad not speaking", "I haven't spoken to my dad since 2015", "forgotten"),
])
def test_roles_turned_round_are_another_fact(description, memory, status):
    assert _decide(description, memory).status == status


@pytest.mark.parametrize("description, memory, status", [
    # a described word under a negation on one side only (forget_eval_fresh21, development
    # since its scoring: the first was deleted)
    ("i'm very religious", "I fast for Ramadan even though I'm not very religious", "not_found"),
    ("that i can whistle", "I've never been able to whistle", "not_found"),
    ("that my husband drinks", "My husband doesn't drink", "not_found"),
    ("that i don't eat pork", "I love pork pies", "not_found"),
    # negated on both sides, past a word that carries nothing ("never once eaten a mushroom")
    ("that i've never eaten mushrooms", "I've never once eaten a mushroom", "forgotten"),
    ("that i can't whistle", "I've never been able to whistle", "forgotten"),
    ("me not speaking for months", "I have not spoken in three months.", "forgotten"),
    # a negated feeling is the polarity's business, not the object's
    ("that i hate chicken", "I do not like chicken.", "forgotten"),
    # a subject named, no claim made: a memory's negation says nothing against it
    ("the alcohol thing", "I don't drink alcohol", "forgotten"),
    # the negation ends with its clause
    ("that i have a dog", "I don't have kids but I have a dog", "forgotten"),
])
def test_a_negation_on_one_side_only_is_another_fact(description, memory, status):
    assert _decide(description, memory).status == status


@pytest.mark.parametrize("description, memories, status, chosen", [
    # a relative by marriage is another person (forget_eval_fresh21: "my own mum" deleted the
    # mother-in-law)
    ("that my own mum comes for sunday lunch every week",
     ["My mother-in-law Sheila comes for Sunday lunch every week"], "not_found", None),
    ("my sister-in-law", ["My sister Ines is a pilot", "My brother-in-law is a chef"], "not_found", None),
    ("my mum", ["My mother-in-law Sheila visits on Sundays", "My mum lives in Leeds"], "forgotten", 2),
    ("that my father in law was a miner", ["My father-in-law was a coal miner in Barnsley"], "forgotten", 1),
    # "my in-laws" are each of them: one found is asked about, as for "my family"
    ("my in-laws", ["My brother-in-law Desmond still owes me", "We host Diwali for my in-laws"],
     "ambiguous", None),
    ("my in-laws", ["My brother-in-law Desmond still owes me", "My sister lives in Leeds"],
     "ambiguous", None),
])
def test_a_relative_by_marriage_is_another_person(description, memories, status, chosen):
    decision = _decide(description, *memories)
    assert decision.status == status
    assert decision.id == chosen


@pytest.mark.parametrize("description, memory, status", [
    # the memory says the opposite of a described word, and not the word (WordNet's antonyms;
    # fresh23, development since its scoring: the first was deleted)
    ("that i work day shifts at the amazon warehouse", "I work night shifts at the Amazon warehouse",
     "not_found"),
    ("what my older sister does", "My younger sister Bea is doing a PhD", "not_found"),
    ("that i like olives", "I dislike olives", "not_found"),
    # the word said too, or a frame word that is the head ("bin day"): no opposite
    ("my mother", "My father and mother divorced in 1990", "forgotten"),
    ("bin day", "Our bins go out on Tuesday nights", "forgotten"),
])
def test_the_opposite_of_a_described_word_is_another_fact(description, memory, status):
    assert _decide(description, memory).status == status


# Round 19: a name said without its accent is the name ("forget oisin").
@pytest.mark.parametrize(("description", "memory"), [
    ("oisin", "My apprentice Oisín starts his second year in September"),
    ("that roisin passed her test", "My daughter Róisín passed her driving test first go"),
])
def test_a_name_said_without_its_accent_is_found(description, memory):
    decision = forget.decide(description, [forget.Candidate(1, memory)])
    assert (decision.status, decision.id) == ("forgotten", 1)


@pytest.mark.parametrize("description, memory", [
    # Round 21 (development sets fresh10-27): a light verb's particle and "how long" / "how
    # often" frame the question; the memory need not say them
    ("what i get up to on fridays", "I go dune bashing in the desert most Fridays"),
    ("how long ive been gas safe", "I've been Gas Safe registered since 2011"),
    ("how often we go camping", "We go camping in the Hajar Mountains twice a year"),
    ("that i'm cutting back on energy drinks", "I'm trying to cut down on energy drinks"),
    ("wat i do on sundays", "I referee kids' hockey matches on Sundays"),
])
def test_frame_words_of_a_question_are_not_needed(description, memory):
    decision = _decide(description, memory)
    assert decision.status == "forgotten", decision


@pytest.mark.parametrize("description, memory", [
    # ... but "work out" is no "work", and "what I get up to" asks about an open set
    ("how often i work out", "I swim at the lido before work"),
])
def test_a_particle_after_a_full_verb_is_kept(description, memory):
    assert _decide(description, memory).status == "not_found"


def test_what_i_get_up_to_is_asked_when_two_memories_may_answer():
    decision = decide("what i get up to in my spare time", [
        Candidate(id=1, content="I spend a lot of time browsing the internet.", cosine=0.5),
        Candidate(id=2, content="In my spare time i do volunteer work.", cosine=0.6)])
    assert decision.status == "ambiguous"


@pytest.mark.parametrize("description, memory", [
    # someone else's relative (fresh39's wrong deletions, scored blind in round 26)
    ("what my mama makes me for thanksgiving",
     "Yvette's mama Miss Loretta still makes me a sweet potato pie every Thanksgiving"),
    ("forget what my own mama calls me", "My ex-wife's mama still calls me son"),
    ("that my mum wants 400 guests", "His mum wants 400 guests at the wedding"),
    # an ex said on one side only, or another ex
    ("that my ex sings in the men's choir", "My new man Cedric sings bass in the men's choir"),
    ("that my ex husband remarried", "My ex-wife Monique got remarried last spring"),
    ("my husband's job", "My ex-husband works at the mill"),
])
def test_a_relative_is_the_users_own_on_both_sides(description, memory):
    assert decide(description, [Candidate(id=1, content=memory)]).status == "not_found"


@pytest.mark.parametrize("description, memory", [
    ("what my mama makes me for thanksgiving", "My mama makes me a sweet potato pie every Thanksgiving"),
    ("my ex shane", "Shane still has a key to my flat"),  # the ex named by name
    ("my mum's birthday", "My mum's birthday is May 3"),
])
def test_the_users_own_relative_still_matches(description, memory):
    assert decide(description, [Candidate(id=1, content=memory)]).status == "forgotten"


@pytest.mark.parametrize("description, memory", [
    # round 29 (fresh44's wrong deletions, scored blind): the user's thing is someone else's
    # in the memory, the other way round
    ("that our bullocks keep getting into gareths field",
     "Gareth next door's bullocks keep getting through the hedge into our top field"),
    ("that we lend earl our bull", "Earl down the road lends us his bull every spring"),
])
def test_a_thing_is_the_users_own_on_both_sides(description, memory):
    assert decide(description, [Candidate(id=1, content=memory)]).status == "not_found"


def test_a_plural_after_his_or_her_is_asked_about():
    # fresh45, scored blind: "rob and his deployments" found one memory and deleted it
    decision = _decide("the stuff about rob and his deployments",
                       "This is Rob's third deployment in five years",
                       "Rob missed both of Ella's birthdays while he was in Syria")
    assert decision.status == "ambiguous"


@pytest.mark.parametrize("description, memory", [
    ("our bull", "Our bull Taffy is ten years old"),
    ("teh tb test date", "TB test on the herd is booked for the 3rd with Mr Pugh"),  # "the", swapped
    ("about duke, it hurts too much", "Our dog Duke died in March"),  # why, not which
    ("the deployment date. i cant keep looking at it", "Marcus deploys to Kuwait on March 3rd"),
])
def test_round_29_matches(description, memory):
    assert decide(description, [Candidate(id=1, content=memory)]).status == "forgotten"


def test_a_swapped_name_is_no_function_word():
    assert forget._slip_of_frame("teh") and not forget._slip_of_frame("amy")


def test_a_thing_of_a_place_may_be_the_users_own():
    # "Oakwood's manager" is the user's manager too (forget_eval_fresh36)
    assert _decide("about my manager and the doubles", "I do waking nights at Oakwood House care home",
                   "Oakwood's manager Bev books me for doubles without asking").status == "forgotten"


def test_a_word_that_opens_a_compound_is_not_the_compound():
    # round 29: "grandma" is read as "grandmother", which opens with "grand" ("Bolsa Grande")
    assert _decide("the grandma stuff", "Anh has volleyball practice Wednesdays at 6 at Bolsa Grande",
                   "I like tea").status == "not_found"
    assert _decide("my stamp collection", "I collect stamps").status == "forgotten"


# round 30: the wrong deletions of forget_eval_fresh46/47, scored blind
@pytest.mark.parametrize("description, memories", [
    # "ot" (an occupational therapist) is no "to" with its letters swapped
    ("that matilda green sees an ot", ["Matilda Green in my class sees a speech therapist on Wednesdays"]),
    # the user as the subject is not a named person doing something for the user
    ("that i'm down to one tea a day", ["I'm down to one coffee a day because I'm breastfeeding",
                                        "Sam brings me fennel tea every night for my milk supply"]),
    # "my car" is not "Tunde's car", and "car seat" is no mention of a car
    ("that the car seat base is in my car", ["Tunde's car has the infant car seat base",
                                             "The double buggy lives in the boot of my car"]),
])
def test_round_30_not_found(description, memories):
    assert _decide(description, *memories).status == "not_found"


@pytest.mark.parametrize("description, memories", [
    ("that i prefer coffee", ["Coffee is my preferred beverage.", "I have a pint of Guinness every Friday"]),
    ("that my parents are buying the pram", ["Our parents are buying the pram"]),
    ("that sam brings me tea", ["Sam brings me fennel tea every night for my milk supply"]),
])
def test_round_30_still_found(description, memories):
    assert _decide(description, *memories).status == "forgotten"


def test_only_function_words_of_three_letters_or_more_are_read_as_swapped():
    assert forget._slip_of_frame("teh") and not forget._slip_of_frame("ot")



@pytest.mark.parametrize("description, memory", [
    # round 30 (forget_eval_fresh46, development): word forms and a time frame
    ("kacper's exclusion", "Kacper Nowak in 10K has been excluded for three days"),  # -sion / -de
    ("that im dyslexic", "I have dyslexia"),  # -ic / -ia
    ("who's mentoring me this year", "Mr Patel from the maths department is my ECT mentor"),
    ("when my year 12s sit english", "My Year 12 class sit their English exam on the 14th of October"),
])
def test_round_30_matches(description, memory):
    assert decide(description, [Candidate(id=1, content=memory)]).status == "forgotten"


def test_a_time_frame_is_no_word_the_memory_must_say_but_a_year_group_is():
    assert _decide("who's mentoring me this year", "Mr Patel is my mentor",
                   "Ms Obi was my mentor last year").status == "ambiguous"  # not "last year"
    assert _decide("what year group i teach", "I teach at St Anne's").status == "not_found"


def test_a_count_in_words_is_a_quantity():
    # forget_eval_fresh47 (development): "how much coffee" is answered by "one coffee a day"
    assert _decide("how much coffee i can have",
                   "I'm down to one coffee a day because I'm breastfeeding").status == "forgotten"
    assert _decide("how much coffee i drink", "I love coffee").status == "not_found"
    assert _decide("how many friends i have", "One of my friends is a pilot").status == "not_found"


def test_a_plural_of_people_is_not_narrowed_to_one_member_by_another_person():
    # round 31 (forget_eval_fresh49, development): "mammy" is in the sister's memory, but each
    # sibling's may name her: asked, not deleted
    siblings = ("My sister Aoife does every second weekend with Mammy",
                "My brother Cathal in Boston sends 300 a month towards the carers")
    assert _decide("what my siblings do for mammy", *siblings).status == "ambiguous"
    assert _decide("aoife's weekends", *siblings).status == "forgotten"
    # ... unless the memory says the plural itself
    assert _decide("which weekends the kids go to their father's",
                   "The kids are at their dad's in Fargo every other weekend").status == "forgotten"


@pytest.mark.parametrize("description, memory", [
    # round 31 (forget_eval_fresh48/49, development): a verb that says little in a question
    ("which clinic bec goes to", "Bec is doing IVF at the clinic in Richmond"),
    ("when bec's folks come over from perth", "Bec's parents live in Perth and visit every Easter"),
    ("which school my sister goes to", "I pay my younger sister's school fees at Moi Girls Eldoret"),
    # kin words: Irish, Filipino and South Asian English, and "aunty"
    ("that amma wants me back in chennai", "My mum wants me to move back home to Chennai"),
    ("aunty rosie", "My Aunt Rosie sends me a rainbow card every Pride month"),
])
def test_round_31_matches(description, memory):
    assert decide(description, [Candidate(id=1, content=memory)]).status == "forgotten"


def test_a_question_keeps_its_verb_when_it_is_what_is_asked():
    assert "happen" in forget.describe("what happened at the wedding").required
    assert "goe" in forget.describe("that bec goes to the gym").required  # a clause, no question
    # "use" is no light verb: "which email i use" is not a memory that says "email"
    decision = _decide("which email i use these days", "My tax file number is saved in my email drafts",
                       "My old Gmail got hacked so I only use Outlook now")
    assert not (decision.status == "forgotten" and decision.id == 1)

