"""Chat closers after the last fact ("... I keep bees appreciate it", "... many thanks",
"... tyvm", "... ok?"): a small learned model, not a word list.

The model is a logistic regression over word 1-2-grams and character 2-5-grams (the intent
model's features, `iris.intent.features`) that tells a closing phrase from the end of an
ordinary sentence. It is trained from CLINC150 (shipped as `intents/closers/clinc150.jsonl`,
CC BY 3.0), a short list of generic chat closers (`intents/closers/generic.jsonl`: "lol",
"cheers mate", "that's all", "got it?") and the sign-offs of a letter or a text
(`intents/closers/signoffs.jsonl`: "best wishes", "tia", "gotta run"; kept apart because
the chat span model of `chat.py` trains on generic.jsonl and was not retrained for them):
closers are those and the utterances of CLINC's
`thank_you` and `goodbye` intents; non-closers are the last one to four words of utterances
of the other intents, and the same with a closer after a few of their words (so a tail that
only ends in a closer is not one).

Training needs scikit-learn; using the model does not: the weights are shipped as JSON
(`closers.json`, written by `python -m iris.extract.closers train`), each n-gram's weight,
summed per phrase. `python -m iris.extract.closers cv` prints the cross-validated accuracy.

`closing_start(text)` is where a closer at the end of `text` starts: the longest tail of at
most `MAX_WORDS` words that the model scores a closer, with no word about the user in it."""

from __future__ import annotations

import json
import random
import re
import sys
from functools import lru_cache
from pathlib import Path

from iris import text as english
from iris.extract import ngram_model
from iris.paths import intents_dir

MAX_WORDS = 4
# Probability above which a tail is a closer; a single word needs more ("later", "great").
THRESHOLD = 0.85
ONE_WORD_THRESHOLD = 0.95
WEIGHTS = Path(__file__).with_name("closers.json")
# Inverse regularisation strength. At the shared default (2.0) the model underfit its own
# training closers ("lol" 0.947, "laters gator" 0.84: under the thresholds) and a closer
# added to the data moved them across; at 4.0 they score over 0.96 and 0.86.
C = 4.0
CLOSER_INTENTS = ("thank_you", "goodbye", "generic_closer")
_PERSONAL = frozenset({"i", "im", "ive", "my", "mine", "we", "our", "us"})
_PEOPLE = frozenset({"he", "she", "they", "it", "his", "her", "their", "him", "them", "hes", "shes",
                     "theyre", "its"})
_WORD = re.compile(r"[\w'\u2019]+")
_AUXILIARIES = frozenset({"is", "are", "am", "was", "were", "be", "been", "has", "have", "had",
                          "do", "does", "did", "will", "can", "isnt", "arent", "wasnt"})
# What follows a verb in a closer: "thank you", "appreciate it", "talk soon", "have a good one".
_CLOSER_OBJECTS = frozenset({"you", "ya", "u", "me", "it", "that", "this", "soon", "later", "again", "all",
                             "so", "very", "much", "a", "for", "heaps"})
_DANGLING = frozenset({"and", "or", "but", "n", "i", "we", "he", "she", "they", "is", "am",
                       "are", "was", "were"})
_PUNCT = re.compile(r"[.,;:!?\-\u2013\u2014]")
_DEGREE = frozenset({"very", "so", "really", "too", "pretty", "quite", "not", "always", "never"})


def _data_paths() -> list[Path]:
    return sorted((intents_dir() / "closers").glob("*.jsonl"))


features = ngram_model.features


@lru_cache(maxsize=1)
def _model() -> ngram_model.NgramModel:
    return ngram_model.NgramModel.load(WEIGHTS)


def probability(phrase: str) -> float:
    return _model().probability(phrase)


# A chat interjection opening the message's last few words ("... two cats omg toddler just hit
# send", "... my favorite sport ugh autocorrect sorry", "... a transplant gtg baby's awake"):
# what follows it is about the typing, not the fact. Longer than the model's tails, so a
# pattern; no word about the user or a person may follow it ("... lol my cat is called Bob",
# "... is 21 lol she collects fossils" are facts).
# Nor a word that joins another fact on ("... and omg also hubs is adopted").
_INTERJECTION_TAIL = re.compile(r"\s(?:omg+|ugh+|argh+|gtg|g2g|brb|oops|welp|lol|lmao|haha+)"
                                r"(?![\s,]+(?:also|and|plus|btw|but|so|too)\b)"
                                r"(?:[\s,]+[\w'\u2019]+){0,6}[\s.!?]*$", re.I)


def closing_start(text: str) -> int:
    """The start of a closer at the end of `text` (`_closing_start`), or of a tail that a chat
    interjection opens (`_INTERJECTION_TAIL`), whichever is first; len(text) for neither."""
    best = _closing_start(text)
    tail = _INTERJECTION_TAIL.search(text, max(0, len(text) - 80))
    if tail is not None and _PERSONAL.isdisjoint(said := english.word_norms(tail.group())) \
            and _PEOPLE.isdisjoint(said):
        return min(best, tail.start() + 1)
    return best


def _closing_start(text: str) -> int:
    """Where a closer at the end of `text` starts, or len(text) when there is none: of the
    tails of one to `MAX_WORDS` words, the longest the model scores a closer and whose first
    word starts closers in the training data. A tail right after a
    verb, a determiner, a preposition or a degree word (with no punctuation between) completes
    the sentence ("my house is nice", "I like it a lot"), so it is never a closer."""
    offset = max(0, len(text) - 80)
    words = list(_WORD.finditer(text, offset))
    weights = _model().weights
    last = min(MAX_WORDS, len(words) - 1)
    if not any(weights.get("s:" + words[-k].group().lower(), 0.0) > 0
               or (k > 1 and _starts_sentence(words[-k].group(), words[-k - 1].group()))
               for k in range(1, last + 1)):
        return len(text)  # no tail opens with a closer's word or a sentence: the loop cuts none
    norms = english.word_norms(text[offset:])  # of the same words
    lexicon = english.words()
    best = len(text)
    for k in range(1, last + 1):
        if norms[-k] in _PERSONAL or (k > 1 and _PUNCT.search(
                text, words[-k].end(), words[-k + 1].start())):
            break  # a closer never spans a sentence end: "... guide. - thanks" is cut at "-"
        before = norms[-k - 1]
        # A capital after a word in lower case starts a sentence whose period was left out
        # ("... years old Have a good one"): "have" there is no auxiliary of the fact before.
        capital = _starts_sentence(words[-k].group(), words[-k - 1].group())
        joined = not capital and not _PUNCT.search(text, words[-k - 1].end(), words[-k].start())
        # A longer tail must open with a word that opens closers (below), and the cut must
        # leave a clause (the caller checks): that guards it. A single word needs more.
        if (norms[-k] in _AUXILIARIES and not capital) or norms[-k] in _DEGREE or (joined and (
                before in _AUXILIARIES or before in _DEGREE or (k == 1 and (
                    before in lexicon.verbs or english.is_gerund(before)
                    or before in lexicon.noun_markers)))):
            continue  # "... the weather is nice", "... is very nice", "... I will call later"
        if weights.get("s:" + words[-k].group().lower(), 0.0) <= 0 and not (capital and k > 1):
            continue  # closers seen in training never start with this word ("old much ...")
        if k > 1 and norms[-k] in lexicon.verbs and norms[-k + 1] not in _CLOSER_OBJECTS:
            continue  # "see ya", "appreciate it" close; "see the sunset", "love food" do not
        if before in lexicon.noun_markers or before in _DANGLING:
            continue  # the cut would leave "... and i", "... in the mornings to"
        start = words[-k].start()
        if probability(text[start:]) >= (THRESHOLD if k > 1 else ONE_WORD_THRESHOLD):
            best = start
    return best


def _starts_sentence(word: str, before: str) -> bool:
    """`word` is capitalised after a word in lower case, and is no "I" ("I", "I'm")."""
    return (word[:1].isupper() and not word.isupper() and before[:1].islower()
            and word.lower().replace("\u2019", "'").split("'")[0] != "i")


def is_closer(text: str) -> bool:
    """`text` as a whole is a closer ("Appreciate it", "Many thanks"): a few words, none
    about the user, that the model scores a closer."""
    norms = [w.lower().replace("'", "") for w in _WORD.findall(text)]
    return (0 < len(norms) <= MAX_WORDS and not _PERSONAL.intersection(norms)
            and probability(text) >= THRESHOLD)


# --- training (scikit-learn) ---------------------------------------------------------------


# A thanks is a thanks word and, often, a word of degree: the model sees the two classes
# combined, so a pairing nobody wrote down ("ty a ton", "cheers loads") still reads as one.
_THANKS_WORDS = ("thanks", "thank you", "thank u", "thx", "thnx", "ty", "ta", "cheers")
_THANKS_DEGREES = ("so much", "a lot", "a bunch", "a ton", "a million", "loads", "heaps",
                   "muchly", "very much", "again", "tons")


def _examples(paths: list[Path], seed: int = 7) -> tuple[list[str], list[int]]:
    rng = random.Random(seed)
    rows = [json.loads(line) for path in paths
            for line in path.read_text(encoding="utf-8").splitlines() if line]
    closers = [r["text"] for r in rows if r["label"] in CLOSER_INTENTS]
    closers += [f"{w} {d}" for w in _THANKS_WORDS for d in _THANKS_DEGREES]
    others = [r["text"] for r in rows if r["label"] not in CLOSER_INTENTS]
    texts, labels = list(closers), [1] * len(closers)
    for text in others:
        words = text.split()
        if len(words) < 2:
            continue
        k = rng.randint(1, min(MAX_WORDS, len(words)))
        tail = " ".join(words[-k:])
        texts.append(tail)
        labels.append(0)
        short = [c for c in closers if len(c.split()) <= 3]
        for _ in range(2):  # a closer after a word or two of a sentence is not one
            head = " ".join(words[-rng.randint(1, 3):])
            texts.append(f"{head} {rng.choice(short)}")
            labels.append(0)
    return texts, labels


def train(paths: list[Path] | None = None, out: Path = WEIGHTS) -> Path:
    paths = paths or _data_paths()
    return ngram_model.save(ngram_model.fit(*_examples(paths), c=C), out, data_fingerprint(paths))


def data_fingerprint(paths: list[Path] | None = None) -> str:
    """sha256 of the training files, so a test can tell stale shipped weights."""
    return ngram_model.fingerprint(paths or _data_paths())


def cross_validate(paths: list[Path] | None = None, folds: int = 5) -> dict[str, float]:
    return ngram_model.cross_validate(*_examples(paths or _data_paths()), THRESHOLD, folds, C)


if __name__ == "__main__":  # pragma: no cover - a developer tool
    command = sys.argv[1] if len(sys.argv) > 1 else "train"
    print(cross_validate() if command == "cv" else train())
