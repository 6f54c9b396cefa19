"""List structure, split unconditionally: lines, bullets and numbering (judged by shape in
`iris.extract.layout`), a header line over a list, semicolons and sentence ends."""

from __future__ import annotations

import re
from collections.abc import Iterator

from iris import text as english
from iris.extract import command, layout, segments
from iris.extract.clauses import FIRST_PERSON, is_clause
from iris.extract.wrappers import strip_command

# An unmarked heading line over a list of clauses is a few words: "abt me", "so um".
MAX_HEADING_WORDS = 3

# "Things to remember about me:" on a line of its own introduces the list; it is not a fact
# (its words: segments.HEADER_WORDS).


def split_structure(text: str) -> Iterator[tuple[str, bool]]:
    """(part, listed) pairs. `listed` parts came from an explicit list (several lines,
    bullets or numbers): the user already put one fact per item, so they are not split
    further on commas and "and"."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) > 1 and is_header(lines[0], first_of_many=True):
        lines = lines[1:]
    lines = [line for line in lines if not is_header(line)]
    items: list[str] = []
    unmarked = layout.strip_marks(lines) if len(lines) > 1 else lines
    for line, bare in zip(lines, unmarked, strict=True):
        found = (layout.split_enumeration(line) or layout.split_labelled_marks(line, is_clause)
                 or layout.split_symbol_marks(line))
        if found is None:
            items.append(bare)
            continue
        head, listed_items = found
        label = head.rstrip().endswith(":") and len(head.split()) <= 6
        # "I am writing to say that", "Please be advised that": read before stripping, which
        # may take a closing word off the end
        introduces = re.search(r"\bthat\W*$", head, re.I) is not None
        head = strip_command(head)
        # "I moved house: 1) ..." keeps its own fact; so does "my first car a mini // ...": a
        # head about the user is never dropped for lack of a verb.
        if head and (is_clause(head) or FIRST_PERSON.search(head)) and not (label or introduces):
            items.append(head)
        items.extend(listed_items)
    # "things to remember about me: 1) ... 2) ..." leaves its header in front of the list.
    items = [item for item in items if not is_header(item)]
    listed = len(items) > 1
    for item in items:  # lazily: a caller with enough facts stops reading here
        for clause in item.split(";"):
            for sentence in _split_sentences(clause):
                if sentence.strip():
                    yield sentence.strip(), listed


def is_header(line: str, *, first_of_many: bool = False) -> bool:
    """A line that introduces the list ("Things to remember about me:"). The first line of
    several may end without a colon ("store this for me", "It is important that you
    remember") when it is a command with nothing left after the command is taken off."""
    body = line.rstrip()
    if first_of_many and not body.endswith(":"):
        if is_clause(body) and strip_command(body) == body \
                and not re.search(r"\bthat\W*$", body, re.I):  # "I wish to inform that"
            return False  # "I keep bees" over "I own a van": no command, a fact of its own
        lead = command.lead_in_end(body, whole=True)
        rest = strip_command(body[lead:]) if lead else body
        return not rest or (rest != body and not is_clause(rest))
    if not body.endswith(":"):
        return False
    if first_of_many and len(body.split()) <= 6 and not FIRST_PERSON.search(body):
        return True  # "OK here goes:" over a list
    body = strip_command(body.rstrip(":"))
    return not body or (bool(segments.HEADER_WORDS.search(body)) and not is_clause(body))


# A heading before a colon may be longer when it has no verb: "Little update on my life:",
# "A few points about myself:", "Summary of my circumstances:".
MAX_COLON_HEADING_WORDS = 8


def heading(label: str) -> bool:
    """`label` ("...:") is a heading: a noun phrase of a few words before a colon, no clause,
    no number and no time word ("My plans for the summer:" says when, so it stays)."""
    body = label.rstrip()
    if not body.endswith(":"):
        return False
    body = body.rstrip(":").strip()
    return (0 < len(body.split()) <= MAX_COLON_HEADING_WORDS and not is_clause(body)
            and not any(c.isdigit() for c in body) and not segments.has_time_word(body))


def bare_heading(first: str, rest: str) -> bool:
    """ "ok listen," / "Please be advised that" over a marked list, "abt me" / "so um" over
    lines that are each a clause: a short first line with no word about the user and no
    clause introduces the items below it."""
    lines = [line.strip() for line in rest.strip().splitlines()[:3]]
    if heading(first) and all(is_clause(line) for line in layout.strip_marks(lines)):
        return True  # "little update on my life:" over clauses, each a fact of its own
    body = strip_command(first).strip(" ,:;-\u2013\u2014")
    if len(first.split()) > 6 or FIRST_PERSON.search(first) or is_clause(body):
        return False
    marked = layout.strip_marks(lines)[0] != lines[0]
    return marked or (len(lines) > 1 and len(first.split()) <= MAX_HEADING_WORDS
                      and all(is_clause(line) for line in lines))


def _split_sentences(text: str) -> Iterator[str]:
    """Lazily: "1. 1. 1. ..." is 13,000 sentences, and a caller past its limit stops early."""
    start = 0
    for match in english.sentence_ends(text):
        yield text[start: match.end()]
        start = match.end()
    yield text[start:]
