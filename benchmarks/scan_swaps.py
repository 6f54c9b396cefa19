"""Scan: which one-word swaps does the verifier mark as a synonym substitution (the pairs
the store merges from link_floor up, below dedup_candidate_threshold)? Every word of three
or more letters in the first 300 persona facts (Synthetic-Persona-Chat validation split) is
swapped for each of the 600 commonest words of those facts; the swapped word pairs the
verifier accepts are listed with their counts, to be read for false merges.

    python benchmarks/scan_swaps.py
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from iris.store.verifier import verify

PERSONA = Path("/work/shared/datasets/persona/personas_valid.jsonl")
WORD = re.compile(r"[a-z]{3,}")


def main() -> None:
    facts: list[str] = []
    for line in PERSONA.read_text(encoding="utf-8").splitlines():
        for fact in json.loads(line)["facts"]:
            if fact not in facts:
                facts.append(fact)
    facts = facts[:300]
    counts = Counter(w for f in facts for w in WORD.findall(f.lower()))
    vocab = [w for w, _ in counts.most_common(600)]
    hits: Counter[tuple[str, str]] = Counter()
    swaps = 0
    for fact in facts:
        for m in WORD.finditer(fact):
            for word in vocab:
                if word == m.group():
                    continue
                swaps += 1
                if verify(fact[:m.start()] + word + fact[m.end():], fact).substitution:
                    hits[(m.group(), word)] += 1
    print(f"{swaps} swaps, {sum(hits.values())} marked as a one-word synonym substitution")
    for (a, b), count in hits.most_common():
        print(f"{a} -> {b} x{count}")


if __name__ == "__main__":
    main()
