"""The words around the facts: a leading "remember that"-style command (greetings and
politeness, a command verb and its typos, its object), and what trails the last fact (a
trailing command, thanks, an aside to the assistant, a chat closer, emoji)."""

from __future__ import annotations

import re

from rapidfuzz import fuzz

from iris import text as english
from iris.extract import asides, chat, closers, command
from iris.extract.clauses import FIRST_PERSON, is_clause
from iris.extract.memo import per_message

_FILLER = re.compile(
    r"(?:hey|hi|hello|ok|okay|so|yo|iris|please|pls|plz|kindly|and|also|oh|btw"
    r"|(?:can|could|would|will) (?:you|u)(?: please)?|i (?:want|need|would like) you to"
    r"|i'd like you to|go ahead and|make sure (?:you|to))\b[\s,!]*",
    re.I,
)
# Verbs that make a command by themselves ("remember I'm vegan", "don't forget I'm vegan").
_BARE_VERBS = re.compile(
    r"(?:keep in mind|bear in mind|don'?t forget|do not forget|never forget|memori[sz]e"
    r"|make a note(?: of)?|take note(?: of)?|jot down|write down|note down)\b", re.I)
# Verbs that need an object or a colon to be a command ("save these:", "note that ...").
_OBJECT_VERBS = re.compile(r"(?:save|store|note|record|add|log|remember)\b", re.I)
_OBJECT = re.compile(
    r"(?:(?:these|some|a few|a couple of|the following|the) (?:facts|things|details|notes|stuff)"
    r"|that|this|these|those|the following|following|some stuff|stuff"
    r"|about me|for me|for later|down|(?:to|in|into) (?:your )?memory|too|as well|:|-|,)"
    r"(?=\W|$)[\s:,\-–—]*",
    re.I,
)
_POLITE_QUESTION = re.compile(r"\W*(?:\w+\W+){0,3}?(?:can|could|would|will) (?:you|u)\b", re.I)
_COMMAND_WORDS = ("remember", "memorize", "memorise")
_TRAILING_COMMAND = re.compile(
    r"[\s,.;]*\b(?:(?:please|pls)\s+)?(?:remember|note|save|store|keep in mind|don'?t forget)"
    r"(?:\s+(?:that|this|these|it|them))?(?:\s+(?:for me|please))?[\s.!]*$", re.I)
_THANKS = re.compile(
    r"[\s,.;!-]*\b(?:(?:thanks|thank you|thx|ty|cheers)(?: (?:so much|a lot|very much))?"
    r"|please|pls|that'?s (?:all|it))[\s.!]*$", re.I)
# Emoji, emoticons and other symbols after the last word: ":)", "🙏", "!!", ":D", "xD", ";P".
_TRAILING_SYMBOLS = re.compile(r"(?:\s+(?:[^\w\s]+|[:;=8][\-']?[A-Za-z]|[xX][DP]))+$")


def _fuzzy_command_word(text: str) -> int:
    """Length of a leading typo of "remember"/"memorize" ("remeber", "rmember", "remembr"),
    or 0. Typos get a looser check than the exact verbs because they start most messages."""
    match = re.match(r"[a-z]+", text, re.I)
    if not match or len(match.group()) < 5:
        return 0
    word = match.group().lower()
    best = max(fuzz.ratio(word, target) for target in _COMMAND_WORDS)
    return match.end() if best >= 80 else 0


@per_message
def strip_command(text: str) -> str:
    """The text without a leading "remember that"-style command (or a trailing one).
    Text without a command comes back unchanged, apart from outer whitespace."""
    text = text.strip()
    lead = command.key_start(text, command.lead_in_end(text), is_clause)
    if lead:
        rest = strip_trailing(text[lead:].strip())
        if _POLITE_QUESTION.match(text) and rest.endswith("?"):
            rest = rest.rstrip("? ")
        return rest
    rest = text
    while True:  # leading filler words, any number of them
        match = _FILLER.match(rest)
        if not match or not match.group():
            break
        rest = rest[match.end():]
    verb = _BARE_VERBS.match(rest)
    fuzzy = 0 if verb else _fuzzy_command_word(rest)
    if verb or fuzzy:
        rest = rest[verb.end() if verb else fuzzy:]
        rest = _strip_objects(rest, required=False) or ""  # never None when not required
    else:
        verb = _OBJECT_VERBS.match(rest)
        if not verb:
            return strip_trailing(text)
        after = rest[verb.end():]
        stripped = _strip_objects(after, required=True)
        if stripped is None:
            return strip_trailing(text)
        rest = stripped
    rest = strip_trailing(rest.strip())
    if _POLITE_QUESTION.match(text) and rest.endswith("?"):
        rest = rest.rstrip("? ")  # "can you remember that I like tea?" asks to store a fact
    return rest


def _strip_objects(rest: str, *, required: bool) -> str | None:
    found = False
    while True:
        candidate = rest.lstrip()
        match = _OBJECT.match(candidate)
        if not match or not match.group():
            break
        rest, found = candidate[match.end():], True
    if required and not found:
        return None
    return rest.lstrip(" \t:,-–—")


# A trailing command or thanks is a few words: the end-anchored patterns only ever see this
# many characters of the (right-stripped) tail. Searching the whole text let every position
# of a long run of spaces start a match attempt: quadratic (a 40 KB message took minutes).
_TAIL_CHARS = 120


@per_message
def strip_trailing(text: str) -> str:
    text = _TRAILING_SYMBOLS.sub("", text[-_TAIL_CHARS:]) if len(text) <= _TAIL_CHARS else (
        text[:-_TAIL_CHARS] + _TRAILING_SYMBOLS.sub("", text[-_TAIL_CHARS:]))
    text = text[:asides.hedge_start(text, is_clause)].rstrip(" ,;:-\u2013\u2014(")
    text = _without_closer(text.rstrip())
    sign_off = command.sign_off_start(text)
    if sign_off == len(text) or not _is_object(text, sign_off):
        text = text[:sign_off].rstrip()
    text = _without_aside(_TRAILING_SYMBOLS.sub("", text[-_TAIL_CHARS:]) if len(text) <= _TAIL_CHARS
                          else text)
    text = _TRAILING_SYMBOLS.sub("", text[-_TAIL_CHARS:]) if len(text) <= _TAIL_CHARS else (
        text[:-_TAIL_CHARS] + _TRAILING_SYMBOLS.sub("", text[-_TAIL_CHARS:]))
    for pattern in (_THANKS, _TRAILING_COMMAND, _THANKS):
        cut = max(0, len(text) - _TAIL_CHARS)
        match = pattern.search(text, cut)
        if match and match.start() > 0 and not _is_object(text, match.start()):
            text = text[: match.start()].rstrip()
    return text.strip()


_WORDS_BEFORE = re.compile(r"(?:([\w']+)\s+)?([\w']+)\s*$")
# Subjects that make the word after them a verb: "she says | cheers" ("my comic books |
# thanks" is a noun).
_PRONOUN_SUBJECTS = frozenset({"i", "we", "you", "he", "she", "it", "they", "who"})


def _is_object(text: str, start: int) -> bool:
    """The words from `start` on are the object of the word before them, with no mark
    between: a preposition or determiner, an -ing form or a verb ("I sign off every email
    with | cheers", "I hate saying | goodbye", "she always says | cheers")."""
    tail = text[start:].lstrip()
    before = _WORDS_BEFORE.search(text[max(0, start - 60):start])
    if not before or not tail[:1].isalnum():
        return False
    word = english.normalise(before.group(2))
    previous = english.normalise(before.group(1) or "")
    lexicon = english.words()
    # a verb form is read as one only after a subject or an adverb: "she says | cheers", "I
    # say | cheers a lot"; "my comic books | thanks", "im married | thx" end a clause
    verb = (word in lexicon.finite_verbs or word in lexicon.bases) and (
        previous in _PRONOUN_SUBJECTS or previous in chat.ADVERBS)
    return word in lexicon.noun_markers or english.is_gerund(word) or verb


# ", just so you're aware", ", you know", ", if u must know": said to the assistant after the fact.
_TRAILING_ASIDE = re.compile(r",\s*((?:[\w']+\s+){0,4}?(?:you|u|ya|you're|youre|ur)(?:\s+[\w']+){0,3})\s*$",
                             re.I)


def _without_aside(text: str) -> str:
    match = _TRAILING_ASIDE.search(text[-_TAIL_CHARS:])
    if match and not FIRST_PERSON.search(match.group(1)):
        rest = text[:len(text) - len(text[-_TAIL_CHARS:]) + match.start()]
        if is_clause(rest):
            return rest
    return text


def _without_closer(text: str) -> str:
    """`text` without a chat closer after its last clause ("... appreciate it")."""
    start = closers.closing_start(text)
    if start < len(text) and not _is_object(text, start):
        rest = text[:start].rstrip(" ,.;:!?-\u2013\u2014")
        # what the cut leaves must end in a clause: "my parents | love jazz" is no cut
        last = re.split(r"[,;.!?]", rest[-_TAIL_CHARS:])[-1]
        if is_clause(rest, reach=8) and is_clause(last, reach=8):
            return _TRAILING_SYMBOLS.sub("", rest[-_TAIL_CHARS:]) if len(rest) <= _TAIL_CHARS \
                else rest
    return text
