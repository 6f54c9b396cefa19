"""A writer's own lead-in before the memory command: "I am 78 years old and not very good with
computers, so please bear with me. Please remember that ...", "My grandson set this up for me
and he said I should tell you that ...", "I am a district nurse and would be grateful if you
could record the following about me: ...". The sentence says why or how the user writes, and
the command after it says where the facts start: what stands before the command is no fact.

A command that adds to what came before ("Please also remember she ...", "Next thing: ...",
"Side note: ...") does not: the facts before it are facts. No two facts of the development
phrasing sets (11,420 messages) stand on either side of a command read so."""

from __future__ import annotations

import re

from iris import text as english
from iris.extract.clauses import is_clause
from iris.extract.command import lead_in_verb

# The spans a lead-in may hold: a sentence, or two clauses of one ("my grandson set this up
# for me | and he said | I should tell you that").
MAX_PRELUDE_SPANS = 2
# How far after its verb a command names its object: "record | the following about me:",
# "I should tell | you that", "it might help to | know that".
_OBJECT_REACH = 5
_WORD = re.compile(r"[\w'\u2019]+|[:;.!?\n]")
# Verbs of telling besides the lead-in verbs ("I should tell you that", "share the following").
_TELLING = frozenset({"tell", "share", "provide", "log", "state", "inform"})
# A command said to the reader ("please note", "Kindly record", at a sentence's start) opens
# what follows when it names a list ("the following", "these", a colon): a fact before
# "Please note that she ..." is a fact. One said as a statement ("it might help to know
# that", "I should tell you that", "I'd be grateful if you could record that") opens what
# follows whatever it names.
_IMPERATIVE = frozenset({"please", "pls", "plz", "kindly", "and", "so", ".", "!", "?"})
_STATED = frozenset({"you", "u", "to", "should", "could", "can", "would", "must"})
_THAT = frozenset({"that", "dat", "tht"})
_LIST = frozenset({"following", "these", ":"})
# Words of a command that adds to the facts before it.
_ADDING = frozenset({"also", "too", "well", "another", "more", "again", "other", "add", "next",
                     "side", "plus", "addition", "additionally", "furthermore", "moreover"})
# How far before its verb the word of adding that opens the command's sentence is looked for.
_ADDING_REACH = 8
# Adverbs between the request and its verb: "if you would simply remember that".
_SOFTENING = frozenset({"just", "simply", "quickly", "kindly"})
# A turn back to the point just before the command ("anyway, remember I ..."): what stood
# before it was said by the way, whatever the command names.
TURNING = frozenset({"anyway", "anyways", "anyhow", "anyhoo", "meantime"})
_SENTENCE_ENDS = frozenset(".!?;\n")
_COUNTER = re.compile(r"\d+|[a-z]|[ivx]+")


def _opens_with_adding(norms: list[str], i: int) -> bool:
    """The sentence of the command at `i` opens with a word of adding, a few words before it
    ("Other than that, I have to tell you that ...")."""
    start = max(0, i - _ADDING_REACH)
    ends = [k for k in range(start, i) if norms[k] in _SENTENCE_ENDS]
    first = ends[-1] + 1 if ends else 0 if start == 0 else None
    return first is not None and first < i and norms[first] in _ADDING


def command_end(text: str, past: int = 0) -> int | None:
    """Where the first command in `text` that opens the facts after it ends (after its
    object), when that is at `past` or later; None when there is none. A command is a verb
    of telling, said as a request or at a sentence's start, naming its object within a few
    words, with no word of adding near it."""
    words = list(_WORD.finditer(text))
    norms = [w.group().lower() for w in words]
    for i, word in enumerate(norms):
        if not (word in _TELLING or lead_in_verb(english.normalise(word))):
            continue
        if word == "forget" and norms[max(0, i - 2):i] == ["not", "to"]:
            continue  # "... . Not to forget: ...": an infinitive adds, it commands nothing
        said = i - 1
        while said >= 0 and norms[said] in _SOFTENING:
            said -= 1  # "if you would simply remember that", "please just note"
        said_as = norms[said] if said >= 0 else "."
        objects = _LIST if said_as in _IMPERATIVE else _LIST | _THAT if said_as in _STATED \
            else frozenset()
        after = norms[i + 1:i + 1 + _OBJECT_REACH]
        if after[:1] and _COUNTER.fullmatch(after[0]):
            continue  # a list's label: "Note 1: ...", "nota b: ..."
        end = next((k for k, w in enumerate(after) if w in _SENTENCE_ENDS), len(after))
        after = after[:end]
        named = [k for k, w in enumerate(after) if w in objects]
        before = norms[max(0, i - _OBJECT_REACH):i]
        begun = max((k + 1 for k, w in enumerate(before) if w in _SENTENCE_ENDS), default=0)
        if not (_ADDING.isdisjoint(after) and _ADDING.isdisjoint(before[begun:])) \
                or _opens_with_adding(norms, i):
            continue
        if named and words[i + 1 + named[0]].end() >= past:
            return words[i + 1 + named[0]].end()
        if said_as in TURNING and words[i].end() >= past:
            return words[i].end()  # "... doin my head in. anyway remember I ...": what follows
    return None


# "..., so please bear with me.", "..., so please excuse the brevity.", "... the basics, so:":
# a sentence that asks the reader's patience, or ends in "so" and a colon, says how the
# message is written.
_ASKS_PATIENCE = re.compile(
    r"\bso\b[\s,]*(?:(?:please|pls|plz|kindly)\s+)?(?:bear|excuse|forgive|pardon)\b|\bso\s*:", re.I)


def _asks_patience(text: str, span_end: int) -> bool:
    """`text` (a span and the gap after it) asks the reader's patience after the span's last
    sentence starts."""
    starts = [found.end() - 1 for found in _SENTENCE_END.finditer(text, 0, span_end)]
    return _ASKS_PATIENCE.search(text, starts[-1] if starts else 0) is not None


_SENTENCE_END = re.compile(r"[.!?\n]\s+\S")


# A sentence end, then a short label and its colon: "Finally home after a twelve-hour shift.
# Quick one: ...".
_LABEL_AFTER_SENTENCE = re.compile(r"[.!?]+\s+([^.!?:\n]{1,30}):(?![:()\-DPp3])")


def _labelled_after_a_phrase(message: str, start: int, end: int, after: int) -> bool:
    """The first span is a phrase, no clause ("Finally home after a twelve-hour shift"), and
    a label with a colon opens the next sentence, not one that adds ("Oh and one more:",
    "plus:", which may follow a fact such as "my favourite toy as a child was my lite brite")."""
    found = _LABEL_AFTER_SENTENCE.search(message, end, after)
    return found is not None and _ADDING.isdisjoint(
        w.group().lower() for w in _WORD.finditer(found.group(1))) \
        and not is_clause(message[start:end])


# A list announced without a verb of telling: "My answers are as follows:", "... below:".
_ANNOUNCED = re.compile(r"\b(?:as\s+)?follows\s*:|\bbelow\s*:", re.I)


def _announces_a_list(message: str, end: int, after: int) -> bool:
    """The gap after a span (or the span's own last words, "My answers are as | follows:")
    announces a list before the next span."""
    found = _ANNOUNCED.search(message, max(0, end - 3), after)
    return found is not None and found.end() > end


# Being shown or set up to use the assistant itself, said deictically: "my daughter showed me
# how to type in here", "my grandson has shown me how to use this", "set this up for me".
_ABOUT_THE_MEDIUM = re.compile(
    r"\bhow\s+to\s+(?:use|type|write|work|do|talk|chat|send|message|text)\s+"
    r"(?:(?:in|on|with|to|into)\s+)?(?:this|here|it)\b|\bset\s+(?:this|it)\s+up\b", re.I)


def _said_again(message: str, spans: list[tuple[int, int]], k: int) -> bool:
    """The words between spans k and k + 1 (two or more) stand elsewhere in the message too: a
    joiner repeated before each fact, whatever its words ("... Not to forget: I ... Not to
    forget: I ..."), no command that opens the facts."""
    def gap(i: int) -> list[str]:
        return [w.group().lower() for w in _WORD.finditer(message, spans[i][1], spans[i + 1][0])
                if w.group()[0].isalnum()]
    words = gap(k)
    if len(words) < 2:
        return False
    every = [w.group().lower() for w in _WORD.finditer(message) if w.group()[0].isalnum()]
    return sum(every[i:i + len(words)] == words for i in range(len(every) - len(words) + 1)) > 1


# A fact after the command that points back to a person or thing named before it.
_REFERS_BACK = re.compile(r"(?:he|she|they|it|his|her|their|its|him|them)\b", re.I)


def without_prelude(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """`spans` without those of a lead-in: the first one or two, when the command after them
    (in the gap, or starting in the span and naming its object past its end) opens the facts
    after it, or when the gap asks the reader's patience or speaks of using the assistant;
    the first one, when it is a phrase and a label with a colon follows it."""
    for k in reversed(range(min(len(spans) - 1, MAX_PRELUDE_SPANS))):  # the last lead-in span
        (start, end), after = spans[k], spans[k + 1][0]
        if _said_again(message, spans, k):
            continue  # "... Not to forget: I ... Not to forget: I ...": a joiner, no command
        if _REFERS_BACK.match(message, after):
            continue  # "my flatmate Bastien ..., you must know that he ...": he is named before
        if command_end(message[start:after], past=end - start) is not None or \
                _asks_patience(message[start:after], end - start) or \
                _ABOUT_THE_MEDIUM.search(message, start, after) or \
                _announces_a_list(message, end, after) or \
                (k == 0 and _labelled_after_a_phrase(message, start, end, after)):
            return spans[k + 1:]
    return spans
