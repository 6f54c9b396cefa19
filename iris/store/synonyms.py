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

import threading
from functools import lru_cache

from iris.errors import ConfigError
from iris.paths import intents_dir
from iris.text import SYNONYMS

_lock = threading.Lock()
_senses: tuple[dict[str, frozenset[int]], dict[str, tuple[str, ...]]] | None = None
# Regular inflections, tried in order after the word itself: (ending, replacement).
_ENDINGS = (("ies", "y"), ("ies", "ie"), ("es", ""), ("s", ""), ("ied", "y"), ("ed", ""),
            ("ed", "e"), ("ing", ""), ("ing", "e"))


def _load() -> tuple[dict[str, frozenset[int]], dict[str, tuple[str, ...]]]:
    path = intents_dir() / "fastpath" / "wordnet_senses.tsv"
    table: dict[str, frozenset[int]] = {}
    irregular: dict[str, tuple[str, ...]] = {}
    try:
        with path.open(encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("#"):
                    continue
                word, _, keys = line.rstrip("\n").partition("\t")
                if keys.startswith("="):
                    irregular[word] = tuple(keys[1:].split(","))
                else:
                    table[word] = frozenset(map(int, keys.split(",")))
    except (OSError, ValueError) as exc:
        raise ConfigError(f"synonym data in {path} is unusable: {type(exc).__name__}: {exc}") from exc
    return table, irregular


def _tables() -> tuple[dict[str, frozenset[int]], dict[str, tuple[str, ...]]]:
    """Read once: the first de-duplication that needs it pays (tens of milliseconds)."""
    global _senses
    if _senses is None:
        with _lock:
            if _senses is None:
                _senses = _load()
    return _senses


@lru_cache(maxsize=16384)
def senses(word: str) -> frozenset[int]:
    """The main senses of a lower-case word or of its base form (an irregular form has its
    own senses and its base's: "stole" a scarf and "steal"); empty when WordNet has none or
    the word is too short to say anything ("i" is a sense of "one" in WordNet)."""
    if len(word) < 3 or not word.isalpha():
        return frozenset()
    table, irregular = _tables()
    if word in irregular:
        return frozenset(table.get(word, frozenset())).union(
            *(table.get(base, frozenset()) for base in irregular[word]))
    if word in table:
        return table[word]
    for ending, repl in _ENDINGS:
        if word.endswith(ending):
            base = word[: -len(ending)] + repl
            if len(base) >= 3 and base in table:
                return table[base]
            # running -> run, stopped -> stop
            if repl == "" and len(base) > 3 and base[-1] == base[-2] and base[:-1] in table:
                return table[base[:-1]]
    return frozenset()


def synonyms(a: str, b: str) -> bool:
    """Do the words `a` and `b` share a main sense?"""
    return a == b or not senses(a).isdisjoint(senses(b))


def _bases(word: str) -> set[str]:
    out = {word}
    for ending, repl in _ENDINGS:
        if word.endswith(ending):
            base = word[: -len(ending)] + repl
            out.add(base)
            if repl == "" and len(base) > 3 and base[-1] == base[-2]:
                out.add(base[:-1])
    return out


@lru_cache(maxsize=16384)
def distinct(a: str, b: str) -> bool:
    """Two different words that a rough stemmer folds together ("cookies" and "cooking" both
    end as "cook"): not inflections of one word, not in our synonym list, and WordNet gives
    each senses and them none in common."""
    if a == b or a in SYNONYMS or b in SYNONYMS or not _bases(a).isdisjoint(_bases(b)):
        return False
    sa, sb = senses(a), senses(b)
    return bool(sa) and bool(sb) and sa.isdisjoint(sb)
