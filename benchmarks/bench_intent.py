"""Latency and throughput of ToolIntentDecisionService.decide.

    .venv/bin/python benchmarks/bench_intent.py [--embeddings] [--runs 5] [--messages 300]

Messages are CLINC150 validation utterances (ordinary requests the router has never seen)
mixed with the held-out tests/data/ sets. Single-message latency is per `decide` call after
a warm-up, as a median over runs of the per-run p50/p95; the embedding figure includes
embedding each message (a fresh text every call, so the embedder's cache never helps).
Throughput is `decide_batch` over all messages. Model training/loading is not timed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from iris.paths import datasets_dir

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")

ROOT = Path(__file__).resolve().parent.parent
CLINC = datasets_dir() / "clinc150" / "val.jsonl"


def messages(limit: int) -> list[str]:
    texts = [line.strip() for line in (ROOT / "tests/data/not_memory.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    if CLINC.is_file():
        texts += [json.loads(line)["text"] for line in CLINC.read_text().splitlines()]
    # Spread the picks over the whole list so every source is represented.
    step = max(1, len(texts) // limit)
    return texts[::step][:limit]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embeddings", action="store_true", help="use the MiniLM embedding head")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--messages", type=int, default=300)
    args = parser.parse_args()

    from iris.config import Settings
    from iris.intent import ToolIntentDecisionService

    home = Path(tempfile.mkdtemp(prefix="iris-bench-intent-"))
    settings = Settings(home=home, intent_embeddings=args.embeddings)
    service = ToolIntentDecisionService(settings)
    started = time.perf_counter()
    service.model  # noqa: B018 - trains on first use
    train_s = time.perf_counter() - started
    started = time.perf_counter()
    ToolIntentDecisionService(settings).model  # noqa: B018 - now from the cache
    load_s = time.perf_counter() - started

    texts = messages(args.messages)
    service.decide("warm up")
    p50s, p95s, rates = [], [], []
    for run in range(args.runs):
        # A distinct suffix per run keeps the embedder's cache out of the single-message timing.
        batch = [f"{t} " + "." * run for t in texts]
        times = []
        for text in batch:
            t0 = time.perf_counter()
            service.decide(text)
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        p50s.append(times[len(times) // 2])
        p95s.append(times[int(len(times) * 0.95)])
        batch = [f"{t} " + "!" * (run + 1) for t in texts]
        t0 = time.perf_counter()
        service.decide_batch(batch)
        rates.append(len(batch) / (time.perf_counter() - t0))

    mode = service.model.mode(service.use_embeddings)
    print(f"model: {mode}, {len(service.model.labels)} labels, {service.model.meta['examples']} examples")
    print(f"first-use training: {train_s:.2f} s; load from cache: {load_s:.2f} s (incl. imports)")
    print(f"single message over {len(texts)} messages x {args.runs} runs: "
          f"p50 {statistics.median(p50s):.3f} ms, p95 {statistics.median(p95s):.3f} ms (median of runs)")
    print(f"batch throughput: {statistics.median(rates):.0f} messages/s (median of runs)")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
