"""What a noun is a kind of, from Princeton WordNet 3.0's hypernym links: "collie" is a kind
of sheepdog and dog, "candy" of sweet, "chinese" of language. intents/fastpath/wordnet_kinds.tsv
holds, per noun, what its main sense is a kind of and what its other noun senses are;
scripts/build_wordnet_kinds.py builds it and says which links count.

A kind relation, unlike word similarity, never joins siblings: "cat" and "dog" are both
carnivores, but neither is a kind of the other, so "forget my dog" never finds "my cat".
Words are looked up as written (lower case), else by their regular singular."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from iris.paths import fastpath_rows
from iris.text import stem

_SINGULAR = (("ies", "y"), ("es", ""), ("s", ""))


@dataclass(frozen=True)
class Kinds:
    """The stems of what a word is a kind of: by its main sense, and by any noun sense."""

    main: frozenset[str] = frozenset()
    any: frozenset[str] = frozenset()


@cache
def _tables() -> dict[str, tuple[str, str]]:
    """Noun -> (what its main sense is a kind of, what its other senses are), read once."""
    return {word: (main, others) for word, main, others, *_ in
            fastpath_rows("wordnet_kinds.tsv", "kind data")}


def _entry(word: str) -> tuple[str, str] | None:
    table = _tables()
    found = table.get(word)
    if found is None:
        found = next((table[w] for end, repl in _SINGULAR if word.endswith(end)
                      and len(w := word[: -len(end)] + repl) >= 3 and w in table), None)
    return found


def is_noun(word: str) -> bool:
    """Is the lower-case `word` (or its singular) a WordNet noun?"""
    return _entry(word) is not None


@lru_cache(maxsize=65536)
def kinds_of(word: str) -> Kinds:
    """What the lower-case noun `word` (or its singular) is a kind of, as stems."""
    found = _entry(word)
    if found is None:
        return Kinds()
    main = frozenset(stem(w) for w in found[0].split(",") if w)
    return Kinds(main, main | frozenset(stem(w) for w in found[1].split(",") if w))
