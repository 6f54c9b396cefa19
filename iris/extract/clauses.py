"""Clause boundaries inside one sentence: split on commas, "and", "also" and "plus" only where
BOTH sides are clauses of their own (`is_clause`: a subject pronoun and a word after it, or a
finite verb after a noun phrase). So "I like cats and dogs" and "my anniversary is March 14th,
2010" stay whole ("dogs" and "2010" are not clauses), while "I like tacos and I have a dog"
becomes two facts."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from functools import lru_cache
from itertools import islice

from rapidfuzz import fuzz, process

from iris import text as english
from iris.extract import asides, joiners, pronouns, segments
from iris.extract.memo import per_message
from iris.store.kinds import is_known, is_main_verb

# Connectors in front of a clause: "and also", "plus", "btw", "ok so".
CONNECTOR = re.compile(
    r"^(?:&\s*(?:also\b)?|\+\s)[\s,:]*"  # "& he is scared of ...": the sign for "and"
    r"|^(?:and also|and then|and|n|also|plus|oh and|oh|btw|ps|by the way|additionally|furthermore"
    r"|lastly|finally|last but not least|as well as(?: that)?|not to mention(?: that)?"
    r"|in addition|one more thing|so yeah|yeah|yes|yep|yup"
    # a chat opener before "so": "kk so", "right so basically", "alrighty so"
    r"|(?:(?:ok|okay|k|kk|right|alright|alrighty)[\s,]+)?so(?:[\s,]+basically)?"
    # ... or before "and": "Okay and I am a librarian", a list's joiner the cut left
    r"|(?:ok|okay|k|kk|alright|alrighty)[\s,]+and(?:[\s,]+also)?)\b[\s,:]*", re.I)
# A word about the user (not a Turkish dotted "i̇", lower-cased "İ" with its combining dot).
FIRST_PERSON = re.compile(r"\b(?:i|i'm|im|my|we|our|mine)\b(?!\u0307)", re.I)

# Subject pronouns that make a clause wherever they sit ("when i grow up i want ..."), and
# weaker ones that only count at the start ("it is red", not "i like it").
_SUBJECTS = {"i", "i'm", "im", "i've", "ive", "i'd", "i'll", "we", "we're", "we've", "we'd",
             "he", "she", "they", "he's", "she's", "they're", "they've", "weve", "theyre"}
_START_SUBJECTS = {"it", "it's", "its", "there", "there's", "you", "you're", "this", "that's"}
_RELATIVE = {"that", "which", "who", "whom", "whose"}
# Adverbs that stand before a verb and are no subject ("never left", "always says").
_PREVERBAL = frozenset({"never", "not", "always", "also", "just", "still", "often", "sometimes",
                        "usually", "really", "rarely", "seldom", "then", "once", "ever", "later"})
_COPULAS = frozenset({"is", "are", "was", "were", "am", "isn't", "aren't", "wasn't", "weren't"})
# A clause opening with a relative word belongs to the clause before it (", which is why
# ..."); after a bare comma, so does one opening with a conjunction that cannot start a fact
# of its own (", so I work the late shift"; "since ..." and "when ..." can).
_RELATIVE_OPENERS = frozenset({"which", "who", "whom", "whose", "where"})
_COMMA_OPENERS = frozenset({"so", "because", "but", "although", "though", "unless", "whereas",
                            "or"})
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|'[a-z]+", re.I)
# Split points: a comma (optionally followed by a connector), or a bare connector word.
_JOINS = (r"and also that|and also|and then|and that|and btw|and|n|also|plus|but also|oh and|btw"
          r"|as well as(?: that)?|not to mention(?: that)?")
_DELIMITER = re.compile(
    # Every delimiter starts with a space or a comma: the lookahead passes over the other
    # characters at one test each (two to three times faster on long text).
    r"(?=[\s,])"
    # ", and another thing, I ...", ", as well as that, I ...": a linking phrase between
    # commas (after a comma only: "I like another thing" keeps its object)
    rf"(\s*\u2002\s*|\s*,\s*(?:(?:(?:and )?(?:another|one more) thing,|{_JOINS}|that),?\s+)?"
    rf"|\s+(?:{_JOINS.replace('|also|', '|')}),?\s+|\s+&\s+"
    # a free-standing symbol between two clauses: "I swim + I sing", "a | b", "a / b",
    # "a ... b", "a :: b"
    r"|\s+[^\w\s.,;:!?'\"()\[\]{}&%$@]{1,3}\s+|\s+(?:\.{2,}|\u2026|::)\s+"
    # "also" right after a pronoun or a copula is an adverb ("i also like", "i am also a")
    r"|(?<!\bi)(?<!\bwe)(?<!\bhe)(?<!\bshe)(?<!\bthey)(?<!\bam)(?<!\bis)(?<!\bare)(?<!\bwas)"
    r"(?<!\bwere)(?<!'m)\s+also\s+)", re.I)


# is_clause reads at most this many characters: enough for the 32 words it may look at
# (with reach 30), plus a few for a leading connector ("last but not least").
_CLAUSE_HEAD_CHARS = 1000
_HEAD_WORDS = 40


@per_message
def is_clause(text: str, *, reach: int = 5) -> bool:
    """Could `text` stand alone as a statement? True for "I prefer window seats",
    "coffee is my drink", "when i grow up i want to fly"; False for "dogs", "2010",
    "blue eyes", "my mom", "is seven" (no subject), "playing video games" (no finite verb),
    "red hair that comes to my waist" (the only verb is in a relative clause).
    `reach`: how many words of subject may come before the verb."""
    # Only the first words matter: a bounded head keeps a long run linear.
    head = CONNECTOR.sub("", text[:_CLAUSE_HEAD_CHARS].strip())
    words = [w.group().lower() for w in islice(_WORD.finditer(head), max(8, reach + 1) + 1)]
    if len(words) < 2:
        return False
    if _compound(words, 0):
        return False
    if words[0] in _SUBJECTS or words[0] in _START_SUBJECTS:
        return True
    if words[0] in _COPULAS:
        return False  # "is a retired teacher": a predicate without its subject
    lexicon = english.words()
    for index, word in enumerate(words[:max(8, reach + 1)]):
        after_relative = words[index - 1] in _RELATIVE
        if (word in _SUBJECTS and index + 1 < len(words) and not after_relative
                and not _compound(words, index)):
            return True
        if index == 0 or index > reach or after_relative:
            continue  # a subject noun phrase is short; a verb much later belongs elsewhere
        # A finite verb after at least one word of noun phrase: "coffee is", "my dad taught"
        # (adverbs alone are none: "and never left" shares the subject before it).
        if _finite(word, lexicon.finite_verbs):
            if all(w in _PREVERBAL for w in words[:index]):
                return False
            return True
        # A base form after a plural noun: "two dogs live", "my parents love".
        before = words[index - 1]
        if (word in lexicon.bases and len(before) > 3 and before.endswith("s")
                and not before.endswith("ss") and before not in lexicon.verbs
                and before not in lexicon.noun_markers):
            return True
        # A base form after a compound subject: "my brother and his wife live in Lisbon".
        if (word in lexicon.bases and "and" in words[1:index - 1] and before not in lexicon.verbs
                and before not in lexicon.noun_markers and before != "and"
                and words[0] in lexicon.determiners):
            return True
        if index == 1 and word.endswith("'s"):  # "anna's a nurse"
            return True
        # "my grandfather served", "the store closed": a past tense after a short noun phrase.
        if index in (2, 3) and word.endswith("ed") and words[0] in lexicon.determiners:
            return True
    return False


def _finite(word: str, verbs: frozenset[str]) -> bool:
    """A verb form that makes a clause: "is", "likes", "taught", "isn't" (the lexicon
    spells contractions without the apostrophe)."""
    return (word if "'" not in word else word.replace("'", "")) in verbs


def _compound(words: list[str], index: int) -> bool:
    """"i are ..." is the tail of a compound subject ("my wife and i are ..."), not a clause."""
    return words[index] == "i" and index + 1 < len(words) and words[index + 1] in {"are", "were"}


# How many following chunks may join a run that is judged as one clause ("my daughter,
# Emma, is seven" needs two). A bound keeps "a,a,a,..." linear instead of quadratic.
_MAX_RUN = 8


_LAZY_CHUNKS = 64


class _Pieces:
    """The chunks and delimiters of `_DELIMITER.split(text)`, found only as far as they are
    read: a limit met early leaves the rest of a 40 KB sentence unsplit."""

    def __init__(self, text: str):
        self.text, self.at, self.done = text, 0, False
        self.matches = _DELIMITER.finditer(text)
        self.chunks: list[str] = []
        self.delimiters: list[str] = []

    def reach(self, count: int) -> None:
        """Find chunks until `count` are known or the text ends: one by one for the first
        _LAZY_CHUNKS, then the rest in one split (a sentence read that far is read whole)."""
        while len(self.chunks) < count and not self.done:
            if len(self.chunks) >= _LAZY_CHUNKS:
                rest = _DELIMITER.split(self.text[self.at:])
                self.chunks += rest[0::2]
                self.delimiters += rest[1::2]
                self.done = True
                return
            match = next(self.matches, None)
            self.chunks.append(self.text[self.at:match.start() if match else None])
            if match is None:
                self.done = True
            else:
                self.delimiters.append(match.group())
                self.at = match.end()


def _split_clauses(text: str, limit: int | None = None) -> list[str]:
    """The clauses of one sentence; at most `limit` + 1 of them when a limit is given."""
    pieces = _Pieces(text)
    pieces.reach(_MAX_RUN + 1)
    chunks, delimiters = pieces.chunks, pieces.delimiters
    alone: dict[int, bool] = {}  # is_clause of each chunk, judged once

    def clause_at(i: int) -> bool:
        if i not in alone:
            alone[i] = is_clause(chunks[i])
        return alone[i]

    # Each fact as its pieces plus its head (what is_clause reads), so a fact that keeps
    # growing ("a,a,a,...") is neither copied nor judged again at every step.
    facts: list[list[str]] = [[chunks[0]]]
    head = chunks[0][:_CLAUSE_HEAD_CHARS]
    head_is_clause = is_clause(head, reach=30)
    head_words = len(_WORD.findall(head))
    index = 0
    while (index := index + 1) < len(chunks):
        if not pieces.done:
            pieces.reach(index + _MAX_RUN)  # what _run_is_clause may read from here
        # The fact so far already starts at a split point, so its verb may come late
        # ("my favorite type of music to sing is folk").
        if head_is_clause and _run_is_clause(chunks, delimiters, index, clause_at) \
                and not _leans_back(delimiters[index - 1], chunks[index], facts[-1]):
            if limit is not None and len(facts) > limit:
                break
            facts.append([chunks[index]])
            head = chunks[index][:_CLAUSE_HEAD_CHARS]
            head_is_clause = is_clause(head, reach=30)
            head_words = len(_WORD.findall(head))
            continue
        facts[-1] += [delimiters[index - 1], chunks[index]]
        # Appending words never turns a clause into none, and past _HEAD_WORDS words it
        # changes nothing is_clause reads: judge the head again only before that.
        if not head_is_clause and head_words < _HEAD_WORDS and len(head) < _CLAUSE_HEAD_CHARS:
            added = delimiters[index - 1] + chunks[index]
            head = (head + added)[:_CLAUSE_HEAD_CHARS]
            head_is_clause = is_clause(head, reach=30)
            head_words += len(_WORD.findall(added))
    return ["".join(fact) for fact in facts]


# A conjunction inside one statement, and the user's own clause after it that takes its
# object from the clause before: "I own a yacht and I rent it out", "I had a dog but I gave
# it away" are one fact each.
_BACK_JOINS = frozenset({"and", "n", "&", "but", "so"})
_LEANS_BACK = re.compile(r"^\s*(?:i|we)\b(?:'\w+)?\s+(?:[\w']+\s+){0,3}?([\w']+)\s+(?:it|them)\b",
                         re.I)


def _leans_back(delimiter: str, chunk: str, before: list[str]) -> bool:
    """ "and" + "I rent it out": the object pronoun right after the clause's verb points
    into the clause before ("in it", "of them" after a preposition are left to split). When
    the clause before names the one person or pet it can be ("Ash is our housemate and I
    visit them"), the two are split and the pronoun resolved (`pronouns`) instead."""
    if delimiter.strip().lower().rstrip(",") not in _BACK_JOINS:
        return False
    match = _LEANS_BACK.match(chunk[:80])
    if match is None:
        return False
    return match.group(1).lower() not in english.STOPWORDS and not (
        pronouns.refers_back(chunk.strip(), CONNECTOR.sub("", "".join(before)[
            -_CLAUSE_HEAD_CHARS:].strip())))


def _run_is_clause(chunks: list[str], delimiters: list[str], index: int,
                   clause_at: Callable[[int], bool]) -> bool:
    """Judge the right side as the run of this chunk and the following ones that are not
    clauses by themselves, so "my daughter, Emma, is seven" counts as one clause."""
    end = index + 1
    while end < min(len(chunks), index + _MAX_RUN) and (
            not clause_at(end) or _continues_subject(
            chunks[index:end], delimiters[end - 1], chunks[end])):
        end += 1
    run = chunks[index] + "".join(
        d + c for d, c in zip(delimiters[index:end - 1], chunks[index + 1:end], strict=False))
    first = _WORD.match(run.strip())
    opener = first.group().lower() if first else ""
    if opener in _RELATIVE_OPENERS or (
            opener in _COMMA_OPENERS and delimiters[index - 1].strip() == ","):
        return False
    # A possessive subject may be long: "my favorite type of music to sing is folk".
    reach = 8 if opener in ("my", "our") else 5
    if not run.strip():
        return False
    if is_clause(run, reach=reach):
        return True
    # "and on top of that I dance": a linking phrase before the user's own subject. Only
    # looked for when such a subject is near the start, so "a, a, a, ..." stays cheap.
    return bool(segments.OWN_SUBJECT.search(run[:80])) and is_clause(
        segments.strip_discourse(CONNECTOR.sub("", run.strip()), is_clause, comma=False),
        reach=reach)


# Where a run-on sentence may start a new clause: a subject word that is never an object.
# (Not "he"/"she": a pronoun clause stays with the person it follows, as pronouns.py keeps it.)
_RUN_ON = re.compile(r"(?<=[\w'])[ \t]+(?=(?:i|i'm|im|i've|ive|i'd|my|we|our)\b)", re.I)
# The same with the third person subjects, for a reader that only asks whether a text holds
# two clauses (the fast path: "my parrot Kiwi works for the council she hates thunder").
_RUN_ON_ANY = re.compile(
    r"(?<=[\w'])[ \t]+(?=(?:i|i'm|im|i've|ive|i'd|my|we|our|he|she|they|he's|she's|they're)\b)",
    re.I)
# A word after which that subject still belongs to the same clause: "when i", "and my",
# "with my", "that she", "than we".
_BINDING = segments.PARTICLES | segments.SUBORDINATORS | _RELATIVE | _COMMA_OPENERS | frozenset(
    {"and", "n", "nor", "than", "then", "that", "not", "like", "also", "plus", "&", "+"}
) | asides.CLAUSE_ADJECTIVES
# A conjunction this many words back still holds the subject: "but now I am", "since the
# surgery I have", "and in addition I" (a linking phrase the clause splitter reads).
_OPENERS = _COMMA_OPENERS | segments.SUBORDINATORS | frozenset({"and", "n", "also", "plus",
                                                                   "that"})
_OPENER_REACH = 4
# Object pronouns end a clause ("my cats are special to me I am ..."); other function words
# (english.STOPWORDS) hold the subject after them.
_OBJECT_PRONOUNS = frozenset({"me", "him", "her", "us", "them", "it"})
# An indefinite pronoun heads a relative clause without "that": "something i do when ...".
_INDEFINITES = frozenset(a + b for a in ("some", "any", "every", "no")
                         for b in ("thing", "where", "one", "body"))
# rapidfuzz ratio of a typo of a conjunction or a pronoun ("beacuse"/"because" is 86; a
# name, "everton"/"everyone", is 80).
_OPENER_TYPO_CUTOFF = 85.0
# A clause of this many words at the end that stops at its verb or a particle is the gapped
# relative of the noun before it ("everything i know", "everywhere I go", "everything I
# think about"), not a fact of its own.
_GAPPED_WORDS = 3
_RUN_ON_CHARS = 2000
_TAIL_CHARS = 60  # enough for the few words of a gapped clause or a possessive subject
# How far a possessive subject's verb may be: "my favorite ice cream flavor is".
_POSSESSIVE_REACH = 6


def mark_run_ons(text: str, *, third_person: bool = False) -> str:
    """A sentence written with no comma at all, as dictated or typed fast ("i have two cats i
    live in leeds my job is nights"): a subject right after a finished English word is marked
    as a split point, judged like a comma (both sides must be clauses). Not after a verb,
    whose object or clause it may be ("I think my son ...", "I love my dog", "she says I
    snore"), a function word ("when I", "and my", "with my"), within a few words of a
    subordinate opener ("but now I"), nor before a short clause at the end ("everything I
    know"); not after an unknown word, which may be a typo of one of those ("beacuse i"). A
    writer who uses commas marks their own boundaries: a sentence with one is left as it is.
    `third_person`: he/she/they open a clause too (the same tests hold them: "she says he
    snores", "the cake she bakes")."""
    if "," in text or len(text) > _RUN_ON_CHARS:
        return text
    lexicon = english.words()
    cuts = [m.end() for m in _DELIMITER.finditer(text)]
    out, start = [], 0
    for match in (_RUN_ON_ANY if third_person else _RUN_ON).finditer(text):
        # the words since the last split point must be a clause: "// in my spare time I do"
        # keeps its time with the clause it opens
        at = bisect_right(cuts, match.start())
        since = max(start, cuts[at - 1] if at else 0)
        left = text[since:min(match.start(), since + _CLAUSE_HEAD_CHARS)]
        opener = _WORD.match(left.strip())
        # "when i was six i broke my arm": a subordinate clause first needs the main one
        if not is_clause(left) or (opener and opener.group().lower() in segments.SUBORDINATORS):
            continue
        # chat spellings read as the word they spell ("coz" is "because")
        # ("that's" is "that is": its verb)
        before = [(english.canonical(w) or [w.lower()])[-1]
                  for w in _WORD.findall(text[max(0, match.start() - 60):match.start()])]
        tail = text[match.end():match.end() + _TAIL_CHARS]
        after = _WORD.findall(tail) if match.end() + _TAIL_CHARS >= len(text) else []
        word = before[-1] if before else ""
        if (not word or word in _BINDING or word in _INDEFINITES
                or (word in english.STOPWORDS and word not in _OBJECT_PRONOUNS)
                or _finite(word, lexicon.verbs) or is_main_verb(word)
                or word in lexicon.noun_markers or _gapped(after, lexicon.verbs)
                or _held_by_opener(before[-_OPENER_REACH:]) or _after_hearer(before)
                or _typo_of_holder(word)
                or not _has_own_verb(tail, lexicon.finite_verbs)):
            continue
        out += [text[start:match.start()], "\u2002"]
        start = match.end()
    return "".join(out) + text[start:]


def holds_run_on(text: str) -> bool:
    """A second clause run on with no mark, its subject any subject pronoun or "my": "my
    parrot Kiwi works for the council she hates thunder" holds two facts."""
    return mark_run_ons(text, third_person=True) != text


def _gapped(words: list[str], verbs: frozenset[str]) -> bool:
    last = words[-1].lower() if words else ""
    return bool(words) and len(words) <= _GAPPED_WORDS and (
        _finite(last, verbs) or last in segments.PARTICLES or len(words) < 2)


def _has_own_verb(tail: str, finite: frozenset[str]) -> bool:
    """ "my X ..." opens a clause when a finite verb follows its noun phrase before any other
    subject: "my parents taught me" does; "my left hand but throw", "my parents home b i
    want" do not. A subject pronoun is its clause's subject."""
    words = [w.lower() for w in _WORD.findall(tail)]
    if not words or words[0] not in ("my", "our"):
        return True
    for word in words[1:_POSSESSIVE_REACH + 1]:
        if word in _SUBJECTS:
            return False
        if _finite(word, finite):
            return True
    return False


# A hearer after a verb of telling: "him", "my boss", "my old boss" ("told my boss | I ...").
_HEARER_WORDS = 3
_HEARER_START = frozenset({"my", "our", "his", "her", "their", "the", "me", "him", "us", "them",
                           "everyone", "everybody"})


@lru_cache(maxsize=1)
def _hearer_verbs() -> frozenset[str]:
    return english.inflect(english.words().raw["hearer_verbs"], base=True)


def _after_hearer(words: list[str]) -> bool:
    """ "I told my boss | I need Fridays off", "I promised him | I'd visit": a verb of telling
    and its hearer (an object pronoun, or a noun phrase of a few words) right before the
    subject, which opens what was told, not a fact of its own."""
    for size in range(1, _HEARER_WORDS + 1):
        if len(words) <= size:
            return False
        hearer = words[-size:]
        if words[-size - 1] in _hearer_verbs() and hearer[0] in _HEARER_START and (
                size == 1 or all(w not in english.STOPWORDS for w in hearer[1:])):
            return size > 1 or hearer[0] not in english.words().determiners
    return False


def _held_by_opener(words: list[str]) -> bool:
    """A conjunction among `words` with no subject after it: "but now", "since the surgery"
    (and not "when i race", whose clause is complete, nor the adverb in "were also")."""
    for index in range(len(words) - 1, -1, -1):
        if words[index] in _SUBJECTS:
            return False
        if words[index] in _OPENERS and not (
                words[index] == "also" and index and words[index - 1] in _SUBJECTS | _COPULAS):
            return True
    return False


def _typo_of_holder(word: str) -> bool:
    """An unknown word close to a conjunction or an indefinite pronoun ("beacuse",
    "somethhing"): the clause after it is held by it."""
    return len(word) >= 4 and not is_known(word.replace("'", "")) and process.extractOne(
        word, _OPENERS | _INDEFINITES, scorer=fuzz.ratio,
        score_cutoff=_OPENER_TYPO_CUTOFF) is not None


def split_pieces(text: str, limit: int | None = None, *, run_on: bool = True) -> list[str]:
    """The clauses of one sentence, cut first at discourse joiners ("and uh also"); also at
    run-on boundaries (`mark_run_ons`) when `run_on`."""
    facts: list[str] = []
    for piece in joiners.cut(text, is_clause):
        piece = mark_run_ons(piece) if run_on else piece
        facts += _split_clauses(piece, None if limit is None else limit - len(facts))
        if limit is not None and len(facts) > limit:
            break
    return facts


def _continues_subject(run: list[str], delimiter: str, chunk: str) -> bool:
    """ "my mom" + " and " + "dad are teachers": the run so far is a bare noun phrase and the
    chunk finishes its compound subject (one or two words, then a verb), so they belong
    together."""
    words = [w.lower() for w in _WORD.findall(chunk)]
    return (delimiter.strip().lower() == "and" and not is_clause(" ".join(run))
            and len(words) > 1 and words[0] not in _SUBJECTS | _START_SUBJECTS
            and any(_finite(w, english.words().finite_verbs) for w in words[1:3]))
