"""Phrasing messages with the character span of every fact marked: the training and scoring data
of the learned fact segmenter (iris/extract/segmenter.py).

The messages are exactly those of benchmarks/phrasings.py (the same builder, the same random
numbers): each fact is wrapped in two private-use marks before the message is changed (informal
spelling, typos, case, punctuation), and the marks are read off afterwards as spans. A pronoun
unit ("my daughter Mia is 7 and she loves horses") gives two spans, the first clause and the
pronoun clause ("she loves horses"): resolving the pronoun is the pronoun resolver's job.

    from segment_corpus import annotated
    for case in annotated(path): case.message, case.spans, case.accept
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import phrasings

START, END = "\ue000", "\ue001"
_MARKS = re.compile(f"[{START}{END}]")
_SENTENCE_MARKS = ".,;:!?\"'"


@dataclass(frozen=True)
class SpanCase:
    message: str
    spans: list[tuple[int, int]]  # character offsets of each fact, in order
    accept: list[phrasings.Reading]
    style: str
    source: str  # file name and split


def _wrap(text: str) -> str:
    return f"{START}{text}{END}"


def _persona_unit(fact: str) -> phrasings._Unit:
    text = phrasings._inline(fact)
    return phrasings._Unit(_wrap(text), [[[text]]])


def _pronoun_unit(data: dict, split: str, rng) -> phrasings._Unit:
    """phrasings._pronoun_unit (the same parts, the same random draws), the first clause and
    the pronoun clause each wrapped in marks."""
    parts = phrasings.pronoun_parts(data, split, rng)
    text, head = parts.text, parts.head
    # The first clause from the start, the pronoun clause from its pronoun (or from its own
    # start when the pronoun is its object, and the form has lost it) to its end.
    marked_form = parts.form.replace("{second}", "{second}" + END)
    before = marked_form[:marked_form.index("{second}")]
    clauses = list(re.finditer(r"\{[Pp]ron\}", before))
    at = clauses[-1].start() if clauses else len(before)
    marked_form = marked_form[:at] + START + marked_form[at:]
    if "{first}" in marked_form:
        marked = START + marked_form.replace("{first}", "{first}" + END, 1).format(**parts.fields)
    else:
        body = marked_form.format(**parts.fields)
        marked = START + body[:len(head)] + END + body[len(head):]
    assert _MARKS.sub("", marked) == text, (parts.form, text)
    return phrasings._Unit(marked, [[[head], parts.resolved], [[text]]])


def _join(units: list[str], joiner: str) -> str:
    out = units[0]
    for unit in units[1:]:
        if joiner.rstrip().endswith((".", "!")) and not joiner.strip().endswith(("Also", "And")):
            i = 1 if unit.startswith(START) else 0
            unit = unit[:i] + unit[i].upper() + unit[i + 1:]
        out += joiner + unit
    return out


def _read_marks(marked: str) -> tuple[str, list[tuple[int, int]]]:
    spans: list[tuple[int, int]] = []
    out: list[str] = []
    length = 0
    start = None
    for piece in re.split(f"([{START}{END}])", marked):
        if piece == START:
            start = length
        elif piece == END:
            if start is not None:
                spans.append((start, length))
            start = None
        else:
            out.append(piece)
            length += len(piece)
    message = "".join(out)
    # A span never starts or ends on a space or on sentence punctuation the change left at its
    # edge; a symbol of the fact's own ("O+", "$40") stays.
    trimmed = []
    for a, b in spans:
        while a < b and (message[a].isspace() or message[a] in _SENTENCE_MARKS):
            a += 1
        while b > a and (message[b - 1].isspace() or message[b - 1] in _SENTENCE_MARKS):
            b -= 1
        if b > a:
            trimmed.append((a, b))
    return message, trimmed


def annotated(path: Path, personas_path: Path) -> list[SpanCase]:
    data = phrasings.load(path)
    saved = (phrasings._persona_unit, phrasings._pronoun_unit, phrasings._join)
    phrasings._persona_unit, phrasings._pronoun_unit, phrasings._join = \
        _persona_unit, _pronoun_unit, _join
    try:
        out = []
        for split in sorted(data["seeds"]):
            plain = phrasings.build_cases  # the same builder, marks inside
            for case in plain(split, personas_path=personas_path, data=data):
                message, spans = _read_marks(case.message)
                accept = [[[_MARKS.sub("", s) for s in fact] for fact in reading]
                          for reading in case.accept]
                out.append(SpanCase(message, spans, accept, case.style, f"{path.name}:{split}"))
        return out
    finally:
        phrasings._persona_unit, phrasings._pronoun_unit, phrasings._join = saved


def generated(personas_path: Path, split: str = "dev", n: int = 1000,
              seed: int = 1) -> list[SpanCase]:
    """eval_extract.py's persona generator (its development half and seed), each fact found in
    the message in order; a message where one is not found is left out."""
    from eval_extract import COMMA_FACTS, build_cases, load_personas

    out = []
    for case in build_cases(load_personas(personas_path, split), COMMA_FACTS[split], n, seed):
        lowered, spans, at = case.message.lower(), [], 0
        for fact in case.facts:
            text = phrasings._inline(fact).lower()
            start = lowered.find(text, at)
            if start < 0:
                break
            spans.append((start, start + len(text)))
            at = start + len(text)
        if len(spans) == len(case.facts):
            out.append(SpanCase(case.message, spans, [[[f] for f in case.facts]], case.style,
                                f"generator:{split}"))
    return out


_PUNCTUATION = re.compile(r"[.,;:!?]")


def without_punctuation(case: SpanCase) -> SpanCase:
    """The case as dictated or typed fast: no punctuation at all, the spans moved with it."""
    kept = [i for i, ch in enumerate(case.message) if not _PUNCTUATION.match(ch)]
    new_index = {old: new for new, old in enumerate(kept)}
    message = "".join(case.message[i] for i in kept)
    spans = []
    for a, b in case.spans:
        inside = [new_index[i] for i in range(a, b) if i in new_index]
        if inside:
            spans.append((inside[0], inside[-1] + 1))
    return SpanCase(message, spans, case.accept, case.style + "/nopunct-augmented", case.source)


def augmented(cases: list[SpanCase]) -> list[SpanCase]:
    """Each message written in sentences, again with no punctuation: the run-on form that
    voice dictation and fast typing give, which the sets hold few of."""
    return [without_punctuation(c) for c in cases
            if "nopunct" not in c.style and "\n" not in c.message
            and _PUNCTUATION.search(c.message) and len(c.spans) > 1]


# Chat around the facts in other words than the phrasing sets': real users' thanks, goodbyes
# and greetings (CLINC150's thank_you, goodbye and greeting utterances, CC BY 3.0, read from
# the shared datasets; only the model's weights are shipped) and the short list below of
# letter closings, thanks and goodbyes in other languages and remarks about the message. Each
# writer of a phrasing set brings sign-offs the others did not; the model learns from these
# that whatever chat ends a message is no part of its last fact, not only the chat it saw.
_CLOSINGS = (
    "yours faithfully", "yours sincerely", "yours truly", "sincerely", "respectfully",
    "regards", "kind regards", "warm regards", "best regards", "warmest wishes",
    "best wishes", "all the best", "thanks and regards", "with gratitude", "with thanks",
    "thanks in advance", "many thanks in advance", "take care", "talk soon", "ttyl", "xoxo",
    "hugs", "love you lots", "peace out", "stay safe", "god bless", "cheers for that",
    "hope this helps", "hope that makes sense", "I hope that is clear", "that's everything",
    "that is all for now", "that's the lot", "end of list", "let me know if you need more",
    "shout if anything is unclear", "ping me if you have questions", "sorry for the long message",
    "sorry for the typos", "sent from my phone", "typed on mobile", "over and out",
    "gracias", "muchas gracias", "merci", "merci beaucoup", "danke", "vielen dank",
    "grazie", "grazie mille", "obrigado", "obrigada", "arigato", "arigatou gozaimasu",
    "xie xie", "kamsahamnida", "spasibo", "dziękuję", "děkuji", "köszönöm", "tack så mycket",
    "tusen takk", "kiitos", "dank je wel", "bedankt", "teşekkürler", "sağ ol", "efharisto",
    "toda raba", "shukriya", "dhanyawad", "nandri", "asante sana", "terima kasih",
    "salamat po", "cảm ơn", "khob khun ka", "mahalo", "mulțumesc", "hvala", "дякую",
    "спасибо", "谢谢", "ありがとう", "감사합니다", "شكرا", "धन्यवाद", "ευχαριστώ", "תודה",
    "adiós", "ciao", "tschüss", "au revoir", "à bientôt", "hasta luego", "sayonara",
    "namaste", "shalom", "aloha", "khuda hafiz", "tot ziens", "hej då", "arrivederci",
    "até logo", "tchau", "do svidaniya",
)
_NAMES = ("Tom", "Priya", "J.", "Ana", "Kwame", "Li Wei", "Sven", "Fatima", "M", "Olu", "Rosa",
          "Dmitri", "Aiko", "Sam", "Grace", "Mehmet", "Nikhil", "Zoe", "Bongani", "Lucía")
_OPENERS = ("Dear Iris,", "Hi Iris", "Hello there", "Hey hey", "Good morning Iris",
            "Namaste Iris", "Hola", "Bonjour", "Salut", "Hallo", "Ciao Iris", "Yo", "Sup",
            "Greetings", "Hi team", "To whom it may concern,", "Assalamu alaikum", "G'day",
            "As discussed,", "Further to my last email,", "With reference to our call,",
            "Following up on our chat,", "As mentioned before,", "Per my previous note,",
            "In case it comes up later,", "For your kind information,", "Just so it's on file,",
            "Quick context about me:", "Some background on myself:", "Apropos of nothing,",
            "Long story short,", "Not sure if relevant but", "This might be useful later:")
_EMOJI = ("🙏", "🙂", "😊", ":)", "xx", "x", "😅", "👍", "🤗", "<3")


def _chat_utterances(clinc: Path) -> tuple[list[str], list[str]]:
    import json

    closers, openers = list(_CLOSINGS), list(_OPENERS)
    for line in clinc.read_text().splitlines():
        row = json.loads(line)
        if row["label"] in ("thank_you", "goodbye"):
            closers.append(row["text"])
        elif row["label"] == "greeting":
            openers.append(row["text"])
    return closers, openers


def _cased(text: str, rng) -> str:
    kind = rng.random()
    if kind < 0.4:
        return text[:1].upper() + text[1:]
    if kind < 0.5:
        return text.upper()
    return text


def chat_around(cases: list[SpanCase], clinc: Path, seed: int = 5) -> list[SpanCase]:
    """Every third message again with a closer after it (after a space, a mark or a line
    break, sometimes a name or an emoji after it), one in four of those with a greeting
    before it: the spans move with the greeting, the chat is outside every fact."""
    import random

    rng = random.Random(seed)
    closers, openers = _chat_utterances(clinc)
    out = []
    for case in cases[::3]:
        closer = _cased(rng.choice(closers), rng)
        if rng.random() < 0.25:
            closer += rng.choice((", ", " ", ",\n", "\n-")) + rng.choice(_NAMES)
        if rng.random() < 0.25:
            closer += " " + rng.choice(_EMOJI)
        message = case.message.rstrip() + rng.choice((" ", " ", ". ", "! ", ", ", " - ", "\n\n",
                                                      "\n", " ... ")) + closer
        shift = 0
        if rng.random() < 0.25:
            opener = _cased(rng.choice(openers), rng) + rng.choice((" ", "! ", ", ", ". ", "\n"))
            message, shift = opener + message, len(opener)
        out.append(SpanCase(message, [(a + shift, b + shift) for a, b in case.spans],
                            case.accept, case.style + "/chat-augmented", case.source))
    return out


# Requests to the assistant around the facts ("Can you help me plan meals for next week? Oh and
# for future reference, ...", "... anyway, what's the weather tomorrow"): CLINC150's and
# HWU64's utterances (training splits, read from the shared datasets; only the model's weights
# are shipped) of every intent but the memory ones and the chat ones above, those with no word
# about the user as a subject or owner ("i", "my", "we"), so that none of them reads as a fact.
_ASIDE_INTENTS = frozenset({"thank_you", "goodbye", "greeting", "oos", "user_name", "change_user_name",
                            "general_quirky", "general_praise", "general_explain", "general_affirm",
                            "general_negate", "general_confirm", "general_dontcare",
                            "general_repeat", "general_commandstop", "general_joke"})
_ABOUT_THE_USER = re.compile(r"\b(?:i|i'm|im|i've|ive|i'd|i'll|my|mine|we|our|us)\b", re.I)
_BEFORE_FACTS = ("? ", ". ", "? Oh and ", "? Also, ", "? btw ", ". Before that, ", " - also ",
                 "\n", "? And for the record, ", ", but first ")
_AFTER_FACTS = (" ", ". ", "? ", ". Anyway, ", "! Now ", " - anyway ", "\n", ", and ")


def _requests(paths: list[Path]) -> list[str]:
    import json

    out = []
    for path in paths:
        for line in path.read_text().splitlines():
            row = json.loads(line)
            if (row["label"] not in _ASIDE_INTENTS and not row["label"].startswith("qa_")
                    and "memory" not in row["label"] and not _ABOUT_THE_USER.search(row["text"])):
                out.append(row["text"])
    return out


def requests_around(cases: list[SpanCase], paths: list[Path], seed: int = 11) -> list[SpanCase]:
    """Every fifth message again with a request to the assistant before it or after it: the
    spans move with a request before, the request is outside every fact."""
    import random

    rng = random.Random(seed)
    requests = _requests(paths)
    out = []
    for case in cases[2::5]:
        request = _cased(rng.choice(requests), rng)
        if rng.random() < 0.5:
            opener = request + rng.choice(_BEFORE_FACTS)
            message, shift = opener + case.message, len(opener)
        else:
            message, shift = case.message.rstrip() + rng.choice(_AFTER_FACTS) + request, 0
        out.append(SpanCase(message, [(a + shift, b + shift) for a, b in case.spans],
                            case.accept, case.style + "/requests-augmented", case.source))
    return out


# "and" in the languages users mix into English ("I like tea y también I own a dog", "aur"):
# the phrasing sets join facts with English words almost only.
_CONJUNCTIONS = ("y", "y también", "e", "e anche", "et", "et aussi", "und", "und auch", "en",
                 "og", "och", "i", "a", "és", "ja", "ve", "và", "dan", "dan juga", "at", "aur",
                 "aur bhi", "na", "и", "kai", "és még", "ve de")
_AND = re.compile(r"\band\b", re.I)
_ONSETS = ("b", "ch", "d", "dz", "g", "h", "j", "k", "kh", "l", "m", "n", "p", "r", "s", "sh", "t",
           "ts", "v", "z", "zh")
_VOWELS = ("a", "e", "i", "o", "u", "y", "ie", "ou")


def _made_up_joiner(rng) -> str:
    """A joiner no list holds: a short conjunction or none, then one or two made-up words
    the dictionary does not know, so the model learns that words of a language it has never
    seen, between two clauses, belong to neither ("a poza tym", "i jeszcze", "aur phir")."""
    from iris.store.kinds import is_known

    words = [rng.choice(("", "a", "i", "e", "y", "u", "na", "ta"))]
    while len(words) < 1 + rng.randint(1, 2):
        word = "".join(rng.choice(_ONSETS) + rng.choice(_VOWELS) for _ in range(rng.randint(1, 3)))
        word += rng.choice(("", "", "m", "n", "k", "t"))
        if len(word) > 2 and not is_known(word):
            words.append(word)
    return " ".join(w for w in words if w)


def foreign_joins(cases: list[SpanCase], seed: int = 9) -> list[SpanCase]:
    """Every fourth message with more than one fact again, each "and" between two facts
    written in another language (half of them from a list, half made up, see
    `_made_up_joiner`; a made-up one is said between every two facts of its message): the
    spans after it move with it."""
    import random

    rng = random.Random(seed)
    out = []
    for case in cases[1::4]:
        if len(case.spans) < 2:
            continue
        message, spans, shift = case.message, [case.spans[0]], 0
        made_up = _made_up_joiner(rng) if rng.random() < 0.5 else None
        for (_, end), (start, stop) in zip(case.spans, case.spans[1:], strict=False):
            gap = _AND.search(message, end + shift, start + shift)
            if gap:
                word = made_up or rng.choice(_CONJUNCTIONS)
                message = message[:gap.start()] + word + message[gap.end():]
                shift += len(word) - 3
            spans.append((start + shift, stop + shift))
        if message != case.message:
            out.append(SpanCase(message, spans, case.accept, case.style + "/joins-augmented",
                                case.source))
    return out
