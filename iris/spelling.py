"""Informal spellings of one sentence against another: is NEW the same words as EXISTING,
written the way people chat ("Im goin 2 the gym", "i rly luv it", "sooo", "4ever")?

This is the only module that imports pyspellchecker. It is used for its English word
frequencies (shipped inside the wheel, so nothing is downloaded; pure Python, no native
code): whether a word is a known word decides whether a spelling may be read as another.

Two kinds of folding, both stricter than a spell checker:
- one text at a time (`loose_words`), only from an unknown word to a known one: a dropped
  "g" ("goin" -> "going", never "thin" -> "thing": "thin" is a word), letters held too long
  ("sooo" -> "so"), digits for sounds inside a word ("4ever", "b4", "2day");
- pair-wise (`same_surface`), a word of one side against the word at the same place on the
  other: "2" where the other says "to", "n" for "and", a vowel-less abbreviation of the
  other word ("rly" / "really", "ppl" / "people") or a misspelling of it ("definately"),
  always an unknown word against a known one.
A known word is never read as another known word, and a number is only read as "to" or
"for" where the other text has that word in that place, so two different facts written
correctly never come out the same. The exact de-duplication key (iris/store/normalize.py)
does not use this: these readings need the other text, and stored keys stay as they are.
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache
from typing import Any

from rapidfuzz import fuzz
from rapidfuzz.distance import DamerauLevenshtein

from iris.text import canonical

# A word seen fewer times than this in the frequency list (OpenSubtitles counts) is unknown:
# chat spellings ("goin" 0, "lookin" 0) are, rare real words ("robing" 83) are not.
KNOWN_MIN_COUNT = 100
# How far a misspelling may be from the word it stands for (Damerau-Levenshtein), by length.
# Only long words: a short unknown word one letter from a known one is as likely a name as a
# typo ("Bello" / "Bella", "Austen" / "Austin"), and two names are two facts.
TYPO_EDITS = ((8, 2),)  # (at least this many letters, at most this many edits)

_lock = threading.Lock()
_checker: Any = None


def _frequencies() -> Any:
    global _checker
    with _lock:
        if _checker is None:
            # Imported here: the word list costs ~0.5 s and most store calls never need it.
            from spellchecker import SpellChecker

            _checker = SpellChecker(language="en", distance=1).word_frequency
        return _checker


@lru_cache(maxsize=65536)
def known(word: str) -> bool:
    """Whether `word` (lower case) is an English word, not only a chat spelling."""
    if not word.isalpha():
        return False
    return int(_frequencies()[word]) >= KNOWN_MIN_COUNT


_RUN = re.compile(r"([a-z])\1{2,}")
# Digits written for their sound inside a word ("4ever", "b4", "2day", "l8r").
_SOUNDS = {"2": ("to", "too"), "4": ("for", "fore"), "8": ("ate",)}
_MIXED = re.compile(r"\b(?=[a-z]*\d)(?=\d*[a-z])[a-z\d]+\b")
_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)")


def _spelled_out(match: re.Match[str]) -> str:
    token = match.group()
    if _ORDINAL.fullmatch(token):
        return token
    readings = [""]
    for i, char in enumerate(token):
        options: tuple[str, ...] = _SOUNDS.get(char, (char,))
        if char == "b" and i == 0 and len(token) > 1 and token[1].isdigit():
            options = ("b", "be")
        readings = [r + o for r in readings for o in options]
    return next((r for r in readings if known(r)), token)


def _loose(word: str) -> str:
    if known(word) or not word.isalpha():
        return word
    if _RUN.search(word):
        for repl in (r"\1\1", r"\1"):
            shorter = _RUN.sub(repl, word)
            if known(shorter):
                return shorter
    if word.endswith("in") and len(word) >= 4 and known(word + "g"):
        return word + "g"
    return word


# A store compares one new text with up to ten stored ones, and the stored ones come back
# call after call: both word lists are kept per text.
@lru_cache(maxsize=8192)
def _canonical(text: str) -> tuple[str, ...]:
    return tuple(canonical(text))


@lru_cache(maxsize=8192)
def loose_words(text: str) -> tuple[str, ...]:
    """The canonical words of `text` with unknown chat spellings read as known words."""
    folded = text.casefold()
    mixed = _MIXED.sub(_spelled_out, folded)
    return tuple(_loose(w) for w in (_canonical(text) if mixed == folded else canonical(mixed)))


# Words chat writes as one letter or digit; read so only against the full word.
_SHORT_FOR = {("2", "to"), ("2", "too"), ("4", "for"), ("n", "and")}
_VOWELS = re.compile(r"(?<=.)[aeiou]")
_DOUBLE = re.compile(r"(.)\1")


def _skeleton(word: str) -> str:
    return _DOUBLE.sub(r"\1", _VOWELS.sub("", word))


# British and American spellings of one word differ in these endings or parts; read so only
# against the other spelling at the same place, in words long enough that no other word
# hides there ("colour"/"color", "centre"/"center", "travelled"/"traveled", "licence").
_BRITISH = (("our", "or"), ("tre", "ter"), ("ise", "ize"), ("isation", "ization"),
            ("yse", "yze"), ("ogue", "og"), ("ence", "ense"), ("elled", "eled"),
            ("elling", "eling"), ("ellery", "elry"))
_BRITISH_MIN = 5
# A dropped "g" that spells a rare word ("takin" is an animal) against the "-ing" word at the
# same place: read as chat when the "-ing" word is this many times more frequent (raisin /
# raising, kin / king and sin / sing stay apart).
DROPPED_G_RATIO = 1000


def _british(a: str, b: str) -> bool:
    if min(len(a), len(b)) < _BRITISH_MIN:
        return False
    return any(x.replace(brit, amer) == y and brit in x
               for x, y in ((a, b), (b, a)) for brit, amer in _BRITISH)


def _dropped_g(a: str, b: str) -> bool:
    short, full = (a, b) if len(a) < len(b) else (b, a)
    if full != short + "g" or not full.endswith("ing") or len(short) < 4:
        return False
    counts = _frequencies()
    return int(counts[full]) >= DROPPED_G_RATIO * max(1, int(counts[short]))


def _same_word(a: str, b: str) -> bool:
    """Whether `a` and `b`, at the same place in two texts, are one word spelled two ways."""
    if a == b:
        return True
    if (a, b) in _SHORT_FOR or (b, a) in _SHORT_FOR:
        return True
    if not (a.isalpha() and b.isalpha()) or a[0] != b[0]:
        return False
    if _british(a, b) or _dropped_g(a, b):
        return True
    if known(a) == known(b):  # two words, or two unknowns: nothing to read
        return False
    short, full = (a, b) if known(b) else (b, a)
    if len(short) >= 3 and short == _skeleton(full):  # rly, ppl, pls, tmrw
        return True
    edits = next((n for size, n in TYPO_EDITS if min(len(short), len(full)) >= size), 0)
    return edits > 0 and DamerauLevenshtein.distance(short, full) <= edits


@lru_cache(maxsize=8192)
def _joined(words: tuple[str, ...]) -> str:
    # Two numbers side by side stay apart ("3 2" is not "32"), as in the exact key.
    return "".join(("_" + w) if i and w[:1].isdigit() and words[i - 1][-1:].isdigit() else w
                   for i, w in enumerate(words))


# Below this similarity of the two texts' letters (rapidfuzz ratio, 0-100) no informal
# reading is tried: the pair differs by more than spelling, and the word list stays unloaded.
CLOSE_ENOUGH = 70


def same_surface(new: str, old: str) -> bool:
    """Whether the two texts are the same words, one of them (or both) written informally."""
    a, b = _canonical(new), _canonical(old)
    if a == b:
        return True
    if abs(len(a) - len(b)) > 3 or fuzz.ratio(_joined(a), _joined(b)) < CLOSE_ENOUGH:
        return False
    return _aligned(loose_words(new), loose_words(old))


_DECADES = {word: str(10 * n) for n, word in enumerate(
    "_ _ twenties thirties forties fifties sixties seventies eighties nineties".split())
    if word != "_"}


def _aligned(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Word by word, where two words of one side may be one word of the other ("sun set" /
    "sunset"), each place one word spelled two ways."""
    i = j = 0
    while i < len(a) and j < len(b):
        if _same_word(a[i], b[j]):
            i, j = i + 1, j + 1
        elif i + 1 < len(a) and a[i + 1] == "s" and _DECADES.get(b[j]) == a[i]:
            i, j = i + 2, j + 1  # "the 80s" / "the eighties"
        elif j + 1 < len(b) and b[j + 1] == "s" and _DECADES.get(a[i]) == b[j]:
            i, j = i + 1, j + 2
        elif i + 1 < len(a) and a[i] + a[i + 1] == b[j] and not a[i].isdigit():
            i, j = i + 2, j + 1
        elif j + 1 < len(b) and b[j] + b[j + 1] == a[i] and not b[j].isdigit():
            i, j = i + 1, j + 2
        else:
            return False
    return i == len(a) and j == len(b)
