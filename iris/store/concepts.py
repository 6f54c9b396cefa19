"""Everyday word knowledge for forget-by-description: which concept a memory's word is a
kind of ("papaya" -> fruit, "biking" -> cycling, "poodle" -> dog), from word-level MiniLM
similarity to a broad inventory of concept nouns (intents/fastpath/concepts.yaml).

Word similarity alone cannot tell a kind from a sibling: MiniLM puts "dog" as close to
"cat" (0.66) as to "poodle" (0.70), and "wife" at 0.87 from "husband". So a word is read as
a concept only when that concept is the nearest of the whole inventory, by a margin, above a
floor; and a listed word is only ever itself. Siblings are listed together, so "cat" is never
"dog" and "tea" never "coffee", and an unlisted word goes to the nearest of them or to none.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Container, Iterable
from functools import lru_cache
from pathlib import Path

import numpy as np
import yaml

from iris.embed import Embedder
from iris.errors import ConfigError
from iris.paths import intents_dir
from iris.text import STOPWORDS, mentions_time, read_yaml, stem, words

# Words that name a pet, a child or a boat rather than say what it is ("a parrot called
# Kiwi" is no fruit): the word after them is never read as a concept.
_NAMING = frozenset({"named", "called", "name", "names", "nicknamed"})
_ACTORS = frozenset({"i", "we", "you", "he", "she", "they"})  # a word after one is a verb
_WORD = re.compile(r"[a-z]+")
_MIN_LETTERS = 3
# Times of day and units of time that recall's time words (text.mentions_time) leave out.
_TIME_UNITS = re.compile(r"(?:day|daily|morning|evening|night|hour|minute|second|time)s?")
_CACHE_WORDS = 50_000
_PLURALS = (("", ""), ("ies", "y"), ("es", ""), ("s", ""))


class Concepts:
    """`kinds(words)` -> the concept stem each word is clearly a kind of (or itself)."""

    def __init__(self, embedder: Embedder, *, min_similarity: float, min_margin: float,
                 folder: Path | None = None):
        self.embedder = embedder
        self.min_similarity = min_similarity
        self.min_margin = min_margin
        self.kind_names, others, groups = inventory(folder)
        self.names = self.kind_names + others
        # A word -> the stems of what it is: itself and each group that takes it in.
        self._by_word = {n: frozenset({stem(n)} | {stem(g) for g, ws in groups.items()
                                                   if n in ws}) for n in self.names}
        self.stems = frozenset(stem(n) for n in (*self.kind_names, *groups))
        self._vectors: np.ndarray | None = None
        self._cache: dict[str, frozenset[str] | None] = {}
        self._lock = threading.Lock()

    def kinds(self, words: Iterable[str]) -> dict[str, frozenset[str]]:
        """Each word (lower case) that is a listed concept or clearly a kind of one -> the
        stems of that concept and of the groups that take it in. Words with no clear concept
        are left out."""
        words = list(dict.fromkeys(words))
        listed = {w: listed_form(w, self._by_word) for w in words}
        with self._lock:
            missing = [w for w in words if w not in self._cache and listed[w] is None]
        if missing:
            found = self._nearest(missing)
            with self._lock:
                if len(self._cache) + len(found) > _CACHE_WORDS:
                    self._cache.clear()
                self._cache.update(found)
        out: dict[str, frozenset[str]] = {}
        for word in words:
            form = listed[word]
            concept = self._by_word[form] if form is not None else self._cache.get(word)
            if concept is not None:
                out[word] = concept
        return out

    def forget(self, words: Iterable[str]) -> None:
        """Drop these words from the cache (they came from an erased memory)."""
        with self._lock:
            for word in words:
                self._cache.pop(word, None)

    def _nearest(self, words: list[str]) -> dict[str, frozenset[str] | None]:
        if self._vectors is None:
            self._vectors = _unit(self.embedder.encode(list(self.names)))
        sims = _unit(self.embedder.encode(words)) @ self._vectors.T
        found: dict[str, frozenset[str] | None] = {}
        for word, row in zip(words, sims, strict=True):
            second, best = np.argsort(row)[-2:]
            clear = row[best] >= self.min_similarity and \
                row[best] - row[second] >= self.min_margin
            # Nearest to a word listed only to be itself: a sibling, no kind.
            kind = int(best) < len(self.kind_names)
            found[word] = self._by_word[self.names[best]] if clear and kind else None
        return found


def listed_form(word: str, listed: Container[str]) -> str | None:
    """The listed word `word` is, itself or as the plural of one ("tomatoes"); compared as
    words, not stems ("kayak" is not "kayaking")."""
    for end, repl in _PLURALS:
        if word.endswith(end) and (form := word[: len(word) - len(end)] + repl) in listed:
            return form
    return None


def content_words(text: str) -> list[str]:
    """The words of a memory that may be read as concepts: content words that are no verb
    form, no time word and no name (a capitalised word past the first, or the word after
    "named"/"called")."""
    out: list[str] = []
    previous = before = ""
    verbs = words().verbs  # "I own", "she lives", "I grew up": actions, not things
    takers = words().raw["infinitive_takers"]
    for i, raw in enumerate(re.findall(r"[A-Za-z]+", text)):
        word = raw.lower()
        named = previous in _NAMING or (i > 0 and raw[0].isupper() and word != "i")
        # A word where a verb stands is an action whatever else it may name: "I like to
        # grill" is no restaurant (a grill), "we ski" no runner.
        acting = previous in _ACTORS or (previous == "to" and before in takers)
        previous, before = word, previous
        # Time words are no kinds of things ("a year" is not a season, "every day" no holiday).
        if named or acting or word in STOPWORDS or len(word) < _MIN_LETTERS \
                or mentions_time(word) or _TIME_UNITS.fullmatch(word) or word in verbs:
            continue
        out.append(word)
    return out


def _unit(vectors: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.maximum(norms, 1e-9)


@lru_cache(maxsize=4)
def inventory(folder: Path | None = None
              ) -> tuple[tuple[str, ...], tuple[str, ...], dict[str, frozenset[str]]]:
    """The kinds, the others and the groups of concepts.yaml. ConfigError when it is
    missing or malformed, a word is in both tiers, or a group names an unlisted word."""
    path = (Path(folder) if folder else intents_dir() / "fastpath") / "concepts.yaml"
    try:
        data = read_yaml(path)
        kinds, others = tuple(dict.fromkeys(data["kinds"])), tuple(dict.fromkeys(data["others"]))
        if not kinds or not all(isinstance(n, str) and _WORD.fullmatch(n)
                                for n in kinds + others):
            raise ValueError("concepts must be single lower-case words")
        if set(kinds) & set(others):
            raise ValueError(f"both a kind and an other: {sorted(set(kinds) & set(others))}")
        groups = {str(g): frozenset(ws) for g, ws in (data.get("groups") or {}).items()}
        unlisted = {w for g, ws in groups.items() for w in ws | {g}} - set(kinds + others)
        if unlisted:
            raise ValueError(f"groups name unlisted words: {sorted(unlisted)}")
        return kinds, others, groups
    except (OSError, yaml.YAMLError, KeyError, TypeError, ValueError) as exc:
        raise ConfigError(f"concepts in {path} are unusable: "
                          f"{type(exc).__name__}: {exc}") from exc
