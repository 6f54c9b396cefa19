"""How often does a non-memory message give the forget probe an object to look for?

    .venv/bin/python benchmarks/eval_probe.py [--show]

`named_forget` (iris/store/probe.py) picks the object of a short removal request the router
left to the host ("forget Rusty", "erase cardiff"); the store then deletes a memory only when
every word of the object is in exactly one memory. Every object it picks from ordinary
assistant traffic (CLINC150 val, HWU64 valid, HWU64 train) is a message the store looks at:
each is listed with --show, to judge whether a user could have meant a memory.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from iris.paths import datasets_dir  # noqa: E402
from iris.store.probe import named_forget  # noqa: E402

SOURCES = {"CLINC150 val": "clinc150/val.jsonl", "HWU64 valid": "hwu64/valid.jsonl",
           "HWU64 train": "hwu64/train.jsonl"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--show", action="store_true")
    args = ap.parse_args()
    for name, rel in SOURCES.items():
        rows = [json.loads(line) for line in (datasets_dir() / rel).read_text().splitlines()
                if line.strip()]
        picked = [(r["text"], obj) for r in rows if (obj := named_forget(r["text"]))]
        print(f"{name}: {len(picked)}/{len(rows)} messages give the probe an object")
        if args.show:
            for text, obj in picked:
                print(f"    {text!r} -> {obj!r}")


if __name__ == "__main__":
    main()
