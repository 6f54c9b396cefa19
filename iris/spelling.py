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
  always an unknown word against a known one. A short word ("paela" / "paella") is read as
  a typo only by the shape of a slip of the fingers (a doubled letter dropped or added, two
  letters swapped, a key next to the right one), when the unknown spelling is almost never
  seen, neither word stands where a name does (capitalised mid-sentence, after "named",
  "called", "name is" or a title), and it is the only difference between the two texts.
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
# Shorter words (the word from this many letters) only by a slip's shape, and only when the slip is
# seen fewer than this many times in the frequency list: a rare real word or name ("austen"
# 88) is not a slip.
SLIP_MIN_LETTERS = 4
SLIP_MAX_COUNT = 10

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


# "-tre" is an ending only: inside a word it is no spelling ("treadmill" / "teradmill").
_TRE_END = re.compile(r"tre(?=[sd]?$)")


def _british(a: str, b: str) -> bool:
    if min(len(a), len(b)) < _BRITISH_MIN:
        return False
    for x, y in ((a, b), (b, a)):
        if _TRE_END.sub("ter", x) == y != x:
            return True
        if any(brit != "tre" and brit in x and x.replace(brit, amer) == y
               for brit, amer in _BRITISH):
            return True
    return False


def _dropped_g(a: str, b: str) -> bool:
    short, full = (a, b) if len(a) < len(b) else (b, a)
    if full != short + "g" or not full.endswith("ing") or len(short) < 4:
        return False
    counts = _frequencies()
    return int(counts[full]) >= DROPPED_G_RATIO * max(1, int(counts[short]))


# QWERTY rows: a slip hits the key to the left or right, or one of the two next to it on
# the row above or below.
_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")


def _keys_near() -> dict[str, frozenset[str]]:
    near: dict[str, set[str]] = {}
    for r, row in enumerate(_ROWS):
        for c, key in enumerate(row):
            found = near.setdefault(key, set())
            found.update(row[max(0, c - 1):c + 2])
            for other in (r - 1, r + 1):
                if 0 <= other < len(_ROWS):
                    shift = c if other < r else c - 1  # each row sits half a key to the right
                    found.update(_ROWS[other][max(0, shift):shift + 2])
            found.discard(key)
    return {k: frozenset(v) for k, v in near.items()}


_NEAR = _keys_near()


def slip(typed: str, word: str) -> bool:
    """Whether `typed` is `word` with one slip of the fingers: a doubled letter written once
    or a letter written twice ("paela" / "paella"), two neighbouring letters swapped
    ("recieve"), or one letter replaced by the key next to it ("hoise" / "house")."""
    if len(typed) == len(word):
        diff = [i for i, (x, y) in enumerate(zip(typed, word, strict=True)) if x != y]
        if len(diff) == 1:
            return typed[diff[0]] in _NEAR.get(word[diff[0]], frozenset())
        return (len(diff) == 2 and diff[1] == diff[0] + 1
                and typed[diff[0]] == word[diff[1]] and typed[diff[1]] == word[diff[0]])
    short, longer = (typed, word) if len(typed) < len(word) else (word, typed)
    if len(longer) != len(short) + 1:
        return False
    return any(longer[i] == longer[i - 1] and longer[:i] + longer[i + 1:] == short
               for i in range(1, len(longer)))


def _slip_of(a: str, b: str) -> bool:
    """Whether one of two short words is a slip for the other, common, word."""
    typed, word = (a, b) if known(b) else (b, a)
    if len(word) < SLIP_MIN_LETTERS:
        return False
    return int(_frequencies()[typed]) < SLIP_MAX_COUNT and slip(typed, word)


# How two words at the same place relate: not the same, the same, the same if a long word
# was misspelt (or spelt the British way), or the same only if a short word was mistyped
# (allowed once, in texts otherwise the same). Neither misspelling is read off a name.
_NO, _SAME, _MISSPELT, _SLIP = 0, 1, 2, 3


def _same_word(a: str, b: str) -> int:
    """Whether `a` and `b`, at the same place in two texts, are one word spelled two ways."""
    if a == b:
        return _SAME
    if (a, b) in _SHORT_FOR or (b, a) in _SHORT_FOR:
        return _SAME
    if not (a.isalpha() and b.isalpha()) or a[0] != b[0]:
        return _NO
    if _dropped_g(a, b):
        return _SAME
    if _british(a, b):  # a name may end so too ("Eater" / "Eatre")
        return _MISSPELT
    if known(a) == known(b):  # two words, or two unknowns: nothing to read
        return _NO
    short, full = (a, b) if known(b) else (b, a)
    if len(short) >= 3 and short == _skeleton(full):  # rly, ppl, pls, tmrw
        return _SAME
    edits = next((n for size, n in TYPO_EDITS if min(len(short), len(full)) >= size), 0)
    if edits > 0 and DamerauLevenshtein.distance(short, full) <= edits:
        return _MISSPELT
    return _SLIP if _slip_of(a, b) else _NO


@lru_cache(maxsize=8192)
def _joined(words: tuple[str, ...]) -> str:
    # Two numbers side by side stay apart ("3 2" is not "32"), as in the exact key.
    return "".join(("_" + w) if i and w[:1].isdigit() and words[i - 1][-1:].isdigit() else w
                   for i, w in enumerate(words))


# Below this similarity of the two texts' letters (rapidfuzz ratio, 0-100) no informal
# reading is tried: the pair differs by more than spelling, and the word list stays unloaded.
CLOSE_ENOUGH = 70


# Words after which the next word is a name in any case ("my dog is called bella", "dr
# austen"). Words that are titles only sometimes ("miss", "aunt") are left to the capital.
_NAMING = re.compile(
    r"\b(?:named|called|call(?:s|ed)?\s+(?:him|her|it|them|me)|name\s+is|name's|names\s+are"
    r"|nicknamed|mr|mrs|ms|mx|dr)\.?\s+([a-z][a-z'-]*)", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_SENTENCE_END = re.compile(r"[.!?:;]\s*$")


# "I" and its contractions written without the apostrophe are capitalised but no name.
_SELF = {"i", "im", "ive", "id", "ill"}
_LETTERS = re.compile(r"[a-z]+")


@lru_cache(maxsize=8192)
def name_like(text: str) -> frozenset[str]:
    """The words of `text` (lower case, letters only) that stand where a name does:
    capitalised after the first word of a sentence (not "I"), or after "named", "called",
    "name is" or a title."""
    found = [m.group(1) for m in _NAMING.finditer(text)]
    for m in _WORD.finditer(text):
        word = m.group()
        start = not text[:m.start()].strip() or _SENTENCE_END.search(text[:m.start()])
        if not start and word[0].isupper():
            found.append(word)
    return frozenset(part for word in found
                     for part in _LETTERS.findall(word.casefold().split("'")[0])) - _SELF


def names_differ(new: str, old: str) -> bool:
    """Whether a word standing as a name on one side ("named Homee", "Mr Hosue") is missing
    from the other: two names are two facts, however close their spelling."""
    words_new, words_old = (set(_LETTERS.findall(t.casefold())) for t in (new, old))
    return bool(name_like(new) - words_old or name_like(old) - words_new)


def same_surface(new: str, old: str) -> bool:
    """Whether the two texts are the same words, one of them (or both) written informally."""
    a, b = _canonical(new), _canonical(old)
    if a == b:
        return True
    if abs(len(a) - len(b)) > 3 or fuzz.ratio(_joined(a), _joined(b)) < CLOSE_ENOUGH:
        return False
    readings = _aligned(loose_words(new), loose_words(old))
    if not readings:
        return readings is not None
    # A short word's slip is read only in texts otherwise written alike.
    if any(how == _SLIP for _, _, how in readings) and (
            len(readings) > 1 or len(a) != len(b)
            or sum(x != y for x, y in zip(a, b, strict=True)) > 1):
        return False
    names = name_like(new) | name_like(old)
    return not any(x in names or y in names for x, y, _ in readings)


_DECADES = {word: str(10 * n) for n, word in enumerate(
    "_ _ twenties thirties forties fifties sixties seventies eighties nineties".split())
    if word != "_"}


def _counts(words: tuple[str, ...], i: int) -> bool:
    """Whether words[i] is a number counting the plural after it ("4 years", "2 kids")."""
    after = words[i + 1] if i + 1 < len(words) else ""
    return words[i].isdigit() and len(after) > 3 and after.endswith("s")


def _aligned(a: tuple[str, ...], b: tuple[str, ...]) -> list[tuple[str, str, int]] | None:
    """Word by word, where two words of one side may be one word of the other ("sun set" /
    "sunset"), each place one word spelled two ways: None when some place is not, else the
    misspellings it took to read them so (the two words and how they were read)."""
    i = j = 0
    readings: list[tuple[str, str, int]] = []
    while i < len(a) and j < len(b):
        same = _same_word(a[i], b[j])
        if same and a[i] != b[j] and (_counts(a, i) or _counts(b, j)):
            same = _NO  # "4 years" / "for years": a number before a plural counts it
        if same in (_MISSPELT, _SLIP):
            readings.append((a[i], b[j], same))
        if same:
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
            return None
    return readings if i == len(a) and j == len(b) else None
