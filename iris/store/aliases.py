"""Other names of one noun, from Princeton WordNet 3.0 (intents/fastpath/wordnet_aliases.tsv,
built and explained by scripts/build_wordnet_aliases.py): a clipped form and its full word
("sax" / "saxophone", "ref" / "referee"), an informal word and the noun WordNet glosses it
by ("pooch" -> dog), an abbreviation written in capitals and what it stands for ("ER" ->
emergency room, "USPS" -> us postal service).

Forget-by-description reads them as one more way a memory may say a description's word
(iris/store/forget.py): "forget the saxophone" names "I've played tenor sax since high
school", "the usps thing" names "I am employed by the us postal service". A word is looked
up as written, so a memory's "ER" is the emergency room and never "er"; an abbreviation
of three letters or more that spells no word has a lower-case row too ("usps"). Aliases
only join names of one thing: WordNet keeps siblings ("cat", "dog") in different synsets.
Everyday colloquial names WordNet lacks ("sparky" / electrician, "my lad" / a son, "the
sunbeds" / tanning beds) are a short curated list in intents/fastpath/colloquial.tsv, same
format, same rule.
"""

from __future__ import annotations

from functools import cache, lru_cache

from iris.paths import fastpath_rows
from iris.store.synonyms import regular_bases
from iris.text import stem


@cache
def _table() -> dict[str, tuple[tuple[str, ...], ...]]:
    """Word as written -> its aliases, each a tuple of lower-case words."""
    table: dict[str, list[tuple[str, ...]]] = {}
    # WordNet's, then everyday colloquial names it does not write so ("sparky", "my lad")
    rows = fastpath_rows("wordnet_aliases.tsv", "alias data") \
        + fastpath_rows("colloquial.tsv", "colloquial alias data")
    for word, aliases, *_kind in rows:
        table.setdefault(word, []).extend(tuple(a.split()) for a in aliases.split("|") if a)
    return {w: tuple(dict.fromkeys(a)) for w, a in table.items()}


@lru_cache(maxsize=16384)
def aliases(word: str) -> tuple[tuple[str, ...], ...]:
    """The other names of `word` as written ("ER", "sax", "usps"), or of its regular base
    form ("reffing" -> "ref")."""
    table = _table()
    return next((table[form] for form in (word, *regular_bases(word)) if form in table), ())


def alias_stems(word: str) -> frozenset[str]:
    """The stems of `word`'s aliases, several words joined ("ER" -> emergencyroom), as
    forget matching writes a noun of two words."""
    return frozenset(stem("".join(a)) for a in aliases(word))
