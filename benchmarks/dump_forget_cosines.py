"""Dump, for every forget run of the given forget_eval*.yaml files, the description the store
matched on, every memory's cosine to it, what `forget.decide` answered and what the case
expected (issue 16: is there cosine evidence that separates the right memory from the near
misses?). One JSON line per `decide` call, to be read by benchmarks/scan_forget_cosines.py.

    python benchmarks/dump_forget_cosines.py --out /tmp/cos.jsonl benchmarks/data/forget_eval_dev8.yaml
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
import eval_forget as E  # noqa: E402

from iris.store import forget  # noqa: E402
from iris.types import PLAIN_ASK  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--out", required=True)
    ap.add_argument("--home", default="/tmp/iris-forget-home")
    args = ap.parse_args()
    from iris import Pipeline, load_settings

    current: dict = {}
    real = forget.decide

    def spy(description, candidates, concepts=None, asked=PLAIN_ASK):  # type: ignore[no-untyped-def]
        decision = real(description, candidates, concepts, asked)
        text = description if isinstance(description, str) else description.text
        current.setdefault("calls", []).append({
            "description": text, "literal": asked.literal, "status": decision.status,
            "id": decision.id, "cands": [[c.id, c.content, round(c.cosine, 4)] for c in candidates],
            "decided": [c.id for c in decision.candidates]})
        return decision

    forget.decide = spy  # type: ignore[assignment]
    with open(args.out, "w", encoding="utf-8") as out, tempfile.TemporaryDirectory() as tmp:
        settings = load_settings(home=Path(args.home), db_url=f"sqlite:///{tmp}/f.db")
        with Pipeline(settings) as pipeline:
            n = 0
            for path in args.files:
                data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
                sets = data["sets"]
                for case in data["cases"]:
                    for set_name in case["sets"]:
                        n += 1
                        current.clear()
                        o = E.run_case(pipeline, case, set_name, sets, f"case{n}")
                        own, _ = E.memories_of(sets, set_name)
                        target = own[case["target"] - 1] if case.get("target") else None
                        wanted = [own[i - 1] for i in case.get("candidates") or []]
                        out.write(json.dumps({
                            "file": Path(path).name, "set": set_name, "say": case["say"],
                            "expect": case["expect"], "target": target, "wanted": wanted,
                            "verdict": o.verdict, "code": o.code, "deleted": o.deleted,
                            "calls": current.get("calls", [])}) + "\n")
                        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
