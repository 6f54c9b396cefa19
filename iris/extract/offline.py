"""The offline extractor: split a "remember ..." message into facts with rules, no model.

The rules, in order (`split_facts`):
1. Strip the command from the front of each part: greetings and politeness ("hey", "please",
   "can you"), a command verb ("remember" and its typos, "save", "note", "keep in mind",
   "don't forget", ...) and its object ("that", "these", "the following", ":"), and a
   trailing "thanks".
2. Split on list structure, unconditionally: newlines, bullets, "1." / "2)" numbering,
   semicolons and sentence ends.
3. Split on commas, "and", "also" and "plus" only where BOTH sides are clauses of their own
   (`is_clause`: a subject pronoun and a word after it, or a finite verb after a noun phrase).
   So "I like cats and dogs" and "my anniversary is March 14th, 2010" stay whole ("dogs" and
   "2010" are not clauses), while "I like tacos and I have a dog" becomes two facts.

Type and category live in `iris.extract.tagging`."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from itertools import islice

from rapidfuzz import fuzz

from iris import text as english
from iris.extract import asides, chat, closers, command, joiners, layout, pronouns, segments

# --- 1. the command ------------------------------------------------------------------

_FILLER = re.compile(
    r"(?:hey|hi|hello|ok|okay|so|yo|iris|please|pls|plz|kindly|and|also|oh|btw"
    r"|(?:can|could|would|will) (?:you|u)(?: please)?|i (?:want|need|would like) you to"
    r"|i'd like you to|go ahead and|make sure (?:you|to))\b[\s,!]*",
    re.I,
)
# Verbs that make a command by themselves ("remember I'm vegan", "don't forget I'm vegan").
_BARE_VERBS = re.compile(
    r"(?:keep in mind|bear in mind|don'?t forget|do not forget|never forget|memori[sz]e"
    r"|make a note(?: of)?|take note(?: of)?|jot down|write down|note down)\b", re.I)
# Verbs that need an object or a colon to be a command ("save these:", "note that ...").
_OBJECT_VERBS = re.compile(r"(?:save|store|note|record|add|log|remember)\b", re.I)
_OBJECT = re.compile(
    r"(?:(?:these|some|a few|a couple of|the following|the) (?:facts|things|details|notes|stuff)"
    r"|that|this|these|those|the following|following|some stuff|stuff"
    r"|about me|for me|for later|down|(?:to|in|into) (?:your )?memory|too|as well|:|-|,)"
    r"(?=\W|$)[\s:,\-–—]*",
    re.I,
)
_POLITE_QUESTION = re.compile(r"\W*(?:\w+\W+){0,3}?(?:can|could|would|will) (?:you|u)\b", re.I)
_COMMAND_WORDS = ("remember", "memorize", "memorise")
_TRAILING_COMMAND = re.compile(
    r"[\s,.;]*\b(?:(?:please|pls)\s+)?(?:remember|note|save|store|keep in mind|don'?t forget)"
    r"(?:\s+(?:that|this|these|it|them))?(?:\s+(?:for me|please))?[\s.!]*$", re.I)
_THANKS = re.compile(
    r"[\s,.;!-]*\b(?:(?:thanks|thank you|thx|ty|cheers)(?: (?:so much|a lot|very much))?"
    r"|please|pls|that'?s (?:all|it))[\s.!]*$", re.I)
_CONNECTOR = re.compile(
    r"^(?:&\s*(?:also\b)?|\+\s)[\s,:]*"  # "& he is scared of ...": the sign for "and"
    r"|^(?:and also|and then|and|n|also|plus|oh and|oh|btw|by the way|additionally|furthermore"
    r"|lastly|finally|last but not least|as well as(?: that)?|not to mention(?: that)?"
    r"|in addition|one more thing|so yeah|yeah|yes|yep|yup"
    # a chat opener before "so": "kk so", "right so basically", "alrighty so"
    r"|(?:(?:ok|okay|k|kk|right|alright|alrighty)[\s,]+)?so(?:[\s,]+basically)?)\b[\s,:]*", re.I)
# "Update: I moved", "One more thing: I ...": a short label before a colon, no fact itself.
_LABEL = re.compile(r"^([^:\n]{1,40}):\s+")
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|im|my|we|our|mine)\b", re.I)
# Emoji, emoticons and other symbols after the last word: ":)", "🙏", "!!", ":D", "xD", ";P".
_TRAILING_SYMBOLS = re.compile(r"(?:\s+(?:[^\w\s]+|[:;=8][\-']?[A-Za-z]|[xX][DP]))+$")


def _fuzzy_command_word(text: str) -> int:
    """Length of a leading typo of "remember"/"memorize" ("remeber", "rmember", "remembr"),
    or 0. Typos get a looser check than the exact verbs because they start most messages."""
    match = re.match(r"[a-z]+", text, re.I)
    if not match or len(match.group()) < 5:
        return 0
    word = match.group().lower()
    best = max(fuzz.ratio(word, target) for target in _COMMAND_WORDS)
    return match.end() if best >= 80 else 0


def strip_command(text: str) -> str:
    """The text without a leading "remember that"-style command (or a trailing one).
    Text without a command comes back unchanged, apart from outer whitespace."""
    text = text.strip()
    lead = command.lead_in_end(text)
    if lead:
        rest = _strip_trailing(text[lead:].strip())
        if _POLITE_QUESTION.match(text) and rest.endswith("?"):
            rest = rest.rstrip("? ")
        return rest
    rest = text
    while True:  # leading filler words, any number of them
        match = _FILLER.match(rest)
        if not match or not match.group():
            break
        rest = rest[match.end():]
    verb = _BARE_VERBS.match(rest)
    fuzzy = 0 if verb else _fuzzy_command_word(rest)
    if verb or fuzzy:
        rest = rest[verb.end() if verb else fuzzy:]
        rest = _strip_objects(rest, required=False) or ""  # never None when not required
    else:
        verb = _OBJECT_VERBS.match(rest)
        if not verb:
            return _strip_trailing(text)
        after = rest[verb.end():]
        stripped = _strip_objects(after, required=True)
        if stripped is None:
            return _strip_trailing(text)
        rest = stripped
    rest = _strip_trailing(rest.strip())
    if _POLITE_QUESTION.match(text) and rest.endswith("?"):
        rest = rest.rstrip("? ")  # "can you remember that I like tea?" asks to store a fact
    return rest


def _strip_objects(rest: str, *, required: bool) -> str | None:
    found = False
    while True:
        candidate = rest.lstrip()
        match = _OBJECT.match(candidate)
        if not match or not match.group():
            break
        rest, found = candidate[match.end():], True
    if required and not found:
        return None
    return rest.lstrip(" \t:,-–—")


# A trailing command or thanks is a few words: the end-anchored patterns only ever see this
# many characters of the (right-stripped) tail. Searching the whole text let every position
# of a long run of spaces start a match attempt: quadratic (a 40 KB message took minutes).
_TAIL_CHARS = 120


def _strip_trailing(text: str) -> str:
    text = _TRAILING_SYMBOLS.sub("", text[-_TAIL_CHARS:]) if len(text) <= _TAIL_CHARS else (
        text[:-_TAIL_CHARS] + _TRAILING_SYMBOLS.sub("", text[-_TAIL_CHARS:]))
    text = _without_closer(text.rstrip())
    text = text[:command.sign_off_start(text)].rstrip()
    text = _without_aside(_TRAILING_SYMBOLS.sub("", text[-_TAIL_CHARS:]) if len(text) <= _TAIL_CHARS
                          else text)
    text = _TRAILING_SYMBOLS.sub("", text[-_TAIL_CHARS:]) if len(text) <= _TAIL_CHARS else (
        text[:-_TAIL_CHARS] + _TRAILING_SYMBOLS.sub("", text[-_TAIL_CHARS:]))
    for pattern in (_THANKS, _TRAILING_COMMAND, _THANKS):
        cut = max(0, len(text) - _TAIL_CHARS)
        match = pattern.search(text, cut)
        if match and match.start() > 0:
            text = text[: match.start()].rstrip()
    return text.strip()


# ", just so you're aware", ", you know", ", if u must know": said to the assistant after the fact.
_TRAILING_ASIDE = re.compile(r",\s*((?:[\w']+\s+){0,4}?(?:you|u|ya|you're|youre|ur)(?:\s+[\w']+){0,3})\s*$",
                             re.I)


def _without_aside(text: str) -> str:
    match = _TRAILING_ASIDE.search(text[-_TAIL_CHARS:])
    if match and not _FIRST_PERSON.search(match.group(1)):
        rest = text[:len(text) - len(text[-_TAIL_CHARS:]) + match.start()]
        if is_clause(rest):
            return rest
    return text


def _without_closer(text: str) -> str:
    """`text` without a chat closer after its last clause ("... appreciate it")."""
    start = closers.closing_start(text)
    if start < len(text):
        rest = text[:start].rstrip(" ,.;:!?-\u2013\u2014")
        # what the cut leaves must end in a clause: "my parents | love jazz" is no cut
        last = re.split(r"[,;.!?]", rest[-_TAIL_CHARS:])[-1]
        if is_clause(rest, reach=8) and is_clause(last, reach=8):
            return _TRAILING_SYMBOLS.sub("", rest[-_TAIL_CHARS:]) if len(rest) <= _TAIL_CHARS \
                else rest
    return text


# --- 2. list structure ---------------------------------------------------------------
# "Things to remember about me:" on a line of its own introduces the list; it is not a fact
# (its words: segments.HEADER_WORDS).


def _split_structure(text: str) -> Iterator[tuple[str, bool]]:
    """(part, listed) pairs. `listed` parts came from an explicit list (several lines,
    bullets or numbers): the user already put one fact per item, so they are not split
    further on commas and "and"."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) > 1 and _is_header(lines[0], first_of_many=True):
        lines = lines[1:]
    lines = [line for line in lines if not _is_header(line)]
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
        if head and (is_clause(head) or _FIRST_PERSON.search(head)) and not (label or introduces):
            items.append(head)
        items.extend(listed_items)
    # "things to remember about me: 1) ... 2) ..." leaves its header in front of the list.
    items = [item for item in items if not _is_header(item)]
    listed = len(items) > 1
    for item in items:  # lazily: a caller with enough facts stops reading here
        for clause in item.split(";"):
            for sentence in _split_sentences(clause):
                if sentence.strip():
                    yield sentence.strip(), listed


def _is_header(line: str, *, first_of_many: bool = False) -> bool:
    """A line that introduces the list ("Things to remember about me:"). The first line of
    several may end without a colon ("store this for me", "It is important that you
    remember") when it is a command with nothing left after the command is taken off."""
    body = line.rstrip()
    if first_of_many and not body.endswith(":"):
        lead = command.lead_in_end(body, whole=True)
        rest = strip_command(body[lead:]) if lead else body
        return not rest or (rest != body and not is_clause(rest))
    if not body.endswith(":"):
        return False
    if first_of_many and len(body.split()) <= 6 and not _FIRST_PERSON.search(body):
        return True  # "OK here goes:" over a list
    body = strip_command(body.rstrip(":"))
    return not body or (bool(segments.HEADER_WORDS.search(body)) and not is_clause(body))


def _bare_heading(first: str, rest: str) -> bool:
    """ "ok listen," / "Please be advised that" over a marked list: a short first line with
    no word about the user and no clause introduces the items below it."""
    lines = [line.strip() for line in rest.strip().splitlines()[:3]]
    body = strip_command(first).strip(" ,:;-\u2013\u2014")
    return (layout.strip_marks(lines)[0] != lines[0] and len(first.split()) <= 6
            and not _FIRST_PERSON.search(first) and not is_clause(body))


def _split_sentences(text: str) -> Iterator[str]:
    """Lazily: "1. 1. 1. ..." is 13,000 sentences, and a caller past its limit stops early."""
    start = 0
    for match in english.sentence_ends(text):
        yield text[start: match.end()]
        start = match.end()
    yield text[start:]


# --- 3. commas, "and", "also", "plus" -----------------------------------------------

# Subject pronouns that make a clause wherever they sit ("when i grow up i want ..."), and
# weaker ones that only count at the start ("it is red", not "i like it").
_SUBJECTS = {"i", "i'm", "im", "i've", "ive", "i'd", "i'll", "we", "we're", "we've", "we'd",
             "he", "she", "they", "he's", "she's", "they're", "they've", "weve", "theyre"}
_START_SUBJECTS = {"it", "it's", "its", "there", "there's", "you", "you're", "this", "that's"}
_RELATIVE = {"that", "which", "who", "whom", "whose"}
_COPULAS = frozenset({"is", "are", "was", "were", "am", "isn't", "aren't", "wasn't", "weren't"})
# A clause opening with a relative word belongs to the clause before it (", which is why
# ..."); after a bare comma, so does one opening with a conjunction that cannot start a fact
# of its own (", so I work the late shift"; "since ..." and "when ..." can).
_RELATIVE_OPENERS = frozenset({"which", "who", "whom", "whose", "where"})
_COMMA_OPENERS = frozenset({"so", "because", "but", "although", "though", "unless", "whereas",
                            "or"})
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|'[a-z]+", re.I)
# Split points: a comma (optionally followed by a connector), or a bare connector word.
_JOINS = (r"and also that|and also|and then|and that|and btw|and|n|also|plus|but also|oh and|btw"
          r"|as well as(?: that)?|not to mention(?: that)?")
_DELIMITER = re.compile(
    # ", and another thing, I ...": a linking phrase between commas (after a comma only:
    # "I like another thing" keeps its object)
    rf"(\s*\u2002\s*|\s*,\s*(?:(?:(?:and )?(?:another|one more) thing,|{_JOINS}|that)\s+)?"
    rf"|\s+(?:{_JOINS.replace('|also|', '|')}),?\s+|\s+&\s+"
    # a free-standing symbol between two clauses: "I swim + I sing", "a | b", "a / b",
    # "a ... b", "a :: b"
    r"|\s+[^\w\s.,;:!?'\"()\[\]{}&%$@]{1,3}\s+|\s+(?:\.{2,}|\u2026|::)\s+"
    # "also" right after a pronoun or a copula is an adverb ("i also like", "i am also a")
    r"|(?<!\bi)(?<!\bwe)(?<!\bhe)(?<!\bshe)(?<!\bthey)(?<!\bam)(?<!\bis)(?<!\bare)(?<!\bwas)"
    r"(?<!\bwere)(?<!'m)\s+also\s+)", re.I)


# is_clause reads at most this many characters: enough for the 32 words it may look at
# (with reach 30), plus a few for a leading connector ("last but not least").
_CLAUSE_HEAD_CHARS = 1000
_HEAD_WORDS = 40


def is_clause(text: str, *, reach: int = 5) -> bool:
    """Could `text` stand alone as a statement? True for "I prefer window seats",
    "coffee is my drink", "when i grow up i want to fly"; False for "dogs", "2010",
    "blue eyes", "my mom", "is seven" (no subject), "playing video games" (no finite verb),
    "red hair that comes to my waist" (the only verb is in a relative clause).
    `reach`: how many words of subject may come before the verb."""
    # Only the first words matter: a bounded head keeps a long run linear.
    head = _CONNECTOR.sub("", text[:_CLAUSE_HEAD_CHARS].strip())
    words = [w.group().lower() for w in islice(_WORD.finditer(head), max(8, reach + 1) + 1)]
    if len(words) < 2:
        return False
    if _compound(words, 0):
        return False
    if words[0] in _SUBJECTS or words[0] in _START_SUBJECTS:
        return True
    if words[0] in _COPULAS:
        return False  # "is a retired teacher": a predicate without its subject
    lexicon = english.words()
    for index, word in enumerate(words[:max(8, reach + 1)]):
        after_relative = words[index - 1] in _RELATIVE
        if (word in _SUBJECTS and index + 1 < len(words) and not after_relative
                and not _compound(words, index)):
            return True
        if index == 0 or index > reach or after_relative:
            continue  # a subject noun phrase is short; a verb much later belongs elsewhere
        # A finite verb after at least one word of noun phrase: "coffee is", "my dad taught".
        if _finite(word, lexicon.finite_verbs):
            return True
        # A base form after a plural noun: "two dogs live", "my parents love".
        before = words[index - 1]
        if (word in lexicon.bases and len(before) > 3 and before.endswith("s")
                and not before.endswith("ss") and before not in lexicon.verbs
                and before not in lexicon.noun_markers):
            return True
        # A base form after a compound subject: "my brother and his wife live in Lisbon".
        if (word in lexicon.bases and "and" in words[1:index - 1] and before not in lexicon.verbs
                and before not in lexicon.noun_markers and before != "and"
                and words[0] in lexicon.determiners):
            return True
        if index == 1 and word.endswith("'s"):  # "anna's a nurse"
            return True
        # "my grandfather served", "the store closed": a past tense after a short noun phrase.
        if index in (2, 3) and word.endswith("ed") and words[0] in lexicon.determiners:
            return True
    return False


def _finite(word: str, verbs: frozenset[str]) -> bool:
    """A verb form that makes a clause: "is", "likes", "taught", "isn't" (the lexicon
    spells contractions without the apostrophe)."""
    return (word if "'" not in word else word.replace("'", "")) in verbs


def _compound(words: list[str], index: int) -> bool:
    """"i are ..." is the tail of a compound subject ("my wife and i are ..."), not a clause."""
    return words[index] == "i" and index + 1 < len(words) and words[index + 1] in {"are", "were"}


# How many following chunks may join a run that is judged as one clause ("my daughter,
# Emma, is seven" needs two). A bound keeps "a,a,a,..." linear instead of quadratic.
_MAX_RUN = 8


def _split_clauses(text: str, limit: int | None = None) -> list[str]:
    """The clauses of one sentence; at most `limit` + 1 of them when a limit is given."""
    pieces = _DELIMITER.split(text)
    chunks, delimiters = pieces[0::2], pieces[1::2]
    alone: dict[int, bool] = {}  # is_clause of each chunk, judged once

    def clause_at(i: int) -> bool:
        if i not in alone:
            alone[i] = is_clause(chunks[i])
        return alone[i]

    # Each fact as its pieces plus its head (what is_clause reads), so a fact that keeps
    # growing ("a,a,a,...") is neither copied nor judged again at every step.
    facts: list[list[str]] = [[chunks[0]]]
    head = chunks[0][:_CLAUSE_HEAD_CHARS]
    head_is_clause = is_clause(head, reach=30)
    head_words = len(_WORD.findall(head))
    for index in range(1, len(chunks)):
        # The fact so far already starts at a split point, so its verb may come late
        # ("my favorite type of music to sing is folk").
        if head_is_clause and _run_is_clause(chunks, delimiters, index, clause_at):
            if limit is not None and len(facts) > limit:
                break
            facts.append([chunks[index]])
            head = chunks[index][:_CLAUSE_HEAD_CHARS]
            head_is_clause = is_clause(head, reach=30)
            head_words = len(_WORD.findall(head))
            continue
        facts[-1] += [delimiters[index - 1], chunks[index]]
        # Appending words never turns a clause into none, and past _HEAD_WORDS words it
        # changes nothing is_clause reads: judge the head again only before that.
        if not head_is_clause and head_words < _HEAD_WORDS and len(head) < _CLAUSE_HEAD_CHARS:
            added = delimiters[index - 1] + chunks[index]
            head = (head + added)[:_CLAUSE_HEAD_CHARS]
            head_is_clause = is_clause(head, reach=30)
            head_words += len(_WORD.findall(added))
    return ["".join(fact) for fact in facts]


def _run_is_clause(chunks: list[str], delimiters: list[str], index: int,
                   clause_at: Callable[[int], bool]) -> bool:
    """Judge the right side as the run of this chunk and the following ones that are not
    clauses by themselves, so "my daughter, Emma, is seven" counts as one clause."""
    end = index + 1
    while end < min(len(chunks), index + _MAX_RUN) and (
            not clause_at(end) or _continues_subject(
            chunks[index:end], delimiters[end - 1], chunks[end])):
        end += 1
    run = chunks[index] + "".join(
        d + c for d, c in zip(delimiters[index:end - 1], chunks[index + 1:end], strict=False))
    first = _WORD.match(run.strip())
    opener = first.group().lower() if first else ""
    if opener in _RELATIVE_OPENERS or (
            opener in _COMMA_OPENERS and delimiters[index - 1].strip() == ","):
        return False
    # A possessive subject may be long: "my favorite type of music to sing is folk".
    reach = 8 if opener in ("my", "our") else 5
    if not run.strip():
        return False
    if is_clause(run, reach=reach):
        return True
    # "and on top of that I dance": a linking phrase before the user's own subject. Only
    # looked for when such a subject is near the start, so "a, a, a, ..." stays cheap.
    return bool(segments.OWN_SUBJECT.search(run[:80])) and is_clause(
        segments.strip_discourse(_CONNECTOR.sub("", run.strip()), is_clause, comma=False),
        reach=reach)


def _split_pieces(text: str, limit: int | None = None) -> list[str]:
    """The clauses of one sentence, cut first at discourse joiners ("and uh also")."""
    facts: list[str] = []
    for piece in joiners.cut(text, is_clause):
        facts += _split_clauses(piece, None if limit is None else limit - len(facts))
        if limit is not None and len(facts) > limit:
            break
    return facts


def _continues_subject(run: list[str], delimiter: str, chunk: str) -> bool:
    """ "my mom" + " and " + "dad are teachers": the run so far is a bare noun phrase and the
    chunk finishes its compound subject (one or two words, then a verb), so they belong
    together."""
    words = [w.lower() for w in _WORD.findall(chunk)]
    return (delimiter.strip().lower() == "and" and not is_clause(" ".join(run))
            and len(words) > 1 and words[0] not in _SUBJECTS | _START_SUBJECTS
            and any(_finite(w, english.words().finite_verbs) for w in words[1:3]))


# --- the whole thing -----------------------------------------------------------------


def _without_label(text: str) -> str:
    label = _LABEL.match(text)
    if (label and len(label.group(1).split()) <= 4 and not _FIRST_PERSON.search(label.group(1))
            and is_clause(text[label.end():])):
        return text[label.end():]
    return text


_FACT_START_ROUNDS = 6
# The user saying they are telling, before a clause: "im telling u I ...", "I'm letting you
# know that my ...", or alone over a list ("I'm telling you the truth" stays).
_TELLING = re.compile(r"(?:i'?m|i am) (?:telling|letting) (?:u|you)(?: know)?(?: that)?\b[\s,:]*",
                      re.I)


def _fact_start(text: str) -> str:
    """`text` from where the fact starts: without connectors, linking adverbials and requests
    to the assistant in front of it (a few rounds: "ok, so, moreover, ..." repeated
    thousands of times must not cost a copy of the text per word)."""
    for _ in range(_FACT_START_ROUNDS):
        stripped = _CONNECTOR.sub("", text).strip()
        telling = _TELLING.match(stripped)
        if telling and (telling.end() == len(stripped) or is_clause(stripped[telling.end():])):
            stripped = stripped[telling.end():]
        stripped = stripped[asides.telling_prefix(stripped, is_clause):]
        stripped = segments.strip_discourse(stripped, is_clause)
        stripped = segments.strip_address(stripped, is_clause).strip()
        if stripped == text:
            return text
        text = stripped
    return text


# A connector left at the end of a fact by a comma split: "I live in Alaska, besides".
_TRAILING_CONNECTOR = re.compile(
    r"\s*[,;]\s*(?:(?:and|n)\s+)?(?:also|besides|plus|btw)\s*[,.]?\s*$", re.I)


def clean_fact(text: str) -> str:
    text = _fact_start(_without_label(text.strip()))
    text = _TRAILING_CONNECTOR.sub("", text)
    text = text.strip(" \t\"'“”‘’").rstrip(" .,;:!-–—").lstrip(" ,;:-–—")
    first = text.split(maxsplit=1)[0] if text else ""
    if first.islower():  # a fact reads as a sentence; "iPhone ..." is left alone
        text = text[0].upper() + text[1:]
    return text


_SPACE_RUN = re.compile(r"[ \t]{2,}")
# A wide gap between two words where a sentence end was left out ("I am a nurse  I have a
# cat"): kept as one marked space, a split point the clause splitter judges like a comma.
_WIDE_GAP = re.compile(r"(?<=\w)[ \t]{2,}(?=\w)")
GAP = "\u2002"


# "(please remember that one)", "(don't forget this!)", "(note it)": a request to the
# assistant in brackets, a few words with a command verb (or a typo of "remember") and no
# word about the user. It is no part of a fact.
_BRACKETED_REQUEST = re.compile(
    r" ?\((?=[^()]{0,60}\))(?![^()]*\b(?:i|i'm|im|my|we|our|mine)\b)[^()]*?"
    r"\b(?:rem[a-z]{3,8}|note|forget|save|store|keep in mind)\b[^()]*\)", re.I)


def split_facts(text: str) -> list[str]:
    """The facts in a "remember ..." message, in order, as the user wrote them (runs of
    spaces and tabs read as one space: every later rule then sees linear-size gaps)."""
    return split_facts_bounded(text)[0]


def split_facts_bounded(text: str, limit: int | None = None) -> tuple[list[str], bool]:
    """`split_facts`, reading only until `limit` + 1 facts are found: (facts, whether some of
    the message was left unread). "1. 1. 1. ..." (13,000 items) costs what 51 items cost."""
    text = english.unheld(_SPACE_RUN.sub(" ", _WIDE_GAP.sub(GAP, text)))
    text = _BRACKETED_REQUEST.sub("", text)
    facts: list[str] = []
    first, newline, rest = text.strip().partition("\n")
    if newline and rest.strip() and (_is_header(first, first_of_many=True)
                                     or _bare_heading(first, rest)):
        text = rest  # "save this 4 later" over a list: judged whole, before any stripping
    body = chat.without_closer(strip_command(text), is_clause)
    for index, (part, listed) in enumerate(_split_structure(body)):
        if limit is not None and len(facts) > limit:
            return pronouns.resolve(facts), True  # a part beyond the limit is left unread
        if segments.chat_aside(part, first=index == 0, later=bool(facts)) or segments.chat_aside(
                _strip_trailing(part), first=index == 0, later=bool(facts)) or chat.is_chat(part):
            continue
        part = strip_command(clean_fact(part))
        if index == 0:
            part = clean_fact(chat.without_opener(part, is_clause))
        room = None if limit is None else limit - len(facts) + 1
        for fact in [part] if listed else _split_pieces(part, room):
            fact = clean_fact(strip_command(clean_fact(fact.replace(GAP, " "))))
            if fact and re.search(r"\w", fact) and not chat.is_chat(fact):
                facts.append(fact)
        if limit is not None and len(facts) > limit + 1:
            return pronouns.resolve(facts[:limit + 1]), True
    # "that's all for now" reads as a clause ("that's" + a word) but the model knows it
    if len(facts) > 1 and (closers.is_closer(facts[-1]) or (
            not is_clause(facts[-1]) and not _strip_trailing(facts[-1]))):
        facts.pop()  # "..., appreciate it": a closer after the last fact is no fact
    return pronouns.resolve(facts), False
