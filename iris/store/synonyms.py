"""Plain synonyms for de-duplication, from a general resource rather than a word list tuned
on our pair sets: two content words are synonyms when they share a MAIN sense in Princeton
WordNet 3.0 (big/large, film/movie, physician/doctor, allergy/allergic through a derivational
link). intents/fastpath/wordnet_senses.tsv holds the main senses; scripts/build_wordnet_senses.py
builds it from the WordNet database and says which senses count as main.

Words are looked up as written (lower case), else by their first regular base form that
WordNet lists ("movies" -> "movie", "searching" -> "search"). Sharing a sense only says two
words can mean the same; the verifier still blocks on negation, numbers, tense, people and
order before it asks."""

from __future__ import annotations

from functools import cache, lru_cache

from iris.errors import ConfigError
from iris.paths import fastpath_rows
from iris.text import SYNONYMS

# Regular inflections: (ending, replacement), tried in order after the word itself.
_ENDINGS = (("ies", "y"), ("ies", "ie"), ("s", ""), ("es", ""), ("ied", "y"), ("ed", ""),
            ("ed", "e"), ("ing", ""), ("ing", "e"))
_VOWEL = frozenset("aeiou")


def _candidates(word: str) -> list[str]:
    """Base forms a regular inflection may come from, likeliest first: one consonant after
    one vowel before -ed/-ing means a silent e was dropped ("hoping" is "hope", not "hop":
    that would be "hopping"); a doubled one was doubled ("stopped" is "stop")."""
    out = []
    for ending, repl in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 2:
            out.append(word[: -len(ending)] + repl)
    if word.endswith(("ed", "ing")):
        root = word[:-2] if word.endswith("ed") else word[:-3]
        if len(root) >= 3 and root[-1] == root[-2] and root[-1] not in _VOWEL:
            out.insert(0, root[:-1])
        elif (len(root) >= 3 and root[-1] not in _VOWEL | {"w", "x", "y"}
              and root[-2] in _VOWEL and root[-3] not in _VOWEL):
            out.insert(0, root + "e")
    return out


@cache
def _tables() -> tuple[dict[str, str], dict[str, str]]:
    """Word -> its sense ids, irregular form -> its bases, both as written in the file (split
    only when a word is looked up). Read once: the first de-duplication that needs it pays."""
    table: dict[str, str] = {}
    irregular: dict[str, str] = {}
    for word, keys, *_ in fastpath_rows("wordnet_senses.tsv", "synonym data"):
        if keys.startswith("="):
            irregular[word] = keys[1:]
        else:
            table[word] = keys
    return table, irregular


@lru_cache(maxsize=65536)
def _keys(word: str) -> frozenset[int]:
    keys = _tables()[0].get(word, "")
    try:
        return frozenset(int(k) for k in keys.split(",") if k)
    except ValueError as exc:
        raise ConfigError(f"synonym data for {word!r} is unusable: {keys!r}") from exc


@lru_cache(maxsize=16384)
def _lookup(word: str) -> tuple[str | None, frozenset[int]]:
    """The WordNet word `word` is (itself or its base form) and its main senses; an
    inflected form that is a word of its own has its own senses and its base's ("stole": a
    scarf, and "steal")."""
    if len(word) < 3 or not word.isalpha():
        return None, frozenset()
    table, irregular = _tables()
    if word in irregular:
        return word, _keys(word).union(*(_keys(base) for base in irregular[word].split(",")))
    base = next((c for c in _candidates(word) if len(c) >= 3 and c in table), None)
    if word in table:
        # "addicted" is an adjective and a form of "addict": it has the senses of both.
        return word, _keys(word) | _keys(base) if base else _keys(word)
    return (base, _keys(base)) if base else (None, frozenset())


def senses(word: str) -> frozenset[int]:
    """The main senses of a lower-case word or of its base form; empty when WordNet has
    none or the word is too short to say anything ("i" is a sense of "one" in WordNet)."""
    return _lookup(word)[1]


def synonyms(a: str, b: str) -> bool:
    """Do the words `a` and `b` share a main sense?"""
    return a == b or not senses(a).isdisjoint(senses(b))


def regular_bases(word: str) -> list[str]:
    """The base forms a regular inflection of `word` may come from, likeliest first
    ("reffing" -> "ref", "stopped" -> "stop")."""
    return _candidates(word)


def _bases(word: str) -> set[str]:
    return {word, *_candidates(word)}


@lru_cache(maxsize=16384)
def distinct(a: str, b: str) -> bool:
    """Two different words that a rough stemmer folds together ("cookies" and "cooking" both
    end as "cook"): not inflections of one word, not in our synonym list, both WordNet words
    and with no main sense in common."""
    if a == b or a in SYNONYMS or b in SYNONYMS or not _bases(a).isdisjoint(_bases(b)):
        return False
    (word_a, senses_a), (word_b, senses_b) = _lookup(a), _lookup(b)
    return word_a is not None and word_b is not None and word_a != word_b \
        and senses_a.isdisjoint(senses_b)


def irregular_bases(word: str) -> tuple[str, ...]:
    """The base words of an irregular form ("sold" -> sell, "ran" -> run), from WordNet's
    exception lists; () for any other word."""
    found = _tables()[1].get(word)
    return tuple(found.split(",")) if found else ()
