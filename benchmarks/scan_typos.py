"""Scan: does de-duplication read a mistyped word as the word, and never a different word or
a name as another? (issue 11, surface variants)

From persona facts (Synthetic-Persona-Chat validation split, /work/shared/datasets/persona),
each word of four or more letters that is a known word and not a name is replaced, in a copy
of the fact, by:
  (a) a slip of the fingers that is not a word (a doubled letter written once or a letter
      written twice, two neighbouring letters swapped, a key next to the right one): should
      be read as the same fact;
  (b) every real word one edit away (any edit: "thin" / "thing", "cook" / "book"): must not;
  (c) the same slip where the word stands as a name, capitalised in both texts ("I love to
      cook Paella" / "... Paela") or after "named": must not.
Reported: how often `same_surface` (the surface path, which merges at any cosine), `verify`
(the offline verifier) and, with --embed, the store's offline rule (surface, or a verifier
duplicate at a cosine of at least dedup_candidate_threshold with MiniLM) call the pair the same.

    python benchmarks/scan_typos.py [--facts N] [--show 10] [--embed]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import string
from pathlib import Path

from iris.spelling import _NEAR, _frequencies, known, name_like, same_surface, slip
from iris.store.verifier import verify
from iris.text import stem

PERSONA = Path("/work/shared/datasets/persona/personas_valid.jsonl")
WORD = re.compile(r"\b[a-z]{4,}\b")


def slips(word: str) -> list[str]:
    """One slip of each kind at a random place after the first letter (typos keep it)."""
    rng = random.Random(word)
    out = []
    doubled = [i for i in range(1, len(word)) if word[i] == word[i - 1]]
    if doubled:
        i = rng.choice(doubled)
        out.append(word[:i] + word[i + 1:])
    else:
        i = rng.randrange(1, len(word))
        out.append(word[:i] + word[i] + word[i:])
    i = rng.randrange(1, len(word) - 1)
    if word[i] != word[i + 1]:
        out.append(word[:i] + word[i + 1] + word[i] + word[i + 2:])
    i = rng.randrange(1, len(word))
    if word[i] in _NEAR:
        out.append(word[:i] + rng.choice(sorted(_NEAR[word[i]])) + word[i + 1:])
    return [s for s in out if s != word and not known(s) and slip(s, word)]


def one_edit_words(word: str) -> list[str]:
    letters = string.ascii_lowercase
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    edits = {a + b[1:] for a, b in splits if b}
    edits |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    edits |= {a + c + b[1:] for a, b in splits if b for c in letters}
    edits |= {a + c + b for a, b in splits for c in letters}
    edits.discard(word)
    return sorted(e for e in edits if known(e))


def _changed(old: str, new: str) -> tuple[str, str]:
    """The one word that differs (lower case)."""
    a, b = old.casefold().split(), new.casefold().split()
    return next(((x, y) for x, y in zip(a, b, strict=True) if x != y), ("", ""))


def replaced(fact: str, start: int, end: int, new: str) -> str:
    return fact[:start] + new + fact[end:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--facts", type=int, default=400, help="persona facts to scan")
    parser.add_argument("--show", type=int, default=8, help="examples of each kind of miss")
    parser.add_argument("--embed", action="store_true", help="also apply the store's cosine rule")
    args = parser.parse_args()
    _frequencies()
    facts: list[str] = []
    for line in PERSONA.read_text(encoding="utf-8").splitlines():
        for fact in json.loads(line)["facts"]:
            if fact not in facts:
                facts.append(fact)
    facts = facts[:args.facts]
    pairs: list[tuple[str, str, str, bool, bool]] = []  # kind, old, new, surface, verify dup

    def score(kind: str, old: str, new: str) -> None:
        pairs.append((kind, old, new, same_surface(new, old), verify(new, old).kind == "duplicate"))

    for fact in facts:
        names = name_like(fact)
        for m in WORD.finditer(fact):
            word = m.group()
            if not known(word) or word in names:
                continue
            for typo in slips(word):
                score("a typo", fact, replaced(fact, m.start(), m.end(), typo))
                cap = replaced(fact, m.start(), m.end(), word.capitalize())
                if m.start() > 0:
                    score("c name", cap, replaced(fact, m.start(), m.end(), typo.capitalize()))
                score("c name", f"My cat is named {word}.", f"My cat is named {typo}.")
            for other in one_edit_words(word):
                score("b real word", fact, replaced(fact, m.start(), m.end(), other))
    merged = [surface for *_, surface, _ in pairs]
    if args.embed:
        from iris.config import Settings
        from iris.embed import SentenceTransformerEmbedder

        embedder, at = SentenceTransformerEmbedder(), Settings().dedup_candidate_threshold
        texts = sorted({t for _, old, new, *_ in pairs for t in (old, new)})
        vectors = dict(zip(texts, embedder.encode(texts), strict=True))
        merged = [surface or (dup and float(vectors[old] @ vectors[new]) >= at)
                  for _, old, new, surface, dup in pairs]
    print(f"{len(facts)} persona facts")
    print(f"{'kind':12} {'pairs':>7} {'same surface':>13} {'verifier dup':>13} {'store merges':>13}")
    misses: dict[str, list[str]] = {}
    for kind in ("a typo", "b real word", "c name"):
        rows = [(p, m) for p, m in zip(pairs, merged, strict=True) if p[0] == kind]
        n = max(len(rows), 1)
        store = f"{100 * sum(m for _, m in rows) / n:12.1f}%" if args.embed else f"{'-':>13}"
        print(f"{kind:12} {len(rows):7d} {100 * sum(p[3] for p, _ in rows) / n:12.1f}% "
              f"{100 * sum(p[4] for p, _ in rows) / n:12.1f}% {store}")
        if kind == "b real word":
            forms = sum(m and stem(_changed(p[1], p[2])[0]) == stem(_changed(p[1], p[2])[1])
                        for p, m in rows)
            print(f"{'':12} of which the two words share a stem (an inflection): "
                  f"{100 * forms / n:.1f}%")
        misses[kind] = [f"{p[1]!r} => {p[2]!r} (surface {p[3]}, verify dup {p[4]}, merged {m})"
                        for p, m in rows if m != (kind == "a typo")][:args.show]
    for kind, shown in misses.items():
        if shown:
            print(f"\n{kind}: {'not merged' if kind == 'a typo' else 'merged'}")
            print("\n".join("  " + r for r in shown))


if __name__ == "__main__":
    main()
