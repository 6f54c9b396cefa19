"""The exact-duplicate key. Two contents are the same memory when they differ only in case,
surrounding or repeated whitespace, curly vs straight quotes, or trailing punctuation."""

from __future__ import annotations

import hashlib
import re
import unicodedata

_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})
_TRAILING_PUNCT = re.compile(r"[\s.!?,;:\u2026]+$")


def normalize(content: str) -> str:
    text = unicodedata.normalize("NFKC", content).translate(_QUOTES).casefold()
    text = " ".join(text.split())
    # A content that is only punctuation keeps it, so it still has a non-empty key.
    return _TRAILING_PUNCT.sub("", text) or text


def content_hash(normalized: str) -> str:
    return hashlib.sha256(normalized.encode("utf-8")).hexdigest()
