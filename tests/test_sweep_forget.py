"""benchmarks/sweep_forget.py: the totals of a sweep and the runs whose verdict changed, and
which files a run reads (a round's held-out files left out by name)."""

import importlib.util
import json
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.fixture(scope="module")
def sweep():
    sys.path.insert(0, str(BENCHMARKS))  # it imports eval_forget beside it
    try:
        spec = importlib.util.spec_from_file_location("sweep_forget", BENCHMARKS / "sweep_forget.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCHMARKS))
    return module


def _rows(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _row(case, expect, verdict, deleted=()):
    return {"file": "forget_eval_x.yaml", "case": case, "set": "s", "say": f"forget {case}",
            "expect": expect, "verdict": verdict, "code": "", "deleted": list(deleted)}


def test_compare_prints_totals_and_every_changed_verdict(sweep, tmp_path, capsys):
    before = _rows(tmp_path / "a.jsonl", [_row(0, "forgotten", "missed (MEMORY_NOT_FOUND)"),
                                          _row(1, "not_found", "right"), _row(2, "passthrough", "right")])
    after = _rows(tmp_path / "b.jsonl", [_row(0, "forgotten", "right", ["I like tea"]),
                                         _row(1, "not_found", "wrong_deletion", ["I like coffee"]),
                                         _row(2, "passthrough", "right")])
    sweep.compare(before, after)
    out = capsys.readouterr().out.splitlines()
    assert out[0] == ("before: 3 runs, wrong deletions 0, right deletions 0/1, forget-everything "
                      "confirmed 0/0, host messages passed 1/1")
    assert out[1].startswith("after:  3 runs, wrong deletions 1, right deletions 1/1")
    assert len(out) == 4  # the two changed runs, not the unchanged one
    assert "missed (MEMORY_NOT_FOUND) -> right; deleted ['I like tea']" in out[2]
    assert "right -> wrong_deletion; deleted ['I like coffee']" in out[3]


def test_held_out_files_are_left_out_by_name(sweep):
    every = {p.name for p in sweep.files([])}
    assert "forget_eval_fresh46.yaml" in every and "forget_eval.yaml" in every
    left = {p.name for p in sweep.files(["fresh46", ""])}  # an empty name leaves nothing out
    assert left == every - {"forget_eval_fresh46.yaml"}
