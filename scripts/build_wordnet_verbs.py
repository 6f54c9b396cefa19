"""Build intents/fastpath/wordnet_verbs.tsv, the verb synonyms forget-by-description reads
(iris/store/wordsense.py: "that I bike to work" names "I cycle to work"), from Princeton
WordNet 3.0 (Debian's `wordnet-base`; see scripts/build_wordnet_senses.py for how to get it).

Each output line is `verb<TAB>word,word,...`: the other single words of the verb's main VERB
senses: those with at least MAIN_SHARE of the count of its commonest verb sense in the
tagged corpus, or its first verb sense when none is tagged ("bike": bicycle, cycle, pedal,
wheel), then "u" when the verb has no tagged sense. Only verbs with such words are listed.
The verb senses alone are looked at, so a word that is mostly a noun ("bike") keeps its
verb's synonyms for when it is used as one.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_wordnet_senses import _lemma, arguments, main_senses, read_counts, read_index, write_table  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "intents" / "fastpath" / "wordnet_verbs.tsv"


def verb_lemmas(folder: Path) -> dict[str, list[str]]:
    """verb synset id -> its single-word lemmas."""
    out: dict[str, list[str]] = {}
    for line in (folder / "data.verb").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        parts = line.split()
        w_cnt = int(parts[3], 16)
        out[f"v{parts[0]}"] = [w for i in range(w_cnt) if (w := _lemma(parts[4 + 2 * i])).isalpha()]
    return out


def build(folder: Path) -> dict[str, tuple[set[str], str]]:
    senses = read_index(folder)
    counts = read_counts(folder)
    lemmas = verb_lemmas(folder)
    verbs = {key: offsets for key, offsets in senses.items() if key[1] == "v"}
    out: dict[str, tuple[set[str], str]] = {}
    for verb, main in main_senses(verbs, counts).items():
        words = {w for o in main for w in lemmas.get(o, ())} - {verb}
        if words:
            tagged = any(counts.get((verb, "v", n)) for n in range(1, len(verbs[(verb, "v")]) + 1))
            out[verb] = (words, "" if tagged else "u")
    return out


def main() -> None:
    args = arguments(__doc__, OUT)
    verbs = build(args.wordnet)
    lines = [f"{v}\t{','.join(sorted(ws))}\t{u}" for v, (ws, u) in sorted(verbs.items())]
    write_table(args.out, lines, title="Synonyms of English verbs", script="build_wordnet_verbs.py",
                columns="verb<TAB>the other words of its main verb senses<TAB>u: untagged")
    print(f"{len(verbs)} verbs -> {args.out}")


if __name__ == "__main__":
    main()
