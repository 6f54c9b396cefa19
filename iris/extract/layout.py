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
import unicodedata
from collections import Counter
from itertools import chain, islice, pairwise

from iris import text as english
from iris.extract import segments
from iris.numbers import ORDINALS, UNITS

# List counters count to ten in words ("one) ... two) ...", "first, ... second, ...").
_WORD_NUMBERS = tuple(w for w, n in UNITS.items() if 1 <= n <= 10)
_ORDINALS = tuple(w for w, n in ORDINALS.items() if n <= 10)
_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")
_NUMBER_WORD = "|".join(_WORD_NUMBERS)
_ORDINAL_WORD = "|".join(o + "(?:ly)?" for o in _ORDINALS)
# Ordinal adverbs of other languages that no English sentence uses, so they count as
# counters wherever they stand, even with no punctuation ("... blood ten tweede i went ..."):
# Dutch, German, Polish, French. (Spanish and Italian "segundo", "primo" are English words
# too; with a mark after them they are labels, `split_labelled_marks`.)
_FOREIGN_ORDINALS = {
    **{f"ten {w}": n for n, w in enumerate(("eerste", "tweede", "derde", "vierde", "vijfde"), 1)},
    **{w: n for n, w in enumerate(("erstens", "zweitens", "drittens", "viertens", "fünftens"), 1)},
    **{f"po {w}": n for n, w in enumerate(("pierwsze", "drugie", "trzecie", "czwarte", "piąte"), 1)},
    **{w + "ment": n for n, w in enumerate(("premi\u00e8re", "deuxi\u00e8me", "troisi\u00e8me",
                                            "quatri\u00e8me", "cinqui\u00e8me"), 1)},
}
_FOREIGN_ORDINAL = "|".join(w.replace(" ", r"\s+") for w in _FOREIGN_ORDINALS)

# One counter, with the decoration that makes it a list mark. Named groups say the kind.
# The lookahead names what every kind starts with, so that a run of other marks is passed
# over at one test a character (ten times faster on 40 KB of brackets or dots); its second
# character too: a one-letter word before a comma ("a, a, a, ...") is no counter.
_COUNTER = re.compile(
    r"(?<![\w'])(?=[\w#][\w.):\s\-–—\]/>\ufe0f\u20e3]|[\[(<]#?[\divxa-h])(?:"
    # "point number one": a label word before "number" is part of the counter
    r"(?:(?:item|fact|point|thing|entry)\s+(?=number\b))?"
    rf"(?P<label>item|fact|number|no\.?|point|step|pt\.?|part|thing)\s+(?P<lv>\d{{1,2}}|{_NUMBER_WORD})"
    r"(?:\s*[:.)\-–—,]|\s+is(?:\s+that)?(?=\s))?"  # "Number 1 is that I ..."
    # a keycap emoji ("1️⃣"): a digit, an optional variation selector, the keycap mark
    r"|(?P<key>\d)\ufe0f?\u20e3"
    r"|#\s?(?P<hash>\d{1,2})"
    r"|[\[(<]#?(?P<br>\d{1,2}|[a-h]|[ivx]{1,4})[\])>]\s*[:.]?"
    rf"|(?P<dec>\d{{1,2}}|[a-h]|[ivx]{{1,4}}|{_NUMBER_WORD})(?:\.\)|\)|:|\.(?=\s)|\s?[-–—](?=\s)"
    r"|[\]/>](?=\s))"
    rf"|(?P<ord>\d{{1,2}}(?:st|nd|rd|th)|{_ORDINAL_WORD})(?:\s+off)?\s*[,:.)\-–—]?"
    rf"|(?P<fo>{_FOREIGN_ORDINAL})\s*[,:.)\-–—]?"
    r")(?=\s|(?<=[,:.)\]]))", re.I)  # "Firstly,I ..." needs no space after the comma


# A counter of any decoration: a value (number, letter a-h, roman numeral) with symbols
# around it ("a~", "(1/)", "~1~", "1>>", "<<a>>", "1]]", "1 )") or after a short label word
# ("No.1", "Pt 1:", "Thing a:", "fact 1 ="). Its family is its shape (label, symbols, kind of
# value), so a chain is one decoration counting up from 1, whatever the decoration is.
_QUOTES = "'\"\u201c\u201d\u2018\u2019"
_SHAPE = (rf"(?P<pre>[^\w\s{_QUOTES}]{{0,2}})(?P<val>\d{{1,2}}|[a-h]|[ivx]{{1,4}})"
          rf"(?:\s?(?P<post>[^\w\s{_QUOTES}]{{1,3}}))?(?=\s)")
# ("N.1": one letter is a label only with its dot)
_SHAPED = (re.compile(rf"(?<![\w'])(?P<label>[a-z]{{2,6}}|[a-z](?=\.))(?P<dot>\.)?\s?{_SHAPE}",
                      re.I),
           re.compile(rf"(?<![\w'])(?P<label>)(?P<dot>){_SHAPE}", re.I))


_SHAPED_CHARS = 2000
_MAX_MARKS = 200  # counters read in one line: eight times the 25 facts one message may store
_SIGNS = frozenset({"+", "-", "\u2212", "\u00b1"})  # + - − ±


def _shaped_values(match: re.Match[str]) -> list[tuple[str, int]]:
    """(family, value) readings of a decorated counter; [] when it has no decoration (a bare
    "2" or "at 2" is a number in a fact) or its label is an ordinary word of a clause."""
    label, pre, post = match.group("label"), match.group("pre"), match.group("post") or ""
    decorated = bool(pre or post or match.group("dot"))
    if not decorated and not (label and label[0].isupper() and not label.isupper()):
        return []
    if pre in _SIGNS and not post and not label:
        return []  # a signed number ("I scored +1 and +2 today"), no counter
    lexicon = english.words()
    if label and (label.lower() in lexicon.verbs or (
            label.lower() in lexicon.noun_markers and not match.group("dot"))):
        return []  # "is 1", "at 2"; "No.1" is a label
    raw = match.group("val").lower()
    shape = f"shape:{(label or '').lower()}:{pre}:{post}"
    out = []
    if raw.isdigit():
        out.append((shape + ":n", int(raw)))
    if raw in _ROMAN:
        out.append((shape + ":r", _ROMAN.index(raw) + 1))
    if len(raw) == 1 and raw.isalpha():
        out.append((shape + ":a", ord(raw) - ord("a") + 1))
    return out


def _values(match: re.Match[str]) -> list[tuple[str, int]]:
    """(kind, value) readings of one counter: "i)" may be roman 1 or letter 9."""
    if match.group("fo") is not None:  # counts with the English ordinals: one kind of word
        return [("ord", _FOREIGN_ORDINALS[" ".join(match.group("fo").lower().split())])]
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


_LEFT_DECORATION = re.compile(rf"^[^\w\s{_QUOTES}]{{1,3}}\s+")
_LABEL_REST = re.compile(rf"^[a-z]{{1,6}}\s+[^\w\s{_QUOTES}]{{1,3}}\s+", re.I)


def split_enumeration(line: str) -> tuple[str, list[str]] | None:
    """(text before the first counter, items) when `line` is an enumeration of two items or
    more, else None."""
    # One pass: each kind of counter keeps the run started at its first 1 ("1. 1. 1. ..."
    # with thousands of marks stays linear).
    chains: dict[str, tuple[list[re.Match[str]], int]] = {}
    # Only the first _MAX_MARKS counters: a list is read up to the memory cap anyway, and
    # "1. 1. 1. ..." (13,000 marks) must not cost a reading of each.
    readings = ((mark, _values(mark)) for mark in islice(_COUNTER.finditer(line), _MAX_MARKS)
                if _placed(line, mark))
    # marks of any shape only near the start: a list longer than that is over the memory
    # limit anyway, and "1. 1. 1. ..." (13,000 marks) must not cost three scans of each.
    # Their families are their own, so each pass may build its chains apart.
    shaped = ((mark, _shaped_values(mark)) for pattern in _SHAPED
              for mark in pattern.finditer(line, 0, _SHAPED_CHARS))
    for mark, values in chain(readings, shaped):
        for family, value in values:
            known = chains.get(family)
            if known is None and value == 1:
                chains[family] = ([mark], 2)
            elif known is not None and value == known[1]:
                known[0].append(mark)
                chains[family] = (known[0], value + 1)
    # of chains as long, the one that starts first holds the whole mark ("Bit 1:", not "1:")
    best = max((c for c, _ in chains.values()), key=lambda c: (len(c), -c[0].start()), default=[])
    if len(best) < 2:
        return None
    items = [line[a.end():b.start()] for a, b in pairwise(best)]
    items.append(line[best[-1].end():])
    # "fact 1 = I swim": what is left of the decoration is no part of the item; so is the
    # rest of a label that every item repeats ("First up => ...": "up =>")
    items = [_LEFT_DECORATION.sub("", i.strip(" \t,;:.-–—")) for i in items]
    rests = {m.group().lower() if m else None for m in map(_LABEL_REST.match, items)}
    if len(rests) == 1 and None not in rests:
        items = [_LABEL_REST.sub("", i) for i in items]
    return line[:best[0].start()], [i for i in items if i]


# A free-standing run of symbols: not a word, not plain sentence punctuation. A symbol
# beyond ASCII ("・", "•", "➤", "★") may also be written against the item's first word
# ("・I read ・I swim"); ASCII ones attach to words in other senses ("+1", "~5", "#tag", "<3").
# A symbol in brackets is one too: "(+) I swim (+) I sing".
_SYMBOL = re.compile(r"(?:^|(?<=\s))(?:(\([^\w\s().,;:!?'\"]{1,2}\)|[^\w\s.,;:!?'\"()\[\]{}&%$@]{1,3})(?=\s)"
                     r"|([^\x00-\x7f\w\s])(?=\w))")
# Of the marks written against a word, only symbols and bullet-like punctuation: never a
# currency sign ("€5 and €10"), a quote, a bracket or an ellipsis.
_ATTACHABLE = frozenset({"So", "Sm", "Po"})


def _mark(match: re.Match[str]) -> str | None:
    attached = match.group(2)
    if attached is None:
        return match.group(1)
    return attached if unicodedata.category(attached) in _ATTACHABLE and attached != "\u2026" else None


def split_symbol_marks(line: str) -> tuple[str, list[str]] | None:
    """(text before the first mark, items) when one symbol mark occurs twice or more."""
    counts: dict[str, int] = {}
    for match in _SYMBOL.finditer(line):
        if (mark := _mark(match)) is not None:
            counts[mark] = counts.get(mark, 0) + 1
    repeated = [mark for mark, n in counts.items() if n >= 2]
    if not repeated:
        return None
    mark = max(repeated, key=lambda m: counts[m])
    after = r"(?=\s)" if mark.isascii() else r"(?=\s|\w)"
    pieces = re.split(rf"(?:^|(?<=\s)){re.escape(mark)}{after}", line)
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
    # ✅ → => ~ [x] - * + >, and a bullet before a task box ("- [x] ", markdown's)
    r"|(?:[^\w\s(\[\"'“‘]+\s*)?\[[ x✓]?\]\s*|[^\w\s(\[\"'“‘]+\s*"
    r")", re.I)


def strip_mark(item: str) -> str:
    """`item` without a leading list mark."""
    match = _LINE_MARK.match(item)
    return item[match.end():] if match else item


# The lead of a line: a value and/or a label with symbols around it ("<<a>> ", "1]] ",
# "--> ", "Thing a: ", "1 ) ").
_LEAD = re.compile(
    rf"\s*(?:(?P<label>[a-z]{{2,6}})(?P<dot>\.)?\s?)?(?P<pre>[^\w\s{_QUOTES}]{{0,3}})"
    rf"(?P<val>\d{{1,2}}|[a-h]|[ivx]{{1,4}})?\s?(?P<post>[^\w\s{_QUOTES}]{{0,3}})\s+", re.I)


def strip_marks(lines: list[str]) -> list[str]:
    """The lines of a list without their marks: a known mark (`strip_mark`), or any lead of
    symbols (with a value or a short label) that starts two lines or more in the same shape."""
    shapes: list[tuple[re.Match[str] | None, tuple[str, ...] | None]] = []
    for line in lines:
        lead = _LEAD.match(line)
        shape = None
        value = (lead.group("val") or "") if lead else ""
        # a value needs symbols after it: "-I am" is a dash before "I", not a counter "-i"
        if lead and (lead.group("post") or (lead.group("pre") and not value)):
            kind = "n" if value.isdigit() else "a" if value else ""
            shape = ((lead.group("label") or "").lower(), lead.group("pre"), kind,
                     lead.group("post"))
        shapes.append((lead, shape))
    counts = Counter(shape for _, shape in shapes if shape)
    return [_TASK_BOX.sub("", line[lead.end():], count=1) if lead and shape and counts[shape] >= 2
            else strip_mark(line) for line, (lead, shape) in zip(lines, shapes, strict=True)]


# A task box after a shared bullet ("- [x] ", markdown's task list) is part of the mark.
_TASK_BOX = re.compile(r"^\[[ x\u2713]?\]\s*", re.I)


# A mark after an item's label: "First up => I ...", "numero uno -> I ...", "Initially — I ...",
# "To kick off... I ...", "EINS) I ...": free-standing, or glued to the label's last word.
_LABEL_MARK = re.compile(rf"(?:\.{{3}}|\u2026|\)|[^\w\s.,;:!?()\[\]{{}}&%$@{_QUOTES}]{{1,3}})(?=\s)")
# ("w/ two dogs", "b/ c": a slash after one letter abbreviates a word, no boundary)
_BOUNDARY = re.compile(r"(?:[.;:,!?]|(?<![\s(]\w)(?<!^\w)/)\s")
_LABEL_WORDS = 4  # "On top of which... I ..."
_MARKS_TRIED = 3


def _label(before: str, glued: bool) -> tuple[str, str] | None:
    """(what comes before the label, the label) of the text before a mark, when the label is
    a few words after a sentence boundary, or the word the mark is glued to."""
    before = before.rstrip()
    cut = max((m.end() for m in _BOUNDARY.finditer(before)), default=-1)
    tail = before[cut:] if cut >= 0 else ""
    if cut < 0 and glued:
        space = before.rfind(" ")
        cut, tail = space + 1, before[space + 1:]
    words = re.findall(r"[\w'\u00ba]+", tail)
    if cut < 0 or not 0 < len(words) <= _LABEL_WORDS:
        return None
    lexicon = english.words()
    if any(english.normalise(w) in segments.PERSONAL or w.lower() in lexicon.finite_verbs
           for w in words):
        return None  # "I love it -> ..." says something; a label does not
    return before[:cut], tail


def split_labelled_marks(line: str, is_clause: segments.ClauseTest) -> tuple[str, list[str]] | None:
    """(text before the first label, items) when a mark repeats after a short label each time
    ("First up => I swim. Second up => I sing"): the labels are dropped. Every item must be a
    clause and no label one ("We love being outdoors - going for hikes, having picnics - plus
    ..." is no list)."""
    by_mark: dict[str, list[re.Match[str]]] = {}
    for match in _LABEL_MARK.finditer(line):
        by_mark.setdefault(match.group(), []).append(match)
    # the few most frequent marks only: a line of random symbols must stay linear
    for mark, marks in sorted(by_mark.items(), key=lambda kv: -len(kv[1]))[:_MARKS_TRIED]:
        if len(marks) < 2 or (mark == ")" and "(" in line):
            continue
        found = _labelled_items(line, marks, is_clause)
        if found:
            return found
    return None


def _labelled_items(line: str, marks: list[re.Match[str]],
                    is_clause: segments.ClauseTest) -> tuple[str, list[str]] | None:
    pieces, start, label_words = [], 0, 0
    for index, mark in enumerate(marks):
        before = line[start:mark.start()]
        # a glued ellipsis ends a sentence ("I am in the army... I ..."), a glued ")" a label
        glued = (mark.start() > 0 and not line[mark.start() - 1].isspace()
                 and mark.group() not in ("...", "\u2026"))
        found = _label(before, glued) or _counter_label(before, line[:marks[0].start()])
        if found is None and index == 0:
            found = ("", "")  # the head's label is cut below, once the others' size is known
        if found is None or (found[1] and is_clause(found[1])):
            return None
        pieces.append(found[0])
        label_words = label_words or len(found[1].split())
        start = mark.end()
    if pieces[0] == "" and label_words:  # "ya so First up => ...": as many words as the others
        head = line[:marks[0].start()].rstrip().rsplit(None, label_words)
        pieces[0] = head[0] if len(head) > label_words else ""
    items = [p.strip(" \t,;:.-\u2013\u2014/") for p in pieces[1:]] + [line[start:].strip()]
    # each item is a statement, or at least about the user ("my first toy a lite brite")
    if any(len(item.split()) < 2 or not (is_clause(item, reach=8) or segments.OWN_SUBJECT.search(item))
           for item in items):
        return None
    return pieces[0].strip(), items


def _counter_label(before: str, head: str) -> tuple[str, str] | None:
    """ "1º | I swim 2º | I sing": no boundary, but the last word is a counter of the same shape
    as the head's last word."""
    words, heads = before.split(), head.split()
    if not words or not heads or not any(ch.isdigit() for ch in words[-1]):
        return None
    if re.sub(r"\d", "9", words[-1]) != re.sub(r"\d", "9", heads[-1]):
        return None
    return before.rstrip()[:-len(words[-1])], words[-1]
