"""Chat around the facts, judged by learned models rather than word lists: openers ("welp",
"Good afternoon.", "Okie dokie so"), sign-offs ("over to you", "much obliged!", "k bye"),
requests to the assistant ("- file that away, would you?") and sentences said to it ("What
else...", "Over to you").

Two models (`iris.extract.ngram_model`: word 1-2-grams, character 2-5-grams, the first word)
tell a span said to the assistant from a piece of a fact, one for the start of a message and
one for its end. Chat is CLINC150's training split (read from the shared datasets when
training; CC BY 3.0): whole utterances of its talk intents (greetings, thanks, goodbyes,
questions to the bot), the first words of every request ("can you", "please tell me"), and
the hand-written closers of `intents/closers/generic.jsonl`. Facts are the router's
`memory_store` examples without their command, every WordNet word that never occurs in chat
(words of content) and every run of words at either end of those facts; the end model also
learns the last words of requests ("... when the weather is nice"), which are content.
Persona facts are deliberately not used: every phrasing evaluation is built from the same
494 of them, and a model that has seen each of them as a fact is judged on facts it learned
by heart (measured: 0.1% of their tails scored chat when trained on them, 2.0% when not).
Weights: `chat_start.json`, `chat_end.json`; `python -m iris.extract.chat train` writes them,
`python -m iris.extract.chat cv` prints the cross-validated accuracy.

The model alone never decides: a span is cut only at the very start or end of the message
(or dropped as a whole sentence of at most `MAX_SEGMENT_WORDS` words), only when it holds no
word about the user or anyone else, no number, and what is left is still a clause; a tail
with no punctuation before it must also be short, start with no verb, and follow a finished
clause. So a fact is never dropped for sounding chatty."""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Callable
from functools import lru_cache
from itertools import islice
from pathlib import Path

import yaml

from iris import text as english
from iris.extract import asides, ngram_model
from iris.extract.memo import per_message
from iris.paths import datasets_dir, intents_dir
from iris.store.kinds import dictionary, is_known, is_noun

# Two models: one for the start of a message (openers, and whole sentences said to the
# assistant) and one for its end (closers), which also learns that the end of a request is
# its content ("... when the weather is nice"), not chat.
WEIGHTS = {"start": Path(__file__).with_name("chat_start.json"),
           "end": Path(__file__).with_name("chat_end.json")}
# Probability above which a span is chat. A whole segment (dropped, not trimmed) needs more.
SPAN_THRESHOLD = 0.9
SEGMENT_THRESHOLD = 0.95
MAX_OPENER_WORDS = 8
# "the other thing is | I ...": a longer head before a copula says something ("ok heres the
# thing felix is | my godson").
MAX_CLEFT_WORDS = 4
MAX_CLOSER_WORDS = 8
# A closer with no punctuation before it is short: "... a divorce over to you".
MAX_BARE_CLOSER_WORDS = 4
MAX_SEGMENT_WORDS = 7
# A segment that is all talk about the telling may be longer: "I would like to share a few
# details" (nothing of it is left once the aside is masked).
MAX_ASIDE_WORDS = 12
_CLOSER_ROUNDS = 3
_FRAGMENT_WORDS = 4
# Smaller weights are not shipped: they move no decision (same scores on every phrasing set)
# and would triple the files (the WordNet words bring many rare n-grams).
WEIGHT_FLOOR = 0.05
_CLOSER_LABELS = frozenset({"thank_you", "goodbye", "generic_closer"})
# Words about the user or someone else: a span holding one is part of a fact ("I", "my",
# "she does yoga"), so never cut. Chat is about the assistant ("you") and the talk itself.
_PERSONAL = frozenset({"i", "im", "ive", "id", "me", "my", "mine", "we", "our", "us", "myself",
                       "were", "weve"})
_OWN_SUBJECTS = frozenset({"i", "im", "ive", "id", "my", "we", "our", "were", "weve"})
_OTHERS = frozenset({"he", "she", "they", "hes", "shes", "theyre", "his", "her", "their", "him",
                     "them", "its", "theres"})
_LAST_CLAUSE = re.compile(r"[,;.!?]|\s(?:and|but|or|n|&)\s", re.I)
# Adverbs before a verb: "... but i never | share it".
ADVERBS = frozenset({"never", "always", "still", "also", "really", "just", "often", "usually",
                      "sometimes", "rarely", "only", "even", "ever", "dont", "cant", "wont"})
_COPULAS = frozenset({"is", "are", "was", "were", "am", "be", "been"})
# A tail opening with one of these completes the clause before it ("I go | when the weather
# is nice", "I drink my tea | without sugar"): never a closer.
_CONTINUATIONS = frozenset({"when", "whenever", "if", "because", "since", "while", "although",
                            "though", "unless", "until", "once", "as", "where", "whereas",
                            "before", "after", "so", "than", "like", "at", "in", "on", "with",
                            "without", "for", "from", "of", "to", "by", "about", "into",
                            "during", "near", "and", "or", "but", "n", "cuz", "cos", "bc",
                            "who", "whos", "which", "that", "whose", "whom"})
# CLINC150 intents that are talk with the assistant itself, said whole: the other intents
# are requests whose content words ("... when the weather is nice") are no chat, so only
# their first words are ("can you", "please tell me").
_TALK_INTENTS = frozenset({"greeting", "goodbye", "thank_you", "yes", "no", "maybe", "repeat",
                           "cancel", "what_can_i_ask_you", "are_you_a_bot", "what_is_your_name",
                           "who_made_you", "meaning_of_life", "how_old_are_you",
                           "where_are_you_from", "what_are_your_hobbies", "do_you_have_pets",
                           "tell_joke", "fun_fact", "who_do_you_work_for", "generic_closer"})
_WORD = re.compile(r"[\w'\u2019]+")
# Words that leave a sentence unfinished before a tail: "... and", "... my cat is", "I tell
# people what | I think".
_LINKS = frozenset({"and", "or", "but", "n", "i", "we", "he", "she", "they", "is", "am", "are",
                    "was", "were", "be", "to", "of", "with", "not", "very", "so", "too", "as",
                    "many", "much", "more", "most", "few", "several", "both", "no",
                    "what", "whatever", "how", "why", "whether"})
_DIGIT = re.compile(r"\d")  # "1)", "#2", "pt 3": list marks and numbers belong to the facts
_SENTENCE_END = re.compile(r"[.!?:;\n]\s")
_MARK = re.compile(r"[,.!?:;\-\u2013\u2014\u2026()]+")

ClauseTest = Callable[[str], bool]


@lru_cache(maxsize=2)
def _model(edge: str) -> ngram_model.NgramModel:
    return ngram_model.NgramModel.load(WEIGHTS[edge])


def probability(span: str, edge: str = "start") -> float:
    """How likely `span` is chat rather than (part of) a fact, said at the `edge` ("start"
    or "end") of a message."""
    return _model(edge).probability(span)


def _norms(text: str) -> list[str]:
    return english.word_norms(text)


def _chatty(span: str, edge: str, threshold: float = SPAN_THRESHOLD) -> bool:
    """Every piece of `span` between punctuation marks is chat: "..., thank you" after the
    end of a fact does not make the end of the fact chat."""
    pieces = [p for p in _MARK.split(span) if _WORD.search(p)]
    if edge == "start":  # "hello again,friend": one word after a greeting is who it greets
        pieces = _with_vocatives(pieces)
    return bool(pieces) and all(_chatty_piece(p, edge, threshold) for p in pieces)


# Adverbs that open a clause after a comma, no word of address: "..., now I live in ...".
_OPENING_ADVERBS = ADVERBS | {"now", "then", "today", "tonight", "anyway", "anyways", "well",
                              "also", "here", "there", "again", "yet", "too"}


def _with_vocatives(pieces: list[str]) -> list[str]:
    """`pieces` with a piece of one word joined to the piece before it: judged alone, the
    word of address after a greeting ("friend", "buddy") reads as content."""
    joined: list[str] = []
    for piece in pieces:
        words = _norms(piece)
        # a word of address is a noun: "Just so you've got it, | now I live ..." keeps "now"
        if joined and len(words) == 1 and is_noun(words[0]) and not english.mentions_time(
                words[0]) and words[0] not in _OPENING_ADVERBS:
            joined[-1] = f"{joined[-1]}, {piece.strip()}"
        else:
            joined.append(piece)
    return joined


def _chatty_piece(span: str, edge: str, threshold: float) -> bool:
    """A piece with a word about the user ("I feel old") or someone else ("she does yoga")
    is never chat, whatever the model says: judged without such words, a short fact reads
    like a remark to the assistant. The user's talk about the telling ("I reckon", "from
    my end", `iris.extract.asides`) is left out before judging."""
    rest, aside = asides.masked(span)
    norms = _norms(rest)
    if aside and asides.says_nothing(_norms(span), norms):
        return True  # "I suppose", "hmm let me think", "I trust that is sufficient"
    return (bool(norms) and not _PERSONAL.intersection(norms) and not _OTHERS.intersection(norms)
            and not _DIGIT.search(span) and probability(rest, edge) >= threshold)


@per_message
def is_chat(segment: str) -> bool:
    """A whole segment said to the assistant: a few words, none about the user, that the
    model scores as chat with high confidence ("What else...", "Over to you"), or talk about
    the telling and nothing else ("I would like to share a few details": `iris.extract.asides`),
    which may be longer."""
    norms = _norms(segment)
    if asides.is_wish(segment):
        return True  # "I hope you are well": the user's word only frames a wish for the listener
    if len(norms) > MAX_SEGMENT_WORDS and len(norms) <= MAX_ASIDE_WORDS:
        return not _norms(asides.masked(segment)[0])
    return 0 < len(norms) <= MAX_SEGMENT_WORDS and _chatty_piece(segment, "start", SEGMENT_THRESHOLD)


def _cuts(text: str, words: list[re.Match[str]], start: int = 0) -> list[int]:
    """Candidate cut positions: after a punctuation mark (from `start` on), or at a word start."""
    return sorted({w.start() for w in words} | {m.end() for m in _MARK.finditer(text, start)})


def without_closer(message: str, is_clause: ClauseTest) -> str:
    """`message` without chat closers at the end of its last line ("... a nurse. Do let me
    know if that is unclear. ttyl": a few rounds, each cutting at most `MAX_CLOSER_WORDS`)."""
    for _ in range(_CLOSER_ROUNDS):
        message = message.strip()
        last = message.rfind("\n") + 1
        line = message[last:]
        end = min(closer_start(line, is_clause), asides.hedge_start(line, is_clause))
        cut = message[:last + end].rstrip(" ,;:-\u2013\u2014(")
        if cut == message:
            break
        message = cut
    return message


def without_opener(part: str, is_clause: ClauseTest) -> str:
    """`part` without a chat opener at its start."""
    return part[opener_end(part, is_clause):].lstrip(" ,.!?:;-\u2013\u2014\u2026")


def _is_english(word: str) -> bool:
    """A WordNet word or an inflection of one (`iris.store.kinds.is_known`), or a verb or
    noun marker of the lexicon ("the", "my"): "bees", "cats" are English; "anyhoo" is not."""
    lexicon = english.words()
    return is_known(word) or word in lexicon.verbs or word in lexicon.noun_markers


# Indefinite pronouns are subjects: "everything I cook has garlic in it".
_INDEFINITE = re.compile(r"(?:every|some|any|no)(?:thing|one|body|where)")


_CHAT_SPEAK = re.compile(r"[a-z]+(?:-[a-z]+)*")
# Openers of chat-speak are this short: "ngl", "fwiw", "lol so".
MAX_CHAT_SPEAK_WORDS = 2


def is_chat_speak(word: str) -> bool:
    """A word of chat-speak by its shape: letters only (a hyphen between), no English word
    (`_is_english`), no word of the closed classes the rules read ("when", "my"):
    "anyhoo", "ngl", "ta-ra", "fwiw". A name or a brand is no chat-speak either, but reads
    like it: callers only take one where a fact cannot be (a lone word after a sentence, the
    words before the user's own subject)."""
    norm = word.lower()
    return bool(_CHAT_SPEAK.fullmatch(norm)) and not _is_english(norm) and not (
        norm in _PERSONAL or norm in _OTHERS or norm in _CONTINUATIONS or norm in _LINKS
        or _INDEFINITE.fullmatch(norm))


# What chat-speak may stand before: "I" ("ngl I speak Welsh"), "so" ("lol so I ..."); not
# "my" ("Tariq my flatmate is a DJ" names someone).
_AFTER_CHAT_SPEAK = frozenset({"i", "im", "ive", "id", "so"})


def _chat_speak_end(text: str, is_clause: ClauseTest) -> int:
    """Where the fact starts after a few words of chat-speak before "I" ("ngl I speak
    Welsh", "Fwiw i ..."), or 0. Only the first word may have a capital (a sentence's)."""
    # the words the loop reads: the head, the word after it, and one more for its bound
    words = list(islice(_WORD.finditer(text[:100]), MAX_CHAT_SPEAK_WORDS + 2))
    if not any(english.normalise(w.group()) in _AFTER_CHAT_SPEAK  # one word: its _norms
               for w in words[1:MAX_CHAT_SPEAK_WORDS + 1]):
        return 0  # no "I" or "so" where the fact could start: the cheap test before the lexicon
    for count in range(1, min(MAX_CHAT_SPEAK_WORDS, len(words) - 2) + 1):
        head = [w.group() for w in words[:count]]
        if not all(w.islower() or i == 0 or text.isupper() for i, w in enumerate(head)) \
                or not all(is_chat_speak(w) for w in head):
            return 0
        rest = text[words[count].start():]
        if _norms(words[count].group())[0] in _AFTER_CHAT_SPEAK and is_clause(rest):
            return words[count].start()
    return 0


@per_message
def opener_end(text: str, is_clause: ClauseTest) -> int:
    """Where the fact starts after a chat opener ("welp i can drive" -> 5), or 0: the longest
    head of at most `MAX_OPENER_WORDS` words that is chat and leaves a clause."""
    speak = _chat_speak_end(text, is_clause) or asides.markers_end(text, is_clause,
                                                                      is_chat_speak)
    if speak:
        return speak
    words = list(_WORD.finditer(text[:200]))[:MAX_OPENER_WORDS + 1]
    if len(words) < 3:
        return 0
    limit = words[-1].start()
    opening = _norms(words[0].group())[0]
    if opening in _CONTINUATIONS:
        return 0  # "for vacation i enjoy ...": the fact's own
    # "the county wide bake sale is ...", "everything I cook has garlic": a subject's start
    subject = opening in english.words().noun_markers or _INDEFINITE.fullmatch(opening)
    best = 0
    for cut in _cuts(text[:limit + 1], words):
        if cut == 0 or cut > limit:
            continue
        head, rest = text[:cut], text[cut:].lstrip(" ,.!?:;-\u2013\u2014\u2026")
        first = _norms(rest[:20])[:1]
        marked = len(rest) < len(text) - cut  # "Good afternoon. | I ...", "here goes: | I ..."
        if not first or first[0] in _CONTINUATIONS or not (marked or first[0] in _OWN_SUBJECTS):
            continue  # "one of the languages | that i ...", "the county wide bake | sale is ..."
        # "another thing is | I ...", "the thing is | my ...": a clause after a copula is its
        # complement, and a head of a few words about it can be chat (a name, "buddy is | my
        # dog", is one word)
        said = _norms(head)
        cleft = (3 <= len(said) <= MAX_CLEFT_WORDS and said[-1] in _COPULAS
                 and first[0] in _OWN_SUBJECTS)
        if (subject and not cleft) or (dangling(head) and not cleft):
            continue
        if (rest[:1].isalnum() and head.rstrip()[-1:] != "("
                and _chatty(head.strip(), "start") and is_clause(rest)):
            best = cut
    return best


def closer_start(text: str, is_clause: ClauseTest) -> int:
    """Where a chat closer at the end starts ("... a divorce over to you" -> the space before
    "over"), or len(text): the longest tail of at most `MAX_CLOSER_WORDS` words that is chat
    and leaves a clause."""
    offset = max(0, len(text) - 120)
    words = list(_WORD.finditer(text, offset))[-(MAX_CLOSER_WORDS + 1):]
    if len(words) < 3:
        return len(text)
    first = words[1].start()
    best = len(text)
    for cut in _cuts(text, words, words[0].start()):  # a mark before them ends before `first`
        if cut < first:
            continue
        tail, rest = text[cut:].strip(), text[:cut].rstrip(" ,.!?:;-\u2013\u2014\u2026(")
        head_word = _norms(tail[:30])[:1]
        if not head_word or head_word[0] in _CONTINUATIONS \
                or head_word[0] in english.words().noun_markers:
            continue  # "I go | when the weather is nice", "... anime | every night"
        marked = len(rest) < cut - 1  # a mark between the fact and the tail
        if (marked or _bare_closer(tail, rest, is_clause)) and _chatty(tail, "end") \
                and _leaves_clause(rest, is_clause):
            best = min(best, cut)
    return best


def _leaves_clause(rest: str, is_clause: ClauseTest) -> bool:
    """What a cut leaves ends in a clause. A heading or an opener may stand before the last
    sentence ("little update about me: ... at the gym | pls n thx xx"); read alone, that
    sentence must not end in an -ing form, which wants the tail as its object ("First off:
    ... I like playing | basketball if that's helpful")."""
    if is_clause(rest):
        return True
    last = _last_part(_SENTENCE_END, rest)
    words = _norms(last[-40:])
    return bool(words) and not english.is_gerund(words[-1]) and is_clause(last)


def _bare_closer(tail: str, rest: str, is_clause: ClauseTest) -> bool:
    """Can `tail`, with no punctuation before it, be a closer after `rest`? Only a few
    words, with no verb to start it or inside it, after a finished clause: "my daughter's |
    name is Mia", "a farm and still | miss the animals", "I like to make | time stop" are
    one sentence each."""
    norms = _norms(tail)
    if len(norms) == 1 and _is_english(norms[0]):
        return False  # "... make time | stop": one English word finishes the clause
    if (norms[0] in english.words().verbs or _MARK.search(tail.rstrip(" .!?"))
            or _COPULAS.intersection(norms)):
        return False  # the word tests first: masking the comment clauses costs more
    said = _norms(asides.masked(tail)[0]) or norms  # "that's the lot, I reckon": 3 words said
    return (len(said) <= MAX_BARE_CLOSER_WORDS and not dangling(rest)
            and is_clause(_last_part(_LAST_CLAUSE, rest)))


def _last_part(pattern: re.Pattern[str], text: str, window: int = 400) -> str:
    """`pattern.split(text)[-1]`, splitting only the end of a long text when two delimiters
    are found there (a closer is tried at several cuts of a line of up to 40 KB)."""
    if len(text) > window:
        parts = pattern.split(text[-window:])
        if len(parts) > 2:
            return parts[-1]
    return pattern.split(text)[-1]


def dangling(rest: str) -> bool:
    """`rest` ends in a word that wants more after it ("my dog is called", "when I lived",
    "I had", "in the"): with no punctuation before the tail, the tail completes it."""
    last = _norms(rest[-40:])[-1:]
    lexicon = english.words()
    return bool(last) and (last[0] in lexicon.verbs or last[0] in lexicon.noun_markers
                           or last[0] in _LINKS or last[0] in _CONTINUATIONS
                           or last[0] in ADVERBS)


# --- training (scikit-learn) ---------------------------------------------------------------


def _chat_paths() -> list[Path]:
    return [datasets_dir() / "clinc150" / "train.jsonl", intents_dir() / "closers" / "generic.jsonl"]


def _fact_paths() -> list[Path]:
    return [intents_dir() / "memory_store.yaml", intents_dir() / "fastpath" / "wordnet_senses.tsv"]


def _facts(chat: set[str]) -> list[str]:
    """Facts about users written for Iris (the router's `memory_store` examples, without
    their command) and every WordNet word that is not a word of chat: words of content.
    Not persona facts: the evaluation sets are built from them, and a model that had seen
    each of them would be judged on facts it learned by heart."""
    from iris.extract.offline import strip_command

    store = yaml.safe_load(_fact_paths()[0].read_text(encoding="utf-8"))["examples"]
    facts = [strip_command(str(example)).rstrip(".!?") for example in store]
    return [f for f in facts if f] + sorted(dictionary() - chat)


def _heads(text: str, rng: random.Random) -> list[str]:
    words = text.split()
    return [" ".join(words[:rng.randint(1, min(_FRAGMENT_WORDS, len(words) - 1))])] \
        if len(words) > 2 else []


def _pieces(text: str, most: int) -> list[str]:
    """Every run of one to `most` words at the start or the end of `text`."""
    words = text.split()
    return [" ".join(part) for k in range(1, min(most, len(words) - 1) + 1)
            for part in (words[:k], words[-k:])]


def _examples(edge: str, seed: int = 11) -> tuple[list[str], list[int]]:
    """Chat: whole utterances of talk with the assistant, the first words of any request
    ("can you", "hey so"), and closers whole or in part. Facts: `_facts` and every run of
    words at either end of one (a fact's head or tail is no chat either), and for the end
    model the last words of requests."""
    rng = random.Random(seed)
    rows = [json.loads(line) for path in _chat_paths()
            for line in path.read_text(encoding="utf-8").splitlines() if line]
    chat = [r["text"] for r in rows if r["label"] in _TALK_INTENTS]
    chat += [h for r in rows for h in _heads(r["text"], rng)]
    chat += [p for r in rows if r["label"] in _CLOSER_LABELS for p in _pieces(r["text"], 3)]
    chat_words = {w for text in chat for w in _norms(text)}
    facts = _facts(chat_words)
    facts += [p for text in facts if " " in text for p in _pieces(text, 30)]
    if edge == "end":  # the end of a request is its content ("... when the weather is nice")
        facts += [" ".join(r["text"].split()[-rng.randint(1, _FRAGMENT_WORDS):]) for r in rows
                  if r["label"] not in _TALK_INTENTS and len(r["text"].split()) > _FRAGMENT_WORDS]
    return chat + facts, [1] * len(chat) + [0] * len(facts)


def train() -> list[Path]:
    return [ngram_model.save(ngram_model.fit(*_examples(edge)), out, data_fingerprint(),
                             floor=WEIGHT_FLOOR)
            for edge, out in WEIGHTS.items()]


def data_fingerprint() -> str:
    return ngram_model.fingerprint([*_chat_paths(), *_fact_paths()])


def cross_validate(edge: str, folds: int = 5) -> dict[str, float]:
    return ngram_model.cross_validate(*_examples(edge), SPAN_THRESHOLD, folds)


if __name__ == "__main__":  # pragma: no cover - a developer tool
    command = sys.argv[1] if len(sys.argv) > 1 else "train"
    print([cross_validate(edge) for edge in WEIGHTS] if command == "cv" else train())
