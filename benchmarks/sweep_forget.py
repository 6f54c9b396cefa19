"""Every forget evaluation file at once, and what a change did to each case: the development
sweep behind the README's "before and after" rows for issue 16.

`run` sends every case of every benchmarks/data/forget_eval*.yaml through the pipeline as
eval_forget.py does (one namespace a case and set, the same fillers) and writes one JSON line
a run: file, case index, set, request, expectation, verdict, what was deleted. `compare`
reads two such files (before, after) and prints the totals of each and every run whose
verdict changed. A held-out file of the round is left out by name (`--skip`) until it has
been scored once with eval_forget.py.

    .venv/bin/python benchmarks/sweep_forget.py run before.jsonl --skip fresh46 --skip fresh47
    (change the code)
    .venv/bin/python benchmarks/sweep_forget.py run after.jsonl --skip fresh46 --skip fresh47
    .venv/bin/python benchmarks/sweep_forget.py compare before.jsonl after.jsonl

The 58 files of round 30 (15,975 runs) take about 3 minutes with `--jobs 2` on two cores.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import eval_forget  # noqa: E402  (sets the offline environment before Iris is imported)

DATA = HERE / "data"


def files(skip: list[str]) -> list[Path]:
    return [p for p in sorted(DATA.glob("forget_eval*.yaml"))
            if not any(s and p.stem.endswith(s) for s in skip)]


def run(paths: list[Path], out: Path, home: Path) -> None:
    from iris import Pipeline, load_settings

    rows, n = [], 0
    home.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        settings = load_settings(home=home, db_url=f"sqlite:///{tmp}/sweep.db")
        with Pipeline(settings) as pipeline:
            for path in paths:
                data = yaml.safe_load(path.read_text(encoding="utf-8"))
                for index, case in enumerate(data["cases"]):
                    for set_name in case["sets"]:
                        n += 1
                        o = eval_forget.run_case(pipeline, case, set_name, data["sets"], f"u{n}")
                        rows.append({"file": path.name, "case": index, "set": set_name,
                                     "say": case["say"], "expect": case["expect"],
                                     "verdict": o.verdict, "code": o.code, "deleted": o.deleted})
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def totals(rows: list[dict]) -> str:
    count = Counter()
    for r in rows:
        count["wrong"] += r["verdict"] == "wrong_deletion"
        for expect in ("forgotten", "confirm", "passthrough"):
            if r["expect"] == expect:
                count[expect] += 1
                count[expect + " right"] += r["verdict"] == "right"
    return (f"{len(rows)} runs, wrong deletions {count['wrong']}, right deletions "
            f"{count['forgotten right']}/{count['forgotten']}, forget-everything confirmed "
            f"{count['confirm right']}/{count['confirm']}, host messages passed "
            f"{count['passthrough right']}/{count['passthrough']}")


def compare(before: Path, after: Path) -> None:
    old, new = _read(before), _read(after)
    print(f"before: {totals(old)}\nafter:  {totals(new)}")
    was = {(r["file"], r["case"], r["set"]): r for r in old}
    for r in new:
        earlier = was.get((r["file"], r["case"], r["set"]))
        if earlier and earlier["verdict"] != r["verdict"]:
            deleted = f"; deleted {r['deleted']}" if r["deleted"] else ""
            print(f"{r['file']} {r['set']} [{r['expect']}] {r['say'][:80]!r}: "
                  f"{earlier['verdict']} -> {r['verdict']}{deleted}")


def _read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    go = sub.add_parser("run", help="run every file's cases; one JSON line a run")
    go.add_argument("out", type=Path)
    go.add_argument("--skip", action="append", default=[],
                    help="leave out the files whose name ends so (a round's held-out files)")
    go.add_argument("--home", type=Path, default=Path("/tmp/iris-forget-home"))
    go.add_argument("--jobs", type=int, default=1, help="processes, each with its share of the files")
    go.add_argument("--files", nargs="*", type=Path, help=argparse.SUPPRESS)  # a job's share
    diff = sub.add_parser("compare", help="the totals of two runs and every changed verdict")
    diff.add_argument("before", type=Path)
    diff.add_argument("after", type=Path)
    args = parser.parse_args(argv)
    if args.command == "compare":
        compare(args.before, args.after)
        return 0
    paths = args.files if args.files is not None else files(args.skip)
    if args.jobs <= 1 or args.files is not None:
        run(paths, args.out, args.home)
        return 0
    parts = [args.out.with_suffix(f".{i}.jsonl") for i in range(args.jobs)]
    jobs = [subprocess.Popen([sys.executable, __file__, "run", str(part), "--home", str(args.home),
                              "--files", *map(str, paths[i::args.jobs])])
            for i, part in enumerate(parts)]
    if any(job.wait() for job in jobs):
        return 1
    args.out.write_text("".join(p.read_text(encoding="utf-8") for p in parts), encoding="utf-8")
    for part in parts:
        part.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
