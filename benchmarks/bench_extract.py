"""Offline extraction time per message (fast path + extractor, as eval_extract.py routes it),
each message timed `--repeat` times and its fastest run kept, then the median and p90 over the
messages: on a shared, noisy machine one pass's median moves by a third from run to run.

    .venv/bin/python benchmarks/bench_extract.py \
        --phrasings-file benchmarks/data/extract_phrasings_fresh33.yaml

To compare two checkouts, run it from each in turn (alternating, a few times) with PYTHONPATH
set to the checkout."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from eval_extract import DEFAULT_PERSONAS, offline_route  # noqa: E402
from phrasings import build_cases, load  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phrasings-file", type=Path, required=True)
    parser.add_argument("--repeat", type=int, default=5, help="runs per message (fastest kept)")
    args = parser.parse_args(argv)

    data = load(args.phrasings_file)
    splits = ["all"] if "all" in data["seeds"] else ["dev", "final"]
    messages = [c.message for s in splits for c in build_cases(s, personas_path=DEFAULT_PERSONAS, data=data)]
    for message in messages[:5]:  # warm-up: lexicons, compiled patterns, the model
        offline_route(message)
    best = []
    for message in messages:
        runs = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            offline_route(message)
            runs.append(time.perf_counter() - started)
        best.append(1000 * min(runs))
    best.sort()
    print(f"{args.phrasings_file.name}: {len(best)} messages, best of {args.repeat} per message: "
          f"p50 {statistics.median(best):.3f} ms, p90 {best[int(0.9 * (len(best) - 1))]:.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
