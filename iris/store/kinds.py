"""What a noun is a kind of, from Princeton WordNet 3.0's hypernym links: "collie" is a kind
of sheepdog and dog, "candy" of sweet, "chinese" of language. intents/fastpath/wordnet_kinds.tsv
holds, per noun, what its main sense is a kind of and what its other noun senses are;
scripts/build_wordnet_kinds.py builds it and says which links count.

A kind relation, unlike word similarity, never joins siblings: "cat" and "dog" are both
carnivores, but neither is a kind of the other, so "forget my dog" never finds "my cat".
Words are looked up as written (lower case), else by their regular singular."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache

from iris.errors import ConfigError
from iris.paths import intents_dir
from iris.text import stem

_lock = threading.Lock()
_table: dict[str, tuple[str, str]] | None = None
_SINGULAR = (("ies", "y"), ("es", ""), ("s", ""))


@dataclass(frozen=True)
class Kinds:
    """The stems of what a word is a kind of: by its main sense, and by any noun sense."""

    main: frozenset[str] = frozenset()
    any: frozenset[str] = frozenset()


def _load() -> dict[str, tuple[str, str]]:
    path = intents_dir() / "fastpath" / "wordnet_kinds.tsv"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"kind data in {path} is unusable: {type(exc).__name__}: {exc}") from exc
    table: dict[str, tuple[str, str]] = {}
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        word, _, rest = line.partition("\t")
        main, _, others = rest.partition("\t")
        table[word] = (main, others)
    return table


def _tables() -> dict[str, tuple[str, str]]:
    global _table
    if _table is None:
        with _lock:
            if _table is None:
                _table = _load()
    return _table


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
