"""Decides what a new memory is to a similar existing one: duplicate, contradicts,
supersedes or merely related.

Cosine similarity cannot do this alone: with all-MiniLM-L6-v2 "I love dark roast coffee" vs
"I hate dark roast coffee" is 0.90, above most true paraphrases. A wrongly merged memory is
lost data, a missed paraphrase is a little noise, so the offline rules only call a pair a
duplicate when both say the same thing word for word after normalisation: same content
words (stemmed, a few synonyms folded together), same polarity, same numbers, same tense
markers, same people in the same order. Anything else is kept. Some differences are *hard*
(a polarity flip, a different number, a new value for the same slot such as where the user
lives): no judge, not even the LLM, may merge such a pair.

The LLM judge (`judge_with_llm`) only sees pairs the rules left open ("related" but close).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

Kind = Literal["duplicate", "contradicts", "supersedes", "related"]

_CONTRACTIONS = [
    (re.compile(r"\bcan'?t\b|\bcannot\b"), "can not"),
    (re.compile(r"\bwon'?t\b"), "will not"),
    (re.compile(r"\bain'?t\b"), "am not"),
    (re.compile(r"n't\b"), " not"),
    (re.compile(r"'m\b"), " am"),
    (re.compile(r"'re\b"), " are"),
    (re.compile(r"'ve\b"), " have"),
    (re.compile(r"'ll\b"), " will"),
    (re.compile(r"'d\b"), " would"),
    (re.compile(r"'s\b"), ""),  # possessive or "is": neither changes which facts are stated
]
_PHRASES = [
    (re.compile(r"\bcan not (?:stand|bear|tolerate)\b"), "hate"),
    (re.compile(r"\b(\w+) years? old\b"), r"\1"),  # "I am 24 years old" is "I'm 24"
    (re.compile(r"\bwork(s|ed|ing)? as\b"), "as"),  # "I work as a nurse": "I am a nurse"
    (re.compile(r"\bfor a living\b|\bby (?:profession|trade)\b|\bprofessionally\b"),
     "professionally"),
]
_WORD = re.compile(r"[a-z0-9]+(?:\.[0-9]+)?")

_NUMBER_WORDS = {
    w: str(i) for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen "
        "fourteen fifteen sixteen seventeen eighteen nineteen twenty".split())
}
_NUMBER_WORDS.update({"thirty": "30", "forty": "40", "fifty": "50", "sixty": "60",
                      "seventy": "70", "eighty": "80", "ninety": "90", "hundred": "100",
                      "dozen": "12", "twice": "2", "once": "1", "single": "1", "a couple": "2"})

_NEGATIONS = {"not", "no", "never", "nobody", "nothing", "none", "neither", "nor", "without"}
_POSITIVE = {"love", "loves", "loved", "loving", "like", "likes", "liked", "enjoy", "enjoys",
             "enjoyed", "enjoying", "adore", "adores", "prefer", "prefers", "preferred", "fond",
             "passion", "passionate", "fan", "favorite", "favourite", "favorites",
             "favourites", "crazy", "obsessed", "addicted", "lover", "lovers"}
_NEGATIVE = {"hate", "hates", "hated", "hating", "dislike", "dislikes", "disliked", "detest",
             "despise", "loathe", "loathes", "afraid", "scared", "scare", "scares", "fear",
             "fears", "terrified", "terrify", "terrifies", "frighten", "frightens",
             "frightened", "allergic"}
# Markers that a statement replaces an earlier one.
_UPDATE = {"moved", "move", "moving", "relocated", "switched", "changed", "quit", "stopped",
           "became", "become", "started", "began", "retired", "now", "anymore", "longer",
           "recently", "new", "newly", "lately", "ex"}
# Markers of a past or ended state: "I was a nurse" is not "I am a nurse".
_PAST = {"used", "formerly", "previously", "former", "ago", "once", "past"}
# "was" only marks an ended state against a present "am/is" ("I was a nurse" / "I am a
# nurse"); against another past tense ("I grew up" / "I was raised") it is just grammar.
_WAS, _IS = {"was", "were"}, {"am", "is", "are"}

_STOP = set("""
a an the i me my mine myself we us our ours you your he him his she her hers it its they them
their this that these those there here am is are be been being do does did doing have has had
having will would shall should can could may might must of to in on at by for with about as
from into onto over than then so and or but if because while also too very really quite just
actually truly definitely absolutely pretty much lot lots alot big huge total kind sort thing
things something stuff one ones any what which who whom whose where when how get got
go going time
""".split())
# Words that only scaffold a paraphrase ("Baking cookies is something I love").
_FILLER = {"something", "thing", "things", "stuff", "lot", "lots", "big", "huge", "total",
           "absolutely", "definitely", "really", "truly", "very", "actually", "totally",
           "enjoyment", "activity", "activities", "every", "each", "take", "taking",
           "took", "takes"}

_SYNONYMS = {
    "own": "have", "owns": "have", "possess": "have", "kid": "child", "kids": "child",
    "children": "child", "mom": "mother", "mum": "mother", "mommy": "mother", "mama": "mother",
    "dad": "father", "daddy": "father", "papa": "father", "grandma": "grandmother",
    "granny": "grandmother", "grandpa": "grandfather", "favourite": "favorite",
    "colour": "color", "colours": "color", "flavour": "flavor", "neighbour": "neighbor",
    "film": "movie", "films": "movie", "tv": "television", "telly": "television",
    "automobile": "car", "vehicle": "car", "large": "big", "jog": "run", "jogging": "run",
    "jogs": "run", "reside": "live", "resides": "live", "house": "home", "job": "work",
    "career": "work", "profession": "work", "occupation": "work", "employed": "work",
    "physician": "doctor", "attorney": "lawyer", "buddy": "friend", "pal": "friend",
    "pals": "friend", "puppy": "dog", "doggy": "dog", "kitty": "cat", "kitten": "cat",
    "spicy": "hot", "various": "different", "inside": "indoors", "outside": "outdoors",
    "attend": "go", "attends": "go", "attended": "go", "begin": "start", "began": "start", "beginning": "start",
    "vacation": "holiday", "vacations": "holiday", "holidays": "holiday",
    "beverage": "drink", "sneakers": "shoe", "trainers": "shoe", "cellphone": "phone",
    "mobile": "phone", "hubby": "husband", "spouse": "partner", "guitarist": "guitar",
    "went": "go", "gone": "go", "ran": "run", "ate": "eat", "eaten": "eat", "drank": "drink",
    "read": "read", "wrote": "write", "written": "write", "taught": "teach", "bought": "buy",
    "grew": "grow", "grown": "grow", "born": "bear", "made": "make", "saw": "see",
    "seen": "see", "met": "meet", "sang": "sing", "sung": "sing", "swam": "swim",
    "drove": "drive", "driven": "drive", "rode": "ride", "ridden": "ride", "won": "win",
    "lost": "lose", "felt": "feel", "kept": "keep", "left": "leave", "spent": "spend",
    "built": "build", "thought": "think", "knew": "know", "known": "know", "gave": "give",
    "given": "give", "took": "take", "taken": "take", "fell": "fall", "fallen": "fall",
    "men": "man", "women": "woman", "people": "person", "feet": "foot", "teeth": "tooth",
    "mice": "mouse", "geese": "goose", "wives": "wife", "lives": "life", "knives": "knife",
}
# People, whose order matters: "I taught my dad" is not "my dad taught me".
_AGENTS = {"i": "self", "me": "self", "myself": "self", "we": "self", "us": "self",
           "mother": "mother", "father": "father", "sister": "sister", "brother": "brother",
           "wife": "wife", "husband": "husband", "son": "son", "daughter": "daughter",
           "friend": "friend", "boss": "boss", "partner": "partner", "boyfriend": "boyfriend",
           "girlfriend": "girlfriend", "grandmother": "grandmother",
           "grandfather": "grandfather", "child": "child", "he": "he", "she": "she",
           "him": "he", "his": "he", "her": "she", "hers": "she",
           "parents": "parents", "parent": "parents", "family": "family",
           "grandparents": "grandparents", "friends": "friend", "aunt": "aunt",
           "uncle": "uncle", "cousin": "cousin", "neighbor": "neighbor",
           "everyone": "everyone", "people": "people",
           "they": "they", "them": "they"}

# Slots a person has one value for at a time; a new value supersedes the old one.
_SLOTS: list[tuple[str, re.Pattern[str]]] = [
    ("residence", re.compile(r"\b(?:live|living|lives|moved|relocated|reside|resides|based)"
                             r"\s+(?:in|to|at|near)\s+(?:the\s+)?(.+)")),
    ("name", re.compile(r"\bmy name is\s+(.+)|\b(?:i am|i'm) called\s+(.+)")),
    ("age", re.compile(r"\b(?:i am|i'm|i turned)\s+(\d+)(?:\s+years?\s+old)?\b")),
    ("employer", re.compile(r"\bwork(?:s|ing)?\s+(?:for|at)\s+(.+)")),
    ("occupation", re.compile(r"\bwork(?:s|ing)?\s+as\s+(?:an?\s+)?(.+)|"
                              r"\bmy (?:job|profession|occupation) is\s+(?:an?\s+)?(.+)")),
    ("relationship", re.compile(r"\b(?:i am|i'm|i got)\s+(married|divorced|single|engaged|"
                                r"widowed|separated)\b")),
    ("favorite", re.compile(r"\bmy favou?rite\s+(\w+(?:\s+\w+)?)\s+(?:is|are)\s+(.+)")),
]


@dataclass(frozen=True)
class Analysis:
    bag: frozenset[str]
    polarity: int  # +1 or -1: sentiment sign times (-1) per negation
    numbers: frozenset[str]
    update: frozenset[str]
    past: frozenset[str]
    agents: tuple[str, ...]
    slots: dict[str, str] = field(hash=False, compare=False)


@dataclass(frozen=True)
class Verdict:
    kind: Kind
    reason: str
    hard: bool = False  # True: a difference in meaning no judge may merge


def _stem(word: str) -> str:
    """Crude but consistent: both sides of a comparison go through it, so it only has to
    map a word's inflections to one key (bake/baked/baking/bakes -> bak)."""
    word = _SYNONYMS.get(word, word)
    if len(word) <= 3 or word.isdigit():
        return word
    for suffix, repl in (("ies", "y"), ("ied", "y"), ("ing", ""), ("ed", ""),
                         ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            word = word[: -len(suffix)] + repl
            break
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiouls":
        word = word[:-1]  # running -> runn -> run
    word = _SYNONYMS.get(word, word)
    return word.rstrip("ey") if len(word) > 3 else word


def _tokens(text: str) -> list[str]:
    text = text.lower().replace("\u2019", "'")
    for pattern, repl in _CONTRACTIONS:
        text = pattern.sub(repl, text)
    text = text.replace("a couple of", "2").replace("no longer", "not longer")
    text = text.replace("any more", "anymore")
    for phrase, repl in _PHRASES:
        text = phrase.sub(repl, text)
    words = []
    for word in _WORD.findall(text):
        words.append(_NUMBER_WORDS.get(word, word))
    return words


@lru_cache(maxsize=8192)
def analyze(text: str) -> Analysis:
    words = _tokens(text)
    negations = sum(w in _NEGATIONS for w in words)
    sentiment = -1 if any(w in _NEGATIVE for w in words) else 1
    bag: set[str] = set()
    agents: list[str] = []
    for i, word in enumerate(words):
        base = _SYNONYMS.get(word, word)
        agent = _AGENTS.get(base)
        if base in _STOP:  # "own" -> "have", which says nothing on its own
            word = base
        # "my dad": the possessor is not an actor, the dad is.
        if agent and not (i > 0 and words[i - 1] in ("my", "our", "his", "her", "their")
                          and agent in ("self", "he", "she", "they")):
            if not agents or agents[-1] != agent:
                agents.append(agent)
        if word in _POSITIVE or word in _NEGATIVE:
            bag.add("<feeling>")
        elif word in _NEGATIONS or word in _UPDATE or word in _PAST or word in _FILLER \
                or word in _WAS:
            continue
        elif word.isdigit() or word in _STOP:
            continue
        else:
            bag.add(_stem(word))
    lowered = " ".join(words)
    slots = {}
    for name, pattern in _SLOTS:
        match = pattern.search(lowered)
        if match:
            groups = [g for g in match.groups() if g]
            key = name
            if name == "favorite" and len(groups) == 2:
                key, groups = f"favorite {_stem(groups[0])}", groups[1:]
            if groups:
                slots[key] = " ".join(_stem(w) for w in groups[0].split()
                                      if w not in _STOP and w not in _UPDATE)
    return Analysis(
        bag=frozenset(bag),
        polarity=sentiment * (-1 if negations % 2 else 1),
        # "a sister" and "one sister" are the same fact.
        numbers=frozenset(w for w in words if w.replace(".", "", 1).isdigit() and w != "1"),
        update=frozenset(w for w in words if w in _UPDATE),
        past=frozenset(w for w in words if w in _PAST)
        | ({"was"} if any(w in _WAS for w in words) else set())
        | ({"is"} if any(w in _IS for w in words) else set()),
        agents=tuple(agents),
        slots=slots,
    )


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 1.0


def _tense_differs(a: frozenset[str], b: frozenset[str]) -> bool:
    markers_a, markers_b = a - {"was", "is"}, b - {"was", "is"}
    if markers_a != markers_b:
        return True
    return ("was" in a and "is" in b and "was" not in b) or ("was" in b and "is" in a and "was" not in a)


def _same_bag(a: frozenset[str], b: frozenset[str]) -> bool:
    """Equal content words, allowing a doer noun for its verb: teach/teacher,
    produc(e)/producer, surviv(e)/survivor, skateboard/skateboarder."""
    only_a, only_b = a - b, b - a
    if len(only_a) != len(only_b):
        return False
    for word in only_a:
        match = next((w for w in only_b if _doer(word, w) or _doer(w, word)), None)
        if match is None:
            return False
        only_b = only_b - {match}
    return True


def _doer(verb: str, noun: str) -> bool:
    return len(verb) >= 4 and noun in (verb + "er", verb + "r", verb + "or", verb + "ar")


def verify(new: str, old: str) -> Verdict:
    """What `new` is to `old`, from the words alone. The caller decides whether the two
    are similar enough (cosine) for a duplicate or a contradiction to matter."""
    a, b = analyze(new), analyze(old)
    overlap = _jaccard(a.bag, b.bag)
    updating = bool(a.update - b.update)
    for slot, value in a.slots.items():
        if slot in b.slots and b.slots[slot] != value:
            return Verdict("supersedes", f"new value for {slot}", hard=True)
    if a.polarity != b.polarity:
        if overlap >= 0.5:
            kind: Kind = "supersedes" if updating else "contradicts"
            return Verdict(kind, "polarity flip", hard=True)
        return Verdict("related", "polarity differs", hard=True)
    if a.numbers != b.numbers and (a.numbers or b.numbers):
        if overlap >= 0.6:
            return Verdict("supersedes", "different number", hard=True)
        return Verdict("related", "different numbers", hard=True)
    if _tense_differs(a.past, b.past):
        if overlap >= 0.6:
            return Verdict("supersedes", "the state changed (was / is)", hard=True)
        return Verdict("related", "tense differs", hard=True)
    if updating:
        if overlap >= 0.5:
            return Verdict("supersedes", "update", hard=True)
        return Verdict("related", "update of something else", hard=True)
    same = _same_bag(a.bag, b.bag)
    if same and set(a.agents) - {"self"} != set(b.agents) - {"self"}:
        return Verdict("related", "different people", hard=True)
    if same and len(set(a.agents)) >= 2 and a.agents != b.agents:
        return Verdict("related", "different roles", hard=True)
    if same:
        return Verdict("duplicate", "same content words")
    return Verdict("related", "different content words")


# --- the LLM judge -------------------------------------------------------------------

_SYSTEM = """You compare memories a user asked an assistant to keep. For each pair, say what \
the NEW memory is to the EXISTING one:
- "duplicate": the same fact, only worded differently. Nothing in NEW adds, removes or changes \
information.
- "contradicts": they cannot both be true and NEW does not say the situation changed.
- "supersedes": NEW is an update that replaces EXISTING (e.g. the user moved, changed jobs).
- "related": same topic, but different facts that can both be true.
When unsure, answer "related": merging two different facts loses the user's data.
Answer with JSON only: {"judgments": [{"pair": <number>, "relation": "<one of the four>"}]}"""


@dataclass(frozen=True)
class Pair:
    new: str
    existing: str


def llm_messages(pairs: list[Pair]) -> list[dict[str, str]]:
    listing = [{"pair": i, "new": p.new, "existing": p.existing} for i, p in enumerate(pairs)]
    return [{"role": "system", "content": _SYSTEM},
            {"role": "user", "content": json.dumps({"pairs": listing}, ensure_ascii=False)}]


def parse_judgments(content: str | None, count: int) -> dict[int, Kind]:
    """Pair index -> relation. Pairs the model skipped or garbled are simply absent (the
    offline verdict stands); raises ValueError when the reply is not JSON at all."""
    if not content:
        raise ValueError("empty reply")
    from json_repair import repair_json

    data: Any = repair_json(content, return_objects=True)
    rows = data.get("judgments") if isinstance(data, dict) else data
    if not isinstance(rows, list):
        raise ValueError(f"no 'judgments' list in reply: {content[:200]!r}")
    out: dict[int, Kind] = {}
    for row in rows:
        if not isinstance(row, dict):
            continue
        index, relation = row.get("pair"), str(row.get("relation", "")).strip().lower()
        if isinstance(index, int) and 0 <= index < count and relation in (
                "duplicate", "contradicts", "supersedes", "related"):
            out[index] = relation  # type: ignore[assignment]
    return out


# Public names for the other modules that read English text the same way (forget matching).
tokens = _tokens
stem = _stem
NEGATIONS = frozenset(_NEGATIONS)
