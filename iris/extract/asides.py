"""Talk about the telling itself: "I suppose that's it", "let me think", "I should mention",
"if I'm honest", "that's all from my end". Such an aside holds the user ("I", "me", "my") but
says nothing about them, so the chat models (`iris.extract.chat`), which never cut a span
about the user, would keep it as a fact.

An aside is found by its grammar, not by its words: a comment clause (Quirk et al.'s term
for "I think", "I guess", "you know") is a first-person subject, perhaps a modal, and a verb
of saying or thinking with no object of its own (nothing follows but a mark, "that" or
"it's": before a clause of its own, "I think I will retire", the hedge stays with the fact);
or "let me" with such a verb; the manner of telling ("to be frank", "if I may"); or the
speaker's own end of the talk ("from me", "from my end"). Those words are masked and what is
left is judged (`says_nothing`): nothing, a vowelless interjection ("hmm"), or a sentence
about the message with a demonstrative subject and no one in it ("that is sufficient")
says nothing; anything else goes to the model as before ("that's it", "that about covers
it"). A verb
with an object or a preposition after it is a fact: "I think about death a lot", "I trust my
gut", "I believe in ghosts", "I mean to learn Welsh", "I say grace".

`telling_prefix` is the other place the class shows: "I guess I'd add that | my sister ...",
"I'd also say | I own a house": a statement that the user is adding something, before the
clause that is the fact. It needs a modal ("I'd", "I should", "let me"): "I say yes to too
many things" is a fact."""

from __future__ import annotations

import re
from collections.abc import Callable

from iris.store.kinds import is_known

ClauseTest = Callable[[str], bool]

# Verbs of saying and of holding an opinion: the closed set English uses in comment clauses.
_SAYING = r"(?:say|mention|add|admit|confess|note|point out|tell you|repeat)"
_THINKING = r"(?:think|guess|suppose|reckon|mean|trust|hope|believe|imagine|figure|feel like)"
# How a thing is said: "to be honest", "let me be clear".
_MANNER = r"(?:honest|frank|clear|brief|blunt)"
_MODAL = (r"(?:'d|'ll|\s+would|\s+should|\s+must|\s+might|\s+could|\s+can|\s+will|"
          r"\s+ought to|\s+have to|\s+need to|\s+want to|\s+wanna|\s+gotta)")
_SUBJECT = r"(?:i|we)"
# What may follow a comment clause: nothing, a mark, or "that" ("I think that's it"). Before
# a clause of its own ("I think I will retire") the hedge stays with the fact.
_OPEN_END = r"(?=\s*(?:$|[,.!?;:\u2026)-]|that\b|thats\b|it'?s\b))"
_COMMENT = re.compile(
    rf"\b(?:{_SUBJECT}(?:{_MODAL})?(?:\s+also|\s+just|\s+only)?\s+(?:{_SAYING}|{_THINKING})"
    rf"|(?:let me|lemme)(?:\s+also)?\s+(?:see|think|{_SAYING}|be\s+{_MANNER})"
    rf"|(?:if|to be)\s+(?:i'?m\s+|i am\s+)?{_MANNER}|if {_SUBJECT} (?:may|might)"
    rf"|(?:now that )?{_SUBJECT} think (?:of|about) it|come to think of it"
    rf"|{_SUBJECT}'?(?:m|re| am| are)(?:\s+just)?\s+saying){_OPEN_END}"
    r"|\b(?:from|of|for) (?:me|my (?:end|side))\b|\bthat'?s me\b",
    re.I)


# A comment clause after one of these is the object of a sentence: "I tell people | what I
# think", "that's how I feel like".
_GOVERNORS = frozenset({"what", "whatever", "how", "why", "where", "when", "who", "which",
                        "that", "whether"})
_LAST_WORD = re.compile(r"([\w']+)\W*$")


def masked(span: str) -> tuple[str, bool]:
    """`span` without its comment clauses, and whether it held one."""
    found = False

    def mask(match: re.Match[str]) -> str:
        nonlocal found
        before = _LAST_WORD.search(span[:match.start()])
        if before and before.group(1).lower() in _GOVERNORS:
            return match.group()
        found = True
        return " "

    return _COMMENT.sub(mask, span), found


# A sentence with a bare demonstrative subject and no one in it is about the message itself:
# "that is sufficient", "that's me in a nutshell", "this is everything".
_DEMONSTRATIVES = frozenset({"that", "thats", "this", "thatll", "thatd"})
# Words of nobody: a span holding one is about someone ("I", "she", "my").
_PEOPLE = frozenset({"i", "im", "ive", "id", "me", "my", "mine", "we", "our", "us", "myself",
                     "he", "she", "they", "his", "her", "their", "him", "them", "hes", "shes",
                     "theyre"})
_VOWEL = re.compile(r"[aeiouy]")


def says_nothing(words: list[str], rest: list[str]) -> bool:
    """A span whose comment clause was masked (`rest` is what was left of its normalised
    `words`) says nothing: nothing is left, or only interjections with no vowel ("hmm",
    "mm", "pfft"), or a demonstrative sentence about the message with no one in it."""
    if _PEOPLE.intersection(rest) or any(w.isdigit() for w in rest):
        return False
    if all(not _VOWEL.search(w) for w in rest):
        return True
    return words[0] in _DEMONSTRATIVES or rest[0] in _DEMONSTRATIVES


_PREFIX = re.compile(
    rf"\s*(?:(?:{_SUBJECT}\s+{_THINKING}\s+)?{_SUBJECT}{_MODAL}(?:\s+also)?\s+{_SAYING}"
    rf"|(?:let me|lemme)(?:\s+also)?\s+{_SAYING})(?:\s+that\b)?[\s,:]*",
    re.I)


def telling_prefix(text: str, is_clause: ClauseTest) -> int:
    """Where the fact starts after the user saying they add something ("I'd also say | I own
    a house"), or 0."""
    found = _PREFIX.match(text)
    if found and found.end() < len(text) and is_clause(text[found.end():]):
        return found.end()
    return 0


# Hedges on the message at its end, by shape: a conditional, a hope or a doubt whose subject
# is the message itself ("if that makes sense", "hope thats useful", "not sure if this helps",
# "should that be of any relevance"), the listener's understanding ("if you get me"), or a
# general extender ("or something like that", "n stuff", "or whatever"). A word about anyone
# ("if that's ok with my mum") or a number makes it part of the fact.
_NOBODY = r"(?!(?:i|im|i'm|me|my|we|our|us|he|she|they|his|her|their|him|them)\b)(?![\w']*\d)"
_DOUBT = (r"(?:(?:i\s+)?(?:hope|hoping)|(?:i'?m\s+)?not\s+sure|unsure|dunno|idk|no\s+idea"
          r"|(?:do\s+)?let\s+me\s+know|lmk)")
_CONDITION = r"(?:if|whether|should|in\s+case)"
_HEDGE = re.compile(
    rf"\b(?:(?:{_DOUBT}\s+(?:{_CONDITION}\s+)?|{_CONDITION}\s+)(?:that|this)(?:'?s|'d|'ll)?"
    rf"(?:\s+{_NOBODY}[\w']+){{0,5}}"
    rf"|{_CONDITION}\s+(?:you|u|ya)\s+(?:get|know|see|follow|understand|catch)\b"
    rf"(?:\s+(?:me|what\s+i\s+mean|my\s+drift))?"
    rf"|(?:or|and|n|&)\s+(?:something|summat|sumthin|whatever|stuff|things)"
    rf"(?:\s+like\s+(?:that|this))?)(?=\W*$|\W+\S)",
    re.I)
# A word of chat after a hedge is no English word ("lol", "tbh", "cya"); at most two.
_MOST_LEFT_WORDS = 2


def is_hedge(tail: str) -> bool:
    """`tail` (the end of a message) is hedges on the message, perhaps with a chat word or
    two after one that are no English words ("or whatever lol not sure if that helps").
    "or so" and "or anything" are left to the fact: "6 hours or so", "I don't drink or
    anything"."""
    tail = tail.lstrip(" ,.;:!?-\u2013\u2014\u2026")
    if not _HEDGE.match(tail):
        return False  # "... a twitch sreamer. hope that helps": a word of the fact before it
    rest = _HEDGE.sub(" ", tail)
    left = [w.lower() for w in re.findall(r"[\w'\u2019-]+", rest)]
    return len(left) <= _MOST_LEFT_WORDS and all(
        not is_known(w.replace("'", "")) and not any(c.isdigit() for c in w)
        and w not in _PEOPLE for w in left)


_HEDGE_WORDS = 12
_WORD_START = re.compile(r"(?<![\w'\u2019-])[\w'\u2019-]")


def hedge_start(text: str, is_clause: ClauseTest) -> int:
    """Where hedges on the message start at the end of `text` ("I am a nurse | if that makes
    sense"), or len(text): the longest such tail after which a clause is left."""
    offset = max(0, len(text) - 160)
    starts = [m.start() for m in _WORD_START.finditer(text, offset)][-_HEDGE_WORDS:]
    for start in starts[1:]:
        rest = text[:start].rstrip(" ,.;:!?-\u2013\u2014\u2026(")
        if rest and is_hedge(text[start:]) and is_clause(rest):
            return start
    return len(text)
