"""Word order in the dedup verifier (iris/store/verifier.py): who does what to whom. A
passive with "by" read in the active's order ("I was raised by my aunt" = "my aunt raised
me"), a verb read with its direct object in either voice, the first word that makes a
statement asymmetric ("cats more than dogs", "from Paris to London") and the same words in
another order that is not one phrase moved elsewhere."""

from __future__ import annotations

from iris.store.contentwords import AGENTS, FILLER, STOP
from iris.store.synonyms import irregular_bases
from iris.text import SYNONYMS, stem

# Words that make a statement asymmetric: what stands before them is not interchangeable
# with what stands after ("cats more than dogs", "the beach over the mountains", "breakfast
# before I run", "from Paris to London").
_ORDER_MARKERS = ("than", "over", "before", "after", "instead", "to")
# A passive's agent comes after "by" ("I was raised by my aunt" = "my aunt raised me").
PASSIVE_BE = {"was", "were", "been", "is", "am", "are", "be", "being", "got", "get"}
_PARTICIPLE_ENDS = ("ed", "en", "wn", "ght", "ne", "rn", "ade")


# Words after which a verb has no direct object ("I was raised in Texas").
_NOT_OBJECT = frozenset({"in", "on", "at", "to", "from", "by", "with", "for", "of", "into",
                         "about", "as", "up", "out", "since", "during", "after", "before",
                         "over", "under", "and", "or", "but", "because", "when", "that"})


def takes_object(words: list[str], i: int) -> bool:
    """words[i] is a past participle ("sold", "taught", "painted") followed by an object."""
    word = words[i]
    return (word.endswith("ed") or bool(irregular_bases(word))) \
        and i + 1 < len(words) and words[i + 1] not in _NOT_OBJECT


def passive_span(words: list[str]) -> tuple[int, int] | None:
    """Where a passive's "be" and its "by" are ("everything was taught to me by my dad"),
    or None."""
    for i, word in enumerate(words[2:-1], start=2):
        # "be" then a participle, up to a short object before "by" ("was taught to fish by")
        if word == "by":
            be = next((k for k in range(max(0, i - 5), i - 1) if words[k] in PASSIVE_BE
                       and (words[k + 1].endswith(_PARTICIPLE_ENDS)
                            or irregular_bases(words[k + 1]))), None)
            if be is not None:
                return be, i
    return None


def passive_agent(words: list[str], span: tuple[int, int] | None) -> int:
    """Where the agent of the passive `span` starts ("raised by my aunt" -> "aunt"), or -1."""
    if span is None:
        return -1
    return next((j for j in range(span[1] + 1, len(words))
                 if AGENTS.get(SYNONYMS.get(words[j], words[j]))), -1)


def active_order(span: tuple[int, int] | None, first_at: dict[str, int],
                 sequence: tuple[str, ...]) -> tuple[str, ...]:
    """The content words of a passive with "by" in the active clause's order: "this
    watch | was given to me | by my sister" -> "sister give watch" (the sequence as is
    otherwise)."""
    if span is None:
        return sequence
    be, by = span
    return (tuple(w for w in sequence if first_at[w] > by)
            + tuple(w for w in sequence if be <= first_at[w] < by)
            + tuple(w for w in sequence if first_at[w] < be))


def order_marker(words: list[str]) -> tuple[str, frozenset[str]] | None:
    """The first order word and the content stems before it, or None."""
    for i, word in enumerate(words):
        # "to" orders only after "from" or a preference ("I prefer coffee to tea").
        if word in _ORDER_MARKERS and (word != "to" or any(
                w in ("from", "prefer", "prefers", "preferred", "preferable") for w in words[:i])):
            before = frozenset(stem(w) for w in words[:i] if w not in STOP and w not in FILLER)
            return word, before
    return None


def reordered(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """The same words in an order that is not one phrase moved elsewhere: "my dog is scared
    of my cat" / "my cat is scared of my dog" (who does what to whom may have changed; with
    no order word to read it, the pair is kept) but not "every morning I jog" / "I jog every
    morning", "pizza is my favorite food" / "my favorite food is pizza", "I waitress during
    the day to pay bills" / "during the day I waitress to pay bills", or two neighbours
    swapped ("I love dogs and cats" / "I love cats and dogs")."""
    if len(a) < 3 or a == b:
        return False
    if any(a[:i] + (a[i + 1], a[i]) + a[i + 2:] == b for i in range(len(a) - 1)):
        return False
    return not _block_moved(a, b)


def _block_moved(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """`b` is `a` with one run of words taken out and put back at another place."""
    n = len(a)
    for i in range(n):
        for j in range(i + 1, n + 1):
            rest = a[:i] + a[j:]
            if any(rest[:k] + a[i:j] + rest[k:] == b for k in range(len(rest) + 1)):
                return True
    return False
