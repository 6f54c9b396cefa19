"""Segment-level judgement: after the message is split, what in front of a fact is not part of
it. Decided by the shape of the words, not by a list of known phrases:

- `strip_discourse`: a sentence adverbial that only links the fact to the one before it.
  With a comma, any short opener that carries no content ("Moreover,", "What's more,",
  "Aside from that,", "To start,", "ok listen,"): no personal word, no number, no name, no
  time word, not a subordinate clause ("When I was 5, ..."), not a clause itself, and a
  clause after it. Without a comma ("and on top of that I ...", "additionally I ..."), only a
  single -ly adverb or a phrase that ends in an anaphoric word ("that", "this", "all",
  "more") right before the user's own subject.
- `strip_address`: a request to the assistant in front of the user's first-person fact
  ("u gotta remember I ...", "keep in ur memory i ...", "Please be advised that I ...",
  "I should mention that I ..."): the words before the first "I"/"my" hold a word said to
  the assistant (second person, its name, "please", a storing verb or a typo of one) and no
  clause of their own; or "I" + a modal ("should", "must", "want to") + a few words + "that".

Both keep the text unchanged when what follows would not be a clause on its own, so a fact is
never cut down to a fragment."""

from __future__ import annotations

import re
from itertools import islice
from typing import Protocol

from iris import text as english
from iris.extract import command
from iris.extract.memo import per_message
from iris.store.kinds import kinds_of


class ClauseTest(Protocol):
    """offline.is_clause: could the text stand alone as a statement (subject within `reach`
    words of its verb)?"""

    def __call__(self, text: str, *, reach: int = 5) -> bool: ...


# Openers whose comma ends a subordinate clause that belongs to the fact.
SUBORDINATORS = frozenset({"when", "whenever", "if", "because", "since", "while", "although",
                            "though", "unless", "until", "once", "as", "where", "whereas",
                            "before", "after", "even"})
PERSONAL = frozenset({"i", "im", "ive", "id", "ill", "me", "my", "mine", "myself", "we",
                       "were", "weve", "us", "our", "ours"})
# The user's own subject, where a fact about them starts.
_OWN_SUBJECTS = frozenset({"i", "im", "ive", "my", "we", "our"})
# Prepositions and particles: the closed class a linking phrase is built from ("on top of it").
PARTICLES = frozenset({
    "aboard", "about", "above", "across", "after", "against", "along", "alongside", "amid",
    "among", "apart", "around", "aside", "at", "atop", "before", "behind", "below", "beneath",
    "beside", "besides", "between", "beyond", "by", "despite", "down", "during", "except", "for",
    "from", "in", "inside", "into", "near", "of", "off", "on", "onto", "opposite", "out",
    "outside", "over", "past", "per", "round", "through", "throughout", "to", "toward",
    "towards", "under", "underneath", "unlike", "up", "upon", "via", "with", "within", "without"})
# Words that end a linking phrase by pointing back ("besides that", "first of all").
# (and their chat spellings: "on top of dat", "besides dis").
ANAPHORIC_ENDS = frozenset({"that", "this", "all", "more", "well", "dat", "dis", "tht"})
# A phrase after "for" that opens a sequence ("for a start", "for starters"); "at the start
# I was shy" keeps its time.
_SEQUENCE_ENDS = frozenset({"start", "starters"})
# Time and frequency words carry content ("On weekends, I ...", "Usually I ...").
_TIME_WORDS = re.compile(
    r"\b(?:morning|evening|night|afternoon|day|week|weekend|month|year|season|summer|winter"
    r"|spring|autumn|fall|today|tonight|yesterday|tomorrow|ago|recently|sometimes|often"
    r"|usually|always|never|rarely|seldom|occasionally|daily|weekly|monthly|yearly|normally"
    r"|generally|mostly|every|each|(?:mon|tues|wednes|thurs|fri|satur|sun)day|january"
    r"|february|march|april|may|june|july|august|september|october|november|december)s?\b",
    re.I)
# Said to the assistant: the second person, politeness (its names: command.ADDRESSEE).
_ADDRESS = frozenset({"you", "u", "ya", "yall", "ur", "your", "yours", "youre",
                      "please", "pls", "plz", "kindly"})
# Modal words after "I" that make "I ... that" a preface ("I should mention that").
_MODALS = frozenset({"should", "must", "shall", "would", "could", "might", "want", "wanted",
                     "wish", "need", "needed", "gotta", "ought", "d"})
_TOKEN = re.compile(r"[\w'\u2019]+|[^\w\s]")
MAX_DISCOURSE_WORDS = 4
MAX_ADDRESS_WORDS = 8
MAX_PREFACE_WORDS = 7


def has_time_word(text: str) -> bool:
    """A time or frequency word ("on weekends", "usually"): content a fact would lose."""
    return _TIME_WORDS.search(text) is not None


def _norm(word: str) -> str:
    return english.normalise(word)


def _words(text: str, most: int | None = None) -> list[re.Match[str]]:
    """The first `most` words of `text` (all without it)."""
    return list(islice(re.finditer(r"[\w'\u2019]+", text), most))


def _has_name(prefix: str, whole: str) -> bool:
    """A capitalised word after the first in a text that is not all capitals or title case."""
    # the start of the text tells its casing; reading all of a long one would cost a scan
    words = [w for w in re.findall(r"[A-Za-z][\w']*", whole[:200])[1:] if w not in ("I", "I'm")]
    caps = sum(w[0].isupper() for w in words)
    if words and caps >= max(2, len(words) // 2):
        return False  # "LOG THESE", "Title Case Text": capitals say nothing here
    return any(w[0].isupper() for w in re.findall(r"[A-Za-z][\w']*", prefix)[1:])


# WordNet kinds of a noun that names a setting, where the fact took place ("In high school,",
# "At the office,", "In town,"): a fact without it loses content. Not "region": "On top of that",
# "On the other side", "At the end of the day" link.
_SETTING_KINDS = frozenset({"establishment", "institution", "district", "building"})


def _names_a_setting(words: list[str]) -> bool:
    """`words` are a prepositional phrase with a setting noun ("ok listen" is none: "ok" is
    Oklahoma only as a noun)."""
    lexicon = english.words()
    return (words[0] in lexicon.noun_markers and words[0] not in lexicon.determiners
            and any(kinds_of(word).main & _SETTING_KINDS for word in words[1:]))


def _content_free(prefix: str, whole: str) -> bool:
    """No personal word, number, name, time word or setting: nothing a fact would lose."""
    words = [_norm(w) for w in re.findall(r"[\w'\u2019]+", prefix)]
    return (bool(words) and not PERSONAL.intersection(words)
            and not any(ch.isdigit() for ch in prefix)
            and _TIME_WORDS.search(prefix) is None and not _has_name(prefix, whole)
            and not (words and _names_a_setting(words)))


# "Mia, | my daughter, is 7", "Tariq, | the flatmate I live with, is a DJ", "Nugget, | who's
# my guinea pig, is shy": a noun phrase or a relative clause closed by a comma, then the
# predicate (no new subject): what stood before the first comma is the subject, a name.
_APPOSITIVE = re.compile(
    r"\s*(?:(?:my|our|the|a|an|his|her)\s+(?:[\w'-]+\s+){0,4}?[\w'-]+"
    r"|(?:who|who's|whos|whose|whom|which)\s[^,;.!?]{1,60}?)\s*,\s*"
    r"(?!(?:i|i'm|im|we|you|he|she|they|it|my|our|and|but|so)\b)\w", re.I)


def _appositive(rest: str) -> bool:
    """ "Mia, my daughter, is 7": the rest opens with a noun phrase or a relative clause
    closed by a comma, and the predicate follows."""
    return _APPOSITIVE.match(rest) is not None


@per_message
def strip_discourse(text: str, is_clause: ClauseTest, *, comma: bool = True) -> str:
    """`text` without a leading linking adverbial (see the module docstring). `comma`:
    also one that ends at a comma; off where the text may start in the middle of a list
    ("french, also my boyfriend ..." after a split at "and")."""
    stripped = text.lstrip()
    found = re.match(r"([^,;:.!?\n]{1,60}?),\s*", stripped) if comma else None
    if found:
        prefix, rest = found.group(1), stripped[found.end():]
        words = [_norm(w) for w in re.findall(r"[\w'\u2019]+", prefix)]
        # "What is more,", "Speaking of which,", "And while I'm at it,": a phrase that ends
        # pointing back links, even as a clause; with the user in it only after a particle
        # ("at it"), so "Since I got it," stays
        pointing = bool(words) and (words[-1] in ANAPHORIC_ENDS or words[-1] in ("which", "it")
                                    and len(words) > 1 and words[-2] in PARTICLES | {"is"})
        # "After that," links; "After I moved," is a clause of the fact.
        linking = bool(words) and (words[0] not in SUBORDINATORS or pointing)
        # "On top of all that,": a longer phrase when it points back
        short = len(words) <= MAX_DISCOURSE_WORDS or (
            len(words) <= MAX_DISCOURSE_WORDS + 2 and pointing)
        personal = [w for w in words if w in PERSONAL]
        # a clause or the user only in an opener that is no statement: "while I'm at it"
        opener = pointing and words[0] in SUBORDINATORS | {"what", "and"}
        free = _content_free(prefix, stripped) or (
            opener and personal and words[-2] in PARTICLES
            and _content_free(" ".join(w for w in words if w not in PERSONAL), stripped))
        reach = 8 if words and re.match(r"(?:my|our)\b", rest, re.I) else 5
        if (short and linking and free and (opener or not is_clause(prefix))
                and not _appositive(rest) and is_clause(rest, reach=reach)):
            # "Unrelated, but I ...": the conjunction went with the linking phrase
            joined = re.match(r"(?:but|and)\s+", rest, re.I)
            return rest[joined.end():] if joined and is_clause(rest[joined.end():]) else rest
    return _strip_bare_discourse(stripped, is_clause)


def _strip_bare_discourse(text: str, is_clause: ClauseTest) -> str:
    words = _words(text[:200], MAX_DISCOURSE_WORDS + 1)  # the words the loop looks at
    for index, match in enumerate(words):
        if _norm(match.group()) not in _OWN_SUBJECTS:
            continue
        if index == 0:
            return text
        prefix, rest = text[:match.start()], text[match.start():]
        heads = [_norm(w.group()) for w in words[:index]]
        linking = (len(heads) == 1 and heads[0].endswith("ly") and len(heads[0]) > 4) or (
            heads[-1] in ANAPHORIC_ENDS and (heads[0] not in SUBORDINATORS or len(heads) == 2)
        ) or (heads[0] == "for" and heads[-1] in _SEQUENCE_ENDS)
        if (linking and re.fullmatch(r"[\w'\u2019 ]+", prefix.strip())
                and _content_free(prefix, text) and is_clause(rest)):
            return rest
        return text
    return text


_RELATIVES = frozenset({"who", "whos", "whose", "whom", "which"})


@per_message
def strip_address(text: str, is_clause: ClauseTest) -> str:
    """`text` without a request to the assistant in front of the user's fact."""
    stripped = text.lstrip()
    words = _words(stripped[:300])
    if not words:
        return text
    norms = english.word_norms(stripped[:300])  # of the same words
    if norms[0] in ("i", "im", "id"):
        return _strip_preface(stripped, words, norms, is_clause)
    for index, norm in enumerate(norms[:MAX_ADDRESS_WORDS + 1]):
        if norm not in _OWN_SUBJECTS:
            continue
        if index == 0:
            return text
        prefix, rest = stripped[:words[index].start()], stripped[words[index].start():]
        heads = norms[:index]
        if heads[0] in SUBORDINATORS or heads[-1] in ("and", "but", "or", "so"):
            return text
        if _RELATIVES.intersection(heads):
            return text  # "pls nugget, who's | my guinea pig, is shy": the name is the subject
        if "(" in prefix or _has_name(prefix, stripped) or (
                heads[-1] in english.words().verbs and not command.is_signal(heads[-1])):
            return text  # "Pepper (my puppy) ...", "horror movies are my favorites"
        # "update on me", "so about me": a heading about the user, then the fact
        about_me = heads[-1] in ("me", "myself")
        addressed = about_me or any(w in _ADDRESS or command.is_signal(w) or _vocative(heads, i)
                                    for i, w in enumerate(heads))
        # "Friendly reminder for you: my first toy a lite brite": after a colon or a dash
        # said to the assistant, the rest is what to keep even without a verb.
        marked = re.search(r"[:\-\u2013\u2014]\s*$", prefix) is not None and len(norms) - index > 1
        if (addressed and (about_me or not _ends_with_clause(prefix, is_clause))
                and _TIME_WORDS.search(prefix) is None and (marked or is_clause(rest))):
            return rest
        return text
    return text


def _vocative(heads: list[str], index: int) -> bool:
    """The assistant named at `index` ("Dear assistant", "yo bot"), not a thing of that name
    ("the bot I built")."""
    return heads[index] in command.ADDRESSEE and (
        index == 0 or heads[index - 1] not in english.words().determiners)


def _ends_with_clause(prefix: str, is_clause: ClauseTest) -> bool:
    """The prefix says something of its own ("my dog barks when you leave, I ...")."""
    body = prefix.strip(" ,:-\u2013\u2014")
    if re.match(r"(?:please|pls|plz|kindly)\b", body, re.I):
        return False  # "Please be advised that": a request has no subject of its own
    return bool(body) and is_clause(body, reach=8) and not re.match(
        r"(?:you|u|ya)\s+(?:know|should know|gotta|have to|need to|must)\b", body, re.I)


def _strip_preface(text: str, words: list[re.Match[str]], norms: list[str],
                   is_clause: ClauseTest) -> str:
    """ "I should mention that I ...", "I'd like to add that my ...": I + modal + that."""
    # "I should mention", "I'd like to add", "I am writing to tell you", "I'm letting you know"
    if len(norms) < 4 or not (norms[1] in _MODALS or (norms[0] == "id" and norms[1] == "like")
                              or (norms[1] in ("am", "m") and norms[2].endswith("ing"))
                              or "you" in norms[2:5] or "u" in norms[2:5]):
        return text  # "I hereby inform you that": said to the assistant
    for index in range(2, min(len(norms), MAX_PREFACE_WORDS + 1)):
        if norms[index] != "that":
            continue
        if index + 1 < len(norms) and norms[index + 1] in _OWN_SUBJECTS:
            between = norms[1:index]
            if any(w in english.words().determiners and w not in ("that", "this")
                   for w in between):
                return text  # "I want the blue one that I saw": a fact of its own
            rest = text[words[index + 1].start():]
            # "my husband and his brother run a bakery": its verb may come late
            return rest if is_clause(rest) or len(norms) - index > 3 else text
        return text
    return text


# --- sentences around the facts ----------------------------------------------------------

# Words of a line or sentence that introduces facts ("Things to remember about me:").
HEADER_WORDS = re.compile(r"\b(?:remember|facts?|things|notes?|save|store|about me|following"
                          r"|follows?|details|info|information|background)\b", re.I)
# The user as a subject: a sentence with one is about the user.
OWN_SUBJECT = re.compile(r"\b(?:i|i'm|im|i've|ive|my|we|we're|our)\b", re.I)


def chat_aside(part: str, *, first: bool, later: bool) -> bool:
    """A sentence said around the facts, not one of them: a heading before them ("Here is
    some background about me.", "A few personal details follow."), an interjection before
    them ("Hiya!", "Listen up!"), or a short check-back question after one ("k?", "got
    that?"). None of them has the user as its subject. `first`: the message's first
    sentence; `later`: a fact came before it."""
    body = part.strip()
    if len(body) > 120 or OWN_SUBJECT.search(body):
        return False  # an aside is a few words
    words = re.findall(r"[\w']+", body)
    if first:
        return (bool(HEADER_WORDS.search(body)) and len(words) <= 8) or (
            len(words) <= 2 and body.endswith("!"))
    return later and body.endswith("?") and 0 < len(words) <= 3
