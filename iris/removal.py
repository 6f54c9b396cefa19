"""Removal verbs: the one list of the verbs a user deletes something with, and how a typed word
is read as one of them.

    removal_verbs()        verb -> kind ("forget": about information; "remove": also said to
                           lists, calendars and alarms; "framed": a request only with an
                           object framed as information), from intents/fastpath/lexicon.yaml
    removal_verb(word)     "frget" -> "forget", "deleet" -> "delete", "forgot" -> None
    read_removal(text)     the text with misspelled and run-together verbs written out:
                           "frogot rahul pls" -> "forget rahul pls",
                           "forgetthe japanese learning" -> "forget the japanese learning"
    after_lead_in(text)    "ok can u forget my cat" -> "forget my cat": the polite lead-in
                           (`LEAD_IN`) skipped

The router's features (iris/intent/features.py), the removal shapes (iris/store/probe.py) and
the forget description (iris/store/forget.py) read verbs through this module, so a
misspelling is never listed anywhere. A typed word is read as a verb when
- it is a slip: not an English word (iris/spelling.py `known`), the verb's first letter, not
  the verb with an ending ("deleted", "unsaved"), and within `TYPO_EDITS` edits (Damerau-
  Levenshtein, a swap of two letters is one edit) of the verb; or
- the verb run together with the next word: the whole is not a word nor a word with its "g"
  dropped ("forgettin"), and the rest is a word that follows a removal verb
  (`removal_joiners`: "forgetthe", "forgetabout") or any word of three letters or more, such
  as a name ("forgettomas"); or
- text-speak: a digit written for the sound of a syllable (`TEXT_SPEAK`: "4get", "4gt"), read
  out and then taken as above; a word read out that is no verb stays as typed ("4ever").
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from rapidfuzz.distance import OSA

from iris.errors import ConfigError
from iris.spelling import known
from iris.text import words

# (both the verb and the typed word have at least this many letters, a slip may be this many
# edits away). Short words must be typed right: one edit from "wipe" or "drop" is too often
# another word or a name, two from "forget" a word such as "forex".
TYPO_EDITS = ((6, 2), (5, 1))
# A word this far from every verb's length cannot be a slip of it; checked before any distance.
_MIN_LETTERS, _MAX_LETTERS = 4, 16
_ENDINGS = frozenset({"s", "d", "ed", "es", "r", "er", "ers", "ing", "ings", "ful", "able"})
KINDS = ("forget", "remove", "framed")
# Kinds whose slips and run-together forms are read: "bin", "lose" and "toss" are short
# everyday words, and begin names ("Binita") and words a speller does not know.
_READ_KINDS = ("forget", "remove")
# A digit at the start of a word that text-speak writes for a syllable ("4get" is "forget").
TEXT_SPEAK = {"4": "for"}

# The polite words before a removal verb ("ok so can you please forget ..."); a spoken filler
# ("okay um forget ...") is one too.
_LEAD_IN_WORD = (r"(?:(?:please|pls|plz) (?:you|u)(?: can)?"  # non-native: "please you forget"
                 r"|(?:would|could|will) (?:you|u) be so kind as to"
                 r"|please|pls|plz|just|now|ok|okay|so|and|also|hey|iris|um+|uh+|erm|hmm+"
                 r"|right|well|kindly"
                 # said to the assistant as to a friend: "bro, delete ...", "chur mate, forget ..."
                 r"|mate|bro|bruv|dude|pal|buddy|hun|chur|cheers"
                 r"|honestly|seriously|actually|look|listen"
                 r"|(?:can|could|would|will|cn) (?:you|u)|(?:you|u) (?:can|could|should)"
                 r"|i (?:want|need) (?:you|u) to|i(?:'?d| would) like (?:you|u) to"
                 r"|i want that (?:you|u)"  # non-native: "I want that you delete ..."
                 r"|i(?:'?d| would) appreciate it if (?:you|u)(?: could)?)")
# The lead-in: any run of them, each ended by white space and commas ("ok, so please forget")
# or the end of the text. The removal shapes (iris/store/probe.py) start with it and the reply
# that says a description back (iris/present.py) skips it, so both skip the same words.
LEAD_IN = rf"(?:{_LEAD_IN_WORD}\b[\s,]*)*"
_LEAD_IN_TYPED = re.compile(LEAD_IN, re.IGNORECASE)


@lru_cache(maxsize=4)
def removal_verbs(folder: Path | None = None) -> dict[str, str]:
    """Each removal verb and its kind (`KINDS`)."""
    raw = words(folder).raw
    try:
        return {verb: kind for kind in KINDS for verb in raw["removal_verbs"][kind]}
    except (KeyError, TypeError) as exc:
        raise ConfigError(f"removal_verbs in lexicon.yaml are unusable: {type(exc).__name__}: {exc}") from exc


@lru_cache(maxsize=4)
def _joiners(folder: Path | None = None) -> frozenset[str]:
    return frozenset(words(folder).raw.get("removal_joiners") or ())


def _edits(verb: str, word: str) -> int:
    shorter = min(len(verb), len(word))
    return next((edits for letters, edits in TYPO_EDITS if shorter >= letters), 0)


def _inflected(word: str, verb: str) -> bool:
    """"deleted", "unsaved", "forgets": the verb with an ending is another word, not a slip."""
    return word.startswith(verb) and word[len(verb):] in _ENDINGS


@lru_cache(maxsize=1)
def _by_initial() -> dict[str, tuple[str, ...]]:
    """The verbs by first letter: a slip keeps it, and so does a run-together form."""
    verbs = [v for v, kind in removal_verbs().items() if kind in _READ_KINDS]
    return {c: tuple(v for v in verbs if v[0] == c) for c in {v[0] for v in verbs}}


def removal_verb(word: str) -> str | None:
    """The forget or remove verb `word` (lower case) is, or is a slip of; None for any other
    word, a framed-only verb included ("lose" is an everyday word in a description)."""
    if removal_verbs().get(word) in _READ_KINDS:
        return word
    if not _MIN_LETTERS <= len(word) <= _MAX_LETTERS:
        return None
    for verb in _by_initial().get(word[:1], ()):
        edits = _edits(verb, word)
        if edits and not _inflected(word, verb) and OSA.distance(word, verb, score_cutoff=edits) <= edits:
            return None if known(word) else verb
    return None


def split_removal(word: str) -> tuple[str, str] | None:
    """("forget", "the") for "forgetthe": a removal verb run together with the next word."""
    for verb in _by_initial().get(word[:1], ()):
        rest = word[len(verb):]
        if word.startswith(verb) and (rest in _joiners() or len(rest) >= 3) \
                and not known(word) and not known(word + "g"):
            return verb, rest
    return None


def _read(match: re.Match[str]) -> str:
    typed = match.group().lower()
    word = TEXT_SPEAK.get(typed[0], typed[0]) + typed[1:]
    verb = removal_verb(word)
    if verb is not None:
        return match.group() if verb == typed else verb
    split = split_removal(word)
    return " ".join(split) if split else match.group()


@lru_cache(maxsize=1)
def _candidates() -> re.Pattern[str]:
    """Words that may be read as a verb: long enough, and a verb's first letter, or a digit
    text-speak writes for the verb's first syllable."""
    verbs = [v for verbs in _by_initial().values() for v in verbs]
    initials = "".join(sorted({c for v in verbs for c in (v[0], v[0].upper())}))
    speak = "".join(d for d, said in TEXT_SPEAK.items() if any(v.startswith(said) for v in verbs))
    return re.compile(rf"\b(?:[{initials}][A-Za-z]{{{_MIN_LETTERS - 1},}}"
                      rf"|[{speak}][A-Za-z]{{{_MIN_LETTERS - 2},}})\b")


def read_removal(text: str) -> str:
    """`text` with every misspelled or run-together removal verb written as the verb (in lower
    case); every other character stays as it was."""
    return _candidates().sub(_read, text)


def after_lead_in(text: str) -> str:
    """`text` after its lead-in (`LEAD_IN`, in any case): "Can u please forget my cat" ->
    "forget my cat"."""
    return text[_LEAD_IN_TYPED.match(text).end():]  # type: ignore[union-attr]  # `*` always matches
