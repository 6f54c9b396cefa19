"""Leave-one-writer-out evaluation of the learned fact segmenter (iris/extract/segmenter.py).

Every phrasing file of benchmarks/data was written by a different writer, each told to avoid
the strings of the files before it. For each file, a segmenter is trained on all the other files
and scored on this one with eval_extract's phrasing metric (exact fact count, fact recall): the
figure says how the segmenter reads a writer it never saw, which is what a held-out set asks.
Training is train_segmenter.py's: the phrasings filled with the training halves (even lines)
of the fact bank (benchmarks/data/segment_facts.jsonl) and of the persona facts.

Two ways to fill the scored file's messages (--facts), each with facts no model saw:
- persona: the persona facts' odd lines (the kind of fact the phrasing benchmark holds);
- bank: the fact bank's odd lines: facts with numbers, names, abbreviations and symbols at
  their edges, where a segmenter trained on plain sentences drops words.
Beside it, the rules (split_facts, tuned on every phrasing file here: development figures).

    .venv/bin/python benchmarks/eval_segmenter.py                  # every file, both readers
    .venv/bin/python benchmarks/eval_segmenter.py --facts bank --only fresh9 --show-errors 10
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from eval_extract import DEFAULT_PERSONAS, evaluate_phrasings  # noqa: E402
from segment_corpus import (  # noqa: E402
    SpanCase,
    annotated,
    augmented,
    chat_around,
    foreign_joins,
    generated,
    requests_around,
)

from iris.paths import datasets_dir  # noqa: E402

# The held-out phrasing sets of the round (written blind, to be scored once): never opened here.
HELD_OUT = frozenset({"extract_phrasings_fresh54.yaml", "extract_phrasings_fresh55.yaml"})
FACT_BANK = HERE / "data" / "segment_facts.jsonl"


# Scored sets left out of the shipped model's training: a model retrained with fresh22 and
# fresh23 (round 16) read "remember that I keep bees and I drive a red van." as one fact (a
# case in tests/extract/test_preludes.py), and lost 0.1-0.25 points on five other files.
NOT_TRAINED = frozenset({"extract_phrasings_fresh22.yaml", "extract_phrasings_fresh23.yaml",
                         # scored in round 16, kept out so the model stays the one scored
                         "extract_phrasings_fresh24.yaml", "extract_phrasings_fresh25.yaml",
                         # scored in round 17, kept out for the same reason
                         "extract_phrasings_fresh26.yaml", "extract_phrasings_fresh27.yaml",
                         # scored in round 18
                         "extract_phrasings_fresh28.yaml", "extract_phrasings_fresh29.yaml",
                         # scored in round 19 (a model trained with fresh22-27 and one with
                         # fresh24-29 read the other two of those files no better: +1.0, -0.5,
                         # -0.5, 0 points exact, +0.3, +0.4, -0.2, +0.5 recall)
                         "extract_phrasings_fresh30.yaml", "extract_phrasings_fresh31.yaml",
                         # scored in round 20
                         "extract_phrasings_fresh32.yaml", "extract_phrasings_fresh33.yaml",
                         # scored in round 21
                         "extract_phrasings_fresh34.yaml", "extract_phrasings_fresh35.yaml",
                         # scored in round 22
                         "extract_phrasings_fresh36.yaml", "extract_phrasings_fresh37.yaml",
                         # scored in round 23
                         "extract_phrasings_fresh38.yaml", "extract_phrasings_fresh39.yaml",
                         # scored in round 24
                         "extract_phrasings_fresh40.yaml", "extract_phrasings_fresh41.yaml",
                         # scored in round 25
                         "extract_phrasings_fresh42.yaml", "extract_phrasings_fresh43.yaml",
                         # scored in round 26
                         "extract_phrasings_fresh44.yaml", "extract_phrasings_fresh45.yaml",
                         # scored in round 27
                         "extract_phrasings_fresh46.yaml", "extract_phrasings_fresh47.yaml",
                         # scored in round 28
                         "extract_phrasings_fresh48.yaml", "extract_phrasings_fresh49.yaml",
                         # scored in round 29
                         "extract_phrasings_fresh50.yaml", "extract_phrasings_fresh51.yaml",
                         # scored in round 30
                         "extract_phrasings_fresh52.yaml", "extract_phrasings_fresh53.yaml"})


def files() -> list[Path]:
    return [p for p in sorted((HERE / "data").glob("extract_phrasings*.yaml"))
            if p.name not in HELD_OUT]


def training_files() -> list[Path]:
    """What the shipped model is trained on: every file but the held-out and NOT_TRAINED ones."""
    return [p for p in files() if p.name not in NOT_TRAINED]


def corpus(paths: list[Path], facts: Path) -> dict[str, list[SpanCase]]:
    return {p.name: annotated(p, facts) for p in paths}


def halves(path: Path, folder: Path) -> tuple[Path, Path]:
    """A facts file's even lines (training) and odd lines (scoring), as two files."""
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    train, score = folder / f"{path.stem}_train.jsonl", folder / f"{path.stem}_score.jsonl"
    train.write_text("\n".join(lines[0::2]) + "\n")
    score.write_text("\n".join(lines[1::2]) + "\n")
    return train, score


def training_corpus(paths: list[Path], folder: Path) -> dict[str, list[SpanCase]]:
    """Each file's messages, every other one filled with the fact bank's training half, the
    rest with the persona facts' training half: the same phrasings, two kinds of facts."""
    bank, persona = halves(FACT_BANK, folder)[0], halves(DEFAULT_PERSONAS, folder)[0]
    out = {}
    for path in paths:
        pairs = zip(annotated(path, bank), annotated(path, persona), strict=True)
        out[path.name] = [b if i % 2 == 0 else p for i, (b, p) in enumerate(pairs)]
    return out


def training_cases(data: dict[str, list[SpanCase]], folder: Path,
                   leave_out: str = "") -> list[SpanCase]:
    """Every file's messages but `leave_out`'s, eval_extract's generator (its development
    half, 500 messages with each kind of facts), and, of those messages, each again with no
    punctuation, every third with chat around it (segment_corpus.chat_around), every
    fourth with its "and" between facts in another language (segment_corpus.foreign_joins)
    and every fifth with a request to the assistant before or after it
    (segment_corpus.requests_around)."""
    cases = [c for name, cs in data.items() if name != leave_out for c in cs]
    for facts in (FACT_BANK, DEFAULT_PERSONAS):
        cases += generated(halves(facts, folder)[0], n=500)
    clinc = datasets_dir() / "clinc150" / "train.jsonl"
    hwu = datasets_dir() / "hwu64" / "train.jsonl"
    return (cases + augmented(cases) + chat_around(cases, clinc) + foreign_joins(cases)
            + requests_around(cases, [clinc, hwu]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default="", help="score only files whose name holds this")
    parser.add_argument("--show-errors", type=int, default=0)
    parser.add_argument("--no-rules", action="store_true", help="skip the rules' column")
    parser.add_argument("--facts", choices=["persona", "bank"], default="persona",
                        help="what fills the scored messages (see above)")
    args = parser.parse_args(argv)

    from iris.extract import offline, segmenter

    folder = Path(tempfile.mkdtemp())
    data = training_corpus(files(), folder)
    scored = corpus(files(), halves(FACT_BANK if args.facts == "bank" else DEFAULT_PERSONAS,
                                    folder)[1])
    print(f"facts in the scored messages: {args.facts}")
    print(f"{'held-out file':40} {'segmenter exact/recall':>24} {'rules (development)':>22}")
    totals = [0, 0, 0, 0, 0, 0, 0, 0]
    for name, cases in scored.items():
        if args.only and args.only not in name:
            continue
        train = [(c.message, c.spans) for c in training_cases(data, folder, leave_out=name)]
        model = segmenter.train(train, folder / "model.crfsuite")
        report = evaluate_phrasings(cases, lambda m, model=model: (
            segmenter.read_facts(m, model=model)[0], "offline"))
        line = f"{name:40} {report['exact_count']:>11.1%} / {report['fact_recall']:<10.1%}"
        totals[:4] = _added(totals[:4], report)
        if not args.no_rules:
            rules = evaluate_phrasings(cases, lambda m: (offline.split_facts(m), "offline"))
            line += f" {rules['exact_count']:>9.1%} / {rules['fact_recall']:<8.1%}"
            totals[4:] = _added(totals[4:], rules)
        print(line, flush=True)
        for case, got, _ in report["errors"][:args.show_errors]:
            print(f"  {case.message!r}\n    want: {case.accept[0]}\n    got:  {got}")
    line = f"{'all':40} {totals[0] / totals[1]:>11.1%} / {totals[2] / totals[3]:<10.1%}"
    if not args.no_rules:
        line += f" {totals[4] / totals[5]:>9.1%} / {totals[6] / totals[7]:<8.1%}"
    print(line)
    return 0


def _added(totals: list[int], report: dict) -> list[int]:
    return [totals[0] + round(report["exact_count"] * report["messages"]),
            totals[1] + report["messages"],
            totals[2] + round(report["fact_recall"] * report["facts"]),
            totals[3] + report["facts"]]


if __name__ == "__main__":
    sys.exit(main())
