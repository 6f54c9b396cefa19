"""Lead-ins and sign-offs of a "remember ..." message, found from word lists rather than
fixed phrases, so "can u save these for me - ...", "I want you to know that ...",
"for the record, ...", "fyi: ...", "Add these to my profile: ..." and "... - save that pls"
are all recognised without a pattern each.

A lead-in is a run of words at the start, all from `lead_in_words` (intents/fastpath/
lexicon.yaml), with at least one of `lead_in_signals` ("remember", "fyi", "profile", ...),
ending at ":", "-", ",", "that", or right before the fact's own subject when the last word is
one of `lead_in_verbs` ("pls remember I ..."). Typos of the signals count when rapidfuzz
puts them within one edit or so and the first letter is kept ("rmember", "svae", "ntoe").

Both scans look at a bounded number of words, so they cost the same on any input length."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz, process

from iris import text as english

# A lead-in is short: the scan stops after this many words, and after this many tokens
# (words and marks), so that a run of brackets or commas is not read to its end.
MAX_LEAD_WORDS = 14
MAX_LEAD_TOKENS = 3 * MAX_LEAD_WORDS
# A sign-off is a few words: the scan sees only this many characters of the tail.
TAIL_CHARS = 60
# Words of the subject of a statement right after a command verb ("my favorite band is"),
# and how far into the message that verb may be ("jus so u kno ...").
MAX_SUBJECT_WORDS = 4
MAX_VERB_POSITION = 5
# Subjects of someone else's clause: a command verb after one is that clause's verb.
_OTHER_SUBJECTS = frozenset({"he", "she", "they", "it", "hes", "shes", "theyre", "its"})
# Words outside the lexicon a lead-in may hold when it ends at a strong boundary.
MAX_UNKNOWN_WORDS = 3
# rapidfuzz ratio for a typo of a signal word ("svae"/"save" is 75, "remeber" 93).
TYPO_CUTOFF = 75.0
# The same for a three-letter word: one letter dropped from a four-letter signal ("noe").
SHORT_TYPO_CUTOFF = 85.0
# Chat spellings of "that" after a command verb ("k note dat ...", "remember tht ...").
_THAT_SPELLINGS = frozenset({"dat", "tht", "thatt"})

# A hyphen inside a word ("mother-in-law") is part of it, not a boundary.
_TOKEN = re.compile(r"[\w'\u2019]+(?:-[\w'\u2019]+)*|[:\-\u2013\u2014,;.!?()]")
_CUT_MARKS = frozenset(":-\u2013\u2014,")
# Subjects a fact may open with right after a command verb ("remember I ...", "fyi my ...").
_SUBJECTS = frozenset({"i", "im", "ive", "id", "ill", "my", "we", "were", "weve", "our",
                       "mine"})
# Besides the verbs and signals, words after which the fact may start ("save this 4 later i ...").
_BEFORE_SUBJECT = frozenset({"later", "down", "too", "please", "pls", "plz", "me", "profile",
                             "file", "memory", "record", "notes",
                             "it", "info", "information", "stuff", "things", "facts", "details",
                             "following", "up"})


# The first counter of a list right after the command: "remember 1- ...", "remember (1) ...",
# "remember one: ...", "remember number one - ...", "remember firstly, ...".
_COUNTER_WORDS = frozenset({"one", "first", "firstly", "number", "item", "1st"})
_COUNTER_START = re.compile(
    r"(?:\d{1,2}(?:[.):\]]|\s?[-\u2013\u2014]\s)|one\s?[:)\-\u2013\u2014]|first(?:ly)?\b[\s,]"
    r"|1st\s|(?:number|item)\s+(?:one|1)\b)", re.I)
# A word that names the counter after it: "Step one - ...", "thing 1: ...", "Item 1 ...".
_COUNTER_LABEL = re.compile(r"\b(?:step|thing|item|fact|point|part|number)\s+$", re.I)
# The object of a command verb: "log this for me?", "Hold onto these:".
_OBJECTS = frozenset({"this", "these", "following", "dis", "dese"})
# Words that go with a thanks right after them ("much appreciated", "k thx").
_THANKS_MODIFIERS = frozenset({"much", "k", "very", "greatly"})
# Who a message is addressed to, by its name or by what it is: "fyi iris I ...", "Dear
# assistant I ...", "yo bot I ..." open the fact after it.
ADDRESSEE = frozenset({"iris", "assistant", "bot"})


@dataclass(frozen=True)
class _Words:
    lead: frozenset[str]
    signals: frozenset[str]
    verbs: frozenset[str]
    addressed: frozenset[str]
    fuzzy: tuple[str, ...]  # signals long enough to allow typos
    thanks: frozenset[str]
    sign_off: frozenset[str]

    @property
    def verbs_in_order(self) -> tuple[str, ...]:
        return _sorted(self.verbs)


@lru_cache(maxsize=4)
def _sorted(items: frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(items))


@lru_cache(maxsize=1)
def _words() -> _Words:
    raw = english.words().raw
    signals = frozenset(str(w) for w in raw["lead_in_signals"])
    return _Words(lead=frozenset(str(w) for w in raw["lead_in_words"]), signals=signals,
                  verbs=frozenset(str(w) for w in raw["lead_in_verbs"]),
                  addressed=frozenset(str(w) for w in raw["lead_in_addressed"]),
                  fuzzy=tuple(sorted(w for w in signals if len(w) >= 4)),
                  thanks=frozenset(str(w) for w in raw["sign_off_thanks"]),
                  sign_off=frozenset(str(w) for w in raw["sign_off_words"]))


def _typo_of(word: str, words: _Words) -> str | None:
    """The signal word `word` is a typo of, if any ("rmember" -> "remember"; a three-letter
    word needs a closer match: "noe" -> "note")."""
    if len(word) < 3 or word in words.lead or word in english.words().verbs:
        return None  # a real verb ("forgot") is not a typo of another
    cutoff = TYPO_CUTOFF if len(word) >= 4 else SHORT_TYPO_CUTOFF
    hit = process.extractOne(word, words.fuzzy, scorer=fuzz.ratio, score_cutoff=cutoff)
    if hit is None or hit[0][0] != word[0]:
        return None
    return str(hit[0])


def _abbreviation_of(word: str, words: _Words) -> str | None:
    """The lead-in verb `word` cuts short ("rem" -> "remember", "memo" -> "memorize"): its
    first three letters or more, at least three letters left out."""
    if len(word) < 3 or not word.isalpha() or word in english.words().verbs:
        return None
    for verb in words.verbs_in_order:
        if len(verb) >= len(word) + 3 and verb.startswith(word):
            return verb
    return None


def _vowelless_of(word: str, words: _Words) -> str | None:
    """The lead-in verb `word` writes without its vowels ("rmbr" -> "remember"): its first and
    last letters and some of the rest, in order. Read only in a sign-off, where the words
    around it are sign-off words too."""
    if len(word) < 3 or not word.isalpha() or _VOWELS.search(word):
        return None
    for verb in words.verbs_in_order:
        if verb[0] == word[0] and verb[-1] == word[-1] and _subsequence(word, verb):
            return verb
    return None


_VOWELS = re.compile(r"[aeiouy]")


def _subsequence(short: str, long: str) -> bool:
    letters = iter(long)
    return all(letter in letters for letter in short)


def _signal_base(word: str, words: _Words) -> str | None:
    return _cached_base(word) if words is _words() else _read_base(word, words)


@lru_cache(maxsize=8192)
def _cached_base(word: str) -> str | None:
    return _read_base(word, _words())


@lru_cache(maxsize=8192)
def _cached_typo(word: str) -> str | None:
    """`_typo_of` the shipped words: the last word of every piece is looked up."""
    return _typo_of(word, _words())


def _read_base(word: str, words: _Words) -> str | None:
    """The lead-in word `word` stands for: itself, an inflection of a signal ("remembered",
    "noted", "saving"), or a typo of one ("rmember", "svae"); None for any other word."""
    if word in words.lead:
        return word
    if word in _THAT_SPELLINGS:
        return "that"
    for known in (words.signals, words.lead):  # "noted" is "note" before it is "not"
        for suffix in ("ed", "d", "s", "ing"):
            base = word.removesuffix(suffix)
            if base != word and len(base) >= 3 and (base in known or base + "e" in known):
                # "noted", "saving", "wanted you to know": an inflected lead-in word
                return base if base in known else base + "e"
    return _typo_of(word, words) or _abbreviation_of(word, words)


def is_signal(word: str) -> bool:
    """`word` (normalised) is a lead-in signal ("remember", "save"), an inflection of one
    ("noted") or a typo of one ("rmember", "sabe")."""
    words = _words()
    base = _signal_base(word, words)
    return base is not None and base in words.signals


def lead_in_end(text: str, *, whole: bool = False) -> int:
    """Where the facts start after a lead-in at the start of `text` (`_lead_in_end`), with a
    list's label left to the list: "note fact | 1 = ... fact 2 = ..." starts at "fact"."""
    end = _lead_in_end(text, whole=whole)
    label = re.search(r"([^\W\d_]+)\s*$", text[:end]) if end else None
    if label and re.match(r"\s*(?:1|one)\b", text[end:end + 8], re.I) and re.search(
            rf"\b{re.escape(label.group(1))}\s*(?:2|two)\b", text[end:end + 2000], re.I):
        return label.start(1)
    return end


# A value after a key is short: "Blur", "nights mostly", "2 cats and a dog".
MAX_VALUE_WORDS = 4


def key_start(text: str, end: int, is_clause: Callable[[str], bool]) -> int:
    """`end` (where a lead-in ends), or where a key starts when that lead-in took one: in
    "remember fav band - Blur" the words after the last lead-in word ("fav band") are the key
    of a key: value fact, since what follows the mark is a short value, not a clause."""
    if not end or (text[end - 1] not in _CUT_MARKS and not text[end - 1].isspace()):
        return end
    value = re.split(r"[.;!?\n]", text[end:], maxsplit=1)[0]
    if len(value.split()) > MAX_VALUE_WORDS or is_clause(value):
        return end
    words, key = _words(), None
    for token in reversed(list(_TOKEN.finditer(text, 0, end))):
        if token.group() in _CUT_MARKS and key is None:
            continue  # the mark itself
        if not re.match(r"\w", token.group()) or _signal_base(
                english.normalise(token.group()), words) is not None:
            break
        key = token.start()
    return key if key is not None else end


# The user's own remembering or forgetting, said as a fact: a first-person subject, maybe an
# adverb of time or a negation, then the verb ("I still remember ...", "we always forget ...",
# "I can't remember ...", "i forget my pin whenever ..."). "I want to note that ..." and "I
# need you to remember ..." stay commands.
# What may stand between the user and their own remembering ("I still ...", "we can't ..."):
# also read by the segmenter (`_OWN_MEMORY_BEFORE`).
OWN_MEMORY_ADVERB = (r"(?:still|always|never|often|sometimes|usually|really|clearly|vividly|barely"
                     r"|hardly|can['\u2019]?t|cannot|don['\u2019]?t|do not|could(?:n['\u2019]?t| not))")
_OWN_MEMORY = re.compile(rf"\W*(?:i|we)\s+(?:{OWN_MEMORY_ADVERB}\s+)?(?:remember|forget)\b", re.I)


_HEAD_CHARS = 300


def _lead_in_end(text: str, *, whole: bool = False) -> int:
    """Where the facts start after a lead-in at the start of `text`, or 0 when there is none.
    The first boundary ends the lead-in: "For the record, I like you, too" keeps its comma.

    A lead-in of only known words may end at any boundary. One with a few other words
    ("Please commit the following to memory:", "May I ask you to remember that",
    "can you log this for me?") must carry a signal and end at a strong boundary (":", "-",
    "?") or at "that" right after a signal verb. `whole`: the text is a header line, so a
    lead-in may also run to its end ("It is important that you remember")."""
    head = text[:_HEAD_CHARS]  # the patterns below test the start (their "\W*" backtracks)
    if _OWN_MEMORY.match(head):
        return 0  # "I still remember my first day at school": the fact's verb, no command
    words = _words()
    signal, open_for_subject, addressed, after_verb = False, False, False, False
    seen = unknown = 0
    object_seen = False
    # After a command verb: where it ends (past any "pls"), how many words came since, and
    # whether one was outside the lexicon (a noun). A finite verb a few words after such a
    # noun makes a statement there: "srsly remember gymnastics is my sport", "hey rememebr
    # coffee is my drink - also ...", "jus so u kno horror movies are my favorites".
    verb_end, since_verb, noun_after, subject_before = 0, 0, False, False
    that_end = 0  # after "that" following a signal: the lead-in's end if a list mark follows
    first_person = bool(re.match(r"\W*(?:i|i'm|im|i've|my|we|our)\b", head, re.I))

    def loose_ok() -> bool:
        # With words outside the lexicon, "I am a store manager: ..." is a fact of its own:
        # a lead-in with a first-person subject must be said to the assistant.
        return addressed or not first_person

    prev_end = 0
    for count, token in enumerate(_TOKEN.finditer(text)):
        if count == MAX_LEAD_TOKENS:
            return 0
        raw, end_before, prev_end = token.group(), prev_end, token.end()
        if raw in "()":
            continue
        if raw in _CUT_MARKS or raw == "?":
            if that_end and raw != "," and _list_mark(text, token):
                return that_end  # "... inform you that | numero uno -> x; numero dos -> y"
            if signal and (unknown == 0 or (raw != "," and loose_ok())):
                return token.end()
            # "<any verb> this/these/the following ...:" is a command whatever the verb
            if object_seen and raw != "," and loose_ok():
                return token.end()
            open_for_subject = after_verb = False
            continue
        if raw in ";.!":
            return 0
        seen += 1
        if seen > MAX_LEAD_WORDS:
            return 0
        word = english.normalise(raw)
        since_verb += 1
        if (verb_end and noun_after and since_verb <= MAX_SUBJECT_WORDS + 1 and loose_ok()
                and word in english.words().finite_verbs):
            return verb_end
        if signal and (word == "that" or word in _THAT_SPELLINGS):
            if unknown == 0 or (after_verb and loose_ok()):
                return token.end()
            that_end = token.end()
        if signal and open_for_subject and word in _SUBJECTS and unknown == 0:
            # a list mark right before the subject stays: "hey remember ✔ I ... ✔ ..."
            return end_before if text[end_before:token.start()].strip() else token.start()
        object_seen = object_seen or (seen > 1 and word in _OBJECTS)
        base = _cached_base(word)  # `_signal_base` of the shipped words, one call fewer a word
        if signal and (base is None or word in _COUNTER_WORDS) and _COUNTER_START.match(
                text, token.start()):
            start = token.start()  # "pls remember (1) ... (2) ...": the list starts here
            while start and text[start - 1] in "([#":
                start -= 1
            label = _COUNTER_LABEL.search(text, 0, start) if re.match(
                r"(?:\d|one\b)", text[start:], re.I) else None
            return label.start() if label else start  # "u should kno Step one - ..."
        if base is None:
            noun_after = noun_after or bool(verb_end)
            unknown += 1
            if unknown > MAX_UNKNOWN_WORDS and not (verb_end and since_verb <= MAX_SUBJECT_WORDS):
                return 0
            open_for_subject = after_verb = False
            continue
        addressed = addressed or base in ("you", "u")
        signal = signal or (base in words.signals
                            and (addressed or base not in words.addressed))
        after_verb = base in words.verbs or (after_verb and base in ("down", "mind"))
        subject_before = subject_before or word in _SUBJECTS or word in _OTHER_SUBJECTS
        if not noun_after and signal and (
                (base in words.verbs and seen <= MAX_VERB_POSITION and unknown <= 1
                 and not subject_before)
                or (verb_end and base not in _SUBJECTS | english.words().determiners)):
            verb_end, since_verb = token.end(), 0  # "srsly remember", "remember pls"
        open_for_subject = (after_verb or base in _BEFORE_SUBJECT
                            or (signal and base in ADDRESSEE))
    return len(text) if whole and signal and unknown <= 1 else 0


def _list_mark(text: str, token: re.Match[str]) -> bool:
    """The mark at `token`, with the symbols stuck to it ("->", ":-"), comes again later
    after a word: it marks the items of a list, not the end of a lead-in."""
    mark = re.match(r"[^\w\s]+", text[token.start():token.start() + 4])
    found = mark.group() if mark else token.group()
    return re.search(r"\w\s*" + re.escape(found), text[token.end():token.end() + 2000]) is not None


def sign_off_start(text: str) -> int:
    """Where a sign-off at the end of `text` starts ("I like tea - save that pls" -> the
    position of " - save"), or len(text) when there is none."""
    words = _words()
    start = max(0, len(text) - TAIL_CHARS)
    tokens = list(_TOKEN.finditer(text, start))
    if start and tokens:
        tokens = tokens[1:]  # the first may be cut in half
    cut = len(text)
    thanks = command = False
    for token in reversed(tokens):
        raw = token.group()
        if raw == ")":
            continue
        if raw in _CUT_MARKS or raw in ";.!?(":  # "... (please remember)"
            if thanks or command:
                cut = token.start()
            continue
        word = english.normalise(raw)
        if word not in words.sign_off:
            # "svae that", "rmbr dat": a typo or a short form of a sign-off word
            word = (_cached_typo(word) or _vowelless_of(word, words)
                    or ("that" if word in _THAT_SPELLINGS else word))
            if word not in words.verbs and word not in words.sign_off:
                break
        if word in words.thanks:
            thanks, cut = True, token.start()
        elif thanks and word in _THANKS_MODIFIERS and cut == token.end() + 1:
            cut = token.start()  # "much appreciated", "k thx"
        elif word in words.verbs or word in {"ok", "okay", "got"}:  # "- got that?"
            command = True
    return cut


def lead_in_verb(word: str) -> str | None:
    """The lead-in verb (`lead_in_verbs`) that `word` (normalised) stands for: itself, an
    inflection ("noted") or a typo ("rememberf", "recored"); None for any other word."""
    base = _cached_base(word)
    return base if base in _words().verbs else None
