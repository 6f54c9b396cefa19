"""English text handling, in one place: the fast path (`iris.direct`), the offline extractor
(`iris.extract.offline`) and the store (`iris.store`) call these instead of keeping their own.

    words(folder)        the word lists of intents/fastpath/lexicon.yaml (verbs, determiners,
                         abbreviations, ...), read once per folder
    normalise, norm_words, word_positions
                         lower case without apostrophes ("Don't" -> "dont"), its words, and
                         where the words sit in the original text
    inflect              -s/-es/-ies and -d/-ed/-ied forms of verb bases
    sentence_ends        where one sentence ends and the next begins ("Dr. Smith" is one)
    BULLET_CHARS         the bullet characters lists use
    tokens, stem         content words for comparing memories: contractions expanded, number
                         words as digits, inflections folded to one key

Every regex here runs in linear time on any input (see tests/test_adversarial.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from iris.errors import ConfigError
from iris.paths import intents_dir

# --- the word lists --------------------------------------------------------------------


def read_yaml(path: Path) -> dict:
    # The C loader, when PyYAML has it, reads the phrase files several times faster.
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(path.read_text(encoding="utf-8"), Loader=loader)  # noqa: S506 (a safe loader)


@dataclass(frozen=True)
class Words:
    """The shared word lists, in the normalised spelling (lower case, no apostrophes)."""

    raw: dict  # the whole lexicon.yaml, for the lists only the fast path uses
    verbs: frozenset[str]  # every form that can be a clause's verb
    finite_verbs: frozenset[str]  # inflected and irregular forms only (not "run", "plan")
    determiners: frozenset[str]  # "my", "the", ...: what opens a noun phrase
    noun_markers: frozenset[str]  # determiners and the words after which a verb form is a noun
    abbreviations: frozenset[str]  # "dr", "e.g": a period after them does not end a sentence


@lru_cache(maxsize=4)
def words(folder: Path | None = None) -> Words:
    """The lexicon in `folder` (default: the shipped intents/fastpath). ConfigError when
    it is missing or malformed."""
    folder = Path(folder) if folder else intents_dir() / "fastpath"
    try:
        lex = read_yaml(folder / "lexicon.yaml")
        inflected = inflect(lex["verbs"], base=False) | inflect(lex["verbs_inflected_only"], base=False)
        irregular = frozenset(lex["irregular_verbs"])
        participles = frozenset(lex["participles"])
        determiners = frozenset(lex["determiners"])
        return Words(raw=lex, verbs=irregular | participles | inflected | frozenset(lex["verbs"]),
                     finite_verbs=irregular | inflected, determiners=determiners,
                     noun_markers=determiners | frozenset(lex["noun_markers"]),
                     abbreviations=frozenset(lex["abbreviations"]))
    except (OSError, yaml.YAMLError, KeyError, TypeError, ValueError) as exc:
        raise ConfigError(f"fast-path phrase data in {folder} is unusable: "
                          f"{type(exc).__name__}: {exc}") from exc


def inflect(bases: list[str], *, base: bool) -> frozenset[str]:
    """The -s and past forms of each verb (and the bases themselves when `base`)."""
    forms: set[str] = set()
    for verb in bases:
        if base:
            forms.add(verb)
        if verb.endswith("y") and verb[-2:-1] not in "aeiou":
            forms.update({verb[:-1] + "ies", verb[:-1] + "ied"})
        elif verb.endswith(("s", "sh", "ch", "x", "z", "o")):
            forms.update({verb + "es", verb + "ed"})
        else:
            forms.update({verb + "s", verb + ("d" if verb.endswith("e") else "ed")})
    return frozenset(forms)


# --- words and where they are ------------------------------------------------------------

# Words of the original text (for positions) and of its normalised form (lower case,
# apostrophes dropped, so "Don't" is "dont"); both give the same words in the same order.
_WORD = re.compile(r"\w+(?:['\u2019]+\w+)*")
_NORM_WORD = re.compile(r"\w+")


def normalise(text: str) -> str:
    return text.lower().replace("'", "").replace("\u2019", "")


def norm_words(phrase: str) -> tuple[str, ...]:
    return tuple(_NORM_WORD.findall(normalise(phrase)))


def find_norm_words(norm: str) -> list[str]:
    """The words of already normalised text."""
    return _NORM_WORD.findall(norm)


def word_positions(text: str, norm_words: list[str]) -> list[re.Match[str]] | None:
    """The words of the original text with their positions; None in the odd case where they
    do not line up with its normalised words."""
    found = list(_WORD.finditer(text))
    return found if len(found) == len(norm_words) else None


# --- sentences and lists ---------------------------------------------------------------

BULLET_CHARS = "\u2022\u00b7\u25aa\u2023\u25e6"  # • · ▪ ‣ ◦
# The lookbehind starts a match only at the first mark of a run: without it every "!" of
# "!!!!...!" started an attempt that scanned the rest of the run (quadratic).
_SENTENCE_END = re.compile(r"(?<![.!?])[.!?]+[\"')\u201d]*\s+(?=\S)")
_INITIAL = re.compile(r"[A-Z]")


def sentence_ends(text: str, *, after_number: bool = True,
                  folder: Path | None = None) -> Iterator[re.Match[str]]:
    """The places where a sentence ends and another starts: end punctuation (and closing
    quotes), then space. Not after an abbreviation ("Dr. Smith", "e.g. tea") or an initial
    ("J. R. R. Tolkien"); not after a number unless `after_number` ("I have 2. cats")."""
    abbreviations = words(folder).abbreviations
    for match in _SENTENCE_END.finditer(text):
        raw = _word_before(text, match.start()).strip("\"'(")
        word = raw.lower()
        if not word or word in abbreviations or _INITIAL.fullmatch(raw):
            continue
        if word.isdigit() and not after_number:
            continue
        yield match


def _word_before(text: str, end: int) -> str:
    # Walk back over one word only (slicing text[:end] for each match would be quadratic).
    start = end
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    return text[start:end]


# --- content words for comparing memories ---------------------------------------------

_CONTRACTIONS = [
    (re.compile(r"\bcan'?t\b|\bcannot\b"), "can not"),
    (re.compile(r"\bwon'?t\b"), "will not"),
    (re.compile(r"\bain'?t\b"), "am not"),
    (re.compile(r"n't\b"), " not"),
    (re.compile(r"'m\b"), " am"),
    (re.compile(r"'re\b"), " are"),
    (re.compile(r"'ve\b"), " have"),
    (re.compile(r"'ll\b"), " will"),
    (re.compile(r"'d\b"), " would"),
    (re.compile(r"'s\b"), ""),  # possessive or "is": neither changes which facts are stated
]
_PHRASES = [
    (re.compile(r"\bcan not (?:stand|bear|tolerate)\b"), "hate"),
    (re.compile(r"\b(\w+) years? old\b"), r"\1"),  # "I am 24 years old" is "I'm 24"
    (re.compile(r"\bwork(s|ed|ing)? as\b"), "as"),  # "I work as a nurse": "I am a nurse"
    (re.compile(r"\b(?:not able|unable) to\b"), "can not"),  # "not able to eat" is "can't eat"
    (re.compile(r"\bfor a living\b|\bby (?:profession|trade)\b|\bprofessionally\b"),
     "professionally"),
]
_TOKEN = re.compile(r"[a-z0-9]+(?:\.[0-9]+)?")

_NUMBER_WORDS = {
    w: str(i) for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen "
        "fourteen fifteen sixteen seventeen eighteen nineteen twenty".split())
}
_NUMBER_WORDS.update({"thirty": "30", "forty": "40", "fifty": "50", "sixty": "60",
                      "seventy": "70", "eighty": "80", "ninety": "90", "hundred": "100",
                      "dozen": "12", "twice": "2", "once": "1", "single": "1", "a couple": "2"})



SYNONYMS = {
    "own": "have", "owns": "have", "possess": "have", "kid": "child", "kids": "child",
    "children": "child", "mom": "mother", "mum": "mother", "mommy": "mother", "mama": "mother",
    "dad": "father", "daddy": "father", "papa": "father", "grandma": "grandmother",
    "granny": "grandmother", "grandpa": "grandfather", "favourite": "favorite",
    "colour": "color", "colours": "color", "flavour": "flavor", "neighbour": "neighbor",
    "film": "movie", "films": "movie", "tv": "television", "telly": "television",
    "automobile": "car", "vehicle": "car", "large": "big", "jog": "run", "jogging": "run",
    "jogs": "run", "reside": "live", "resides": "live", "house": "home", "job": "work",
    "career": "work", "profession": "work", "occupation": "work", "employed": "work",
    "physician": "doctor", "attorney": "lawyer", "buddy": "friend", "pal": "friend",
    "pals": "friend", "puppy": "dog", "doggy": "dog", "kitty": "cat", "kitten": "cat",
    "spicy": "hot", "various": "different", "inside": "indoors", "outside": "outdoors",
    "attend": "go", "attends": "go", "attended": "go",
    "begin": "start", "began": "start", "beginning": "start",
    "vacation": "holiday", "vacations": "holiday", "holidays": "holiday",
    "beverage": "drink", "sneakers": "shoe", "trainers": "shoe", "cellphone": "phone",
    "mobile": "phone", "hubby": "husband", "spouse": "partner", "guitarist": "guitar",
    "went": "go", "gone": "go", "ran": "run", "ate": "eat", "eaten": "eat", "drank": "drink",
    "read": "read", "wrote": "write", "written": "write", "taught": "teach", "bought": "buy",
    "grew": "grow", "grown": "grow", "born": "bear", "made": "make", "saw": "see",
    "seen": "see", "met": "meet", "sang": "sing", "sung": "sing", "swam": "swim",
    "drove": "drive", "driven": "drive", "rode": "ride", "ridden": "ride", "won": "win",
    "lost": "lose", "felt": "feel", "kept": "keep", "left": "leave", "spent": "spend",
    "built": "build", "thought": "think", "knew": "know", "known": "know", "gave": "give",
    "given": "give", "took": "take", "taken": "take", "fell": "fall", "fallen": "fall",
    "men": "man", "women": "woman", "people": "person", "feet": "foot", "teeth": "tooth",
    "mice": "mouse", "geese": "goose", "wives": "wife", "lives": "life", "knives": "knife",
}


def stem(word: str) -> str:
    """Crude but consistent: both sides of a comparison go through it, so it only has to
    map a word's inflections to one key (bake/baked/baking/bakes -> bak)."""
    word = SYNONYMS.get(word, word)
    if len(word) <= 3 or word.isdigit():
        return word
    for suffix, repl in (("ies", "y"), ("ied", "y"), ("ing", ""), ("ed", ""),
                         ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            word = word[: -len(suffix)] + repl
            break
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiouls":
        word = word[:-1]  # running -> runn -> run
    word = SYNONYMS.get(word, word)
    return word.rstrip("ey") if len(word) > 3 else word


def tokens(text: str) -> list[str]:
    """The words of `text` for comparing memories: lower case, contractions expanded
    ("can't" -> "can not"), number words as digits, "24 years old" as "24"."""
    text = text.lower().replace("\u2019", "'")
    for pattern, repl in _CONTRACTIONS:
        text = pattern.sub(repl, text)
    text = text.replace("a couple of", "2").replace("no longer", "not longer")
    text = text.replace("any more", "anymore")
    for phrase, repl in _PHRASES:
        text = phrase.sub(repl, text)
    return [_NUMBER_WORDS.get(word, word) for word in _TOKEN.findall(text)]


# --- words for recall: what an index keeps, names, and mentions of time ------------------

# Function words a recall index drops: they match nearly every memory and question.
STOPWORDS = frozenset("""
a an the i me my mine myself we us our ours you your yours he him his she her hers it its they
them their theirs this that these those there here am is are was were be been being do does did
doing done have has had having will would shall should can could may might must of to in on at
by for with about as from into onto over than then so and or but if because while also too very
really just not no what which who whom whose where when why how any some all s t d ll m re ve
""".split())

_NAME = re.compile(r"\b[A-Z][a-z]+(?:['\u2019]s)?\b")
_TIME = re.compile(
    r"\b(?:yesterday|today|tonight|tomorrow|ago|last|next|recently|earlier|later|since|"
    r"weekend|week|month|year|(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|"
    r"march|april|may|june|july|august|september|october|november|december|spring|summer|"
    r"autumn|fall|winter|(?:19|20)\d\d)s?\b", re.I)


def index_terms(text: str) -> list[str]:
    """The stemmed content words of `text`, in order, for a lexical (BM25) index."""
    return [stem(w) for w in tokens(text) if w not in STOPWORDS]


def names(text: str) -> set[str]:
    """Stems of the capitalised words of `text` past its first word ("When did Caroline go
    to Paris?" -> caroline, paris): the names and places a question is about."""
    found = set()
    for match in _NAME.finditer(text):
        if match.start() == 0:
            continue
        word = match.group().lower().replace("\u2019", "'").removesuffix("'s")
        if word not in STOPWORDS:
            found.add(stem(word))
    return found


def mentions_time(text: str) -> bool:
    """Whether `text` says when something happened ("last week", "in May", "2022")."""
    return _TIME.search(text) is not None
