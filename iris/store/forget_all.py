"""Requests to forget everything ("forget everything", "erase all my data"), which never go
through description matching (iris/store/forget.py): they need a confirmation (see
`MemoryStore.forget_all`). Split from forget.py."""

from __future__ import annotations

import re
from typing import Literal

from iris.removal import LEAD_IN, read_removal
from iris.text import normalise, plain

_AFFIRM = r"(?:yes|yeah|yep|yup|ok|okay|sure|confirm|confirmed|i confirm|go ahead)"
# "reset" only ever takes everything here ("reset your memory"), never a description.
_VERBS = ("forget", "delete", "erase", "wipe", "remove", "clear", "purge", "drop", "scrap", "reset", "nuke",
          "get rid of", "get shot of", "clean out", "bin", "ditch", "destroy", "scrub", "expunge")
_VERB = (r"(?:(?:permanently|completely|totally|fully|just) )?"  # "permanently erase"
         rf"(?:{'|'.join(_VERBS)})")
# "everything you know about me", "all you've got on me", "whatever u have on me"
# Pidgin "wey": that; "you are having": the progressive of "have", as Indian English says it
_YOU = r"(?:that |which |wey )?(?:you|u|youve|youd)(?: have| ve| are having| re having)?"
# "you've got", "u know": the assistant holding something (iris/store/probe.py reads it too).
YOU_HOLD = (rf"{_YOU}(?: (?:got|have|know|sabi|stored|saved|kept|remember|hold|learned|learnt"
            r"|collected|recorded|noted))?(?: (?:stored|saved|kept|recorded|noted))?")
_HOLDER = rf"(?: {YOU_HOLD})?(?: (?:about|abt|bout|of|on|for) me| of mine)?"
_WHOSE = r"(?:my|your|ur|the)"
_KEPT = r"(?:memories|memory|data|facts|fact|notes|note|info|information|informations|details|detail)"
# "... i've ever told you", "... i ever said to you": what the user gave the assistant
_TOLD = (r"(?: (?:i ever|i have ever|ive ever|ive|i) (?:told (?:you|u)|said(?: to (?:you|u))?"
         r"|shared(?: with (?:you|u))?)| we (?:have )?(?:ever )?(?:talked about|discussed|said))")
_OBJECT = (r"(?:(?:literally |absolutely |totally |just |simply )?"
           r"(?:everything|(?:each and )?every (?:single |last )?(?:thing|memory|fact|note|detail|bit"
           r"|trace|record|scrap|piece|shred|skerrick)"
           r"(?: of (?:me|(?:my )?(?:personal )?(?:info|information|data)))?)"
           rf"{_TOLD}?"
           rf"|(?:all|whatever|anything|(?:the )?(?:whole )?lot)(?= {_YOU}\b)"
           rf"|all about me|me (?:from|out of) {_WHOSE} (?:memory|memories|records)"
           rf"|(?:all )?(?:of )?{_WHOSE} (?:(?:whole|entire) )?(?:personal )?"
           r"(?:data|memory(?: file| bank)?|memories)"  # "my whole memory file"
           rf"|all (?:of )?(?:{_WHOSE} )?(?:saved |stored )?(?:personal )?{_KEPT}"
           # "wipe all the stuff you've saved": what the assistant holds, in any words
           rf"|all (?:the )?(?:stuff|things|info|information|informations|data)"
           rf"(?= {_YOU}\b|{_TOLD})(?:{_TOLD})?"
           # "my whole profile", "my whole history with you", "forget me completely"
           r"|(?:my )?(?:whole |entire )?profile(?: and everything in it)?"
           r"|(?:my )?(?:whole |entire )?history with (?:you|u)"
           r"|me(?= (?:completely|entirely|totally|for good|everything)))")
# "all of it, every single thing u have on me": a pointer the request then spells out (alone,
# "forget all of it" may mean the conversation, but the answer is a question, never a deletion).
_RESTATED = r"(?:(?:all of it|it all|(?:the )?(?:whole )?lot) )?"
# "start over and forget all about me": the wish to begin again before the request.
_RESTART = (r"(?:(?:(?:lets |let us )?(?:start|begin) (?:over|again|afresh|fresh|from scratch)"
            r"|reset) (?:and )?)?")
_TRAIL = (r"(?: (?:please|pls|now|too|clean|for good|permanently|completely|entirely"
          r"|every (?:last |single )?(?:bit|thing|one)(?: of it)?"
          # said again ("all of my data, all of it", "..., the lot")
          r"|all of it|it all|(?:the )?(?:whole )?lot|everything|every (?:single )?memory"
          r"|(?:wipe|delete|clear|erase) (?:the lot|it all|all of it|everything)"
          # "... off ur system", "... from your memory"
          r"|(?:off|from|out of) (?:ur|your|the) (?:system|memory|database|records|files)"
          # said to the assistant ("..., mate, all of it")
          r"|mate|iris|pal|buddy|bro|dude|hun|thanks|thank you|ta"
          # "... and start over with me from scratch"
          r"|and (?:start|begin) (?:over|again|afresh|fresh)(?: with me)?(?: from scratch)?"
          r"|and (?:start|begin) from scratch(?: with me)?"
          # "..., i want a fresh start", "... i want to start again"
          r"|i (?:want|need|would like|d like)"
          r"(?: a fresh start| to (?:start|begin) (?:over|again|afresh|fresh))"
          r"))*")
# The request itself: "wipe out all of it, every memory you have on me".
_ASKED = rf"{_VERB}(?: out| away| off)? {_RESTATED}{_OBJECT}{_HOLDER}"
# Polite words before the verb are removal.py's one list (LEAD_IN: "please", "kindly", ...).
_FORGET_ALL = re.compile(rf"(?:(?P<yes>{_AFFIRM}) )?{LEAD_IN}{_RESTART}{LEAD_IN}{_ASKED}{_TRAIL}")
# "forget the lot", "forget all of it": a pointer alone, with the one verb no host tool takes
# ("delete the lot", "wipe all of it" may be said of a shopping list); only ever asked about.
_FORGET_POINTER = re.compile(rf"(?:(?P<yes>{_AFFIRM}) )?{LEAD_IN}forget "
                             rf"(?:all of it|it all|(?:the )?(?:whole )?lot){_TRAIL}")
_EVERYTHING = re.compile(rf"{_OBJECT}{_HOLDER}")
# The same request inside a longer message, when the whole message is no such request: words
# before it ("ngicela you delete everything you have on me", "I'm going into a home next
# month, so would you clear out all you've got about me"), the object before a passive verb
# ("I'd like everything you've kept about me cleared away"), words after it ("..., clean
# slate", "..., kila kitu"). Never with a negation before it, nor with words after it that
# narrow it to a subject or a place ("... about work", "... on my calendar", "... except my
# allergies"): those are descriptions or another tool's.
_INSIDE = re.compile(rf"(?<![\w'])(?:{_ASKED}"
                     rf"|(?:{_OBJECT}|(?:the )?(?:whole )?lot){_HOLDER} "
                     r"(?:cleared|deleted|erased|wiped|removed|forgotten|destroyed|scrubbed)"
                     r"(?: away| out| off)?)(?![\w'])")
# "... from your memory", "... off ur system": where it is kept, which narrows nothing
_YOUR_STORE = re.compile(r"\s*(?:from|off|out of) (?:your|ur|the) "
                         r"(?:memory|memories|records|system|database)\b")
# After it, the message ends, a mark comes, or a word that adds no subject ("..., clean slate",
# "... please", "... and start again", "... make we start afresh", "... to zero"); never a
# subject said right after it ("forget everything travel related").
_ENDS_IT = re.compile(r"\s*(?:$|[^\w\s]|(?:please|pls|plz|now|thanks|thank|ta|that would|and|so|make"
                      r"|completely|entirely|permanently|fully"
                      r"|to zero|for me|asap|today|for good|once and for all)\b)")
_NARROWED = re.compile(r"\W*(?:about|abt|bout|on|from|in|of|for|with|regarding|re|related|concerning"
                       r"|to do with|(?:that|which) (?:i|we|is|was|are|were|has|have|relates?)|i|we"
                       r"|except|but|apart|other than|besides|save|bar|minus|exept|excluding|not|off)\b")
_NEGATED = re.compile(r"\b(?:not?|never|stop|no need to|dont|didnt|doesnt|wont|wouldnt|shouldnt|cant"
                      r"|cannot)\W+(?:\w+\W+){0,3}$")
# ... nor as a task for the host or a question ("remind me to delete all my data", "how do i
# erase all my data", "should i wipe everything")
_MARK = re.compile(r"[^a-z0-9\s]")
_NOT_ASKED_OF_IRIS = re.compile(r"\b(?:remind|reminder|how|should|shall|can i|could i|do i|did i|todo"
                                r"|to do list|note to self|list|calendar|when i|why|whether|if i)\b")


def _with_ing(verb: str) -> str:
    """"delete" -> the verb or its "-ing" ("deleting"; "forgetting", "binning", "getting rid of"),
    every spelling tried: one that is no word matches nothing."""
    head, _, rest = verb.partition(" ")
    forms = f"(?:{head}|{head[:-1]}ing|{head}ing|{head}{head[-1]}ing)"
    return f"{forms} {rest}" if rest else forms


# Read another way, word by word: a removal verb, then words that only say how much ("all",
# "every last bit"), whose ("me", "mine", "my data") and where or how it was kept ("you
# remember", "i've typed in here", "from your memory"). Any other word names a subject, a
# place or another task ("... about work", "... on my calendar", "... and remind me"): the
# message is then a description or the host's. ("file" is no such word: "delete my entire
# file" may be a document's.) Each verb also as "-ing" ("would you mind deleting ...").
_ASKED_VERB = re.compile(rf"(?<![\w'])(?:{'|'.join(map(_with_ing, _VERBS))})(?![\w'])")
_HOW_MUCH = frozenset("""everything errthing evrything everythin anything whatever all every each entire
    whole lot""".split())
_WHOSE_WORDS = frozenset("""me my mine myself i ive id im data info information informations detail details
    memory memories profile history record records""".split())
_ALL_ELSE = _HOW_MUCH | _WHOSE_WORDS | frozenset("""
    the a an of about abt bout on for from in here with to and or also too it its this that these
    those which what wey ever evr so far till until now already
    you u your ur youve youre youd ve re d s
    have has having had got gotten done did do does is are was were been be
    know knew remember remembered stored store storing saved save saving kept keep keeping hold held
    holding typed told said shared wrote written entered given gave put collected collecting recorded
    recording noted learned learnt sabi mentioned heard made making
    thing things stuff bit bits trace traces scrap scraps piece pieces shred skerrick single last
    one ones personal
    system database brain head mind
    please pls plz kindly thanks thank ta cheers mate bro iris just simply literally absolutely
    totally completely entirely permanently fully forever good once clean slate out away off
    start starting over again afresh fresh scratch zero new begin beginning mean full final
    """.split())

# "all that", "these": what was just said, unless a clause follows ("all that you know")
_POINTER = re.compile(r"\b(?:this|that|these|those)\b(?! (?:you|u|i|ive|id|we|youve|youd)\b)")


def _asks_for_everything(marked: str) -> bool:
    """"would you mind deleting all the information you hold on me" -> True: a removal verb
    whose words after it, up to the first mark, are all `_ALL_ELSE` and say how much, and which
    (with later parts that are all such words: "get shot of the lot, everything you remember
    about me") say whose; never negated, asked of the host, or a question before it."""
    verb = _ASKED_VERB.search(marked)
    if verb is None or _NEGATED.search(marked, 0, verb.start()) \
            or _NOT_ASKED_OF_IRIS.search(marked, 0, verb.start()):
        return False
    first, *rest = re.split(r"[^\w\s]", marked[verb.end():])
    said = set(first.split())
    # narrowed ("forget everything about work"), or a pointer ("erase all that from your memory",
    # "forget it, i've got everything")
    if not said <= _ALL_ELSE or _POINTER.search(first) or not said & _HOW_MUCH:
        return False
    for part in rest:
        words = set(part.split())
        if not words <= _ALL_ELSE:
            break
        said |= words
    return bool(said & _WHOSE_WORDS)


def forget_all_request(text: str) -> Literal["ask", "confirm"] | None:
    """"forget everything" -> "ask"; "yes, forget everything" -> "confirm"; None for any
    other message (including "forget everything I said about work", which names a topic)."""
    if not isinstance(text, str) or len(text) > 200:
        return None
    said = plain(read_removal(text))  # "frget everything"
    match = _FORGET_ALL.fullmatch(said) or _FORGET_POINTER.fullmatch(said)
    if match is not None:
        return "confirm" if match.group("yes") else "ask"
    # as `plain`, but with its marks kept apart: where the request ends matters here
    marked = " ".join(_MARK.sub(r" \g<0> ", normalise(read_removal(text))).split())
    # a confirmation is only ever the short answer
    return "ask" if _inside(marked) or _asks_for_everything(marked) else None


def _inside(marked: str) -> bool:
    """The request (`_INSIDE`) inside a longer message, neither negated, narrowed nor asked of
    the host."""
    inside = _INSIDE.search(marked)
    if inside is None:
        return False
    kept = _YOUR_STORE.match(marked, inside.end())
    end = kept.end() if kept else inside.end()
    before = inside.start()
    return not (_NEGATED.search(marked, 0, before) or _NOT_ASKED_OF_IRIS.search(marked, 0, before)
                or _NARROWED.match(marked, end) or not _ENDS_IT.match(marked, end))


def means_everything(description: str) -> bool:
    """A forget_memory query such as "everything" or "all my data"."""
    return isinstance(description, str) and len(description) <= 200 and \
        _EVERYTHING.fullmatch(plain(description)) is not None
