"""Build intents/fastpath/wordnet_senses.tsv, the synonym data the de-duplication verifier
reads (iris/store/synonyms.py), from Princeton WordNet 3.0.

The source is Debian's `wordnet-base` package (WordNet 3.0 database files); nothing is read
from the network at run time, and the shipped file is small:

    apt-get install wordnet-base          # or: apt-get download wordnet-base; dpkg-deb -x ...
    python scripts/build_wordnet_senses.py [--wordnet /usr/share/wordnet]

Each output line is `word<TAB>key,key,...`: the word's MAIN senses (synset ids; none for a
word that shares no main sense with another word), or
`form<TAB>=base,base`: an irregular form and its base words (WordNet's exception lists:
"bought" -> "buy", "stolen" -> "steal"), whose senses the form also has. Two words are
synonyms for de-duplication when they share a main sense. A sense is main when the sense-tagged
corpus counts (cntlist.rev) give it at least MAIN_SHARE of the word's most frequent sense; a word
with no tagged sense keeps only its first sense. A rare sense ("fireman" as a baseball relief
pitcher, "big" as "generous") therefore joins nothing. A derivational link between main senses
of two words (allergy/allergic, donate/donation) gives both words a key of their own, so a
noun and the verb or adjective it comes from share a key (and no other word gets it); so do
a satellite adjective and the head of its cluster (tiny/small), both as main senses. Only
words of letters (no multi-word lemmas) are kept.

WordNet 3.0 licence (Princeton University): permission to use, copy, modify and distribute
this software and database for any purpose, provided the copyright notice appears in all copies;
see the header of the written file."""

from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "intents" / "fastpath" / "wordnet_senses.tsv"
POS = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
# A sense is main from half the count of the word's commonest sense. 0.25 and 0.5 score the
# same on every de-duplication set; 0.5 joins fewer common words (1,311 pairs among the
# 4,000 commonest words against 2,138; "accept"/"takes" only at 0.25).
MAIN_SHARE = 0.5

HEADER = """# Main senses of English words, derived from Princeton WordNet 3.0 by
# scripts/build_wordnet_senses.py (see its docstring for the rule). word<TAB>sense ids.
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.
# THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO
# REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. Permission to use, copy, modify and
# distribute this software and database and its documentation for any purpose and without fee
# or royalty is hereby granted, provided that this copyright notice appears in all copies.
"""


def read_index(folder: Path) -> dict[tuple[str, str], list[str]]:
    """(lemma, pos) -> synset ids in WordNet's sense order (most frequent first)."""
    senses: dict[tuple[str, str], list[str]] = {}
    for name, pos in POS.items():
        for line in (folder / f"index.{name}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue
            parts = line.split()
            lemma, synset_cnt, p_cnt = parts[0], int(parts[2]), int(parts[3])
            offsets = parts[4 + p_cnt + 2:]
            assert len(offsets) == synset_cnt, line
            senses[(lemma, pos)] = [f"{pos}{o}" for o in offsets]
    return senses


def read_counts(folder: Path) -> dict[tuple[str, str, int], int]:
    """(lemma, pos, sense number) -> tagged count."""
    ss_pos = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}
    counts: dict[tuple[str, str, int], int] = {}
    for line in (folder / "cntlist.rev").read_text(encoding="latin-1").splitlines():
        key, number, count = line.split()
        lemma, _, rest = key.partition("%")
        counts[(lemma, ss_pos[rest[0]], int(number))] = int(count)
    return counts


def main_senses(senses: dict[tuple[str, str], list[str]],
                counts: dict[tuple[str, str, int], int]) -> dict[str, set[str]]:
    by_lemma: dict[str, list[tuple[str, int, str]]] = defaultdict(list)
    for (lemma, pos), offsets in senses.items():
        for number, offset in enumerate(offsets, start=1):
            by_lemma[lemma].append((pos, number, offset))
    out: dict[str, set[str]] = {}
    for lemma, rows in by_lemma.items():
        if not lemma.isalpha():
            continue
        tagged = {offset: counts.get((lemma, pos, number), 0) for pos, number, offset in rows}
        top = max(tagged.values())
        if top:
            main = {o for o, c in tagged.items() if c >= MAIN_SHARE * top}
        else:
            main = {offset for pos, number, offset in rows if number == 1}
        out[lemma] = main
    return out


def derivations(folder: Path) -> list[tuple[str, str, str, str]]:
    """(lemma, synset, target synset, target word number) for every derivational link."""
    return pointer_links(folder, "+")


def pointer_links(folder: Path, wanted: str) -> list[tuple[str, str, str, str]]:
    """(lemma, synset, target synset, target word number) for every lexical pointer of kind
    `wanted` ("+": derivation, "!": antonym) from one word to another."""
    links = []
    for name, pos in POS.items():
        for line in (folder / f"data.{name}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue
            parts = line.split("|")[0].split()
            offset, w_cnt = parts[0], int(parts[3], 16)
            lemmas = [_lemma(parts[4 + 2 * i]) for i in range(w_cnt)]
            at = 4 + 2 * w_cnt
            for i in range(int(parts[at])):
                symbol, target, target_pos, source_target = parts[at + 1 + 4 * i: at + 5 + 4 * i]
                if symbol != wanted:
                    continue
                source, dest = int(source_target[:2], 16), int(source_target[2:], 16)
                target_pos = "a" if target_pos == "s" else target_pos
                links.append((lemmas[source - 1], f"{pos if pos != 's' else 'a'}{offset}",
                              f"{target_pos}{target}", str(dest)))
    return links


def _lemma(word: str) -> str:
    word = word.lower()
    return word[:word.index("(")] if word.endswith(")") else word  # "big(a)": a marker


def similar(folder: Path) -> list[tuple[str, str]]:
    """(satellite, head) synset ids: an adjective cluster's satellite ("tiny") points to its
    head ("small") with a similar-to link."""
    pairs = []
    for line in (folder / "data.adj").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        parts = line.split("|")[0].split()
        if parts[2] != "s":
            continue
        at = 4 + 2 * int(parts[3], 16)
        for i in range(int(parts[at])):
            symbol, target, _pos, _st = parts[at + 1 + 4 * i: at + 5 + 4 * i]
            if symbol == "&":
                pairs.append((f"a{parts[0]}", f"a{target}"))
    return pairs


def build(folder: Path) -> dict[str, set[str]]:
    senses = read_index(folder)
    main = main_senses(senses, read_counts(folder))
    # Lemma of a link's target: the index knows which synsets each lemma has.
    members: dict[str, list[str]] = defaultdict(list)
    for (lemma, _pos), offsets in senses.items():
        for o in offsets:
            members[o].append(lemma)
    targets = _target_lemmas(folder)
    for lemma, synset, target, dest in derivations(folder):
        other = targets.get((target, int(dest)))
        if other is None or lemma not in main or other not in main:
            continue
        if synset in main[lemma] and target in main[other] and lemma != other:
            # A key of the link's own: the two words, not every synonym of either.
            link = f"+{min(lemma, other)}:{max(lemma, other)}"
            main[lemma].add(link)
            main[other].add(link)
    # A satellite adjective and its cluster's head, when the cluster is a main sense of both
    # words ("tiny"/"small", "skinny"/"thin"): a key for the two words only, so two
    # satellites of one head ("huge", "bulky") are not joined through it.
    for satellite, head in similar(folder):
        for a in members[satellite]:
            for h in members[head]:
                if a != h and a in main and h in main and satellite in main[a] \
                        and head in main[h]:
                    link = f"&{min(a, h)}:{max(a, h)}"
                    main[a].add(link)
                    main[h].add(link)
    return main


def exceptions(folder: Path, words: set[str]) -> dict[str, set[str]]:
    """Irregular form -> its base words (WordNet's exception lists: "bought" -> "buy")."""
    out: dict[str, set[str]] = defaultdict(set)
    for name in POS:
        for line in (folder / f"{name}.exc").read_text(encoding="latin-1").splitlines():
            form, *bases = line.split()
            if form.isalpha():
                out[form].update(b for b in bases if b in words and b != form)
    return {form: bases for form, bases in out.items() if bases}


def _target_lemmas(folder: Path) -> dict[tuple[str, int], str]:
    """(synset id, word number) -> lemma."""
    out: dict[tuple[str, int], str] = {}
    for name, pos in POS.items():
        for line in (folder / f"data.{name}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue
            parts = line.split()
            w_cnt = int(parts[3], 16)
            for i in range(w_cnt):
                lemma = parts[4 + 2 * i].lower()
                if lemma.endswith(")"):  # adjective markers: "big(a)"
                    lemma = lemma[:lemma.index("(")]
                out[(f"{pos}{parts[0]}", i + 1)] = lemma
    return out


def arguments(doc: str | None, out: Path) -> argparse.Namespace:
    """The command line every WordNet build script takes: --wordnet (the dictionary's folder)
    and --out (the table to write)."""
    parser = argparse.ArgumentParser(description=doc,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    parser.add_argument("--out", type=Path, default=out)
    return parser.parse_args()


def write_table(out: Path, lines: list[str], *, title: str = "", script: str = "",
                columns: str = "") -> None:
    """`lines` under WordNet's licence, with this table's title, script and columns."""
    header = HEADER
    for old, new in (("Main senses of English words", title),
                     ("build_wordnet_senses.py", script), ("word<TAB>sense ids", columns)):
        header = header.replace(old, new) if new else header
    out.write_text(header + "\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    args = arguments(__doc__, OUT)
    main_ = build(args.wordnet)
    # A sense only one word has links nothing: drop it, and the words left with none.
    holders: dict[str, int] = defaultdict(int)
    for keys_ in main_.values():
        for k in keys_:
            holders[k] += 1
    main_ = {w: {k for k in ks if holders[k] > 1} for w, ks in main_.items()}
    # A word with no shared sense stays (with no key) when the tagged corpus has it: the
    # verifier then knows it is a word of its own ("cookie" is not "cooking").
    tagged = {key.partition("%")[0] for key in
              (args.wordnet / "cntlist.rev").read_text(encoding="latin-1").split()[::3]}
    main_ = {w: ks for w, ks in main_.items() if ks or w in tagged}
    irregular = exceptions(args.wordnet, set(main_))
    # Renumber synset ids densely: shorter lines, same meaning.
    ids: dict[str, int] = {}
    lines = []
    for lemma in sorted(main_):
        # (sorted: a set's order changes from run to run, and so would the ids)
        keys = sorted(ids.setdefault(k, len(ids)) for k in sorted(main_[lemma]))
        lines.append(f"{lemma}\t{','.join(map(str, keys))}")
    lines += [f"{form}\t={','.join(sorted(bases))}" for form, bases in sorted(irregular.items())]
    write_table(args.out, lines)
    print(f"{len(main_)} words, {len(ids)} senses, {len(irregular)} irregular forms -> {args.out}")


if __name__ == "__main__":
    main()
