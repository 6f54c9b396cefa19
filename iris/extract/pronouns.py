"""A fact that opens with "he" or "she" names nobody: "She loves horses" stored alone is
found by no later question about the daughter. `resolve` gives such a fact the subject of the
fact before it when that fact introduces exactly one fitting person ("my daughter Mia is 7"
-> "Mia loves horses"; "my dog is 3" -> "My dog loves the beach"), and otherwise keeps the
clause attached to the fact before it, so nothing is stored without its subject.

The people words (and which pronoun fits them) are lists in intents/fastpath/lexicon.yaml."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from iris import text as english

_PRONOUN = re.compile(r"(he|she)(?:'s|\u2019s)?\b", re.I)
# "friend's" is "friend" and "'s"; "mother-in-law" is one word.
_WORD = re.compile(r"\w+(?:-\w+)*|['\u2019]s\b")
# Words that follow a relation word but are not a name ("my son is", "my dog has").
_NOT_NAMES = frozenset({"is", "was", "has", "had", "and", "but", "who", "that", "just",
                        "named", "called", "s", "also", "lives", "loves", "likes", "works",
                        "goes", "plays", "turned", "will", "can", "does", "did", "got",
                        "moved", "in", "at", "from", "of"})


@dataclass(frozen=True)
class _People:
    female: frozenset[str]
    male: frozenset[str]
    any: frozenset[str]


@lru_cache(maxsize=1)
def _people() -> _People:
    raw = english.words().raw
    return _People(female=frozenset(raw["people_female"]), male=frozenset(raw["people_male"]),
                   any=frozenset(raw["people_any"]))


def _head(word: str) -> str:
    """The relation a compound names: "mother-in-law" is a mother, "step-son" a son."""
    parts = word.split("-")
    return parts[-1] if parts[0] in ("step", "half", "great") else parts[0]


def _fits(relation: str, pronoun: str) -> bool:
    people = _people()
    relation = _head(relation)
    if relation in people.any:
        return True
    return relation in (people.female if pronoun == "she" else people.male)


def _relation(words: list[str], index: int) -> tuple[str, int] | None:
    """The relation word at `index` ("daughter", or "best friend" read as "friend") and the
    index after it."""
    people = _people()
    known = people.female | people.male | people.any
    if index < len(words) and _head(words[index]) in known:
        return words[index], index + 1
    if index + 1 < len(words) and _head(words[index + 1]) in known:  # "best friend", "little sister"
        return words[index + 1], index + 2
    return None


def _person(fact: str, pronoun: str) -> str | None:
    """The subject a he/she after `fact` refers to: the name, or "my <relation>" when no name
    is given; None when there is none, or more than one."""
    raw = _WORD.findall(fact)
    words = [english.normalise(w) for w in raw]
    found: list[str] = []
    for i, word in enumerate(words):
        if word != "my":
            # "Mia is my daughter"
            if i + 3 <= len(words) and words[i + 1:i + 3] == ["is", "my"] and i == 0:
                rel = _relation(words, i + 3)
                if rel and _fits(rel[0], pronoun) and word not in _NOT_NAMES:
                    found.append(raw[i])
            continue
        rel = _relation(words, i + 1)
        if rel is None or (i == 2 and words[1] == "is"):  # "Mia is my daughter": done above
            continue
        relation, after = rel
        if not _fits(relation, pronoun):
            continue
        rest = words[after:after + 4]
        if rest[:1] == ["s"] and rest[1:3] == ["name", "is"] and after + 3 < len(words):
            found.append(raw[after + 3])  # "my daughter's name is Mia"
        elif rest[:2] in (["is", "called"], ["is", "named"]) and after + 2 < len(words):
            found.append(raw[after + 2])  # "my dog is called Rex"
        elif rest[:1] in (["named"], ["called"]) and after + 1 < len(words):
            found.append(raw[after + 1])
        elif rest and rest[0] not in _NOT_NAMES and rest[0].isalpha() \
                and rest[0] not in english.words().verbs:
            found.append(raw[after])  # "my daughter Mia is 7"
        else:
            found.append(" ".join(raw[i:after]))  # "my dog is 3" -> "my dog"
    if len(set(found)) != 1:
        return None
    return found[0].removesuffix("'s").removesuffix("\u2019s")


def resolve(facts: list[str]) -> list[str]:
    """`facts` with each fact that opens with he/she given its subject, or joined to the fact
    before it when the subject is unclear."""
    out: list[str] = []
    for fact in facts:
        match = _PRONOUN.match(fact)
        if not match or not out:
            out.append(fact)
            continue
        pronoun = match.group(1).lower()
        person = _person(out[-1], pronoun)
        if person is None:
            out[-1] = f"{out[-1]} and {fact[0].lower()}{fact[1:]}"
            continue
        verb = " is" if match.group().lower().endswith("s") and len(match.group()) > 3 else ""
        subject = person[0].upper() + person[1:]
        # "she also plays chess": the "also" pointed at the clause before, now a fact apart
        rest = re.sub(r"^\s+also\b", "", fact[match.end():], flags=re.I)
        out.append(subject + verb + rest)
    return out
