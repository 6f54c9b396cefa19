"""The exact-duplicate key. Two contents are the same memory when their canonical words
(`iris.text.canonical`) are the same once the spaces between them are dropped: they differ
only in case, spacing or compounds ("ice cream" / "icecream", "3dogs"), punctuation
("N.H.L."), apostrophes and contractions ("Im" / "I'm" / "I am", "joes" / "joe's"), chat or
British spellings ("ur", "colour") or how a number is written ("forty two" / "42").
Nothing else is folded: a different word, number, order or negation is a different key.
Migration 4 recomputed the keys stored under the previous definition."""

from __future__ import annotations

import hashlib
import re
import unicodedata

from iris.text import canonical

_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})
_TRAILING_PUNCT = re.compile(r"[\s.!?,;:\u2026]+$")


def normalize(content: str) -> str:
    """The canonical words, space-separated (stored in the `normalized` column)."""
    text = unicodedata.normalize("NFKC", content)
    found = canonical(text)
    if found:
        return " ".join(found)
    # A content without words keeps its punctuation, so it still has a non-empty key.
    text = " ".join(text.translate(_QUOTES).casefold().split())
    return _TRAILING_PUNCT.sub("", text) or text


def key(normalized: str) -> str:
    """The words run together; two numbers side by side stay apart ("3 2" is not "32")."""
    out: list[str] = []
    previous = ""
    for word in normalized.split(" "):
        if previous[-1:].isdigit() and word[:1].isdigit():
            out.append("_")
        out.append(word)
        previous = word
    return "".join(out)


def content_hash(normalized: str) -> str:
    return hashlib.sha256(key(normalized).encode("utf-8")).hexdigest()
