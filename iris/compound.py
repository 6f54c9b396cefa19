"""A memory request and a request for the host's other tools in one message:

    "remember that my sister is Ana and remind me to call her on friday"
    "forget my overdraft n remind me to ring the bank at 9"
    "set an alarm for 6 and remember that I start at the depot now"

Iris does its part and hands the other part to the host, word for word (`Reply.for_host`).
Before, the whole message went one way: the host's request was dropped with the fact stored,
or the fact was lost with the message passed through.

A message is split only where a joint ("and", "n", "&", "then", "also", a comma, a full stop,
a new line) comes before a command word (a host verb of `host_verbs` in lexicon.yaml, a
memory lead-in verb, a forget verb), and only when one side opens as a memory request and the
router reads the other as a request for a host tool (reminder, alarm, list, calendar,
message ...) that opens with a host verb. A fact that merely holds such a verb ("remember
that I add milk to my tea", "I text Kezia every day and call her at night", "..., and Ana
texts on Sundays") stays whole (see `_asks_host`). The scan is linear: it walks the words
once, and at most MAX_JOINTS places are tried.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from iris.extract.command import lead_in_end, lead_in_verb
from iris.intent.data import MEMORY_ACTION, NONE
from iris.removal import read_removal, removal_verb, removal_verbs
from iris.text import bare_deictic_request
from iris.text import words as lexicon
from iris.types import IntentDecision

MAX_JOINTS = 4  # places tried in one message (each costs the router two short texts)
MAX_CHARS = 1000  # a longer message is not split: a pasted text, not two requests
_WORD = re.compile(r"\S+")
_JOINERS = frozenset({"and", "n", "&", "+", "then", "also", "plus", "oh", "and/or"})
# Words between the joint and the verb: "and pls also remind me", "then can u set". The
# skipped ones are not handed on; the request keeps its "can you".
_SKIPPED = frozenset({"pls", "please", "plz", "plse", "kindly", "also", "then", "and", "n", "oh",
                      "just", "btw", "now"})
_POLITE = frozenset({"can", "could", "would", "will", "you", "u", "ya"})
_ENDS_SENTENCE = (".", "!", "?")
_ENDS_CLAUSE = (",", ";", ":")
_ALNUM = re.compile(r"[^\W_]")
MAX_VERB_POSITION = 3  # a removal verb this early makes a forget request ("ok pls forget ...")
MEMORY_CONFIDENCE = 0.9  # the router alone names a memory request only when this sure
# A habit: "every", "usually", "on wednesdays"; and what asks the assistant for a repeat.
_HABIT = re.compile(r"\b(?:every|each|always|usually|normally|never|often|sometimes|daily|nightly"
                    r"|weekly|weekends|weekdays|(?:mon|tues|wednes|thurs|fri|satur|sun)days)\b", re.I)
# Iris by name, or its memory: a part with these is no host request ("Message to Iris, ...",
# "add the following to your long-term memory", "(please save as personal details)").
_ABOUT_MEMORY = re.compile(r"\b(?:iris|assistant|memory|memories|memori[sz]e|profile|save|store)\b", re.I)
_THE_SAME = re.compile(r"\bthe\s+same\b", re.I)
# Host verbs whose object may be a number ("call 911", "text 07700 900123 ...").
_DIALS = frozenset({"call", "ring", "dial", "phone", "text", "whatsapp"})
_FOR_ASSISTANT = re.compile(r"\b(?:me|us|remind\w*|reminders?|alarms?|timers?|calendar|list)\b", re.I)
_TRAILING = " \t\n,;:&+-"  # left at the end of the first part by its joint


@dataclass(frozen=True)
class Split:
    memory: str  # the memory request, for Iris
    host: str  # the rest, for the host's tools


def split(text: str, decide: Callable[[list[str]], Sequence[IntentDecision]]) -> Split | None:
    """The memory request and the host request of `text`, or None when it is one request.
    `decide` is the router's batch decision (ToolIntentDecisionService.decide_batch). Of
    several places that would do, the one that leaves the host the shortest request: a
    host request is one command, and the rest ("... about mondays and thursdays and set a
    reminder ...") is the memory request's."""
    if len(text) > MAX_CHARS:
        return None
    joints = _joints(text)
    if not joints:
        return None
    sides = [side for cut, rest in joints
             for side in (text[:cut].rstrip(_TRAILING).strip(), text[rest:].strip())]
    decisions = decide(sides)
    found = []
    for k in range(0, len(sides), 2):
        for memory, host in ((k, k + 1), (k + 1, k)):
            after = sides[memory] if host > memory else None
            if _asks_memory(sides[memory], decisions[memory]) \
                    and _asks_host(sides[host], decisions[host], after):
                found.append(Split(memory=sides[memory], host=sides[host]))
    return min(found, key=lambda s: len(s.host), default=None)


def _asks_memory(side: str, decision: IntentDecision) -> bool:
    """A request to remember or forget: by its lead-in ("remember", "note that"), a forget
    verb in its first words ("pls forget ...", "4get the melatonin thing"), or the router
    sure of it. Not a remove verb's ("delete potatoes" next to a shopping list is the list's):
    the message then stays whole. The stages after the split still judge the part as any
    message."""
    words = read_removal(side).lower().split()
    if len(words) < 2:
        return False
    kinds = {removal_verbs().get(w.strip(_TRAILING)) for w in words[:MAX_VERB_POSITION]}
    lead = lead_in_end(side) > 0
    if "remove" in kinds and not lead:
        return False
    return lead or "forget" in kinds \
        or decision.intent == MEMORY_ACTION and decision.confidence >= MEMORY_CONFIDENCE


def _asks_host(side: str, decision: IntentDecision, after: str | None) -> bool:
    """A request for a host tool: it opens with a host verb used as one ("call Grandma", "pls
    text Ana"; not "Message 1 of 2", "Phone note 3:"), names its own object (not "delete it",
    "remove the same"), is not addressed to Iris nor about its memory ("Message to Iris,
    ...", "add that I own a yacht", "add this to my profile"), and the router reads it so.
    After a memory request (`after`), not when either part tells of a habit ("I text Kezia
    every day and call her at night", "... and text my brother on wednesdays"): the rest of
    the fact, unless it asks the assistant for something ("remind me every monday", "set an
    alarm"). A host request first is one ("turn on the light at 7 every night and ...")."""
    words = [w.lower() for w in side.split()]
    at = next((i for i, w in enumerate(words[:4]) if w not in _SKIPPED | _POLITE), None)
    if at is None or len(words) < 2 or words[at] not in _host_verbs() \
            or decision.intent in (NONE, MEMORY_ACTION) or decision.tool is None:
        return False
    object_ = words[at + 1:at + 2]
    if bare_deictic_request(side) or _THE_SAME.search(side):
        return False  # "... kindly remove the same": the thing of the other part
    if any(w.endswith(":") for w in words[:at + 3]) or lead_in_end(side) > 0 \
            or _ABOUT_MEMORY.search(side) or object_ and object_[0][:1].isdigit() and words[at] not in _DIALS:
        return False
    habit = after is not None and (_HABIT.search(side) or _HABIT.search(after))
    return not (habit and not _FOR_ASSISTANT.search(side))


def _joints(text: str) -> list[tuple[int, int]]:
    """(end of the first part, start of the second) at each joint before a command word
    (`_may_command`) that is no name inside a sentence ("..., and Call Me Maybe is ...").
    The joint itself ("and", "pls also") is in neither part."""
    tokens = list(_WORD.finditer(text))
    shouting = text.isupper()
    joints: list[tuple[int, int]] = []
    for i in range(1, len(tokens)):
        word, before = tokens[i].group(), tokens[i - 1].group()
        gap = text[tokens[i - 1].end():tokens[i].start()]
        if word.lower() in _JOINERS and before.lower() not in _JOINERS:
            start, opens = i + 1, False  # "... and remind me"
        elif (before.endswith(_ENDS_SENTENCE) or "\n" in gap or not _ALNUM.search(before)) \
                and word.lower() not in _JOINERS:
            start, opens = i, True  # "... thing. remind me", a new line, "... 😭😭 text her"
        elif before.endswith(_ENDS_CLAUSE) and word.lower() not in _JOINERS:
            start, opens = i, False  # "..., remind me"
        else:
            continue
        j = start
        while j < len(tokens) and j < start + 4 and tokens[j].group().lower() in _SKIPPED | _POLITE:
            j += 1
        if j == len(tokens):
            continue
        k = i - 1  # "... spare wool. NOW, can you remind me": the turn word is in neither part
        while k > 0 and tokens[k].group().lower().strip(",.;:!?") in _SKIPPED:
            k -= 1
        first = tokens[j].group()
        named = first[:1].isupper() and not shouting and not (opens and j == start)
        if _may_command(first) and not named:
            while start < j and tokens[start].group().lower() in _SKIPPED:
                start += 1
            joints.append((tokens[k].end(), tokens[start].start()))
            if len(joints) == MAX_JOINTS:
                break
    return joints


def _may_command(word: str) -> bool:
    """A verb that opens a request for a host tool, or a memory request (the other part may
    be the host's: "set an alarm for 6 and remember that ...")."""
    lowered = word.lower()
    return lowered in _host_verbs() or lead_in_verb(lowered) is not None \
        or removal_verb(lowered) is not None


@lru_cache(maxsize=1)
def _host_verbs() -> frozenset[str]:
    return frozenset(lexicon().raw["host_verbs"])
