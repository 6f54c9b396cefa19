"""Median time of one whole pipeline turn (offline, SQLite, hashing embedder) on each
adversarial input of tests/adversarial.py. Target: every input under 100 ms.

    python benchmarks/bench_adversarial.py [--runs 5]"""

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from adversarial import cases  # noqa: E402

from iris import Pipeline, load_settings  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        settings = load_settings(home=Path(home), embed_model="hashing")
        with Pipeline(settings) as pipeline:
            pipeline.handle("remember that I like tea")  # build the stages before timing
            worst = 0.0
            for name, text in cases().items():
                times = []
                for _ in range(args.runs):
                    started = time.perf_counter()
                    pipeline.handle(text, user_id="bench")
                    times.append((time.perf_counter() - started) * 1000)
                median = statistics.median(times)
                worst = max(worst, median)
                print(f"{name:28s} {len(text):6d} chars  p50 {median:8.1f} ms")
            print(f"worst median: {worst:.1f} ms (target < 100 ms)")


if __name__ == "__main__":
    main()
