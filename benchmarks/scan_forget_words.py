"""Word-level check for issue 16: in the runs `forget.decide` answered not_found (read from
benchmarks/dump_forget_cosines.py's lines), how near is each word the description needs
(forget.describe(...).said) to the nearest word of each memory, by MiniLM cosine of the single
words? A memory "says" the description when every needed word has a near word in it
(the minimum over the needed words of the best word cosine: `cover`). Prints the best rule
"cover >= T and only one memory does" with 0 wrong, and the split-half check.

    python benchmarks/scan_forget_words.py [--gated] /tmp/cos-a.jsonl /tmp/cos-b.jsonl
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import numpy as np

STOP = frozenset("the a an and or of in on at to for my our i im i'm me we us is am are was were be "
                 "been have has had do does did not no with by from that this it its as every "
                 "very all some any".split())


def main(paths: list[str]) -> None:
    from scan_forget_cosines import gate

    gated = "--gated" in paths
    paths = [p for p in paths if p != "--gated"]
    if gated:
        print("GATED: only memories that pass decide's number, polarity and person checks "
              "(the runner-up too: a margin over the memories the gate leaves)")
    from iris import load_settings
    from iris.embed import make_embedder
    from iris.store import forget

    emb = make_embedder(load_settings(home=Path(os.environ.get("IRIS_HOME", "/tmp/iris-forget-home"))))
    assert emb is not None

    def vec(words: list[str]) -> np.ndarray:
        v = emb.encode(words)
        return v / np.linalg.norm(v, axis=1, keepdims=True)

    rows = []
    for path in paths:
        for line in open(path, encoding="utf-8"):
            r = json.loads(line)
            calls = [c for c in r["calls"] if not c["literal"]]
            if not calls or calls[-1]["status"] != "not_found" or not calls[-1]["cands"]:
                continue
            call = calls[-1]
            d = forget.describe(call["description"])
            if d is None:
                continue
            # its numbers too ("u2"): decide already asks the memory to say them
            need = sorted({w for _, w, _ in d.said}
                          | {w for w in re.findall(r"[a-z0-9]+", call["description"].lower())
                             if any(ch.isdigit() for ch in w)})
            if not need:
                continue
            nv = vec(need)
            covers = []
            for _, content, _ in call["cands"]:
                if gated and not gate(call["description"], content):
                    continue
                mw = sorted({w.lower() for w in re.findall(r"[A-Za-z]+", content)} - STOP)
                if not mw:
                    covers.append((0.0, content))
                    continue
                sims = nv @ vec(mw).T
                covers.append((float(sims.max(axis=1).min()), content))
            sentence = {content: cos for _, content, cos in call["cands"]}
            first = max(call["cands"], key=lambda c: c[2])[1]
            if not covers:
                continue
            covers.sort(key=lambda c: -c[0])
            c1, top = covers[0]
            c2 = covers[1][0] if len(covers) > 1 else 0.0
            good = r["expect"] == "forgotten" and top == r["target"]
            rows.append({"file": r["file"], "say": r["say"], "expect": r["expect"], "need": need,
                         "c1": c1, "margin": c1 - c2, "top": top, "good": good, "n": len(covers),
                         "cos": sentence[top], "agree": top == first})

    def score(rs, t, m):
        fired = [r for r in rs if r["c1"] >= t and r["margin"] >= m]
        return sum(r["good"] for r in fired), sum(not r["good"] for r in fired)

    def best(rs):
        choice = (9.0, 9.0, 0)
        for t in [x / 100 for x in range(20, 100)]:
            for m in [x / 100 for x in range(0, 60, 2)]:
                g, b = score(rs, t, m)
                if b == 0 and g > choice[2]:
                    choice = (t, m, g)
        return choice

    def both(rs, t, c):
        """The word cover and the sentence cosine agree on the memory and both are high."""
        fired = [r for r in rs if r["agree"] and r["c1"] >= t and r["cos"] >= c]
        return sum(r["good"] for r in fired), sum(not r["good"] for r in fired)

    def best_both(rs):
        choice = (9.0, 9.0, 0)
        for t in [x / 100 for x in range(20, 100, 2)]:
            for c in [x / 100 for x in range(20, 100, 2)]:
                g, b = both(rs, t, c)
                if b == 0 and g > choice[2]:
                    choice = (t, c, g)
        return choice

    pos = [r for r in rows if r["good"]]
    print(f"runs: {len(rows)}, right-if-deleted: {len(pos)}")
    print("highest cover where a deletion is wrong:")
    for r in sorted([r for r in rows if not r["good"]], key=lambda r: -r["c1"])[:15]:
        print(f"  {r['c1']:.3f} m={r['margin']:.3f} n={r['n']} {r['say']!r} need={r['need']} "
              f"-> {r['top']!r} ({r['expect']})")
    print("right-if-deleted, by cover:")
    for r in sorted(pos, key=lambda r: -r["c1"]):
        print(f"  {r['c1']:.3f} m={r['margin']:.3f} n={r['n']} {r['say']!r} need={r['need']} -> {r['top']!r}")
    t, m, g = best(rows)
    print(f"\nall files: best with 0 wrong: cover >= {t}, margin >= {m}: {g} right")
    files = sorted({r["file"] for r in rows})
    halves = (files[::2], files[1::2])
    for a, b in (halves, halves[::-1]):
        t, m, g = best([r for r in rows if r["file"] in a])
        gg, w = score([r for r in rows if r["file"] in b], t, m)
        print(f"chosen on {a}: cover >= {t}, margin >= {m} ({g} right); other half: {gg} right, {w} wrong")
    t, c, g = best_both(rows)
    print(f"\nall files, cover and sentence cosine agreeing: best with 0 wrong: cover >= {t}, "
          f"cosine >= {c}: {g} right")
    for a, b in (halves, halves[::-1]):
        t, c, g = best_both([r for r in rows if r["file"] in a])
        gg, w = both([r for r in rows if r["file"] in b], t, c)
        print(f"chosen on {len(a)} files: cover >= {t}, cosine >= {c} ({g} right); "
              f"other {len(b)} files: {gg} right, {w} wrong")


if __name__ == "__main__":
    main(sys.argv[1:])
