"""The shape of a forget description, apart from its words (read by iris/store/forget.py):
whether it asks where, says a place, names a kind of things in general, a plural the
memory says in the singular or as its own word, or a word the memory writes as two (or two
as one). Pure functions on lower-case text and word sets."""

from __future__ import annotations

import re
from functools import lru_cache
from os.path import commonprefix

from iris.store.concepts import inventory
from iris.store.kinds import is_noun, is_plural
from iris.text import STOPWORDS, stem
from iris.text import words as lexicon

# "where I grew up" is "I grew up on a farm", not "I was poor growing up": a memory that
# answers "where" says a place with one of these ("I work for Google" says where, too).
_WHERE = re.compile(r"\bwhere (?:i|we|you|he|she|they|my|our|his|her|their)\b")
_PLACE_SAID = re.compile(r"\b(?:in|on|at|near|from|for|outside|abroad|overseas|here|there)\b"
                         r"|\b(?:to|into) (\w+)")
# "how I get to work", "my lunch at work": the place, not the job (as topics.yaml reads a
# memory): only a memory that says the word so is it, never "I'm a teacher".
_AT_PLACE = re.compile(r"\b(?:to|into|at|from|after|before) (work)\b")
# "what I said about food", "the stuff regarding music": a kind of things, named bare after a
# word that frames the request.
_ABOUT_BARE = re.compile(r"\b(?:said|told you|mentioned|shared|stuff|things?|info|information"
                         r"|details?|everything|anything|bits?) (?:about|abt|regarding|concerning) "
                         r"([a-z]+)\b")
_PLURAL_ENDS = (("ies", "y"), ("es", ""), ("s", ""))
# Letters a memory's word shares with a described plural to be its word ("allergies":
# "allergic"), at least: a shorter plural must be written out but for its ending.
_PREFIX_SAID = 4
# "skydiving" / "sky diving": a word one side writes as two, each at least this long (so
# no small word joins: "a" + "way" is not "away").
_MIN_PART = 3


def asks_where(text: str) -> bool:
    return _WHERE.search(text) is not None


def says_place(text: str) -> bool:
    """Does the text say where ("on a farm", "to Spain"; "to be" is no place)?"""
    return any(m.group(1) is None or m.group(1) not in lexicon().verbs
               for m in _PLACE_SAID.finditer(text))


def places(text: str) -> frozenset[str]:
    """The stems of the words the text says as a place ("to work")."""
    return frozenset(stem(w) for w in _AT_PLACE.findall(text))


def generic(text: str) -> str | None:
    """The word of a description that names a kind of things in general (one the concept
    list holds as a group), or None. The fast path hands in what follows "forget what I said
    about": then the word alone ("food")."""
    found = _ABOUT_BARE.search(text)
    word = found.group(1) if found else text.strip()
    return word if stem(word) in _groups() else None


@lru_cache(maxsize=1)
def _groups() -> frozenset[str]:
    return frozenset(stem(g) for g in inventory()[2])


def says_singular(plurals: frozenset[str], words: frozenset[str]) -> bool:
    """Are any of the plural words among `words` in the singular ("trips": "trip")?"""
    return any(w[: len(w) - len(end)] + repl in words
               for w in plurals for end, repl in _PLURAL_ENDS if w.endswith(end))


def says_as_possessive(plurals: frozenset[str], content: str) -> bool:
    """Does the memory say a plural word only before a noun, as a possessive without its
    apostrophe ("My pets name is Charlie": one pet's name, not the pets)? Not before a
    mark, a name or a small word ("two cats, Pixel and Byte", "roses in my garden")."""
    said = re.findall(r"[A-Za-z']+|[^A-Za-z'\s]", content)
    return any(w.lower() in plurals and after[:1].islower() and after not in STOPWORDS
               and is_noun(after) for w, after in zip(said, said[1:], strict=False))


def says_plural(plurals: frozenset[str], required: frozenset[str], raw: frozenset[str]) -> bool:
    """Does a memory (its raw words) say the plural's own word ("my allergies": "allergic to
    shellfish"), or another word for it in the plural ("my folks": "My parents live in
    Ohio")? `required`: the description's required stems. "my drinks" is not all of "Coffee
    is my preferred beverage": one of them, so it is asked."""
    # as written: stem() folds synonyms ("beverage" -> "drink")
    return all(any(len(commonprefix((p, w))) >= max(_PREFIX_SAID, len(p) - 3) for w in raw)
               for p in plurals) \
        or any(is_plural(w) and stem(w) in required  # a number written on: "I have 5cats"
               for w in (r.lstrip("0123456789") for r in raw) if w)


def written_apart(word: str, sequence: tuple[str, ...]) -> bool:
    """Does a memory (its words' stems in order) write the stem `word` as two words
    ("skydiv": "sky diving"), neither of them a small word?"""
    return any(a + b == word and len(a) >= _MIN_PART and len(b) >= _MIN_PART
               and a not in STOPWORDS and b not in STOPWORDS
               for a, b in zip(sequence, sequence[1:], strict=False))


def written_together(said: tuple[tuple[str, str, frozenset[str]], ...],
                     stems: frozenset[str]) -> frozenset[str]:
    """The stems of two words a description says one after the other (`said`: stem, word,
    synonyms) that a memory (its `stems`) writes as one ("sky diving": "skydiving"), neither
    of them a small word."""
    return frozenset(
        s for (s1, w1, _), (s2, w2, _) in zip(said, said[1:], strict=False)
        if len(w1) >= _MIN_PART and len(w2) >= _MIN_PART
        # the very word, and one the stemmer left longer than the first ("color red" stems
        # to "color"): another form of it would be one of the two ("watchnews": "watch")
        and len(joined := stem(w1 + w2)) >= len(w1) + _MIN_PART and joined in stems
        for s in (s1, s2))


# Why the user asks, said after the description ("forget about duke, it hurts too much",
# "delete the deployment date. i cant keep looking at it", "forget the lossie thing, it
# probably won't happen"): a clause of its own after a mark, opening with a pronoun subject or
# a negation. It names no memory.
_REASON = re.compile(r"\s*[,.;!]+\s*(?:(?:and|but|as|cause|cos|coz|cuz|because|since)\s+)?"
                     r"(?:i|i'm|im|i've|ive|i'd|id|it|it's|its|he|she|they|we|we're|that|that's|thats"
                     r"|this|dont|don't|doesnt|doesn't|no need)\s+\S.*$", re.I | re.S)


def without_reason(text: str) -> str:
    """`text` without such a reason after it; the text itself when nothing would be left."""
    found = _REASON.search(text)
    rest = text[:found.start()] if found else text
    return rest if re.search(r"\w", rest) else text
