"""Issue 16, word level: MiniLM cosine of single words, for near-miss siblings (which forget
must never take for each other: the near misses written into the forget sets) against the
pairs of everyday knowledge the held-out sets needed (a category or another name, and the
memory's word). If siblings are as near as the wanted pairs, no word-cosine threshold can
tell them apart.

    python benchmarks/scan_forget_pairs.py
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

SIBLINGS = [
    ("cat", "dog"), ("tea", "coffee"), ("wife", "husband"), ("son", "daughter"),
    ("arsenal", "chelsea"), ("cello", "violin"), ("leeds", "york"), ("army", "navy"),
    ("bmw", "audi"), ("insulin", "metformin"), ("mets", "yankees"), ("brother", "sister"),
    ("mother", "father"), ("rabbit", "hamster"), ("packers", "bears"), ("kosher", "halal"),
    ("penicillin", "aspirin"), ("spain", "italy"), ("monday", "tuesday"), ("horses", "donkeys"),
    ("chicken", "turkey"), ("soccer", "baseball"), ("guitar", "piano"), ("buddhist", "hindu"),
    ("nissan", "honda"), ("usps", "ups"), ("city", "street"), ("roses", "tulips"),
    ("kayaking", "surfing"), ("cycling", "driving")]
WANTED = [
    ("suv", "pathfinder"), ("ride", "pathfinder"), ("beemer", "bmw"), ("gunners", "arsenal"),
    ("meds", "metformin"), ("dietary", "kosher"), ("flowers", "roses"), ("surgery", "gallbladder"),
    ("rabbit", "bunny"), ("betting", "gambling"), ("soldier", "army"), ("snowbird", "winter"),
    ("veteran", "military"), ("faith", "christian"), ("operation", "tonsils"),
    ("pickup", "silverado"), ("dairy", "lactose"), ("kiddos", "children"), ("pup", "dog"),
    ("flat", "apartment"), ("gig", "concert")]


def main() -> None:
    from iris import load_settings
    from iris.embed import make_embedder

    embedder = make_embedder(load_settings(home=Path(os.environ.get("IRIS_HOME", "/tmp/iris-forget-home"))))
    assert embedder is not None
    for label, pairs in (("sibling", SIBLINGS), ("wanted", WANTED)):
        sims = []
        for a, b in pairs:
            v = embedder.encode([a, b])
            v = v / np.linalg.norm(v, axis=1, keepdims=True)
            sims.append(float(v[0] @ v[1]))
            print(f"{label:8} {a:>12} {b:<12} {sims[-1]:.3f}")
        print(f"{label}: min {min(sims):.3f} median {float(np.median(sims)):.3f} max {max(sims):.3f}\n")


if __name__ == "__main__":
    main()
