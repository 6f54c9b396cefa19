"""Punctuation spoken aloud (iris/extract/dictation.py) and a clause before "but" that the
hedge reading must keep (iris/extract/asides.py)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from iris.extract import dictation
from iris.extract.asides import is_telling_hedge, may_match
from iris.extract.dictation import spoken_marks
from iris.extract.offline import split_facts
from iris.extract.segmenter import read_facts


@pytest.mark.parametrize("message, facts", [
    ("remember that cats sleep but i dont", ["Cats sleep but i dont"]),  # "sleep": no lexicon verb
    ("dogs bark but i love them", ["Dogs bark but i love them"]),  # "bark": mostly a noun
    ("random thought but I keep bees", ["I keep bees"]),  # a noun phrase is still a hedge
])
def test_a_plural_subject_and_its_verb_is_no_hedge(message: str, facts: list[str]) -> None:
    assert split_facts(message) == facts


def test_a_plural_at_the_end_is_a_noun_phrase() -> None:
    assert is_telling_hedge("random thoughts", verbless=True)
    assert not is_telling_hedge("cats sleep", verbless=True)


@pytest.mark.parametrize("message, facts", [
    ("Iris Note That I Love To Play Board Games. Full Stop\n ", ["I Love To Play Board Games"]),
    ("i work at a school full stop ✨✨", ["I work at a school"]),
    ("I feel like i might live forever end of note Many thanks", ["I feel like i might live forever"]),
    ("I like tea period", ["I like tea"]),
    ("I like tea comma I have a dog", ["I like tea", "I have a dog"]),
    ("I like tea new line I have a dog", ["I like tea", "I have a dog"]),
])
def test_spoken_marks_are_no_words_of_a_fact(message: str, facts: list[str]) -> None:
    assert split_facts(message) == facts


@pytest.mark.parametrize("text", [
    "my period is late",  # a possessive before it: the noun
    "it was a tough period",  # a determiner just before it
    "I love period dramas",  # a noun modifier, no sentence after it
    "I love the oxford comma",  # nothing after it: no clause to separate
    "the oxford comma is my favourite",
    "we started a new line of work",
    "I came to a full stop",
    "Period.",  # a word alone is the user's
])
def test_mark_words_in_a_fact_stay(text: str) -> None:
    assert spoken_marks(text) == text


def test_the_fast_path_stores_a_fact_without_its_spoken_stop() -> None:
    from iris.direct import DirectHandler

    decision = DirectHandler().decide("remember that I like tea full stop")
    assert (decision.action, decision.content) == ("store", "I like tea")


@pytest.mark.parametrize("text, written", [
    # the other marks said aloud (fresh26, development since its scoring)
    ("I like donuts semicolon my favorite band is Blur", "I like donuts; my favorite band is Blur"),
    ("remember this iris colon bullet one, I swim", "remember this iris: bullet one, I swim"),
    ("is that clear question mark", "is that clear?"),
    ("I won the raffle exclamation mark", "I won the raffle!"),
    ("open quote I keep bees close quote", " I keep bees"),
    # the organ, a plural, a noun after a determiner: words of the fact
    ("I had colon cancer in 2019", "I had colon cancer in 2019"),
    ("my mum had a colon removed", "my mum had a colon removed"),
    ("I love semicolons", "I love semicolons"),
    # "slash" between two clauses (fresh22, development since its scoring), not a noun
    ("I grew up in manhattan slash I graduated from yale", "I grew up in manhattan; I graduated from yale"),
    ("I read about slash and burn farming", "I read about slash and burn farming"),
    ("my favourite key is the slash", "my favourite key is the slash"),
    # a voice assistant's own commands at the end (fresh28, development since its scoring)
    ("I coach little league baseball stop recording", "I coach little league baseball."),
    ("I just bought my first home send message", "I just bought my first home."),
    # an ellipsis, brackets and a list's bullet said aloud (fresh38, development since its
    # scoring: "I drive a 2015 honda civic dot dot dot", "Open bracket a close bracket")
    ("i drive a civic dot dot dot and i produce music", "i drive a civic... and i produce music"),
    ("open bracket a close bracket I swim open bracket b close bracket I knit", "(a) I swim (b) I knit"),
    ("write this down dot point I have a big library dot point I am partly deaf",
     "write this down \u2022 I have a big library \u2022 I am partly deaf"),
    ("I hate bullet point lists", "I hate bullet point lists"),  # no clause after it
    # a list's letters said aloud, when "a" and "b" both are (fresh38, after its scoring)
    ("letter a i swim letter b i knit", "(a) i swim (b) i knit"),
    ("point a um i am married point b um i golf", "(a) um i am married (b) um i golf"),
    ("i got a letter a week ago", "i got a letter a week ago"),
    ("letter a i swim", "letter a i swim"),
    # an emoji said aloud at the end (fresh38, after its scoring), not a noun phrase of the fact
    ("Please remember that I am a woman smiley face", "Please remember that I am a woman."),
    ("I am an economics major thumbs up emoji", "I am an economics major."),
    ("I have a smiley face tattoo", "I have a smiley face tattoo"),
    ("my favourite is the heart emoji", "my favourite is the heart emoji"),
])
def test_other_marks_said_aloud_are_written(text: str, written: str) -> None:
    assert spoken_marks(text) == written


@pytest.mark.parametrize("message, facts", [
    # an emoji's chat shortcode as a list's bullet (fresh29, development since its scoring:
    # every line but the last was lost)
    ("please remember these:\n:white_check_mark: i have a boyfriend\n:white_check_mark: i live in a "
     "house\n:white_check_mark: i like to eat hamburgers",
     ["I have a boyfriend", "I live in a house", "I like to eat hamburgers"]),
    ("add to my notes pls :small_blue_diamond: I used to be a painter :small_blue_diamond: I am a nurse",
     ["I used to be a painter", "I am a nurse"]),
    ("remember the meeting is at 10:30:45", ["The meeting is at 10:30:45"]),  # a time
])
def test_an_emoji_shortcode_is_a_bullet(message: str, facts: list[str]) -> None:
    assert read_facts(message)[0] == facts


def test_a_dictated_list_is_read_as_written() -> None:
    message = ("please memorize the following. open bracket a close bracket I am a retired gym "
               "teacher open bracket b close bracket cheeseburgers are my favorite food")
    assert read_facts(message)[0] == ["I am a retired gym teacher", "Cheeseburgers are my favorite food"]


# The words the spoken-mark patterns are made of, and a few others: any text of them the
# patterns match must pass the cheap word check that lets most messages skip the scan.
_MARK_VOCABULARY = st.sampled_from([
    "full", "stop", "end", "of", "the", "note", "message", "dictation", "recording", "send", "semi",
    "colon", "semicolon", "exclamation", "mark", "point", "question", "open", "close", "quote",
    "quotes", "unquote", "dot", "bracket", "brackets", "parenthesis", "parentheses", "paren",
    "parens", "smiley", "winky", "sad", "frowny", "laughing", "crying", "face", "thumbs", "up",
    "emoji", "bullet", "period", "comma", "slash", "new", "line", "paragraph", "letter", "item",
    "a", "b", "I", "swim", "-", ",", "."])


@settings(max_examples=500, deadline=None)
@given(st.lists(_MARK_VOCABULARY, min_size=1, max_size=6).map(" ".join))
def test_every_spoken_mark_passes_the_word_check(text: str) -> None:
    if dictation._MARK.search(text):
        assert may_match(text, dictation._MARK_WORDS)
    if dictation._SPOKEN_LETTER.search(text):
        assert may_match(text, dictation._LETTER_WORDS)
