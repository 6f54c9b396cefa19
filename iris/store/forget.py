"""Which memory a "forget ..." description names: one (forgotten), none (not_found) or
several (ambiguous). Pure functions: the store hands in the description and its candidate
memories, nothing here touches the database.

A deletion cannot be undone, so a memory is only named by clear evidence in its words, never
by a cosine alone (MiniLM puts "forget my husband's name" at 0.6 from "My wife's name is Ana",
and with one memory stored almost anything is "clear of the others"):

  * every content word of the description (stemmed, synonyms folded, see `verifier`) must
    be in the memory, or a word the description's word stands for ("my pet": cat, dog ...);
    a different head noun therefore blocks the match: wife/husband, tea/coffee, city/street;
  * the description's numbers must be in the memory ("14 Baker Street" is not "12 ...");
  * when the description says how the user feels ("that I like tea") or negates, the
    memory's polarity must agree;
  * when the description is about the user ("that I like tea"), a memory about someone
    else ("My wife likes tea") is not a match.
Several memories meet that: the one whose words equal the description's is the match,
otherwise the answer is `ambiguous` with the candidates, for the user to choose.

`forget_all_request` recognises "forget everything" / "erase all my data", which never go
through description matching: they need a confirmation (see `MemoryStore.forget_all`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from iris.store import verifier
from iris.text import stem, tokens

# Longer than this is not a description of one memory (a pasted text, garbage).
MAX_DESCRIPTION_CHARS = 500
MAX_DESCRIPTION_WORDS = 12
MAX_CANDIDATES = 5
# A word this long may match a longer form of itself ("allergy" / "allergic").
_PREFIX_MIN = 5

# Words that say what to do with a memory, not which memory.
_NOISE = frozenset("""
forget forgets forgot delete remove erase wipe drop scrap purge clear unlearn unremember
memory memories memorize remember remembered recall know knew store stored save saved note
notes noted keep kept told tell say said mention mentioned share shared fact facts info
information detail details stuff thing things bit please anymore everything anything
something all what about regarding concerning earlier last previous
""".split())
# Words that frame a fact without being its content ("my coffee preference", "my wife's
# name"): a memory need not contain them, and they are no evidence on their own.
_SOFT = frozenset(stem(w) for w in
                  "<feeling> name preference preferences habit habits routine".split())
# "forget what I told you about X": the I who told is not a subject of the fact.
_FRAMING = re.compile(r"\b(?:what|that|everything|anything|the things?)?\s*(?:i|we)\s+"
                      r"(?:have\s+|had\s+)?(?:said|told you|mentioned|shared|wrote)\b")
# A description word -> words in a memory that it stands for.
_STANDS_FOR_WORDS = {
    "pet": "cat dog puppy kitten fish hamster parrot rabbit bird turtle tortoise snake horse "
           "pony lizard ferret guinea",
    "drink": "coffee tea beer wine juice soda water milk",
    "family": "mother father mom dad sister brother wife husband son daughter child kid "
              "parent grandmother grandfather aunt uncle cousin",
    "sibling": "sister brother",
    "address": "street road avenue lane boulevard apartment flat postcode zip",
}
_STANDS_FOR: dict[str, frozenset[str]] = {}
for _word, _members in _STANDS_FOR_WORDS.items():
    _stems = frozenset(stem(m) for w in _members.split() for m in (w, w + "s"))
    for _form in (_word, _word + "s"):
        _STANDS_FOR[stem(_form)] = _stems
_OTHERS = frozenset({"self", "he", "she", "they"})  # agents that are not a named person
_RAW_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class Description:
    """What a forget request says about the memory it means."""

    text: str
    required: frozenset[str]  # content stems every match must contain
    bag: frozenset[str]  # all content stems, soft ones too
    numbers: frozenset[str]
    people: frozenset[str]  # named people: wife, brother ...
    about_user: bool  # the user is a subject ("that I like tea")
    polarity: int | None  # set when the description states a feeling or a negation


@dataclass(frozen=True)
class Candidate:
    id: int
    content: str
    cosine: float = 0.0  # similarity to the description; orders the candidates only


@dataclass(frozen=True)
class Decision:
    status: Literal["forgotten", "not_found", "ambiguous"]
    id: int | None = None
    candidates: tuple[Candidate, ...] = ()
    reason: str = ""


def describe(text: str) -> Description | None:
    """The evidence a description offers, or None when it names nothing a memory could be
    matched on (empty, vague like "it", too long to be a description)."""
    if not text or len(text) > MAX_DESCRIPTION_CHARS:
        return None
    lowered = _FRAMING.sub(" ", " ".join(tokens(text)))
    words = [w for w in lowered.split() if w not in _NOISE]
    analysis = verifier.analyze(" ".join(words))
    required = analysis.bag - _SOFT
    if not analysis.bag and not analysis.numbers:
        return None
    if len(required) > MAX_DESCRIPTION_WORDS:
        return None
    feeling = "<feeling>" in analysis.bag or any(w in verifier.NEGATIONS for w in words)
    return Description(
        text=text, required=required, bag=analysis.bag, numbers=analysis.numbers,
        people=frozenset(analysis.agents) - _OTHERS, about_user="self" in analysis.agents,
        polarity=analysis.polarity if feeling else None)


def decide(description: Description | str, candidates: Sequence[Candidate]) -> Decision:
    """Forgotten (one clear match), ambiguous (several, best first) or not_found."""
    if isinstance(description, str):
        found = describe(description)
        if found is None:
            return Decision("not_found", reason="the description names nothing to match")
        description = found
    matches = [c for c in candidates if _matches(description, c.content)]
    if not matches:
        return Decision("not_found", reason="no memory has the described words")
    if len(matches) == 1:
        return Decision("forgotten", id=matches[0].id, candidates=(matches[0],))
    exact = [c for c in matches if verifier.analyze(c.content).bag == description.bag]
    if len(exact) == 1:
        return Decision("forgotten", id=exact[0].id, candidates=tuple(exact),
                        reason="the only memory with exactly the described words")
    ranked = sorted(matches, key=lambda c: -c.cosine)[:MAX_CANDIDATES]
    return Decision("ambiguous", candidates=tuple(ranked),
                    reason=f"{len(matches)} memories have the described words")


def _matches(d: Description, content: str) -> bool:
    memory = verifier.analyze(content)
    words = _memory_words(content)
    if not d.numbers <= memory.numbers:
        return False
    if d.polarity is not None and memory.polarity != d.polarity:
        return False
    people = frozenset(memory.agents) - _OTHERS
    # About the user, or naming only a frame ("my name"): someone else's fact is not it.
    if (d.about_user or not d.required) and not people <= d.people:
        return False
    needed = d.required or d.bag - {"<feeling>"}
    if not needed and not d.numbers:
        return False
    return all(_has(word, words) for word in needed)


def _has(word: str, words: frozenset[str]) -> bool:
    if word in words or _STANDS_FOR.get(word, frozenset()) & words:
        return True
    if len(word) < _PREFIX_MIN:
        return False
    return any(len(w) >= _PREFIX_MIN and (w.startswith(word) or word.startswith(w)) for w in words)


def _memory_words(content: str) -> frozenset[str]:
    """The memory's stems: the verifier's content words plus every raw word, so a word the
    verifier folds away ("work as a nurse" -> "as a nurse") still counts."""
    raw = {stem(w) for w in _RAW_WORD.findall(content.lower())}
    return verifier.analyze(content).bag | frozenset(raw)


# --- forget everything ------------------------------------------------------------------

_AFFIRM = r"(?:yes|yeah|yep|yup|ok|okay|sure|confirm|confirmed|i confirm|go ahead)"
_LEAD = r"(?:(?:please|pls|just|now|can you|could you|i want you to|i would like you to) )*"
_VERB = r"(?:forget|delete|erase|wipe|remove|clear|purge|drop)"
_HOLDER = r"(?: you (?:have|know|stored|saved|kept|remember|hold))?(?: (?:about|of|on) me)?"
_OBJECT = (r"(?:everything(?: (?:i ever|i have ever|i) (?:told you|said))?"
           r"|all about me"
           r"|(?:all )?(?:of )?(?:my|your|the) (?:personal )?(?:data|memory|memories)"
           r"|all (?:of )?(?:my |your |the )?(?:saved |stored )?(?:personal )?"
           r"(?:memories|data|facts|notes|info|information))")
_TRAIL = r"(?: (?:please|now|too|for good|permanently))*"
_FORGET_ALL = re.compile(rf"(?:(?P<yes>{_AFFIRM}) )?{_LEAD}{_VERB} {_OBJECT}{_HOLDER}{_TRAIL}")
_EVERYTHING = re.compile(rf"{_OBJECT}{_HOLDER}")


def forget_all_request(text: str) -> Literal["ask", "confirm"] | None:
    """"forget everything" -> "ask"; "yes, forget everything" -> "confirm"; None for any
    other message (including "forget everything I said about work", which names a topic)."""
    if not isinstance(text, str) or len(text) > 200:
        return None
    match = _FORGET_ALL.fullmatch(_plain(text))
    if match is None:
        return None
    return "confirm" if match.group("yes") else "ask"


def means_everything(description: str) -> bool:
    """A forget_memory query such as "everything" or "all my data"."""
    return isinstance(description, str) and len(description) <= 200 and \
        _EVERYTHING.fullmatch(_plain(description)) is not None


def _plain(text: str) -> str:
    """Lower case, apostrophes dropped, other punctuation a space, single spaces."""
    text = text.lower().replace("'", "").replace("\u2019", "")
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text).split())
