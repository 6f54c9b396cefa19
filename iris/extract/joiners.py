"""Discourse joiners between two facts, judged by shape rather than from a list of joiners.

A joiner is a short span between two clauses that carries nothing of either: "... candy and uh
also I am four", "... a hat and over and above that I am ...", "..., plus on top of it my
dad ...", "... a bmw and one more thing, I plan ...". `cut` cuts a sentence at such a span
and drops it when all of these hold:

- the span opens at a comma, a free-standing symbol or a coordinating word ("and", "&", "+",
  "n", "plus", "also"), is at most `MAX_SPAN_WORDS` words, and holds something besides
  coordinating words (a bare "and" is the clause splitter's call, not this one's);
- what it holds is filler ("uh", "ooh": short words that are no verb, determiner,
  conjunction or personal word), or it points back ("... that", "... of it", "... which"),
  or it stands between two commas ("and, by the way,"); it has no personal word, number or time word,
  and does not open a subordinate clause ("because", "so", "when": those are one fact);
- the text before it is a clause and the text after it is a clause that starts with the
  user's own subject ("I", "my", "we", ...), or with a subordinate clause about the user
  ("when I grow up, I ...").

At the start of a sentence the same span is dropped when a clause follows ("Ooh and I am ...").
"""

from __future__ import annotations

import re

from iris import text as english
from iris.extract import asides, segments
from iris.extract.memo import per_message
from iris.extract.segments import ClauseTest
from iris.numbers import ORDINALS, UNITS

MAX_SPAN_WORDS = 6
_HEAD_CHARS = 1000
_CUT_CHARS = 2000
_TOKEN = re.compile(r"[\w'\u2019]+|[^\w\s]+")
_COORDINATORS = frozenset({"and", "n", "also", "plus", "&", "+", "//", "btw"})
_OWN = frozenset({"i", "im", "ive", "id", "my", "we", "weve", "our"})  # not "were"
_POINTING = segments.ANAPHORIC_ENDS | {"it", "which"}
# Whose something is: a span that says it is about someone ("with your support").
_POSSESSIVES = frozenset({"your", "his", "her", "their", "its", "this", "these", "those"})
_CONTRASTS = frozenset({"but", "or", "yet", "nor", "so", "than", "though"})
# The shape of an interjection: vowels around an "h" or "m", "er(m)", or an answer particle
# ("yeah", "yep", "yup").
_INTERJECTION = re.compile(r"[aeiou]{0,2}[hm]{1,3}[aeiou]{0,2}|er+m?|ye+a*[hp]?|yu+p")
# "like" after an interjection is a filler too ("and um like I ..."), not a verb.
_HEDGE_LIKE = "like"
# Pronouns of the interjection's shape, "mi" and "ma" as "my" in Caribbean English, Scots and
# Spanish ("mi granny raise mi", "ma maw", "mi abuela"), never an "mm".
_PRONOUNS = frozenset({"he", "me", "mi", "ma"})


def cut(text: str, is_clause: ClauseTest) -> list[str]:
    """`text` cut at discourse joiners (see the module docstring); unchanged as one piece
    when there is none."""
    # joiners are looked for near the start only: past it the clause splitter alone cuts, so
    # "i x, i x, ..." over 40 KB stays cheap
    tokens = list(_TOKEN.finditer(text, 0, _CUT_CHARS))
    norms = [english.normalise(t.group()) or t.group() for t in tokens]
    pieces: list[str] = []
    start = 0  # token index where the current piece starts
    for index in range(1, len(tokens)):
        if norms[index] not in _OWN and not (  # "and uh also when i grow up i ..."
                norms[index] in segments.SUBORDINATORS and index + 1 < len(tokens)
                and norms[index + 1] in _OWN):
            continue
        span = _span_start(norms, start, index)
        if span is None and norms[index] in _OWN:  # "as I said | before I ..." is no cut
            span = _hedge_start(text, tokens, start, index)
        if span is None:
            continue
        # is_clause reads only the head of a text: slicing more would make a long run of
        # "I I I ..." quadratic
        head = tokens[index].start()
        if not is_clause(text[head:head + _HEAD_CHARS], reach=8):
            continue
        first = tokens[start].start()
        before = text[first:min(tokens[span].start(), first + _HEAD_CHARS)] if span > start else ""
        if before and (not is_clause(before, reach=30) or _open_ended(norms[span - 1])):
            continue
        if before:
            pieces.append(text[first:tokens[span].start()])
        start = index
    pieces.append(text[tokens[start].start():] if tokens else text)
    return pieces


def _span_start(norms: list[str], start: int, index: int) -> int | None:
    """The token where the joiner before `index` starts (the longest one), or None."""
    for first in range(max(start, index - MAX_SPAN_WORDS - 2), index):
        span = norms[first:index]
        opens = (first == start or span[0] in _COORDINATORS or not span[0][0].isalnum())
        if opens and _is_joiner(span, at_start=first == start):
            return first
    return None


# A hedge between two clauses is a few words: "not sure if i told u but".
MAX_HEDGE_WORDS = 10
# A word that every hedge of `asides.joins_as_hedge` holds (a verb of saying or recalling, a
# manner word, "but"), read as a prefix: a pre-check only, the grammar decides.
_TELLING_WORDS = re.compile(
    r"\b(?:but|say|said|mention|tell|told|add|write|wrote|shar|repeat|honest|frank|clear|brief"
    r"|blunt|forget|see|think|worth|note|admit|confess|point|may|might)", re.I)
# After a hedge, a clause of this many words or fewer is what the hedge's own verb wanted.
_MOST_BARE_WORDS = 2


def _hedge_start(text: str, tokens: list[re.Match[str]], start: int, index: int) -> int | None:
    """The token where the user's talk about their telling starts before `index`, inside the
    piece that starts at `start` ("I am a nurse | as i said before | I ...", `asides`), or
    None. At the piece's start it is the fact's own opener (`asides.telling_prefix`)."""
    end = tokens[index].start()
    if len(tokens) - index <= _MOST_BARE_WORDS:
        return None  # "I swim on Tuesdays as I said | I would": the clause was cut short
    window = text[tokens[max(start + 1, index - MAX_HEDGE_WORDS)].start():end]
    if not _TELLING_WORDS.search(window):
        return None  # every such hedge has one of these words: cheap to rule out
    for first in range(max(start + 1, index - MAX_HEDGE_WORDS), index):
        if tokens[first].group()[0].isalnum() and asides.joins_as_hedge(
                text[tokens[first].start():end]):
            return first
    return None


def _is_joiner(span: list[str], *, at_start: bool) -> bool:
    words = [w for w in span if w[0].isalnum()]
    held = [w for w in words if w not in _COORDINATORS]
    if not held or len(words) > MAX_SPAN_WORDS:
        return False
    # After its opening, a joiner holds no other joiner: "and french fries & also that" is an
    # object and then a joiner. Only "and" inside a short phrase ("over and above that").
    first = next(i for i, w in enumerate(span) if w in held)
    last = max(i for i, w in enumerate(span) if w in held)
    body = span[first:last + 1]  # "uh" of "and uh also", "over and above that"
    inner = [w for w in body if w in _COORDINATORS or not w[0].isalnum()]
    if any(w != "and" for w in inner) or (inner and len(body) > 4):
        return False
    if at_start and not any(w in _COORDINATORS for w in span):
        return False  # "hey my name is ...": a sentence's own opener is strip_discourse's call
    if any(w in "()[]{}" for w in span):
        return False  # "Ben (my uncle)": a bracket belongs to the text around it
    lexicon = english.words()
    if held[0] in segments.SUBORDINATORS or any(
            w in segments.PERSONAL or w in _CONTRASTS
            or (w in _POSSESSIVES and w not in _POINTING) for w in held):
        return False  # ", but with your support, I ...": the span says something
    if any(ch.isdigit() for w in held for ch in w) or segments.has_time_word(" ".join(held)):
        return False
    if any(w in lexicon.finite_verbs for w in held[:-1]):
        return False  # "and dad are teachers," is a clause's tail
    if _all_filler(held):
        return True
    # "on top of it", "over and above that": words of place before a word pointing back; not
    # an object ("and french fries & also that", "one of the languages that I study")
    if held[-1] in _POINTING:
        if len(held) == 1:  # "& also that I ...", not ", which I find cute"
            return held[0] in segments.ANAPHORIC_ENDS and span[0] in _COORDINATORS
        return all(w in segments.PARTICLES or (w not in lexicon.verbs and w not in lexicon.determiners)
                   for w in held[:-1]) and any(w in segments.PARTICLES for w in held[:-1])
    # between two commas, a phrase with a function word: ", by the way," (not ", France,")
    return (span[-1] == "," and "," in span[:span.index(held[0])] and len(held) >= 2
            and any(w in lexicon.noun_markers or w in segments.PARTICLES for w in held))


def _open_ended(word: str) -> bool:
    """ "It's a reminder that, no matter what, we ...": a clause that waits for what follows."""
    lexicon = english.words()
    return (word in lexicon.noun_markers or word in segments.SUBORDINATORS
            or word in _COORDINATORS or word in _CONTRASTS or word in asides.CLAUSE_ADJECTIVES)


def _all_filler(words: list[str]) -> bool:
    """Interjections: "uh", "um", "oh", "ooh", "erm", "hmm", "yeah" (not "now", "how",
    "Max"), and "like" after one ("um like")."""
    return all((_INTERJECTION.fullmatch(w) or (w == _HEDGE_LIKE and i > 0))
               and w not in segments.PERSONAL and w not in _PRONOUNS for i, w in enumerate(words))


_LEADING_WORDS = re.compile(r"\s*([\w']+)[\s,]+")


@per_message
def strip_filler(text: str, is_clause: ClauseTest) -> str:
    """`text` without interjections in front of a clause ("erm he speaks Urdu", "Um like i
    have ..."); not before a subordinate clause ("ooh before I forget, ..." is an opener
    whole)."""
    words: list[str] = []
    end = 0
    while len(words) < MAX_SPAN_WORDS:
        found = _LEADING_WORDS.match(text, end)
        if not found or not _all_filler([*words, found.group(1).lower()]):
            break
        words.append(found.group(1).lower())
        end = found.end()
    if not end:
        # "like" alone before the user's own subject is a filler too ("oh and like | I hate
        # ..."): "like" as a verb or preposition has a subject or an object of its own
        found = _LEADING_WORDS.match(text)
        if found and found.group(1).lower() == _HEDGE_LIKE:
            rest = text[found.end():]
            after = rest.split(maxsplit=1)
            # "like my mom, I ...": the clause before the comma; "like I said" points back
            if (after and english.normalise(after[0]) in _OWN and not asides.points_back(rest)
                    and is_clause(re.split(r"[,;.!?]", rest, maxsplit=1)[0])):
                return rest
    rest = text[end:]
    opening = english.normalise(rest.split(maxsplit=1)[0]) if rest.strip() else ""
    return rest if end and opening not in segments.SUBORDINATORS and is_clause(rest) else text


_TAIL_CHARS = 200
# Interjections at a fact's end with no coordinator before them: at least this many ("oh
# yeah"); one alone may be a word of the fact ("... my dog Mo").
_BARE_FILLER_WORDS = 2
_TRAILING_WORDS = re.compile(r"[\s,]+([\w'&+]+)\W*$")
# One word after a comma at a fact's end: an interjection there is what a cut at the
# coordinator after it left ("..., oh | plus they ..."); a word of the fact has no comma.
_COMMA_FILLER = re.compile(r",\s*([\w']+)\W*$")
# An interjection put before a word to ask `_all_filler` whether the word can end a run.
_FILLER_PROBE = "uh"


def strip_trailing_filler(text: str) -> str:
    """`text` without a coordinator and interjections left at its end by a cut ("I moved to
    Spain and erm", "... AND ERM"): what a joiner before a clause that did not open with the
    user leaves behind."""
    head, tail = text[:-_TAIL_CHARS], text[-_TAIL_CHARS:]  # a few words: linear in the text
    after_comma = _COMMA_FILLER.search(tail)
    if after_comma and _all_filler([after_comma.group(1).lower()]):
        return head + tail[:after_comma.start()]  # "... last year, oh | plus they ...": cut there
    end = len(tail)
    words: list[str] = []
    while len(words) <= MAX_SPAN_WORDS:
        found = _TRAILING_WORDS.search(tail[:end])
        if not found:
            return text
        word = found.group(1).lower()
        if word in _COORDINATORS and words and _all_filler(words[::-1]):
            return head + tail[:found.start()]
        if len(words) >= _BARE_FILLER_WORDS and _all_filler(words[::-1]) \
                and not _all_filler([word]):
            # "I have a dog oh yeah | and as I said ...": two interjections or more at the
            # end, left by a cut at the coordinator after them
            return head + tail[:end]
        words.append(word)
        end = found.start()
        if len(words) == 1 and not _all_filler([_FILLER_PROBE, word]):
            # every later test reads this last word as the last of a run of interjections
            # (where "like" may stand too): a word that cannot be one keeps the text whole
            return text
    return text


# --- a list's joiner that a span took the start of ------------------------------------------

# How many of a span's last words a joiner may have begun in: "bullet | point", "adn".
_MOST_BEGUN_WORDS = 2
_JOINER_TOKEN = re.compile(r"\w+|[^\w\s]")
_SPAN_WORD = re.compile(r"\S+")


def _joiner_norms(text: str) -> list[str]:
    """The tokens of `text`, each counter one token: "nugget #2" and "nugget #3", "bullet
    point one" and "bullet point two", "1st up" and "2nd up" are one joiner."""
    out = []
    for token in _JOINER_TOKEN.findall(text):
        norm = token.lower()
        counter = norm in UNITS or norm in ORDINALS or re.fullmatch(r"\d+(?:st|nd|rd|th)?", norm)
        out.append("0" if counter else norm)
    return out


def without_repeated_joiners(message: str,
                             spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """`spans` with a list's joiner taken off the end of a fact: a span's last word or two and
    the gap after it that, together, end another gap of the message ("... the who bullet |
    point | i have ..." after "update time: bullet point | my ...", "i am married adn | my
    ..." before "adn" again). The words taken are never only function words ("... older
    than me" before "\\n⬜" after "this 4 me\\n⬜" keeps its "me"); no gold span of the
    development files loses a word so."""
    if len(spans) < 2:
        return spans
    gaps = [message[:spans[0][0]]] + [message[end:after] for (_, end), (after, _) in
                                      zip(spans, spans[1:], strict=False)]
    gap_norms = [_joiner_norms(gap) for gap in gaps]
    out = list(spans)
    for i, (start, end) in enumerate(spans[:-1]):
        words = list(_SPAN_WORD.finditer(message, start, end))
        for k in range(1, min(_MOST_BEGUN_WORDS, len(words) - 1) + 1):
            begun = _joiner_norms(message[words[-k].start():end])
            if all(w in english.STOPWORDS or not w.isalpha() for w in begun):
                continue
            joiner = begun + gap_norms[i + 1]
            if any(j != i + 1 and other[-len(joiner):] == joiner and len(other) >= len(joiner)
                   for j, other in enumerate(gap_norms)):
                out[i] = (start, words[-k - 1].end())
                break
    return out
