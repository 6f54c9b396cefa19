"""Punctuation spoken aloud: a message dictated to a phone or a smart speaker spells its marks
as words ("I like tea full stop", "... end of note", "I swim comma I run"). Left as words they
stay on the fact ("I work at a school full stop") or become one ("Full Stop").

Beside stops, commas and new lines: semicolons, colons, exclamation and question marks, and
quotes said aloud ("open quote", "close quote", "unquote"), which go.

`spoken_marks` puts the mark in place of its words, a closed class read by grammar: a mark
word never follows a determiner or a possessive ("a full stop", "my period", "a new line of
work" are nouns of the fact), and the words that are ordinary nouns too need more:
- "period" only after a finished clause with no determiner just before it ("my period is
  late", "a tough period", "the trial period" stay) and at a sentence's end or before a new
  sentence ("I love period dramas" stays);
- "comma", "new line" and "slash" only between two clauses ("the oxford comma is ..." stays): what
  follows opens a clause (a subject, a capital) or is a connector;
- "colon" not before a word that makes it the organ ("colon cancer")."""

from __future__ import annotations

import re

from iris import text as english
from iris.extract.asides import may_match
from iris.extract.clauses import is_clause

# Unambiguous after a word that is no determiner: "full stop", "end of note".
_STOPS = (r"full[\s-]+stop|end\s+of\s+(?:the\s+)?(?:note|message|dictation)"
          # a voice assistant's own commands at the end: "stop recording", "send message"
          r"|stop\s+recording|end\s+recording|send\s+(?:the\s+)?message")
# Marks no fact says as words after a word that is no determiner; quotes said aloud go.
_OTHERS = (r"semi[\s-]?colon|exclamation\s+(?:mark|point)|question\s+mark|"
           r"(?:open|close|end)\s+quotes?|unquote|dot\s+dot\s+dot|"
           # brackets said aloud: "open bracket a close bracket I ..." is a list's "(a) I ..."
           r"(?:open|close|end)\s+(?:brackets?|parenthesis|parentheses|parens?)")
# An emoji said aloud, as phones' dictation writes it ("smiley face", "thumbs up emoji"):
# goes, at a message's end only ("a smiley face tattoo" is a noun phrase of the fact).
_EMOJI = r"(?:smiley|winky|sad|frowny|laughing|crying)\s+face|[a-z]+(?:\s+up)?\s+emoji"
# A list's bullet said aloud ("dot point", Australian; "bullet point"): before a clause only.
_BULLETS = r"dot\s+point|bullet\s+point"
_MARK = re.compile(
    rf"(?=[a-z])(?<![\w'])(?P<word>{_STOPS}|{_OTHERS}|{_BULLETS}|{_EMOJI}|period|comma|colon|slash|new\s+line"
    r"|new\s+paragraph)(?![\w'])"
    r"(?:\s*[.!?,;:]+)?",  # a mark written after the spoken one is the same mark
    re.I)
# Every spoken mark holds one of these: a message with none is passed without a scan.
_MARK_WORDS = ("stop", "end", "colon", "exclamation", "question", "quot", "dot", "bracket",
               "paren", "face", "emoji", "point", "period", "comma", "slash", "new")
_MARKS = {"comma": ",", "new line": ".", "new paragraph": ".", "semicolon": ";", "semi colon": ";",
          "slash": ";",
          "colon": ":", "exclamation mark": "!", "exclamation point": "!", "question mark": "?",
          "open quote": "", "open quotes": "", "close quote": "", "close quotes": "",
          "end quote": "", "end quotes": "", "unquote": "", "dot dot dot": "...",
          "dot point": " \u2022", "bullet point": " \u2022"}
_OPENING = " ("  # the mark of every "open bracket" word; the others close one
_BRACKET = re.compile(r"(?P<side>open|close|end) (?:brackets?|parenthesis|parentheses|parens?)")
_CONNECTORS = frozenset({"and", "but", "also", "plus", "so", "then"})
# "colon cancer", "a colon cleanse": the organ, not the mark.
_COLON_NOUNS = frozenset({"cancer", "surgery", "cleanse", "cleansing", "polyp", "polyps",
                          "health", "screening", "removed"})
_WORDS_BEFORE = 2
# What opens a clause after a mark: a subject, a connector; "I", "my", "the" and the like.
_CLAUSE_OPENERS = frozenset({"i", "im", "ive", "id", "ill", "we", "he", "she", "they", "it",
                             "its", "you", "and", "but", "also", "plus", "so", "then"})


def _opens_clause(rest: str) -> bool:
    """`rest` (what follows a mark word) is empty, punctuation and symbols only, or opens a
    sentence: a subject word, a determiner, a capital."""
    word = re.match(r"\W*([\w']+)", rest)
    if not word:
        return True
    norm = word.group(1).lower().replace("'", "")
    return (word.group(1)[0].isupper() or norm in _CLAUSE_OPENERS
            or norm in english.words().determiners)


def _mark_word(text: str, found: re.Match[str]) -> str | None:
    """The mark word `found` reads, in lower case with single spaces ("full stop", "new
    line"), when it is spoken punctuation; None when it is a word of the fact."""
    before = english.word_norms(text[max(0, found.start() - 60):found.start()])
    word = re.sub(r"[\s-]+", " ", found.group("word").lower())
    if _BRACKET.fullmatch(word):
        return word  # "open bracket a close bracket": the list's letter may be "a"
    if not before:  # a message that is only "Period." is the user's word; "open quote I
        return word if _MARKS.get(word) == "" else None  # keep bees ..." is dictated
    lexicon = english.words()
    if before[-1] in lexicon.noun_markers:
        return None  # "a full stop", "my period", "a new line"
    rest = text[found.end("word"):]
    if re.fullmatch(_STOPS, word, re.I) or re.fullmatch(_OTHERS, word, re.I):
        return word
    if re.fullmatch(_BULLETS, word, re.I):
        return word if _opens_clause(rest) else None
    if re.fullmatch(_EMOJI, word, re.I):
        return word if not re.search(r"\w", rest) else None
    if word == "colon":  # before a list or a clause, not the organ ("colon cancer")
        return None if _next_word(rest) in _COLON_NOUNS else word
    if word == "period":
        # "a tough period", "the trial period": a noun phrase of the fact; "I love period
        # dramas": a noun modifier; only the end of a clause is a spoken stop
        spoken = (not any(w in lexicon.noun_markers for w in before[-_WORDS_BEFORE:])
                  and is_clause(re.split(r"[.!?;\n]", text[:found.start()])[-1])
                  and _opens_clause(rest))
    else:  # "comma", "new line", "slash": between two clauses only
        spoken = bool(re.search(r"\w", rest)) and _opens_clause(rest)
        if word == "slash":  # "slash and burn": a noun before a connector
            spoken = spoken and _next_word(rest) not in _CONNECTORS
    return word if spoken else None


def _next_word(rest: str) -> str:
    """The first word of `rest`, in lower case ("" when there is none)."""
    found = re.match(r"\W*([\w']+)", rest)
    return found.group(1).lower() if found else ""


# An emoji written as its chat shortcode (":white_check_mark:", ":point_right:"), the way Slack,
# Teams and Discord send them as text: a symbol, here a list's bullet. Not a time ("10:30:45").
_SHORTCODE = re.compile(r"(?<![\w:]):(?=[a-z0-9_+-]{0,40}[a-z])[a-z0-9_+-]{2,40}:(?![\w:])")


# A list's letters said aloud ("letter a I swim letter b I knit", "point a um I ..."): read as
# "(a)", "(b)" when the message says at least "a" and "b" so, each before a clause.
_SPOKEN_LETTER = re.compile(r"(?=[a-z])(?<![\w'])(?:letter|point|item)\s+([a-j])"
                            r"(?=\s*,?\s+(?:(?:um|uh|er|erm)\b\W*)?[\w'])", re.I)
_LETTER_WORDS = ("letter", "point", "item")


def _spoken_letters(text: str) -> str:
    if not may_match(text, _LETTER_WORDS):
        return text  # no letter said aloud: no scan (a 40 KB message is read in microseconds)
    found = [m for m in _SPOKEN_LETTER.finditer(text) if _opens_clause(
        re.sub(r"^\W*(?:(?:um|uh|er|erm)\b\W*)?", "", text[m.end():], flags=re.I))]
    if not {"a", "b"} <= {m.group(1).lower() for m in found}:
        return text
    return english.replace_matches(text, found, lambda m: f"({m.group(1).lower()})")


def spoken_marks(text: str) -> str:
    """`text` with its spoken punctuation written as marks: "I like tea full stop I swim" ->
    "I like tea. I swim"; "Iris note that I knit. Full Stop" -> "Iris note that I knit.".
    An emoji's shortcode becomes a bullet (":white_check_mark: I swim" -> "• I swim")."""
    text = _spoken_letters(_SHORTCODE.sub("\u2022", text) if ":" in text else text)
    if not may_match(text, _MARK_WORDS) or not _MARK.search(text):
        return text
    pieces: list[str] = []
    last = 0
    for found in _MARK.finditer(text):
        word = _mark_word(text, found)
        if word is None:
            continue
        head = text[last:found.start()].rstrip()
        bracket = _BRACKET.fullmatch(word)
        mark = (_OPENING if bracket.group("side") == "open" else ")") if bracket else _MARKS.get(word, ".")
        # a stop already written before the spoken one ("I knit. Full Stop") is the same stop
        pieces.append(head if head.endswith((".", "!", "?")) and mark in ".!?"
                      else head + (mark if head else mark.lstrip()))
        last = found.end()
        if mark == _OPENING:  # "open bracket a" -> "(a"
            last += len(text[last:]) - len(text[last:].lstrip())
    pieces.append(text[last:])
    return "".join(pieces)
