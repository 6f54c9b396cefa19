"""The per-message memo (iris/extract/memo.py) and the cheap pre-checks in front of the
extractor's costlier tests: each must give exactly what the reading without it gives (the
whole-output check is benchmarks/dump_extract.py, diffed before and after a speed change)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from iris.extract import asides, chat, closers, joiners, memo, offline, wrappers
from iris.extract.offline import is_clause, split_facts

SOME = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _counted() -> tuple[list[str], object]:
    seen: list[str] = []

    @memo.per_message
    def upper(text: str, suffix: str = "") -> str:
        seen.append(text)
        return text.upper() + suffix

    return seen, upper


def test_a_call_repeated_within_a_message_is_answered_from_the_memo():
    seen, upper = _counted()
    with memo.message():
        assert upper("tea") == upper("tea") == "TEA"
        assert upper("tea", "!") == "TEA!"  # other arguments, another entry
    assert seen == ["tea", "tea"]


def test_outside_a_message_and_across_messages_every_call_reads_again():
    seen, upper = _counted()
    upper("tea")
    upper("tea")
    with memo.message():
        upper("tea")
    with memo.message():
        upper("tea")
    assert seen == ["tea"] * 4


def test_a_nested_message_keeps_the_memo_it_is_inside():
    seen, upper = _counted()
    with memo.message():
        upper("tea")
        with memo.message():
            upper("tea")
    assert seen == ["tea"]


def test_the_memo_is_bounded(monkeypatch):
    seen, upper = _counted()
    monkeypatch.setattr(memo, "MAX_ENTRIES", 2)
    long_text = "x" * (memo.MAX_TEXT_CHARS + 1)
    with memo.message():
        for text in ("a", "b", "c", "c", long_text, long_text):
            upper(text)
    assert seen == ["a", "b", "c", "c", long_text, long_text]  # "c" and the long text not kept


def test_split_facts_reads_each_message_in_a_memo_of_its_own():
    assert split_facts("remember I like tea and I have a dog") == ["I like tea", "I have a dog"]
    assert memo._table.get() is None  # closed after the message


# --- pre-checks: the same answer as the reading they skip --------------------------------

_TRICKY = st.sampled_from(["I", "i", "im", "I'm", "it\u2019s", "DON'T", "\u0130stanbul", "\u017f",
                           "\u212a", "so", "lol", "ngl", "uh", "um", "like", "and", "erm",
                           "that", "this", "if", "you", "know", "hope", "think", "say", "me",
                           "from", "tea", "Tea", "my", "dog", "-", ",", ".", "!", "?", ":)"])
_PHRASES = st.lists(_TRICKY, max_size=9).map(" ".join)


@pytest.mark.parametrize("text", [
    "I think", "i reckon that's it", "let me see", "to be honest", "if I may", "as I said",
    "like i mentioned before", "before I forget", "not sure if I told you this already",
    "that's it from me", "thats me", "for what it's worth", "I'm just saying",
    "I would like to share a few details", "if that makes sense", "hope thats useful",
    "not sure if this helps", "if you get me", "or something like that", "n stuff",
    "or whatever", "idk if that matters", "in case you know", "I hope", "I guess", "I mean",
    "I trust", "I believe", "I imagine", "I figure", "I feel like", "I admit", "I confess",
    "I note", "we point out", "I repeat", "I'd add", "I suppose", "I must say", "like i wrote",
    "if i shared", "as I told u", "to be frank", "to be brief", "to be blunt", "to be clear",
    "if I might", "lemme think", "come to think of it", "if you follow", "if u understand",
    "if ya catch my drift", "or summat", "n sumthin", "and things", "if you see what i mean"])
def test_a_text_the_patterns_match_is_never_skipped(text):
    for variant in (text, text.upper(), f"I have a cat, {text}"):
        if asides._COMMENT.search(variant):
            assert asides.may_match(variant, asides._COMMENT_WORDS)
        if asides._HEDGE.search(variant):
            assert asides.may_match(variant, asides._HEDGE_WORDS_HELD)
    assert asides._COMMENT.search(text) or asides._HEDGE.search(text)  # the list tests both


@SOME
@given(_PHRASES)
def test_the_word_tests_never_skip_a_match(text):
    if asides._COMMENT.search(text):
        assert asides.may_match(text, asides._COMMENT_WORDS)
    if asides._HEDGE.search(text):
        assert asides.may_match(text, asides._HEDGE_WORDS_HELD)


_REPLY_VOCABULARY = st.sampled_from([
    "do", "not", "don't", "dont", "reply", "respond", "text", "write", "back", "confirm",
    "acknowledge", "with", "by", "when", "once", "only", "'", '"', "ok", "okay", "yes", "noted",
    "saved", "done", "got", "it", "please", "and", "I", "tea", "REPLY", "\u017fure"])


@SOME
@given(st.lists(_REPLY_VOCABULARY, max_size=8).map(" ".join))
def test_the_reply_request_word_test_never_skips_a_match(text):
    if offline._REPLY_REQUEST.search(text):
        assert asides.may_match(text, offline._REPLY_WORDS)


def test_the_word_tests_skip_text_without_the_words_and_never_skip_non_ascii():
    assert not asides.may_match("I have a dog", asides._COMMENT_WORDS)
    assert asides.may_match("I have a do\u0261", asides._COMMENT_WORDS)


def _reference_hedge_start(text: str) -> int:
    offset = max(0, len(text) - 160)
    starts = [m.start() for m in asides._WORD_START.finditer(text, offset)][-asides._HEDGE_WORDS:]
    for start in starts[1:]:
        rest = text[:start].rstrip(" ,.;:!?-\u2013\u2014\u2026(")
        if rest and asides.is_hedge(text[start:]) and is_clause(rest):
            return start
    return len(text)


@SOME
@given(_PHRASES)
def test_hedge_start_is_the_reading_of_every_word_start(text):
    assert asides.hedge_start(text, is_clause) == _reference_hedge_start(text)


def _reference_trailing_filler(text: str) -> str:
    head, tail = text[:-joiners._TAIL_CHARS], text[-joiners._TAIL_CHARS:]
    after_comma = joiners._COMMA_FILLER.search(tail)  # "..., uh": the comma rule comes first
    if after_comma and joiners._all_filler([after_comma.group(1).lower()]):
        return head + tail[:after_comma.start()]
    end, words = len(tail), []
    while len(words) <= joiners.MAX_SPAN_WORDS:
        found = joiners._TRAILING_WORDS.search(tail[:end])
        if not found:
            return text
        word = found.group(1).lower()
        if word in joiners._COORDINATORS and words and joiners._all_filler(words[::-1]):
            return head + tail[:found.start()]
        if len(words) >= joiners._BARE_FILLER_WORDS and joiners._all_filler(words[::-1]) \
                and not joiners._all_filler([word]):
            return head + tail[:end]
        words.append(word)
        end = found.start()
    return text


@SOME
@given(_PHRASES)
def test_strip_trailing_filler_stops_early_only_where_nothing_could_be_cut(text):
    assert joiners.strip_trailing_filler(text) == _reference_trailing_filler(text)


@pytest.mark.parametrize("text, start", [("ngl I speak Welsh", 4), ("lol so I swim", 4),
                                         ("I like tea a lot", 0), ("Tariq my flatmate is a DJ", 0)])
def test_chat_speak_end_still_finds_chat_speak_before_i(text, start):
    assert chat._chat_speak_end(text, is_clause) == start


# Ends of messages the tail pre-checks of wrappers.py must read as the patterns do: thanks,
# commands, emoticons and symbols, a look-alike of a folded letter ("\u017f" for "s").
_TAILS = st.lists(st.sampled_from([
    "I like tea", " thanks", " thank you so much", " Thx", " ty", "pretty", " cheers", " pls",
    " please", " that's all", " remember that", " keep in mind", " don't forget it", " save this",
    " for me", " :)", " :D", " xD", " ;P", " =-P", " 8)", " \U0001f64f", " !!", "...", "!", ".",
    "\n", " ", "_", "7", "x", "D", " thank\u017f", " the above", " ALL OF IT", " dat", "with"]),
    max_size=6).map("".join)


@SOME
@given(_TAILS)
def test_the_trailing_symbols_are_stripped_as_by_the_pattern(text):
    assert wrappers._strip_symbols(text) == wrappers._TRAILING_SYMBOLS.sub("", text)


@SOME
@given(_TAILS)
def test_the_last_word_test_never_skips_a_thanks_or_a_command(text):
    if wrappers._THANKS.search(text):
        assert wrappers._may_end_with(text, wrappers._THANKS_ENDS)
    if wrappers._TRAILING_COMMAND.search(text):
        assert wrappers._may_end_with(text, wrappers._COMMAND_ENDS)


def test_the_last_word_test_skips_other_ends_and_never_skips_non_ascii():
    assert not wrappers._may_end_with("I like tea.", wrappers._THANKS_ENDS)
    assert wrappers._may_end_with("I like tea, THANKS!!", wrappers._THANKS_ENDS)
    assert wrappers._may_end_with("I like tea, thank\u017f", wrappers._THANKS_ENDS)


def _reference_request_start(text: str) -> int:
    offset = max(0, len(text) - 160)
    if not wrappers._MESSAGE_OBJECTS.search(text, offset):
        return len(text)
    for word in list(wrappers._WORD.finditer(text, offset))[-wrappers._REQUEST_STARTS:]:
        rest = text[:word.start()].rstrip(" ,;:-\u2013\u2014(")
        if rest and wrappers.is_request(text[word.start():]) and is_clause(rest):
            return word.start()
    return len(text)


@SOME
@given(_TAILS, st.sampled_from(["", "I would be grateful if you could remember ",
                                "pls save ", "Can you note "]), _TAILS)
def test_request_start_is_the_reading_with_the_case_blind_pattern(head, request, tail):
    text = head + ". " + request + tail
    assert wrappers.request_start(text) == _reference_request_start(text)


@pytest.mark.parametrize("text, closer", [
    ("Rex, thanks a lot", "thanks a lot"), ("my dog is Rex. see ya", "see ya"),
    ("I like tea, thank you so much", "thank you so much"), ("I swim. Appreciate it", "Appreciate it")])
def test_the_first_word_test_keeps_a_closer_that_opens_the_longest_tail(text, closer):
    # the closer's first word is the first one the pre-check looks at (MAX_WORDS or all but one)
    assert closers.closing_start(text) == text.index(closer)


@SOME
@given(_TAILS)
def test_a_text_with_no_word_that_opens_closers_has_no_closer(text):
    weights = closers._model().weights
    words = closers._WORD.findall(text[-80:])
    # a capital after a word in lower case starts a sentence, which may be a closer too
    pairs = zip(words[:-1], words[1:], strict=True)
    sentence = any(closers._starts_sentence(w, before) for before, w in pairs)
    if not sentence and not any(weights.get("s:" + w.lower(), 0.0) > 0 for w in words):
        assert closers.closing_start(text) == len(text)


def test_the_first_word_test_lets_a_sentence_start_through(monkeypatch):
    # "Fond" opens no closer in training (no start weight above 0); after a word in lower
    # case it starts a sentence, which the loop may cut: the pre-check must not return first.
    text = "my van is blue Fond wishes"
    weights = closers._model().weights
    assert all(weights.get("s:" + w, 0.0) <= 0 for w in text.lower().split())
    seen = []
    monkeypatch.setattr(closers, "probability", lambda tail: seen.append(tail) or 0.0)
    closers.closing_start(text)
    assert "Fond wishes" in seen
