"""Build intents/fastpath/wordnet_main_verbs.tsv, the words the offline extractor reads as
verbs when it looks for a clause boundary in a run-on message (iris/extract/clauses.py:
"I call my gran every Sunday" keeps "my gran" as the object of "call"), from Princeton
WordNet 3.0 (Debian's `wordnet-base`; see scripts/build_wordnet_senses.py for how to get it).

A word is listed when the sense-tagged corpus (cntlist.rev) counts its verb senses more often
than all its other senses together: "call", "quit", "hope", "think" are verbs; "cat", "school",
"eye" (a verb too, but rarely) are not. Each line is `verb` or `form<TAB>=base`: an irregular
form (WordNet's verb exception list: "dyed" -> "dye", "quit" -> "quit") of a listed verb.
Only words of letters are kept.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_wordnet_senses import arguments, read_counts, read_index, write_table  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "intents" / "fastpath" / "wordnet_main_verbs.tsv"


def build(folder: Path) -> set[str]:
    senses = read_index(folder)
    counts = read_counts(folder)
    tagged: dict[str, dict[str, int]] = {}
    for (lemma, pos), ids in senses.items():
        tagged.setdefault(lemma, {})[pos] = sum(counts.get((lemma, pos, number), 0)
                                                for number in range(1, len(ids) + 1))
    return {lemma for lemma, by_pos in tagged.items() if lemma.isalpha()
            and by_pos.get("v", 0) > sum(n for pos, n in by_pos.items() if pos != "v")}


def irregular(folder: Path, verbs: set[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in (folder / "verb.exc").read_text(encoding="latin-1").splitlines():
        form, *bases = line.split()
        base = next((b for b in bases if b in verbs), None)
        if form.isalpha() and base and form != base:
            out[form] = base
    return out


def main() -> None:
    args = arguments(__doc__, OUT)
    verbs = build(args.wordnet)
    forms = irregular(args.wordnet, verbs)
    lines = sorted(verbs) + [f"{form}\t={base}" for form, base in sorted(forms.items())]
    write_table(args.out, lines, title="English words used mostly as verbs",
                script="build_wordnet_main_verbs.py", columns="verb, or form<TAB>=base")
    print(f"{len(verbs)} verbs, {len(forms)} irregular forms -> {args.out}")


if __name__ == "__main__":
    main()
