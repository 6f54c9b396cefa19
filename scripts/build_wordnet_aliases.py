"""Build intents/fastpath/wordnet_aliases.tsv, the short and informal names of nouns that
forget-by-description reads (iris/store/aliases.py), from Princeton WordNet 3.0 (Debian's
`wordnet-base`; see scripts/build_wordnet_senses.py for how to get it; nothing is read from
the network at run time).

    python scripts/build_wordnet_aliases.py [--wordnet /usr/share/wordnet]

Each output line is `word<TAB>alias|alias...<TAB>kind`, one of three kinds of a noun that
names a thing by another of its names:

  clip      a clipped form and its full word, both ways: "sax" / "saxophone", "ref" /
            "referee", "gym" / "gymnasium" (a lemma that begins another single-word lemma
            of the same synset), when that is the clipped form's one lower-case sense and
            the tagged corpus reads it as a noun at least as often as anything else (not
            "vet": a veterinarian or a veteran; not "fig", "gal", "fast", "even");
  informal  a word of one lower-case sense that WordNet glosses as an informal term for
            another noun: "pooch" -> dog ("informal terms for dogs"; not "kale", whose
            tagged first sense is money);
  abbrev    an abbreviation WordNet writes in capitals in one synset only, keyed as
            written, and its other lemmas: "ER" -> emergency room, "USPS" -> us postal
            service (not "PA": Pennsylvania, a public address system); of three letters
            or more also in lower case, as users type it, when that spells no word of
            its own ("usps"; not "cat": CAT is the scan).

A clipped or informal sense counts only when it is the main sense of each word among the
senses WordNet writes in lower case: the only one, or the first when the tagged corpus has
seen it (so "sax" is the saxophone, not "Sax" the instrument maker; "cat" is no caterpillar:
that is its eighth sense; "kitty" is first a pool of stakes; "turtle" is no turtleneck: its
two senses are untagged, so their order says nothing). An
alias is evidence that two words name one thing, never that two siblings do.

WordNet 3.0 licence (Princeton University): see the header of the written file.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_wordnet_senses import HEADER as SENSES_HEADER  # noqa: E402
from build_wordnet_senses import read_counts  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "intents" / "fastpath" / "wordnet_aliases.tsv"
# A clipped form shorter than this is too often another word ("ma", "pa" have their own rows).
MIN_CLIP = 3
# Letters of an abbreviation WordNet writes in capitals ("ER", "USPS"; not "NASA"-like names
# of one word that are instances: those are read as written too).
ABBREVIATION = re.compile(r"[A-Z]{2,6}")
# "informal terms for dogs", "an informal term for a father; ...": one noun, all of it.
# An abbreviation this long is also read typed in lower case.
MIN_TYPED = 3
INFORMAL = re.compile(r"^(?:an? )?informal terms? (?:for|referring to) (?:an? |the )?([a-z]{3,})"
                      r"(?:$|[;,)])")
HEADER = SENSES_HEADER.replace(
    "# Main senses of English words, derived from Princeton WordNet 3.0 by\n"
    "# scripts/build_wordnet_senses.py (see its docstring for the rule). word<TAB>sense ids.",
    "# Short and informal names of English nouns, derived from Princeton WordNet 3.0 by\n"
    "# scripts/build_wordnet_aliases.py (see its docstring for the rule).\n"
    "# word<TAB>alias|alias...<TAB>clip, informal or abbrev.")


def read_synsets(folder: Path) -> dict[str, tuple[list[str], str]]:
    """Noun synset offset -> (its lemmas as WordNet writes them, spaces for underscores;
    its gloss)."""
    out: dict[str, tuple[list[str], str]] = {}
    for line in (folder / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        head, _, gloss = line.partition("|")
        parts = head.split()
        w_cnt = int(parts[3], 16)
        lemmas = [parts[4 + 2 * i].replace("_", " ") for i in range(w_cnt)]
        out[parts[0]] = ([w[:w.index("(")] if w.endswith(")") else w for w in lemmas],
                         gloss.strip())
    return out


def read_noun_index(folder: Path) -> dict[str, list[str]]:
    """Lower-case noun lemma -> its synset offsets, most frequent sense first."""
    out: dict[str, list[str]] = {}
    for line in (folder / "index.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        parts = line.split()
        p_cnt = int(parts[3])
        out[parts[0].replace("_", " ")] = parts[4 + p_cnt + 2:]
    return out


def main_lower_sense(word: str, index: dict[str, list[str]],
                     synsets: dict[str, tuple[list[str], str]],
                     counts: dict[tuple[str, str, int], int]) -> str | None:
    """The synset that is `word`'s main sense among those WordNet writes in lower case: its
    only one, or its first when the tagged corpus has seen it (an untagged word's sense
    order says nothing: "turtle" is first the turtleneck there)."""
    lower = [(number, offset) for number, offset in enumerate(index.get(word, ()), start=1)
             if word in synsets[offset][0]]
    if len(lower) == 1:
        return lower[0][1]
    if lower and counts.get((word, "n", lower[0][0]), 0) > 0:
        return lower[0][1]
    return None


def build(folder: Path) -> dict[tuple[str, str], set[str]]:
    synsets = read_synsets(folder)
    index = read_noun_index(folder)
    counts = read_counts(folder)

    def main(word: str, offset: str) -> bool:
        return main_lower_sense(word, index, synsets, counts) == offset

    def lower_senses(word: str) -> int:
        return sum(word in synsets[o][0] for o in index.get(word, ()))

    tagged: dict[tuple[str, str], int] = defaultdict(int)  # (lemma, pos) -> tagged count
    for (lemma, pos, _number), count in counts.items():
        tagged[(lemma, pos)] += count

    def mostly_noun(word: str) -> bool:
        """Not a word the tagged corpus reads more often as a verb, adjective or adverb
        ("fast", "even", "glad")."""
        return all(tagged[(word, pos)] <= tagged[(word, "n")] for pos in ("v", "a", "r"))

    spelled: dict[str, int] = defaultdict(int)  # a lemma as written -> its synsets
    for lemmas, _gloss in synsets.values():
        for w in set(lemmas):
            spelled[w] += 1

    out: dict[tuple[str, str], set[str]] = defaultdict(set)
    for offset, (lemmas, gloss) in synsets.items():
        singles = [w for w in lemmas if w.isalpha() and w.islower()]
        for short in singles:
            for full in singles:
                # the short form's one lower-case sense ("fig" is first a figure to the
                # tagged corpus, then the fruit: none), a noun more than anything else
                if full != short and len(short) >= MIN_CLIP and full.startswith(short) \
                        and lower_senses(short) == 1 and mostly_noun(short) \
                        and main(short, offset) and main(full, offset):
                    out[(short, "clip")].add(full)
                    out[(full, "clip")].add(short)
        found = INFORMAL.match(gloss)
        if found:
            named = found.group(1)
            named = named if named in index or not named.endswith("s") else named[:-1]
            for word in singles:
                # a word of one lower-case sense only: "kale" is first money to WordNet
                if named in index and named != word and main(word, offset) \
                        and lower_senses(word) == 1:
                    out[(word, "informal")].add(named)
        for abbreviation in lemmas:
            # one synset only: "PA" is Pennsylvania and a public address system
            if ABBREVIATION.fullmatch(abbreviation) and spelled[abbreviation] == 1:
                others = {w.lower() for w in lemmas if w != abbreviation
                          and not ABBREVIATION.fullmatch(w) and re.fullmatch(r"[A-Za-z ]+", w)}
                if others:
                    out[(abbreviation, "abbrev")] |= others
                    # as typed in lower case, when that spells no word ("usps"; not "cat",
                    # CAT the scan; not "er", a pause)
                    if len(abbreviation) >= MIN_TYPED and not spelled[abbreviation.lower()]:
                        out[(abbreviation.lower(), "abbrev")] |= others
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    rows = build(args.wordnet)
    with args.out.open("w", encoding="utf-8") as f:
        f.write(HEADER)
        for (word, kind), aliases in sorted(rows.items()):
            f.write(f"{word}\t{'|'.join(sorted(aliases))}\t{kind}\n")
    print(f"{len(rows)} rows -> {args.out}")


if __name__ == "__main__":
    main()
