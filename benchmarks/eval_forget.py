"""Forget-by-description evaluation: does "forget ..." delete the memory the user named, and
nothing else?

Every case of benchmarks/data/forget_eval.yaml (read its header) runs in its own namespace:
store the set's memories, send the request through the real pipeline (fast path, intent
router, forget_memory, the store with the real MiniLM embedder), and compare what was
deleted with what should have been. Each split (dev, former held-out, fresh held-out) is
reported apart.

    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/eval_forget.py               # dev + held-out
    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/eval_forget.py --eval benchmarks/data/forget_eval_fresh.yaml
    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/eval_forget.py --eval benchmarks/data/forget_eval_fresh3.yaml
    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/eval_forget.py --eval benchmarks/data/forget_eval_fresh4.yaml
    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/eval_forget.py --eval benchmarks/data/forget_eval_dev5.yaml
    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/eval_forget.py --eval benchmarks/data/forget_eval_fresh5.yaml
    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/eval_forget.py --eval benchmarks/data/forget_eval_dev7b.yaml
    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/eval_forget.py --eval benchmarks/data/forget_eval_dev8.yaml
    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/eval_forget.py --split dev --show-errors

A case may also expect `passthrough` (forget_eval_dev7a.yaml): a message for the host's other
tools ("remove milk from my shopping list") must delete nothing and go back to the host; one
taken by a memory tool is counted apart and fails the run.

The embedding model is exported to ONNX once per IRIS_HOME (`--home`, default
/tmp/iris-forget-home, so reruns skip the export). Exit status 1 when a target is missed:
0 wrong deletions in every split, and the right memory deleted in >= 90% of clear requests.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import string
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")

import yaml  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
EVAL = ROOT / "benchmarks" / "data" / "forget_eval.yaml"
PERSONA = Path(os.environ.get("IRIS_PERSONA_DIR", "/work/shared/datasets/persona")) / "personas_valid.jsonl"
SIZES = (1, 2, 10, 100)
SPLIT_LABELS = {
    "dev": "DEVELOPMENT (rules tuned on these)",
    # forget_eval.yaml's held-out split was looked at when the topic matching was built
    # (its misses motivated it), so it is development data now.
    "heldout": "FORMER HELD-OUT (looked at since: development data now)",
    # forget_eval_fresh.yaml was scored once (0 wrong, 53/66) and then looked at.
    "fresh": "FORMER FRESH HELD-OUT (scored once, looked at since: development data now)",
    # forget_eval_fresh2.yaml was scored once (0 wrong, 53/72) and then looked at.
    "fresh2": "FORMER FRESH HELD-OUT 2 (scored once, looked at since: development data now)",
    # forget_eval_fresh3.yaml was scored once (0 wrong, 79.7%) and then looked at.
    "fresh3": "FORMER FRESH HELD-OUT 3 (scored once, looked at since: development data now)",
    # forget_eval_fresh4.yaml was scored once (0 wrong, 38/64 = 59.4%; its _result.txt)
    # and then looked at: development data now. A new held-out file is needed.
    "fresh4": "FORMER FRESH HELD-OUT 4 (scored once, looked at since: development data now)",
    # forget_eval_dev5.yaml was written by the forget4 helper before its code ran on it,
    # scored once, then tuned on: development data.
    "dev5": "DEV5 (written before the code ran on it, scored once, then tuned on)",
    # forget_eval_fresh5.yaml was written by a helper that had not read the rules, committed
    # (2aebfef) before any code ran on it, and scored once on 3293937 (72.6%, 1 wrong; its
    # _result.txt); forget5 then tuned on it: development data now.
    "fresh5": "FORMER FRESH HELD-OUT 5 (scored once, looked at since: development data now)",
    # forget_eval_fresh6.yaml: written by a helper that had not read the rules, committed
    # (33a371d) before any code ran on it, scored once after forget5 (its _result.txt).
    # Scored once (48.6%, 1 wrong) and then tuned on by this round's helpers: development now.
    "fresh6": "FORMER FRESH HELD-OUT 6 (scored once, looked at since: development data now)",
    # forget_eval_dev7a.yaml: written by the forget-route helper before its routing change,
    # scored once on 4b42b9d (its _result.txt), then tuned on: development data.
    "dev7a": "DEV7A (a helper's own set: written before the code ran on it, scored once, then tuned on)",
    # forget_eval_dev7b.yaml: written by the forget-match helper before its code changes,
    # scored once on the code it started from, then tuned on: development data.
    "dev7b": "DEV7B (written before the code changed, scored once, then tuned on)",
    # forget_eval_dev8.yaml: written by the forget-senses helper before it read the matching
    # code, scored once on 220d098 (its _result.txt), then tuned on: development data.
    "dev8": "DEV8 (written before the code changed, scored once, then tuned on)",
    # forget_eval_fresh7.yaml: written by a helper that had not read the rules, committed
    # (51d9613) before any code ran on it, scored once on 0e3ce30 (75.3%, 2 wrong; its
    # _result.txt), then looked at (the plural question): development data now.
    "fresh7": "FORMER FRESH HELD-OUT 7 (scored once, looked at since: development data now)",
    # forget_eval_fresh8.yaml: written by a helper that had not read the rules, committed
    # (20f306a) before any code ran on it, scored once on cfb2997 (46.8%, 2 wrong; its
    # _result.txt), then looked at (three development fixes): development data now.
    "fresh8": "FORMER FRESH HELD-OUT 8 (scored once, looked at since: development data now)",
    # forget_eval_dev11a.yaml: written by the round-9 forget-knowledge helper before its code
    # ran on it, scored once on aaedb98 (its _result.txt), then tuned on: development data.
    "dev11a": "DEV11A (written before the code changed, scored once, then tuned on)",
    # forget_eval_fresh9.yaml: written by a helper that had not read the rules, committed
    # (da2ebc3) before any code ran on it, scored once on 22600ef (53.0%, 1 wrong; its
    # _result.txt), then looked at (the plural fix ed1a5c4): development data now.
    "fresh9": "FORMER FRESH HELD-OUT 9 (scored once, looked at since: development data now)",
    # forget_eval_dev12.yaml: written in round 10 by a writer that had not read the rules,
    # committed before any code ran on it; a development set from its first run on.
    "dev12": "DEV12 (written by someone who had not read the rules; development data)",
    # forget_eval_fresh10.yaml: written in round 10 by a writer that had not read the rules,
    # committed before any code ran on it, to be scored once at the end of the round.
    "fresh10": "FORMER FRESH HELD-OUT 10 (scored once, looked at since: development data now)",
    # forget_eval_fresh11.yaml: written in round 12 by a writer that had not read the rules,
    # committed (0b651e9) before any code ran on it, to be scored once.
    "fresh11": "FORMER FRESH HELD-OUT 11 (scored once, looked at since: development data now)",
    # forget_eval_fresh12.yaml: scored once on 270cf72 (64.0%, 3 wrong), looked at since.
    "fresh12": "FORMER FRESH HELD-OUT 12 (scored once, looked at since: development data now)",
    # forget_eval_fresh13.yaml: written in round 13 by a writer that had not read the rules,
    # committed (93abb04) before any code ran on it, scored once on 3b8e528 (52.1%, 8 wrong;
    # its _result.txt), then looked at (the general flag): development data now.
    "fresh13": "FORMER FRESH HELD-OUT 13 (scored once, looked at since: development data now)",
    # forget_eval_fresh14.yaml: written in round 14 by a writer that had not read the rules,
    # committed (5a0bbb7) before any code ran on it, scored once on d9d1a85 (42.3%, 6 wrong;
    # its _result.txt). Looked at since: development data now.
    "fresh14": "FORMER FRESH HELD-OUT 14 (scored once, looked at since: development data now)",
    # forget_eval_fresh15.yaml: written in round 14 (second half) by a writer that had not read
    # the rules, committed (3ecea58) before any code ran on it, scored once on d3b1258 (0 wrong,
    # 49.7%; its _result.txt). Looked at since: development data now.
    "fresh15": "FORMER FRESH HELD-OUT 15 (scored once, looked at since: development data now)",
    # forget_eval_fresh16.yaml and forget_eval_fresh17.yaml: written in round 15 by writers that
    # had not read the rules, committed (5529a68, a4d62dd) before any code ran on them, scored
    # once on 5d34a69 (55.4% with 3 wrong, 49.3% with 2; their _result.txt). Looked at since:
    # development data now.
    "fresh16": "FORMER FRESH HELD-OUT 16 (scored once, looked at since: development data now)",
    "fresh17": "FORMER FRESH HELD-OUT 17 (scored once, looked at since: development data now)",
    # forget_eval_fresh18.yaml and forget_eval_fresh19.yaml: written in round 16 by writers that
    # had not read the rules, committed (04a2b46, 9b0ab4f) before any code ran on them, scored
    # once on 0e19e9e (67.0% with 8 wrong, 55.2% with 7; their _result.txt). Looked at since:
    # development data now.
    "fresh18": "FORMER FRESH HELD-OUT 18 (scored once, looked at since: development data now)",
    "fresh19": "FORMER FRESH HELD-OUT 19 (scored once, looked at since: development data now)",
    # forget_eval_fresh20.yaml and forget_eval_fresh21.yaml: written in round 17 (the same
    # session's second half) by writers that had not read the rules, committed (e453e03,
    # 38d3ec4) before any code ran on them, scored once on 2e16e19 (53.2% with 12 wrong, 66.2%
    # with 9; their _result.txt). Looked at since: development data now.
    "fresh20": "FORMER FRESH HELD-OUT 20 (scored once, looked at since: development data now)",
    "fresh21": "FORMER FRESH HELD-OUT 21 (scored once, looked at since: development data now)",
    # forget_eval_fresh22.yaml and forget_eval_fresh23.yaml: written in round 18 by writers that
    # had not read the rules, committed (c0ba11d, 02f6b29) before any code ran on them, scored
    # once on bfd74d5 (56.8% with 0 wrong, 52.7% with 4; their _result.txt). Looked at since:
    # development data now.
    "fresh22": "FORMER FRESH HELD-OUT 22 (scored once, looked at since: development data now)",
    "fresh23": "FORMER FRESH HELD-OUT 23 (scored once, looked at since: development data now)",
    # forget_eval_fresh24.yaml and forget_eval_fresh25.yaml: written in round 19 by writers that
    # had not read the rules, committed (e34552c, 0a7eb21) before any code ran on them, scored
    # once on a22db9a (51.6% with 3 wrong, 54.1% with 1; their _result.txt). Looked at since:
    # development data now.
    "fresh24": "FORMER FRESH HELD-OUT 24 (scored once, looked at since: development data now)",
    "fresh25": "FORMER FRESH HELD-OUT 25 (scored once, looked at since: development data now)",
    # forget_eval_fresh26.yaml and forget_eval_fresh27.yaml: written in round 20 by writers that
    # had not read the rules, committed (2ae24f1, 28fc6e9) before any code ran on them, scored
    # once on 5badf08 (53.7% with 6 wrong, 47.6% with 3; their _result.txt). Looked at since:
    # development data now.
    "fresh26": "FORMER FRESH HELD-OUT 26 (scored once, looked at since: development data now)",
    "fresh27": "FORMER FRESH HELD-OUT 27 (scored once, looked at since: development data now)",
    # forget_eval_fresh28.yaml and forget_eval_fresh29.yaml: written in round 21 by writers that
    # had not read the rules, committed (5e86882, 85654ee) before any code ran on them, scored
    # once on f834bd3 (63.7% with 4 wrong, 44.7% with 5; their _result.txt). Development data
    # from now on.
    "fresh28": "FORMER FRESH HELD-OUT 28 (scored once, looked at since: development data now)",
    "fresh29": "FORMER FRESH HELD-OUT 29 (scored once, looked at since: development data now)",
    # forget_eval_fresh30.yaml and forget_eval_fresh31.yaml: written in round 22 by writers that
    # had not read the rules, committed (de06159, e7ac116) before any code ran on them, scored
    # once on de06159 (58.3% with 3 wrong, 58.2% with 0; their _result.txt). Development data
    # from now on. The next blind sets are fresh32 and fresh33.
    "fresh30": "FORMER FRESH HELD-OUT 30 (scored once, looked at since: development data now)",
    "fresh31": "FORMER FRESH HELD-OUT 31 (scored once, looked at since: development data now)",
    # forget_eval_fresh32.yaml and forget_eval_fresh33.yaml: written in round 23 by writers that
    # had not read the rules, committed (787411d, 6c3ad77) before any code ran on them, scored
    # once on 5986272 (36.8% with 2 wrong, 41.6% with 6; their _result.txt). Development data
    # from now on. The next blind sets are fresh34 and fresh35.
    "fresh32": "FORMER FRESH HELD-OUT 32 (scored once, looked at since: development data now)",
    "fresh33": "FORMER FRESH HELD-OUT 33 (scored once, looked at since: development data now)",
    # forget_eval_fresh34.yaml and forget_eval_fresh35.yaml: written in round 24 by writers that
    # had not read the rules, committed (82b9293, 50ac73f) before any code ran on them, scored
    # once on aada513 (52.7% with 1 wrong, 26.9% with 3; their _result.txt). Development data
    # from now on. The next blind sets are fresh36 and fresh37.
    "fresh34": "FORMER FRESH HELD-OUT 34 (scored once, looked at since: development data now)",
    "fresh35": "FORMER FRESH HELD-OUT 35 (scored once, looked at since: development data now)",
    # forget_eval_fresh36.yaml and forget_eval_fresh37.yaml: written in round 25 by writers that
    # had not read the rules, committed (81148a4, 734e6ed) before any code ran on them, scored
    # once on b6979ce (0 wrong, 43.0%; 1 wrong, 42.4%; their _result.txt), then looked at
    # (forget-everything in fresh37's words): development data from now on. The next blind
    # sets are fresh38 and fresh39.
    "fresh36": "FORMER FRESH HELD-OUT 36 (scored once, looked at since: development data now)",
    "fresh37": "FORMER FRESH HELD-OUT 37 (scored once, looked at since: development data now)",
    # forget_eval_fresh38.yaml and forget_eval_fresh39.yaml: written in round 26 by writers that
    # had not read the rules, committed (0c1061c, 3a0ad40) before any code ran on them, scored
    # once on 7882994 (0 wrong, 51.5%; 10 wrong, 49.0%; their _result.txt), then looked at (a
    # relative is the user's own on both sides): development data from now on. The next blind
    # sets are fresh40 and fresh41.
    "fresh38": "FORMER FRESH HELD-OUT 38 (scored once, looked at since: development data now)",
    "fresh39": "FORMER FRESH HELD-OUT 39 (scored once, looked at since: development data now)",
    # forget_eval_fresh40.yaml and forget_eval_fresh41.yaml: written in round 27 by writers that
    # had not read the rules, committed (8b5694f, 394776e) before any code ran on them, scored
    # once on 59ffb0b (3 wrong, 52.2%; 2 wrong, 58.7%; their _result.txt), then looked at (three
    # wrong deletions of another person's thing): development data from now on. The next blind
    # sets are fresh42 and fresh43.
    "fresh40": "FORMER FRESH HELD-OUT 40 (scored once, looked at since: development data now)",
    "fresh41": "FORMER FRESH HELD-OUT 41 (scored once, looked at since: development data now)",
    # forget_eval_fresh42.yaml and forget_eval_fresh43.yaml: written in round 28 by writers that
    # had not read the rules, committed (e3a3bd4, fc37c1e; bfdbfc5 a header-only fix) before any
    # code ran on them, scored once on 0c12b69 (2 wrong, 57.3%; 3 wrong, 38.5%; their
    # _result.txt), then looked at (a name matched only by its stem, a fact said of another
    # person): development data from now on. The next blind sets are fresh44 and fresh45.
    "fresh42": "FORMER FRESH HELD-OUT 42 (scored once, looked at since: development data now)",
    "fresh43": "FORMER FRESH HELD-OUT 43 (scored once, looked at since: development data now)",
    # forget_eval_fresh44.yaml and forget_eval_fresh45.yaml: written in round 29 by writers that
    # had not read the rules, committed (da44a87, 8868e7f) before any code ran on them, scored
    # once on da44a87 (2 wrong, 51.7%; 1 wrong, 45.5%; their _result.txt), then looked at (a
    # thing owned the other way round, a plural after "his"): development data from now on.
    "fresh44": "FORMER FRESH HELD-OUT 44 (scored once, looked at since: development data now)",
    "fresh45": "FORMER FRESH HELD-OUT 45 (scored once, looked at since: development data now)",
    # forget_eval_fresh46.yaml and forget_eval_fresh47.yaml: written in round 30 by writers that
    # had not read the rules, committed (fd4c02d, d493665) before any code ran on them, scored
    # once on 256aa8d (2 wrong, 54.4%; 3 wrong, 53.3%; their _result.txt), then looked at (a
    # named person acting for the user, "Tunde's car", "an ot"): development data from now on.
    # The next blind sets are fresh48 and fresh49.
    "fresh46": "FORMER FRESH HELD-OUT 46 (scored once, looked at since: development data now)",
    "fresh47": "FORMER FRESH HELD-OUT 47 (scored once, looked at since: development data now)",
    # forget_eval_fresh48.yaml and forget_eval_fresh49.yaml: round 31's blind sets, written by
    # writers that have not read the rules and committed before any code runs on them.
    "fresh48": "FRESH HELD-OUT 48 (written blind, committed before any code ran on it, scored once)",
    "fresh49": "FRESH HELD-OUT 49 (written blind, committed before any code ran on it, scored once)",
    # forget_eval_dev10a.yaml: written by the forget-knowledge helper before its code ran on
    # it, scored once on b892d35 (its _result.txt), then tuned on: development data.
    "dev10a": "DEV10A (written before the code changed, scored once, then tuned on)",
    # forget_eval_dev10c.yaml: written by the forget-route2 helper before its routing change,
    # scored once on b892d35 (its _result.txt), then tuned on: development data.
    "dev10c": "DEV10C (written before the code changed, scored once, then tuned on)",
    # forget_eval_dev10b.yaml: written by the forget-phrases helper before its code changes
    # (description shapes: questions, vague tails, near verbs), scored once on b892d35 (its
    # _result.txt), then tuned on: development data.
    "dev10b": "DEV10B (written before the code changed, scored once, then tuned on)",
    # forget_eval_dev11b.yaml: written by the forget-routing helper before its routing change,
    # scored once on aaedb98 (its _result.txt), then tuned on: development data.
    "dev11b": "DEV11B (written before the code changed, scored once, then tuned on)",
}


@dataclass
class Outcome:
    case: dict
    set_name: str
    size: int
    code: str  # the forget result code, or "route:<route>" when no forget tool ran
    deleted: list[str] = field(default_factory=list)  # contents gone after the turn
    candidates: list[str] = field(default_factory=list)
    count: int | None = None  # MEMORY_CONFIRM_REQUIRED count
    closest: str | None = None  # MEMORY_NOT_FOUND: the nearest memory, offered by its id
    verdict: str = ""  # right | wrong_deletion | missed | ...
    offered: bool = False  # missed, but the target was offered to delete by its id
    offered_alone: bool = False  # ... as the one memory offered: the user's "yes" deletes it


def persona_facts() -> list[str]:
    if not PERSONA.exists():
        sys.exit(f"the 100-memory sets need {PERSONA} (set IRIS_PERSONA_DIR)")
    facts = {f.strip() for line in PERSONA.open(encoding="utf-8")
             for f in json.loads(line)["facts"] if f.strip()}
    return sorted(facts)


def _avoided(fact: str, avoid: set[str]) -> bool:
    for word in re.findall(r"[a-z]+", fact.lower()):
        for base in (word, word[:-1] if word.endswith("s") else None,
                     word[:-2] if word.endswith("es") else None):
            if base in avoid:
                return True
    return False


def memories_of(sets: dict, name: str) -> tuple[list[str], list[str]]:
    """(the set's own memories, filler facts to add until 100 are stored)."""
    spec = sets[name]
    if isinstance(spec, list):
        return spec, []
    base = sets[spec["base"]]
    avoid = {w.lower() for w in spec["avoid"]}
    fillers = [f for f in persona_facts() if not _avoided(f, avoid)]
    random.Random(spec["seed"]).shuffle(fillers)
    return base, fillers


def garbage(spec: dict) -> str:
    rng = random.Random(spec["seed"])
    if spec["kind"] == "chars":
        alphabet = string.ascii_letters + string.digits + string.punctuation + "      "
        return "".join(rng.choice(alphabet) for _ in range(spec["chars"]))
    words = [w for f in persona_facts() for w in f.split()]
    out: list[str] = []
    while sum(len(w) + 1 for w in out) < spec["chars"]:
        out.append(rng.choice(words))
    return " ".join(out)[: spec["chars"]]


def run_case(pipeline, case: dict, set_name: str, sets: dict, user: str) -> Outcome:
    from iris import results as R
    from iris.types import MemoryItem

    store = pipeline.store
    own, fillers = memories_of(sets, set_name)
    result = store.store(user, [MemoryItem(content=c) for c in own])
    ids = [o.id if o.status == "stored" else o.duplicate_of for o in result.outcomes]
    assert all(ids), f"{set_name}: a set memory was not stored: {result.outcomes}"
    target = 100 if fillers else len(own)
    fill = iter(fillers)
    while store.count(user) < target:
        batch = [MemoryItem(content=next(fill)) for _ in range(min(25, target - store.count(user)))]
        store.store(user, batch)
    size = store.count(user)
    before = {r.id: r.content for r in store.export(user)}
    text = case["say"] + (" " + garbage(case["garbage"]) if case.get("garbage") else "")
    reply = pipeline.handle(text, user_id=user)
    after = {r.id for r in store.export(user)}
    out = Outcome(case, set_name, size, code=f"route:{reply.route}",
                  deleted=[before[i] for i in before if i not in after])
    for line in reply.results:
        parsed = R.try_parse(line)
        if parsed and parsed.code.startswith("MEMORY_") and parsed.code not in (R.STORED, R.QUEUED, R.LIST):
            out.code = parsed.code
            out.candidates = [i["content"] for i in parsed.get("items") or []]
            out.count = parsed.get("count")
            closest = parsed.get("closest")
            out.closest = closest.get("content") if isinstance(closest, dict) else None
        elif parsed and parsed.code == R.TOOL_FAILED:
            out.code = f"TOOL_FAILED:{parsed.get('reason')}"
    out.verdict = judge(out, own, ids)
    if out.verdict.startswith("missed"):
        wanted = own[case["target"] - 1]
        out.offered = out.closest == wanted or wanted in out.candidates
        out.offered_alone = out.closest == wanted or out.candidates == [wanted]
    return out


def judge(out: Outcome, own: list[str], ids: list[int]) -> str:
    case, expect = out.case, out.case["expect"]
    if expect == "forgotten":
        wanted = own[case["target"] - 1]
        if out.deleted == [wanted]:
            return "right"
        if out.deleted:
            return "wrong_deletion"
        return f"missed ({out.code})"
    if out.deleted:
        return "wrong_deletion"
    if expect == "not_found":
        return "right" if out.code == "MEMORY_NOT_FOUND" else f"safe ({out.code})"
    if expect == "ambiguous":
        wanted = {own[i - 1] for i in case["candidates"]}
        if out.code == "MEMORY_AMBIGUOUS" and wanted <= set(out.candidates):
            return "right"
        return f"safe ({out.code})"
    if expect == "passthrough":  # a message for the host's other tools
        return "right" if out.code == "route:passthrough" else f"false_route ({out.code})"
    if expect == "confirm":
        ok = out.code == "MEMORY_CONFIRM_REQUIRED" and out.count == out.size
        return "right" if ok else f"safe ({out.code} count={out.count})"
    raise ValueError(f"unknown expectation {expect!r}")


def report(outcomes: list[Outcome], split: str) -> bool:
    rows = [o for o in outcomes if o.case["split"] == split]
    if not rows:
        return True
    label = SPLIT_LABELS[split]
    print(f"\n== {label}: {len(rows)} cases")
    print(f"{'memories':>8} {'cases':>5} {'wrong del':>9} {'clear: right':>14} "
          f"{'not-found ok':>13} {'ambiguous ok':>13} {'confirm ok':>11} {'passthrough ok':>15}")
    by_size: dict[object, list[Outcome]] = defaultdict(list)
    for o in rows:
        by_size[min(SIZES, key=lambda s: abs(s - o.size))].append(o)
    by_size["all"] = rows

    def frac(items: list[Outcome], expect: str) -> str:
        chosen = [o for o in items if o.case["expect"] == expect]
        right = sum(o.verdict == "right" for o in chosen)
        return f"{right}/{len(chosen)}" if chosen else "-"

    for size in [*SIZES, "all"]:
        items = by_size.get(size, [])
        if not items:
            continue
        wrong = sum(o.verdict == "wrong_deletion" for o in items)
        print(f"{size!s:>8} {len(items):>5} {wrong:>9} {frac(items, 'forgotten'):>14} "
              f"{frac(items, 'not_found'):>13} {frac(items, 'ambiguous'):>13} {frac(items, 'confirm'):>11} "
              f"{frac(items, 'passthrough'):>15}")
    clear = [o for o in rows if o.case["expect"] == "forgotten"]
    rate = sum(o.verdict == "right" for o in clear) / len(clear) if clear else 1.0
    wrong = sum(o.verdict == "wrong_deletion" for o in rows)
    print(f"wrong deletions: {wrong}; right deletion on clear requests: {rate:.1%} "
          f"({sum(o.verdict == 'right' for o in clear)}/{len(clear)})")
    offered = sum(o.offered for o in clear)
    if clear:
        print(f"the rest offered by id for one more turn (\"forget memory N\"): {offered}; deleted or "
              f"offered: {(offered + sum(o.verdict == 'right' for o in clear)) / len(clear):.1%} "
              f"(not the target figure)")
        alone = sum(o.offered_alone for o in clear)
        taken = (alone + sum(o.verdict == "right" for o in clear)) / len(clear)
        print(f"of those, offered as the one memory, which the user's next message \"yes\" deletes: "
              f"{alone}; deleted in one turn or after one \"yes\": {taken:.1%} (not the target figure)")
    routed = sum(o.verdict.startswith("false_route") for o in rows)
    if routed:
        print(f"host messages taken by a memory tool: {routed}")
    return wrong == 0 and rate >= 0.9 and not routed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", choices=[*SPLIT_LABELS, "all"], default="all")
    ap.add_argument("--home", default="/tmp/iris-forget-home",
                    help="IRIS_HOME: where the exported embedding model is cached")
    ap.add_argument("--embed-model", default=None, help="default: MiniLM; 'hashing' for a smoke run")
    ap.add_argument("--show-errors", action="store_true")
    ap.add_argument("--eval", default=str(EVAL))
    args = ap.parse_args()

    from iris import Pipeline, load_settings

    data = yaml.safe_load(Path(args.eval).read_text(encoding="utf-8"))
    sets, cases = data["sets"], data["cases"]
    if args.split != "all":
        cases = [c for c in cases if c["split"] == args.split]
    home = Path(args.home)
    home.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        settings = load_settings(home=home, db_url=f"sqlite:///{tmp}/forget.db",
                                 embed_model=args.embed_model)
        outcomes = []
        with Pipeline(settings) as pipeline:
            n = 0
            for case in cases:
                for set_name in case["sets"]:
                    n += 1
                    outcomes.append(run_case(pipeline, case, set_name, sets, f"case{n}"))
    ok = all([report(outcomes, split) for split in SPLIT_LABELS])
    if args.show_errors:
        print("\nnot right:")
        for o in outcomes:
            if o.verdict != "right":
                print(f"  [{o.case['split']}] {o.set_name} ({o.size}): {o.case['say'][:60]!r} "
                      f"expect {o.case['expect']} -> {o.verdict}; deleted={o.deleted} "
                      f"candidates={o.candidates[:4]}" + (f" closest={o.closest!r}" if o.closest else ""))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
