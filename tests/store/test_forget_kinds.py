"""WordNet's "is a kind of" for forget by description (iris/store/kinds.py): a request naming
a kind ("my sheepdog") finds a memory naming a kind of it ("my collie"), a sibling never
("my dog" is no "cat"); a plural ("the sports I play") widens to every memory that may be one
into a choice; irregular verb forms count as their base (sold/selling); a request frame ("no
need to remember X") is not part of the description. No embedder: WordNet data only."""

import pytest

from iris.store import forget
from iris.store.kinds import is_noun, is_plural, kinds_of


def _decide(description, memories):
    return forget.decide(description, [forget.Candidate(i + 1, m) for i, m in enumerate(memories)])


@pytest.mark.parametrize(("description", "memory"), [
    ("my sheepdog", "My collie Pepper sleeps at the foot of my bed"),
    ("that i like sweets", "I like to eat chocolate candy."),
    ("which languages i speak", "I speak chinese"),
    ("the city I live in", "I live in a small city called cardiff"),
    ("selling my motorbike", "I sold my motorbike last spring"),
    ("my clown phobia", "I am terrified of clowns due to childhood trauma."),
])
def test_a_kind_or_a_form_of_the_described_word_is_found(description, memory):
    decision = _decide(description, [memory])
    # a plural noun ("which languages") that finds one memory asks about it, never deletes
    assert [c.id for c in decision.candidates] == [1]
    assert decision.status == ("ambiguous" if description == "which languages i speak"
                               else "forgotten")


@pytest.mark.parametrize(("description", "memory"), [
    ("my dog", "I have a cat named Tom."),                      # siblings, not kinds
    ("my sheepdog", "I have a poodle called Biscuit."),         # a dog, but no sheepdog
    ("that i like sweets", "I like salty crisps."),
    ("which languages i speak", "I play the violin."),
    ("that I bought a motorbike", "I sold my motorbike last spring"),   # another verb
    ("that I play baseball", "I love playing softball."),
])
def test_a_sibling_or_another_verb_is_not_found(description, memory):
    assert _decide(description, [memory]).status == "not_found"


def test_a_plural_widens_to_each_memory_that_may_be_one():
    # softball's main sense is the ball; as a game it is a sport: the choice is the user's.
    decision = _decide("the sports I play", ["I love playing softball.", "I like playing basketball."])
    assert decision.status == "ambiguous" and {c.id for c in decision.candidates} == {1, 2}
    # The same memories, one named in the singular: no widening, no deletion of the other.
    single = _decide("the basketball", ["I love playing softball.", "I like playing basketball."])
    assert single.status == "forgotten" and single.id == 2


@pytest.mark.parametrize(("description", "memories"), [
    ("where I moved to", ["I moved to Denver last year.", "I love hiking in the mountains."]),
    ("my favorite color", ["My favorite color is green", "I have brown curly hair."]),
    ("my job", ["I work as a software engineer at Acme", "I am training for a marathon"]),
])
def test_verbs_adjectives_and_topic_nouns_are_not_widened_by_wordnet(description, memories):
    decision = _decide(description, memories)
    assert decision.status == "forgotten" and decision.id == 1


@pytest.mark.parametrize(("request_text", "memory", "status"), [
    ("no need to remember my clown phobia anymore", "I am terrified of clowns.", "forgotten"),
    ("i don't want you remembering my clown phobia", "I am terrified of clowns.", "forgotten"),
    ("i don't want you remembering my fear of snakes", "I am terrified of clowns.", "not_found"),
    ("there's no need to keep that I like tea", "I like tea.", "forgotten"),
    ("there's no need to keep that I like tea", "I like coffee.", "not_found"),
    ("stop remembering my job", "I work as a nurse.", "forgotten"),
])
def test_a_request_frame_is_not_part_of_the_description(request_text, memory, status):
    assert _decide(request_text, [memory]).status == status


def test_the_table_knows_nouns_and_their_kinds():
    assert "dog" in kinds_of("collie").main and "dog" in kinds_of("collies").main
    assert "dog" not in kinds_of("cat").main | kinds_of("cat").any
    assert is_noun("sweets") and not is_noun("moved")
    assert kinds_of("brown").main == frozenset()  # mostly an adjective: no colour named


def test_a_plural_said_in_a_memory_is_not_widened():
    # "girl" is a kid in another sense, but one memory says "kids": that one is meant.
    decision = _decide("how many kids I have", ["I have three kids", "I am a little girl."])
    assert decision.status == "forgotten" and decision.id == 1


@pytest.mark.parametrize(("request_text", "status"), [
    ("delte my fish", "forgotten"),     # a misspelled verb is no word of the description
    ("delte my cat", "not_found"),
])
def test_a_misspelled_removal_verb_is_not_described(request_text, status):
    decision = _decide(request_text, ["I have a pet turtle.", "I have a pet fish."])
    assert decision.status == status


@pytest.mark.parametrize(("word", "plural"), [
    ("sports", True), ("states", True), ("languages", True), ("glasses", True),
    ("tennis", False), ("paris", False), ("series", False), ("class", False),
])
def test_a_plural_is_a_noun_with_a_regular_ending(word, plural):
    assert is_plural(word) is plural


@pytest.mark.parametrize(("word", "plural"), [
    ("children", True), ("grandchildren", True), ("wives", True), ("women", True),
    ("people", True), ("omen", False), ("amen", False), ("sheep", False),
])
def test_an_irregular_plural_is_a_plural_when_asked_for(word, plural):
    assert is_plural(word, irregular=True) is plural



# Round 19 (fresh25's "forget that im a veggie" deleted "I like to eat hamburgers and french
# fries.": fries are a kind of vegetable): what the user is, found through a kind, is found
# only where the memory says what the user is.
@pytest.mark.parametrize(("description", "memory", "status"), [
    ("that im a veggie", "I like to eat hamburgers and french fries.", "not_found"),
    ("that im a musician", "I love listening to drummers", "not_found"),
    ("that im a musician", "I am a drummer in a band", "forgotten"),
    ("that i'm a doctor", "I work as a surgeon at St James's", "forgotten"),
])
def test_what_the_user_is_is_a_kind_only_where_the_memory_says_what_the_user_is(description, memory,
                                                                                  status):
    assert _decide(description, [memory]).status == status
