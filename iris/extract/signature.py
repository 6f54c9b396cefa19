"""The signature block under a message: the lines after the last fact that sign it off.

A letter or a text ends in lines of their own: a valediction ("Warm regards,", "Cheers")
and perhaps a name or an initial under it ("T.", "Sam"), or a mail signature of a few short
lines (name, job title, company, phone number), a mail client's device line ("Sent
from my Android phone", "Sent via Outlook") or a request to the assistant about the message
("Please confirm once stored."). Read line by line from the bottom, before any list
structure: the structure splitter reads each line as an item, so "T." became a fact.

Only whole lines under another line are read, so "Thanks to my mum I can swim" or a list
item "- cheers" (no line of its own: the mark is part of it) is never one."""

from __future__ import annotations

import re

from iris import text as english
from iris.extract import chat, closers
from iris.extract.clauses import FIRST_PERSON
from iris.extract.wrappers import is_request

# A mail client's line: "Sent from my iPhone", "Sent via Gmail", "Get Outlook for Android",
# "Sent frm my phone".
_DEVICE_LINE = re.compile(
    r"(?:sent\s+(?:from|frm|via|with|using)|get\s+outlook\s+for)(?:\s+[\w'&.+-]+){1,5}\W*", re.I)
# A name or an initial signed under a valediction: "T.", "t", "Sam", "- Jo", "Tom x".
_NAME_LINE = re.compile(r"[-~\u2013\u2014\s]*(?:[A-Za-z]\.?|[A-Z][a-z]+)(?:\s+(?:[A-Za-z]\.?|x+))?\s*")
# A signature under a valediction: at most this many lines of at most this many words.
_MOST_SIGNATURE_LINES = 3
_MOST_SIGNATURE_WORDS = 5
# A valediction is a few words: longer lines hold a clause.
_MOST_VALEDICTION_WORDS = 4


# A letter's valediction in the languages users write English beside (no model of English
# chat reads them): "Saygılarımla,", "Mit freundlichen Grüßen", "Atentamente", "Pozdrawiam".
_VALEDICTION_ABROAD = re.compile(
    r"(?:sayg(?:ı|i)lar(?:(?:ı|i)mla)?|selamlar|ba ehteram|با احترام|mit freundlichen gr(?:ü|u|ue)(?:ß|ss)en"
    r"|(?:viele |liebe )?gr(?:ü|u|ue)(?:ß|ss)e|cordialement|bien (?:à|a) vous|atentamente"
    r"|(?:un |cordiales |muchos )?saludos?|atenciosamente|cumprimentos|(?:distinti|cordiali) saluti"
    r"|met vriendelijke groet(?:en)?|pozdrawiam|s pozdravem|(?:ü|u)dv(?:ö|o)zlettel|с уважением"
    r"|hormat saya|salam(?: hormat)?)\W*", re.I)


def _valediction(line: str) -> bool:
    words = english.word_norms(line)
    # "T." alone is a name's initial, no valediction (the closer model scores it one)
    return 0 < len(words) <= _MOST_VALEDICTION_WORDS and max(map(len, words)) > 1 and (
        closers.is_closer(line) or chat.is_chat(line) or bool(_VALEDICTION_ABROAD.fullmatch(line)))


def _signs_off(line: str) -> bool:
    """`line` alone signs the message off, without a name under it."""
    return bool(_DEVICE_LINE.fullmatch(line)) or _valediction(line) or is_request(line) \
        or _contact_line(line)


# A mail signature's contact detail, perhaps with its label: "Tel.: +49 (0)89 123 45 67",
# "M: 07700 900123", "e: sam@example.com", "www.example.com".
_CONTACT = re.compile(
    r"(?:(?:tel|phone|ph|mobile|mob|cell|fax|t|m|p|e|email|e-mail|mail|web|w)\.?[ \t]*:?[ \t]*)?"
    r"(?:\+?[\d(][\d ()./-]{6,}\d|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:https?://|www\.)\S+)", re.I)


def _contact_line(line: str) -> bool:
    """A line of contact details, alone or with a name, title or company beside them
    ("Thomas Weber | Acme Ltd | 020 7946 0958"): none says anything about the user."""
    parts = [part for part in re.split(r"[ \t]*[|\u2022\u00b7][ \t]*", line) if part]
    return any(_CONTACT.fullmatch(part) for part in parts) and all(
        _CONTACT.fullmatch(part) or _short_line(part) for part in parts)


# A valediction and a name at the end of the last line, after the last fact ("... I hate math
# class Blessings, Aunty Grace", "... regards, K. Tanaka", "... love Nanna xx", "... Greetings,
# Paulo", "... best regards from Poland"): a sign-off
# written on the fact's own line. The valediction is one no fact ends with (of 12,220
# development messages' gold facts, none matches), and "love" only with kisses after the name
# ("I love Nanna" is a fact). The name is one to three words, none a word of the sentence
# ("best wishes to Ana", "blessings every day" go on), perhaps an age in brackets after it.
_INLINE_VALEDICTION = re.compile(
    r"(?:(?:kind(?:est)?|warm(?:est)?|best|fond(?:est)?|many) regards|regards|(?:many |god )?blessings"
    r"|god bless(?: you)?|yours (?:truly|sincerely|faithfully|ever)|sincerely(?: yours)?"
    r"|(?:best|warm(?:est)?|kind(?:est)?) wishes|all the best"
    r"|(?:lots of |much |all my )?love(?=[ \t]+[a-z]+(?:[ \t]+[a-z]+)?[ \t]+x+\b)"
    r"|(?:(?:kind|warm|best|many) )?greetings|respectfully"
    r"|sayg(?:ı|i)lar(?:(?:ı|i)mla)?)"
    r"(?:[ \t]+from(?=[ \t]))?"  # "best regards from Poland", "greetings from warsaw"
    r"(?:[ \t]*,[ \t]*|[ \t]+)"
    r"(?!(?:to|for|from|and|or|but|with|of|in|on|at|by|the|a|an|my|your|his|her|our|their|every|all|is"
    r"|are|was|were|i|you|we|they|it|that|this)\b)"
    r"(?:[A-Za-z][\w.'-]*[ \t]*){1,3}(?:\([^()\n]{1,20}\)[ \t]*)?(?:x+|xo+)?[ \t]*[.!]*[ \t]*$", re.I)


def _without_inline_valediction(message: str) -> str:
    found = _INLINE_VALEDICTION.search(message, max(0, len(message) - 80))
    if found is None or not re.search(r"\w", message[:found.start()]):
        return message
    before = message[:found.start()]
    # the valediction opens its own words: after a mark, a space or the message's start
    if before and not before[-1].isspace() and before[-1] not in ".,;:!?-":
        return message
    # "my dad sends his regards Tom": the valediction is a noun of the sentence
    words = english.word_norms(before[-30:])
    if words and words[-1] in _OWNERS:
        return message
    return before.rstrip()


_OWNERS = frozenset({"my", "his", "her", "their", "our", "your", "the", "send", "sends", "sent",
                     "sending", "and", "with", "all", "many", "no", "some", "any"})


# The signature delimiter of mail and news ("-- " alone on a line, RFC 3676 4.3; typed
# without its space too): the lines under it are the signature.
_DELIMITER_LINE = re.compile(r"[ \t]*--[ \t]*")


def without_signature(message: str) -> str:
    """`message` without the signature lines at its bottom; the first line always stays (a
    message of one line is no letter)."""
    lines = message.rstrip().split("\n")
    marks = [i for i, line in enumerate(lines) if i and _DELIMITER_LINE.fullmatch(line)]
    # Once, and nothing about the user under it: "--" between list items is a separator.
    if len(marks) == 1 and not any(FIRST_PERSON.search(line) for line in lines[marks[0]:]):
        lines = lines[:marks[0]]
    while len(lines) > 1:
        last = lines[-1].strip()
        if not last:
            lines.pop()
        elif _signs_off(last):
            lines.pop()
        elif (_NAME_LINE.fullmatch(last) and len(lines) > 2
              and _valediction(lines[-2].strip())):
            del lines[-2:]
        elif (block := _signature_block(lines)) is not None:
            del lines[block:]
        else:
            break
    return _without_inline_valediction("\n".join(lines))


def _signature_block(lines: list[str]) -> int | None:
    """Where a valediction starts that has up to three short lines of a mail signature under
    it ("Thanks & Regards," / "Rahul Verma" / "+91 98450 00000", a job title, a company);
    the first line of the message always stays."""
    for above in range(2, _MOST_SIGNATURE_LINES + 2):
        if len(lines) <= above:
            return None
        if _valediction(lines[-above].strip()) and all(
                _signature_line(line.strip()) for line in lines[-above + 1:]):
            return len(lines) - above
    return None


def _signature_line(line: str) -> bool:
    """A name, a job title, a company or a phone number: contact details, or a few words none
    about the user."""
    return _contact_line(line) or _short_line(line)


def _short_line(line: str) -> bool:
    return 0 < len(line.split()) <= _MOST_SIGNATURE_WORDS and not FIRST_PERSON.search(line)
