"""Build intents/fastpath/wordnet_kinds.tsv, the "is a kind of" data forget-by-description
reads (iris/store/kinds.py), from Princeton WordNet 3.0 (Debian's `wordnet-base`; see
scripts/build_wordnet_senses.py for how to get it; nothing is read from the network at run
time).

Each output line is `noun<TAB>kind,kind,...<TAB>kind,...`: first the words of the synsets
that the noun's main sense (the rule of build_wordnet_senses.main_senses) is a kind or an instance of,
following hypernym and instance-hypernym links up to MAX_STEPS steps, and stopping below a
synset too general to name a thing a user would mean ("entity", "object", "person",
"activity": more than MAX_DESCENDANTS synsets below it). So "collie" -> sheepdog, dog;
"candy" -> sweet, confection; "avenue" -> street, road; "cardiff" -> city. Siblings share a
kind but are never each other's: "cat" is no kind of "dog".

A fourth column holds the other words of the main sense ("son" -> boy, "german shepherd" ->
alsatian, "hubby" -> husband), a fifth "u" when no sense of the noun is in the tagged corpus
(its main sense is only WordNet's first: "alsatian" the inhabitant of Alsace, before the
dog). Nouns of two words that name a kind of thing (not an instance: "german shepherd",
"ice hockey", "station wagon", not "new york") are listed too, with a space in the first
column; elsewhere every word of several is written joined ("germanshepherd"), as forget
matching joins them (iris/store/wordsense.py). A word of two joined by a hyphen is the two
words ("ping-pong" is listed as "ping pong", which is how text reads it). Kinds of several
words are left out (the file would be three times larger).

A noun WordNet also writes capitalised as a kind of thing ("Mandarin", the Chinese language,
against "mandarin", first the fruit tree; "Cantonese"; "Persian") has a row of its own keyed
as written, with what that capitalised sense is a kind of (and its other capitalised senses:
"Japanese" is first the people, then the language): a memory's capitalised word past
its first is read by it (iris/store/forget.py). Instances (cities, people: "Georgia") get no
such row: a capitalised instance in a memory is more often a name.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_wordnet_senses import _lemma, arguments, main_senses, read_counts, read_index, write_table  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "intents" / "fastpath" / "wordnet_kinds.tsv"
MAX_STEPS = 4
MAX_STEPS_OTHERS = 8  # the other senses only widen a choice: look further up
MAX_DESCENDANTS = 1000
# A word tagged this many times as often in another part of speech than as a noun is not
# read as a noun ("brown" 39 to 2; "chinese" 5 to 1 stays).
OTHER_POS_SHARE = 10


def read_nouns(folder: Path) -> tuple[dict[str, list[str]], dict[str, list[str]],
                                      dict[str, list[str]], dict[str, set[str]]]:
    """synset -> its single-word lemmas; -> its hypernyms and instance hypernyms; -> its
    hypernyms only (a kind's size counts kinds, not the instances: cities, people); -> its
    lemmas WordNet writes capitalised, as written ("Mandarin", the language)."""
    lemmas: dict[str, list[str]] = {}
    parents: dict[str, list[str]] = {}
    kind_of: dict[str, list[str]] = {}
    capitalised: dict[str, set[str]] = {}
    for line in (folder / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        parts = line.split("|")[0].split()
        offset, w_cnt = f"n{parts[0]}", int(parts[3], 16)
        at = 4 + 2 * w_cnt
        pointers = [(parts[at + 1 + 4 * i], f"n{parts[at + 2 + 4 * i]}")
                    for i in range(int(parts[at]))]
        kind = any(sym == "@" for sym, _ in pointers)  # not an instance (a name)
        written = [parts[4 + 2 * i] for i in range(w_cnt)]
        lemmas[offset] = [w for raw in written if _usable(w := _joined(_lemma(raw)), kind)]
        parents[offset] = [t for sym, t in pointers if sym in ("@", "@i")]
        kind_of[offset] = [t for sym, t in pointers if sym == "@"]
        capitalised[offset] = {w for w in written if w.isalpha() and w[0].isupper()}
    return lemmas, parents, kind_of, capitalised


def _joined(lemma: str) -> str:
    """A word of two joined by a hyphen is the two words ("ping-pong" as "ping_pong"): text
    is read with hyphens as spaces (iris.text.plain)."""
    return lemma.replace("-", "_")


def _usable(lemma: str, kind: bool) -> bool:
    """A single word, or two words naming a kind of thing ("german shepherd", "ping-pong"),
    not an instance ("new york")."""
    return lemma.isalpha() or (kind and lemma.count("_") == 1
                               and lemma.replace("_", "").isalpha())


def descendants(parents: dict[str, list[str]]) -> dict[str, int]:
    children: dict[str, list[str]] = defaultdict(list)
    for child, ps in parents.items():
        for p in ps:
            children[p].append(child)
    count: dict[str, int] = {}

    def below(s: str) -> int:
        if s not in count:
            seen: set[str] = set()
            stack = list(children[s])
            while stack:
                c = stack.pop()
                if c not in seen:
                    seen.add(c)
                    stack.extend(children[c])
            count[s] = len(seen)
        return count[s]

    for s in parents:
        below(s)
    return count


def _up(start: list[str], parents: dict[str, list[str]], lemmas: dict[str, list[str]],
        size: dict[str, int], steps: int = MAX_STEPS) -> set[str]:
    kinds: set[str] = set()
    frontier = start
    for _ in range(steps):
        frontier = [p for s in frontier for p in parents.get(s, ())
                    if size.get(p, 0) <= MAX_DESCENDANTS]
        kinds.update(w for s in frontier for w in lemmas[s])
    return kinds


def _own(synsets: list[str], lemmas: dict[str, list[str]]) -> set[str]:
    """The words of these senses themselves."""
    return {w for s in synsets for w in lemmas.get(s, ())}


def build(folder: Path) -> dict[str, tuple[set[str], set[str], set[str], str]]:
    senses = read_index(folder)
    nouns = {lemma for (lemma, pos) in senses if pos == "n"}
    counts = read_counts(folder)
    main = main_senses(senses, counts)
    tagged_noun: dict[str, int] = defaultdict(int)
    tagged_other: dict[str, int] = defaultdict(int)
    for (lemma, pos, _number), n in counts.items():
        (tagged_noun if pos == "n" else tagged_other)[lemma] += n
    lemmas, parents, kind_of, capitalised = read_nouns(folder)
    size = descendants(kind_of)
    out: dict[str, tuple[set[str], set[str], set[str], str]] = {}
    compounds = {w for ws in lemmas.values() for w in ws if "_" in w}
    for word in sorted(nouns):
        if not (word.isalpha() or _joined(word) in compounds):
            continue
        # The main noun senses; WordNet's first noun sense when none is main (the tagged
        # counts can favour a verb or a rare noun: "turtle" as a sweater).
        first = senses[(word, "n")][:1]
        if tagged_other[word] >= OTHER_POS_SHARE * max(tagged_noun[word], 1):
            if "-" not in word:  # (no row for "twenty-five": text never holds the hyphen)
                out[word] = (set(), set(), set(), "")  # a noun, but far more often an
            continue  # adjective or a verb: "brown hair" names no colour
        start = [s for s in main.get(word, ()) if s in first] or first
        every = senses[(word, "n")]
        itself = {word, _joined(word)}
        same = _own(start, lemmas) - itself
        kinds = {w for w in _up(start, parents, lemmas, size) if "_" not in w} - itself
        others = {w for w in _up(every, parents, lemmas, size, MAX_STEPS_OTHERS)
                  if "_" not in w} - kinds - itself
        untagged = "" if tagged_noun[word] else "u"
        out[_joined(word).replace("_", " ")] = (kinds, others, same, untagged)  # is_noun
        # A word written capitalised ("learning Mandarin") means its capitalised sense: a
        # language or a people ("Mandarin" is the language; "mandarin" first the fruit tree).
        # Only a kind of thing, not an instance (a city, a person: a name, as "Georgia" is).
        proper = [s for s in every if kind_of.get(s)
                  and any(w.lower() == word for w in capitalised.get(s, ()))]
        if proper:
            name = next(w for w in capitalised[proper[0]] if w.lower() == word)
            first = {w for w in _up(proper[:1], parents, lemmas, size) if "_" not in w}
            rest = {w for w in _up(proper, parents, lemmas, size, MAX_STEPS_OTHERS)
                    if "_" not in w} - first
            out[name] = (first, rest, _own(proper[:1], lemmas) - {word}, untagged)
    return out


def _flat(words: set[str]) -> str:
    return ",".join(sorted({w.replace("_", "") for w in words}))


def main() -> None:
    args = arguments(__doc__, OUT)
    kinds = build(args.wordnet)
    lines = [f"{w}\t{_flat(ks)}\t{_flat(os)}\t{_flat(same)}\t{untagged}"
             for w, (ks, os, same, untagged) in sorted(kinds.items())]
    write_table(args.out, lines, title="Kinds of English nouns", script="build_wordnet_kinds.py",
                columns="noun<TAB>what its main sense is a kind of<TAB>what its other senses are"
                        "<TAB>its main sense's other words<TAB>u: untagged")
    print(f"{len(kinds)} nouns -> {args.out}")


if __name__ == "__main__":
    main()
