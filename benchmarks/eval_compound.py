"""Compound messages: a memory request and a request for the host in one message.

    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/eval_compound.py [--split dev|final|all] [--show-errors]

benchmarks/data/compound_eval.yaml (read its header) was written blind, before any code ran on
it, by a writer that had not read the rules; its `final` half is scored once, after the last
change. Every case runs in its own namespace through the real pipeline (a forget case first
stores its set). A case is right when both parts are:
- memory: `store`: exactly the expected facts were stored (rapidfuzz ratio >= 90 each, as in
  eval_extract.py); `forget`: exactly the target memory was deleted; `none`: nothing stored or
  deleted;
- host: `Reply.for_host` is the expected host text (ratio >= 90 after lower-casing and
  dropping punctuation), "" when nothing is for the host.
Also counted: host requests lost (something was for the host, nothing was handed on), host
requests stored as memories, and wrong deletions.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")

import yaml  # noqa: E402
from rapidfuzz import fuzz, utils  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
EVAL = ROOT / "benchmarks" / "data" / "compound_eval.yaml"


def same(a: str, b: str) -> bool:
    return fuzz.ratio(a, b, processor=utils.default_process) >= 90


def run_case(pipeline, case: dict, sets: dict, user: str) -> dict:
    from iris.types import MemoryItem

    store = pipeline.store
    own = sets[case["set"]] if case["memory"] == "forget" else []
    if own:
        store.store(user, [MemoryItem(content=c) for c in own])
    before = {r.id: r.content for r in store.export(user)}
    reply = pipeline.handle(case["say"], user_id=user)
    after = {r.id: r.content for r in store.export(user)}
    stored = [c for i, c in after.items() if i not in before]
    # Code from before Reply.for_host handed the whole message on when it passed it through.
    for_host = getattr(reply, "for_host", case["say"] if reply.route == "passthrough" else "")
    deleted = [c for i, c in before.items() if i not in after]
    if case["memory"] == "store":
        facts = case["facts"]
        memory_ok = len(stored) == len(facts) and not deleted and all(
            any(same(f, s) for s in stored) for f in facts)
    elif case["memory"] == "forget":
        memory_ok = deleted == [own[case["target"] - 1]] and not stored
    else:
        memory_ok = not stored and not deleted
    host_ok = same(for_host, case["host"]) if case["host"] else for_host == ""
    return {"case": case, "stored": stored, "deleted": deleted, "for_host": for_host,
            "route": reply.route, "memory_ok": memory_ok, "host_ok": host_ok,
            "host_lost": bool(case["host"]) and not for_host,
            "host_stored": bool(case["host"]) and any(same(case["host"], s) for s in stored),
            "wrong_deletion": bool(deleted) and (case["memory"] != "forget"
                                                 or deleted != [own[case["target"] - 1]])}


def report(rows: list[dict], split: str) -> None:
    kinds = Counter()
    for r in rows:
        c = r["case"]
        kind = c["memory"] + ("+host" if c["host"] and c["memory"] != "none" else "")
        kinds[kind, "n"] += 1
        kinds[kind, "right"] += r["memory_ok"] and r["host_ok"]
    right = sum(r["memory_ok"] and r["host_ok"] for r in rows)
    print(f"\n== {split}: {len(rows)} cases, right {right}/{len(rows)} = {right / len(rows):.1%}")
    for kind in sorted({k for k, _ in kinds}):
        n = kinds[kind, "n"]
        print(f"  {kind:12s} {kinds[kind, 'right']:3d}/{n:<3d} = {kinds[kind, 'right'] / n:.1%}")
    print(f"  memory part right {sum(r['memory_ok'] for r in rows)}, host part right "
          f"{sum(r['host_ok'] for r in rows)}; host requests lost {sum(r['host_lost'] for r in rows)}, "
          f"stored as a memory {sum(r['host_stored'] for r in rows)}; wrong deletions "
          f"{sum(r['wrong_deletion'] for r in rows)}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", choices=["dev", "final", "all"], default="dev")
    ap.add_argument("--eval", default=str(EVAL))
    ap.add_argument("--home", default="/tmp/iris-forget-home",
                    help="IRIS_HOME: where the exported embedding model is cached")
    ap.add_argument("--show-errors", action="store_true")
    args = ap.parse_args()
    from iris import Pipeline, load_settings

    data = yaml.safe_load(Path(args.eval).read_text(encoding="utf-8"))
    cases = [c for c in data["cases"] if args.split in ("all", c["split"])]
    with tempfile.TemporaryDirectory() as tmp:
        settings = load_settings(home=args.home, db_url=f"sqlite:///{tmp}/compound.db")
        with Pipeline(settings) as pipeline:
            rows = [run_case(pipeline, c, data["sets"], f"case{n}") for n, c in enumerate(cases)]
    for split in ("dev", "final"):
        chosen = [r for r in rows if r["case"]["split"] == split]
        if chosen:
            report(chosen, split)
    if args.show_errors:
        print("\nnot right:")
        for r in rows:
            if not (r["memory_ok"] and r["host_ok"]):
                c = r["case"]
                print(f"  [{c['split']}] {c['say']!r} ({c['memory']})\n"
                      f"      want facts={c['facts']} host={c['host']!r}\n"
                      f"      got stored={r['stored']} deleted={r['deleted']} "
                      f"for_host={r['for_host']!r} route={r['route']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
