"""Short removal requests the router leaves to the host ("forget Rusty", "erase cardiff"):
`named_forget` picks their object for the pipeline's probe (see `Pipeline._probe`), which
deletes a memory only when every word of the object is in exactly one memory."""

from __future__ import annotations

import re

from iris.store.kinds import kinds_of
from iris.text import mentions_time, plain, stem

# "forget Rusty", "forget the hamster", "scrap the thing about languages": a removal verb and
# a short object that names no user ("my", "I"), which the router leaves to the host. The
# pipeline lets the store look (see `Pipeline._probe`): only an object whose every word is in
# exactly one memory deletes it; anything else still goes to the host. "delete", "remove" and
# the like are also what a user says to alarms, lists and calendars ("remove the alarm"), so
# with them an object that names a thing a host keeps is never probed, and an object not
# framed as something said ("the thing about X", "the X thing") is at most two words.
_FORGET_VERB = r"(?:forget|forgt|frget|foget|forgte|fogret|forgett|unlearn)"
_REMOVE_VERB = (r"(?:delete|dlete|delet|delte|deleet|remove|remvoe|remov|remve|rmove|erase|erse|earse"
                r"|scrap|drop|wipe)")
_LEAD_IN = r"(?:(?:please|pls|just|now|ok|okay|so|and|also) )*"
_THE = r"(?: (?:the|that|this|those|these))?"
_FRAME = r" (?:thing|things|bit|part|stuff|info|note|memory|fact)s? (?:about|on|of|with)"
_SUFFIX = r" (?:thing|things|stuff|bit|memory|note|fact)"
_TRAILER = r"(?: (?:please|now|too|as well))*"
_WHAT = r" (?P<what>[a-z0-9][a-z0-9 ]{0,40}?)"
_NAMED = (re.compile(rf"{_LEAD_IN}{_FORGET_VERB}(?: about)?{_THE}(?:{_FRAME})?{_WHAT}"
                     rf"(?:{_SUFFIX})?{_TRAILER}"),
          re.compile(rf"{_LEAD_IN}{_REMOVE_VERB}{_THE}{_FRAME}{_WHAT}{_TRAILER}"),
          re.compile(rf"{_LEAD_IN}{_REMOVE_VERB}{_THE}{_WHAT}{_SUFFIX}{_TRAILER}"))
_UNFRAMED = re.compile(rf"{_LEAD_IN}{_REMOVE_VERB}{_THE}{_WHAT}{_TRAILER}")
MAX_UNFRAMED_WORDS = 2
# A pointer, or words that tie the object to something else ("the alarm for work", "fries
# from my list"): not a memory's own words.
_NOT_NAMED = frozenset("""it that this them those these one everything anything something all
me myself you yourself him her us my your our from for in on at to with and or of by""".split())
# What an assistant's host keeps and a user removes there, not in memory ("remove the alarm",
# "delete that email"): never probed after a removal verb.
_HOST_OBJECTS = frozenset(stem(w) for w in """alarm reminder timer list item task todo event
appointment meeting calendar contact email mail message text notification song track playlist
album podcast app file folder document photo picture video account subscription order booking
reservation cart chat conversation history call voicemail widget bookmark tab party lunch dinner
breakfast name number line row page""".split())
# What a shopping list holds (as WordNet kinds, in any sense): "remove eggs" unframed is the
# host's.
_GROCERIES = frozenset(stem(w) for w in "food foodstuff beverage drink produce".split())
MAX_NAMED_WORDS = 4


def named_forget(text: str) -> str | None:
    """The object of a short removal request that names no user ("forget Rusty" -> "rusty",
    "scrap the thing about languages" -> "languages", "erase cardiff" -> "cardiff"), or
    None."""
    if not isinstance(text, str) or len(text) > 80:
        return None
    flat = plain(text)
    framed = next((m for p in _NAMED if (m := p.fullmatch(flat))), None)
    match = framed or _UNFRAMED.fullmatch(flat)
    if match is None:
        return None
    words = match.group("what").split()
    if not words or len(words) > MAX_NAMED_WORDS or not _NOT_NAMED.isdisjoint(words):
        return None
    if framed is None and (len(words) > MAX_UNFRAMED_WORDS or any(
            mentions_time(w) or not kinds_of(w).any.isdisjoint(_GROCERIES) for w in words)):
        return None  # "remove milk" is said to a shopping list, "delete X tomorrow" to a calendar
    if match.re is not _NAMED[0] and any(stem(w) in _HOST_OBJECTS for w in words):
        return None
    return " ".join(words)
