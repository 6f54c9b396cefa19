"""The words around the facts: a leading "remember that"-style command (greetings and
politeness, a command verb and its typos, its object), and what trails the last fact (a
trailing command, thanks, an aside to the assistant, a chat closer, emoji)."""

from __future__ import annotations

import functools
import re

from rapidfuzz import fuzz

from iris import text as english
from iris.extract import asides, chat, closers, command
from iris.extract.clauses import FIRST_PERSON, is_clause
from iris.extract.memo import per_message
from iris.store.kinds import is_main_verb

_FILLER = re.compile(
    r"(?:hey|hi|hello|ok|okay|so|yo|iris|please|pls|plz|kindly|and|also|oh|btw"
    r"|(?:can|could|would|will) (?:you|u)(?: please)?|i (?:want|need|would like) you to"
    r"|i'd like you to|go ahead and|make sure (?:you|to))\b[\s,!]*",
    re.I,
)
# Verbs that make a command by themselves ("remember I'm vegan", "don't forget I'm vegan").
_BARE_VERBS = re.compile(
    r"(?:keep in mind|bear in mind|don'?t forget|do not forget|never forget|memori[sz]e"
    r"|make a note(?: of)?|take note(?: of)?|jot down|write down|note down)\b", re.I)
# Verbs that need an object or a colon to be a command ("save these:", "note that ...").
_OBJECT_VERBS = re.compile(r"(?:save|store|note|record|add|log|remember)\b", re.I)
_OBJECT = re.compile(
    r"(?:(?:these|some|a few|a couple of|the following|the) (?:facts|things|details|notes|stuff)"
    r"|that|this|these|those|the following|following|some stuff|stuff"
    r"|about me|for me|for later|down|below|(?:to|in|into) (?:your )?memory|too|as well|:|-|,"
    # where it is kept: "save the following in my file", "add these to my profile"
    r"|(?:in|into|to|on) (?:my|your|the) (?:file|profile|records?|notes|account)|on record)"
    r"(?=\W|$)[\s:,\-–—]*",
    re.I,
)
_POLITE_QUESTION = re.compile(r"\W*(?:\w+\W+){0,3}?(?:can|could|would|will) (?:you|u)\b", re.I)
_COMMAND_WORDS = ("remember", "memorize", "memorise")


def _polite(text: str) -> bool:
    """`text` opens with "can you"-style words: read in its first 300 characters, since the
    backtracking over a long run of marks made a 40 KB message cost 15 ms a test."""
    return _POLITE_QUESTION.match(text[:300]) is not None


# Asked as a question too, before or after the verb: "... can u save that", "... remember
# that for me would you".
_TRAILING_COMMAND = re.compile(
    r"[\s,.;]*\b(?:(?:please|pls)\s+)?(?:(?:can|could|would|will)\s+(?:you|u)\s+)?"
    r"(?:remember|note|save|store|keep in mind|don'?t forget)"
    r"(?:\s+(?:that|this|these|it|them))?(?:\s+(?:for me|please))?"
    r"(?:[\s,]+(?:(?:can|could|would|will)\s+(?:you|u)|ok))?[\s.!?]*$", re.I)
_THANKS = re.compile(
    r"[\s,.;!-]*\b(?:(?:thanks|thank you|thx|ty|cheers)(?: (?:so much|a lot|very much))?"
    r"|please|pls|that'?s (?:all|it))[\s.!]*$", re.I)
# Emoji, emoticons and other symbols after the last word: ":)", "🙏", "!!", ":D", "xD", ";P".
_TRAILING_SYMBOLS = re.compile(r"(?:\s+(?:[^\w\s]+|[:;=8][\-']?[A-Za-z]|[xX][DP]))+$")
# The letter of ":D", ";P", "xD" and the like comes right after one of these.
_EMOTICON_MARKS = frozenset(":;=8xX-'")


def _strip_symbols(tail: str) -> str:
    """`tail` without `_TRAILING_SYMBOLS`. The substitution tries every run of spaces (about
    18 us on a tail of 120 characters); on an ASCII last character that ends no match (a
    space, a digit, a letter after no emoticon mark) it is not tried."""
    last = tail[-1:]
    if last.isascii() and last != "\n" and (
            last.isspace() or last.isdigit() or last == "_"
            or (last.isalpha() and tail[-2:-1] not in _EMOTICON_MARKS)):
        return tail
    return _TRAILING_SYMBOLS.sub("", tail)


def _fuzzy_command_word(text: str) -> int:
    """Length of a leading typo of "remember"/"memorize" ("remeber", "rmember", "remembr"),
    or 0. Typos get a looser check than the exact verbs because they start most messages."""
    match = re.match(r"[a-z]+", text, re.I)
    if not match or len(match.group()) < 5:
        return 0
    word = match.group().lower()
    best = max(fuzz.ratio(word, target) for target in _COMMAND_WORDS)
    return match.end() if best >= 80 else 0


@per_message
def strip_command(text: str) -> str:
    """The text without a leading "remember that"-style command (or a trailing one).
    Text without a command comes back unchanged, apart from outer whitespace."""
    text = text.strip()
    lead = command.key_start(text, command.lead_in_end(text), is_clause)
    if lead:
        rest = strip_trailing(text[lead:].strip())
        if rest.endswith("?") and _polite(text):
            rest = rest.rstrip("? ")
        return rest
    rest = text[_skip(_FILLER, text, 0):]  # leading filler words, any number of them
    verb = _BARE_VERBS.match(rest)
    fuzzy = 0 if verb else _fuzzy_command_word(rest)
    if verb or fuzzy:
        rest = rest[verb.end() if verb else fuzzy:]
        rest = _strip_objects(rest, required=False) or ""  # never None when not required
    else:
        verb = _OBJECT_VERBS.match(rest)
        if not verb:
            return strip_trailing(text)
        after = rest[verb.end():]
        stripped = _strip_objects(after, required=True)
        if stripped is None:
            return strip_trailing(text)
        rest = stripped
    rest = strip_trailing(rest.strip())
    if rest.endswith("?") and _polite(text):
        rest = rest.rstrip("? ")  # "can you remember that I like tea?" asks to store a fact
    return rest


def _skip(pattern: re.Pattern[str], text: str, at: int, *, spaces: bool = False) -> int:
    """Where a run of `pattern`'s matches from `at` ends (maybe with blanks before each): a
    position, not a copy of the rest per match, so a 40 KB run of "and" stays linear. The
    run is one match of the repeated pattern (a loop of single matches cost 23 ms there);
    nothing follows the repetition, so it never backtracks into an earlier match."""
    return _run_of(pattern, spaces).match(text, at).end()  # type: ignore[union-attr]


@functools.cache
def _run_of(pattern: re.Pattern[str], spaces: bool) -> re.Pattern[str]:
    blanks = r"\s*" if spaces else ""
    return re.compile(rf"(?:{blanks}(?:{pattern.pattern}))*", pattern.flags)


def _strip_objects(rest: str, *, required: bool) -> str | None:
    end = _skip(_OBJECT, rest, 0, spaces=True)
    if required and not end:
        return None
    return rest[end:].lstrip(" \t:,-–—")


# A trailing command or thanks is a few words: the end-anchored patterns only ever see this
# many characters of the (right-stripped) tail. Searching the whole text let every position
# of a long run of spaces start a match attempt: quadratic (a 40 KB message took minutes).
_TAIL_CHARS = 120


@per_message
def strip_trailing(text: str) -> str:
    text = _strip_symbols(text[-_TAIL_CHARS:]) if len(text) <= _TAIL_CHARS else (
        text[:-_TAIL_CHARS] + _strip_symbols(text[-_TAIL_CHARS:]))
    text = text[:asides.hedge_start(text, is_clause)].rstrip(" ,;:-\u2013\u2014(")
    text = _without_closer(text.rstrip())
    sign_off = command.sign_off_start(text)
    if sign_off == len(text) or not _is_object(text, sign_off):
        text = text[:sign_off].rstrip()
    text = _without_aside(_strip_symbols(text[-_TAIL_CHARS:]) if len(text) <= _TAIL_CHARS
                          else text)
    text = _strip_symbols(text[-_TAIL_CHARS:]) if len(text) <= _TAIL_CHARS else (
        text[:-_TAIL_CHARS] + _strip_symbols(text[-_TAIL_CHARS:]))
    for pattern, ends in ((_THANKS, _THANKS_ENDS), (_TRAILING_COMMAND, _COMMAND_ENDS),
                          (_THANKS, _THANKS_ENDS)):
        cut = max(0, len(text) - _TAIL_CHARS)
        match = pattern.search(text, cut) if _may_end_with(text, ends) else None
        if match and match.start() > 0 and not _is_object(text, match.start()):
            text = text[: match.start()].rstrip()
    # after the thanks: "... I would be grateful if you could remember this. Many thanks"
    return text[:request_start(text)].rstrip(" ,;:-\u2013\u2014(").strip()


# The last word of every match of _THANKS / _TRAILING_COMMAND, before its closing marks.
# The search tries each of up to _TAIL_CHARS start positions (about 30 us a search); a tail
# ending in none of these words cannot match, which one string test tells.
_THANKS_ENDS = ("thanks", "you", "thx", "ty", "cheers", "much", "lot", "please", "pls", "all",
                "it")
_COMMAND_ENDS = ("remember", "note", "save", "store", "mind", "forget", "that", "this", "these",
                 "it", "them", "me", "please", "you", "u", "ok")
_NOT_LETTERS = "".join(chr(c) for c in range(128) if not chr(c).isalpha())


def _may_end_with(text: str, ends: tuple[str, ...]) -> bool:
    """`text` may end in one of `ends` followed by marks: a necessary test for the
    end-anchored patterns above, made only on ASCII (re.I folds some other letters, "ſ"
    to "s"). Stripping every non-letter is safe: each pattern's last word ends in a letter."""
    tail = text[-_TAIL_CHARS:]
    return not tail.isascii() or tail.rstrip(_NOT_LETTERS).lower().endswith(ends)


_WORDS_BEFORE = re.compile(r"(?:([\w']+)\s+)?([\w']+)\s*$")
# Subjects that make the word after them a verb: "she says | cheers" ("my comic books |
# thanks" is a noun).
_PRONOUN_SUBJECTS = frozenset({"i", "we", "you", "he", "she", "it", "they", "who"})


def _is_object(text: str, start: int) -> bool:
    """The words from `start` on are the object of the word before them, with no mark
    between: a preposition or determiner, an -ing form or a verb ("I sign off every email
    with | cheers", "I hate saying | goodbye", "she always says | cheers")."""
    tail = text[start:].lstrip()
    before = _WORDS_BEFORE.search(text[max(0, start - 60):start])
    if not before or not tail[:1].isalnum():
        return False
    word = english.normalise(before.group(2))
    previous = english.normalise(before.group(1) or "")
    lexicon = english.words()
    # a verb form is read as one only after a subject or an adverb: "she says | cheers", "I
    # say | cheers a lot"; "my comic books | thanks", "im married | thx" end a clause
    verb = (word in lexicon.finite_verbs or word in lexicon.bases) and (
        previous in _PRONOUN_SUBJECTS or previous in chat.ADVERBS)
    return word in lexicon.noun_markers or english.is_gerund(word) or verb or word in _NAMING


# A name follows these, whatever it means as a word: "my cat is called | Ciao", "a dog named |
# Thanks".
_NAMING = frozenset({"called", "named", "nicknamed", "titled", "dubbed", "christened"})


# ", just so you're aware", ", you know", ", if u must know": said to the assistant after the fact.
_TRAILING_ASIDE = re.compile(r",\s*((?:[\w']+\s+){0,4}?(?:you|u|ya|you're|youre|ur)(?:\s+[\w']+){0,3})\s*$",
                             re.I)


def _without_aside(text: str) -> str:
    match = _TRAILING_ASIDE.search(text[-_TAIL_CHARS:])
    if match and not FIRST_PERSON.search(match.group(1)):
        rest = text[:len(text) - len(text[-_TAIL_CHARS:]) + match.start()]
        if is_clause(rest):
            return rest
    return text


def _without_closer(text: str) -> str:
    """`text` without a chat closer after its last clause ("... appreciate it")."""
    start = closers.closing_start(text)
    if start < len(text) and not _is_object(text, start):
        rest = text[:start].rstrip(" ,.;:!?-\u2013\u2014")
        # what the cut leaves must end in a clause: "my parents | love jazz" is no cut
        last = re.split(r"[,;.!?]", rest[-_TAIL_CHARS:])[-1]
        if is_clause(rest, reach=8) and is_clause(last, reach=8):
            return _strip_symbols(rest[-_TAIL_CHARS:]) if len(rest) <= _TAIL_CHARS \
                else rest
    return text


# A request about the message itself, said to the assistant, a sentence of its own or after
# the last clause: "I would be grateful if you could remember this", "Please keep this on
# file", "I'd appreciate it if you stored that somewhere". By grammar: perhaps a frame of
# politeness ("I would be grateful if", "I'd appreciate it if"), perhaps the assistant as the
# subject ("you could"), then a verb whose object is the message (a demonstrative: "this",
# "all that", "the above") and a few words that name no one ("on file", "for me").
_POLITE_FRAME = re.compile(
    r"(?:i(?:'d|\s+would)\s+(?:really\s+|truly\s+)?(?:be\s+(?:very\s+|so\s+|most\s+|really\s+)?"
    r"(?:grateful|thankful|obliged|glad|happy)|appreciate\s+it|love\s+it|like\s+it)\s+if\s+)", re.I)
_ASKED = re.compile(
    r"(?:(?P<question>(?:could|would|can|will)\s+(?:you|u|ya)\s+)"
    r"|(?:you|u|ya)\s+(?P<modal>(?:could|would|can|will|might)\s+)?"
    r"|(?P<please>(?:please|pls|plz|kindly)\s+))*", re.I)
_MESSAGE_OBJECTS = re.compile(
    r"(?:all\s+(?:of\s+)?)?(?:this|that|these|those|it|them|dis|dat|everything|the\s+above"
    r"|the\s+lot|the\s+following)\b", re.I)
# The same words without re.I, searched in lower-cased ASCII text: the same answer in a third
# of the time (a case-blind search of a 160-character tail takes about 45 us).
_MESSAGE_OBJECTS_LOWER = re.compile(_MESSAGE_OBJECTS.pattern)
# Words after the object that name no one: "on file", "for me", "at your convenience".
_MOST_REQUEST_TAIL = 4
_MOST_REQUEST_WORDS = 12


def is_request(span: str) -> bool:
    """`span` asks the assistant to do something with the message (see above)."""
    body = span.strip(" \t.,;:!?-\u2013\u2014()")
    frame = _POLITE_FRAME.match(body)
    rest = body[frame.end():] if frame else body
    asked = _ASKED.match(rest)
    if asked is None:  # pragma: no cover - the pattern matches the empty string
        return False
    if (frame is None and not (asked.group("modal") or asked.group("please")
                               or asked.group("question"))) or len(
            _WORD.findall(body)) > _MOST_REQUEST_WORDS:
        return False  # "keep it simple" is no request without someone asked
    rest = rest[asked.end():]
    verb = re.match(r"[\w']+", rest)
    lexicon = english.words()
    norm = english.normalise(verb.group()) if verb else ""
    if not verb or not (command.is_signal(verb.group()) or norm in lexicon.verbs
                        or is_main_verb(norm)):
        return False
    if (asked.group("please") or asked.group("question")) and _RESPONSE.fullmatch(rest):
        return True  # "Kindly acknowledge.", "pls confirm once stored": a reply asked for
    # the object may come after a particle or a noun ("make a note of the above")
    found = _MESSAGE_OBJECTS.search(rest, verb.end(), verb.end() + 30)
    if not found:
        return False
    noun = _OBJECT_NOUN.match(rest, found.end())
    if noun and found.group().lower() in _DETERMINERS:  # "store this information"
        found = noun
    if re.search(r"[.!?]\s*\w", rest[found.end():]):
        return False  # "... remember this. Many thanks in advance": a sentence after it
    tail = _WORD.findall(_PLACE.sub(" ", rest[found.end():]))
    between = _WORD.findall(rest[verb.end():found.start()])
    return (len(tail) <= _MOST_REQUEST_TAIL and len(between) <= 3 and not any(
        english.normalise(w) in _PERSONAL or w[0].isdigit() for w in tail + between))


# A request for a reply names no object: the message is what is acknowledged or confirmed.
_RESPONSE = re.compile(r"(?:acknowledge|confirm)(?:\s+(?:once|when|if)\s+(?:it'?s\s+|it\s+is\s+)?"
                       r"(?:stored|saved|noted|done))?\W*", re.I)
# A noun after a demonstrative names the message too: "this information", "these details".
_DETERMINERS = frozenset({"this", "that", "these", "those", "the following"})
_OBJECT_NOUN = re.compile(r"\s+(?:info(?:rmation)?|details?|facts?|things?|stuff|points?"
                          r"|particulars|notes?|bits?)\b", re.I)
# Where the message is kept, with the user's or both speakers' possessive: "in my file",
# "to my profile", "for our future conversations". After a preposition "my" names a place,
# not a fact ("remember that my dog is old" has no preposition before "my").
_PLACE = re.compile(r"\b(?:in|into|to|on|for)\s+(?:my|our)\s+(?:\w+\s+)?"
                    r"(?:file|files|profile|records?|memory|notes|account|chats?|conversations?"
                    r"|talks?)\b", re.I)


_WORD = re.compile(r"[\w'\u2019]+")
_PERSONAL = frozenset({"i", "im", "ive", "my", "mine", "we", "our", "he", "she", "they",
                       "his", "her", "their"})
_REQUEST_STARTS = 14
_REPLY_WORD = re.compile(r"acknowledge|confirm", re.I)


def request_start(text: str) -> int:
    """Where a request about the message at the end of `text` starts ("I swim on Tuesdays |
    I would be grateful if you could remember this"), or len(text): the longest such tail
    after which a clause is left."""
    offset = max(0, len(text) - 160)
    tail = text[offset:]
    if not (_MESSAGE_OBJECTS_LOWER.search(tail.lower()) if tail.isascii()
            else _MESSAGE_OBJECTS.search(text, offset)) and not _REPLY_WORD.search(tail):
        return len(text)  # a request names the message ("this", "the above"): cheap to rule out
    for word in list(_WORD.finditer(text, offset))[-_REQUEST_STARTS:]:
        rest = text[:word.start()].rstrip(" ,;:-\u2013\u2014(")
        if rest and is_request(text[word.start():]) and is_clause(rest):
            return word.start()
    return len(text)

