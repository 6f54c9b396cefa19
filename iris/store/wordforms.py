"""Does a memory say a description's word in another form of it? Forget matching's test
for one stem against a memory's stems (iris/store/forget.py): a longer form ("allergy" /
"allergic"), another ending of one base ("intolerance" / "intolerant"), or one letter
dropped or doubled ("parot", "rabit"); never a substituted letter ("toffee" / "coffee") and
never a memory's compound that begins with the word ("turtleneck" is no turtle,
"cheeseburger" no cheese, "basketball" no basket).

Below that, the forms the dedup verifier (iris/store/verifier.py) reads as one word: an
inflection, one derivational root, a manner adverb, a doer noun."""

from __future__ import annotations

from rapidfuzz.distance import Indel

from iris.extract.pronouns import person_words
from iris.store.kinds import is_noun

# A word this long may match a longer form of itself ("allergy" / "allergic").
_PREFIX_MIN = 5
# A noun this long closing a longer word makes it a compound ("turtle" + "neck").
_COMPOUND_HEAD = 4
# stem() drops a final e; "-ic" / "-ia": "dyslexic" / "dyslexia", "anaemic" / "anaemia"
_ENDINGS = ("ance", "ence", "anc", "enc", "ant", "ent", "ion", "ic", "ia")


def has(word: str, stems: frozenset[str]) -> bool:
    """Is the stem `word` among `stems`, or in another form of it?"""
    if word in stems:
        return True
    if len(word) < _PREFIX_MIN:
        return False
    base = _base(word)
    # (a description's compound may still be the memory's word: "stamp collection" is
    # "I collect stamps")
    return any(len(w) >= _PREFIX_MIN and (_longer(w, word) or _opens_with(word, w, stems)
                                           or Indel.distance(word, w, score_cutoff=1) <= 1
                                           or _base(w) == base or _alternate(base) == w)
               for w in stems)


def _alternate(base: str) -> str:
    """The verb's stem a noun's base alternates with: "exclus(ion)" / "exclud(ed)", "decis" /
    "decid", "admiss" / "admit" (the Latin d-s and t-ss pairs); "" for any other base."""
    if base.endswith("ss"):
        return base[:-2] + "t"
    return base[:-1] + "d" if base.endswith("s") else ""


def _opens_with(word: str, w: str, stems: frozenset[str]) -> bool:
    """Does the description's `word` open with the memory's `w`: a longer form, or a compound
    the description joined ("stampcollect" / "stamp")? Never a word for a relative that only
    begins with it: "grandmother" is not "Grande" (round 29: "the grandma stuff" deleted "Anh
    has volleyball practice ... at Bolsa Grande"), "stepson" not "step", "godfather" not "god"."""
    if not word.startswith(w):
        return False
    rest = word[len(w):]
    return rest not in person_words() or rest in stems


def _longer(long: str, short: str) -> bool:
    """Is `long` a longer form of `short` ("allergic" of "allerg"), not a compound that
    begins with it ("turtleneck" is no turtle, "cheeseburger" no cheese)?"""
    return long.startswith(short) and not any(
        is_noun(long[i:]) for i in range(len(short) - 1, len(long) - _COMPOUND_HEAD + 1))


def _base(word: str) -> str:
    return _without_ending(word, _ENDINGS, _PREFIX_MIN)


def _without_ending(word: str, endings: tuple[str, ...], keep: int) -> str:
    """`word` without the first of `endings` it ends in, if at least `keep` letters stay."""
    for ending in endings:
        if word.endswith(ending) and len(word) - len(ending) >= keep:
            return word[: -len(ending)]
    return word


# --- word forms the dedup verifier (iris/store/verifier.py) accepts as one word ----------
# (forget matching's endings above are fewer: a description's word is read more strictly)

def inflected(a: str, b: str) -> bool:
    """One word, one of them inflected ("houses" / "house"), where a synonym list folded
    only one of them."""
    return a + "s" == b or b + "s" == a or a + "es" == b or b + "es" == a


# Endings that make a noun or adjective of a verb, longest first.
_DERIVATIONS = ("ational", "ation", "ition", "ion", "ance", "ence", "anc", "enc", "ant", "ent",
                "ator", "itor", "ment", "ally", "al", "er", "or", "at", "ing")
# A shorter root says too little: "moth" is not "mother", "bank" is not "banker".
_MIN_ROOT = 5


def _root(word: str) -> str:
    return _without_ending(word, _DERIVATIONS, _MIN_ROOT)


def same_root(a: str, b: str) -> bool:
    """"organisation" / "organise", "performer" / "performance": one root, both long enough."""
    return min(len(a), len(b)) >= _MIN_ROOT and _root(a) == _root(b)


# "-ly" words that do not say the manner of their adjective: "a hard worker" is not
# "hardly works", "a late riser" not "lately rises".
_NOT_MANNER = frozenset("hardly lately nearly shortly highly barely scarcely presently "
                        "directly justly fairly pretty".split())


def manner_adverb(adj: str, adv: str) -> bool:
    """`adv` is the manner adverb of `adj` ("heavy"/"heavily", "terrible"/"terribly")."""
    if len(adj) < 3 or adv in _NOT_MANNER:
        return False
    if adj.endswith("y"):
        return adv == adj[:-1] + "ily"
    return adv in (adj + "ly", adj[:-1] + "y", adj + "ally")


def doer(verb: str, noun: str) -> bool:
    if len(verb) >= 3 and noun == verb + verb[-1] + "er":  # run/runner, swim/swimmer
        return True
    return len(verb) >= 4 and noun in (verb + "er", verb + "r", verb + "or", verb + "ar")
