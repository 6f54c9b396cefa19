"""Text hygiene at the boundary, for any language (English-specific handling is iris/text.py).

    encoding_problem   why a str cannot be written as UTF-8: a lone surrogate, which is what
                       Python makes of a byte that was not UTF-8 (argv, surrogateescape) or of
                       half a UTF-16 pair escaped in JSON ("\\ud800"); the pipeline and the
                       tools turn it into an InputError or a failed item, never a traceback
    strip_invisible    removes zero-width and bidirectional control characters
    noise_problem      why a memory has no real words (only digits and punctuation, or a
                       character or a short unit repeated: "aaaa...", "abab...")
    printable          a str that can always be printed and stored (for showing a refused item)

Invisible characters are removed, not refused: a user cannot see them (they come with text
pasted from web pages and chat apps), so refusing would fail a fact that looks fine, and
removing them makes "I like tea" and "I like<U+200B> tea" one memory. Bidi overrides are
removed too, so a stored memory reads in the order it is compared (no "Trojan Source").
"""

from __future__ import annotations

import re

# U+200B-U+200F zero-width space/non-joiner/joiner, LRM, RLM; U+202A-U+202E bidi embeddings
# and overrides; U+2060 word joiner; U+2066-U+2069 bidi isolates; U+FEFF byte order mark.
INVISIBLE = "".join(map(chr, [*range(0x200B, 0x2010), *range(0x202A, 0x202F), 0x2060,
                              *range(0x2066, 0x206A), 0xFEFF]))
_DELETE_INVISIBLE = dict.fromkeys(map(ord, INVISIBLE))

_SURROGATE = re.compile("[\ud800-\udfff]")
# A run of letters (any script); digits, "_" and punctuation split runs.
_LETTERS = re.compile(r"[^\W\d_]+")
# A unit of at most this many letters repeated at least this many times is not a word.
_NOISE_UNIT = 4
_NOISE_REPEATS = 3


def encoding_problem(text: str) -> str | None:
    """None when `text` encodes as UTF-8; else what is wrong and where (character index)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        code = ord(text[exc.start])
        if 0xDC80 <= code <= 0xDCFF:  # surrogateescape: an undecodable byte
            return f"is not valid UTF-8: byte 0x{code - 0xDC00:02X} at position {exc.start}"
        return f"contains a lone surrogate U+{code:04X} at position {exc.start}"
    return None


def strip_invisible(text: str) -> str:
    return text.translate(_DELETE_INVISIBLE)


def printable(text: str) -> str:
    """`text` with every lone surrogate replaced by U+FFFD."""
    return _SURROGATE.sub("\ufffd", text)


def noise_problem(text: str) -> str | None:
    """None when `text` holds at least one real word: a run of letters that is not one short
    unit repeated ("I", "N26", "Zoë", "我喜欢喝茶" are words; "aaaa", "ababab", "zzz" are not)."""
    runs = _LETTERS.findall(text)
    if not runs:
        return "content has no words (only digits, punctuation or symbols)"
    if all(_repeated(run.lower()) for run in runs):
        return "content has no real words (only a few letters repeated, like 'aaaa')"
    return None


def _repeated(run: str) -> bool:
    n = len(run)
    for unit in range(1, _NOISE_UNIT + 1):
        if n >= unit * _NOISE_REPEATS and run == (run[:unit] * (n // unit + 1))[:n]:
            return True
    return False
