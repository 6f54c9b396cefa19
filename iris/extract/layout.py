"""List layout in one line or one item: enumerations and list marks, found by their shape
rather than from a list of known marks.

- `split_enumeration`: "1) a 2) b", "#1 a #2 b", "[1] a [2] b", "(a) x (b) y", "i) x ii) y",
  "first, a; second, b", "1st a, 2nd b", "number one - a, number two - b", "item 1: a ...".
  A counter is a number, letter, roman numeral, number word or ordinal with some decoration;
  the items are cut only at a run of counters of one kind that counts up from 1, so a number
  inside a fact ("I have 2 cats", "my first car") is left alone.
- `split_symbol_marks`: "👉 a 👉 b", "+ a + b", "~ a ~ b", "-> a -> b": the same free-standing
  symbol twice or more on a line marks items; once, it is a joiner the clause splitter judges.
- `strip_mark`: the mark at the start of one item of a list over several lines
  ("✅ ", "[x] ", "a. ", "(ii) ", "Fact 3: ", "#2 ", "→ ").
"""

from __future__ import annotations

import re
from itertools import pairwise

_WORD_NUMBERS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
             "ninth", "tenth")
_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")
_NUMBER_WORD = "|".join(_WORD_NUMBERS)
_ORDINAL_WORD = "|".join(o + "(?:ly)?" for o in _ORDINALS)

# One counter, with the decoration that makes it a list mark. Named groups say the kind.
_COUNTER = re.compile(
    r"(?<![\w'])(?:"
    rf"(?P<label>item|fact|number|no\.?|point|step|pt\.?|part|thing)\s+(?P<lv>\d{{1,2}}|{_NUMBER_WORD})"
    r"(?:\s*[:.)\-–—,]|\s+is(?:\s+that)?(?=\s))?"  # "Number 1 is that I ..."
    # a keycap emoji ("1️⃣"): a digit, an optional variation selector, the keycap mark
    r"|(?P<key>\d)\ufe0f?\u20e3"
    r"|#\s?(?P<hash>\d{1,2})"
    r"|[\[(<]#?(?P<br>\d{1,2}|[a-h]|[ivx]{1,4})[\])>]\s*[:.]?"
    rf"|(?P<dec>\d{{1,2}}|[a-h]|[ivx]{{1,4}}|{_NUMBER_WORD})(?:\.\)|\)|:|\.(?=\s)|\s?[-–—](?=\s)"
    r"|[\]/>](?=\s))"
    rf"|(?P<ord>\d{{1,2}}(?:st|nd|rd|th)|{_ORDINAL_WORD})(?:\s+off)?\s*[,:.)\-–—]?"
    r")(?=\s|(?<=[,:.)\]]))", re.I)  # "Firstly,I ..." needs no space after the comma


def _values(match: re.Match[str]) -> list[tuple[str, int]]:
    """(kind, value) readings of one counter: "i)" may be roman 1 or letter 9."""
    for group in ("label", "hash", "br", "dec", "ord", "key"):
        raw = match.group("lv" if group == "label" else group)
        if raw is None:
            continue
        raw = raw.lower()
        family = group if group != "label" else f"label:{match.group('label').lower()[:2]}"
        out = []
        if raw.isdigit():
            out.append((family + ":n", int(raw)))
        if raw in _WORD_NUMBERS:
            out.append((family + ":w", _WORD_NUMBERS.index(raw) + 1))
        if raw in _ROMAN:
            out.append((family + ":r", _ROMAN.index(raw) + 1))
        if len(raw) == 1 and raw.isalpha():
            out.append((family + ":a", ord(raw) - ord("a") + 1))
        if group == "ord":
            digits = re.match(r"\d+", raw)
            value = int(digits.group()) if digits else _ORDINALS.index(
                raw.removesuffix("ly")) + 1
            out.append(("ord", value))
        return out
    return []


def _placed(line: str, match: re.Match[str]) -> bool:
    """An ordinal without decoration ("1st I ...") counts only where an item can start: at
    the start or after punctuation, so "my first car and my second home" is one fact."""
    if match.group("ord") is None or match.group().rstrip()[-1] in ",:.)-\u2013\u2014":
        return True
    before = line[:match.start()].rstrip()
    return not before or before[-1] in ",;:.!?"


def split_enumeration(line: str) -> tuple[str, list[str]] | None:
    """(text before the first counter, items) when `line` is an enumeration of two items or
    more, else None."""
    # One pass: each kind of counter keeps the run started at its first 1 ("1. 1. 1. ..."
    # with thousands of marks stays linear).
    chains: dict[str, tuple[list[re.Match[str]], int]] = {}
    for mark in _COUNTER.finditer(line):
        if not _placed(line, mark):
            continue
        for family, value in _values(mark):
            chain = chains.get(family)
            if chain is None and value == 1:
                chains[family] = ([mark], 2)
            elif chain is not None and value == chain[1]:
                chain[0].append(mark)
                chains[family] = (chain[0], value + 1)
    best = max((c for c, _ in chains.values()), key=len, default=[])
    if len(best) < 2:
        return None
    items = [line[a.end():b.start()] for a, b in pairwise(best)]
    items.append(line[best[-1].end():])
    return line[:best[0].start()], [i.strip(" \t,;:.-–—") for i in items if i.strip(" \t,;:.-–—")]


# A free-standing run of symbols: not a word, not plain sentence punctuation.
_SYMBOL = re.compile(r"(?:^|(?<=\s))([^\w\s.,;:!?'\"()\[\]{}&%$@]{1,3})(?=\s)")


def split_symbol_marks(line: str) -> tuple[str, list[str]] | None:
    """(text before the first mark, items) when one symbol mark occurs twice or more."""
    counts: dict[str, int] = {}
    for match in _SYMBOL.finditer(line):
        counts[match.group(1)] = counts.get(match.group(1), 0) + 1
    repeated = [mark for mark, n in counts.items() if n >= 2]
    if not repeated:
        return None
    mark = max(repeated, key=lambda m: counts[m])
    pieces = re.split(rf"(?:^|(?<=\s)){re.escape(mark)}(?=\s)", line)
    items = [p.strip() for p in pieces[1:] if p.strip()]
    return pieces[0].strip(), items


_LINE_MARK = re.compile(
    r"^\s*(?:"
    r"(?:item|fact|number|no\.?|point|step|thing)\s+\w{1,5}\s*[:.)\-–—]\s*"
    r"|\d\ufe0f?\u20e3\s*"  # a keycap emoji
    r"|#\s?\d{1,2}\s*[:.)]?\s+"
    r"|[\[(<]#?(?:\d{1,2}|[a-h]|[ivx]{1,4})[\])>]\s*[:.]?\s+"
    r"|\d{1,2}(?:\.\)|[.):\]/>]|\s?[-–—])\s+"
    r"|(?-i:[a-h])\s[-–—]\s+"  # "a - I swim"
    r"|(?:[a-h]|[ivx]{1,4})(?:\.\)|[):])\s+"
    r"|(?-i:[a-h]|[ivx]{1,4})\.\s+"  # "a. I swim", not "I. M. Pei"
    r"|(?:\[[ x✓]?\]|[^\w\s(\[\"'“‘]+)\s*"  # ✅ → => ~ [x] - * + >
    r")", re.I)


def strip_mark(item: str) -> str:
    """`item` without a leading list mark."""
    match = _LINE_MARK.match(item)
    return item[match.end():] if match else item
