"""De-duplication evaluation: does the store skip what it should and keep what it must?

Each pair goes into its own namespace: store EXISTING, then NEW, and look at NEW's outcome.
Sets, each reported on its own (tests/data/):
  dedup_pairs.txt          hand-written from persona facts: the rules were tuned on it (development)
  generated                surface variants (case, spacing, punctuation, contractions, spellings)
                           generated here from persona facts (development)
  dedup_pairs_dev.txt      a development set written for issue 11 (tuned on: development)
  dedup_pairs_holdout.txt  written after the first tuning round (later rounds saw it)
  dedup_pairs_fresh.txt    written before the issue-11 changes and never tuned on; scored once
                           at the end of issue 11 (the held-out figure), then the one class it
                           missed ("prefer X to Y") was fixed: later scores are not held out
  dedup_pairs_fresh2.txt   written after the issue-11 changes, before any code ran on it, from
                           persona facts in no other set; scored once (the second held-out
                           figure); then tuned on for issue 11's third round (development)
  dedup_pairs_fresh4/5/6   written by someone who had not read the rules, each committed before
                           any code ran on it and scored once on the code of its round (the
                           *_result.txt beside each); fresh6 is the latest held-out figure
  dedup_pairs_fresh3.txt   written for the third round before any code ran on it, from the
                           persona facts in no other set plus hand-written facts; scored once
  dedup_pairs_dev4.txt     hand-written for the fourth round, committed before any code ran on
                           it; scored once after the round's main changes (WordNet synonyms),
                           then development
A section header `[kind/class]` names the kind that is scored and a class reported beside it.

    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/eval_dedup.py            # all sets, MiniLM
    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/eval_dedup.py \
        --pairs tests/data/dedup_pairs_fresh.txt --show-errors
Exit status 1 when a set misses a target: 0 contradictions or updates merged, >= 98% of
must-keep pairs kept, >= 70% of paraphrases and 100% of surface variants skipped."""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

from iris.paths import datasets_dir

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
PAIRS = DATA / "dedup_pairs.txt"
SETS = {"dedup_pairs.txt": "development", "generated": "development",
        "dedup_pairs_dev.txt": "development",
        "dedup_pairs_holdout.txt": "seen in later tuning rounds",
        "dedup_pairs_fresh.txt": "held out: scored once for issue 11 (1 merged: 'prefer X to Y'), "
                                 "that class fixed after; later scores are not held-out figures",
        "dedup_pairs_fresh2.txt": "scored once as held out, then tuned on (development)",
        "dedup_pairs_fresh3.txt": "held out: written before the third round's changes, scored once "
                                  "(2 order swaps merged); later scores are not held-out figures",
        "dedup_pairs_dev4.txt": "scored once as held out (84.0% paraphrases skipped, 0 merged), "
                                "then development",
        "dedup_pairs_fresh4.txt": "held out once (74.2% paraphrases, 96.6% surface), then development",
        "dedup_pairs_fresh5.txt": "held out once (63.3% paraphrases), then development",
        "dedup_pairs_fresh6.txt": "held out: written by someone who had not read the rules, scored "
                                  "once (70.0% paraphrases, all targets met); later scores are not "
                                  "held-out figures"}
PERSONA = datasets_dir() / "persona" / "personas_valid.jsonl"
MUST_KEEP = ("contradiction", "update", "different")


def load_pairs(path: Path = PAIRS) -> list[tuple[str, str, str, str]]:
    """(kind, existing, new, class) per pair; `[kind/class]` or `[kind]` opens a section."""
    pairs, kind, klass = [], None, ""
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            kind, _, klass = line.strip("[]").partition("/")
            continue
        existing, new = (part.strip() for part in line.split("=>"))
        pairs.append((kind, existing, new, klass))
    return pairs


_SWAPS = [(r"\bI am\b", "I'm"), (r"\bdo not\b", "don't"), (r"\bI have\b", "I've"),
          (r"\bfavorite\b", "favourite"), (r"\bcolor\b", "colour"), (r"\bI'm\b", "Im"),
          (r"'", ""), (r"\bI am\b", "im"), (r"\byou\b", "u"), (r"\byour\b", "ur"),
          (r"\bdo not\b", "dont"), (r"\b2\b", "two"), (r"\b3\b", "three"),
          (r"\btwo\b", "2"), (r"\bthree\b", "3"), (r"\bten\b", "10"), (r"\b12\b", "twelve"),
          (r"\bice cream\b", "icecream"), (r"\bevery day\b", "everyday"),
          (r"\bpart time\b", "part-time"), (r"\bfull time\b", "full-time")]


def surface_variants(n: int = 200, seed: int = 11) -> list[tuple[str, str, str, str]]:
    """Case, spacing, punctuation and contraction/spelling variants of persona facts."""
    if not PERSONA.exists():
        return []
    facts = sorted({f for line in PERSONA.open() for f in json.loads(line)["facts"]
                    if 3 <= len(f.split()) <= 12})
    rng = random.Random(seed)
    out = []
    for fact in rng.sample(facts, n):
        ops = [lambda s: s.lower(), lambda s: s.upper(), lambda s: "  " + s.replace(" ", "  "),
               lambda s: s.rstrip(".") + "!!", lambda s: s.rstrip(".")]
        swaps = [(p, r) for p, r in _SWAPS if re.search(p, fact)]
        if swaps:
            p, r = rng.choice(swaps)
            ops.append(lambda s, p=p, r=r: re.sub(p, r, s))
        out.append(("surface", fact, rng.choice(ops)(fact), "generated"))
    return out


def evaluate(pairs, embedder, llm=None) -> list[dict]:
    from iris.config import Settings
    from iris.store import MemoryStore
    from iris.types import MemoryItem

    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(home=Path(tmp), embed_model=None if embedder.name != "hashing" else "hashing")
        rows = []
        with MemoryStore(settings, embedder=embedder, llm=llm) as store:
            for n, (kind, existing, new, klass) in enumerate(pairs):
                ns = f"pair{n}"
                old = store.store(ns, [MemoryItem(content=existing)]).outcomes[0]
                out = store.store(ns, [MemoryItem(content=new)]).outcomes[0]
                vec = embedder.encode([existing, new])
                rows.append(dict(kind=kind, klass=klass, existing=existing, new=new, status=out.status,
                                 reason=out.reason, cosine=round(float(vec[0] @ vec[1]), 3),
                                 relations=sorted({k for k, i in out.relations if i == old.id})))
        return rows


def _right(row: dict) -> bool:
    return (row["status"] == "skipped") != (row["kind"] in MUST_KEEP)


def summarize(rows: list[dict]) -> dict:
    by_kind: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        by_kind[row["kind"]].append(row)
    summary = {"pairs": len(rows), "by_kind": {}}
    for kind, group in sorted(by_kind.items()):
        skipped = sum(r["status"] == "skipped" for r in group)
        edges = Counter(e for r in group for e in r["relations"])
        summary["by_kind"][kind] = {"n": len(group), "skipped": skipped,
                                    "skipped_pct": round(100 * skipped / len(group), 1),
                                    "edges": dict(edges)}
    classes: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        if row["klass"]:
            classes[f"{row['kind']}/{row['klass']}"].append(row)
    summary["by_class"] = {
        name: {"n": len(group), "right": sum(_right(r) for r in group)}
        for name, group in sorted(classes.items())}
    keep = [r for r in rows if r["kind"] in MUST_KEEP]
    merged_bad = [r for r in rows if r["kind"] in ("contradiction", "update") and r["status"] == "skipped"]
    summary["must_keep_n"] = len(keep)
    kept = sum(r["status"] == "stored" for r in keep)
    summary["must_keep_kept_pct"] = round(100 * kept / max(1, len(keep)), 1)
    summary["contradictions_or_updates_merged"] = len(merged_bad)
    k = summary["by_kind"]
    # A set without a kind (the generated set has only surface variants) is not judged on it.
    summary["targets_met"] = (
        summary["contradictions_or_updates_merged"] == 0
        and (not keep or summary["must_keep_kept_pct"] >= 98)
        and k.get("paraphrase", {}).get("skipped_pct", 100) >= 70
        and k.get("surface", {}).get("skipped_pct", 100) == 100)
    return summary


def report(name: str, summary: dict, embedder_name: str) -> None:
    print(f"\n{name} ({SETS.get(name, 'given on the command line')}): {summary['pairs']} pairs, "
          f"embedder {embedder_name}, offline verifier (no LLM)")
    print(f"{'kind':<14}{'n':>5}{'skipped':>10}   edges to the existing memory")
    for kind, s in summary["by_kind"].items():
        print(f"{kind:<14}{s['n']:>5}{s['skipped_pct']:>9.1f}%   {s['edges']}")
    if summary["by_class"]:
        print("  right per class: " + ", ".join(
            f"{c} {s['right']}/{s['n']}" for c, s in summary["by_class"].items()))
    print(f"contradictions/updates merged: {summary['contradictions_or_updates_merged']}")
    if summary["must_keep_n"]:
        print(f"must-keep pairs kept: {summary['must_keep_kept_pct']}% of {summary['must_keep_n']}")
    print("targets met" if summary["targets_met"] else "TARGETS MISSED")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--embedder", choices=["minilm", "hashing"], default="minilm")
    parser.add_argument("--show-errors", action="store_true", help="print the pairs that missed")
    parser.add_argument("--json", type=Path, help="write every pair's result here")
    parser.add_argument("--pairs", type=Path, nargs="+",
                        help="pairs files (default: every set in tests/data, each reported)")
    parser.add_argument("--no-generated", action="store_true",
                        help="skip the surface variants generated from the persona data")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from iris.embed import HashingEmbedder, SentenceTransformerEmbedder

    embedder = SentenceTransformerEmbedder() if args.embedder == "minilm" else HashingEmbedder()
    sets: list[tuple[str, list[tuple[str, str, str, str]]]] = []
    for path in args.pairs or [DATA / name for name in SETS if name != "generated"]:
        sets.append((path.name, load_pairs(path)))
        if path.resolve() == PAIRS.resolve() and not args.no_generated:
            sets.append(("generated", surface_variants()))
    met, dump = True, {}
    for name, pairs in sets:
        if not pairs:
            print(f"\n{name}: no pairs (the persona dataset is missing?)")
            continue
        rows = evaluate(pairs, embedder)
        summary = summarize(rows)
        report(name, summary, embedder.name)
        met &= summary["targets_met"]
        if args.show_errors:
            for r in rows:
                if not _right(r):
                    print(f"  {r['kind']:<13} cos {r['cosine']:.2f} {r['status']:<8} "
                          f"{r['existing']!r} => {r['new']!r} ({r['reason']})")
        dump[name] = {"summary": summary, "pairs": rows}
    if args.json:
        args.json.write_text(json.dumps(dump, indent=1))
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
