"""Where Iris finds its shipped data (`intents/` beside the package in a checkout, or
`iris/_intents` inside an installed wheel) and the development datasets (`IRIS_DATASETS`,
by default `../shared/datasets` beside the checkout; tests and benchmarks only)."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@lru_cache(maxsize=1)
def intents_dir() -> Path:
    # read once: the fast path asks for it whenever a handler is made (two stat calls each)
    for candidate in (_PACKAGE / "_intents", _PACKAGE.parent / "intents"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("the intents/ data folder is missing from this installation")


def fastpath_rows(name: str, what: str) -> list[list[str]]:
    """The tab-separated rows of `intents/fastpath/NAME` (the WordNet tables), without the
    `#` header; an unreadable file is a ConfigError naming `what` it holds."""
    from iris.errors import ConfigError

    path = intents_dir() / "fastpath" / name
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{what} in {path} is unusable: {type(exc).__name__}: {exc}") from exc
    return [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]


def datasets_dir() -> Path:
    """The shared evaluation datasets (CLINC150, HWU64, persona, LoCoMo): one setting for
    every test and benchmark that reads them."""
    explicit = os.environ.get("IRIS_DATASETS")
    return Path(explicit).expanduser() if explicit else _PACKAGE.parent.parent / "shared" / "datasets"
