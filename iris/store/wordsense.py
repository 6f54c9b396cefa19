"""Word knowledge that lets a forget description name a memory in other words than its own,
from Princeton WordNet 3.0 (the table iris/store/kinds.py reads):

    join_compounds  a noun of two words is one word: "german shepherd" -> "germanshepherd",
                    "ice hockey" -> "icehockey" (only nouns WordNet lists as kinds of things)
    compounds       the same nouns found in a memory's words, beside the words themselves
    same_thing      one thing in other words, by a noun's main sense: "my boy" is a son
                    ("son": son, boy), "alsatian" a german shepherd, "ice hockey" hockey,
                    "hubby" a husband; "chemist" is no pharmacist (its main sense is a
                    scientist), "daughter" no "girls" (a girl is first a young woman)

    agents          the verbs of the agent nouns said as what someone is: "I am a dog
                    walker" -> walk, "a swimmer" -> swim ("I walk dogs for a living" is what a
                    dog walker does); only after "am a", "as a" ..., so "my cooker" is no cook

    same_action     the other words of a rare verb's sense (one with no tagged sense, so
                    its first): "bike" -> cycle (so "that I bike to work" names "I cycle to
                    work"); a common verb's synonyms are too loose ("moved": go, travel;
                    "teach": learn) (intents/fastpath/wordnet_verbs.tsv,
                    scripts/build_wordnet_verbs.py); and an irregular form's verb, as
                    a memory's irregular form counts as it (iris/store/topics.py):
                    "my broken arm" names "I broke my arm" (both forms of break)

    opposed         the stems of a word's antonyms (intents/fastpath/wordnet_antonyms.tsv,
                    scripts/build_wordnet_antonyms.py): "day" -> night, "older" -> young

All of it but `opposed` is evidence that two words name the same thing, never that one is a
sibling of the other: WordNet keeps "cat" and "dog", "tea" and "coffee", "wife" and "husband"
apart. `opposed` is evidence of the other fact: "day shifts" are not "night shifts".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache

from iris.paths import fastpath_rows
from iris.store.kinds import compound, is_main_verb, kinds_of
from iris.store.synonyms import irregular_bases
from iris.text import inflect, stem


def join_compounds(words: Sequence[str], keep: frozenset[str] = frozenset()) -> list[str]:
    """The words with each WordNet noun of two words joined into one, unless one of them
    is in `keep` (stems that mean more apart: "football team" is the team topic)."""
    out: list[str] = []
    i = 0
    while i < len(words):
        joined = compound(words[i], words[i + 1]) if i + 1 < len(words) and \
            stem(words[i]) not in keep and stem(words[i + 1]) not in keep else None
        out.append(joined or words[i])
        i += 2 if joined else 1
    return out


def compounds(words: Sequence[str]) -> list[str]:
    """The WordNet nouns of two words among adjacent `words`, joined."""
    return [c for a, b in zip(words, words[1:], strict=False) if (c := compound(a, b))]


def same_thing(said: str, memory_word: str) -> bool:
    """Does the memory's noun `memory_word` (lower case, two words joined) name what the
    description's `said` does? When the memory word's main sense is also called `said`, the
    description may mean it unless its own main sense is another kind of thing ("son": son,
    boy; "boy" is first a male child, still a male: yes; "pharmacist": chemist; "chemist"
    is first a scientist: no). When the description's main sense is also called the memory
    word, only when that is the head of the description ("ice hockey" is also called
    "hockey"; "dad" is also "pa", which is first a physician assistant)."""
    if said == memory_word:
        return True
    d, m = kinds_of(said), kinds_of(memory_word)
    if stem(said) in m.same:
        return d.untagged or stem(memory_word) in d.same or not d.main.isdisjoint(m.main)
    if stem(memory_word) in d.same:
        return said.endswith(memory_word)
    return False


@cache
def _verbs() -> tuple[dict[str, tuple[frozenset[str], bool]], dict[str, str]]:
    """Verb -> (the other words of its main verb senses, untagged); any form -> its verb."""
    table = {verb: (frozenset(words.split(",")), flag == "u")
             for verb, words, flag, *_ in fastpath_rows("wordnet_verbs.tsv", "verb data")}
    forms = {form: verb for verb in table for form in inflect([verb], base=True)}
    for verb in table:  # "cycling", "biking": -ing forms, silent e dropped
        forms.setdefault((verb[:-1] if verb.endswith("e") else verb) + "ing", verb)
    return table, forms


@lru_cache(maxsize=4096)
def same_action(said: str) -> frozenset[str]:
    """The stems of the words that say what the verb form `said` does ("biked" -> cycl,
    pedal ...): the other words of its verb's sense when the verb has no tagged sense; the
    verb of an irregular form ("broken" -> break)."""
    table, forms = _verbs()
    bases = frozenset(stem(b) for b in irregular_bases(said))
    verb = forms.get(said)
    if verb is None or not table[verb][1]:
        return bases
    return bases | frozenset(stem(w) for w in table[verb][0])


# An agent noun said as what someone is: "I'm a dog walker", "worked as a painter", "not a
# good swimmer" (one or two words may stand before it).
_IDENTITY = re.compile(r"\b(?:am|im|is|was|were|are|be|been|as)\s+(?:not\s+)?(?:a|an)\s+"
                       r"(?:[a-z]+\s+){0,2}?([a-z]{3,}(?:er|or))\b")


def agents(text: str) -> dict[str, str]:
    """The stems of the agent nouns `text` (lower case, apostrophes dropped) says someone is,
    each with the stem of its verb: {"walker": "walk"} for "i am a dog walker"."""
    found = {}
    for match in _IDENTITY.finditer(text):
        verb = agent_verb(match.group(1))
        if verb is not None:
            found[stem(match.group(1))] = verb
    return found


@lru_cache(maxsize=4096)
def agent_verb(noun: str) -> str | None:
    """The stem of the verb whose doer `noun` is ("walker" -> walk, "swimmer" -> swim, "lover"
    -> lov, "sailor" -> sail), or None when no main-sense verb makes it."""
    base = noun[:-2]
    for verb in (base, base + "e", base[:-1] if len(base) > 2 and base[-1] == base[-2] else ""):
        if len(verb) > 2 and is_main_verb(verb):
            return stem(verb)
    return None


@cache
def _antonyms() -> dict[str, frozenset[str]]:
    return {word: frozenset(others.split(",")) for word, others in
            fastpath_rows("wordnet_antonyms.tsv", "antonym data")}


def opposed(word: str) -> frozenset[str]:
    """The stems of `word`'s antonyms; a comparative's through its base ("older": young)."""
    table = _antonyms()
    found = table.get(word)
    if found is None and len(word) > 4 and word.endswith(("er", "est")):
        base = word[:-2] if word.endswith("er") else word[:-3]
        found = table.get(base) or table.get(base[:-1])  # "bigger" -> "big"
    return frozenset(stem(w) for w in found) if found else frozenset()
