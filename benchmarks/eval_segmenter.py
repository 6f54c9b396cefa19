"""Leave-one-writer-out evaluation of the learned fact segmenter (iris/extract/segmenter.py).

Every phrasing file of benchmarks/data was written by a different writer, each told to avoid
the strings of the files before it. For each file, a segmenter is trained on all the other files
and scored on this one with eval_extract's phrasing metric (exact fact count, fact recall): the
figure says how the segmenter reads a writer it never saw, which is what a held-out set asks. Training is as
train_segmenter.py's: the other files, the generator's development half, and each of those
messages again without punctuation.
Beside it, the rules (split_facts, tuned on every file here: development figures).

    .venv/bin/python benchmarks/eval_segmenter.py                  # every file, both readers
    .venv/bin/python benchmarks/eval_segmenter.py --only fresh9 --show-errors 10
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from eval_extract import DEFAULT_PERSONAS, evaluate_phrasings  # noqa: E402
from segment_corpus import annotated, augmented, generated  # noqa: E402

# This round's held-out phrasing set: never opened here.
HELD_OUT = frozenset({"extract_phrasings_fresh10.yaml"})


def files() -> list[Path]:
    return [p for p in sorted((HERE / "data").glob("extract_phrasings*.yaml"))
            if p.name not in HELD_OUT]


def corpus(paths: list[Path], personas: Path = DEFAULT_PERSONAS) -> dict[str, list]:
    return {p.name: annotated(p, personas) for p in paths}


def persona_halves(folder: Path) -> tuple[Path, Path]:
    """The persona file's even and odd lines, as two files."""
    lines = [line for line in DEFAULT_PERSONAS.read_text().splitlines() if line.strip()]
    even, odd = folder / "even.jsonl", folder / "odd.jsonl"
    even.write_text("\n".join(lines[0::2]) + "\n")
    odd.write_text("\n".join(lines[1::2]) + "\n")
    return even, odd


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default="", help="score only files whose name holds this")
    parser.add_argument("--show-errors", type=int, default=0)
    parser.add_argument("--no-rules", action="store_true", help="skip the rules' column")
    parser.add_argument("--disjoint-facts", action="store_true",
                        help="train on messages built from the persona file's even lines, score "
                             "on messages built from its odd lines: no fact seen in training")
    args = parser.parse_args(argv)

    from iris.extract import offline, segmenter

    data = corpus(files())
    scored = data
    generator = generated(DEFAULT_PERSONAS)  # always in training: its own figure is eval_extract's
    if args.disjoint_facts:
        folder = Path(tempfile.mkdtemp())
        even, odd = persona_halves(folder)
        data, scored = corpus(files(), even), corpus(files(), odd)
        generator = generated(even)
    print(f"{'held-out file':40} {'segmenter exact/recall':>24} {'rules (development)':>22}")
    totals = [0, 0, 0, 0]
    for name, cases in scored.items():
        if args.only and args.only not in name:
            continue
        cases_in = [c for other, cs in data.items() if other != name for c in cs] + generator
        train = [(c.message, c.spans) for c in cases_in + augmented(cases_in)]
        with tempfile.TemporaryDirectory() as tmp:
            model = segmenter.train(train, Path(tmp) / "m.crfsuite")
            report = evaluate_phrasings(cases, lambda m, model=model: (
                segmenter.facts(m, model) or [], "offline"))
        line = f"{name:40} {report['exact_count']:>11.1%} / {report['fact_recall']:<10.1%}"
        if not args.no_rules:
            rules = evaluate_phrasings(cases, lambda m: (offline.split_facts(m), "offline"))
            line += f" {rules['exact_count']:>9.1%} / {rules['fact_recall']:<8.1%}"
        print(line, flush=True)
        totals[0] += round(report["exact_count"] * report["messages"])
        totals[1] += report["messages"]
        totals[2] += round(report["fact_recall"] * report["facts"])
        totals[3] += report["facts"]
        for case, got, _ in report["errors"][:args.show_errors]:
            print(f"  {case.message!r}\n    want: {case.accept[0]}\n    got:  {got}")
    print(f"{'all':40} {totals[0] / totals[1]:>11.1%} / {totals[2] / totals[3]:<10.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
