"""Build intents/fastpath/wordnet_antonyms.tsv, the opposites forget-by-description reads
(iris/store/forget.py: "that i work day shifts" is not "I work night shifts"), from Princeton
WordNet 3.0 (Debian's `wordnet-base`; see scripts/build_wordnet_senses.py for how to get it).

Each output line is `word<TAB>word,word,...`: the words WordNet marks as the antonyms of one of
the word's senses in one of theirs, one of the two a MAIN sense (build_wordnet_senses.main_senses:
"night" is the main sense of its word, "day" as daytime not; so "day": night;
"buy": sell; "older": younger through "old": young). Antonymy is lexical in WordNet (a pointer
from one word of a synset to one word of another), so only those word pairs are listed, both
ways round. Only words of letters are kept.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_wordnet_senses import (  # noqa: E402
    _target_lemmas,
    arguments,
    main_senses,
    pointer_links,
    read_counts,
    read_index,
    write_table,
)

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "intents" / "fastpath" / "wordnet_antonyms.tsv"


def build(folder: Path) -> dict[str, set[str]]:
    main = main_senses(read_index(folder), read_counts(folder))
    names = _target_lemmas(folder)
    out: dict[str, set[str]] = defaultdict(set)
    for lemma, synset, target, number in pointer_links(folder, "!"):
        other = names.get((target, int(number)))
        if not other or not lemma.isalpha() or not other.isalpha():
            continue
        if synset in main.get(lemma, ()) or target in main.get(other, ()):
            out[lemma].add(other)
            out[other].add(lemma)
    return out


def main() -> None:
    args = arguments(__doc__, OUT)
    table = build(args.wordnet)
    lines = [f"{word}\t{','.join(sorted(others))}" for word, others in sorted(table.items())]
    write_table(args.out, lines, title="Antonyms of English words' main senses",
                script="build_wordnet_antonyms.py", columns="word<TAB>antonyms")
    print(f"{len(lines)} words -> {args.out}")


if __name__ == "__main__":
    main()
