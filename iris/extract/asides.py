"""Talk about the telling itself: "I suppose that's it", "let me think", "I should mention",
"if I'm honest", "that's all from my end". Such an aside holds the user ("I", "me", "my") but
says nothing about them, so the chat models (`iris.extract.chat`), which never cut a span
about the user, would keep it as a fact.

An aside is found by its grammar, not by its words: a comment clause (Quirk et al.'s term
for "I think", "I guess", "you know") is a first-person subject, perhaps a modal, and a verb
of saying or thinking with no object of its own (nothing follows but a mark, "that" or
"it's": before a clause of its own, "I think I will retire", the hedge stays with the fact);
or "let me" with such a verb; the manner of telling ("to be frank", "if I may"); or the
speaker's own end of the talk ("from me", "from my end"). Those words are masked and what is
left is judged (`says_nothing`): nothing, a vowelless interjection ("hmm"), or a sentence
about the message with a demonstrative subject and no one in it ("that is sufficient")
says nothing; anything else goes to the model as before ("that's it", "that about covers
it"). A verb
with an object or a preposition after it is a fact: "I think about death a lot", "I trust my
gut", "I believe in ghosts", "I mean to learn Welsh", "I say grace".

The user pointing back at their own telling is the same class in a subordinate clause, in
any tense: "as I mentioned previously", "like i said", "not sure if I told you (but)", "in
case I didn't say", "before I forget". So is an offer of what follows whose object names no
one: "I would like to share a few details", "if I may add a few things".

`telling_prefix` is the other place the class shows: "I guess I'd add that | my sister ...",
"I'd also say | I own a house": a statement that the user is adding something, before the
clause that is the fact. It needs a modal ("I'd", "I should", "let me"): "I say yes to too
many things" is a fact. Pointing back ("as I said | he snores"), an offer ("I'd like to share
a few details | I am ...") and a hedge on the message before "but" ("not sure if this matters
but | I ...") go the same way; after pointing back with no mark, the next word must open a
clause ("as I said goodbye I cried" is one sentence)."""

from __future__ import annotations

import re
from collections.abc import Callable

from iris import text as english
from iris.store.kinds import is_known, is_main_verb, is_noun, is_plural

ClauseTest = Callable[[str], bool]

# Verbs of saying and of holding an opinion: the closed set English uses in comment clauses.
_SAYING = r"(?:say|mention|add|admit|confess|note|point out|tell you|repeat)"
_THINKING = r"(?:think|guess|suppose|reckon|mean|trust|hope|believe|imagine|figure|feel like)"
# How a thing is said: "to be honest", "let me be clear".
_MANNER = r"(?:honest|frank|clear|brief|blunt)"
_MODAL = (r"(?:'d|'ll|\s+would|\s+should|\s+must|\s+might|\s+could|\s+can|\s+will|"
          r"\s+ought to|\s+have to|\s+need to|\s+want(?:ed)?(?: to)?|\s+wanna|\s+gotta)")
_SUBJECT = r"(?:i|we)"
# Adjectives that take a clause, as verbs of thinking do: "I'm sure | I told you" is one
# clause waiting for the next.
CLAUSE_ADJECTIVES = frozenset({"sure", "certain", "afraid", "aware", "glad", "convinced",
                               "positive", "confident"})
# "I'm sure", "we are pretty certain": the user's certainty, a frame like "I think".
_CERTAIN = (rf"{_SUBJECT}(?:'?m|'?re|\s+am|\s+are)\s+(?:pretty\s+|quite\s+|fairly\s+)?"
            rf"(?:{'|'.join(sorted(CLAUSE_ADJECTIVES - {'glad', 'afraid'}))})")
# The manner of telling: "to be frank", "if I'm honest", "if I may", "for what it's worth".
_MANNER_CLAUSE = (rf"(?:if|to be)\s+(?:i'?m\s+|i am\s+)?{_MANNER}|if {_SUBJECT} (?:may|might)"
                  r"|for what it(?:'?s|\s+is) worth")
_DOUBT = (r"(?:(?:i\s+)?(?:hope|hoping)|(?:i'?m\s+)?not\s+sure|unsure|dunno|idk|no\s+idea"
          r"|(?:do\s+)?let\s+me\s+know|lmk)")
_CONDITION = r"(?:if|whether|should|in\s+case)"
# The user pointing back at their own telling, in any tense, inside a subordinate clause:
# "as I mentioned previously", "like i said", "not sure if I told you this already",
# "in case I didn't say", and "before I forget" (the telling still to come).
_RECALL_VERBS = (r"(?:say|said|mention(?:ed)?|tell|told|add(?:ed)?|write|wrote|share(?:d)?"
                 r"|repeat(?:ed)?)")
_RECALLED = (rf"{_SUBJECT}(?:'?ve|\s+have|\s+had|\s+did|\s+didn'?t|\s+did\s+not|\s+haven'?t"
             rf"|\s+have\s+not|\s+never|\s+already|\s+might\s+have|\s+may\s+have){{0,2}}"
             rf"\s+{_RECALL_VERBS}(?:\s+(?:you|u|ya))?(?:\s+(?:this|that|it))?"
             rf"(?:\s+(?:already|before|previously|earlier|yet))?")
# The telling put off until now: "I keep forgetting to tell you", "I meant to say".
_PUT_OFF = (rf"{_SUBJECT}(?:\s+(?:keep|kept)\s+forgetting|\s+forgot|\s+meant|\s+wanted"
            rf"|(?:'?ve|\s+have)\s+been\s+meaning)\s+to\s+(?:say|mention|tell|add)"
            rf"(?:\s+(?:you|u|ya))?")
_POINTING_BACK = (rf"(?:(?:as|like)\s+|(?:{_DOUBT}\s+)?(?:if|whether|in\s+case)\s+){_RECALLED}"
                  rf"|before\s+{_SUBJECT}\s+forget|{_PUT_OFF}")
_NOBODY = r"(?!(?:i|im|i'm|me|my|we|our|us|he|she|they|his|her|their|him|them)\b)(?![\w']*\d)"
# Offering what follows: "I would like to share a few details | I ...", "if I may add a few
# things | my ...": a verb of telling, then a short object naming no one, then the fact.
_OFFERING = (rf"(?:{_SUBJECT}{_MODAL}(?:\s+like\s+to)?|if\s+{_SUBJECT}\s+(?:may|might|can)"
             r"|(?:allow|let|permit)\s+me(?:\s+to)?)"
             rf"(?:\s+also)?\s+(?:{_SAYING}|share|tell|let\s+(?:you|u)\s+know)\b")
_OFFER = re.compile(rf"\s*{_OFFERING}", re.I)
# What the offer is about may be the user, whole: "allow me to tell you a little | about myself".
_ABOUT_ME = r"(?:\s+(?:about|of)\s+(?:me|myself|us|ourselves))?"
_OBJECT_WORDS = 4
# What may follow a comment clause: nothing, a mark, or "that" ("I think that's it"). Before
# a clause of its own ("I think I will retire") the hedge stays with the fact.
_OPEN_END = r"(?=\s*(?:$|[,.!?;:\u2026)-]|that\b|thats\b|it'?s\b))"
_COMMENT = re.compile(
    rf"\b(?:{_SUBJECT}(?:{_MODAL})?(?:\s+also|\s+just|\s+only)?\s+(?:{_SAYING}|{_THINKING})"
    rf"|(?:let me|lemme)(?:\s+also)?\s+(?:see|think|{_SAYING}|be\s+{_MANNER})"
    rf"|{_MANNER_CLAUSE}"
    rf"|(?:now that )?{_SUBJECT} think (?:of|about) it|come to think of it"
    rf"|{_SUBJECT}'?(?:m|re| am| are)(?:\s+just)?\s+saying|(?:{_POINTING_BACK})(?:\s*,?\s*but(?=\W*$))?"
    rf"|{_OFFERING}(?:\s+{_NOBODY}[\w']+){{0,{_OBJECT_WORDS}}}{_ABOUT_ME}(?=\W*$)){_OPEN_END}"
    r"|\b(?:from|of|for) (?:me|my (?:end|side))\b|\bthat'?s me\b"
    # the user presenting themself, as a caller does: "hey, it's me again", "its me here"
    r"|\b(?:it'?s|it\s+is)\s+(?:me|us)(?:\s+(?:again|here|back))?(?=\s*(?:$|[,.!?;:]))",
    re.I)


# A comment clause after one of these is the object of a sentence: "I tell people | what I
# think", "that's how I feel like".
_GOVERNORS = frozenset({"what", "whatever", "how", "why", "where", "when", "who", "which",
                        "that", "whether"})
_LAST_WORD = re.compile(r"([\w']+)\W*$")


# A word (lower case) that every match of _COMMENT holds, one per alternative: the verbs of
# saying, thinking and recalling, "let me", the manner words, "may"/"might", "worth",
# "forget", "from me", "that's me". Kept beside the pattern; tests/extract/test_memo.py
# checks them against it.
_COMMENT_WORDS = ("say", "said", "mention", "add", "admit", "confess", "note", "point", "tell",
                  "told", "repeat", "think", "guess", "suppose", "reckon", "mean", "trust",
                  "hope", "believe", "imagine", "figure", "feel", "let", "lemme", "honest",
                  "frank", "clear", "brief", "blunt", "may", "might", "worth", "forget",
                  "write", "wrote", "share", "from m", "of m", "for m", "s me")


def may_match(text: str, words: tuple[str, ...]) -> bool:
    """False only when `text` holds none of `words`, which every match of a pattern holds:
    an `in` test is far cheaper than trying a pattern of many alternatives at each position.
    On text with a letter outside ASCII, always True: re.IGNORECASE matches some of those to
    ASCII letters ("\u017f" to "s"), which lower() does not."""
    if not text.isascii():
        return True
    return any(map(text.lower().__contains__, words))


def masked(span: str) -> tuple[str, bool]:
    """`span` without its comment clauses, and whether it held one."""
    if not may_match(span, _COMMENT_WORDS):
        return span, False
    found = False

    def mask(match: re.Match[str]) -> str:
        nonlocal found
        before = _LAST_WORD.search(span[:match.start()])
        if before and before.group(1).lower() in _GOVERNORS:
            return match.group()
        found = True
        return " "

    return _COMMENT.sub(mask, span), found


# A sentence with a bare demonstrative subject and no one in it is about the message itself:
# "that is sufficient", "that's me in a nutshell", "this is everything".
_DEMONSTRATIVES = frozenset({"that", "thats", "this", "thatll", "thatd"})
# Words of nobody: a span holding one is about someone ("I", "she", "my").
_PEOPLE = frozenset({"i", "im", "ive", "id", "me", "my", "mine", "we", "our", "us", "myself",
                     "he", "she", "they", "his", "her", "their", "him", "them", "hes", "shes",
                     "theyre"})
_VOWEL = re.compile(r"[aeiouy]")
_OWN_SUBJECTS = frozenset({"i", "im", "ive", "id", "my", "we", "our"})


def says_nothing(words: list[str], rest: list[str]) -> bool:
    """A span whose comment clause was masked (`rest` is what was left of its normalised
    `words`) says nothing: nothing is left, or only interjections with no vowel ("hmm",
    "mm", "pfft"), or a demonstrative sentence about the message with no one in it."""
    if _PEOPLE.intersection(rest) or any(w.isdigit() for w in rest):
        return False
    if all(not _VOWEL.search(w) for w in rest):
        return True
    return words[0] in _DEMONSTRATIVES or rest[0] in _DEMONSTRATIVES


_PREFIX = re.compile(
    rf"\s*(?:(?:{_SUBJECT}\s+{_THINKING}\s+)?{_SUBJECT}{_MODAL}(?:\s+also)?\s+{_SAYING}"
    rf"|(?:let me|lemme)(?:\s+also)?\s+{_SAYING})(?:\s+that\b)?[\s,:]*",
    re.I)
# The user pointing back at their telling ("as I said", "idk if i mentioned"), its manner
# ("for what it's worth"), or thinking aloud ("lemme think"), before the fact; "I think I
# told you this already but" needs the "but".
_BACK = re.compile(
    rf"\s*(?:{_POINTING_BACK}|{_MANNER_CLAUSE}|(?:let me|lemme)\s+(?:see|think)"
    rf"|(?:(?:{_SUBJECT}\s+{_THINKING}|{_CERTAIN})\s+)?{_RECALLED}(?=\s*,?\s*but\b))(?P<mark>\s*[,:]|\s*,?\s*but\b)?"
    r"[\s,:]*", re.I)
_BUT = re.compile(r"(?:\s*,\s*|\s+)but\b[\s,:]*", re.I)  # ",but" typed tight too
# Discourse markers before the user points back at their telling (a closed class: the
# interjections and imperatives of turn-taking): "wait before i forget", "oh right as I said".
MARKER_WORDS = (r"(?:wait|oh|ok|okay|k|kk|alright|alrighty|so|right|hmm+|um+|uh+|well|listen"
                 r"(?:\s+up)?|look|and)")
_MARKERS = re.compile(rf"\s*(?:{MARKER_WORDS}\b[\s,.!]*){{1,3}}", re.I)
# Stance words of the talk itself among the markers before the user's subject ("ugh ok so
# basically | my cats ...", "omg ok so like | I ..."): they say how the telling goes, not
# what is told. Kept apart from MARKER_WORDS, which also open a pronoun's clause.
_STANCE_WORDS = r"(?:basically|honestly|literally|actually|seriously|anyways?|like)"
_MARKER = re.compile(rf"\s*(?:{MARKER_WORDS}|{_STANCE_WORDS})\b[\s,.!]*", re.I)
_MOST_MARKERS = 4
_OWN_START = re.compile(r"(?:i|i'm|im|i've|ive|my|we|our)\b", re.I)


def markers_end(text: str, is_clause: ClauseTest, is_speak: Callable[[str], bool]) -> int:
    """Where the fact starts after discourse markers and chat-speak before the user's own
    subject ("k so listen | I am a librarian", "omg ok so | I ..."), or 0. The markers are
    the closed class of turn-taking words (`MARKER_WORDS`); chat-speak (`is_speak`) reads
    like a name, so after it only "I" may follow ("Carla my stepmom ..." names someone)."""
    end = 0
    speak = False
    for _ in range(_MOST_MARKERS):
        marker = _MARKER.match(text, end)
        word = re.match(r"\s*([a-z]+)\b[\s,.!]*", text[end:], re.I)
        if marker and marker.end() > end:
            end = marker.end()
            speak = False  # "ugh ok so | my cats ...": a marker after it, no name before "my"
        elif word and is_speak(word.group(1)) and (text.isupper() or (
                word.group(1)[1:].islower() if end == 0 else word.group(1).islower())):
            end += word.end()  # "omg", "tbh", "lol"
            speak = True
        else:
            break
    own = _OWN_START.match(text, end) if end else None
    if own and points_back(text[end:]):
        return 0  # "oh right like | I said ...": the telling_prefix reading takes it whole
    if own and (not speak or own.group().lower() not in ("my", "our", "we")) and is_clause(
            text[end:]):
        return end
    return 0
_HEDGE_CHARS = 80

# Hedges on the telling before "but" and a clause, by grammar: an apology or a doubt over a
# condition about the telling or the message ("sorry if I repeat myself", "apologies if this
# is repetitive", "dunno if it matters", "soz if i said already"), "not that" over one ("not
# that it matters much"), the message as the subject ("this may be obvious", "this might sound
# random": a demonstrative and no noun phrase, so "this is my third marriage" is a fact), the
# user pointing back with the subject left out ("might've mentioned this already"), or a bare
# condition on the telling ("if I'm repeating myself", what is left when an opener before it
# was taken for chat).
_APOLOGY = (r"(?:sorry|apologies|my\s+apologies|apologi[sz]e|soz|sry|forgive\s+me|excuse\s+me"
            r"|pardon(?:\s+me)?)")
_ABOUT_MESSAGE = rf"(?:this|that|it)(?:'?s|'d|'ll)?(?:\s+{_NOBODY}[\w']+){{0,5}}"
_REPEATING = rf"(?:{_RECALLED}(?:\s+(?:myself|again))?|i(?:'?m|\s+am)\s+repeating\s+myself)"
# The listener as the subject and the message as the object: "idk if u need this".
_FOR_LISTENER = rf"(?:you|u|ya)(?:\s+{_NOBODY}[\w']+){{0,3}}\s+(?:this|that|it)"
_TELLING_CLAUSE = rf"(?:{_REPEATING}|{_ABOUT_MESSAGE}|{_FOR_LISTENER})"
_SUBJECTLESS_RECALL = (rf"(?:(?:might|may|must|could|should)(?:'?ve|\s+have)|probably|prob|prolly)"
                       rf"\s+(?:already\s+)?{_RECALL_VERBS}(?:\s+(?:you|u|ya))?(?:\s+(?:this|that|it))?"
                       rf"(?:\s+(?:already|before|previously|earlier))?")
# Framed by an apology, a doubt or a condition, the clause is about the telling whatever its
# noun phrase ("sorry if this is a lot", "not sure if this is the right place")...
_FRAMED_HEDGE = re.compile(
    rf"(?:{_APOLOGY}|{_DOUBT})\s+(?:{_CONDITION}\s+)?{_TELLING_CLAUSE}"
    rf"|{_CONDITION}\s+{_REPEATING}|not\s+that\s+{_TELLING_CLAUSE}|{_SUBJECTLESS_RECALL}",
    re.I)
# ... but a bare demonstrative clause with a noun phrase names a thing ("this is the best
# pizza"): `is_telling_hedge` checks that.
_TELLING_HEDGE = re.compile(
    rf"(?:this|that)(?:'?s)?(?:\s+{_NOBODY}[\w']+){{1,5}}"
    rf"|it(?:\s+{_NOBODY}[\w']+)?\s+(?:may|might|could)(?:\s+{_NOBODY}[\w']+){{1,4}}",
    re.I)
# Words a hedge may open with: "tbh idk if i told u", "oh and this probably doesn't matter".
_HEDGE_OPENERS = frozenset({"oh", "and", "so", "ok", "okay", "also", "well", "but", "um", "uh",
                            "like", "just", "anyway"})
_MOST_OPENERS = 2
# A hedge with no verb and no subject is an adjective or adverb phrase about the message
# ("probably irrelevant", "lol random", "unrelated"): this short, and only at a fact's start
# ("I'm lactose intolerant but ..." inside a sentence is a fact).
_MOST_VERBLESS_WORDS = 3
_MOST_HEDGE_WORDS = 10


def _hedge_openers(words: list[str]) -> int:
    """How many of `words` open a hedge without being part of it: discourse particles and
    chat-speak (no English word: "tbh", "lol", "omg")."""
    count = 0
    for word in words[:_MOST_OPENERS]:
        if word not in _HEDGE_OPENERS and (is_known(word) or not word.isalpha()
                                           or word in _PEOPLE):
            break
        count += 1
    return count


def _plural_subject(words: list[str]) -> bool:
    """`words` hold a plural noun and a noun or verb after it: a subject and its verb ("cats
    sleep", "dogs bark"), a clause of the fact even when the lexicon does not know the verb
    (WordNet calls "bark" mostly a noun). "random thoughts" ends in its plural."""
    return any(is_plural(first) and (is_noun(second) or is_main_verb(second))
               for first, second in zip(words, words[1:], strict=False))


def is_telling_hedge(head: str, *, verbless: bool = False) -> bool:
    """`head` (what stands before "but" and a clause) is a hedge on the telling or on the
    message (see `_TELLING_HEDGE`); `verbless`: a short phrase with no verb and no subject
    counts too ("probably irrelevant"), for a head at the very start of a fact."""
    found = list(re.finditer(r"[\w'\u2019]+", head))
    norms = [w.group().lower().replace("'", "").replace("\u2019", "") for w in found]
    if not norms or len(norms) > _MOST_HEDGE_WORDS or any(c.isdigit() for c in head):
        return False
    lexicon = english.words()
    most = _hedge_openers(norms)
    for skip in range(min(most, len(norms) - 1) + 1):
        body = head[found[skip].start():].strip(" ,;:-\u2013\u2014")
        if _FRAMED_HEDGE.fullmatch(body):
            return True
        # "this is the best pizza": a demonstrative with a noun phrase names a thing
        if _TELLING_HEDGE.fullmatch(body) and not any(
                w in lexicon.noun_markers and w not in ("this", "that", "it", "its")
                for w in norms[skip + 1:]):
            return True
    rest = norms[most:]
    # "random thought", "side note": a singular noun after its modifiers heads a noun phrase,
    # even when it spells a verb too; "cats sleep" is a clause (a plural subject before it)
    noun_head = len(rest) > 1 and is_noun(rest[-1]) and not any(map(is_plural, rest))
    # "not rich but I am happy", "it's hard but ...": a contrast or a clause of the fact
    return verbless and 0 < len(rest) <= _MOST_VERBLESS_WORDS and rest[0] != "not" \
        and not _plural_subject(rest) and not any(
        (w in lexicon.verbs and not (noun_head and i == len(rest) - 1))
        or w in lexicon.noun_markers or w in _PEOPLE
        or w in lexicon.determiners for i, w in enumerate(rest)) and not re.search(
        r"['\u2019](?:s|m|re|ve|d|ll)\b", head, re.I) and not any(
        w.group()[0].isupper() for w in found[most + 1:])


def telling_prefix(text: str, is_clause: ClauseTest) -> int:
    """Where the fact starts after the user saying they add something ("I'd also say | I own
    a house"), pointing back at their telling ("as I mentioned previously | I ..."), or
    doubting the message ("not sure if this matters but | I ..."), or 0."""
    found = _PREFIX.match(text)
    if found and found.end() < len(text) and is_clause(text[found.end():]):
        return found.end()
    back = _BACK.match(text)
    marker = _MARKERS.match(text)
    if not back and marker:  # "wait before i forget | I ...", "ok so as I said | my ..."
        back = _BACK.match(text, marker.end())
    # With no mark or "but" after it the next word must open a clause: "as I said | goodbye,
    # I cried" is one sentence.
    if back and back.end() < len(text) and is_clause(text[back.end():]) and (
            back.group("mark") or _opens_clause(text[back.end():])):
        return back.end()
    but = _BUT.search(text, 0, _HEDGE_CHARS)
    if but and (is_hedge(text[:but.start()]) or is_telling_hedge(text[:but.start()],
                                                                  verbless=True)) \
            and is_clause(text[but.end():]):
        return but.end()
    return _offer_end(text, is_clause)


def _offer_end(text: str, is_clause: ClauseTest) -> int:
    """Where the fact starts after the user offering it ("I'd like to share a few details |
    I am ..."), or 0: the first of the user's own subjects a few words after the verb."""
    offer = _OFFER.match(text)
    if not offer:
        return 0
    previous = ""
    for count, word in enumerate(re.finditer(r"[\w']+", text[offer.end():offer.end() + 80])):
        norm = word.group().lower().replace("'", "")
        if norm in _OWN_SUBJECTS:
            start = offer.end() + word.start()
            return start if is_clause(text[start:]) else 0
        about_me = previous in ("about", "of") and norm in ("me", "myself", "us", "ourselves")
        if count > _OBJECT_WORDS + 1 or (norm in _PEOPLE and not about_me) or any(
                c.isdigit() for c in norm):
            return 0  # "a little | about myself" is what the offer is about, not someone
        previous = norm
    return 0


_RECALLED_START = re.compile(rf"{_RECALLED}\b", re.I)


def points_back(text: str) -> bool:
    """`text` opens with the user pointing back at their telling: "I said ...", "I've
    mentioned ..." ("like | I said ..." after a cut)."""
    return _RECALLED_START.match(text) is not None


def _opens_clause(text: str) -> bool:
    """`text` opens with a subject ("I", "my", "the"), perhaps after a sentence adverb
    ("firstly I ...")."""
    words = [w.lower().replace("'", "") for w in re.findall(r"[\w']+", text[:60])[:2]]
    if len(words) == 2 and words[0].endswith("ly") and len(words[0]) > 4:
        words = words[1:]
    return bool(words) and (words[0] in _PEOPLE or words[0] in english.words().determiners)


# Hedges on the message at its end, by shape: a conditional, a hope or a doubt whose subject
# is the message itself ("if that makes sense", "hope thats useful", "not sure if this helps",
# "should that be of any relevance"), the listener's understanding ("if you get me"), or a
# general extender ("or something like that", "n stuff", "or whatever"). A word about anyone
# ("if that's ok with my mum") or a number makes it part of the fact.
_HEDGE = re.compile(
    rf"\b(?:(?:{_DOUBT}\s+(?:{_CONDITION}\s+)?|{_CONDITION}\s+)(?:that|this)(?:'?s|'d|'ll)?"
    rf"(?:\s+{_NOBODY}[\w']+){{0,5}}"
    rf"|{_CONDITION}\s+(?:you|u|ya)\s+(?:get|know|see|follow|understand|catch)\b"
    rf"(?:\s+(?:me|what\s+i\s+mean|my\s+drift))?"
    rf"|(?:or|and|n|&)\s+(?:something|summat|sumthin|whatever|stuff|things)"
    rf"(?:\s+like\s+(?:that|this))?)(?=\W*$|\W+\S)",
    re.I)
# A word (lower case) that every match of _HEDGE holds: "that"/"this" after a doubt or a
# condition, the verb of "if you know", the extender's noun.
_HEDGE_WORDS_HELD = ("that", "this", "get", "know", "see", "follow", "understand", "catch",
                     "thing", "summat", "sumthin", "whatever", "stuff")
# A word of chat after a hedge is no English word ("lol", "tbh", "cya"); at most two.
_MOST_LEFT_WORDS = 2


def is_hedge(tail: str) -> bool:
    """`tail` (the end of a message) is hedges on the message, perhaps with a chat word or
    two after one that are no English words ("or whatever lol not sure if that helps").
    "or so" and "or anything" are left to the fact: "6 hours or so", "I don't drink or
    anything"."""
    tail = tail.lstrip(" ,.;:!?-\u2013\u2014\u2026")
    if not _HEDGE.match(tail):
        return False  # "... a twitch sreamer. hope that helps": a word of the fact before it
    rest = _HEDGE.sub(" ", tail)
    left = [w.lower() for w in re.findall(r"[\w'\u2019-]+", rest)]
    return len(left) <= _MOST_LEFT_WORDS and all(
        not is_known(w.replace("'", "")) and not any(c.isdigit() for c in w)
        and w not in _PEOPLE for w in left)


_HEDGE_WORDS = 12
_WORD_START = re.compile(r"(?<![\w'\u2019-])[\w'\u2019-]")


def hedge_start(text: str, is_clause: ClauseTest) -> int:
    """Where hedges on the message start at the end of `text` ("I am a nurse | if that makes
    sense"), or len(text): the longest such tail after which a clause is left."""
    offset = max(0, len(text) - 160)
    if not may_match(text[offset:], _HEDGE_WORDS_HELD) or not _HEDGE.search(text, offset):
        # a tail is a hedge only if it opens with a match of _HEDGE, which runs to the end
        # of the text: with none anywhere in the window, no tail is one (one scan, not one
        # per word start)
        return len(text)
    starts = [m.start() for m in _WORD_START.finditer(text, offset)][-_HEDGE_WORDS:]
    for start in starts[1:]:
        rest = text[:start].rstrip(" ,.;:!?-\u2013\u2014\u2026(")
        if rest and is_hedge(text[start:]) and is_clause(rest):
            return start
    return len(text)


_JOINING_OPENER = re.compile(r"(?:(?:and|oh|so|also|plus)\s+){0,2}", re.I)


def joins_as_hedge(span: str) -> bool:
    """`span`, between two clauses with no mark before it, is the user pointing back at their
    telling or a hedge on it before "but": "I am a nurse | as i said before | I ...", "... |
    not sure if i told u but | I ...", "... | and this may be obvious but | my ...". A
    verbless head is not taken here: "I'm lactose intolerant but I ..." is one fact."""
    span = span.strip(" ,")
    opener = _JOINING_OPENER.match(span)
    body = span[opener.end():] if opener else span
    if body and (_BACK.fullmatch(body) or _PREFIX.fullmatch(body)):
        return True  # "... | and i guess i should also say | i ..."
    but = re.search(r"[\s,]+but$", span, re.I)
    return but is not None and is_telling_hedge(span[:but.start()])


# A wish about the listener or the message, the user its only other word: "I hope you are
# well", "hope this finds you well", "I trust all is well with you". What is hoped has the
# assistant or the message as its subject and names no one else.
_WISH = re.compile(
    rf"\W*(?:{_SUBJECT}\s+)?(?:hope|trust)\s+(?:that\s+)?(?:you|u|ya|this|all)(?:'re|'s)?"
    rf"(?:\s+(?:you|u|ya|{_NOBODY}[\w']+)){{0,6}}\W*", re.I)


def is_wish(segment: str) -> bool:
    """`segment` is a wish about the listener or the message (see `_WISH`), no digit in it."""
    lowered = segment.lower()  # a cheap test first: "\W*" backtracks over a long run of marks
    return ("hope" in lowered or "trust" in lowered) and _WISH.fullmatch(segment) is not None \
        and not any(c.isdigit() for c in segment)

