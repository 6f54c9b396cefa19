"""End-to-end turn latency by route, through the real pipeline (SQLite file, MiniLM, the
default TF-IDF intent model, offline extraction). Warm: models are loaded and the intent
model trained before timing. Medians over `--runs` turns of each kind; the machine is shared,
so compare figures from one run.

    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/bench_pipeline.py [--runs 30]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")

from iris.config import load_settings  # noqa: E402
from iris.pipeline import Pipeline  # noqa: E402

KINDS = {
    "direct store (new fact)": lambda i: f"Remember that my locker number is {i}",
    "direct store (duplicate)": lambda i: "Remember that my locker number is 0",
    "multi-fact store (4 facts, offline)": lambda i: (
        f"Remember that I'm allergic to item {i}, I prefer seat {i}, my code is {i}00, "
        f"and I hate flavour {i}."),
    "list (no topic)": lambda i: "what do you remember about me",
    "passthrough (reminder)": lambda i: f"remind me to call mom at {i % 12 + 1}pm",
    # Split in two (iris/compound.py): the fact is stored, the reminder handed to the host.
    "fact + reminder (compound)": lambda i: (
        f"Remember that my locker number is {i} and remind me to call mom at {i % 12 + 1}pm"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        settings = load_settings().model_copy(update={"home": Path(tmp), "db_url": None, "llm_model": None})
        with Pipeline(settings) as pipeline:
            pipeline.handle("Remember that I like warm-up turns", user_id="warm")  # load everything
            pipeline.handle("please note these: I run; I swim", user_id="warm")
            print(f"{'turn':<38} {'p50 ms':>8} {'p90 ms':>8}  route")
            for name, make in KINDS.items():
                samples, route = [], ""
                for i in range(args.runs):
                    start = time.perf_counter()
                    reply = pipeline.handle(make(i), user_id="bench")
                    samples.append((time.perf_counter() - start) * 1000)
                    route = reply.route
                samples.sort()
                p90 = samples[int(0.9 * (len(samples) - 1))]
                print(f"{name:<38} {statistics.median(samples):8.2f} {p90:8.2f}  {route}")


if __name__ == "__main__":
    main()
