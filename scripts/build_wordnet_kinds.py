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
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_wordnet_senses import HEADER, _lemma, main_senses, read_counts, read_index  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "intents" / "fastpath" / "wordnet_kinds.tsv"
MAX_STEPS = 4
MAX_STEPS_OTHERS = 8  # the other senses only widen a choice: look further up
MAX_DESCENDANTS = 1000
# A word tagged this many times as often in another part of speech than as a noun is not
# read as a noun ("brown" 39 to 2; "chinese" 5 to 1 stays).
OTHER_POS_SHARE = 10


def read_nouns(folder: Path
               ) -> tuple[dict[str, list[str]], dict[str, list[str]], dict[str, list[str]]]:
    """synset -> its single-word lemmas; -> its hypernyms and instance hypernyms; -> its
    hypernyms only (a kind's size counts kinds, not the instances: cities, people)."""
    lemmas: dict[str, list[str]] = {}
    parents: dict[str, list[str]] = {}
    kind_of: dict[str, list[str]] = {}
    for line in (folder / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        parts = line.split("|")[0].split()
        offset, w_cnt = f"n{parts[0]}", int(parts[3], 16)
        lemmas[offset] = [w for i in range(w_cnt) if (w := _lemma(parts[4 + 2 * i])).isalpha()]
        at = 4 + 2 * w_cnt
        pointers = [(parts[at + 1 + 4 * i], f"n{parts[at + 2 + 4 * i]}")
                    for i in range(int(parts[at]))]
        parents[offset] = [t for sym, t in pointers if sym in ("@", "@i")]
        kind_of[offset] = [t for sym, t in pointers if sym == "@"]
    return lemmas, parents, kind_of


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


def build(folder: Path) -> dict[str, tuple[set[str], set[str]]]:
    senses = read_index(folder)
    nouns = {lemma for (lemma, pos) in senses if pos == "n"}
    counts = read_counts(folder)
    main = main_senses(senses, counts)
    tagged_noun: dict[str, int] = defaultdict(int)
    tagged_other: dict[str, int] = defaultdict(int)
    for (lemma, pos, _number), n in counts.items():
        (tagged_noun if pos == "n" else tagged_other)[lemma] += n
    lemmas, parents, kind_of = read_nouns(folder)
    size = descendants(kind_of)
    out: dict[str, tuple[set[str], set[str]]] = {}
    for word in sorted(nouns):
        if not word.isalpha():
            continue
        # The main noun senses; WordNet's first noun sense when none is main (the tagged
        # counts can favour a verb or a rare noun: "turtle" as a sweater).
        first = senses[(word, "n")][:1]
        if tagged_other[word] >= OTHER_POS_SHARE * max(tagged_noun[word], 1):
            out[word] = (set(), set())  # a noun, but far more often an adjective or a
            continue  # verb: "brown hair" names no colour
        start = [s for s in main.get(word, ()) if s in first] or first
        kinds = _up(start, parents, lemmas, size) - {word}
        others = _up(senses[(word, "n")], parents, lemmas, size, MAX_STEPS_OTHERS) - kinds - {word}
        out[word] = (kinds, others)  # every noun is listed: kinds.is_noun
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    kinds = build(args.wordnet)
    header = HEADER.replace("Main senses of English words", "Kinds of English nouns") \
        .replace("build_wordnet_senses.py", "build_wordnet_kinds.py") \
        .replace("word<TAB>sense ids",
                 "noun<TAB>what its main sense is a kind of<TAB>what its other senses are")
    lines = [f"{w}\t{','.join(sorted(ks))}\t{','.join(sorted(os))}"
             for w, (ks, os) in sorted(kinds.items())]
    args.out.write_text(header + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(kinds)} nouns -> {args.out}")


if __name__ == "__main__":
    main()
