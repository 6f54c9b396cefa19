"""Throw-away databases for tests: a Postgres schema created for one fixture and dropped
after it, on the server named by IRIS_TEST_POSTGRES_URL."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import create_engine, text

PG_URL = os.environ.get("IRIS_TEST_POSTGRES_URL")


@contextmanager
def postgres_schema(prefix: str = "t") -> Iterator[str]:
    """A URL whose search_path is a new, empty schema; the schema is dropped afterwards."""
    assert PG_URL, "IRIS_TEST_POSTGRES_URL is not set"
    schema = f"{prefix}_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_URL)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    sep = "&" if "?" in PG_URL else "?"
    try:
        yield f"{PG_URL}{sep}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()
