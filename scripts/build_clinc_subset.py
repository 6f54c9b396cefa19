"""Rebuild intents/clinc150_subset.jsonl, the CLINC150 utterances the shipped router trains on.

    python scripts/build_clinc_subset.py [--clinc ../shared/datasets/clinc150/train.jsonl]

Deterministic: the same train.jsonl gives the same file, byte for byte. Only the CLINC150
*train* split is read; its validation split and HWU64 stay out of training because they are
what benchmarks/eval_routing.py measures on. CLINC150 (Larson et al., EMNLP 2019) is CC BY 3.0:
the attribution is in intents/README.md.

- Intents that are memory's neighbours (lists, reminders, calendar, calls, texts, alarms,
  timers, smart home) are kept whole and mapped to the router's labels; list and reminder
  updates are split into add/create and remove/cancel by the verb.
- `oos` and every other CLINC intent become `none`, `NONE_PER_INTENT` utterances each.
- Sentences already among the hand-written examples or in the held-out test sets are skipped.
- `user_name` ("what name do you have for me") becomes `memory_list` and `change_user_name`
  ("call me Al", "I go by Ted") `memory_store`, `ABOUT_USER_PER_INTENT` utterances each: what
  the assistant calls the user is the most basic thing it remembers about them. A host with its
  own profile tool claims them back with `takes_over` (README, "Adding a host tool").
  `what_is_your_name` (the assistant's name) gives as many `none` examples, as the contrast.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "intents" / "clinc150_subset.jsonl"
NONE_PER_INTENT = 10
# Fewer than the memory intents' own examples, so "my name" does not drown them out.
ABOUT_USER_PER_INTENT = 40

REMOVAL = re.compile(r"\b(remove|delete|take|cross|clear|erase|get rid|drop|cancel|scratch|strike|"
                     r"empty|wipe|eliminate|off)\b")
NEIGHBOURS = {
    "todo_list": "list_read", "shopping_list": "list_read",
    "reminder": "reminder_list",
    "calendar": "calendar_query", "meeting_schedule": "calendar_query",
    "calendar_update": "calendar_change", "schedule_meeting": "calendar_change",
    "make_call": "contacts", "text": "messaging",
    "alarm": "alarm_timer", "timer": "alarm_timer",
    "smart_home": "smart_home",
}
CANCEL = re.compile(r"\b(cancel|delete|remove|clear|erase|get rid|drop|turn off)\b")
SPLIT = {"todo_list_update": ("list_add", "list_remove", REMOVAL),
         "shopping_list_update": ("list_add", "list_remove", REMOVAL),
         "reminder_update": ("reminder_create", "reminder_cancel", CANCEL)}
ABOUT_USER = {"user_name": "memory_list", "change_user_name": "memory_store"}
# "what do you go by" asks the assistant's name: as many `none` examples as the user's name
# gets memory ones, or "name" + "you" alone would read as a memory request.
CONTRASTS = {"what_is_your_name"}
HELD_OUT = ("tests/data/not_memory.txt", "tests/data/memory_heldout.jsonl",
            "benchmarks/data/memory_fresh.jsonl", "benchmarks/data/routing_fixes_fresh.jsonl")


def label_for(text: str, clinc_label: str) -> str:
    if clinc_label in ABOUT_USER:
        return ABOUT_USER[clinc_label]
    if clinc_label in NEIGHBOURS:
        return NEIGHBOURS[clinc_label]
    if clinc_label in SPLIT:
        add, remove, verb = SPLIT[clinc_label]
        return remove if verb.search(text) else add
    return "none"


def _rank(text: str) -> str:
    """A stable pseudo-random order: the same picks on every machine and Python version."""
    return hashlib.sha256(text.encode()).hexdigest()


def excluded() -> set[str]:
    """Sentences that must not enter training through CLINC150: the hand-written examples
    (each is taught once, as one intent) and the repository's held-out test sets."""
    import yaml

    texts = set()
    for path in sorted((ROOT / "intents").glob("*.yaml")):
        texts |= {str(e) for e in yaml.safe_load(path.read_text(encoding="utf-8")).get("examples") or []}
    for path in HELD_OUT:
        for line in (ROOT / path).read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                texts.add(json.loads(line).get("text", "") if line.startswith("{") else line)
    return {t.strip().lower() for t in texts}


def build(train: Path) -> list[dict]:
    rows = [json.loads(line) for line in train.read_text(encoding="utf-8").splitlines() if line.strip()]
    skip = excluded()
    by_intent: dict[str, list[str]] = {}
    for row in rows:
        if row["text"].strip().lower() not in skip:
            by_intent.setdefault(row["label"], []).append(row["text"])
    out = []
    for clinc_label in sorted(by_intent):
        texts = sorted(set(by_intent[clinc_label]))
        kept = [(t, label_for(t, clinc_label)) for t in texts]
        if clinc_label in CONTRASTS or clinc_label in ABOUT_USER:
            kept = sorted(kept, key=lambda item: _rank(item[0]))[:ABOUT_USER_PER_INTENT]
        elif kept and all(lab == "none" for _, lab in kept) and clinc_label != "oos":
            kept = sorted(kept, key=lambda item: _rank(item[0]))[:NONE_PER_INTENT]
        out += [{"text": t, "label": lab, "clinc": clinc_label} for t, lab in sorted(kept)]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clinc", type=Path,
                        default=ROOT.parent / "shared" / "datasets" / "clinc150" / "train.jsonl")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    rows = build(args.clinc)
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["label"]] = counts.get(row["label"], 0) + 1
    print(f"{args.out}: {len(rows)} utterances; " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))


if __name__ == "__main__":
    main()
