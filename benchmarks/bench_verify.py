"""The offline verifier's cost per pair: `verify(new, existing)` over every pair of the
de-duplication sets eval_dedup.py names (tests/data/dedup_pairs*.txt), cold (each text analysed for the first
time) and warm (analyses cached, as for the stored side of a store call). A store compares a
new item with up to `dedup_candidates` (10) memories, so ten times the cold figure bounds what
the verifier adds to one synchronous store. Medians in microseconds.

    .venv/bin/python benchmarks/bench_verify.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from eval_dedup import SETS, load_pairs

    from iris.store import verifier

    # The sets eval_dedup names, not every file there: a new held-out set is run on by no one
    # before it is scored.
    pairs = [(new, old) for name in SETS if name != "generated"
             for _, old, new, _ in load_pairs(ROOT / "tests" / "data" / name)]
    verifier.verify("I like tea", "I like coffee")  # word lists loaded
    cold: list[float] = []
    warm: list[float] = []
    for _ in range(args.runs):
        verifier.analyze.cache_clear()
        for samples in (cold, warm):
            for new, old in pairs:
                start = time.perf_counter()
                verifier.verify(new, old)
                samples.append((time.perf_counter() - start) * 1e6)
    print(f"pairs {len(pairs)} x {args.runs} runs")
    for name, samples in (("cold", cold), ("warm", warm)):
        p90 = statistics.quantiles(samples, n=10)[-1]
        print(f"verify_{name}_us  p50 {statistics.median(samples):.1f}  p90 {p90:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
