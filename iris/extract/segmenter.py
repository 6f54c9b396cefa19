"""A learned fact segmenter: a linear-chain CRF (python-crfsuite) that tags every token of a
message as the first word of a fact (B), inside one (I) or outside every fact (O: the command,
greetings, joiners, list marks, thanks, sign-offs).

It is trained on the phrasing sets of benchmarks/data (written by many writers, each avoiding
the others' strings) with the character span of every fact marked (benchmarks/segment_corpus.py).
The features are the words around a token, their shapes and the whitespace before them, so a
lead-in or a joiner never seen in training is still read by what it looks like."""

from __future__ import annotations

import re
import unicodedata
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice
from pathlib import Path

from iris import text as english
from iris.extract import chat, closers, joiners, offline, preludes, pronouns
from iris.extract.clauses import FIRST_PERSON, is_clause
from iris.extract.command import OWN_MEMORY_ADVERB
from iris.extract.dictation import spoken_marks
from iris.extract.wrappers import is_request, strip_command
from iris.hygiene import encoding_problem
from iris.store.kinds import is_known, is_main_verb
from iris.text import STOPWORDS

TOKEN = re.compile(r"\w+(?:['\u2019-]\w+)*|[^\w\s]")
MODEL = Path(__file__).resolve().parent / "segmenter.crfsuite"
# Longer messages go to the rules, which read in linear time and stop at the item cap: the
# segmenter's features cost about 30 dictionary entries a token.
MAX_TOKENS = 600
# A word next to a fact is cut from it only when the model is at least this sure it is no part
# of it: a fact's word lost is worse than a thank-you kept. A word no dictionary knows needs
# more: at the end of a fact it is as often the fact's own misspelt word ("... a steady
# relatiosnhip") as a sign-off in another language.
CUT_CONFIDENCE = 0.7
UNKNOWN_CUT_CONFIDENCE = 0.9

_FIRST_PERSON = frozenset({"i", "i'm", "im", "i've", "ive", "i'd", "id", "i'll", "my", "me", "we",
                           "our", "mine", "myself", "us"})
_SECOND_PERSON = frozenset({"you", "u", "ya", "your", "ur", "yours", "you're", "youre", "yall"})
_LEADING_SYMBOLS = frozenset("$£€#@")
_TRAILING_SYMBOLS = frozenset("+%°#")
# "Tom and ", "my wife and ", "our son & ": a partner named before the user's "I".
_PARTNER = re.compile(r"(?:\b(?:my|our)\s+\w+|\b[A-Z][a-z]+)\s+(?:and|&)\s+$")
_COORDINATORS = frozenset({"and", "but", "or", "&"})
_RELATIVES = frozenset({"which", "who", "whom", "whose"})
_AUXILIARIES = frozenset({"am", "is", "are", "was", "were", "be", "been", "have", "has", "had",
                          "do", "does", "did", "can", "could", "will", "would", "should", "may",
                          "might", "must", "shall"})


@dataclass(frozen=True)
class Token:
    text: str
    start: int
    end: int
    space: str  # the whitespace before it


def _token_iter(message: str) -> Iterator[Token]:
    last = 0
    for found in TOKEN.finditer(message):
        yield Token(found.group(), found.start(), found.end(), message[last:found.start()])
        last = found.end()


def tokens(message: str) -> list[Token]:
    return list(_token_iter(message))


def _shape(word: str) -> str:
    if word.isdigit():
        return "d"
    if not word[0].isalnum():
        return "p"
    if word.isupper() and len(word) > 1:
        return "X"
    if word[0].isupper():
        return "Xx"
    if word.isalpha() or "'" in word:
        return "x"
    return "m"


def _space_kind(space: str) -> str:
    if "\n" in space:
        return "nl2" if space.count("\n") > 1 else "nl"
    return "tab" if "\t" in space else "sp" if space else "none"


@lru_cache(maxsize=65536)
def _lexical(word: str) -> str:
    """What a dictionary says of a word: a verb (a clause is near), a known English word, or
    neither (a name, a typo, chat-speak, another language)."""
    if word in _FIRST_PERSON:
        return "p1"
    if word in _SECOND_PERSON:
        return "p2"
    if not word.isalpha():
        return "-"
    if word in _AUXILIARIES or is_main_verb(word):
        return "v"
    return "k" if is_known(word) else "u"


# Function words written as many Englishes say them, "th" as "d" ("den", "dat", "dis", "wid"),
# read as the words the model was trained on; and "an" before a consonant, which the article
# never is ("an den", "an mi"), as "and". Only the model's input: the facts keep their words.
_TH_STOPPED = {"den": "then", "dat": "that", "dis": "this", "dere": "there", "wid": "with",
               "tink": "think", "ting": "thing"}
_NOT_AN_ARTICLE = re.compile(r"[bcdfgjklmnpqrstvwxz]")


def _as_said(words: list[str]) -> list[str]:
    out = [_TH_STOPPED.get(w, w) for w in words]
    for i in range(len(out) - 1):
        if out[i] == "an" and _NOT_AN_ARTICLE.match(out[i + 1]):
            out[i] = "and"
    return out


def features(toks: Sequence[Token]) -> list[dict[str, float]]:
    # each token's word, shape and dictionary class once: its neighbours read them again
    words = _as_said([token.text.lower() for token in toks])
    shapes = [_shape(token.text) for token in toks]
    lexical = [_lexical(word) for word in words]
    out = []
    n = len(toks)
    for i, token in enumerate(toks):
        word = words[i]
        feats: dict[str, float] = {"bias": 1.0, f"w={word}": 1.0, f"shape={shapes[i]}": 1.0,
                                   f"lex={lexical[i]}": 1.0}
        feats[f"suf3={word[-3:]}"] = 1.0
        feats[f"pre3={word[:3]}"] = 1.0
        feats[f"len={min(len(word), 8)}"] = 1.0
        feats[f"space={_space_kind(token.space)}"] = 1.0
        feats[f"pos={min(i, 4)}"] = 1.0
        feats[f"from_end={min(n - 1 - i, 4)}"] = 1.0
        for offset in (-3, -2, -1, 1, 2, 3):
            j = i + offset
            if 0 <= j < n:
                feats[f"{offset}:w={words[j]}"] = 1.0
                feats[f"{offset}:lex={lexical[j]}"] = 1.0
                if abs(offset) == 1:
                    feats[f"{offset}:shape={shapes[j]}"] = 1.0
            else:
                feats[f"{offset}:edge"] = 1.0
        if i > 0:
            feats[f"bi-={words[i - 1]}|{word}"] = 1.0
        if i + 1 < n:
            feats[f"bi+={word}|{words[i + 1]}"] = 1.0
        out.append(feats)
    return out


def labels(toks: Sequence[Token], spans: Iterable[tuple[int, int]]) -> list[str]:
    out = ["O"] * len(toks)
    for start, end in spans:
        inside = [i for i, t in enumerate(toks) if t.start >= start and t.end <= end]
        for k, i in enumerate(inside):
            out[i] = "B" if k == 0 else "I"
    return out


def spans_of(toks: Sequence[Token], tags: Sequence[str]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    current: list[int] | None = None
    for token, tag in zip(toks, tags, strict=True):
        # a fact never runs over a line break: each line of a list is its own
        if tag == "I" and "\n" in token.space:
            tag = "B"
        if tag == "B" or (tag == "I" and current is None):
            if current:
                out.append((current[0], current[1]))
            current = [token.start, token.end]
        elif tag == "I" and current is not None:
            current[1] = token.end
        elif tag == "O" and current is not None:
            out.append((current[0], current[1]))
            current = None
    if current:
        out.append((current[0], current[1]))
    return out


def train(examples: Iterable[tuple[str, list[tuple[int, int]]]], out: Path = MODEL,
          c1: float = 0.05, c2: float = 0.05, max_iterations: int = 200) -> Path:
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    for message, spans in examples:
        toks = tokens(message)
        if toks:
            trainer.append(features(toks), labels(toks, spans))
    trainer.set_params({"c1": c1, "c2": c2, "max_iterations": max_iterations,
                        "feature.possible_transitions": True})
    trainer.train(str(out))
    return out


@lru_cache(maxsize=4)
def _tagger(path: str):
    import pycrfsuite

    tagger = pycrfsuite.Tagger()
    tagger.open(path)
    return tagger


def _spans(message: str, model: Path) -> list[tuple[int, int]] | None:
    toks = list(islice(_token_iter(message), MAX_TOKENS + 1))
    if len(toks) > MAX_TOKENS or encoding_problem(message) is not None:
        return None  # crfsuite takes UTF-8 only: a lone surrogate goes to the rules
    if not toks:
        return []
    tagger = _tagger(str(model))
    tags = _keep_doubtful_edges(tagger, toks, tagger.tag(features(toks)))
    spans = _with_lines_of_facts(message, spans_of(toks, tags))
    spans = _with_partners(message, _with_symbols(message, _with_closing_bracket(message, spans)))
    spans = _with_named_subjects(message, _with_owner_before(message, spans))
    spans = _with_number_runs(message, _with_subordinates(message, _with_relatives(message, spans)))
    spans = _with_verb_uses(message, _with_lone_verbs(message, spans))
    spans = _with_main_clauses(message, _with_coordinated_end(message, spans))
    spans = _with_fronted_clauses(message, _with_own_memory(message, spans))
    spans = _with_fronted_times(message, _with_trailing_clauses(message, spans))
    spans = _with_dangling_ends(message, spans)
    spans = joiners.without_repeated_joiners(message, spans)
    spans = preludes.without_prelude(message, _without_headings(message, spans))
    return _without_object_of_a_request(message, _with_fact_before_adding(message, spans))


# "my" as Caribbean English and Spanish write it ("mi", "fi mi"), which the model, having seen
# it in no training message, left before the fact it opens: "ok so mi | pot hound Bruk is 87".
_OWNER_BEFORE = re.compile(r"(?<![\w'])(?:fi[ \t]+)?mi[ \t]+$", re.I)
_OWNER_WINDOW = 8


def _with_owner_before(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for start, end in spans:
        floor = out[-1][1] if out else 0
        found = _OWNER_BEFORE.search(message, max(floor, start - _OWNER_WINDOW), start)
        out.append((found.start() if found else start, end))
    return out


# A request for another task after the facts, whose object the model took for a fact: "... I am
# terrified of scorpions ok now help me write a birthday card for | my mum". A last span that is
# no clause, after such a request, is the request's.
_OTHER_TASK = re.compile(r"\b(?:help me|(?:can|could|would|will) (?:you|u)|remind me|show me|"
                         r"tell me|give me|write me)\b", re.I)


def _without_object_of_a_request(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    if len(spans) > 1 and _OTHER_TASK.search(message, spans[-2][1], spans[-1][0]) \
            and not is_clause(message[spans[-1][0]:spans[-1][1]]):
        return spans[:-1]
    return spans


# A command that adds to what was said before it: "I keep bees. Please also remember that my van
# is red." The model, which has seen writers' lead-ins before a command, may leave the sentence
# before it out; "also" says it was a fact. Of the 35 such commands in the development files, no
# clause between the last gold fact and the command is anything but a fact.
_ADDING_COMMAND = re.compile(
    r"(?:\b(?:please|pls|plz|and)\s+)?\balso[\s,]+(?:please\s+)?(?:remember|note|save|store|add"
    r"|keep in mind|jot down|write down)\b"
    r"|\b(?:remember|note|save|store)\s+(?:this|that)?\s*(?:too|as well)\b"
    r"|\bnot\s+to\s+forget\b", re.I)  # "... . Not to forget: ..." (fresh23)
_SENTENCE_ENDS = ".!?\n"


# Words that turn back to the point just before the command ("I keep bees. Anyway, also
# remember ..."), the preludes' and a few fillers: no sentence of their own.
_TURN_WORDS = preludes.TURNING | {"oh", "and", "so", "ok", "okay", "right"}


def _without_turn(region: str) -> str:
    for _ in range(3):  # a few words at most: a long run of "and" stays linear
        words = region.rstrip(" \t,").rsplit(None, 1)
        if len(words) < 2 or words[1].lower() not in _TURN_WORDS:
            break
        region = words[0]
    return region


def _with_fact_before_adding(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out = list(spans)
    for command in _ADDING_COMMAND.finditer(message):
        before = max((end for _, end in out if end <= command.start()), default=0)
        if any(before <= start < command.start() for start, _ in out):
            continue
        # the last sentence before the command: back over its closing marks, then to the
        # sentence end before it
        region = _without_turn(message[before:command.start()]).rstrip(_SENTENCE_ENDS + " \t,;:-")
        start = before + max(region.rfind(mark) for mark in _SENTENCE_ENDS) + 1
        body = message[start:before + len(region)].strip()
        if len(body.split()) >= 2 and is_clause(body) and not is_request(body):
            first = message.index(body, start)
            out.append((first, first + len(body)))
    return sorted(out)


# A colon right after a span, before the next fact: the span introduces what follows ("...
# against my name: I have a broken arm", "My answers are as follows: ..."). No fact of the
# phrasing sets ends so; a label's colon ("Allergies: peanuts") is inside its fact, and a
# smiley (":)") or "::" between facts is a joiner.
_HEADING_COLON = re.compile(r"\s*:(?![:()\-DPp3])")


def _without_headings(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    kept = [(start, end) for (start, end), (after, stop) in zip(spans, spans[1:], strict=False)
            if not (_ends_in_colon(message, start, end, after)
                    and is_clause(message[after:stop], reach=8))]
    return [_after_heading(message, start, end) for start, end in [*kept, *spans[-1:]]]


# A colon inside a span between two clauses: the first introduces the second ("I filled in
# the survey and these were my replies: I grow roses"). A span that names whom its fact is
# about before the colon ("About my little sister: Aoife is 17") has no clause there and
# stays whole; no gold span of the development files has a clause on both sides.
_INNER_COLON = re.compile(r":(?![:()\-DPp3])\s+")


def _after_heading(message: str, start: int, end: int) -> tuple[int, int]:
    found = _INNER_COLON.search(message, start, end)
    if found and is_clause(message[found.end():end], reach=8) and \
            is_clause(message[start:found.start()], reach=8):
        return found.end(), end
    return start, end


def _ends_in_colon(message: str, start: int, end: int, after: int) -> bool:
    """The span ends in a colon, or the gap after it reaches one within its sentence (not "::",
    not a smiley): "I filled in the survey and these| were my replies: |I grow roses"."""
    body = message[start:end].rstrip()
    colon = ":" if body.endswith(":") and not body.endswith("::") else ""
    gap = message[end:after]
    if _HEADING_COLON.match(colon + gap):
        return True
    # The span's clause goes on up to a colon ("these| were my replies:"), unlike a list's
    # label ("alabama| next up:", "| Item two:").
    return bool(_COPULA_TO_COLON.fullmatch(gap))


# A gap that opens with a copula and reaches a colon without a sentence end.
_COPULA_TO_COLON = re.compile(r"\s+(?:is|are|was|were)\b[^.!?;:\n]*:(?![:()\-DPp3])\s*", re.I)


def _keep_doubtful_edges(tagger, toks: Sequence[Token], tags: list[str]) -> list[str]:
    """Words tagged O beside a fact, on the same line, that the model is not sure of, join it;
    so does one that is no English word (a misspelt word of the fact, a name) unless the model
    is all but certain."""
    tags = list(tags)
    doubtful = [tag == "O" and tagger.marginal("O", i) < (
        CUT_CONFIDENCE if _english(toks[i].text) else UNKNOWN_CUT_CONFIDENCE)
        for i, tag in enumerate(tags)]
    for i in range(1, len(tags)):  # after a fact
        if doubtful[i] and tags[i - 1] != "O" and "\n" not in toks[i].space:
            tags[i] = "I"
    for i in range(len(tags) - 2, -1, -1):  # before one
        if doubtful[i] and tags[i] == "O" and tags[i + 1] == "B" and "\n" not in toks[i + 1].space:
            tags[i], tags[i + 1] = "B", "I"
    return tags


def _english(word: str) -> bool:
    """A word of the dictionary, or no word at all (a mark, a number)."""
    return not word.isalpha() or is_known(word.lower())


def _with_lines_of_facts(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A line the model left wholly outside every fact, that is a clause about the user with
    no command in it and no word to the assistant or about the telling ("I hope I am not
    oversharing", "I am telling u some things abt me"), is a fact: the model reads a first
    line as a lead-in ("I keep bees" over "I own a van" was dropped), and a fact is never
    lost for where it stands."""
    if not spans:
        return spans  # the rules read a message the model found no fact in
    out = list(spans)
    at = 0
    for line in message.split("\n"):
        start = at + len(line) - len(line.lstrip())
        end = at + len(line.rstrip())
        at += len(line) + 1
        text = message[start:end]
        if text and FIRST_PERSON.match(text) and not any(a < end and b > start for a, b in spans) \
                and is_clause(text) and strip_command(text) == text and not chat.is_chat(text) \
                and not offline.speaks_of_the_telling(text):
            out.append((start, end))
    return sorted(out)


def _with_closing_bracket(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A bracket that closes the message right after the last fact is part of it ("I have a
    dog (a beagle)"); one about the message ("(sorry for the typos)", "(typed this on the
    bus)") is not (the frame takes most off before the model reads it: offline.without_frame)."""
    body = message.rstrip()
    opened = body.rfind("(")
    if spans and body.endswith(")") and opened >= spans[-1][1] \
            and not message[spans[-1][1]:opened].strip() and "(" not in body[opened + 1:] \
            and not offline.mentions_the_message(body[opened:]):
        return [*spans[:-1], (spans[-1][0], len(body))]
    return spans


def _with_symbols(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A symbol written against a fact's first or last word is part of it ("O+", "50%",
    "$40", "#3"), and so is the bracket that closes one it opened, whatever the tags said."""
    out = []
    for start, end in spans:
        while start > 0 and message[start - 1] in _LEADING_SYMBOLS:
            start -= 1
        while end < len(message) and (message[end] in _TRAILING_SYMBOLS or (
                message[end] == ")" and message.count("(", start, end) > message.count(")", start, end))):
            end += 1
        out.append((start, end))
    return out


def _with_partners(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A subject coordinated with the user belongs to the fact ("Tom and I got married", "my
    wife and I"): the sets hold too few for the model to learn it, and it drops the name."""
    out: list[tuple[int, int]] = []
    for start, end in spans:
        found = _PARTNER.search(message, max(0, start - 60), start)
        if found and found.end() == start and TOKEN.match(message, start) and \
                message[start:].split(None, 1)[0].lower() in ("i", "we"):
            if not out or found.start() >= out[-1][1]:
                start = found.start()
            elif re.search(r"(?:and|&)\s*$", message[out[-1][1]:start]) and \
                    not is_clause(message[out[-1][0]:out[-1][1]]):
                start = out.pop()[0]  # "my late husband Arthur | and I were married ..."
            # else the partner is in a fact of its own ("Bruno is our dog | and I take him
            # ..."), or its "and" too ("my mum remembers | my birthday and | I live ..."):
            # never twice
        out.append((start, end))
    return out


# "Ulrike (oma) ", "Takoda (support worker) ": a name and who the person is, in brackets, right
# before a span that opens with its verb; "Björn's ", "Ellis aka ": a name before a span that
# opens with who the person is ("my uni roommate").
_NAMED_SUBJECT = re.compile(r"([^\W\d_][\w'-]*)[ \t]*\([^\W\d_][^()\d\n]{0,30}\)[ \t]*$")
_NAME_IS = re.compile(r"([^\W\d_][\w-]*)(?:['\u2019]s|[ \t]+aka)[ \t]+$", re.I)
# "Brodie that's | my eldest boy": a name, then "that's" or "who's", the model left out
_NAME_THATS = re.compile(r"(?:(?:sir|lady|lord|dame|mr|mrs|ms|miss|dr|doc|uncle|auntie|aunty)\.?[ \t]+)?"
                         r"([^\W\d_][\w-]*)[ \t]+(?:that|who)(?:['\u2019]?s|[ \t]+is)[ \t]+$", re.I)
_OWNER = re.compile(r"(?:my|our)\b", re.I)


def _with_named_subjects(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A span that opens with its verb takes the name and relation in brackets before it as
    its subject ("Ulrike (oma) | does night shifts ..."), and one that opens with "my" the
    name said to be that person ("Björn's | my uni roommate", "Ellis aka | my sib is ..."):
    the model, which saw few subjects written so, leaves them out. Before a span that has its
    own subject a bracket is an aside ("and (not sure this matters) | I own a cat"); no gold
    span of the development files opens with a verb after one, nor with "my" after a name
    and "'s" or "aka" (52 open with them)."""
    out: list[tuple[int, int]] = []
    for start, end in spans:
        floor = max(out[-1][1] if out else 0, start - 60)
        first = TOKEN.match(message, start)
        found = _NAMED_SUBJECT.search(message, floor, start)
        if not (found and first and _lexical(first.group().lower()) == "v"):
            owned = _OWNER.match(message, start)
            found = owned and _NAME_IS.search(message, floor, start)
            thats = owned and _NAME_THATS.search(message, floor, start)
            if thats and (thats.group(1)[0].isupper() or not is_known(thats.group(1).lower())):  # a name
                found = thats
        if found and found.group(1).lower() not in STOPWORDS:
            start = found.start()
        out.append((start, end))
    return out


# "My kids are Tom and Ann", "I speak French and Greek.": one to three words coordinated
# after a fact, up to the end of its sentence, are the fact's own. The model, which has seen
# names signed after the last fact, reads "and Ann" as a signature; after the last fact a
# sign-off may follow the sentence end ("... on Anzac Day and Remembrance Day. Thus spake
# Gary"). No gold span of the 32 development files is followed so (only "and what else."
# between two facts, a question).
_COORDINATED = re.compile(r"[ \t]*(?:and|&)[ \t]+([\w'-]+(?:[ \t]+[\w'-]+){0,2})", re.I)
_DANGLING_AND = re.compile(r"[ \t]+(?:and|&)[ \t]*$", re.I)
_SENTENCE_END = re.compile(r"[ \t]*(?:[.!?;]+|\n)\s*")
_QUESTION_WORDS = frozenset("what else who how why where when which".split())


def _with_coordinated_end(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out = []
    for i, (start, end) in enumerate(spans):
        stop = spans[i + 1][0] if i + 1 < len(spans) else len(message)
        # a fact the model ended on its "and" ("... on Anzac Day and | Remembrance Day.")
        dangling = _DANGLING_AND.search(message, start, end)
        found = _COORDINATED.match(message, dangling.start() if dangling else end, stop)
        if found is None:
            out.append((start, end))
            continue
        if stop == len(message):  # the last fact: nothing after, or a sentence end (a sign-off)
            closed = not message[found.end():].strip(" \t.!?;") \
                or _SENTENCE_END.match(message, found.end()) is not None
        else:
            closed = _SENTENCE_END.fullmatch(message, found.end(), stop) is not None
        if closed and _coordinated_things(found.group(1)):
            end = found.end()
        out.append((start, end))
    return out


def _coordinated_things(words: str) -> bool:
    """`words` name things ("Ann", "Greek", "the beach"), not a closer, chat, a question
    or a new clause ("and thanks", "and what else", "and I left")."""
    norms = words.lower().split()
    return not (closers.is_closer(words) or chat.is_chat(words) or is_clause(words)
                or _QUESTION_WORDS.intersection(norms)
                or all(w in STOPWORDS for w in norms))


# A memory verb said as the fact's own verb, not as a command: after a subject, a modal, a
# negation or an adverb ("my mum always remembers | my birthday", "she can never remember | my
# birthday", "I still remember | my first day at school"). The model, which saw these verbs
# only as commands, ends a fact before its object.
_VERB_USE = re.compile(
    r"(?:\b(?:i|he|she|it|they|we|can|cannot|could|never|always|still|often|sometimes|also|"
    r"does|did|do|will|would|not|n't)|n[\'\u2019]t)\s+(?:remember|remembers|remembered|forget|forgets|forgot|"
    r"forgotten)\s*$", re.I)


def _with_verb_uses(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A span that ends in a memory verb used as the fact's verb takes the next one, when
    nothing stands between them, as its object."""
    return _joined_back(message, spans, lambda _, gap, before: (
        bool(_VERB_USE.search(before[-40:])) and not gap.strip()))


def _with_lone_verbs(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A subject with no verb, the one finite verb the model left out, and what follows are
    one fact ("my pet pigeon Comet | joined | our team in March"): no fact is a noun phrase
    alone before a verb. So are a fact that ends in a finite verb and a noun phrase right
    after it ("my colleague Tsubasa joined | our team in March"), when that opens with an
    article or "our" ("my" opens the next fact as often: "my dad retired | my mum works")."""
    return _joined_back(message, spans, lambda first, gap, before: (
        len(gap.split()) == 1 and gap.strip().lower() in english.words().finite_verbs
        and not is_clause(before))
        # "... Tsubasa joined | our team in March": the verb's object after it
        or (not gap.strip() and first.lower() in ("our", "the", "a", "an")
            and before.split()[-1].lower() in english.words().finite_verbs))


def _with_relatives(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A clause opening with a relative word belongs to the clause before it ("I'm allergic
    to cats, which is why we have a dog"): the sets hold too few for the model to learn it."""
    return _joined_back(message, spans, lambda first, gap, _: (
        first.lower() in _RELATIVES and not gap.strip(" ,")))


# A subordinator a fact cannot end in: the clause after it is the fact's own ("I keep a spare
# key with my neighbour in case | I get locked out", "... whenever | I have a free Saturday").
_SUBORDINATOR_END = re.compile(
    r"\b(?:in case|so that|unless|because|cos|cuz|although|though|whenever|wherever|while|"
    r"if|when|until|till|as long as|provided|since|so)\W*$", re.I)


# ... and one the model left between two spans: "my first language is Amharic, | though | I
# have lived in Toronto since I was ten", "allergic to penicillin, | not that | I have needed
# it lately" (the clause alone would say the opposite).
_SUBORDINATOR_GAP = re.compile(
    r"[\s,]*(?:in case|so that|unless|because|cos|cuz|coz|although|even though|though|whereas|"
    r"not that|as|since)[\s,]*", re.I)


def _with_subordinates(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    return _joined_back(message, spans, lambda first, gap, before: (
        bool(_SUBORDINATOR_END.search(before[-20:])) and not gap.strip(" ,")
        or bool(_SUBORDINATOR_GAP.fullmatch(gap))))


# A span that opens with a subordinator and the next one after a comma only are one fact: the
# subordinate clause before its main clause ("Whenever I stay in a hotel, | I bring my own
# pillow"). No two facts of the phrasing sets stand so.
_SUBORDINATOR_START = re.compile(
    r"(?:whenever|when|if|although|even though|though|while|unless|because|once|after|before|"
    r"until|as soon as)\b", re.I)


def _with_main_clauses(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    return _joined_back(message, spans, lambda first, gap, before: (
        bool(_SUBORDINATOR_START.match(before)) and not gap.strip(" ,")))


# A subordinate clause before a span, in its sentence, that the model left out of every span:
# the fact's own ("once the kids are asleep | i usually paint for an hour"), never words to the
# assistant ("when you get a chance", "if possible") or about the telling ("before it slips my
# mind", "before we start", "while I think of it").
_FRONTED = re.compile(_SUBORDINATOR_START.pattern + r"[^.!?;:\n,]{1,60}", re.I)
_NOT_FRONTED = frozenset({
    "you", "u", "ya", "yu", "iris", "remember", "note", "save", "store", "tell", "know", "forget",
    "forgot", "possible", "poss", "asked", "asks", "ask", "mind", "start", "begin", "proceed",
    "think", "mention", "add", "say", "share", "continue"})
_MOST_FRONTED_WORDS = 10
# The first subordinator of a piece, and what may stand before it.
_SUBORDINATOR_AT = re.compile(r"(?<![\w'])" + _SUBORDINATOR_START.pattern, re.I)
_BEFORE_FRONTED = re.compile(r"[^\w]*|.*\bthat\s*", re.I | re.S)


def _with_fronted_clauses(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for start, end in spans:
        previous = out[-1][1] if out else 0
        floor = max(previous, start - 80)
        body = message[floor:start].rstrip(" \t,")
        cut = max(body.rfind(mark) for mark in ".!?;:\n,")
        if cut < 0 and floor != previous:
            out.append((start, end))  # the piece may go on before the window
            continue
        piece = body[cut + 1:]
        # the clause may follow what the model rightly left out: a bullet, or a command that
        # ends in "that" ("💙💛 if it is raining, | I take the tram", "remember that if ...");
        # never a hedge ("idk if it's useful but | I ...")
        opening = _SUBORDINATOR_AT.search(piece)
        at = opening.start() if opening and _BEFORE_FRONTED.fullmatch(piece[:opening.start()]) else None
        clause = piece[at:] if at is not None else ""
        words = english.word_norms(clause)
        if at is not None and _FRONTED.fullmatch(clause) and 3 <= len(words) <= _MOST_FRONTED_WORDS \
                and _NOT_FRONTED.isdisjoint(words):
            start = floor + cut + 1 + at
        out.append((start, end))
    return out


# The user's own remembering or forgetting before a span, which the model took for the command
# ("remember that | i forget | my pin whenever i change phones"): the fact's subject and verb.
_OWN_MEMORY_BEFORE = re.compile(rf"\b(?:i|we)\s+(?:{OWN_MEMORY_ADVERB}\s+)?(?:forget|remember)\s+$",
                                re.I)
# ... not the telling's own: "before i forget", "in case i forget", "so we remember"
_TELLING_BEFORE = re.compile(r"\b(?:before|befor|bfore|b4|case|lest|so|until|till|if|when|or)\W*$", re.I)


def _with_own_memory(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for start, end in spans:
        floor = max(out[-1][1] if out else 0, start - 40)
        own = _OWN_MEMORY_BEFORE.search(message, floor, start)
        if own and _TELLING_BEFORE.search(message, max(0, own.start() - 12), own.start()):
            own = None
        out.append((own.start() if own else start, end))
    return out


# ... and after a span, in its sentence, the same kind of clause the model left out of every
# span: the fact's own condition ("I play lawn bowls twice a week | if the weather holds"),
# never words to the assistant ("if you don't mind", "if possible").
_TRAILING = re.compile(r"[ \t]+(" + _SUBORDINATOR_START.pattern + r"[^.!?;:\n,()]{1,60})", re.I)


def _with_trailing_clauses(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for i, (start, end) in enumerate(spans):
        following = spans[i + 1][0] if i + 1 < len(spans) else len(message)
        tail = _TRAILING.match(message[:following], end)
        if tail is not None:
            words = english.word_norms(tail.group(1))
            closed = tail.end() == following or message[tail.end()] in ".!?;:\n,()"
            if closed and 3 <= len(words) <= _MOST_FRONTED_WORDS and _NOT_FRONTED.isdisjoint(words) \
                    and is_clause(tail.group(1)):
                end = tail.end(1) - (len(tail.group(1)) - len(tail.group(1).rstrip()))
        out.append((start, end))
    return out


# A time said before its clause ("every Thursday | I have choir practice", "... and since my
# operation in 2021 | I may not lift heavy things"), which the model cut off the clause right
# after it: a span of its own, or the end of the span before after "and" or a comma. Only
# with nothing between the two ("... on Saturday mornings. | I attend church" keeps it).
_TIME_BEFORE = re.compile(r"(?:^|(?:,|\s+and|\s+but)\s+)((?:since|every|each|on|in|at|after|before"
                          r"|during|until|till|from|most|last|twice|once)\s[^,;:.!?\n]{1,60})$", re.I)
# ... read in a span's last characters only: a span may be 40 KB of spaces
_TIME_REACH = 80
_OWN_START = re.compile(r"(?:i|i'm|im|i've|ive|i'd|my|we|we're|our|he|she|they)\b", re.I)
_COPULA = re.compile(r"\b(?:is|are|was|were|am|be)\b", re.I)
# ... a time: said so by its first word, a number or a word for a time ("on the side" is none)
_A_TIME = re.compile(
    r"^(?:since|every|each|most|last|twice|once)\b|\d|\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day"
    r"|weekend|morning|afternoon|evening|night|day|week|month|year|summer|winter|spring|autumn|fall"
    r"|january|february|march|april|may|june|july|august|september|october|november|december"
    r"|holiday|holidays|christmas|easter|birthday)s?\b", re.I)


def _with_fronted_times(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out = list(spans)
    for n in range(len(out) - 1):
        (start, end), (after, last) = out[n], out[n + 1]
        if message[end:after].strip() or not _OWN_START.match(message, after):
            continue
        at = start if end - start <= _TIME_REACH else end - _TIME_REACH
        time = _TIME_BEFORE.search(message[at:end])
        if time is None or (at > start and time.group(1) == time.group(0)):
            continue  # (a "^" at the window's start is no start of the span)
        phrase = time.group(1)
        if not _A_TIME.search(phrase) or _COPULA.search(phrase) or is_clause(phrase) \
                or not is_clause(message[after:last]):
            continue
        out[n] = (start, at + len(message[at:at + time.start()].rstrip()))
        out[n + 1] = (at + time.start(1), last)
    return [_with_time_left_out(message, out[n - 1][1] if n else 0, start, end)
            for n, (start, end) in enumerate(out) if end > start]


# ... or left out with the command before it ("remember that in winter | i go skiing"): the
# time right before a span, after "that", a mark or the message's start, is the fact's.
_TIME_LEFT_OUT = re.compile(r"(?:^|\bthat|[:,\-\u2013\u2014\n])[ \t]*((?:since|every|each|on|in|at|after"
                            r"|before|during|until|till|from|most|last|twice|once)\s[^,;:.!?\n]{1,60}?)"
                            r"[ \t,]*$", re.I)


def _with_time_left_out(message: str, previous: int, start: int, end: int) -> tuple[int, int]:
    floor = max(previous, start - _TIME_REACH)
    time = _TIME_LEFT_OUT.search(message, floor, start)
    if time is None:
        return start, end
    phrase = time.group(1)
    words = english.word_norms(phrase)
    if not _A_TIME.search(phrase) or len(words) > _MOST_TIME_WORDS or not _PERSONS.isdisjoint(words) \
            or any(w in english.words().verbs for w in words) \
            or not _OWN_START.match(message, start) or not is_clause(message[start:end]):
        return start, end  # ("since you keep asking me", "on break 5 min go", "on the bus so excuse typos")
    return time.start(1), end


_MOST_TIME_WORDS = 5
_PERSONS = frozenset({"i", "you", "u", "we", "he", "she", "they", "it", "me", "us", "them"})


# A fact cannot end on a word that wants more after it ("... would rather get a Slack DM
# than | an email", "I speak Spanish and a little bit | English", "Mavis taught me how to |
# knit"): where the model ended a span on one, the rest of its sentence is the fact's, up to
# the next span. What is chat in it the cleaners take off as from any fact's end.
_WANTS_MORE = frozenset({
    "than", "whereas", "whilst", "because", "although", "though", "unless", "the", "an", "my",
    "your", "his", "her", "our", "their", "its", "least", "bit", "very", "same", "never", "can",
    "could", "would", "should", "must", "how", "before"})
# ... unless the rest starts as a joiner or talk does: then the model was right to stop.
_NOT_THE_REST = frozenset({"and", "but", "so", "also", "then", "plus", "n", "an", "or", "oh",
                           "ok", "okay", "anyway", "btw", "ps", "cheers", "thanks", "thank",
                           "ta", "love", "x", "xx", "lol", "remember", "pls", "please"})
_MOST_DANGLING_WORDS = 8
_SENTENCE_GAP = re.compile(r"[^.!?;\n()]*")
_CLAUSE_GAP = re.compile(r"[^.!?;:\n()]*")
_MOST_GOING_ON_WORDS = 10


# After a span, in its sentence and before the next span, a comma and words that go on with
# the fact ("I love dogs | , especially greyhounds", "I walk to work | , because the bus is
# slow"): the model dropped them, and they are the user's. (Not ", as well as" or ", not":
# joiners say those too.)
_GOES_ON = re.compile(r"[ \t]*,[ \t]*(?:though|although|even though|because|including|especially|"
                      r"except|apart from|whereas)\b", re.I)
_TO_THE_READER = frozenset({"you", "u", "ya", "iris", "ur", "your"})


def _with_dangling_ends(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Each span with the words the model dropped after it in its sentence: the rest of the
    sentence after a word that wants more (`_WANTS_MORE`), or a comma clause that goes on
    (`_GOES_ON`); and a span ending in "why" right before the next one is that one's first
    part ("I'm left-handed, which is probably why | my handwriting is so bad")."""
    spans = _joined_back(message, spans, lambda first, gap, before: (
        not gap.strip() and english.word_norms(before)[-1:] == ["why"]))
    out: list[tuple[int, int]] = []
    for i, (start, end) in enumerate(spans):
        said = english.word_norms(message[start:end])[-4:]
        following = spans[i + 1][0] if i + 1 < len(spans) else len(message)
        # (not after a coordinator near the end: "... and for the | record" is a joiner's)
        if said and said[-1] in _WANTS_MORE and _COORDINATORS.isdisjoint(said):
            gap = _SENTENCE_GAP.match(message, end, following)
            rest = gap.group().rstrip() if gap else ""
            words = english.word_norms(rest)
            if 1 <= len(words) <= _MOST_DANGLING_WORDS and words[0] not in _NOT_THE_REST:
                end += len(rest)
        elif _GOES_ON.match(message, end, following):
            clause = _CLAUSE_GAP.match(message, end, following)
            rest = clause.group().rstrip() if clause else ""
            words = english.word_norms(rest)
            if len(words) <= _MOST_GOING_ON_WORDS and _TO_THE_READER.isdisjoint(words):
                end += len(rest)
        elif (verb := _COPULA_NEXT.match(message, end, following)) and not is_clause(message[start:end]):
            # "my name in Chinese | is 李明": a subject alone, and its verb and what it is
            gap = _SENTENCE_GAP.match(message, verb.end(), following)
            rest = message[end:gap.end()].rstrip() if gap else ""
            if len(english.word_norms(rest)) <= _MOST_DANGLING_WORDS:
                end += len(rest)
        out.append((start, end))
    return out


# A verb "to be" right after a span, and not the start of a question to the reader ("is that
# ok").
_COPULA_NEXT = re.compile(r"[ \t]+(?:is|are|was|were)[ \t]+(?!(?:this|that|it|you|u|there|ok|okay)\b)(?=\S)",
                          re.I)


def _with_number_runs(message: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Two numbers in a row are one phrase, not a fact's end and a list counter ("my locker
    number 3 3 is blue")."""
    return _joined_back(message, spans, lambda first, gap, before: (
        first.isdigit() and gap == " " and before[-1:].isdigit()))


def _joined_back(message: str, spans: list[tuple[int, int]],
                 belongs: Callable[[str, str, str], bool]) -> list[tuple[int, int]]:
    """`spans` with each span joined to the one before it when `belongs(its first token, the
    gap between them, the span before)`."""
    out: list[tuple[int, int]] = []
    for start, end in spans:
        first = TOKEN.match(message, start)
        if out and first and belongs(first.group(), message[out[-1][1]:start],
                                     message[out[-1][0]:out[-1][1]]):
            out[-1] = (out[-1][0], end)
        else:
            out.append((start, end))
    return out


def segment(message: str, model: Path = MODEL) -> list[str] | None:
    """The facts of a message as written (pronouns unresolved); None for a message of more
    than MAX_TOKENS tokens, which the segmenter does not read."""
    spans = _spans(message, model)
    return None if spans is None else [message[a:b] for a, b in spans]


# List counters the model has seen few of, written as the counter it knows ("2)"): an
# outline's "1.1 ... 1.2 ..." or "a.1. ... a.2. ...", and a label with its number in brackets
# on each line ("About me (1): ... About me (2): ..."). Only when the message counts 1 and 2
# so: a lone "1.5" is a number.
_OUTLINE = re.compile(r"(?<![\w.])(?:\d{1,2}|[a-h])\.(\d{1,2})[.)]?(?=[ \t])", re.I)
_BRACKET_LABEL = re.compile(r"(?m)^[ \t]*[^\W\d_][\w' ]{0,24}?[ \t]*\((\d{1,2})\)[ \t]*:")


def _plain_counters(text: str) -> str:
    for pattern in (_OUTLINE, _BRACKET_LABEL):
        found = list(pattern.finditer(text))
        if {"1", "2"} <= {m.group(1) for m in found}:
            text = english.replace_matches(text, found, lambda m: f"{m.group(1)})")
    return text


def facts(message: str, model: Path = MODEL) -> list[str] | None:
    """The facts of a message: its frame as a letter taken off as the rules take it (signature,
    subject line, a request in brackets), each span cleaned by the rules' fact cleaners (a
    request or a connector left at its start, a coordinator at its end), each pronoun resolved
    to the person named before it."""
    framed = _plain_counters(offline.without_frame(spoken_marks(
        offline.with_corrections(message.translate(offline.FULL_WIDTH)))))
    pieces = segment(framed, model)
    if pieces is None:
        return None
    pieces = _with_named_subject(framed, pieces)
    labels = _labels(framed)
    cleaned = (offline.clean_fact(strip_command(offline.clean_fact(
        _without_label(_without_closing_sentence(_without_coordinator(p)), labels))))
        for p in pieces)
    found = [p for p in cleaned if p and re.search(r"\w", p)]
    if found:
        found[-1] = _without_telling_tail(_without_hashtags(_without_respect(
            _without_question_tail(_without_thanks_abroad(_without_wish(found[-1]))))))
    found = [p for p in map(_without_comment_clause, map(_without_fragment_after, found)) if p]
    # a piece about the message itself is no fact, when the message holds one
    told = [p for p in found if not offline.about_the_telling(p) and not offline.dangling(p)]
    return pronouns.resolve(told or found)


# A name with its "'s" ("Kai's", "Ana’s") right after the command.
_NAMED = re.compile(r"[A-Za-z][a-z]+['\u2019]s")


def _with_named_subject(framed: str, pieces: list[str]) -> list[str]:
    """"remember Kai's allergic to dogs": the model read "remember Kai's" as the command and
    kept "allergic to dogs"; a name with its "'s" between the command and the first fact is
    that fact's subject ("Kai is"), given back to it."""
    start = framed.find(pieces[0]) if pieces else -1
    if start <= 0 or not _NAMED.search(framed, 0, start):
        return pieces  # (the usual case, without reading the command again)
    after = strip_command(framed)
    at = after.find(pieces[0])
    if at > 0 and _NAMED.fullmatch(after[:at].strip()) and not is_known(after[:at].strip()[:-2].lower()):
        return [after[:at] + pieces[0], *pieces[1:]]
    return pieces


# A comment clause of the user's before a clause about someone else ("i swear | she snored
# through the whole wedding", "i believe he had a stroke"): the fact is the other person's,
# the user's own certainty no part of it. Before the user's own clause it stays ("I think I
# will retire" is a plan held loosely), and alone it is an aside.
_COMMENT = (r"(?:and\s+|but\s+|so\s+)?(?:(?:i|we)\s+(?:really\s+|honestly\s+|just\s+)?"
            r"(?:think|believe|swear|guess|reckon|suppose|bet|heard|hear|imagine)"
            r"|(?:i['\u2019]?m|i\s+am|we['\u2019]?re|we\s+are)\s+(?:pretty\s+|quite\s+|fairly\s+|very\s+)?"
            r"(?:sure|certain|positive))")
_COMMENT_BEFORE_OTHER = re.compile(_COMMENT + r"\s+(?:that\s+)?(?=(?:he|she|they|it)\b)", re.I)
_COMMENT_ALONE = re.compile(_COMMENT + r"\W*", re.I)


def _without_comment_clause(piece: str) -> str:
    if _COMMENT_ALONE.fullmatch(piece):
        return ""
    found = _COMMENT_BEFORE_OTHER.match(piece)
    return piece[found.end():] if found else piece


# A sentence a span ran on into, after the fact's own sentence ended, that is no clause: chat
# between facts or a sign-off ("i enjoy poetry. | weather still lovely", "i have short hair. |
# thus spake gary"). A full stop after an abbreviation ends no sentence (`sentence_ends`).
def _without_fragment_after(piece: str) -> str:
    last = next(iter(deque(english.sentence_ends(piece), maxlen=1)), None)
    if last is None or is_clause(piece[last.end():]):
        return piece
    return piece[:last.start()].rstrip()


# A wish to the reader run onto the last fact ("... i work my parents farms have a nice day!").
_WISH_TAIL = re.compile(r"[\s,]+(?:and\s+)?(?:have|enjoy)\s+a\s+(?:nice|good|great|lovely|wonderful|"
                        r"blessed|pleasant)\s+(?:day|evening|night|weekend|week|one|morning|afternoon)\W*$",
                        re.I)


def _without_wish(piece: str) -> str:
    found = _WISH_TAIL.search(piece, max(0, len(piece) - 60))
    if found is None:
        return piece
    rest = piece[:found.start()]
    last = english.word_norms(rest[-30:])[-1:]
    return rest if is_clause(rest) and last and last[0] not in _HAVE_BEFORE else piece


# ... unless the "have" is the fact's own ("we always have a great time at the lake")
_HAVE_BEFORE = _AUXILIARIES | {"to", "i", "we", "they", "you", "u", "always", "never", "usually", "often",
                               "sometimes", "also", "just", "still"}


# Thanks and goodbyes in the languages users mix into English, at a message's end after the
# last fact ("... I am a woman asante sana", "... I hate school grazie mille"): a closed list,
# since no model of English chat reads them.
_THANKS_ABROAD = re.compile(
    r"\s+(?:obrigad[oa](?: mesmo)?|(?:muchas |mil )?gracias|merci(?: beaucoup| bien)?|"
    r"danke(?: sch(?:ö|oe)n| dir)?|vielen dank|grazie(?: mille)?|asante(?: sana)?|shukran|"
    r"shukriya|dhanya(?:vaa?d|wad)|"
    r"arigat(?:o|ou)(?: gozaimasu)?|xie ?xie|gomawo|kamsahamnida|spasibo|dzi(?:ę|e)kuj(?:ę|e)|"
    r"d(?:ě|e)kuji|k(?:ö|o)sz(?:ö|o)n(?:ö|o)m|tack(?: s(?:å|a) mycket)?|takk|kiitos|dank je(?: wel)?|"
    r"bedankt|te(?:ş|s)ekk(?:ü|u)rler|sa(?:ğ|g) ol|efharist(?:o|ó)|toda(?: raba)?|salamat(?: po)?|"
    r"terima kasih|c(?:ả|a)m (?:ơ|o)n|mahalo|mul(?:ț|t)umesc|hvala|nandri|ngiyabonga|"
    r"adi(?:ó|o)s|ciao|tsch(?:ü|u)ss|au revoir|hasta luego|sayonara|namaste|shalom|"
    # South Africa's and New Zealand's (round 23): Afrikaans, isiZulu, isiXhosa, Māori, slang
    r"(?:baie )?dankie|siyabonga|enkosi|sharp sharp|ng(?:ā|a) mihi(?: nui)?|ka kite(?: an(?:ō|o))?|"
    r"kia ora|chur(?: bro)?|hooroo|bahut (?:shukriya|dhanyavaad)|"
    # Persian and Turkish (round 31)
    r"mersi|(?:kheili |khaili )?mamnoon(?:am)?|moteshakkeram|sepas(?:gozaram)?|khoda ?h[aā]fez|"
    r"khodafez|g(?:ö|o)r(?:ü|u)(?:ş|s)(?:ü|u)r(?:ü|u)z|sayg(?:ı|i)lar(?:(?:ı|i)mla)?|ho(?:ş|s)(?:ç|c)a ?kal|"
    r"saol|(?:(?:ç|c)ok )?sa(?:ğ|g) ?ol|te(?:ş|s)ekk(?:ü|u)r ederim|selamlar|kolay gelsin|"
    r"allah'?a emanet(?: ol)?|(?:ve )?iyi g(?:ü|u)nler)(?:,? (?:iris|bot|bru|bro)(?: j[ao]o?n)?)?\W*$", re.I)


# "With respect" signing the message off after the last fact, alone with a capital ("... my
# careeer choices With respect") or before a name no dictionary knows ("... a 12 year old
# girl with respect, hossein"): never "I was treated with respect" nor "... with respect, Ana
# says".
_RESPECT_END = re.compile(r"[\s,.]+(?:(?P<alone>With (?:all )?(?:due )?respect)"
                          r"|(?i:with (?:all )?(?:due )?respect)[\s,.]+(?P<name>[^\W\d_]{2,}))\W*$")


def _without_respect(piece: str) -> str:
    found = _RESPECT_END.search(piece, max(0, len(piece) - 60))
    if found is None or found.group("name") and is_known(found.group("name").lower()):
        return piece
    rest = piece[:found.start()]
    return rest if is_clause(rest) else piece


# Hashtags after the last fact ("... I am on the soccer team #nightshift #blessed").
_HASHTAGS_END = re.compile(r"(?:\s+#\w+){1,5}\W*$")


def _without_hashtags(piece: str) -> str:
    found = _HASHTAGS_END.search(piece, max(0, len(piece) - 80))
    rest = piece[:found.start()] if found else piece
    return rest if rest != piece and is_clause(rest) and not chat.dangling(rest) else piece


# How far back from a fact's end a tail about the telling is looked for, in characters.
_TELLING_TAIL_CHARS = 60


def _without_telling_tail(piece: str) -> str:
    """The last fact without words about the telling run onto it, unmarked ("... I played
    football for a college dont judge the 0400 spelling")."""
    start = max(0, len(piece) - _TELLING_TAIL_CHARS)
    for word in re.finditer(r"(?<![\w'])\w", piece[start:]):
        at = start + word.start()
        if at and offline.said_of_the_telling(piece[at:].strip()):
            rest = piece[:at].rstrip(" ,;-")
            if is_clause(rest) and not chat.dangling(rest):
                return rest
    return piece


def _without_thanks_abroad(piece: str) -> str:
    found = _THANKS_ABROAD.search(piece[-40:])
    rest = piece[:len(piece) - len(piece[-40:]) + found.start()] if found else _before_other_script(piece)
    # (not "... is called | Ciao"; thanks of two words or more are no name: "... I like to
    # take walks | kheili mamnoon")
    phrase = len(found.group().split()) > 1 if found else False
    return rest if rest != piece and is_clause(rest) and (phrase or not chat.dangling(rest)) else piece


# ... and thanks, a plea or laughter in another script after a fact in Latin letters ("... I am
# 60 years old 谢谢你啦", "... I have a pet turtle Дякую)))", "... grey 감사합니다~ ㅋㅋ"). Only
# these words: a fact may end in its own words in another script ("my Chinese name is 李明").
_THANKS_IN_SCRIPT = re.compile(
    "谢谢|多谢|感谢|拜托|ありがと|よろしく|宜しく|お願い|감사|고마|고맙|부탁|ㅋㅋ|ㅎㅎ|ㅠㅠ|спасиб|"
    "дякую|благодар|شكر|تم الإرسال|תודה|धन्यवाद|शुक्रिया|ขอบคุณ|ευχαριστ|ممنون|مرسی|سپاس|خداحافظ|متشکرم",
    re.I)
_MOST_SCRIPT_WORDS = 4


def _before_other_script(piece: str) -> str:
    words = piece.split()
    tail = 0
    while tail < min(_MOST_SCRIPT_WORDS, len(words) - 1) and _other_script(words[-1 - tail]):
        tail += 1
    if not tail or not any(map(_latin, words[-1 - tail])) \
            or not _THANKS_IN_SCRIPT.search(" ".join(words[-tail:])):
        return piece
    return piece[:piece.rstrip().rfind(words[-tail])].rstrip()


def _latin(char: str) -> bool:
    return char.isalpha() and unicodedata.name(char, "").startswith("LATIN")


def _other_script(word: str) -> bool:
    """A word with letters, none of them Latin, and no digit."""
    letters = [c for c in word if c.isalpha()]
    return bool(letters) and not any(c.isdigit() for c in word) and not any(map(_latin, letters))


# A question to the reader run onto the last fact with no mark before it ("... i do not drink
# alcohol is this all right", "... near the stairs is that ok"): an auxiliary, "this", "that"
# or "you", and a few words. No gold fact of the development files ends so.
_AUXILIARY = r"\s+(?:is|are|was|were|does|did|do|can|could|will|would|have|has)\s+"
_QUESTION_TAIL = re.compile(_AUXILIARY + r"(?:this|that|you|u|ya)\b(?:\s+[\w']+){0,3}\s*[?!.]*$", re.I)
_WH = re.compile(r"\b(?:what|who|whom|where|how|which|why|when|whether|if)\b", re.I)


# The opening of a question the model cut off, left on a fact's end: an auxiliary and "there"
# or "it" ("... I drive a mini van Is there", "... i am four is it"). No fact ends so: "it is",
# "there is" end one the other way round.
_CUT_QUESTION = re.compile(_AUXILIARY + r"(?:there|it)\s*[?!.]*$", re.I)


def _without_question_tail(piece: str) -> str:
    cut = _CUT_QUESTION.search(piece, max(0, len(piece) - 30))
    if cut is not None and is_clause(piece[:cut.start()]):
        return piece[:cut.start()]
    found = _QUESTION_TAIL.search(piece, max(0, len(piece) - 60))
    if found is None or _WH.search(piece, 0, found.start()):
        return piece  # "I wonder what it is that you do"
    rest = piece[:found.start()]
    return rest if is_clause(rest) else piece


# A sentence end inside a span, and what follows it.
_LAST_SENTENCE = re.compile(r"[.!?]+\s+(?=\S)(?!.*[.!?]\s+\S)", re.S)


# A capital after a word in lower case: a sentence whose full stop was left out.
_UNMARKED_SENTENCE = re.compile(r"(?<![\w'])[a-z0-9]+(\s+)(?=[A-Z][a-z]|I\s)")


# A bracket the span opened and did not close, at its end ("I ride the bus to school (caps
# lock was stuck", "... I am a recluse (EOD is fine"): the model left the rest of the aside
# out, and the aside is no part of the fact.
_OPEN_BRACKET_END = re.compile(r"\s*\([^()]{0,40}$")


def _without_closing_sentence(piece: str) -> str:
    """A sentence after a fact's own that only closes the message ("I visit Europe twice a
    year. With thanks in anticipation", "... my own studio I hope the above is clear",
    "... a 45 year old male Have a lovely evening") is no part of the fact."""
    opened = _OPEN_BRACKET_END.search(piece)
    if opened and opened.start() > 0:
        piece = piece[:opened.start()]
    found = _LAST_SENTENCE.search(piece)
    if found is not None:
        tail = piece[found.end():]
        if offline.about_the_telling(tail) or not is_clause(tail) and (
                chat.is_chat(tail) or closers.is_closer(tail) or is_request(tail)):
            return piece[:found.start() + 1]
    for unmarked in reversed(list(_UNMARKED_SENTENCE.finditer(piece[-120:]))):
        at = len(piece) - len(piece[-120:]) + unmarked.start(1)
        if offline.about_the_telling(piece[at:]) and is_clause(piece[:at]):
            return piece[:at]
    return piece


# A word before a list counter ("Detail 1: ... Detail 2: ..."); said before the first
# counter and another one it labels the items, so a span that ends in it ends before its
# label ("... in high school 2) ..." names no label: "school" is not before the 1).
_LABELLED_COUNTER = re.compile(r"\b([^\W\d_]{2,12})\s+#?(\d{1,2}|[a-h])\s*[:.)\]\-]", re.I)


def _labels(message: str) -> frozenset[str]:
    said: dict[str, set[str]] = {}
    for found in _LABELLED_COUNTER.finditer(message):
        said.setdefault(found.group(1).lower(), set()).add(found.group(2).lower())
    return frozenset(w for w, values in said.items()
                     if len(values) > 1 and not values.isdisjoint({"1", "a"}))


def _without_label(piece: str, labels: frozenset[str]) -> str:
    head, _, last = piece.rstrip().rpartition(" ")
    return head if head and last.lower() in labels else piece


# Discourse markers a cut leaves at a fact's end, from the joiner before the next fact ("my
# gym buddy Kwaku lives out in the countryside and heads up | he ..."): a closed class of
# phrases that say how the telling goes on, never what is told. The first kind ends a fact
# wherever it stands; the second, words a fact may end in ("I like it though", "I'm right"),
# only after a coordinator or a comma.
_MARKERS_ANYWHERE = (
    r"heads\s+up|to\s+be\s+(?:fair|honest)|tbh|tbf|btw|by\s+the\s+way|fyi|mind\s+you|"
    r"which\s+reminds\s+me|that\s+reminds\s+me|that\s+said|having\s+said\s+that|"
    r"what'?s\s+more|on\s+top\s+of\s+(?:that|this|all\s+(?:that|this))|iirc|ngl|fwiw|"
    r"fun\s+fact|funnily\s+enough|not\s+gonna\s+lie|as\s+it\s+happens|incidentally|"
    r"for\s+what\s+it'?s\s+worth|speaking\s+of\s+which|come\s+to\s+think\s+of\s+it|"
    r"on\s+(?:a\s+related|another)\s+note|side\s+note|(?:oh\s+)?before\s+i\s+forget|"
    r"not\s+to\s+mention|more\s+importantly|oh\s+and(?:\s+also)?|and\s+also|"
    # a connector that wants an object, left with none or with "this" ("... along with this also")
    r"(?:along|together)\s+with(?:\s+(?:this|that))?(?:\s+also)?|in\s+addition(?:\s+to\s+(?:this|that))?|"
    r"as\s+well\s+as\s+(?:this|that)|apart\s+from\s+(?:this|that)")
_MARKERS_AFTER_JOIN = (
    r"also|plus|besides|anyways?|anywho|honestly|actually|basically|importantly|additionally|"
    r"furthermore|moreover|likewise|equally|similarly|oh|like|you\s+know|i\s+mean|though")
_TRAILING_MARKER = re.compile(
    rf"(?:(?:[\s,;]+(?:and|but|&)\b|\s*[,;])[\s,]*(?:{_MARKERS_AFTER_JOIN}|{_MARKERS_ANYWHERE})"
    rf"|\s+(?:{_MARKERS_ANYWHERE}))[\s,:;.!\-]*$", re.I)


def _without_marker(piece: str) -> str:
    tail = piece[-80:]  # a few words: linear in the piece
    found = _TRAILING_MARKER.search(tail)
    if found is None:
        return piece
    rest = piece[:len(piece) - len(tail) + found.start()]
    return rest if is_clause(rest) else piece


def _without_coordinator(piece: str) -> str:
    """A coordinator at a fact's end ("I like tea and | I own a dog") and the interjections
    or discourse markers before it belong to the joiner a cut left behind."""
    piece = joiners.strip_trailing_filler(_without_marker(piece))
    head, _, last = piece.rstrip().rpartition(" ")
    return head.rstrip(" ,") if head and last.lower() in _COORDINATORS else piece


def read_facts(text: str, limit: int | None = None, *, learned: bool = True,
               model: Path = MODEL) -> tuple[list[str], bool]:
    """The offline extractor: (facts, whether some of the message was left unread). The
    learned segmenter reads a message of up to MAX_TOKENS tokens; the rules read a longer one
    (they stop after `limit` + 1 facts), one the segmenter finds no fact in, and every message
    when `learned` is off or the model file is missing."""
    found = facts(text, model) if learned and model.exists() else None
    if not found:
        return offline.split_facts_bounded(text, limit)
    if limit is not None and len(found) > limit + 1:
        return found[:limit + 1], True
    return found, False
