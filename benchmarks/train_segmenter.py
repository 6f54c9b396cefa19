"""Train the learned fact segmenter shipped in iris/extract/segmenter.crfsuite.

The data: every phrasing file of benchmarks/data except the held-out set of the round
(eval_segmenter.HELD_OUT), with each fact's span marked (segment_corpus.py), every other message
filled with the training half (even lines) of the fact bank (benchmarks/data/segment_facts.jsonl:
written for Iris, with numbers, names, abbreviations and symbols at the facts' edges) and the
rest with the training half of the persona facts (Synthetic-Persona-Chat, CC BY 4.0: only word
and word-pair weights reach the model); 1,000 messages of eval_extract.py's generator filled the
same way; and each of those messages with more than one fact and some punctuation, again with
no punctuation (segment_corpus.augmented). The odd lines of both are left for scoring.
Beside the model, segmenter.json records the fingerprint of that data and of the feature code,
so tests/extract/test_segmenter.py fails when either changes without a retrain. Training is
deterministic (L-BFGS on a fixed order).

    .venv/bin/python benchmarks/train_segmenter.py
"""

from __future__ import annotations

import hashlib
import inspect
import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from eval_extract import DEFAULT_PERSONAS  # noqa: E402
from eval_segmenter import FACT_BANK, training_cases, training_corpus, training_files  # noqa: E402


def fingerprint() -> str:
    """The training data and the code that turns it into features."""
    from iris.extract import segmenter

    digest = hashlib.sha256()
    for path in [*training_files(), FACT_BANK, DEFAULT_PERSONAS, HERE / "segment_corpus.py",
                 HERE / "phrasings.py", HERE / "eval_extract.py", HERE / "eval_segmenter.py"]:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    # The code that turns a message into the model's input, not what is done with its output.
    for part in (segmenter.TOKEN.pattern, segmenter._FIRST_PERSON, segmenter._SECOND_PERSON,
                 segmenter._AUXILIARIES, segmenter._token_iter, segmenter.features,
                 segmenter._lexical, segmenter._shape, segmenter._as_said,
                 " ".join(f"{k}={v}" for k, v in sorted(segmenter._TH_STOPPED.items())),
                 segmenter._space_kind, segmenter.labels, segmenter.train):
        digest.update((part if isinstance(part, str) else _source(part)).encode())
    return digest.hexdigest()


def _source(part: object) -> str:
    if isinstance(part, frozenset):
        return " ".join(sorted(part))
    return inspect.getsource(getattr(part, "__wrapped__", part))  # type: ignore[arg-type]


def main() -> int:
    from iris.extract import segmenter

    folder = Path(tempfile.mkdtemp())
    data = training_corpus(training_files(), folder)
    examples = [(case.message, case.spans) for case in training_cases(data, folder)]
    segmenter.train(examples, segmenter.MODEL)
    segmenter.MODEL.with_suffix(".json").write_text(json.dumps({
        "fingerprint": fingerprint(), "files": sorted(data), "messages": len(examples),
    }, indent=1) + "\n")
    print(f"trained on {len(examples)} messages from {len(data)} files -> {segmenter.MODEL}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
