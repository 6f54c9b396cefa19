"""English text handling, in one place: the fast path (`iris.direct`), the offline extractor
(`iris.extract.offline`) and the store (`iris.store`) call these instead of keeping their own.

    words(folder)        the word lists of intents/fastpath/lexicon.yaml (verbs, determiners,
                         abbreviations, ...), read once per folder
    normalise, norm_words, word_positions, word_norms
                         lower case without apostrophes ("Don't" -> "dont"), its words, and
                         where the words sit in the original text
    inflect              -s/-es/-ies and -d/-ed/-ied forms of verb bases
    is_gerund            an -ing form of one ("saying", "swimming")
    sentence_ends        where one sentence ends and the next begins ("Dr. Smith" is one)
    BULLET_CHARS         the bullet characters lists use
    canonical            the words a comparison sees: surface spellings folded (contractions,
                         chat and British spellings, number words as digits); the exact key
                         (iris/store/normalize.py) is built from them
    tokens, stem         content words for comparing memories: canonical words, paraphrase
                         phrases and synonyms (intents/fastpath/equivalents.yaml) folded,
                         inflections folded to one key
    bare_deictic_request "delete that", "cancel it please": a removal verb whose only object
                         is a pointing word (the router's rule for memory's neighbours)

Every regex here runs in linear time on any input (see tests/test_adversarial.py).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from iris.errors import ConfigError
from iris.numbers import NUMBER_START, number_at
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
    bases: frozenset[str]  # base forms ("run", "live"): finite only after a plural subject
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
                     bases=frozenset(lex["verbs"]),
                     noun_markers=determiners | frozenset(lex["noun_markers"]),
                     abbreviations=frozenset(lex["abbreviations"]))
    except (OSError, yaml.YAMLError, KeyError, TypeError, ValueError) as exc:
        raise ConfigError(f"fast-path phrase data in {folder} is unusable: "
                          f"{type(exc).__name__}: {exc}") from exc


def third_person(verb: str) -> str:
    """The -s form of a base verb: "love" -> "loves", "watch" -> "watches", "carry" ->
    "carries"."""
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    return verb + "s"


def inflect(bases: list[str], *, base: bool) -> frozenset[str]:
    """The -s and past forms of each verb (and the bases themselves when `base`)."""
    forms: set[str] = set()
    for verb in bases:
        if base:
            forms.add(verb)
        forms.add(third_person(verb))
        if verb.endswith("y") and verb[-2:-1] not in "aeiou":
            forms.add(verb[:-1] + "ied")
        elif verb.endswith(("s", "sh", "ch", "x", "z", "o")):
            forms.add(verb + "ed")
        else:
            forms.add(verb + ("d" if verb.endswith("e") else "ed"))
    return frozenset(forms)


def is_gerund(word: str) -> bool:
    """An -ing form of a verb base of the lexicon ("saying", "making", "swimming"): the
    lexicon lists the forms that make a clause, and an -ing form alone makes none."""
    stem = word[:-3]
    if not word.endswith("ing") or len(stem) < 2:
        return False
    bases = words().bases
    return stem in bases or stem + "e" in bases or (stem[-1] == stem[-2] and stem[:-1] in bases)


# --- words and where they are ------------------------------------------------------------

# Words of the original text (for positions) and of its normalised form (lower case,
# apostrophes dropped, so "Don't" is "dont"); both give the same words in the same order.
_WORD = re.compile(r"\w+(?:['\u2019]+\w+)*")
_NORM_WORD = re.compile(r"\w+")


def normalise(text: str) -> str:
    return text.lower().replace("'", "").replace("\u2019", "")


_APOSTROPHE_WORD = re.compile(r"[\w'\u2019]+")


def word_norms(text: str) -> list[str]:
    """`normalise` of each run of letters, digits and apostrophes in `text` ("Don't go" ->
    ["dont", "go"]): the words the extractor's rules read."""
    if text.isascii() and "'" not in text:
        # the same words in one pass: lower() maps ASCII letters to letters one for one
        return _APOSTROPHE_WORD.findall(text.lower())
    return [normalise(w) for w in _APOSTROPHE_WORD.findall(text)]


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

# --- letters held too long --------------------------------------------------------------

# Words that carry a message's structure (joiners, lead-in and sign-off words, pronouns):
# chat holds their letters ("annnd", "ALSOOO", "plsss", "rememberrr") and every rule that
# reads them must see the plain word.
_JOINERS = ("and", "also", "plus", "but", "or", "then", "so", "too", "yeah", "yes", "well",
            "oh", "ah", "um", "hmm", "now", "anyway", "anyways", "lastly", "finally")
_HELD_RUN = re.compile(r"([A-Za-z])\1{2,}")
_LETTERS = re.compile(r"(?<![A-Za-z])[A-Za-z]{3,24}(?![A-Za-z])")


@lru_cache(maxsize=4)
def _structure_words(folder: Path | None = None) -> frozenset[str]:
    raw = words(folder).raw
    lists = ("lead_in_words", "lead_in_signals", "sign_off_words", "clause_subjects",
             "relative_openers", "determiners", "personal_words")
    return frozenset(_JOINERS).union(*(frozenset(str(w) for w in raw[key]) for key in lists))


def _unhold_word(match: re.Match[str]) -> str:
    word = match.group()
    if not _HELD_RUN.search(word):
        return word
    known = _structure_words()
    for repl in (r"\1", r"\1\1"):
        plain = _HELD_RUN.sub(repl, word)
        if len(plain) > 1 and plain.lower() in known:  # "iii" is a roman three, not "i"
            return plain
    return word


# A joiner typed with one letter doubled ("aand also", "Annd", "alsso"): none of these
# spellings is an English word, so the plain joiner is meant.
_DOUBLED_JOINER = re.compile(
    r"(?<![A-Za-z])(?:aann?dd?|anndd?|andd|alsso)(?![A-Za-z])", re.I)
_DOUBLED = re.compile(r"([a-z])\1", re.I)


def unheld(text: str) -> str:
    """`text` with held letters taken out of structure words ("Annnd" -> "And", "ALSOOO" ->
    "ALSO", "plsss" -> "pls", "aand" -> "and"), case kept; every other word is left as
    written, so a fact reads as the user wrote it."""
    if _HELD_RUN.search(text):
        text = _LETTERS.sub(_unhold_word, text)
    return _DOUBLED_JOINER.sub(lambda m: _DOUBLED.sub(r"\1", m.group()), text)


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


# --- canonical words and content words for comparing memories ------------------------


def _read_equivalents() -> dict:
    path = intents_dir() / "fastpath" / "equivalents.yaml"
    try:
        data = read_yaml(path)
        for name in ("contractions", "informal", "spellings", "phrases", "synonyms"):
            if not all(isinstance(k, str) and isinstance(v, str) for k, v in data[name].items()):
                raise ValueError(f"{name}: every entry must map a word to words")
        return data
    except (OSError, yaml.YAMLError, KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ConfigError(f"comparison word lists in {path} are unusable: "
                          f"{type(exc).__name__}: {exc}") from exc


_EQUIVALENTS = _read_equivalents()
# Surface spellings of one word: they feed the exact key, so none may join two words.
_SURFACE: dict[str, tuple[str, ...]] = {
    word: tuple(words.split()) for name in ("contractions", "informal", "spellings")
    for word, words in _EQUIVALENTS[name].items()}
_KEEP_ISE = frozenset(_EQUIVALENTS["ise_words"])
SYNONYMS: dict[str, str] = dict(_EQUIVALENTS["synonyms"])

_APOSTROPHE_FORMS = [
    (re.compile(r"\bcan'?t\b|\bcannot\b"), "can not"),
    (re.compile(r"\bwon't\b"), "will not"),
    (re.compile(r"\bain't\b"), "am not"),
    (re.compile(r"n't\b"), " not"),
    (re.compile(r"'m\b"), " am"),
    (re.compile(r"'re\b"), " are"),
    (re.compile(r"'ve\b"), " have"),
    (re.compile(r"'ll\b"), " will"),
    (re.compile(r"'d\b"), " would"),
    # "he's" is "he is"; any other "'s" is a possessive, written "joes" as often as "joe's".
    (re.compile(r"\b(he|she|it|that|what|there|here|who|where)'s\b"), r"\1 is"),
]
_POSSESSIVE = re.compile(r"'s\b")
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'", "\u02bc": "'"})
# Ordinals and decimals are one token; "3dogs" is two; a few symbols count ("C#" is not "C").
_CANON_TOKEN = re.compile(r"\d+(?:st|nd|rd|th)\b|\d+(?:[.,]\d+)*|[^\W\d_]+|[$%\u00a3\u20ac&#+@]")
_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+")


def without_accents(text: str) -> str:
    """Latin letters without their accents ("Oisín" -> "Oisin", "crème brûlée" -> "creme
    brulee"): users type names and loanwords either way. Marks on other scripts stay (a
    Devanagari vowel sign is part of its word)."""
    if text.isascii():
        return text
    kept: list[str] = []
    for ch in unicodedata.normalize("NFD", text):
        if not (unicodedata.combining(ch) and kept and kept[-1].isascii()):
            kept.append(ch)
    return unicodedata.normalize("NFC", "".join(kept))


def canonical(text: str, *, possessive: bool = True) -> list[str]:
    """The words of `text` as a comparison sees them: lower case; "I'm", "Im" and "I am"
    alike; chat and British spellings in one form ("ur" -> "your", "colour" -> "color");
    accents off Latin letters ("Oisín" = "Oisin");
    number words as digits ("forty two" -> "42", "a dozen" -> "12"); punctuation dropped,
    except a few symbols ("C#", "$", "%"). Only surface spellings are folded here.
    A possessive "'s" stays as "s" ("joe's" = "joes"), or is dropped when not `possessive`
    (the verifier reads "my wife's" as "my wife")."""
    text = without_accents(text.casefold().translate(_QUOTES))
    for pattern, repl in _APOSTROPHE_FORMS:
        text = pattern.sub(repl, text)
    text = (text if possessive else _POSSESSIVE.sub("", text)).replace("'", "")
    raw: list[str] = []
    for token in _CANON_TOKEN.findall(text):
        if _THOUSANDS.fullmatch(token):
            token = token.replace(",", "")
        elif token == "&":
            token = "and"
        mapped = _SURFACE.get(token)
        if mapped:
            raw.extend(mapped)
        elif len(token) >= 7 and token.endswith(("ise", "ised", "ises", "ising", "isation")) \
                and token not in _KEEP_ISE:
            base = token.rsplit("is", 1)
            raw.append("iz".join(base))
        else:
            raw.append(token)
    out: list[str] = []
    i = 0
    while i < len(raw):
        number = number_at(raw, i) if (raw[i] in NUMBER_START or raw[i].isdigit()) else None
        if number is None:
            out.append(raw[i])
            i += 1
        else:
            out.append(number[0])
            i = number[1]
    return out



# A relative by marriage is another person, one word that starts with "inlaw" (so "my
# sister-in-law" is not "my sister", nor "my mother-in-law" my mum); "my in-laws" are all of
# them, a word no relative's starts with (a description's word may be a longer form).
IN_LAW = [(re.compile(r"\b(mother|father|sister|brother|son|daughter|parent)s? in law\b"), r"inlaw\1"),
          (re.compile(r"\bin laws?\b"), "allinlaws")]
_PHRASES = [
    (re.compile(r"\bcan not (?:stand|bear|tolerate)\b"), "hate"),
    (re.compile(r"\b(\w+) years? old\b"), r"\1"),  # "I am 24 years old" is "I'm 24"
    (re.compile(r"\bwork(s|ed|ing)? as\b"), "as"),  # "I work as a nurse": "I am a nurse"
    (re.compile(r"\b(?:not able|unable) to\b"), "can not"),  # "not able to eat" is "can't eat"
    # "what I do to earn a living", "how she makes a living": a job, as "for a living" is
    (re.compile(r"\b(?:for|to (?:earn|make)|(?:earn|make)(?:s|ed|ing)?|made) a living\b"
                r"|\bby (?:profession|trade)\b|\bprofessionally\b"),
     "professionally"),
    (re.compile(r"\ba couple of\b"), "2"),
    (re.compile(r"\bno longer\b"), "not longer"),
    *IN_LAW,
    (re.compile(r"\bany more\b"), "anymore"),
]
_PARAPHRASE = re.compile(r"\b(?:" + "|".join(
    re.escape(p) for p in sorted(_EQUIVALENTS["phrases"], key=len, reverse=True)) + r")\b")
_COUNT_WORDS = {"once": "1", "twice": "2", "single": "1"}
_WORD_TOKEN = re.compile(r"[^\W_]+(?:\.[0-9]+)?")


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
    if len(word) <= 3:
        return word
    # leaky/leak, noisy/noise; but a "y" is kept where only three letters would be left:
    # many is no man, army no arm, lady no lad (bake/baked -> bak still)
    stripped = word.rstrip("ey")
    return stripped if len(stripped) >= 4 else word.rstrip("e")


def tokens(text: str, *, paraphrases: bool = True) -> list[str]:
    """The words of `text` for comparing memories: the canonical words, then (with
    `paraphrases`) paraphrase phrases in one form ("grew up" -> "raised", "passed away" ->
    "died"), "24 years old" as "24", "twice" as "2"."""
    text = " ".join(canonical(text, possessive=False))
    for phrase, repl in _PHRASES:
        text = phrase.sub(repl, text)
    if paraphrases:
        text = _PARAPHRASE.sub(lambda m: _EQUIVALENTS["phrases"][m.group()], text)
    found = _WORD_TOKEN.findall(text)
    # "a single room" is one room; "I am single" is a relationship status, not a count.
    return [word if word == "single" and (i == 0 or found[i - 1] != "a")
            else _COUNT_WORDS.get(word, word) for i, word in enumerate(found)]


# Words that negate what follows: the de-duplication verifier counts them for a statement's
# polarity, forget matching for a description's.
NEGATIONS = frozenset({"not", "no", "never", "nobody", "nothing", "none", "neither", "nor",
                       "without"})


# --- words for recall: what an index keeps, names, and mentions of time ------------------

# Function words a recall index drops: they match nearly every memory and question.
# Titles said before a name ("Mr Whiskers", "Mrs Achebe", "Auntie Pat"): the word after one
# is a name, whatever else it means.
TITLES = frozenset({"mr", "mrs", "ms", "mx", "miss", "dr", "sir", "dame", "lady", "lord", "captain",
                    "capt", "professor", "prof", "auntie", "uncle"})

STOPWORDS = frozenset("""
a an the i me my mine myself we us our ours you your yours he him his she her hers it its they
them their theirs this that these those there here am is are was were be been being do does did
doing done have has had having will would shall should can could may might must of to in on at
by for with about as from into onto over than then so and or but if because while also too very
really just not no what which who whom whose where when why how any some all s t d ll m re ve
""".split())

_NAME = re.compile(r"\b[A-Z][a-z]+(?:['\u2019]s)?\b")
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_WEEKDAYS = re.compile(rf"{_WEEKDAY}s?", re.I)
# "next door": a place, not a time.
_TIMELESS = r"(?! door)"
_TIME = re.compile(
    rf"\b(?:yesterday|today|tonight|tomorrow|ago|(?:last|next){_TIMELESS}|recently|earlier|later|since|"
    rf"weekend|week|month|year|{_WEEKDAY}|january|february|"
    r"march|april|may|june|july|august|september|october|november|december|spring|summer|"
    r"autumn|fall|winter|(?:19|20)\d\d)s?\b", re.I)


def index_terms(text: str) -> list[str]:
    """The stemmed content words of `text`, in order, for a lexical (BM25) index."""
    # Paraphrase phrases stay as written: "a year ago" must still match "last year".
    return [stem(w) for w in tokens(text, paraphrases=False) if w not in STOPWORDS]


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


def is_weekday(word: str) -> bool:
    """"monday", "Thursdays": a day of the week, which a habit is kept on as well as a date."""
    return _WEEKDAYS.fullmatch(word) is not None


# --- bare deictic requests -------------------------------------------------------------

_PLAIN_DROP = re.compile(r"[^a-z0-9 ]+")


def plain(text: str) -> str:
    """Lower case, apostrophes dropped, other punctuation a space, single spaces."""
    return " ".join(_PLAIN_DROP.sub(" ", normalise(text)).split())


def _alternatives(phrases: list[str]) -> str:
    # Longest first, so "that one" is tried before "that".
    return "|".join(re.escape(p) for p in sorted({" ".join(norm_words(p)) for p in phrases},
                                                  key=lambda p: (-len(p), p)))


@lru_cache(maxsize=4)
def _deictic_request(folder: Path | None = None) -> re.Pattern[str]:
    lex = words(folder).raw
    try:
        objects = f"(?:{_alternatives(lex['deictic_objects'])})"
        verbs = []
        for verb in lex["deictic_verbs"]:
            before, _, after = verb.partition("{}")
            verbs.append(rf"{_alternatives([before])} {objects}"
                         + (f" {_alternatives([after])}" if after.strip() else ""))
        leads, trailers = _alternatives(lex["deictic_leads"]), _alternatives(lex["deictic_trailers"])
        return re.compile(rf"(?:(?:{leads}) )*(?:{'|'.join(verbs)})(?: (?:{trailers}))*")
    except (KeyError, TypeError, AttributeError) as exc:
        raise ConfigError(f"deictic word lists in lexicon.yaml are unusable: "
                          f"{type(exc).__name__}: {exc}") from exc


def bare_deictic_request(text: str) -> bool:
    """True for "delete that", "can you remove this one please", "take it off": a removal
    verb whose only object is a pointing word, and nothing else. Such a message names no
    memory, so "that" is something in the host's conversation (an event, a list item)."""
    if not isinstance(text, str) or len(text) > 120:
        return False
    return _deictic_request().fullmatch(plain(text)) is not None


def replace_matches(text: str, found: list[re.Match[str]], mark: Callable[[re.Match[str]], str]) -> str:
    """`text` with each match of `found` (in order, none overlapping) written as `mark` gives
    it, in one pass: thousands of matches in a 40 KB message stay linear."""
    pieces, last = [], 0
    for match in found:
        pieces += [text[last:match.start()], mark(match)]
        last = match.end()
    return "".join(pieces) + text[last:]


MAX_GREETING_CHARS = 80
# A greeting said as a sentence of its own before a request: "Hi! Could you remember ...",
# "Hey Iris, good morning. ...". Only these words and the assistant's names, then a mark.
_GREETING = re.compile(
    r"\s*(?:(?:hi|hello|hey|hiya|heya|yo|greetings|howdy|good (?:morning|afternoon|evening|day)"
    r"|morning|evening)(?:\s+(?:there|iris|assistant|again))*[\s,]*)+[!.,]+\s+(?=\S)", re.I)


def without_greeting(text: str) -> str | None:
    """The request after a greeting of its own ("Hi! Could you please remember that ..." ->
    "Could you please remember that ..."), or None when there is none."""
    greeting = _GREETING.match(text[:MAX_GREETING_CHARS])
    return text[greeting.end():] if greeting else None
