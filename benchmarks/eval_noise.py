"""How often the real-words rule (iris/hygiene.py noise_problem, via the store's content
check) refuses real text. Run on data nobody tuned the rule on: every Synthetic-Persona-Chat
fact, every LoCoMo turn and every CLINC150 validation utterance in ../shared/datasets. The
rule was committed before this was first run (b47cee4) and not changed after.

    python benchmarks/eval_noise.py [--datasets ../shared/datasets] [--show 20]"""

import argparse
import json
from collections.abc import Iterator
from pathlib import Path

from iris.types import content_problem

ROOT = Path(__file__).resolve().parent.parent


def persona(folder: Path) -> Iterator[str]:
    for line in (folder / "persona" / "personas_valid.jsonl").read_text(encoding="utf-8").splitlines():
        yield from json.loads(line)["facts"]


def locomo(folder: Path) -> Iterator[str]:
    for path in sorted((folder / "locomo").glob("*.json")):
        conversation = json.loads(path.read_text(encoding="utf-8"))
        for key, turns in conversation.items():
            if key.startswith("session_") and isinstance(turns, list):
                yield from (turn["text"] for turn in turns if turn.get("text"))


def clinc(folder: Path) -> Iterator[str]:
    for line in (folder / "clinc150" / "val.jsonl").read_text(encoding="utf-8").splitlines():
        yield json.loads(line)["text"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--datasets", type=Path, default=ROOT.parent / "shared" / "datasets")
    parser.add_argument("--show", type=int, default=20, help="print up to this many refusals")
    args = parser.parse_args()
    for name, source in (("persona facts", persona), ("LoCoMo turns", locomo),
                         ("CLINC150 val", clinc)):
        texts = [t for t in source(args.datasets) if t.strip()]
        refused = [(t, content_problem(t)) for t in texts]
        refused = [(t, why) for t, why in refused if why and "no" in why and "words" in why]
        print(f"{name:14s} {len(refused):4d} of {len(texts):6d} refused as having no real words "
              f"({100 * len(refused) / len(texts):.3f}%)")
        for text, why in refused[: args.show]:
            print(f"    {text!r}: {why}")


if __name__ == "__main__":
    main()
