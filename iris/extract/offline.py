"""The offline extractor: split a "remember ..." message into facts with rules, no model.

The rules, in order (`split_facts`):
1. Strip the signature lines under the message (`iris.extract.signature`), the command from
   the front of the message and what trails the last fact (`iris.extract.wrappers`) and chat
   at its edges (`iris.extract.chat`).
2. Split on list structure, unconditionally (`iris.extract.structure`).
3. Split each part at discourse joiners (`iris.extract.joiners`) and at clause boundaries
   (`iris.extract.clauses`), and clean each fact's start: labels, connectors, linking
   adverbials, requests to the assistant and talk about the telling (`iris.extract.segments`,
   `iris.extract.asides`).
4. Resolve pronouns to the person named before (`iris.extract.pronouns`).

Type and category live in `iris.extract.tagging`."""

from __future__ import annotations

import re

from iris import text as english
from iris.extract import asides, chat, closers, joiners, pronouns, segments, signature
from iris.extract.clauses import CONNECTOR, FIRST_PERSON, is_clause, split_pieces
from iris.extract.dictation import spoken_marks
from iris.extract.memo import per_message, within_message
from iris.extract.structure import bare_heading, heading, is_header, split_structure
from iris.extract.wrappers import is_request, strip_command, strip_trailing
from iris.store.kinds import is_known, is_main_verb, is_noun, kinds_of

__all__ = ["clean_fact", "is_clause", "split_facts", "split_facts_bounded", "strip_command",
           "without_frame"]

# "Update: I moved", "One more thing: I ...", "me in a nutshell - I ...", "Info| I ...": a
# short label before a colon or a label mark, no fact itself.
LABEL = re.compile(r"^([^:|=>\n]{1,40}?)(?::|\s*(?:\||::|=>|->|>>|=)|\s[-\u2013\u2014])\s+")
MAX_LABEL_WORDS = 4
# The user's own subject at the start of a clause.
_OWN_START = re.compile(r"\W*(?:i|i'm|im|i've|ive|my|we|our)\b", re.I)


@per_message
def _without_label(text: str) -> str:
    """`text` without a label in front of its clause. A label about the user ("my deets |")
    goes only before a clause about the user ("my son | he is 5" keeps who "he" is)."""
    label = LABEL.match(text)
    if not label or len(label.group(1).split()) > MAX_LABEL_WORDS and not heading(label.group()):
        return text
    rest = text[label.end():]
    if segments.HEADER_WORDS.search(label.group(1)) and re.search(r"\w", rest):
        return rest  # "Info| diet = vegan": a heading names what follows, fact or not
    colon = label.group().rstrip().endswith(":")  # "OK here goes: I swim" is a label
    if (not colon and is_clause(label.group(1))) or (FIRST_PERSON.search(label.group(1))
                                                     and not _OWN_START.match(rest)):
        return text  # "He plays the violin - I also ...": a fact of its own, no label
    return rest if is_clause(rest) else text


# A mail's subject line over the message ("Re: my account preferences", "Subject: about me")
# names what follows; a presentative before a colon ("With apologies for the length, here is
# some background:", "here's the lot:") points at it. Neither is a fact.
_SUBJECT_LINE = re.compile(r"^\s*(?:re|fwd?|subject)\s*:[^\n]{0,80}\n(?=\s*\S)", re.I)
_PRESENTATIVE = re.compile(
    r"(?:[^:\n]{0,60}?[,;.!]\s*)?here(?:'s|\u2019s|\s+is|\s+are|\s+comes|\s+come|\s+goes)"
    r"(?:\s+[\w'\u2019()]+){0,5}?\s*:\s+", re.I)


_FACT_START_ROUNDS = 6
# The user saying they are telling, before a clause: "im telling u I ...", "I'm letting you
# know that my ...", or alone over a list ("I'm telling you the truth" stays).
_TELLING = re.compile(r"(?:i'?m|i am) (?:telling|letting) (?:u|you)(?: know)?(?: that)?\b[\s,:]*",
                      re.I)
# A phrase pointing back to an earlier message before the clause: "As per my last email, I
# keep bees", "Further to our chat, ...", "Re my earlier message: ...". It is about the telling.
_POINTING_BACK = re.compile(
    r"(?:as per|per|further to|following(?: up on)?|re|regarding|with reference to|in reference to"
    r"|as (?:said|mentioned|stated) in) (?:my|our|your|the) (?:last |previous |earlier |recent )?"
    r"(?:e-?mail|message|msg|text|chat|call|conversation|note|letter)[\s,:;-]+", re.I)


def _fact_start(text: str) -> str:
    """`text` from where the fact starts: without connectors, linking adverbials and requests
    to the assistant in front of it (a few rounds: "ok, so, moreover, ..." repeated
    thousands of times must not cost a copy of the text per word)."""
    for _ in range(_FACT_START_ROUNDS):
        stripped = CONNECTOR.sub("", text).strip()
        telling = _TELLING.match(stripped)
        if telling and (telling.end() == len(stripped) or is_clause(stripped[telling.end():])):
            stripped = stripped[telling.end():]
        back = _POINTING_BACK.match(stripped)
        if back and is_clause(stripped[back.end():]):
            stripped = stripped[back.end():]
        stripped = stripped[asides.telling_prefix(stripped, is_clause):]
        stripped = segments.strip_discourse(stripped, is_clause)
        stripped = segments.strip_address(stripped, is_clause).strip()
        stripped = joiners.strip_filler(stripped, is_clause)
        if stripped == text:
            return text
        text = stripped
    return text


# A connector left at the end of a fact by a comma split: "I live in Alaska, besides", or
# by a split after a free-standing mark: "I watch tv — also", "I speak in public 🙃 and".
_TRAILING_CONNECTOR = re.compile(
    r"(?:\s*[,;]|\s+[-\u2013\u2014])\s*(?:(?:and|n)\s+)?(?:also|besides|plus|btw)\s*[,.]?\s*$"
    r"|\s+[^\w\s,.;:!?'\"()\[\]]+\s+(?:and|n|also|plus)\s*[,.]?\s*$", re.I)
# It is read in the fact's last characters only: a 40 KB fact must not cost a scan of every
# position for a pattern anchored at the end.
_TAIL_CHARS = 200


def _without_trailing_connector(text: str) -> str:
    cut = max(0, len(text) - _TAIL_CHARS)
    return _without_broken_joiner(text[:cut] + _TRAILING_CONNECTOR.sub("", text[cut:]))


# What a cut inside a joiner leaves at a fact's end: a conjunction and the small words after it
# ("I have a pet fish and for the | record ...", "I only eat kosher and while | I think of
# it ..."). No gold fact of the 12,220 development messages ends so; "my wife and i" (no word
# of _BROKEN_AFTER) and "when i was a" (no conjunction before) are facts.
_CONJUNCTIONS = frozenset({"and", "but", "so", "or"})
_BROKEN_AFTER = frozenset({"for", "the", "a", "an", "of", "to", "with", "in", "on", "at", "while",
                           "when", "if", "because", "as"})
_BROKEN_WORDS = _CONJUNCTIONS | _BROKEN_AFTER | {"i", "it"}
_MOST_BROKEN_WORDS = 4
_WORD = re.compile(r"[\w']+")


def _without_broken_joiner(text: str) -> str:
    offset = max(0, len(text) - 60)
    words = list(_WORD.finditer(text, offset))
    run = 0  # the small words at the end, not the whole fact
    while run < min(len(words) - 1, _MOST_BROKEN_WORDS) and words[-run - 1].group().lower() in _BROKEN_WORDS:
        run += 1
    for at in range(len(words) - run, len(words) - 1):  # from the conjunction furthest back
        tail = [w.group().lower() for w in words[at:]]
        if tail[0] in _CONJUNCTIONS and not _BROKEN_AFTER.isdisjoint(tail[1:]):
            return text[:words[at].start()].rstrip(" ,")
    return text


# An aside to the reader in brackets: "(don't ask)", "(don't tell my sister)", "(you're
# welcome)", "(this is the exciting bit)". No fact of the development files holds one.
_READER_ASIDE = re.compile(r"\s*\((?:don'?t|do not|please don'?t|you'?re|you are|this is the)"
                           r"[^()]{0,40}(?:\)|$)", re.I)  # or cut open at the fact's end
_LEFT_CONJUNCTION = re.compile(r"\s+(?:and|but|or|so)\W*$", re.I)


# What every aside starts with (a cheap test: "((((...", 20,000 of them, cost 12 ms a sub).
_ASIDE_OPENINGS = ("(don", "(do not", "(please don", "(you", "(this is the")


def _without_reader_asides(text: str) -> str:
    lowered = text.lower()
    if not any(opening in lowered for opening in _ASIDE_OPENINGS):
        return text
    cut = _READER_ASIDE.sub("", text)
    if cut == text:
        return text
    at = max(0, len(cut) - 60)  # "... and (don't ask)": the conjunction before it goes too
    return cut[:at] + _LEFT_CONJUNCTION.sub("", cut[at:])


# Words in brackets that open a fact and are no clause ("(stupid keyboard) she had an
# operation", "(stupid keyboard)" alone): a comment on the typing, no part of the fact.
_BRACKET_FIRST = re.compile(r"\s*\(([^()]{1,60})\)[\s,;:.!-]*")


def _without_bracket_first(text: str) -> str:
    found = _BRACKET_FIRST.match(text)
    if found is None or is_clause(found.group(1)) or not re.search(r"[^\W\d_]", found.group(1)):
        return text
    rest = text[found.end():]
    # "(Mia) is 7": the bracket is the subject when the rest is no clause of its own
    return rest if not rest.strip() or is_clause(rest) else text


# ... and after a coordinator at its end, where a cut left them ("she is 14 and (stupid
# keyboard)"); a bracket with no coordinator before it may be the fact's ("my cousin's wife
# (Thandiwe)").
_BRACKET_LAST = re.compile(r"\s+(?:and|&|n)\s*\(([^()]{1,60})\)\W*$", re.I)


def _without_bracket_last(text: str) -> str:
    found = _BRACKET_LAST.search(text, max(0, len(text) - _TAIL_CHARS))
    if found is None or is_clause(found.group(1)):
        return text
    return text[:found.start()]


@per_message
def clean_fact(text: str) -> str:
    # runs of spaces and tabs read as one space: every rule below is linear on single gaps
    text = without_reply_request(_SPACE_RUN.sub(" ", text).strip())
    text = without_writing_apology(_without_bracket_first(_without_bracket_last(text)))
    text = _fact_start(_without_label(_without_reader_asides(text)))
    text = joiners.strip_trailing_filler(_without_trailing_connector(text))
    text = text.strip(" \t\"'“”‘’").rstrip(" .,;:!-–—").lstrip(" ,;:-–—|=>")
    first = text.split(maxsplit=1)[0] if text else ""
    if first.islower():  # a fact reads as a sentence; "iPhone ..." is left alone
        text = text[0].upper() + text[1:]
    return text


_SPACE_RUN = re.compile(r"[ \t]{2,}")
# How the assistant should answer, said after the facts: "Reply 'saved' when done", "Do not
# reply with anything other than \"Noted.\"", "respond with OK", "confirm with a thumbs up".
# It and all after it are no fact. Not after a subject, "to" or a modal: "I never reply to
# emails when I'm away", "my boss wants me to respond by noon" are facts.
_REPLY_REQUEST = re.compile(
    r"(?=[a-z])(?<![\w'])(?:(?:do\s+not|don'?t|dont)\s+)?"
    r"(?:reply|respond|text\s+back|write\s+back|(?:confirm|acknowledge)(?=\s+(?:with|by)\b))"
    r"\s+(?:with\b|by\b|when\b|once\b|only\b|['\"\u201c\u2018]|(?:ok|okay|yes|noted|saved|done|got\s+it)\b)",
    re.I)
_NO_REQUEST_AFTER = frozenset({"i", "you", "u", "we", "he", "she", "they", "to", "will", "would",
                               "can", "could", "should", "must", "never", "always", "not", "ll",
                               "usually", "often", "rarely", "also"})


# The words that go with the request before it ("please", "and so"): found in a bounded
# window before the verb, so a long run of "and" costs linear time (a repeated group at the
# pattern's start was tried at every position).
_REQUEST_LEAD = re.compile(r"(?:(?<![\w'])(?:please|pls|plz|kindly|just|and|so)\s+)+$", re.I)


# Every request holds one of these words: a text with none (most) is passed without a scan.
_REPLY_WORDS = ("reply", "respond", "back", "confirm", "acknowledge")


def without_reply_request(text: str) -> str:
    if not asides.may_match(text, _REPLY_WORDS):
        return text
    for found in _REPLY_REQUEST.finditer(text):
        lead = _REQUEST_LEAD.search(text, max(0, found.start() - 40), found.start())
        start = lead.start() if lead else found.start()
        before = re.findall(r"[a-z]+", text[max(0, start - 40):start].lower())[-1:]
        if before and (before[0] in _NO_REQUEST_AFTER or before[0] in pronouns.person_words()
                       or before[0].removesuffix("s") in pronouns.person_words()):
            continue  # "the kids respond with tantrums": someone who answers before it
        return text[:start].rstrip()
    return text
# What Chinese, Japanese and Korean keyboards type: full-width letters, digits and marks
# ("ｓａｖｅ", "３"), read as their ASCII forms; sentence punctuation, full-width or
# ideographic, typed with no space after it ("1．I swim 2．I sing", "french。Oh right，I am"),
# as the ASCII mark and a space; and the Korean middle dot "ㆍ" written as a bullet, as "・".
FULL_WIDTH = str.maketrans({
    **{chr(code): chr(code - 0xFEE0) for code in range(0xFF01, 0xFF5F)},
    "\uff0e": ". ", "\uff0c": ", ", "\uff1a": ": ", "\uff1b": "; ", "\uff01": "! ", "\uff1f": "? ",
    "\u3002": ". ", "\u3001": ", ", "\u318d": "\u30fb"})
# A correction typed after the slip, starred ("amd *and", "could you mote *note that", "hit send
# to soon *too"): the starred word takes the place of the most alike of the three words before
# it, when one is alike enough; otherwise the text is left as it was. A word starred on both
# sides ("I *really* like tea") is emphasis, and "* item" a bullet.
_STARRED = re.compile(r"(?<![^\s(])\*([A-Za-z][A-Za-z']*)(?![*\w'])")
_WORD_BEFORE = re.compile(r"[A-Za-z][A-Za-z']*")
_CORRECTED_WORDS = 3
_ALIKE = 60  # rapidfuzz ratio of the slip and its correction
_CORRECTION_WINDOW = 60  # characters before the star where the slip is looked for


def with_corrections(text: str) -> str:
    if "*" not in text:
        return text
    from rapidfuzz import fuzz

    out, last = [], 0
    for found in _STARRED.finditer(text):
        window = max(last, found.start() - _CORRECTION_WINDOW)  # bounded: linear in the text
        before = list(_WORD_BEFORE.finditer(text, window, found.start()))[-_CORRECTED_WORDS:]
        word = found.group(1)
        scored = [(fuzz.ratio(w.group().lower(), word.lower()), w) for w in before]
        best = max(scored, key=lambda pair: pair[0], default=None)
        if best is None or best[0] < _ALIKE:
            continue
        slip = best[1]
        out.append(text[last:slip.start()] + word + text[slip.end():found.start()].rstrip(" \t"))
        last = found.end()
    return "".join(out) + text[last:] if out else text


# A wide gap between two words where a sentence end was left out ("I am a nurse  I have a
# cat"): kept as one marked space, a split point the clause splitter judges like a comma.
_WIDE_GAP = re.compile(r"(?<=\w)[ \t]{2,}(?=\w)")
GAP = "\u2002"


# "(please remember that one)", "(don't forget this!)", "(note it)": a request to the
# assistant in brackets, a few words with a command verb (or a typo of "remember") and no
# word about the user. It is no part of a fact.
_BRACKETED_REQUEST = re.compile(
    r" ?\((?=[^()]{0,60}\))(?![^()]*\b(?:i|i'm|im|my|we|our|mine)\b)[^()]*?"
    r"\b(?:rem[a-z]{3,8}|note|forget|save|store|keep in mind)\b[^()]*\)", re.I)
# An aside about the message in brackets at its end: at most this long.
_MOST_ASIDE_CHARS = 80


# A sentence of one word among clauses is said around the facts when it is no noun
# ("However,", "P.S.", "Anyway!") or its noun is a speech act, by WordNet's hypernyms
# ("Hello.", "Greetings.", "Okey", "Cheers"); "I like tea. Biscuits" keeps its noun. In a list
# an item of one word is a fact ("- vegan"); "Me." names the user.
_LONE_WORD = re.compile(r"[A-Za-z]+(?:\.[A-Za-z]+)*\.?")
_SPEECH_ACTS = frozenset({"acknowledgement", "acknowledgment", "greet", "salutation", "farewell",
                          "approval", "commendation"})


def _lone_word(fact: str, *, listed: bool) -> bool:
    """`fact` is one word said around the facts; in a list ("Hello.\n1) ...") only a speech
    act is ("- happy" is an item)."""
    if _LONE_WORD.fullmatch(fact) is None or _OWN_START.fullmatch(fact):
        return False
    word = fact.lower().rstrip(".")
    if bool(kinds_of(word).main & _SPEECH_ACTS):
        return True
    # a letter alone is what a split left of an abbreviation ("N.B.")
    return not listed and (len(word) == 1 or not is_noun(word))


_ASKING = frozenset({"what", "who", "where", "when", "why", "how", "which", "do", "does", "did",
                     "can", "could", "would", "will", "is", "are", "should", "shall"})
_LISTENER = frozenset({"you", "your", "youre", "u", "ur", "yours"})


def _statement_of_the_world(text: str) -> bool:
    """A statement that neither asks nor speaks to the listener ("the bins go out monday
    night"; not "what else do you need", "I hope you are well")."""
    words = english.word_norms(text)
    return bool(words) and words[0] not in _ASKING and _LISTENER.isdisjoint(words) \
        and "?" not in text and is_clause(text) and not asides.is_wish(text)


def _chat_to_assistant(text: str, facts: list[str]) -> bool:
    """`text` is chat, not a fact: never when it leans on a pronoun for the person the fact
    before names ("Funnily enough it shouldn't have anything salty"), however chatty."""
    return chat.is_chat(text) and not (facts and pronouns.refers_back(text, facts[-1]))


# A piece that ends in a word wanting a clause after it is what a cut left of the telling,
# no fact: "I would be grateful if | you could remember ...", "Dear sir, I wish to inform
# that | ...", "sry if i said dis b4 but | ...". "that" wants one only after a verb of telling
# ("I love that" is a fact).
_WANTS_CLAUSE = frozenset({"if", "but", "whether", "because", "although"})
_TELLING_VERBS = frozenset({"inform", "say", "mention", "add", "tell", "state", "know", "note"})


def _dangling_frame(fact: str) -> bool:
    words = english.word_norms(fact[-60:])
    if not words:
        return False
    return words[-1] in _WANTS_CLAUSE or (
        words[-1] == "that" and len(words) > 1 and words[-2] in _TELLING_VERBS) or dangling(fact)


# What a cut leaves of "My son tells me | I simply type to you ..." and "I might | also add
# that ...": a verb of telling with no complement, a subject and a modal alone. No gold fact
# of the development files ends so ("my age is too old to say" ends in "say").
_TELLING_LEFT = re.compile(r"\b(?:tells|told)(?: me| us)?\W*$|\b(?:says|said)\W*$"
                           # and a verb of telling before "that" with no clause after it: the
                           # lead-in a cut left ("I would like to precise that")
                           r"|\b(?:precise|specify|clarify|state|say|mention|add|note|inform you|"
                           r"tell you|let you know|remind you|point out|confirm|share|know) that\W*$"
                           # "what i wanted to say is 1 /": the telling, and a list's counter
                           r"|\b(?:want|wanted|meant|have|had) to (?:say|tell you|add)(?: is)?"
                           r"\W*(?:\[?\d{1,2}\]?\W*)?$",
                           re.I)
_MODAL_LEFT = re.compile(r"\W*[\w']+ (?:might|may|should|could|would|can|will|must)\W*", re.I)


def dangling(fact: str) -> bool:
    """`fact` is a verb of telling or a modal a cut left alone, no fact ("My son tells me", "I
    might", "I would like to precise that"); one ending in "if" may still hold its fact
    ("Shelby snores if | that makes sense")."""
    return bool(_TELLING_LEFT.search(fact[-60:]) or _MODAL_LEFT.fullmatch(fact)) \
        or _owned_thing_alone(fact)


# "My old" (of "... from my old ai app"), "My handover", "Our fridge": a thing of the user's
# named alone, with no verb, no name and no person or pet, is a heading or a cut, no fact
# (fresh35, development since its scoring).
_OWNED_THING = re.compile(r"(?:my|our)(?: [a-z'-]+){1,3}", re.I)


def _owned_thing_alone(fact: str) -> bool:
    if not _OWNED_THING.fullmatch(fact.strip()) or not fact.strip()[1:].islower():
        return False
    words = english.word_norms(fact)[1:]
    people = pronouns.person_words()
    # (nor a word that is no English word: "my late husbband" may be someone)
    return not any(w in english.words().verbs or is_main_verb(w) or w in people
                   or w.removesuffix("s") in people or not is_known(w) for w in words)


def without_frame(text: str) -> str:
    """The message without what frames it as a letter: a request to the assistant in
    brackets, the signature lines at its bottom, a subject line over it, an aside about the
    message in brackets at its end ("(sorry for the long msg)", "(sent by voice)")."""
    text = _CHAT_STAMP.sub("\n", _QUOTED_REPLY.sub("", text))
    text = signature.without_signature(_BRACKETED_REQUEST.sub("", text))
    return _without_closing_aside(_SUBJECT_LINE.sub("", text, count=1))


# A chat export's time stamp before each message ("[00:01] I like hockey [00:02] I ...",
# "[21/03/2026, 08:41] ..."): a line break, as the export had.
# (No run of spaces before it in the pattern: tried at every space of a long run, it was
# quadratic; the spaces left before the line break are harmless.)
_CHAT_STAMP = re.compile(r"\[(?:\d{1,2}[/.]\d{1,2}[/.]\d{2,4},?[ \t]*)?"
                         r"\d{1,2}:\d{2}(?::\d{2})?\][ \t]*")
# The quote a mail client puts under a reply: "On Tue, 3 Mar 2026 at 08:41, Iris wrote:" and
# the quoted lines ("> What would you like me to remember?"). What the user wrote is above it.
_QUOTED_REPLY = re.compile(r"\n[ \t]*On [^\n]{4,100}?wrote:[ \t]*(?:\n[ \t]*>[^\n]*)*\s*\Z")


def _without_closing_aside(text: str) -> str:
    body = text.rstrip()
    opened = body.rfind("(", max(0, len(body) - _MOST_ASIDE_CHARS))
    if not body.endswith(")") or opened < 1 or "(" in body[opened + 1:]:
        return text
    aside = body[opened + 1:-1]
    if chat.is_chat(aside) or asides.is_hedge(aside) or closers.is_closer(aside) \
            or _about_the_message(aside) or _says_how_it_was_made(aside):
        return body[:opened].rstrip()
    return text  # "I have a dog (a beagle)": part of the fact


# Words about how a message was written ("voice typed, sorry", "excuse any typos", "sent from
# my phone"), and the small words around them: an aside of only these is about the message.
_MESSAGE_TALK = frozenset({
    "typo", "typos", "typed", "typing", "voice", "dictated", "dictation", "autocorrect",
    "sorry", "apologies", "excuse", "forgive", "msg", "message", "spelling", "grammar",
    "mistakes", "phone", "mobile", "keyboard", "ramble", "rambling", "long", "sent", "speech",
    "transcribed", "transcription", "ignore", "errors", "formatting", "english", "bad",
    # the telling said again ("(3rd time telling you)", "(told you this before)")
    "telling", "told", "again", "repeating", "millionth", "umpteenth"})
_AROUND_TALK = frozenset({
    "a", "an", "the", "any", "my", "this", "that", "it", "by", "on", "from", "via", "with",
    "for", "to", "in", "of", "and", "so", "was", "is", "pls", "please", "lol", "haha", "too",
    "you", "u", "time", "times", "before", "already"})
_MOST_TALK_WORDS = 8
_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)")


# Words that open an aside saying how the message was made: "(typed by my grandson, my eyes
# are not so good)", "(copied from my notes)", "(sent from the train, signal is bad)", "(posted
# from my tablet)".
_MADE = frozenset({"typed", "typing", "dictated", "dictating", "transcribed", "sent", "sending",
                   "copied", "pasted", "forwarded", "written", "writing", "posted", "posting",
                   "uploaded"})


def _says_how_it_was_made(aside: str) -> bool:
    words = re.findall(r"[a-z']+", aside.lower())
    return bool(words) and words[0] in _MADE


def mentions_the_message(aside: str) -> bool:
    """`aside` has a word about how the message was written ("typed this on the bus")."""
    return not _MESSAGE_TALK.isdisjoint(re.findall(r"[a-z']+", aside.lower()))


def _about_the_message(aside: str) -> bool:
    # an ordinal ("3rd") is a word around the talk
    words = [w for w in re.findall(r"[a-z0-9']+", aside.lower()) if not _ORDINAL.fullmatch(w)]
    return 0 < len(words) <= _MOST_TALK_WORDS and not _MESSAGE_TALK.isdisjoint(words) \
        and all(w in _MESSAGE_TALK or w in _AROUND_TALK for w in words)


# Words about the telling itself rather than the user's life: the message and its parts ("my
# earlier message", "the above", "my details as below"), what the user does with it ("I am
# sharing", "I hope ... is clear", "in case it ever comes up") and how it was written.
_TELLING_TALK = _MESSAGE_TALK | frozenset({
    "messages", "details", "detail", "info", "information", "particulars", "points", "facts",
    "bits", "notes", "note", "records", "discussion", "conversation", "chat", "email", "call",
    "reference", "perusal", "context", "background", "update", "above", "below", "following",
    "brevity", "device", "essay", "sharing", "share", "shared", "sending", "send", "writing",
    "write", "wrote", "mentioned", "said", "told", "hope", "trust", "clear", "order", "comes",
    "come", "earlier", "previous", "basic", "personal", "kind", "regarding", "herewith",
    "updates", "chatted", "intro", "introduction", "pleased", "communicate", "inform",
    "informing", "submitted"})
_AROUND_TELLING = _AROUND_TALK | frozenset({
    "i", "im", "i'm", "am", "me", "we", "our", "us", "you", "your", "these", "those", "are",
    "were", "be", "as", "per", "up", "ever", "if", "case", "here", "just", "all", "some", "few",
    "since", "last", "new", "each", "other", "we're", "yesterday", "quick", "what"})
_WISH = re.compile(r"(?:have|enjoy)\s+(?:a|an|the|your)\s+(?:[a-z]+\s+){0,2}"
                   r"(?:day|evening|night|weekend|week|one|morning|afternoon|time)\W*", re.I)


# The user writing this very message: "I'm finally doing this", "I've been meaning to do this
# for weeks", "I'm typing this on the bus". "this" with nothing after it but when and where.
_DOING_THIS = re.compile(
    r"(?:i'?m|i am|i've been|ive been|i have been|i was)\s+(?:finally\s+|just\s+|actually\s+)?"
    r"(?:(?:doing|typing|writing|sending|dictating|meaning to (?:do|send|write)|trying to (?:do|send|write))"
    r"\s+this|dictating"  # "I'm dictating now"
    # "I'm just going to type it all out"
    r"|(?:going to|gonna)\s+(?:type|write|dictate)\s+(?:it|this)(?:\s+all)?(?:\s+out)?)"
    r"(?:\s+(?:now|today|tonight|at last|for (?:weeks|ages|months|days)|on (?:the|my) \w+))?\W*",
    re.I)
# What the user says of this very message: how much it matters ("I cannot stress this
# enough") or that they will come back to it ("I may refer back to it").
_OF_THIS_MESSAGE = re.compile(
    r"(?:and\s+|but\s+)?(?:i\s+)?(?:(?:can\s*not|can'?t)\s+stress\s+(?:this|that|it)(?:\s+enough)?"
    r"|(?:may|might|will|could)\s+(?:need\s+to\s+)?refer\s+(?:back\s+)?to\s+(?:it|this|that|them)"
    r"(?:\s+later)?"
    # how it is written: "I will keep this brief", "this is dictated hands-free"
    r"|(?:i['\u2019]?ll|will)\s+keep\s+(?:this|it)\s+(?:brief|short|quick)"
    r"|(?:so\s+)?this\s+is\s+(?:being\s+)?(?:dictated|voice[\s-]?typed|a\s+voice\s+(?:message|note))"
    r"(?:\s+hands[\s-]?free)?)\W*", re.I)
# An apology for the writing of the message ("sorry my spelling is terrible", "my english is
# not so good, sorry", "sorry for my english, i try my best", "(sorry) for my poor english"):
# about the telling, not the user's life.
_WRITING = r"(?:spelling|english|grammar|typing|writing|punctuation)"
_SORRY_WRITING = re.compile(
    rf"(?:(?:(?:so\s+)?sorry\s+(?:(?:about|for)\s+)?|(?:about|for)\s+)(?:that\s+)?my\s+"
    rf"(?:(?:poor|bad|broken|terrible|weak|limited|simple)\s+)?{_WRITING}(?:\s+[a-z']+){{0,4}}"
    rf"|my\s+{_WRITING}\s+(?:(?:is|isnt|isn't|is not)\s+)?(?:(?:very|so|really|pretty|quite)\s+)?"
    r"(?:bad|terrible|terible|awful|poor|rubbish|horrible|weak"
    r"|not\s+(?:so\s+|very\s+)?(?:good|great|perfect))"
    r"(?:[\s,]+sorry)?)"
    r"(?:[\s,.]+(?:but\s+|and\s+)?i\s+try(?:\s+my\s+best)?)?\W*|i\s+try\s+my\s+best\W*", re.I)
# The state of what the user types with, said for this message: "my keyboard keeps jumping",
# "autocorrect keeps changing it", "my spell checker is switched off today", "my hands r shaky
# today" (hands and thumbs only with "today" or "now": "my hands are shaky" may be a fact).
_TYPER = r"(?:spell\s*check(?:er)?|auto\s*correct|keyboard|screen)"
_TYPING_STATE = re.compile(
    rf"(?:my\s+|the\s+)?(?:{_TYPER}\s+(?:keeps|keep)\s+[a-z]+ing(?:\s+(?:it|things|words|everything))?"
    rf"|(?:{_TYPER}|phone|hands?|thumbs?)"
    r"\s+(?:is|are|r|isn't|isnt|aren't|arent|is not|are not)\s+(?:[a-z'-]+\s+){0,2}?[a-z'-]+"
    r"\s+(?:today|tonight|now|at the moment|atm))\W*", re.I)
# An apology for the writing before a fact it is joined to: "my spelling is terrible but |
# my pets name is charlie", "sorry my english is not good but I live in Lyon".
_APOLOGY_BUT = re.compile(
    rf"(?:(?:so\s+)?sorry(?:\s+if\s+this\s+makes\s+no\s+sense)?[\s,]+)?my\s+{_WRITING}s?\s+"
    r"(?:is|isnt|isn't|is not|are|r|might be|may be)\s+(?:(?:a\s+bit|very|so|really|pretty|quite)\s+)?"
    r"(?:bad|terrible|terible|awful|poor|rubbish|horrible|weak|wonky|off|all over the place"
    r"|not\s+(?:so\s+|very\s+)?(?:good|great|perfect|the best))[\s,]+but\s+", re.I)


def without_writing_apology(text: str) -> str:
    found = _APOLOGY_BUT.match(text)
    if found is None or not is_clause(text[found.end():]):
        return text
    return text[found.end():]


# A greeting said as a piece of its own ("Hello support team", "Dear Iris"): no verb in it.
_GREETING = re.compile(r"(?:hello|hi|hiya|hey|dear|greetings|good (?:morning|afternoon|evening|day))"
                       r"(?:\s+[a-z]+){0,3}\W*", re.I)
# The telling interrupted and taken up again: "sorry, had to run to a buzzer, back now",
# "got bleeped, where was i", "the doorbell went, ok back".
_CALLED_AWAY = (r"(?:i\s+)?(?:had|have)\s+to\s+(?:run|dash|go|step\s+away|pop\s+out|nip\s+out)"
                r"(?:\s+(?:to|for)(?:\s+(?:a|the|my))?\s+[a-z]+)?"
                r"|(?:i\s+)?got\s+(?:bleeped|called\s+away|interrupted|distracted|pulled\s+away)"
                r"|(?:the\s+|my\s+)?(?:bleep|pager|buzzer|doorbell|phone)\s+"
                r"(?:went(?:\s+off)?|is\s+going\s+off|going\s+off|rang)")
_BACK = (r"(?:ok(?:ay)?\s+)?(?:i'?m\s+)?back\s+now|(?:ok(?:ay)?|i'?m)\s+back"
         r"|where\s+(?:was\s+i|were\s+we)|brb")
_SORRY = r"(?:(?:so\s+)?(?:sorry|sry|soz|apologies)[\s,.!-]*)"
_INTERRUPTION = re.compile(
    rf"{_SORRY}?(?:{_CALLED_AWAY}|{_BACK})"
    rf"(?:[\s,.;!-]+(?:sorry|sry|{_CALLED_AWAY}|{_BACK}))*\W*", re.I)
# "dont judge the 0400 spelling", "pls don't judge my typing": the writing again.
_JUDGE_WRITING = re.compile(
    r"(?:and\s+|so\s+)?(?:pls\s+|please\s+)?(?:dont|don't|don\u2019t|do not)\s+judge\s+(?:the|my)\s+"
    r"(?:[\w']+\s+){0,2}?(?:spelling|typing|grammar|english|typos?|writing)\W*", re.I)
# The writer's state for this message: "sorry, it's 0400 and my brain is soup", "my brain's
# fried rn".
_BRAIN_STATE = re.compile(
    rf"{_SORRY}?(?:it'?s\s+\d{{1,4}}(?:\s*[ap]m)?\s+and\s+)?(?:my\s+)?brain"
    r"(?:\s+is|'s|\s+feels)\s+(?:(?:like|total|complete|absolute)\s+)?"
    r"(?:soup|mush|fried|scrambled|porridge|toast|dead|gone|jelly)"
    r"(?:\s+(?:rn|right now|today|tonight|atm|at the moment"
    r"|after\s+(?:a|\d{1,2}|two|three|four|five)\s+(?:long\s+)?(?:nights?|shifts?|days?)))?\W*", re.I)
# An apology for the message itself ("sorry for the essay, nights do this to me", "Post night
# shift, so apologies for brevity"); what comes before "so" names no one.
_SORRY_MESSAGE = re.compile(
    r"(?:(?![^,]*\b(?:i|my|we|our|i'm|im)\b)[\w' -]{1,30},?\s+so\s+)?(?:so\s+)?(?:apologies|sorry|sry|soz)"
    r"\s+(?:for|abt|about)\s+(?:the\s+|my\s+|this\s+)?(?:brevity|essay|length|long\s+message|rambling"
    r"|typos?|novel|wall\s+of\s+text|spam)(?:,\s+[\w' ]{1,40})?\W*", re.I)
# Whole pieces about the message and the telling, none about the user's life.
_ABOUT_THE_TELLING = (_WISH, _DOING_THIS, _SORRY_WRITING, _OF_THIS_MESSAGE, _TYPING_STATE,
                      _INTERRUPTION, _JUDGE_WRITING, _BRAIN_STATE, _SORRY_MESSAGE)


def said_of_the_telling(piece: str) -> bool:
    """`piece` is one of the whole shapes of talk about the telling (a wish, an apology for
    the writing, the typing's or the writer's state, an interruption), not a word bag."""
    return any(p.fullmatch(piece) for p in _ABOUT_THE_TELLING)


def about_the_telling(piece: str) -> bool:
    """`piece` says nothing of the user's life: only words about the message and the telling
    ("My earlier message", "I am sharing my details as below", "I hope the above is clear",
    "This message was sent from a mobile device"), or a wish to the reader ("Have a lovely
    evening"). A word of anything else ("I sent my mum a message") makes it a fact."""
    stripped = piece.strip()
    if said_of_the_telling(stripped):
        return True
    words = re.findall(r"[a-z']+", piece.lower())
    if _GREETING.fullmatch(stripped) and not FIRST_PERSON.search(piece):
        return True
    return not _TELLING_TALK.isdisjoint(words) and all(
        w in _TELLING_TALK or w in _AROUND_TELLING for w in words)


# Verbs of telling that a lead-in says and a fact rarely does.
_TELLING_ACTS = frozenset({"mention", "mentioning", "tell", "telling", "update", "updating",
                           "oversharing", "ought"})
_TO_THE_READER = frozenset({"you", "u", "ya", "your", "ur", "yours", "abt", "about"})


def speaks_of_the_telling(line: str) -> bool:
    """`line` has a word about the message or the telling, or one said to the reader: it may
    be a lead-in ("I hope I am not oversharing", "I tell u some thing about me"), so it is no
    fact by its place alone."""
    words = set(re.findall(r"[a-z']+", line.lower()))
    return not words.isdisjoint(_TELLING_TALK | _TELLING_ACTS | _TO_THE_READER)


def split_facts(text: str) -> list[str]:
    """The facts in a "remember ..." message, in order, as the user wrote them (runs of
    spaces and tabs read as one space: every later rule then sees linear-size gaps)."""
    return split_facts_bounded(text)[0]


@within_message
def split_facts_bounded(text: str, limit: int | None = None) -> tuple[list[str], bool]:
    """`split_facts`, reading only until `limit` + 1 facts are found: (facts, whether some of
    the message was left unread). "1. 1. 1. ..." (13,000 items) costs what 51 items cost."""
    text = english.unheld(_SPACE_RUN.sub(" ", _WIDE_GAP.sub(GAP, spoken_marks(
        with_corrections(text.translate(FULL_WIDTH))))))
    text = without_frame(text)
    presentative = _PRESENTATIVE.match(text)
    text = text[presentative.end():] if presentative else text
    facts: list[str] = []
    chatty: list[str] = []  # statements read as chat to the assistant, set aside
    lone: set[int] = set()  # facts that were a sentence of one word
    first, newline, rest = text.strip().partition("\n")
    if newline and rest.strip() and (is_header(first, first_of_many=True)
                                     or bare_heading(first, rest)):
        text = rest  # "save this 4 later" over a list: judged whole, before any stripping
    body = chat.without_closer(strip_command(text), is_clause)
    for index, (part, listed) in enumerate(split_structure(body)):
        if limit is not None and len(facts) > limit:
            return pronouns.resolve(facts), True  # a part beyond the limit is left unread
        if index == 0:
            part = _without_label(part)  # before a heading alone is taken for an aside
            # a greeting with its vocative ("hello again, friend"), judged whole before the
            # linking-phrase reading cuts it at its comma and leaves the vocative
            part = chat.without_opener(part, is_clause) or part
        if segments.chat_aside(part, first=index == 0, later=bool(facts)) or segments.chat_aside(
                strip_trailing(part), first=index == 0, later=bool(facts)) or is_request(part):
            continue
        if _chat_to_assistant(part, facts):
            chatty.append(part)
            continue
        part = strip_command(clean_fact(part))
        if index == 0:
            part = clean_fact(chat.without_opener(part, is_clause))
        room = None if limit is None else limit - len(facts) + 1
        # a message with a comma anywhere marks its own clause boundaries: no run-on reading
        pieces = [part] if listed else split_pieces(part, room, run_on="," not in body)
        for fact in pieces:
            fact = clean_fact(strip_command(clean_fact(fact.replace(GAP, " "))))
            if not listed:  # chat before a later fact's own subject: ". Another thing is | I"
                fact = clean_fact(chat.without_opener(fact, is_clause))
            if fact and re.search(r"\w", fact) and not _chat_to_assistant(fact, facts):
                if len(pieces) == 1 and _lone_word(fact, listed=listed):
                    lone.add(len(facts))
                facts.append(fact)
        if limit is not None and len(facts) > limit + 1:
            return pronouns.resolve(facts[:limit + 1]), True
    if not facts and len(chatty) == 1 and _statement_of_the_world(chatty[0]):
        # "note that the bins go out monday night": the only statement of a request to
        # remember, though the chat model hears "go out tonight" in it
        facts = [clean_fact(strip_command(clean_fact(chatty[0])))]
    if len(lone) < len(facts):  # "Hello. I ...", "... . P.S. I ...", "... . Okey"
        facts = [fact for index, fact in enumerate(facts) if index not in lone]
    if len(facts) > 1:
        facts = [fact for fact in facts if not _dangling_frame(fact)] or facts
        facts = [fact for fact in facts if not about_the_telling(fact)] or facts
    # "that's all for now" reads as a clause ("that's" + a word) but the model knows it
    if len(facts) > 1 and (closers.is_closer(facts[-1]) or chat.is_chat_speak(facts[-1]) or (
            not is_clause(facts[-1]) and not strip_trailing(facts[-1]))):
        facts.pop()  # "..., appreciate it", "... . anyhoo": a closer after the last fact is no fact
    return pronouns.resolve(facts), False
