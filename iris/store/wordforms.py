"""Does a memory say a description's word in another form of it? Forget matching's test
for one stem against a memory's stems (iris/store/forget.py): a longer form ("allergy" /
"allergic"), another ending of one base ("intolerance" / "intolerant"), or one letter
dropped or doubled ("parot", "rabit"); never a substituted letter ("toffee" / "coffee") and
never a memory's compound that begins with the word ("turtleneck" is no turtle,
"cheeseburger" no cheese, "basketball" no basket)."""

from __future__ import annotations

from rapidfuzz.distance import Indel

from iris.store.kinds import is_noun

# A word this long may match a longer form of itself ("allergy" / "allergic").
_PREFIX_MIN = 5
# A noun this long closing a longer word makes it a compound ("turtle" + "neck").
_COMPOUND_HEAD = 4
_ENDINGS = ("ance", "ence", "anc", "enc", "ant", "ent", "ion")  # stem() drops a final e


def has(word: str, stems: frozenset[str]) -> bool:
    """Is the stem `word` among `stems`, or in another form of it?"""
    if word in stems:
        return True
    if len(word) < _PREFIX_MIN:
        return False
    base = _base(word)
    # (a description's compound may still be the memory's word: "stamp collection" is
    # "I collect stamps")
    return any(len(w) >= _PREFIX_MIN and (_longer(w, word) or word.startswith(w)
                                           or Indel.distance(word, w, score_cutoff=1) <= 1
                                           or _base(w) == base)
               for w in stems)


def _longer(long: str, short: str) -> bool:
    """Is `long` a longer form of `short` ("allergic" of "allerg"), not a compound that
    begins with it ("turtleneck" is no turtle, "cheeseburger" no cheese)?"""
    return long.startswith(short) and not any(
        is_noun(long[i:]) for i in range(len(short) - 1, len(long) - _COMPOUND_HEAD + 1))


def _base(word: str) -> str:
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= _PREFIX_MIN:
            return word[: -len(ending)]
    return word
