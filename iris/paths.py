"""Where Iris finds its shipped data: `intents/` beside the package in a checkout, or
`iris/_intents` inside an installed wheel."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def intents_dir() -> Path:
    for candidate in (_PACKAGE / "_intents", _PACKAGE.parent / "intents"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("the intents/ data folder is missing from this installation")
