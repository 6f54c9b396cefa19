"""What a noun is a kind of, from Princeton WordNet 3.0's hypernym links: "collie" is a kind
of sheepdog and dog, "candy" of sweet, "chinese" of language. intents/fastpath/wordnet_kinds.tsv
holds, per noun, what its main sense is a kind of, what its other noun senses are, and its
main sense's other words; nouns of two words ("german shepherd") too;
scripts/build_wordnet_kinds.py builds it and says which links count.

A kind relation, unlike word similarity, never joins siblings: "cat" and "dog" are both
carnivores, but neither is a kind of the other, so "forget my dog" never finds "my cat".
Words are looked up as written (lower case), else by their regular singular; a word WordNet
also writes capitalised as a kind of thing has a row of its own under that spelling
("Mandarin": the language, where "mandarin" is first the fruit tree). `is_main_verb` reads a
second table (intents/fastpath/wordnet_main_verbs.tsv): the words used mostly as verbs."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from iris.paths import fastpath_rows
from iris.text import stem

_SINGULAR = (("ies", "y"), ("es", ""), ("s", ""))


@dataclass(frozen=True)
class Kinds:
    """The stems of what a word is a kind of: by its main sense, and by any noun sense; the
    other words of its main sense; `untagged` when that sense is only WordNet's first."""

    main: frozenset[str] = frozenset()
    any: frozenset[str] = frozenset()
    same: frozenset[str] = frozenset()
    untagged: bool = False


@cache
def _tables() -> tuple[dict[str, tuple[str, ...]], frozenset[tuple[str, str]]]:
    """Noun -> (what its main sense is a kind of, what its other senses are, its main
    sense's other words), read once; and the nouns of two words. Those ("german shepherd")
    are keyed joined ("germanshepherd"), as forget matching writes them; a word of one keeps
    its key."""
    table: dict[str, tuple[str, ...]] = {}
    pairs: set[tuple[str, str]] = set()
    for word, *columns in fastpath_rows("wordnet_kinds.tsv", "kind data"):
        key = word.replace(" ", "")
        if key != word:
            pairs.add(tuple(word.split()))  # type: ignore[arg-type]
        if key == word or key not in table:
            table[key] = (*columns, "", "", "")[:4]
    return table, frozenset(pairs)


def compound(first: str, second: str) -> str | None:
    """"german", "shepherd" -> "germanshepherd" when WordNet has the noun of the two words
    (or the second is its regular plural: "ice", "creams"), else None."""
    pairs = _tables()[1]
    for end, repl in (("", ""), *_SINGULAR):
        if second.endswith(end) and (first, second[: len(second) - len(end)] + repl) in pairs:
            return first + second
    return None


def _entry(word: str) -> tuple[str, ...] | None:
    table = _tables()[0]
    found = table.get(word)
    if found is None:
        found = next((table[w] for w in _singulars(word) if w in table), None)
    return found


def _singulars(word: str) -> list[str]:
    return [w for end, repl in _SINGULAR if word.endswith(end)
            and len(w := word[: -len(end)] + repl) >= 3]


# English nouns whose plural is irregular, by the ending that changes ("grandchildren",
# "firemen", "wives"): closed classes of the language, not a word list to grow.
_IRREGULAR = (("children", "child"), ("people", "person"), ("men", "man"), ("feet", "foot"),
              ("teeth", "tooth"), ("geese", "goose"), ("mice", "mouse"), ("ves", "f"),
              ("ves", "fe"))


def is_plural(word: str, *, irregular: bool = False) -> bool:
    """Is the lower-case `word` the regular plural of a WordNet noun ("sports", "states",
    "languages")? Not a noun that ends in s of itself ("tennis", "paris", "series").
    `irregular`: an irregular plural counts too ("children", "wives")."""
    table = _tables()[0]
    # (never one letter before the ending: "omen" is no Oman)
    if irregular and any(word.endswith(end) and len(word) - len(end) != 1
                         and word[: -len(end)] + repl in table for end, repl in _IRREGULAR):
        return True
    return not word.endswith("ss") and any(w in table for w in _singulars(word))


@cache
def dictionary() -> frozenset[str]:
    """Every WordNet word of any part of speech (intents/fastpath/wordnet_senses.tsv)."""
    return frozenset(row[0] for row in fastpath_rows("wordnet_senses.tsv", "WordNet words"))


def is_known(word: str) -> bool:
    """Is the lower-case `word`, or it without a regular ending, a WordNet word?"""
    words = dictionary()
    return word in words or is_noun(word) or any(
        word.endswith(end) and word[: -len(end)] + repl in words
        for end, repl in (("s", ""), ("ed", ""), ("ed", "e"), ("ing", ""), ("ing", "e"), ("ly", "")))


@cache
def _main_verbs() -> tuple[frozenset[str], frozenset[str]]:
    """The words used mostly as verbs, and their irregular forms
    (intents/fastpath/wordnet_main_verbs.tsv)."""
    rows = fastpath_rows("wordnet_main_verbs.tsv", "verb data")
    return (frozenset(row[0] for row in rows if len(row) == 1),
            frozenset(row[0] for row in rows if len(row) > 1))


_VERB_ENDINGS = (("ies", "y"), ("ied", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"),
                 ("d", ""), ("ing", ""), ("ing", "e"))


def is_main_verb(word: str) -> bool:
    """Is the lower-case `word` a form of a word WordNet's tagged corpus uses mostly as a verb
    ("call", "quitting", "dyed", "told"; not "cats", "school")?"""
    verbs, irregular = _main_verbs()
    if word in verbs or word in irregular:
        return True
    for end, repl in _VERB_ENDINGS:
        base = word[: len(word) - len(end)] + repl if word.endswith(end) else ""
        # "quitting", "stopped": a doubled last consonant
        if len(base) > 2 and (base in verbs or (base[-1] == base[-2] and base[:-1] in verbs)):
            return True
    return False


def is_verb_base(word: str) -> bool:
    """Is the lower-case `word` the plain form of a word used mostly as a verb ("love",
    "spend"; not "spent", "loves")? A singular subject put for "they" then needs its -s."""
    verbs, irregular = _main_verbs()
    return word in verbs and word not in irregular


def is_noun(word: str) -> bool:
    """Is the lower-case `word` (or its singular) a WordNet noun?"""
    return _entry(word) is not None


@lru_cache(maxsize=65536)
def kinds_of(word: str) -> Kinds:
    """What the lower-case noun `word` (or its singular; two words joined) is a kind of, as
    stems."""
    found = _entry(word)
    if found is None:
        return Kinds()
    main = frozenset(stem(w) for w in found[0].split(",") if w)
    return Kinds(main, main | frozenset(stem(w) for w in found[1].split(",") if w),
                 frozenset(stem(w) for w in found[2].split(",") if w), found[3] == "u")
