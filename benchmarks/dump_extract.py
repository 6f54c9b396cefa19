"""Dump what the offline extraction yields for every development phrasing message, as JSON
lines, so that a change meant to be behaviour-free (a speed-up) can be checked by `diff`.

For every message of every benchmarks/data/extract_phrasings*.yaml (both halves of the first
file; the held-out file of the round, named in HELD_OUT, is never opened) and of the persona
generator of eval_extract.py (both splits), one line: the file, the message, the fast path's
whole decision, the route and facts the pipeline stores offline (`offline_route`), and
`split_facts` on the message whatever the fast path decided (so that the extractor is
checked on the messages the fast path takes too).

    .venv/bin/python benchmarks/dump_extract.py > /tmp/extract-before.jsonl
    ... change the code ...
    .venv/bin/python benchmarks/dump_extract.py > /tmp/extract-after.jsonl
    cmp /tmp/extract-before.jsonl /tmp/extract-after.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from eval_extract import COMMA_FACTS, DEFAULT_PERSONAS, build_cases, load_personas  # noqa: E402
from phrasings import build_cases as build_phrasings  # noqa: E402
from phrasings import load as load_phrasings  # noqa: E402

# This round's held-out phrasing sets: never opened by any script of a helper.
HELD_OUT = frozenset({"extract_phrasings_fresh54.yaml", "extract_phrasings_fresh55.yaml"})
GENERATOR_SEED = 31337
GENERATOR_MESSAGES = 400


def messages() -> list[tuple[str, str]]:
    """(source, message) for every development message, in a fixed order."""
    out: list[tuple[str, str]] = []
    for path in sorted((HERE / "data").glob("extract_phrasings*.yaml")):
        if path.name in HELD_OUT:
            continue
        data = load_phrasings(path)
        for split in sorted(data["seeds"]):
            for case in build_phrasings(split, personas_path=DEFAULT_PERSONAS, data=data):
                out.append((f"{path.name}:{split}", case.message))
    for split in ("dev", "test"):
        cases = build_cases(load_personas(DEFAULT_PERSONAS, split), COMMA_FACTS[split],
                            GENERATOR_MESSAGES, GENERATOR_SEED)
        out.extend((f"generator:{split}", case.message) for case in cases)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=None, help="write here instead of stdout")
    args = parser.parse_args(argv)

    from iris.direct import DirectHandler
    from iris.extract.offline import split_facts

    handler = DirectHandler()
    lines = []
    for source, message in messages():
        decision = handler.decide(message)
        if decision.action == "store" and decision.content:
            route, facts = "direct", [decision.content]
        else:
            route, facts = "offline", split_facts(message)
        lines.append(json.dumps({"source": source, "message": message,
                                 "direct": decision.model_dump(), "route": route,
                                 "facts": facts, "split_facts": split_facts(message)},
                                ensure_ascii=False))
    text = "\n".join(lines) + "\n"
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
