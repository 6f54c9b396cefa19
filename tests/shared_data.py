"""The shared evaluation datasets for tests: one setting (IRIS_DATASETS, see iris/paths.py)."""

from pathlib import Path

import pytest

from iris.paths import datasets_dir


def dataset(relative: str) -> Path:
    """A file of the shared datasets; the calling test is skipped, with the path in the
    reason, when it is absent (never a silent pass)."""
    path = datasets_dir() / relative
    if not path.is_file():
        pytest.skip(f"dataset {path} not found (set IRIS_DATASETS)")
    return path
