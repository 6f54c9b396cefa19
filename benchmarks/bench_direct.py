"""Latency and accuracy of the direct handler (fast path).

    .venv/bin/python benchmarks/bench_direct.py [--clinc 1700] [--passes 5]

The mix is realistic for a chat assistant: mostly ordinary requests (CLINC150 validation
utterances, none of them memory commands) plus every message of the labelled corpus
(tests/data/direct_corpus.jsonl: memory commands, near misses, non-memory uses of
"remember", "save", "note", ...). Timings are per message, on one core, after a warm-up
pass; messages/s comes from untimed passes. Also prints precision and recall per action on
the labelled corpus.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from pathlib import Path

from iris.direct import DirectHandler
from iris.paths import datasets_dir

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "direct_corpus.jsonl"
CLINC = datasets_dir() / "clinc150" / "val.jsonl"


def _percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def accuracy(handler: DirectHandler, rows: list[dict]) -> dict[str, tuple[float, float, int, int]]:
    """action -> (precision, recall, taken, labelled)."""
    decided = [(row["label"], handler.decide(row["text"])) for row in rows]
    scores = {}
    for action in ("store", "list", "forget"):
        taken = [label for label, d in decided if d.action == action]
        labelled = sum(1 for label, _ in decided if label == action)
        correct = sum(1 for label in taken if label == action)
        scores[action] = (correct / len(taken) if taken else 1.0, correct / labelled, len(taken), labelled)
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clinc", type=int, default=1700, help="ordinary messages in the mix")
    parser.add_argument("--passes", type=int, default=5, help="timed passes over the mix")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", action="store_true",
                        help="the several-facts check by the rules alone (IRIS_OFFLINE_EXTRACTOR=rules)")
    args = parser.parse_args()

    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    rng = random.Random(args.seed)
    rows = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]
    corpus_texts = [row["text"] for row in rows]
    ordinary: list[str] = []
    if CLINC.is_file():
        clinc = [json.loads(line)["text"] for line in CLINC.read_text(encoding="utf-8").splitlines()]
        ordinary = rng.sample(clinc, min(args.clinc, len(clinc)))
    mix = [(text, "ordinary") for text in ordinary] + [(text, "corpus") for text in corpus_texts]

    handler = DirectHandler(learned=not args.rules)
    for text, _ in mix:  # warm-up: caches, branch predictors, lazily built regex internals
        handler.decide(text)

    clock = time.perf_counter_ns
    timer_overhead = min(-(clock() - clock()) for _ in range(1000))
    latencies: dict[str, list[float]] = {"all": [], "ordinary": [], "corpus": []}
    for _ in range(args.passes):
        rng.shuffle(mix)
        for text, kind in mix:
            t0 = clock()
            handler.decide(text)
            micros = (clock() - t0 - timer_overhead) / 1000
            latencies["all"].append(micros)
            latencies[kind].append(micros)
    texts = [text for text, _ in mix]
    rates = []
    for _ in range(args.passes):
        t0 = time.perf_counter()
        for text in texts:
            handler.decide(text)
        rates.append(len(texts) / (time.perf_counter() - t0))

    share = len(ordinary) / len(mix)
    print(f"mix: {len(mix)} messages ({len(ordinary)} ordinary CLINC150 = {share:.0%}, "
          f"{len(corpus_texts)} labelled corpus), {args.passes} passes, one core, warm")
    for kind, values in latencies.items():
        values.sort()
        if values:
            p50, p99 = _percentile(values, 0.50), _percentile(values, 0.99)
            print(f"  {kind:9} p50 {p50:6.2f} us   p99 {p99:7.2f} us"
                  f"   ({len(values)} timings)")
    print(f"  throughput: {statistics.median(rates):,.0f} messages/s (median of {args.passes} passes)")
    taken = [(text, d) for text in ordinary if (d := handler.decide(text)).action is not None]
    print(f"ordinary messages the fast path took: {len(taken)} of {len(ordinary)}")
    for text, decision in taken:
        print(f"    {decision.action}: {text!r} -> {decision.content!r}")
    print(f"accuracy on {CORPUS.relative_to(ROOT)} ({len(rows)} messages):")
    for action, (precision, recall, taken, labelled) in accuracy(handler, rows).items():
        print(f"  {action:6} precision {precision:6.1%}  recall {recall:6.1%}"
              f"  (taken {taken}, labelled {labelled})")


if __name__ == "__main__":
    main()
