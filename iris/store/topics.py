"""The words of a memory as forget matching reads them, and the topic nouns of
intents/fastpath/topics.yaml with the ways a memory says them ("forget my car" names "I
drive a red Toyota"). Split from iris/store/forget.py, which decides with them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from iris.errors import ConfigError
from iris.paths import intents_dir
from iris.store import verifier
from iris.store.aliases import alias_stems, aliases
from iris.store.kinds import is_noun, kinds_of
from iris.store.synonyms import irregular_bases
from iris.store.textcache import text_cache
from iris.store.wordsense import agents, compounds
from iris.text import IN_LAW, STOPWORDS, plain, read_yaml, stem

OTHERS = frozenset({"self", "he", "she", "they"})  # agents that are not a named person


@dataclass(frozen=True)
class MemoryWords:
    analysis: verifier.Analysis
    stems: frozenset[str]  # the verifier's content words plus every raw word, stemmed
    sequence: tuple[str, ...]  # the raw words' stems, in order (for phrases)
    words: tuple[str, ...]  # the raw words, in order ("lives in" is not "live in" stemmed)
    raw: frozenset[str]  # the raw words
    plain: str  # lower case, apostrophes dropped, single spaces (for patterns)
    nouns: tuple[str, ...] = ()  # the raw words and the nouns of two words, joined
    same: frozenset[str] = frozenset()  # the stems of their synonyms (kinds.Kinds.same)
    # the stems of the other names of its words, looked up as written (aliases.py): "sax"
    # -> saxophon, "ER" -> emergencyroom
    aliases: frozenset[str] = frozenset()
    # the verbs of the agent nouns it says someone is ("I am a painter": paint)
    doing: frozenset[str] = frozenset()
    negated: frozenset[str] = frozenset()  # the stems a negation reaches (verifier.negated)


@text_cache(maxsize=200_000)  # as search._memory_words: every memory of a large user
def memory_words(content: str) -> MemoryWords:
    """A memory's words. The raw words count besides the verifier's content words, so a
    word the verifier folds away ("work as a nurse" -> "as a nurse") still counts."""
    analysis = verifier.analyze(content)
    flat = plain(content)
    for pattern, joined in IN_LAW:
        flat = pattern.sub(joined, flat)
    words = tuple(flat.split())
    sequence = tuple(stem(w) for w in words)
    # "I sold my motorbike" is about selling: an irregular form also counts as its base.
    bases = frozenset(stem(b) for w in words for b in irregular_bases(w))
    # "a german shepherd" also says "germanshepherd", as a description writes it. A word in
    # capitals is an abbreviation, not the noun it spells: "a job as a PA" has no father.
    nouns = tuple(w for w in words if w not in _abbreviations(content)) + tuple(compounds(words))
    # As written: "ER" is the emergency room, "er" none; "us" is no United States, "US" is.
    capitals = _abbreviations(content)
    as_written = [w.upper() if w in capitals else w for w in words
                  if w in capitals or w not in STOPWORDS]
    return MemoryWords(analysis, analysis.bag | frozenset(sequence) | bases
                   | frozenset(stem(c) for c in compounds(words)), sequence, words,
                   frozenset(words), flat, nouns, frozenset().union(*(kinds_of(w).same for w in nouns)),
                   frozenset().union(*(alias_stems(w) for w in as_written)),
                   frozenset(agents(flat).values()), verifier.negated(content))


def _abbreviations(content: str) -> frozenset[str]:
    """The words of two letters or more written in capitals ("PA", "IT"), lower case; none
    when the whole memory is in capitals."""
    if not any(ch.islower() for ch in content):
        return frozenset()
    return frozenset(w.lower() for w in re.findall(r"[A-Za-z]+", content)
                     if len(w) >= 2 and w.isupper())


def said_by_alias(said: list[str], word: str, memory: MemoryWords) -> Topic | bool:
    """Does the memory say the description's word (its stem `word`, `said` as written) by
    another of its names (iris/store/aliases.py)? Either way: the memory's "sax" names
    "saxophone", the description's "usps" names "the us postal service"; an informal word's
    noun may be a topic the memory realises ("pooch": "a greyhound called Biscuit"), which
    is returned to be weighed as that topic is."""
    if word in memory.aliases:
        return True
    for alias in (a for w in said for a in aliases(w)):
        joined = stem("".join(alias))
        # as one word, as written, or in another form ("tanning bed": "tanning beds")
        if joined in memory.stems or f" {' '.join(alias)} " in f" {memory.plain} " \
                or _contains(memory.sequence, tuple(stem(w) for w in alias)):
            return True
        if (topic := topics().get(joined)) is not None and topic.realised(memory):
            return topic
    return False


@dataclass(frozen=True)
class Topic:
    """A topic noun of intents/fastpath/topics.yaml and the ways a memory says it."""

    name: str
    words: frozenset[str]  # stems of the realising single words
    phrases: tuple[tuple[str, ...], ...]  # stems of each realising phrase of several words
    raw_phrases: tuple[tuple[str, ...], ...]  # the same, unstemmed ("lives in")
    patterns: tuple[re.Pattern[str], ...]
    not_with: frozenset[str]  # stems that veto the topic in a memory
    people: frozenset[str]  # the people its words name (family: wife, son ...)
    modifiers: frozenset[str] = frozenset()  # stems that may narrow it unsaid ("football")
    nouns: tuple[str, ...] = ()  # its name and aliases as written ("hay fever")
    only_realised: bool = False  # the noun itself is no evidence ("tea at work")
    group: bool = False  # the noun names a group, each realisation one member ("family")
    # a slot whose nouns realise the topic when a kind of one of `kinds` ("a tour guide")
    slot: re.Pattern[str] | None = None
    kinds: frozenset[str] = frozenset()  # stems, as kinds.kinds_of writes them
    not_kinds: frozenset[str] = frozenset()  # ... and the kinds that veto one

    def realised(self, memory: MemoryWords) -> bool:
        if self.not_with & memory.stems:
            return False
        return (not self.words.isdisjoint(memory.sequence)
                or any(p[0] in memory.stems and _contains(memory.sequence, p)
                       for p in self.phrases)
                or any(p[0] in memory.raw and _contains(memory.words, p)
                       for p in self.raw_phrases)
                or any(p.search(memory.plain) for p in self.patterns)
                or self._kind_in_slot(memory.plain))

    def _kind_in_slot(self, text: str) -> bool:
        return self.slot is not None and any(
            is_noun(w) and not (k := kinds_of(w).main).isdisjoint(self.kinds)
            and k.isdisjoint(self.not_kinds) for m in self.slot.finditer(text) for w in m.group(1).split())


def _expand(words: list[str], specs: dict) -> list[str]:
    """A topic's words, with "@dog" replaced by the words of topic dog (one level)."""
    out: list[str] = []
    for word in words:
        out.extend(specs[word[1:]]["words"] if word.startswith("@") else [word])
    return out


def _contains(words: tuple[str, ...], phrase: tuple[str, ...]) -> bool:
    n, first = len(phrase), phrase[0]
    return any(w == first and words[i:i + n] == phrase for i, w in enumerate(words))


@lru_cache(maxsize=4)
def topics(folder: Path | None = None) -> dict[str, Topic]:
    """The stem of each topic noun (its name, aliases and their plurals) -> its Topic.
    ConfigError when topics.yaml is missing or malformed, or two topics claim one noun."""
    path = (Path(folder) if folder else intents_dir() / "fastpath") / "topics.yaml"
    try:
        found: dict[str, Topic] = {}
        specs = read_yaml(path)["topics"]
        for name, spec in specs.items():
            phrases = [tuple(plain(p).split()) for p in _expand(spec["words"], specs)]
            several = [p for p in phrases if len(p) > 1]
            topic = Topic(
                name=name,
                # and their plurals: stem() reads "lattes" as "lat", "latte" as "latt"
                words=frozenset(stem(w) for p in phrases if len(p) == 1
                                for w in (p[0], p[0] + "s")),
                phrases=tuple(tuple(stem(w) for w in p) for p in several),
                raw_phrases=tuple(several),
                patterns=tuple(re.compile(p) for p in spec.get("patterns", ())),
                not_with=frozenset(stem(w) for w in spec.get("not_with", ())),
                modifiers=frozenset(stem(w) for w in _expand(spec.get("modifiers", []), specs)),
                nouns=(name, *spec.get("aliases", ())),
                only_realised=bool(spec.get("only_realised", False)),
                group=bool(spec.get("group", False)),
                slot=re.compile(spec["kinds"]["slot"]) if "kinds" in spec else None,
                kinds=frozenset(stem(w) for w in spec.get("kinds", {}).get("of", ())),
                not_kinds=frozenset(stem(w) for w in spec.get("kinds", {}).get("not_of", ())),
                people=frozenset(a for p in phrases for w in p
                                 for a in verifier.analyze(w).agents) - OTHERS)
            for noun in topic.nouns:
                noun = noun.replace(" ", "")  # "hay fever": see _joined_nouns
                for key in {stem(noun), stem(noun + "s")}:
                    if found.get(key, topic) != topic:
                        raise ValueError(f"{noun!r} names both {found[key].name} and {name}")
                    found[key] = topic
        return found
    except (OSError, yaml.YAMLError, AttributeError, KeyError, TypeError, ValueError,
            re.error) as exc:
        raise ConfigError(f"forget topics in {path} are unusable: "
                          f"{type(exc).__name__}: {exc}") from exc


@lru_cache(maxsize=1)
def _multiword_nouns() -> tuple[tuple[str, str], ...]:
    """("hay fever", "hayfever") for every topic noun of several words."""
    return tuple((" ".join(n.split()), n.replace(" ", ""))
                 for t in set(topics().values()) for n in t.nouns if " " in n)


def joined_nouns(text: str) -> str:
    """ "hay fever" -> "hayfever": a topic noun of several words becomes one word."""
    for phrase, joined in _multiword_nouns():
        if phrase in text:
            text = re.sub(rf"\b{re.escape(phrase)}\b", joined, text)
    return text
