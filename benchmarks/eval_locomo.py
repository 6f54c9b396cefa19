"""Evidence recall on LoCoMo (Maharana et al., ACL 2024): does the memory a question needs
come back near the top?

Each dialog turn of a conversation becomes one memory, "<speaker>: <text>", dated with its
session's date and carrying its dia_id in metadata, imported for one user per conversation
through `MemoryStore.import_memories` (the path `iris memories import` takes). Each question
of categories 1-4 is recalled; evidence recall@k is the share of the question's evidence
turns among the top k, averaged over questions. BM25 alone and MiniLM dense alone run over
the same store in the same run, as baselines. Latency is one `recall` call, query embedding
included (the embedder's cache is cleared before each fused query); a second call with the
query vector cached gives the ranking's own cost.

The split (benchmarks/data/locomo_split.yaml) was fixed before any code ran on the data:
tune on `--split development`, score `--split held_out` once.

    python benchmarks/eval_locomo.py --split development
    python benchmarks/eval_locomo.py --split all --json
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "datasets" / "locomo"
SPLIT = yaml.safe_load((ROOT / "benchmarks" / "data" / "locomo_split.yaml").read_text())
_DIA = re.compile(r"D\d+:\d+")
# The baselines: one kind of evidence each (BM25 with the same k1 and b as the fused
# ranking), no name, time or context weighting.
_ALONE = {"recall_name_boost": 1.0, "recall_weight_time": 0.0, "recall_weight_context": 0.0}
BASELINES: dict[str, dict[str, float]] = {
    "fused": {},
    "bm25": {"recall_weight_lexical": 1.0, "recall_weight_semantic": 0.0, **_ALONE},
    "dense": {"recall_weight_lexical": 0.0, "recall_weight_semantic": 1.0, **_ALONE},
}


def session_date(text: str) -> datetime:
    """'1:56 pm on 8 May, 2023' -> an aware datetime."""
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=timezone.utc)


def load(name: str, data: Path = DATA) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(import lines, questions) of one conversation."""
    conv = json.loads((data / f"{name}.json").read_text())
    lines = []
    sessions = sorted(int(k.split("_")[1]) for k in conv
                       if re.fullmatch(r"session_\d+", k) and conv[k])
    for number in sessions:
        when = session_date(conv[f"session_{number}_date_time"]).isoformat()
        for turn in conv[f"session_{number}"]:
            lines.append({"content": f"{turn['speaker']}: {turn['text']}", "created_at": when,
                          "metadata": {"dia_id": turn["dia_id"], "session": number}})
    questions = []
    for qa in conv["qa"]:
        evidence = set(_DIA.findall(" ".join(map(str, qa.get("evidence", [])))))
        if qa["category"] in SPLIT["categories"] and evidence:
            questions.append({"question": qa["question"], "evidence": evidence,
                              "category": qa["category"]})
    return lines, questions


def run(names: list[str], overrides: dict[str, float], embed_backend: str) -> dict[str, Any]:
    from iris.config import load_settings
    from iris.embed import make_embedder
    from iris.store import MemoryStore
    from iris.store.importer import read_lines

    ks = SPLIT["ks"]
    # (method, k) -> [(conversation, category, share of the evidence found)]
    hits: dict[tuple[str, int], list[tuple[str, int, float]]] = {
        (m, k): [] for m in BASELINES for k in ks}
    latency: list[float] = []
    ranking: list[float] = []
    memories = questions_total = 0
    import_seconds = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        base = load_settings(embed_backend=embed_backend,
                             db_url=f"sqlite:///{tmp}/locomo.db")
        stores = {}
        for method, extra in BASELINES.items():
            settings = base.model_copy(update={**overrides, **extra} if method == "fused"
                                       else extra)
            stores[method] = MemoryStore(settings, embedder=make_embedder(settings))
        fused = stores["fused"]
        for name in names:
            lines, questions = load(name)
            good, failed = read_lines(json.dumps(line) for line in lines)
            assert not failed, failed[:3]
            started = time.perf_counter()
            result = fused.import_memories(name, good)
            import_seconds += time.perf_counter() - started
            assert result.count("failed") == 0, result.outcomes[:3]
            memories += result.count("stored")
            questions_total += len(questions)
            for method, store in stores.items():
                for q in questions:
                    if method == "fused":
                        forget = getattr(store.embedder, "forget", None)
                        if forget is not None:
                            forget({q["question"]})
                    started = time.perf_counter()
                    found = store.recall(name, q["question"], k=max(ks))
                    elapsed = time.perf_counter() - started
                    ids = [m.metadata.get("dia_id") for m in found]
                    for k in ks:
                        share = len(q["evidence"] & set(ids[:k])) / len(q["evidence"])
                        hits[method, k].append((name, q["category"], share))
                    if method == "fused":
                        latency.append(elapsed * 1000)
                        started = time.perf_counter()  # again: the query vector is cached
                        store.recall(name, q["question"], k=max(ks))
                        ranking.append((time.perf_counter() - started) * 1000)
        for store in stores.values():
            store.close()
    latency.sort()
    groups = {"development": SPLIT["development"], "held_out": SPLIT["held_out"]}
    if names not in groups.values():
        groups["all"] = names
    recall = {}
    for group, members in groups.items():
        if not set(members) <= set(names):
            continue
        recall[group] = {
            "questions": sum(1 for c, _, _ in hits["fused", ks[0]] if c in members),
            **{m: {f"R@{k}": _mean(hits[m, k], members) for k in ks} for m in BASELINES},
            "fused_R@10_by_category": {
                c: _mean([h for h in hits["fused", 10] if h[1] == c], members)
                for c in SPLIT["categories"]}}
    return {
        "conversations": names, "memories": memories, "questions": questions_total,
        "recall": recall,
        "latency_ms": {"p50": round(statistics.median(latency), 2),
                       "p99": round(latency[int(0.99 * (len(latency) - 1))], 2)},
        "ranking_ms": {"p50": round(statistics.median(ranking), 2)},
        "import_lines_per_s": round(memories / import_seconds, 1),
        "overrides": overrides,
    }


def _mean(rows: list[tuple[str, int, float]], members: list[str]) -> float:
    shares = [share for name, _, share in rows if name in members]
    return round(statistics.fmean(shares), 3) if shares else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=["development", "held_out", "all"],
                        default="development")
    parser.add_argument("--set", action="append", default=[], metavar="SETTING=VALUE",
                        help="override a recall setting, e.g. --set recall_weight_time=0.2")
    parser.add_argument("--embed-backend", choices=["onnx", "torch"], default="onnx")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    names = (SPLIT["development"] + SPLIT["held_out"] if args.split == "all"
             else SPLIT[args.split])
    overrides = {k: float(v) for k, v in (s.split("=", 1) for s in args.set)}
    report = run(names, overrides, args.embed_backend)
    report["split"] = args.split
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"LoCoMo ({', '.join(names)}): {report['memories']} memories, "
          f"{report['questions']} questions")
    for group, result in report["recall"].items():
        print(f"{group} ({result['questions']} questions)")
        for method in BASELINES:
            print(f"  {method:6} " + "  ".join(f"{k} {v:.3f}" for k, v in result[method].items()))
        print(f"  fused R@10 by category: {result['fused_R@10_by_category']}")
    print(f"  recall latency p50 {report['latency_ms']['p50']} ms, "
          f"p99 {report['latency_ms']['p99']} ms (query embedding included); "
          f"ranking alone p50 {report['ranking_ms']['p50']} ms")
    print(f"  import {report['import_lines_per_s']} lines/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
