"""How often does a non-memory message read as a removal request?

    .venv/bin/python benchmarks/eval_probe.py [--show]

`removal_request` (iris/store/probe.py) reads a short request to forget or remove something
by its shape ("frogot rahul pls", "i dont want u to remember my job", "remove softball").
A routed one goes to forget_memory whatever the router's model said; an unrouted one is
probed: the store deletes a memory only when every word of the object is in exactly one
memory. Every request it reads in ordinary assistant traffic (CLINC150 val, HWU64 valid,
HWU64 train) is a message taken to memory or looked at by the store: each is listed with
--show, to judge whether a user could have meant a memory.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from iris.paths import datasets_dir  # noqa: E402
from iris.store.probe import removal_request  # noqa: E402

SOURCES = {"CLINC150 val": "clinc150/val.jsonl", "HWU64 valid": "hwu64/valid.jsonl",
           "HWU64 train": "hwu64/train.jsonl"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--show", action="store_true")
    args = ap.parse_args()
    for name, rel in SOURCES.items():
        rows = [json.loads(line) for line in (datasets_dir() / rel).read_text().splitlines()
                if line.strip()]
        picked = [(r["text"], req) for r in rows if (req := removal_request(r["text"]))]
        routed = sum(req.routed for _, req in picked)
        print(f"{name}: {len(picked)}/{len(rows)} messages read as a removal request "
              f"({routed} routed to forget_memory, {len(picked) - routed} probed)")
        if args.show:
            for text, req in picked:
                print(f"    {text!r} -> {req}")


if __name__ == "__main__":
    main()
