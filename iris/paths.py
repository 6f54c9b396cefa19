"""Where Iris finds its shipped data (`intents/` beside the package in a checkout, or
`iris/_intents` inside an installed wheel) and the development datasets (`IRIS_DATASETS`,
by default `../shared/datasets` beside the checkout; tests and benchmarks only)."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def intents_dir() -> Path:
    for candidate in (_PACKAGE / "_intents", _PACKAGE.parent / "intents"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("the intents/ data folder is missing from this installation")


def datasets_dir() -> Path:
    """The shared evaluation datasets (CLINC150, HWU64, persona, LoCoMo): one setting for
    every test and benchmark that reads them."""
    explicit = os.environ.get("IRIS_DATASETS")
    return Path(explicit).expanduser() if explicit else _PACKAGE.parent.parent / "shared" / "datasets"
