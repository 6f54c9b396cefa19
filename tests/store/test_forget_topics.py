"""Forget by topic (iris/store/forget.py + intents/fastpath/topics.yaml): "forget my car"
finds "I drive a red Toyota", and no near miss gets through the topic path."""

import pytest

from iris.errors import ConfigError
from iris.store import forget
from iris.store.forget import Candidate, decide
from iris.text import stem
from iris.types import MemoryItem

OTHERS = ["I play chess online", "My favorite color is green"]


def _decide(description, *contents):
    return decide(description, [Candidate(id=i + 1, content=c) for i, c in enumerate(contents)])


@pytest.mark.parametrize("description, memory", [
    ("my car", "I drive a red Toyota"),
    ("my vehicle", "I drove an old Honda Civic for years"),
    ("my birthday", "I was born on July 2nd"),
    ("my birthday", "I was born in October"),
    ("my football team", "I support Liverpool football club"),
    ("my team", "I am a fan of the Boston Celtics"),
    ("my job", "I'm a nurse"),
    ("my job", "I am a freelance photographer"),
    ("my wife's job", "My wife Sara is a dentist"),
    ("my city", "I live in Glasgow"),
    ("the town I grew up in", "I grew up in Leeds"),
    ("my spouse", "My husband's name is Marco"),
    ("my pet", "I have a parrot called Kiwi"),
    ("my degree", "I studied physics at Oxford"),
    ("that I'm not able to eat gluten", "I can't eat gluten"),  # a paraphrase of "can't"
    ("that I am unable to swim", "I cannot swim"),
    ("my dog", "I have a golden retriever called Max"),  # a breed names the animal
    ("my pet", "I have a golden retriever called Max"),  # through "@dog"
    ("my coffee order", "I order an oat milk latte every morning"),
    ("my scooter", "I ride a red Vespa"),
    ("my bedtime", "I go to bed at 11 pm"),
    ("my trips to europe", "I visit europe twice a year."),  # a trip is a visit
    ("the spain travel stuff", "I have visited spain a times."),
    ("the tokyo trip", "I'm flying to Tokyo in March"),
    ("what street i'm on", "I live on Maple Drive"),  # a street named "drive"
    ("what road i live on", "I live on Juniper Close"),
    ("my address", "I live on Maple Drive"),
    ("what i do for work", "I am a baby delivery nurse."),  # two describing words
    ("my line of work", "I work as a car salesman."),
    ("how i take my coffee", "I drink oat milk lattes"),  # a plural of a topic word
    ("my street name", "My flat is on Rose Lane"),
    ("my birth date", "My birthday is on the 3rd of May"),  # "date" frames, like "name"
    ("how many kids I have", "I have three kids"),
    ("my lactose intolerance", "I'm lactose intolerant"),  # one base, other endings
    ("the year I was born", "I was born in 1988"),
    ("my wedding", "I got married in 2020"),
])
def test_a_topic_finds_the_memory_that_says_it_another_way(description, memory):
    decision = _decide(description, memory, *OTHERS)
    assert (decision.status, decision.id) == ("forgotten", 1)


@pytest.mark.parametrize("description, memory", [
    ("my parot", "I have a parrot called Kiwi"),  # a letter dropped
    ("my rabit", "My rabbit is called Snow"),
    ("my tortise", "I have a tortoise named Shelly"),
    ("my wifes name", "My wife's name is Ana"),  # no apostrophe
])
def test_one_dropped_letter_is_forgiven(description, memory):
    decision = _decide(description, memory, *OTHERS)
    assert (decision.status, decision.id) == ("forgotten", 1)


@pytest.mark.parametrize("description, memory", [
    # tea vs coffee: "drink" is a topic, "tea" is not
    ("that I drink tea", "I drink two cups of coffee a day"),
    ("my tea", "I drink black coffee after lunch"),
    # a substituted letter is another word, not a typo
    ("that I like toffee", "I like coffee"),
    ("Mario", "My cousin Marco lives in Rome"),
    # wife vs husband, partner, parents
    ("my husband", "My wife Sara is a dentist"),
    ("my wife", "My partner Alex is a chef"),
    ("my father's name", "My mother is called Ruth"),
    # city vs street, both ways
    ("the city I live in", "I live at 12 Baker Street"),
    ("my city", "I live on Elm Street"),
    ("the street I live on", "I live in Lyon"),
    ("that I live in Edinburgh", "I live in Glasgow"),
    # a different pet, a different vehicle
    ("my dog", "I have a parrot called Kiwi"),
    ("my turtle", "I have a tortoise named Shelly"),
    ("my bike", "I drive an old Honda Civic"),
    ("my car", "I ride a blue motorbike"),
    # different years and numbers
    ("that I graduated in 2016", "I graduated from university in 2015"),
    ("that I was born in 1987", "I was born in 1988"),
    ("that I wake up at 7", "I wake up at 6 am"),
    # a different named entity or colour under a matching topic
    ("that I drive a Toyota", "I drive an old Honda Civic"),
    ("that I drive a blue Toyota", "I drive a red Toyota"),
    ("that I support Chelsea", "I support Liverpool football club"),
    ("that my favourite band is Coldplay", "My favourite band is Radiohead"),
    # a topic found in someone else's fact
    ("my job", "My wife Sara is a dentist"),
    ("my car", "My brother drives a Toyota"),
    ("my city", "My sister lives in Toronto"),
    # a word that only looks like the topic: "Baker Street" is no occupation
    ("my job", "I live at 12 Baker Street"),
    ("my birthday", "I was born in Paris"),
    ("my city", "I grew up in the industry"),  # "grew up in" a place, not a trade
    ("my city", "I live in a small flat"),
    ("that I am unable to swim", "I can swim"),
    ("my cat", "I have a golden retriever called Max"),
    ("that I drink tea", "I drink a cappuccino after lunch"),  # coffee, by another name
    ("that I have two kids", "I have three kids"),
    ("my patience", "I am a patient"),  # too short a base to fold endings
    ("the street I work on", "I work as a nurse at St Mary's hospital"),
    ("my trip to spain", "I moved to Spain last year"),  # a move is no trip
    ("my trips to spain", "I have visited portugal a times."),
    ("my street", "I live on coffee and toast"),  # "live on" a name and a street word only
    ("my street", "I drive a van"),
    ("my trip", "I go to the gym every day"),
])
def test_near_misses_stay_not_found(description, memory):
    assert _decide(description, memory).status == "not_found"


def test_a_topic_matching_two_memories_is_ambiguous():
    decision = _decide("my car", "I drive a red Toyota", "My car is a grey Volvo", *OTHERS)
    assert decision.status == "ambiguous"
    assert {c.id for c in decision.candidates} == {1, 2}


def test_the_topic_of_someone_named_is_found():
    decision = _decide("my brother's car", "My brother drives a Toyota", "I drive a Volvo")
    assert (decision.status, decision.id) == ("forgotten", 1)


def test_the_shipped_topics_load_and_keep_wife_apart_from_husband():
    topics = forget.topics()
    assert {"car", "birthday", "team", "work", "city", "pet", "partner"} <= {
        t.name for t in topics.values()}
    assert "wif" not in topics and "husband" not in topics  # people are never topic keys
    assert topics[stem("vehicle")] is topics[stem("cars")] is topics["car"]  # aliases, plurals
    assert topics[stem("job")] is topics[stem("work")]


def _topics_in(tmp_path, text):
    (tmp_path / "topics.yaml").write_text(text, encoding="utf-8")
    forget.topics.cache_clear()
    try:
        return forget.topics(tmp_path)
    finally:
        forget.topics.cache_clear()


def test_two_topics_claiming_one_noun_is_a_config_error(tmp_path):
    with pytest.raises(ConfigError, match="names both"):
        _topics_in(tmp_path, "topics:\n  car: {words: [car]}\n"
                             "  auto: {aliases: [car], words: [auto]}\n")


@pytest.mark.parametrize("text", ["topics: [car]\n", "nothing: {}\n",
                                  "topics:\n  car: {words: [car], patterns: ['(']}\n"])
def test_a_malformed_topics_file_is_a_config_error(tmp_path, text):
    with pytest.raises(ConfigError, match="topics"):
        _topics_in(tmp_path, text)


def test_a_match_outside_the_semantic_shortlist_still_makes_it_ambiguous(db_settings):
    """Forget looks at every memory, not the embedding shortlist: with a shortlist of one,
    only the nearest "car" memory was a candidate and was deleted as "the only match"."""
    from iris.embed import HashingEmbedder
    from iris.store import MemoryStore

    settings = db_settings.model_copy(update={"search_shortlist": 1})
    store = MemoryStore(settings, embedder=HashingEmbedder())
    try:
        store.store("u", [MemoryItem(content=c) for c in
                          ["I drive a red Toyota", "My car is a grey Volvo", *OTHERS]])
        result = store.forget("u", query="my car")
        assert result.status == "ambiguous"
        assert store.count("u") == 4
    finally:
        store.close()


@pytest.mark.parametrize("description, memory", [
    ("my allergy", "I am allergic to penicillin"),  # "allergy" is a feeling to the verifier
    ("my hay fever", "I am allergic to pollen"),  # a topic noun of two words
    ("my rugby club", "I am a supporter of Leinster"),  # "rugby" narrows, nothing contradicts
    ("my husband's job", "My husband teaches history"),
    ("my fish", "We keep koi in the pond"),
    ("when I quit", "I quit smoking in 2010"),  # a marker of change is the content here
    ("my pottery class", "I do pottery on Thursdays"),  # "class" frames, like "name"
    ("my birthplace", "I was born in Peru"),
    ("my phobia", "I am scared of heights"),
])
def test_folded_words_modifiers_and_frames_find_the_memory(description, memory):
    decision = _decide(description, memory, *OTHERS)
    assert (decision.status, decision.id) == ("forgotten", 1)


@pytest.mark.parametrize("description, memory", [
    ("my hay fever", "I am allergic to cats"),
    ("my allergy", "I love peanut butter"),
    ("my football team", "I am a fan of the Lakers basketball team"),  # another sport said
    ("my rugby club", "I support Liverpool football club"),
    ("my Toyota car", "My car is a grey Volvo"),
    ("my Toyota car", "My car is old"),  # the topic word itself, not a topic: no guess
    ("my husband's job", "My husband teaches me chess"),
    ("when I retired", "I moved to Spain in 2019"),
    ("my coffee at work", "I drink green tea at work"),  # a topic noun is never left unsaid
    ("my tea at work", "I'm a civil engineer"),  # "tea" is no modifier of a job
    ("my brother's car", "I drive a Volvo"),  # nor is a person
    ("my koi", "I have a goldfish"),
    ("my birthplace", "I was born in 1990"),
    ("my birthplace", "I was born in May"),
    ("my phobia", "I hate mushrooms"),
])
def test_near_misses_of_the_looser_rules_stay_not_found(description, memory):
    assert _decide(description, memory).status == "not_found"


@pytest.mark.parametrize(("description", "status"), [
    ("the name of my road", "forgotten"),        # road, avenue, lane: the street I live on
    ("what city I live in", "not_found"),
    ("that I live on Elm Road", "not_found"),
    ("my road trip", "not_found"),
])
def test_any_word_for_a_street_names_the_street(description, status):
    memories = [forget.Candidate(1, "I live on Maple Avenue")]
    assert forget.decide(description, memories).status == status


@pytest.mark.parametrize("description, memories, expected", [
    # "my family" is a group: one member found is not all of it, so it is asked about.
    ("my family", ["My son Tomasz plays ice hockey for the under 12s", "I enjoy poetry."],
     ("ambiguous", {1})),
    # a spouse is family, said or not ("married to")
    ("my family", ["I am married to a doctor.", "My son Tomasz plays ice hockey", "I enjoy poetry."],
     ("ambiguous", {1, 2})),
    # the group noun said by the memory itself is the memory
    ("where my family is from", ["My family is from Lebanon", "I enjoy poetry."], ("forgotten", {1})),
    ("my son", ["My son Tomasz plays ice hockey", "I enjoy poetry."], ("forgotten", {1})),
    # a honeymoon is a trip: "travel" is not the only memory that says it
    ("travel", ["I really like to travel.", "We're going to Kyoto for our honeymoon in April"],
     ("ambiguous", {1, 2})),
    ("what my other half does", ["I am married to a doctor.", "I enjoy poetry."], ("forgotten", {1})),
    ("my partner", ["My sister is married to a doctor.", "I enjoy poetry."], ("not_found", set())),
])
def test_a_group_noun_is_asked_about_and_a_spouse_and_a_honeymoon_are_known(
        description, memories, expected):
    decision = forget.decide(description, [forget.Candidate(i + 1, m) for i, m in enumerate(memories)])
    assert (decision.status, {c.id for c in decision.candidates}) == expected


@pytest.mark.parametrize("description, memory", [
    ("what i do for work", "I am a museum tour guide."),  # an occupation no list names:
    ("what my grandfather did for work", "My grandad Albert was a coal miner"),  # WordNet's
    ("what the missus does for work", "My wife Siobhan is a midwife"),  # worker, professional
])
def test_an_occupation_by_its_wordnet_kind_is_a_job(description, memory):
    decision = _decide(description, memory, *OTHERS)
    assert (decision.status, decision.id) == ("forgotten", 1)


@pytest.mark.parametrize("description, memory", [
    ("my job", "I am a volunteer at the animal shelter"),  # a service, not an occupation
    ("my job", "I am a veteran"),
    ("my job", "I am a big fan of jazz"),
    ("what i do for work", "My wife Siobhan is a midwife"),  # her job, not the user's
    ("my job", "I like my tour guide book"),  # not in the occupation slot
])
def test_a_kind_outside_an_occupation_is_no_job(description, memory):
    assert _decide(description, memory).status == "not_found"
