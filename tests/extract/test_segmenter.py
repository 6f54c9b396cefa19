"""The learned fact segmenter (iris/extract/segmenter.py) and the offline extractor's choice
between it and the rules (`read_facts`)."""

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from iris.direct import DirectHandler
from iris.extract import offline, segmenter
from iris.extract.offline import split_facts_bounded
from iris.extract.segmenter import Token, read_facts, spans_of

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def test_the_shipped_model_was_trained_on_the_current_data_and_features():
    sys.path.insert(0, str(BENCHMARKS))
    try:
        spec = importlib.util.spec_from_file_location("train_segmenter", BENCHMARKS / "train_segmenter.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        if not module.DEFAULT_PERSONAS.is_file():  # half the training facts are persona facts
            pytest.skip(f"persona dataset not found at {module.DEFAULT_PERSONAS} (set IRIS_DATASETS)")
        shipped = json.loads(segmenter.MODEL.with_suffix(".json").read_text())
        assert shipped["fingerprint"] == module.fingerprint(), \
            "retrain: .venv/bin/python benchmarks/train_segmenter.py"
        held_out = {"extract_phrasings_fresh54.yaml", "extract_phrasings_fresh55.yaml"}
        assert held_out.isdisjoint(shipped["files"])  # the held-out sets of the round
    finally:
        sys.path.remove(str(BENCHMARKS))


@pytest.mark.parametrize("message, facts", [
    ("Remember that I'm allergic to shellfish, I prefer window seats, my anniversary is March "
     "14th, and I hate sweet burgers",
     ["I'm allergic to shellfish", "I prefer window seats", "My anniversary is March 14th",
      "I hate sweet burgers"]),
    ("Note that I keep bees and that my van is blue.", ["I keep bees", "My van is blue"]),
    ("remember that my daughter Mia is 7 and she loves horses",
     ["My daughter Mia is 7", "Mia loves horses"]),
    ("remember that I do not drive because I live in the city",
     ["I do not drive because I live in the city"]),
    ("can u save these for me - im a nurse - my cat is called Tom",
     ["Im a nurse", "My cat is called Tom"]),
])
def test_the_issue_cases(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("message, facts", [
    # round 14: a span that ends in a colon, a clause after it, introduces the facts
    ("I filled in the survey and these were my replies: I grow roses. I am partly deaf",
     ["I grow roses", "I am partly deaf"]),
    # a subordinate clause before its main clause is one fact with it
    ("Whenever I stay in a hotel, I bring my own pillow. I love dogs",
     ["Whenever I stay in a hotel, I bring my own pillow", "I love dogs"]),
])
def test_a_heading_goes_and_a_subordinate_clause_stays_with_its_main_clause(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("message, facts", [
    # round 28: a time said before its clause stays with it (fresh47, development; LoCoMo)
    ("please note I play the violin and every Thursday I have choir practice",
     ["I play the violin", "Every Thursday I have choir practice"]),
    ("Kindly save the following: Zu 1: my favorite food is pizza Zu 2: every Thursday I have "
     "choir practice Zu 3: my favorite band is the who",
     ["My favorite food is pizza", "Every Thursday I have choir practice", "My favorite band is the who"]),
    ("I am single and with two dogs and further since my operation in 2021 I may not lift heavy "
     "things and further I love taking bubble baths.",
     ["I am single and with two dogs", "Since my operation in 2021 I may not lift heavy things",
      "I love taking bubble baths"]),
    ("Since we last spoke, some big things have happened. Last week I went to a pride parade.",
     ["Last week I went to a pride parade"]),
    # ... not one said after its own clause, nor a phrase that is no time
    ("I teach yoga in the evenings and on Saturday mornings and by the way I attend church",
     ["I teach yoga in the evenings and on Saturday mornings", "I attend church"]),
])
def test_a_time_before_its_clause_is_part_of_it(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("message, facts", [
    # round 14: the rules read spoken punctuation as marks, the model only the words it saw
    ("pls note I am a welder new line I keep chickens new line I hate olives",
     ["I am a welder", "I keep chickens", "I hate olives"]),
    ("right so I restore old boats period my wife Mei teaches yoga new paragraph I hate olives",
     ["I restore old boats", "My wife Mei teaches yoga", "I hate olives"]),
    ("note I am a welder end of dictation", ["I am a welder"]),
])
def test_spoken_punctuation_is_read_as_marks_on_the_learned_path(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("message, facts", [
    # round 14: the model read "and Ann" after a name as a signature, and the name was lost
    ("My kids are Tom and Ann", ["My kids are Tom and Ann"]),
    ("I have two kids: Tom and Ann", ["I have two kids: Tom and Ann"]),
    ("my best friends are Sam and Jo. I like tea", ["My best friends are Sam and Jo", "I like tea"]),
    # a closer or a question after "and" is still no part of the fact
    ("I am a nurse and bye!", ["I am a nurse"]),
    ("I own a dog and what else. I am a nurse", ["I own a dog", "I am a nurse"]),
])
def test_words_coordinated_after_the_last_fact_are_kept(message, facts):
    assert read_facts(message)[0] == facts


def test_a_request_to_the_assistant_after_the_facts_is_no_fact():
    found = read_facts("I am vegan and I hate mushrooms. Anyway, how long does it take to boil an egg")[0]
    assert found and not any("boil" in fact or "egg" in fact for fact in found)


@pytest.mark.parametrize("message, facts", [
    # words at a fact's edge that a model trained on plain persona sentences dropped
    ("remember my birthday is may 3", ["My birthday is may 3"]),
    ("note that Tom and I got married in 2019 in Lisbon", ["Tom and I got married in 2019 in Lisbon"]),
    ("remember my wife and I both love jazz", ["My wife and I both love jazz"]),
    ("Store these: dentist is Dr. Patel; my blood type is O+",
     ["Dentist is Dr. Patel", "My blood type is O+"]),
    ("remember that 50% of my salary goes to rent and I pay $1,200 a month",
     ["50% of my salary goes to rent", "I pay $1,200 a month"]),
    ("remember that I'm allergic to cats, which is why we have a dog",
     ["I'm allergic to cats, which is why we have a dog"]),
    # tests/server/test_http_workers.py's facts: the second "3" was read as a list counter
    ("Remember that my locker number 3 3 is blue 303", ["My locker number 3 3 is blue 303"]),
    # the model read "remember Kai's" as the command: the fact was stored as "Allergic to dogs"
    ("remember Kai's allergic to dogs", ["Kai's allergic to dogs"]),
    ("remember kai's allergic to dogs \U0001f436", ["Kai's allergic to dogs"]),
])
def test_no_word_of_a_fact_is_lost_at_its_edges(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("learned", [True, False])
def test_the_only_statement_of_a_request_is_kept_though_it_sounds_like_chat(learned):
    # The chat model heard "go out tonight": "I could not find a fact to save in that message".
    assert read_facts("note that the bins go out monday night", learned=learned)[0] == \
        ["The bins go out monday night"]
    # Still chat: a question, words to the listener.
    for message in ("what else do you need", "I hope you are well", "over to you"):
        assert read_facts(message, learned=learned)[0] == []


def test_the_letter_frame_goes_as_the_rules_take_it():
    # fresh10 (held out, scored once): the signature under "-- " was stored as a fact
    message = "Okay so,full disclosure: I do not drink alcohol.\n\n-- \nSent from Outlook for Android"
    assert read_facts(message)[0] == ["I do not drink alcohol"]


@pytest.mark.parametrize("message, facts", [
    # fresh11 (held out, scored once): a mail signature of name, title and phone was stored
    ("record this for me k i have two kids who are both at university.\n\nthanks & regards,\n"
     "rahul verma\n+91 98450 00000", ["I have two kids who are both at university"]),
    ("Please note: I am a woman.\n\nWarm regards,\nSiobhan Kelly\nOperations Manager", ["I am a woman"]),
    # an aside about the message in brackets at its end goes; one about the fact stays
    ("umm so yeah coffee is my preferred beverage. (sent by voice, excuse any typos)",
     ["Coffee is my preferred beverage"]),
    ("remember I have a dog (a beagle)", ["I have a dog (a beagle)"]),
    # a line about the user under a valediction is no signature
    ("remember this\nThanks,\nmy dog is Rex", ["My dog is Rex"]),
    # fresh12 (held out, scored once): the "-- " signature delimiter, an aside about how the
    # message was written, a closing sentence inside the last span, a label before counters
    ("remember i study law part-time.\n\n--\nmarek nowak | senior developer | acme ltd\n"
     "this email and any attachments are confidential.", ["I study law part-time"]),
    ("remember:\n--\nI like tea\n--\nI own a dog", ["I like tea", "I own a dog"]),
    ("remember a » i am scared of dying b » knitting is my passion (voice typed, sorry)",
     ["I am scared of dying", "Knitting is my passion"]),
    ("Please note that I visit europe twice a year. With thanks in anticipation.",
     ["I visit europe twice a year"]),
    ("remember that Detail 1: my best friend lives next door Detail 2: I have a pet turtle",
     ["My best friend lives next door", "I have a pet turtle"]),
    # round 28 (fresh47, development): a contact line with its label, however many words
    ("Can you remember that I have a boyfriend.\n\nKind regards\nThomas Weber\n"
     "Tel.: +49 (0)89 123 45 67", ["I have a boyfriend"]),
    ("please remember that I play the violin.\n\nThomas Weber | Acme Ltd | 020 7946 0958",
     ["I play the violin"]),
    ("please remember that I play the violin.\nmy number is 020 7946 0958",
     ["I play the violin", "My number is 020 7946 0958"]),
])
def test_a_signature_and_a_closing_aside_go(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("message, facts", [
    # an aside in brackets at the end that opens with how the message was made, whatever
    # follows in it: no part of the last fact, and no fact of its own
    ("Please remember that I keep bees. I own a red van (typed by my son, my hands shake "
     "these days)", ["I keep bees", "I own a red van"]),
    ("Please remember that I keep bees. I own a red van (copied from my diary)",
     ["I keep bees", "I own a red van"]),
    ("Please remember that I keep bees. I own a red van (posted from my laptop)",
     ["I keep bees", "I own a red van"]),
    # what names the last fact's thing stays with it
    ("Please remember that I keep bees. I have a dog (a beagle)",
     ["I keep bees", "I have a dog (a beagle)"]),
])
def test_an_aside_on_how_the_message_was_made_goes(message, facts):
    assert read_facts(message)[0] == facts


def test_a_name_and_relation_in_brackets_before_a_verb_is_the_facts_subject():
    message = "Ulrike (oma) does night shifts at the care home; she can't eat anything with gluten."
    spans = segmenter._with_named_subjects(message, [(13, 47), (49, 83)])
    assert [message[a:b] for a, b in spans] == [
        "Ulrike (oma) does night shifts at the care home", "she can't eat anything with gluten"]
    # a name said to be the person the span opens with
    message = "Björn's my uni roommate; he lives in Oslo"
    assert segmenter._with_named_subjects(message, [(8, 23), (25, 41)]) == [(0, 23), (25, 41)]
    message = "that's my dog Rex"
    assert segmenter._with_named_subjects(message, [(7, 17)]) == [(7, 17)]
    # ... or "that's" / "who is" that person (fresh38, development since its scoring: "He ate
    # a whole tray of lamingtons" had lost who he is)
    message = "Brodie that's my eldest boy and he ate a whole tray of lamingtons"
    assert segmenter._with_named_subjects(message, [(14, 27), (32, 65)]) == [(0, 27), (32, 65)]
    message = "Sir Hiss that's my python"
    assert segmenter._with_named_subjects(message, [(16, 25)]) == [(0, 25)]
    message = "the blue car that's my favourite"  # no name
    assert segmenter._with_named_subjects(message, [(20, 32)]) == [(20, 32)]
    # before a span with its own subject, a bracket is an aside
    message = "I like tea and (not sure this matters) I own a cat"
    assert segmenter._with_named_subjects(message, [(0, 10), (39, 50)]) == [(0, 10), (39, 50)]


@pytest.mark.parametrize("message, labels", [
    ("entry 1: a entry 2: b", {"entry"}),
    ("1) i am in high school 2) i make straight as in school 3) x", set()),  # not before the 1
    ("#1: I like it #2: I own it #3: x", set()),
])
def test_a_label_is_a_word_before_the_first_counter_and_another(message, labels):
    assert segmenter._labels(message) == labels


@pytest.mark.parametrize("piece, fact", [
    ("I like tea and", "I like tea"), ("I moved to Spain and erm", "I moved to Spain"),
    ("I like tea, but", "I like tea"), ("I like salt and pepper", "I like salt and pepper"),
])
def test_a_coordinator_left_at_a_facts_end_by_the_cut_goes(piece, fact):
    assert segmenter._without_coordinator(piece) == fact


@pytest.mark.parametrize("piece, fact", [
    # a discourse marker a cut left before the next fact goes ("... and heads up | he ...")
    ("My cousin Ola lives in Oslo and heads up", "My cousin Ola lives in Oslo"),
    ("My cat is 17, which reminds me", "My cat is 17"),
    ("I moved in May, and to be fair", "I moved in May"),
    ("I like tea and tbh", "I like tea"),
    # a connector that wants an object, left with none (fresh39, development since its scoring)
    ("I fast every Tuesday along with this also", "I fast every Tuesday"),
    ("I am a boy along with that", "I am a boy"), ("I swim in addition to this", "I swim"),
    ("I came along with my sister", "I came along with my sister"),
    # a word a fact may end in stays without a coordinator or a comma before it
    ("I like it though", "I like it though"), ("I am right", "I am right"),
    ("my dog is called Also", "my dog is called Also"),
])
def test_a_discourse_marker_left_at_a_facts_end_goes(piece, fact):
    assert segmenter._without_coordinator(piece) == fact


@pytest.mark.parametrize("piece, fact", [
    ("I am a nurse Have a lovely evening", "I am a nurse"),
    ("I own two bikes. have a great weekend", "I own two bikes."),
    ("I collect stamps I hope the above is clear", "I collect stamps"),
    # a capital inside title case or a name is no sentence start
    ("I Write Poetry But I Never Share It", "I Write Poetry But I Never Share It"),
    ("I live with Tom", "I live with Tom"),
])
def test_a_closing_sentence_goes_with_or_without_its_full_stop(piece, fact):
    assert segmenter._without_closing_sentence(piece) == fact


@pytest.mark.parametrize("message, facts", [
    # a piece about the message itself is no fact (fresh13 and fresh14, development since
    # their scoring, had lead-ins and signatures of this kind stored as facts)
    ("As per my last email, I keep bees. Regards, Ann", ["I keep bees"]),
    ("I am sharing my details as below: 1) I keep bees 2) I own a van",
     ["I keep bees", "I own a van"]),
    ("remember I keep bees\n\nThis message was sent from my phone. Please excuse brevity.",
     ["I keep bees"]),
])
def test_what_is_said_about_the_message_is_no_fact(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("piece, telling", [
    ("My earlier message", True), ("I hope the above is clear", True),
    ("Have a lovely evening", True), ("It ever comes up", True),
    ("I sent my mum a message", False), ("My phone is an iPhone", False),
    ("I like to write", False), ("I have a day off on fridays", False),
])
def test_about_the_telling(piece, telling):
    assert offline.about_the_telling(piece) is telling


def test_an_unknown_word_at_a_facts_end_needs_a_surer_cut():
    # a misspelt last word of a fact is no English word: only a cut the model is all but
    # sure of takes it, so the fact keeps it
    assert read_facts("remember that I have never had a steady relatiosnhip")[0] == \
        ["I have never had a steady relatiosnhip"]
    assert segmenter.UNKNOWN_CUT_CONFIDENCE > segmenter.CUT_CONFIDENCE


def test_a_fact_never_runs_over_a_line_break():
    toks = [Token("I", 0, 1, ""), Token("swim", 2, 6, " "), Token("I", 7, 8, "\n"),
            Token("sing", 9, 13, " ")]
    assert spans_of(toks, ["B", "I", "I", "I"]) == [(0, 6), (7, 13)]


def test_inside_after_outside_opens_a_fact():
    toks = [Token("ok", 0, 2, ""), Token("I", 3, 4, " "), Token("swim", 5, 9, " ")]
    assert spans_of(toks, ["O", "I", "I"]) == [(3, 9)]


def test_a_message_past_the_token_bound_goes_to_the_rules():
    message = "remember that " + ", ".join(f"I own dog number {i}" for i in range(200))
    assert segmenter.segment(message) is None
    assert read_facts(message, limit=25) == split_facts_bounded(message, limit=25)


def test_the_limit_holds_and_says_the_rest_was_left():
    message = "remember these: " + "; ".join(f"I have visited city {i}" for i in range(30))
    facts, unread = read_facts(message, limit=5)
    assert len(facts) == 6 and unread


def test_rules_only_is_the_rules():
    message = "Note that I keep bees and that my van is blue."
    assert read_facts(message, learned=False) == split_facts_bounded(message)


def test_no_fact_found_by_the_segmenter_falls_back_to_the_rules(monkeypatch):
    monkeypatch.setattr(segmenter, "facts", lambda message, model=segmenter.MODEL: [])
    message = "remember that I keep bees"
    assert read_facts(message) == split_facts_bounded(message)


def test_the_fast_path_steps_aside_for_what_the_segmenter_reads_as_several_facts():
    # fresh9's held-out run: the rules' fast path stored this as one memory (since round 29
    # the rules read the ideographic comma as a comma, and step aside too)
    message = ("Just For The Record - 1\u3001My Favorite Kind Of Movie Is A Documentary "
               "2\u3001I Read A Book Every Week")
    assert DirectHandler(learned=False).decide(message).action is None
    decision = DirectHandler().decide(message)
    assert decision.action is None and decision.reason.startswith("list_structure:")
    assert DirectHandler().decide("remember that I keep bees").action == "store"


def test_a_lone_surrogate_goes_to_the_rules():
    # crfsuite encodes features as UTF-8: hypothesis found "\ud800" raising SystemError
    message = "remember that I like \ud800 tea"
    assert segmenter.segment(message) is None
    assert read_facts(message) == split_facts_bounded(message)


def test_a_long_run_of_spaces_inside_a_fact_is_read_as_one_space():
    # tests/adversarial.py: the model kept the 40 KB run inside one span, and the rules'
    # cleaners are linear only on gaps of one space
    message = "Remember that I like tea" + " " * 39960 + "and I own a dog"
    assert all(len(fact) < 100 for fact in read_facts(message, limit=50)[0])


@pytest.mark.parametrize("message, facts", [
    # a first line that is a fact is no heading: "keep" and "write" read as commands made
    # "I keep bees" a lead-in, and the fact was lost (the rules and the model both)
    ("I keep bees\nI own a van", ["I keep bees", "I own a van"]),
    ("remember I keep bees\n\nI own a van", ["I keep bees", "I own a van"]),
    ("I write poems\n\nI own a van", ["I write poems", "I own a van"]),
    ("I want you to remember these\nI own a van\nI keep bees", ["I own a van", "I keep bees"]),
])
def test_a_first_line_that_is_a_fact_is_kept(message, facts):
    assert read_facts(message)[0] == facts
    assert split_facts_bounded(message)[0] == facts


def test_a_first_line_said_to_the_reader_is_no_fact_of_the_model():
    # the model's lines left out are kept only when they say nothing of the telling
    assert read_facts("I hope I am not oversharing\nI own a van\nI keep bees")[0] == \
        ["I own a van", "I keep bees"]


@pytest.mark.parametrize("message, facts", [
    # a fact never ends in a subordinator: the clause after it is its own (fresh15,
    # development since its scoring: "in case | I get locked out" was two facts)
    ("remember I keep a spare key with my neighbour in case I get locked out",
     ["I keep a spare key with my neighbour in case I get locked out"]),
    ("remember i go to the gym unless its raining", ["I go to the gym unless its raining"]),
])
def test_a_subordinate_clause_stays_with_its_fact(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("piece, fact", [
    ("I am a woman asante sana", "I am a woman"), ("I hate school grazie mille", "I hate school"),
    ("I like tea obrigada", "I like tea"),
    # South Africa's and New Zealand's (fresh38/39, development since their scoring)
    ("I am married to a doctor ka kite anō", "I am married to a doctor"),
    ("I do not drink soda chur bro", "I do not drink soda"), ("I have a pet cow dankie", "I have a pet cow"),
    ("I like meditation bahut shukriya, iris!", "I like meditation"),
    # a name that is also a goodbye stays where the clause needs it
    ("My dog is called Ciao", "My dog is called Ciao"), ("I love Ciao", "I love Ciao"),
])
def test_thanks_in_another_language_after_the_last_fact_goes(piece, fact):
    assert segmenter._without_thanks_abroad(piece) == fact


@pytest.mark.parametrize("piece, telling", [
    ("Hello support team", True), ("Dear Iris", True), ("Hi I am Tom", False),
    ("I am pleased to communicate", True),
])
def test_a_greeting_alone_is_no_fact(piece, telling):
    assert offline.about_the_telling(piece) is telling


@pytest.mark.parametrize("message, facts", [
    # round 15: a lost fact - the model left the sentence before the command out, as it
    # leaves a writer's lead-in out; "also" says it was a fact
    ("I keep bees. Please also remember that my van is red.", ["I keep bees", "My van is red"]),
    ("Hi Iris! I keep bees. Also remember that my van is red.", ["I keep bees", "My van is red"]),
    ("Can you help me? Please also remember that my van is red.", ["My van is red"]),
])
def test_a_command_that_adds_keeps_the_fact_before_it(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("message, facts", [
    # a subordinate clause before the fact, left out of every span by the model (fresh22,
    # development since its scoring, lost "once the kids are asleep" three times)
    ("once the baby is down i usually read for an hour. thx iris",
     ["Once the baby is down i usually read for an hour"]),
    ("fyi, whenever it snows our boiler breaks", ["Whenever it snows our boiler breaks"]),
    # words to the assistant or about the telling are no part of it
    ("when you get a chance, remember that I like tea", ["I like tea"]),
    ("oh, before it slips my mind, i take dance lessons", ["I take dance lessons"]),
    ("before we start my brother and i share a flat", ["My brother and i share a flat"]),
])
def test_a_subordinate_clause_before_a_fact_is_its_own(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("message, facts", [
    # a cut inside a joiner left its first words at the fact's end (fresh22 and fresh23,
    # development since their scoring: "I have a pet fish and for the | record ...")
    ("I keep bees and while I think of it my van is red", ["I keep bees", "My van is red"]),
])
def test_a_joiner_cut_in_two_leaves_nothing_at_the_facts_end(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("fact, kept", [
    ("I have a pet fish and for the", "I have a pet fish"),
    ("I only eat kosher and while i", "I only eat kosher"),
    ("My wife and i", "My wife and i"),  # no small word of a joiner after the conjunction
    ("I was forced to marry when i was a", "I was forced to marry when i was a"),
    ("and for the", "and for the"),  # never the whole fact
])
def test_the_broken_joiner_rule(fact, kept):
    assert offline._without_broken_joiner(fact) == kept


def test_what_a_request_after_the_facts_names_is_no_fact():
    # the object of a request for another task after the facts is no fact (fresh23,
    # development since its scoring: "... help me write a birthday card for | my mum")
    message = "I keep bees ok now help me write a card for my mum"
    spans = [(0, 11), (len(message) - 6, len(message))]
    assert segmenter._without_object_of_a_request(message, spans) == [(0, 11)]
    # a clause stays, and so does a phrase after no request
    message = "I keep bees ok now help me write a card, my mum is 80"
    spans = [(0, 11), (len(message) - 12, len(message))]
    assert segmenter._without_object_of_a_request(message, spans) == spans
    message = "I keep bees and my mum"
    assert segmenter._without_object_of_a_request(message, [(0, 11), (16, 22)]) == [(0, 11), (16, 22)]


@pytest.mark.parametrize("piece, kept", [
    # a question to the reader run onto the last fact (fresh25, development since its scoring)
    ("I do not drink alcohol is this all right", "I do not drink alcohol"),
    ("Imelda would rather sleep in my bed Is that understood", "Imelda would rather sleep in my bed"),
    ("I wonder what it is that you do", "I wonder what it is that you do"),  # a wh-clause
    ("My son is that tall", "My son is that tall"),  # what is left is no clause
])
def test_a_question_run_onto_the_last_fact_goes(piece, kept):
    assert segmenter._without_question_tail(piece) == kept


@pytest.mark.parametrize("message, facts", [
    # an aside to the reader in brackets, and a verb of telling or a modal a cut left alone
    # (fresh27, development since its scoring)
    ("remember I am a doctor (don't tell my sister)", ["I am a doctor"]),
    ("remember my nan Edie was born in 1940 and (don't ask) she hates tea",
     ["My nan Edie was born in 1940", "Edie hates tea"]),
    ("I have a dog (a beagle)", ["I have a dog (a beagle)"]),  # an aside about the thing stays
])
def test_an_aside_to_the_reader_is_no_part_of_a_fact(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("piece, left", [
    ("My son tells me", True), ("I might", True), ("My mum always says", True),
    ("My age is too old to say", False), ("I can swim", False), ("Shelby snores if", False),
])
def test_a_verb_of_telling_or_a_modal_alone_is_no_fact(piece, left):
    assert offline.dangling(piece) is left


@pytest.mark.parametrize("message, facts", [
    # a memory verb as the fact's own verb, not a command (fresh26, development since its
    # scoring: "... she can never | My birthday")
    ("remember that my mum always remembers my birthday and I live in Leeds",
     ["My mum always remembers my birthday", "I live in Leeds"]),
    ("remember that I still remember my first day at school and I have a dog",
     ["I still remember my first day at school", "I have a dog"]),
    ("please remember: I can never remember my PIN, and I like tea",
     ["I can never remember my PIN", "I like tea"]),
    ("note that my dad forgets names and that I drive a van", ["My dad forgets names", "I drive a van"]),
    ("remember that my son Tom is 7 and he can never remember my birthday",
     ["My son Tom is 7", "Tom can never remember my birthday"]),
    # ... with no adverb before it (fresh37, development since its scoring: "My pin whenever i
    # change phones"), but "before i forget" stays about the telling
    ("remember that i forget my pin whenever i change phones and my favorite colour is red",
     ["I forget my pin whenever i change phones", "My favorite colour is red"]),
    ("quick bits: 1) i own a cat 2) i forget my pin whenever i change phones",
     ["I own a cat", "I forget my pin whenever i change phones"]),
    ("I love tea. oh before i forget I walk three miles every day",
     ["I love tea", "I walk three miles every day"]),
])
def test_a_memory_verb_inside_a_fact_is_the_facts_verb(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("message, facts", [
    # a partner before "and I" joins its fact once, never twice (dev11b, dev4, fresh27)
    ("Bruno is our dog and I take him swimming on Saturdays. remember ok thank you",
     ["Bruno is our dog", "I take Bruno swimming on Saturdays"]),
    ("note tht I do not pick up my toys & I have a pet turtle & my best friend lives next door",
     ["I do not pick up my toys", "I have a pet turtle", "My best friend lives next door"]),
    ("I just got a job at a gas station oh n btw my late husband Arthur and I were married for 52 "
     "years.",
     ["I just got a job at a gas station", "My late husband Arthur and I were married for 52 years"]),
])
def test_a_partner_before_and_i_is_in_one_fact_only(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("message, facts", [
    # the opening of a question the cut left on the last fact (fresh26, development since its
    # scoring)
    ("remember: I have five sons new line I drive a mini van Is there anything else you need from me?",
     ["I have five sons", "I drive a mini van"]),
    ("um, okay, so, bullet one, my best friend lives next door. bullet two, i am four is it clear?",
     ["My best friend lives next door", "I am four"]),
])
def test_the_opening_of_a_cut_question_goes(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("message, facts", [
    # a lead-in that ends in a verb of telling and "that" before a list is no fact (fresh26,
    # development since its scoring)
    ("I would like to precise that\n🗂️ I have two dogs\n🗂️ I own two vintage mustangs",
     ["I have two dogs", "I own two vintage mustangs"]),
    ("Following up on my earlier message, I can confirm that\n- I swim\n- I knit",
     ["I swim", "I knit"]),
])
def test_a_lead_in_ending_in_telling_that_is_no_fact(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("message, facts", [
    # a verb the model left between a subject and its object (fresh26, development since its
    # scoring)
    ("Meeting notes, personal section: my pet pigeon Comet joined our team in March.",
     ["My pet pigeon Comet joined our team in March"]),
    ("Work stuff: my senior colleague Tsubasa joined our team in March and also they should not "
     "be disturbed before ten.",
     ["My senior colleague Tsubasa joined our team in March", "Tsubasa should not be disturbed before ten"]),
])
def test_a_verb_left_between_subject_and_object_joins_them(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("message, facts", [
    # the user writing this very message is no fact (fresh24, fresh25: development since their
    # scoring)
    ("Okay, I'm finally doing this. my sister and her wife live in the flat upstairs from me.",
     ["My sister and her wife live in the flat upstairs from me"]),
    ("sorry this is going to be a long one, i've been meaning to do this for weeks, anyway "
     "gymnastics is my favorite sport", ["Gymnastics is my favorite sport"]),
    # "this" before a noun is a fact's
    ("remember that I am doing this course in Leeds", ["I am doing this course in Leeds"]),
])
def test_the_user_writing_this_message_is_no_fact(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("message, facts", [
    # the user's comment clause before someone else's clause goes (fresh22, fresh26:
    # development since their scoring)
    ("remember: my cousin's baby eulalia came home from hospital on monday and i swear she "
     "panicked during the fireworks.",
     ["My cousin's baby eulalia came home from hospital on monday", "Eulalia panicked during the fireworks"]),
    # ... and the user's certainty (fresh37, development since its scoring: "I'm pretty sure
    # and he must have tablets with lunch")
    ("remember my roomie Evander lives below and i'm pretty sure he must have tablets with lunch",
     ["My roomie Evander lives below", "Evander must have tablets with lunch"]),
    # before the user's own clause, or with an object, it is the fact's
    ("remember that I think I will retire soon", ["I think I will retire soon"]),
    ("remember I believe in ghosts", ["I believe in ghosts"]),
])
def test_a_comment_clause_before_another_persons_fact_goes(message, facts):
    assert read_facts(message)[0] == facts


def test_a_verb_of_telling_left_alone_by_the_cut_is_no_fact():
    # fresh22, development since its scoring: "My granddaughter tells" was stored
    message = ("I am a retired schoolmaster, aged 81, and my granddaughter tells me you are able to "
               "remember things. I have a weakness for fish and chips")
    assert "My granddaughter tells" not in read_facts(message)[0]
    assert "I have a weakness for fish and chips" in read_facts(message)[0]


@pytest.mark.parametrize("message, facts", [
    # fresh28 (development since its scoring): a sign-off with "greetings" or "from" a place,
    # a learner's "I want say", the telling before a list's first counter
    ("iris note that i workout four hours a day period also i like tea greetings paulo",
     ["I workout four hours a day", "I like tea"]),
    ("I have a pet fish. I turned 18 yesterday. Best regards from Poland",
     ["I have a pet fish", "I turned 18 yesterday"]),
    ("My late wife's brother Eustace speaks no English at all. Also I want say I own two vintage "
     "mustangs", ["My late wife's brother Eustace speaks no English at all", "I own two vintage mustangs"]),
    ("hey iris so basically what i wanted to say is 1 / my favorite colors are red and silver "
     "2 / i am interested in photography",
     ["My favorite colors are red and silver", "I am interested in photography"]),
])
def test_learners_and_dictated_sign_offs_go(message, facts):
    assert read_facts(message)[0] == facts


# Round 19 (fresh28, fresh30: two writers): an apology for the message's own writing is about
# the telling; a fact about the user's English or spelling is not.
@pytest.mark.parametrize("piece, telling", [
    ("Sorry my spelling is terible", True), ("My spelling is terible", True),
    ("my english is not so good,sorry", True), ("Sorry for my english, i try my best", True),
    ("My English is not perfect but I try", True),
    ("My english teacher is Mr Smith", False), ("I teach english", False),
    ("My spelling is perfect and I love it", False), ("My english is fluent", False),
])
def test_an_apology_for_the_writing_is_no_fact(piece, telling):
    assert offline.about_the_telling(piece) is telling


def test_the_apology_goes_and_the_facts_stay():
    facts = read_facts("Hi Iris, sorry my spelling is terible, I have three dogs and I like to watch "
                       "the olympics")[0]
    assert facts == ["I have three dogs", "I like to watch the olympics"]


# Round 20 (fresh32, after scoring): a condition after a fact, in its sentence, that the model
# left out of every span is the fact's own; words to the assistant are not.
@pytest.mark.parametrize("message, facts", [
    ("Journal entry. For the record, 🌅 I play the piano 🌅 I play lawn bowls twice a week if the "
     "weather holds\n\nGoodnight, diary.",
     ["I play the piano", "I play lawn bowls twice a week if the weather holds"]),
    ("remember that I like tea if you don't mind", ["I like tea"]),
    # ... and one to three words coordinated after the last fact, before a sign-off
    ("I volunteer at the RSL on Anzac Day and Remembrance Day. write that down ta Thus spake Gary.",
     ["I volunteer at the RSL on Anzac Day and Remembrance Day"]),
])
def test_a_condition_after_a_fact_stays_with_it(message, facts):
    assert read_facts(message)[0] == facts


# Round 20 (fresh32, after scoring): a sentence a span ran on into that is no clause goes (chat
# between facts, a sign-off); an abbreviation's full stop ends no sentence.
@pytest.mark.parametrize("piece, kept", [
    ("I enjoy poetry. weather still lovely", "I enjoy poetry"),
    ("I have short hair. thus spake gary", "I have short hair"),
    ("My GP is Dr. Patel", "My GP is Dr. Patel"), ("I live in the U.S. now", "I live in the U.S. now"),
    ("I was born in St. Ives", "I was born in St. Ives"),
    ("I love cats. They are great", "I love cats. They are great"),
])
def test_a_fragment_after_the_facts_sentence_goes(piece, kept):
    assert segmenter._without_fragment_after(piece) == kept


@pytest.mark.parametrize("message, facts", [
    ("remember i drive a 2015 honda civic. i listen to rap music (3rd time telling you)",
     ["I drive a 2015 honda civic", "I listen to rap music"]),
    ("remember that my mum is a nurse (told you this before)", ["My mum is a nurse"]),
])
def test_an_aside_saying_the_telling_again_goes(message, facts):
    assert read_facts(message)[0] == facts


# Round 21 (fresh27, fresh29 and fresh32, development since their scoring): a span the model
# ended on a word that wants more ("than", "before", "the") takes the rest of its sentence.
@pytest.mark.parametrize("message, facts", [
    ("remember that my preschooler Tilda is covering for me next week and she heard about the "
     "reorg before anyone else", ["My preschooler Tilda is covering for me next week",
                                 "Tilda heard about the reorg before anyone else"]),
    ("remember that I play lawn bowls twice a week if the weather holds. Oh, PS: in my spare "
     "time i do volunteer work", ["I play lawn bowls twice a week if the weather holds",
                                 "In my spare time i do volunteer work"]),
])
def test_a_fact_ends_on_no_word_that_wants_more(message, facts):
    assert segmenter.read_facts(message)[0] == facts


# Round 21: a subordinator the model left between two spans joins them (the clause alone
# may say the opposite), and a comma clause it dropped after a fact goes on with the fact.
@pytest.mark.parametrize("message, facts", [
    ("remember that my first language is Amharic, though I have lived in Toronto since I was ten",
     ["My first language is Amharic, though I have lived in Toronto since I was ten"]),
    ("remember that I love dogs, especially greyhounds", ["I love dogs, especially greyhounds"]),
    ("remember that I love tea, as well as that, I own a dog", ["I love tea", "I own a dog"]),
])
def test_a_dropped_subordinator_or_comma_clause_stays_with_its_fact(message, facts):
    assert segmenter.read_facts(message)[0] == facts


def test_a_fact_is_never_stored_as_its_opposite():
    facts = segmenter.read_facts("remember that I am allergic to penicillin, not that I have "
                                 "needed it lately")[0]
    assert not any(f.startswith("I have needed it") for f in facts), facts


# Round 21 (fresh29 and fresh31, development since their scoring): a bracket the span opened
# and did not close is an aside the model half left out; a span ending in "why" goes on.
@pytest.mark.parametrize("message, facts", [
    ("remember that I am very strong for my age +also I feel like i might live forever (EOD is "
     "fine, no rush)", ["I am very strong for my age", "I feel like i might live forever"]),
    ("Don't know if you need this but I'm left-handed, which is probably why my handwriting is "
     "so bad", ["I'm left-handed, which is probably why my handwriting is so bad"]),
])
def test_an_open_bracket_and_a_why_at_a_span_end(message, facts):
    assert segmenter.read_facts(message)[0] == facts


@pytest.mark.parametrize("message, facts", [
    # an outline's counters and a label numbered in brackets (fresh39, development since its
    # scoring: "Now i live in the united states 1", "About me" as a fact)
    ("form-style: 1.1 now i live in the united states 1.2 i speak tamil at home",
     ["Now i live in the united states", "I speak tamil at home"]),
    ("Here goes:\nAbout me (1): I work at a school\nAbout me (2): I have a cat",
     ["I work at a school", "I have a cat"]),
])
def test_outline_counters_and_numbered_labels_are_counters(message, facts):
    assert read_facts(message)[0] == facts


def test_a_lone_decimal_is_a_number():
    text = "my gpa is 3.5 and i ran 1.2 miles"
    assert segmenter._plain_counters(text) == text


@pytest.mark.parametrize("message, facts", [
    # round 29: a condition or a time right after the command is the fact's own
    ("remember that if it is raining, I take the tram to work",
     ["If it is raining, I take the tram to work"]),
    ("remember please: in winter i go skiing in the tatras. thank you in advance!",
     ["In winter i go skiing in the tatras"]),
    # ... a hedge on the telling is not ("idk if it's useful but")
    ("my friends are all skateboarders and idk if it's useful but I am always wearing a hat",
     ["My friends are all skateboarders", "I am always wearing a hat"]),
    # a subject and its verb "to be" are one fact, whatever script the rest is in
    ("remember that my name in Chinese is 李明", ["My name in Chinese is 李明"]),
    # thanks in another script after the last fact is no part of it; the fact's own words are
    ("remember that my favorite color is grey 감사합니다~", ["My favorite color is grey"]),
    ("please note 첫 번째로 i am very lonely, 두 번째로 i live in the cloud 谢谢你啦",
     ["I am very lonely", "I live in the cloud"]),
    ("remember that I love the song 愛してる", ["I love the song 愛してる"]),
    # what Chinese, Japanese and Korean keyboards type
    ("Please add my information. ㆍI have three children ㆍI am a plumber",
     ["I have three children", "I am a plumber"]),
    ("please remember my next language to study is french。Oh right，I am a musician",
     ["My next language to study is french", "I am a musician"]),
    ("ｓａｖｅ this please: I have ３ dogs", ["I have 3 dogs"]),
    # an apology for the writing, and a wish to the reader, are no facts
    ("remember that I was born in Harbin. Sorry for my poor English.", ["I was born in Harbin"]),
    ("remember: i am an electrician, i work my parents farms have a nice day!",
     ["I am an electrician", "I work my parents farms"]),
    ("remember that we always have a great time at the lake", ["We always have a great time at the lake"]),
])
def test_round_29_cases(message, facts):
    assert read_facts(message)[0] == facts


# round 30 (extract_phrasings_fresh52/53, scored blind, then looked at)
@pytest.mark.parametrize("message, facts", [
    # a joiner in a language no list holds (the model is trained on made-up ones too)
    ("remember that I like to swim ve ayrıca my sister lives in Izmir",
     ["I like to swim", "My sister lives in Izmir"]),
    # "mi" is "my" (Caribbean English, Spanish): kept, and the pronoun after it resolved
    ("remember that ok so mi pot hound Bruk is eighty-seven and he hates the vet",
     ["Mi pot hound Bruk is eighty-seven", "Bruk hates the vet"]),
    # a starred correction takes the slip's place; a comment in brackets is no fact
    ("remember that my niece Shannon is 14 amd *and (stupid keyboard) she had an operation on her hip",
     ["My niece Shannon is 14", "Shannon had an operation on her hip"]),
])
def test_round_30_facts(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("text, corrected", [
    ("remeber *remember that I like tea", "remember that I like tea"),
    ("could you mote *note that", "could you note that"),
    ("hit send to soon *too", "hit send too soon"),  # the most alike of the words before it
    ("I *really* like tea", "I *really* like tea"),  # emphasis
    ("* I like tea", "* I like tea"),  # a bullet
    ("I like tea *coffee", "I like tea *coffee"),  # nothing alike before it: left alone
    ("*allergic", "*allergic"),
])
def test_a_starred_correction_replaces_its_slip(text, corrected):
    assert offline.with_corrections(text) == corrected


def test_a_comment_in_brackets_at_a_facts_edge_is_no_part_of_it():
    assert offline.clean_fact("(stupid keyboard)") == ""
    assert offline.clean_fact("(stupid keyboard) and she had an operation") == "She had an operation"
    assert offline.clean_fact("she is 14 and (stupid keyboard)") == "She is 14"
    assert offline.clean_fact("(Mia) is 7") == "(Mia) is 7"  # the subject
    assert offline.clean_fact("My cousin's wife (Thandiwe)") == "My cousin's wife (Thandiwe)"


@pytest.mark.parametrize("message, facts", [
    # round 30 (fresh53, development): the state of what the user types with, said for this
    # message, and an apology for the writing joined to a fact, are no facts
    ("memorize this plz my hands r shaky today i work from home & i watch too much tv",
     ["I work from home", "I watch too much tv"]),
    ("hi! sorry if this makes no sense, my spelling is terrible but i drive a bmw. ya thats it",
     ["I drive a bmw"]),
    ("logging this iris my keyboard keeps jumping\n• i like to tan\n• i love spending money",
     ["I like to tan", "I love spending money"]),
])
def test_the_telling_is_no_fact(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("piece, telling", [
    ("my hands r shaky today", True),
    ("My spell checker is switched off today", True),
    ("autocorrect keeps changing it", True),
    ("I'm just going to type it all out", True),
    ("my hands are shaky", False),  # may be a tremor: only "today" / "now" make it the typing's
    ("my phone is broken", False),
    ("my dog keeps barking", False),
])
def test_the_typing_said_for_this_message(piece, telling):
    assert offline.about_the_telling(piece) is telling


def test_an_apology_for_the_writing_before_a_fact():
    assert offline.clean_fact("sorry my english is not good but I live in Lyon") == "I live in Lyon"
    kept = "My english is good but i prefer french"  # no apology: a fact
    assert offline.clean_fact(kept) == kept


@pytest.mark.parametrize("message, facts", [
    # round 30 (fresh52, development): "th" said as "d" and "an" before a consonant ("an den")
    # are read as "and then" by the model; the facts keep the user's words
    ("remember that I am four an den I like to play with my dolls",
     ["I am four", "I like to play with my dolls"]),
    ("remember that i have one brother an den i like tacos", ["I have one brother", "I like tacos"]),
    ("remember that I ate an apple and I own an umbrella", ["I ate an apple", "I own an umbrella"]),
])
def test_an_english_said_otherwise(message, facts):
    assert read_facts(message)[0] == facts


def test_the_model_reads_an_before_a_consonant_as_and():
    said = "an den an hour an apple dat".split()
    assert segmenter._as_said(said) == "and then an hour an apple that".split()


@pytest.mark.parametrize("message, facts", [
    # round 31 (fresh55, development): the telling interrupted and taken up again is no fact,
    # nor the pronoun's antecedent
    ("plz remember my crewmate jonno came from the rspca in march. sorry, had to run to a buzzer, "
     "back now. he must not have grapes / plus my favorite band is the who",
     ["My crewmate jonno came from the rspca in march", "Jonno must not have grapes",
      "My favorite band is the who"]),
    # (fresh54, development): a Turkish or Persian sign-off after the last fact, a valediction
    # over a signature, a Turkish dotted capital lower-cased in the signature
    ("remember i like to play chess and i am in my thirties saygılarımla.",
     ["I like to play chess", "I am in my thirties"]),
    ("remember i hate math class va I am on the soccer team khodafez",
     ["I hate math class", "I am on the soccer team"]),
    ("remember I like tea. two dogs live with me ممنون", ["I like tea", "Two dogs live with me"]),
    ("remember I like tea\nI own a cat\n\nsaygılar,\nmehmet yılmaz\ni̇nşaat mühendisi",
     ["I like tea", "I own a cat"]),
])
def test_round_31_shorthand_interruptions_and_sign_offs(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("piece, telling", [
    ("Sorry, had to run to a buzzer, back now.", True),
    ("bleep went off, sorry, where was i", True),
    ("Sorry,got bleeped,where was I", True),
    ("Post night shift, so apologies for brevity", True),
    ("sorry for the essay, nights do this to me", True),
    ("I work nights, so apologies for brevity", False),  # a fact before "so"
    ("brain is mush after 3 nights", True),
    ("brain surgery after 3 nights", False),
    ("My English Not Perfect", True),  # the copula dropped, as in the writer's first language
    ("my english teacher", False),
    ("I had to run a marathon", False),
    ("I am back in London now", False),
])
def test_an_interruption_is_about_the_telling(piece, telling):
    assert offline.about_the_telling(piece) is telling


def test_with_respect_inside_a_fact_stays():
    assert read_facts("remember that my wife treats me with respect, Ana says")[0] == \
        ["My wife treats me with respect"]


@pytest.mark.parametrize("message, facts", [
    # round 31 (fresh55, development): hashtags, the writing and the writer's state after or
    # between facts are no part of them
    ("remember I Ride The Bus To School, My Brother Is Older Than Me, I Am On The Soccer Team #Nightshift",
     ["I Ride The Bus To School", "My Brother Is Older Than Me", "I Am On The Soccer Team"]),
    ("remember i try various coffees as a hobby and i played football for a division a colllege "
     "dont judge the 0400 spelling",
     ["I try various coffees as a hobby", "I played football for a division a colllege"]),
    ("remember my hubby Gaz is a retired nurse - sorry, it's 0400 and my brain is soup - he would "
     "rather I did days. and I like tea",
     ["My hubby Gaz is a retired nurse", "Gaz would rather I did days", "I like tea"]),
    # ... but a hashtag that is the fact's object, a fact's "back", and a brain said of a fact stay
    ("remember I support #BlackLivesMatter", ["I support #BlackLivesMatter"]),
    ("remember that my dad had both hips replaced a few years back",
     ["My dad had both hips replaced a few years back"]),
    ("remember that i love soup and my brain is fried rn", ["I love soup and my brain is fried rn"]),
])
def test_round_31_tails_about_the_telling(message, facts):
    assert read_facts(message)[0] == facts


@pytest.mark.parametrize("message, facts", [
    # round 31 (fresh54, development): thanks of two words or more after a fact that ends in a
    # verb, Turkish blessings, and "with respect" signing off
    ("remember i live in a house and i like to take walks kheili mamnoon",
     ["I live in a house", "I like to take walks"]),
    ("remember i am very strong for my age and i feel like i might live forever çok sağ ol 🙏",
     ["I am very strong for my age", "I feel like i might live forever"]),
    ("remember i like to eat chocolate candy allah'a emanet ol", ["I like to eat chocolate candy"]),
    ("remember my brother is older than me va I hate math class With respect, Hossein",
     ["My brother is older than me", "I hate math class"]),
    ("remember that my family does not support my career choices With respect",
     ["My family does not support my career choices"]),
    # ... but a name after "is called" (lost on the start code too), and respect the fact's
    # own, stay
    ("remember that my cat is called Ciao", ["My cat is called Ciao"]),
    ("remember my dog is named Cheers and I like tea", ["My dog is named Cheers", "I like tea"]),
    ("remember that I was treated with respect", ["I was treated with respect"]),
])
def test_round_31_sign_offs_after_the_last_fact(message, facts):
    assert read_facts(message)[0] == facts
