"""Requests to forget everything ("forget everything", "erase all my data"), which never go
through description matching (iris/store/forget.py): they need a confirmation (see
`MemoryStore.forget_all`). Split from forget.py."""

from __future__ import annotations

import re
from typing import Literal

from iris.removal import read_removal
from iris.text import plain

_AFFIRM = r"(?:yes|yeah|yep|yup|ok|okay|sure|confirm|confirmed|i confirm|go ahead)"
_LEAD = r"(?:(?:please|pls|plz|just|now|can you|can u|could you|could u|i want you to|i would like you to) )*"
# "reset" only ever takes everything here ("reset your memory"), never a description.
_VERB = r"(?:forget|delete|erase|wipe|remove|clear|purge|drop|reset)"
# "everything you know about me", "all you've got on me", "whatever u have on me"
_YOU = r"(?:that |which )?(?:you|u|youve|youd)(?: have| ve)?"
_HOLDER = (rf"(?: {_YOU}(?: (?:got|have|know|stored|saved|kept|remember|hold|learned|learnt"
           r"|collected|recorded|noted))?)?(?: (?:about|abt|bout|of|on|for) me)?")
_OBJECT = (r"(?:(?:literally |absolutely |totally |just |simply )?"
           r"everything(?: (?:i ever|i have ever|i) (?:told you|said))?"
           rf"|(?:all|whatever|anything)(?= {_YOU}\b)"
           r"|all about me|me (?:from|out of) (?:your|ur) (?:memory|memories|records)"
           r"|(?:all )?(?:of )?(?:my|your|the) (?:personal )?(?:data|memory|memories)"
           r"|all (?:of )?(?:my |your |the )?(?:saved |stored )?(?:personal )?"
           r"(?:memories|data|facts|notes|info|information))")
_TRAIL = r"(?: (?:please|pls|now|too|clean|for good|permanently))*"
_FORGET_ALL = re.compile(rf"(?:(?P<yes>{_AFFIRM}) )?{_LEAD}{_VERB} {_OBJECT}{_HOLDER}{_TRAIL}")
_EVERYTHING = re.compile(rf"{_OBJECT}{_HOLDER}")


def forget_all_request(text: str) -> Literal["ask", "confirm"] | None:
    """"forget everything" -> "ask"; "yes, forget everything" -> "confirm"; None for any
    other message (including "forget everything I said about work", which names a topic)."""
    if not isinstance(text, str) or len(text) > 200:
        return None
    match = _FORGET_ALL.fullmatch(plain(read_removal(text)))  # "frget everything"
    if match is None:
        return None
    return "confirm" if match.group("yes") else "ask"


def means_everything(description: str) -> bool:
    """A forget_memory query such as "everything" or "all my data"."""
    return isinstance(description, str) and len(description) <= 200 and \
        _EVERYTHING.fullmatch(plain(description)) is not None
