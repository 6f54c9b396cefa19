"""The direct handler: the fast path that stores, lists and forgets memories without a model.

    "Remember that I prefer tea."     -> store  "I prefer tea"
    "what do you know about my diet"  -> list   "my diet"
    "forget my old address"           -> forget "my old address"
    anything it is not sure about     -> steps aside (action None) with a reason

A wrong fast-path store puts garbage in a user's memory, while a miss only costs the slower
path, so every rule here leans towards stepping aside. The phrases and word lists live in
`intents/fastpath/` (triggers.yaml, lexicon.yaml); this module holds only the logic.

Speed: most messages mention no memory at all. One precompiled regex over the text sends
those away in about a microsecond with a shared decision object; only the rest are split
into words, and rapidfuzz only ever sees single words at the start (or end) of a message.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from rapidfuzz import fuzz, process

from iris import text as english
from iris.direct.lexicon import SUBJECT_FORMS, TYPO_CUTOFF, Match, Node, Trigger, load
from iris.extract import closers, segmenter
from iris.extract.clauses import holds_run_on
from iris.extract.dictation import spoken_marks
from iris.extract.offline import split_facts_bounded, without_reply_request
from iris.paths import intents_dir
from iris.text import find_norm_words, norm_words, word_positions
from iris.types import DirectDecision

# Longer messages need judgement (and tokenising them is wasted work).
MAX_CHARS = 500
MAX_FACT_WORDS = 40
MAX_FORGET_WORDS = 20
MAX_TOPIC_WORDS = 6
# "remember the garage code is 1904": a subject of this many words before its verb.
MAX_SUBJECT_WORDS = 3
_THIRD_PERSON = frozenset({"he", "hes", "she", "shes", "they", "theyre", "theyve"})
_WH_WORDS = frozenset({"what", "how", "why", "where", "when", "who", "which", "whatever"})

_QUOTES = {'"': '"', "'": "'", "\u201c": "\u201d", "\u2018": "\u2019", "`": "`", "\u00ab": "\u00bb"}
_EDGE_PUNCT = " \t\r\n:;,.!?\u2026-\u2013\u2014"
_LEADING_THAT = re.compile(r"that\s+", re.IGNORECASE)
_SEPARATOR = re.compile(r"[,.;:!(\-\u2013\u2014]")
_INLINE_BULLET_CHAR = re.compile(f"[{english.BULLET_CHARS}]")
_DASH_BULLET = re.compile(r"\s[-*+]\s")  # two of them on a line: "- a - b"
_BULLET = re.compile(r"\s*(?:[-*+\u2022\u00b7>]|\d{1,2}[.)]|\(\d{1,2}\)|[a-zA-Z][.)])\s")
_NUMBERING = re.compile(r"\(\d{1,2}\)|\b\d{1,2}\)\s|\b\d{1,2}\.\s\D*\b\d{1,2}\.\s")
_NUMBER_MARK = re.compile(r"(?:^|\s)\d{1,2}\s?[-\u2013]\s")  # "1- a 2- b"
# On lower-cased text.
_CLAUSE_JOIN = re.compile(r",|&|\s[-\u2013\u2014]\s|\b(?:and|but|plus|while|whereas|or)\b")
# Checked on its own: "i also like tea" must stay one piece for the joins above.
_ALSO_JOIN = re.compile(r"\balso\b")
_ITEM_JOIN = re.compile(r",|&|\b(?:and|or|plus)\b")
_TOPIC_PREPOSITION = re.compile(
    r"(?:about|on|regarding|concerning|related to|of|for|from|in)\b\s*", re.IGNORECASE)
# What follows a list phrase when the user wants everything ("... about me so far").
_NO_TOPIC = frozenset({"", "me", "myself", "us", "me so far", "so far", "about me"})


@lru_cache(maxsize=256)
def _aside(reason: str) -> DirectDecision:
    # Decisions are frozen, so one object per reason can be handed out again and again.
    return DirectDecision(reason=reason)


_NO_TRIGGER = _aside("no_trigger")
_TOO_LONG = _aside("too_long")


class DirectHandler:
    """`decide(text)` -> DirectDecision. Stateless after construction and safe to share."""

    def __init__(self, *, data_dir: Path | None = None, learned: bool = True):
        self._lex = load(Path(data_dir) if data_dir else intents_dir() / "fastpath")
        # Whether the offline extractor is the learned segmenter: then a message it reads as
        # several facts is left to it, whatever the rules below say.
        self._learned = learned and segmenter.MODEL.exists()

    # --- the decision ------------------------------------------------------------------

    def decide(self, text: str) -> DirectDecision:
        """Prefilter, trigger at the start (or a closing "..., remember that"), then the
        reasons to step aside, cheapest first; only a message that passes all of them is
        decided here."""
        lex = self._lex
        lowered = text.lower()
        if not lex.prefilter.search(lowered):
            return _NO_TRIGGER
        if len(text) > MAX_CHARS:
            return _TOO_LONG
        norm = lowered.replace("'", "").replace("\u2019", "")
        words = find_norm_words(norm)
        start = self._skip_courtesies(words)
        match = self._match_prefix(words, start)
        if match is not None and match.trigger.action == "list":
            return self._list(text, words, match)
        if lex.reminders.search(norm):
            return _aside("reminder")

        content_span: tuple[int, int] | None = None
        if match is not None:
            content_span = self._content_span_after(text, words, match)
            if content_span is None:
                match = None
        if match is None:
            match, content_span = self._match_ending(text, words, start)
        signal = lex.multi_signals.search(norm)
        # Without a trigger the signal explains the step aside only in a message that opens
        # like a memory command ("remember the following"); "what's on my list of ..." is
        # just not a memory message.
        if signal and (match is not None or lex.prefilter.search(" ".join(words[start:start + 3]))):
            return _aside(f"multi_fact_signal:{signal.group()}")
        if match is None or content_span is None:
            return _aside("question" if "?" in text else "no_trigger")
        if "?" in text:
            return _aside("question")
        raw_content = text[content_span[0]:content_span[1]]
        structure = self._layout(text) or self._structure(raw_content.lstrip(_EDGE_PUNCT))
        if structure:
            return _aside(structure)
        content = self._clean(raw_content)
        if match.trigger.action == "store":
            problem = self._fact_problem(content, match.trigger)
        else:
            problem = self._forget_problem(content, match.trigger)
        if problem:
            return _aside(problem)
        if match.trigger.action == "store" and self._learned and len(segmenter.facts(text) or []) > 1:
            return _aside("list_structure:segments")
        return DirectDecision(action=match.trigger.action, content=content,
                              trigger=self._trigger_label(words, match), score=match.score)

    # --- triggers ----------------------------------------------------------------------

    def _skip_courtesies(self, words: list[str]) -> int:
        i = 0
        while i < len(words) and words[i] in self._lex.courtesy_starts:
            for n in self._lex.courtesy_lengths:
                if tuple(words[i:i + n]) in self._lex.courtesies:
                    i += n
                    break
            else:
                return i
        return i

    def _walk(self, root: Node, words: list[str], indices: range) -> tuple[Trigger, int] | None:
        """Longest trigger along `indices`; returns it and how many words it took."""
        node, best, taken = root, None, 0
        for i in indices:
            word = words[i]
            child = node.children.get(word)
            if child is None and node.fuzzy and len(word) >= 4 and word not in self._lex.not_typos:
                hit = process.extractOne(word, node.fuzzy, scorer=fuzz.ratio, score_cutoff=TYPO_CUTOFF)
                # An inflection ("remembered", "forgets") is a different word, not a typo; and
                # typos keep the first letter, which keeps "move" from reading as "remove".
                if hit is not None and not word.startswith(hit[0]) and word[0] == hit[0][0]:
                    child = node.children[hit[0]]
            if child is None:
                break
            node, taken = child, taken + 1
            if node.trigger is not None:
                best = (node.trigger, taken)
        return best

    def _match_prefix(self, words: list[str], start: int) -> Match | None:
        found = self._walk(self._lex.prefix, words, range(start, len(words)))
        if found is None:
            return None
        trigger, taken = found
        said = " ".join(words[start:start + taken])
        return Match(trigger, start + taken, fuzz.ratio(said, trigger.phrase))

    def _content_span_after(self, text: str, words: list[str], match: Match) -> tuple[int, int] | None:
        """Where the fact or description starts, or None when the phrase is not used as a
        trigger here ("remember the milk" has no subject after "remember")."""
        tokens = word_positions(text, words)
        if tokens is None:
            return None
        after = tokens[match.end - 1].end()
        if match.trigger.form not in SUBJECT_FORMS:
            return after, len(text)
        if text[after:].lstrip().startswith((":", "-", "\u2013", "\u2014")):
            return after, len(text)
        if match.end < len(words) and (words[match.end] in self._lex.fact_subjects
                                       or match.trigger.form == "subject"
                                       and match.trigger.action == "store"
                                       and self._about_someone(words[match.end:])):
            return tokens[match.end].start(), len(text)
        return None

    def _about_someone(self, words: list[str]) -> bool:
        """A statement about someone or something else right after "remember": "she can't
        hear well", "Tom is allergic to nuts", "the garage code is 1904" (a third-person
        subject, or a short noun phrase and its finite verb). Not "the milk", "the time we
        met", "what she said": no verb of their own, or the subject comes later."""
        lexicon = self._lex.words
        if len(words) < 2 or words[0] in lexicon.verbs or words[0] in _WH_WORDS:
            return False  # "remember going ...", "remember what my daughter says"
        if words[0] in _THIRD_PERSON:
            return True
        for at in range(1, min(len(words), MAX_SUBJECT_WORDS + 1)):
            if words[at] in lexicon.finite_verbs:
                return not any(w in self._lex.clause_subjects or w in self._lex.relative_openers
                               for w in words[:at])
        return False

    def _match_ending(self, text: str, words: list[str],
                      start: int) -> tuple[Match | None, tuple[int, int] | None]:
        """'My wife's name is Ana, remember that.': a trigger that ends the message after a
        separator. The fact is what comes before the separator."""
        end = len(words)
        found = self._walk(self._lex.ending, words, range(end - 1, start - 1, -1))
        if found is None:
            return None, None
        trigger, taken = found
        first = end - taken
        tokens = word_positions(text, words)
        if first <= start or tokens is None or text[tokens[-1].end():].strip(" .!"):
            return None, None
        gap = text[tokens[first - 1].end():tokens[first].start()]
        if not _SEPARATOR.search(gap):
            return None, None
        said = " ".join(words[first:end])
        match = Match(trigger, end, fuzz.ratio(said, trigger.phrase))
        return match, (tokens[start].start(), tokens[first - 1].end())

    def _trigger_label(self, words: list[str], match: Match) -> str:
        if match.trigger.form in SUBJECT_FORMS and match.end < len(words) \
                and words[match.end] in self._lex.fact_subjects:
            return f"{match.trigger.phrase} {words[match.end]}"
        return match.trigger.phrase

    # --- what follows the trigger ------------------------------------------------------

    def _clean(self, content: str) -> str:
        """Drop separators, a leading "that", surrounding quotes, trailing punctuation and
        courtesies; keep the user's wording otherwise."""
        content = spoken_marks(content).strip(_EDGE_PUNCT)  # "I knit full stop"
        filler = self._lex.leading_filler.match(content)
        if filler:
            content = content[filler.end():]
        that = _LEADING_THAT.match(content)
        if that:
            content = content[that.end():]
        previous = None
        while content != previous:
            previous = content
            content = self._without_trailing_courtesy(content).strip(_EDGE_PUNCT)
            if len(content) >= 2 and _QUOTES.get(content[0]) == content[-1]:
                content = content[1:-1].strip()
        content = without_reply_request(content).strip(_EDGE_PUNCT)  # "... reply 'saved' when done"
        # "... my favorite color is blue ta muchly": a closer the word lists do not know
        start = closers.closing_start(content)
        rest = content[:start].rstrip(_EDGE_PUNCT)
        if start < len(content) and rest and self._is_clause(list(norm_words(rest))):
            content = rest
        return content

    def _without_trailing_courtesy(self, text: str) -> str:
        """ "I'm vegan, thanks" -> "I'm vegan, " (the caller strips the separator)."""
        text = text.rstrip(_EDGE_PUNCT)
        lowered = text.lower()
        if len(lowered) != len(text):  # a few characters change length when lower-cased
            return text
        if not lowered.endswith(self._lex.trailing_courtesies):
            return text
        for courtesy in self._lex.trailing_courtesies:
            if lowered.endswith(courtesy):
                cut = len(text) - len(courtesy)
                if cut == 0 or not lowered[cut - 1].isalnum():
                    return text[:cut]
        return text

    @staticmethod
    def _layout(text: str) -> str | None:
        """Line breaks and semicolons anywhere in a message separate items."""
        body = text.strip()
        if "\n" in body:
            return "list_structure:newline"
        if ";" in body:
            return "list_structure:semicolon"
        return None

    def _structure(self, text: str) -> str | None:
        """Signs of a list of facts in a stretch of text."""
        body = self._without_trailing_courtesy(text.strip())
        layout = self._layout(body)
        if layout:
            return layout
        if _BULLET.match(body) or _INLINE_BULLET_CHAR.search(body) \
                or len(_DASH_BULLET.findall(body)) >= 2:
            return "list_structure:bullets"
        if _NUMBERING.search(body) or len(_NUMBER_MARK.findall(body)) >= 2:
            return "list_structure:numbering"
        if next(english.sentence_ends(body, after_number=False, folder=self._lex.folder), None):
            return "list_structure:sentences"
        return None

    def _is_clause(self, words: list[str]) -> bool:
        """A subject and a verb of its own: "she is a doctor", "my kids love pizza"."""
        if len(words) >= 2 and words[0] in self._lex.clause_subjects:
            return True
        return self._has_verb(words)

    def _has_verb(self, words: list[str]) -> bool:
        verbs, nouns = self._lex.words.verbs, self._lex.words.noun_markers
        return any(words[i] in verbs and words[i - 1] not in nouns for i in range(1, len(words)))

    def _fact_problem(self, content: str, trigger: Trigger) -> str | None:
        lex = self._lex
        words = list(norm_words(content))
        if not words:
            return "no_content"
        if len(words) > MAX_FACT_WORDS:
            return "too_long"
        if words[0] in lex.assistant:
            return "about_assistant"
        if trigger.form in ("fact_about_user", "subject_about_user"):
            if not lex.personal.intersection(words):
                return "not_about_user"
            if lex.conversation.intersection(words):
                return "conversation_context"
        if any(tuple(words[:n]) in lex.recall_openers for n in lex.recall_lengths):
            return "recall"
        if not self._is_clause(words):
            return "not_a_fact"
        if ": " in content:  # "it's important: I'm allergic to latex", "wifi: x, door: y"
            return "list_structure:colon"
        if self._several_clauses(content):
            return "list_structure:clauses"
        # The general check: whatever the offline extractor would split into two facts or
        # more is several facts, whatever joins them ("+", "as well as", "#1 ... #2").
        if len(split_facts_bounded(content, limit=1)[0]) > 1:
            return "list_structure:facts"
        if holds_run_on(content):  # the extractor keeps "she ..." on the fact before it
            return "list_structure:run_on"
        return None

    def _several_clauses(self, content: str) -> bool:
        """Clauses joined by commas or "and" that each carry their own subject and verb."""
        lowered = content.lower()
        pieces = _CLAUSE_JOIN.split(lowered)[1:] + _ALSO_JOIN.split(lowered)[1:]
        for piece in pieces:
            words = list(norm_words(piece))
            if words and words[0] == "that":  # "I keep bees and that my van is blue"
                words = words[1:]
            elif words and words[0] in self._lex.relative_openers:
                continue
            if words and self._is_clause(words):
                return True
        return False

    def _forget_problem(self, content: str, trigger: Trigger) -> str | None:
        lex = self._lex
        words = norm_words(content)
        if not words:
            return "no_content"
        if " ".join(words) in lex.vague or words[0] in ("everything", "all", "anything") \
                or all(w in lex.personal or w in lex.words.noun_markers for w in words):
            return "vague_description"
        if len(words) > MAX_FORGET_WORDS:
            return "too_long"
        if lex.conversation.intersection(words):
            return "conversation_context"
        if trigger.form in ("description_about_user", "subject") and not lex.personal.intersection(words):
            return "not_about_user"
        if _ITEM_JOIN.search(content.lower()):
            return "list_structure:items"
        return None

    def _list(self, text: str, words: list[str], match: Match) -> DirectDecision:
        structure = self._structure(text.rstrip(" ?"))
        if structure:
            return _aside(structure)
        tokens = word_positions(text, words)
        if tokens is None:
            return _aside("unusual_text")
        rest = self._clean(text[tokens[match.end - 1].end():])
        preposition = _TOPIC_PREPOSITION.match(rest)
        topic = rest[preposition.end():] if preposition else rest
        topic_words = norm_words(topic)
        if " ".join(topic_words) in _NO_TOPIC:
            if not topic_words and match.trigger.phrase.endswith("about"):
                return _aside("no_topic")  # "what do you know about?"
            topic = ""
        else:
            if rest and not preposition and match.trigger.form == "topic":
                return _aside("list_query_unclear")
            if len(topic_words) > MAX_TOPIC_WORDS or self._has_verb(list(topic_words)):
                return _aside("list_query_complex")
            if match.trigger.form == "topic_about_user" and not self._lex.personal.intersection(topic_words):
                return _aside("topic_not_personal")
            if self._lex.conversation.intersection(topic_words):
                return _aside("conversation_context")
        return DirectDecision(action="list", content=topic or None,
                              trigger=match.trigger.phrase, score=match.score)

