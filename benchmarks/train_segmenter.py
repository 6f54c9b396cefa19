"""Train the learned fact segmenter shipped in iris/extract/segmenter.crfsuite.

The data: every phrasing file of benchmarks/data except the held-out set of the round
(eval_segmenter.HELD_OUT), with each fact's span marked (segment_corpus.py), built from the
persona facts of ../shared/datasets/persona, and 1,000 messages of eval_extract.py's generator
(its development half: even persona lines, seed 1); each of those messages with more than one
fact and some punctuation is added again with no punctuation (segment_corpus.augmented).
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
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from eval_extract import DEFAULT_PERSONAS  # noqa: E402
from eval_segmenter import corpus, files  # noqa: E402
from segment_corpus import augmented, generated  # noqa: E402


def fingerprint() -> str:
    """The training data and the code that turns it into features."""
    from iris.extract import segmenter

    digest = hashlib.sha256()
    for path in [*files(), DEFAULT_PERSONAS, HERE / "segment_corpus.py", HERE / "phrasings.py",
                 HERE / "eval_extract.py"]:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    # The code that turns a message into the model's input, not what is done with its output.
    for part in (segmenter.TOKEN.pattern, segmenter._FIRST_PERSON, segmenter._SECOND_PERSON,
                 segmenter._AUXILIARIES, segmenter._token_iter, segmenter.features,
                 segmenter._word_features, segmenter._lexical, segmenter._shape,
                 segmenter._space_kind, segmenter.labels, segmenter.train):
        digest.update((part if isinstance(part, str) else _source(part)).encode())
    return digest.hexdigest()


def _source(part: object) -> str:
    if isinstance(part, frozenset):
        return " ".join(sorted(part))
    return inspect.getsource(getattr(part, "__wrapped__", part))  # type: ignore[arg-type]


def main() -> int:
    from iris.extract import segmenter

    data = corpus(files())
    # eval_extract.py's generator, its development half: its test half stays for scoring
    cases = [case for cases in data.values() for case in cases] + generated(DEFAULT_PERSONAS)
    examples = [(case.message, case.spans) for case in cases + augmented(cases)]
    segmenter.train(examples, segmenter.MODEL)
    segmenter.MODEL.with_suffix(".json").write_text(json.dumps({
        "fingerprint": fingerprint(), "files": sorted(data), "messages": len(examples),
    }, indent=1) + "\n")
    print(f"trained on {len(examples)} messages from {len(data)} files -> {segmenter.MODEL}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
