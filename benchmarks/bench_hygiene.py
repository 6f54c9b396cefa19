"""What the text-hygiene checks at the boundary cost (iris/hygiene.py): the UTF-8 check and
the removal of invisible characters on a message, and the real-words check on a memory.
Medians of many calls, in microseconds; compare with a whole turn (benchmarks/bench_pipeline.py).

    python benchmarks/bench_hygiene.py [--runs 2000]"""

import argparse
import statistics
import time
from collections.abc import Callable

from iris.hygiene import encoding_problem, noise_problem, strip_invisible

FACT = "Remember that I'm allergic to shellfish and my sister Ana lives in Porto"
INPUTS = {
    "fact (72 chars)": FACT,
    "fact with zero-width marks": FACT.replace(" ", " \u200b"),
    "memory of 2,000 a's": "a" * 2000,
    "memory of 2,000 chars of words": ("I like green tea " * 118)[:2000],
    "message of 40 KB of words": ("I like green tea " * 2400)[:40_000],
}


def message_checks(text: str) -> None:
    encoding_problem(text)
    strip_invisible(text)


def memory_checks(text: str) -> None:
    message_checks(text)
    noise_problem(strip_invisible(text))


def median_us(check: Callable[[str], None], text: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        check(text)
        times.append((time.perf_counter() - started) * 1e6)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000)
    args = parser.parse_args()
    for name, text in INPUTS.items():
        check = message_checks if name.startswith("message") else memory_checks
        print(f"{name:32s} {len(text):6d} chars  p50 {median_us(check, text, args.runs):8.1f} µs")


if __name__ == "__main__":
    main()
