"""Two processes opening a new SQLite file at once: switching it to WAL mode is retried while
the file is locked, and any other error is raised."""

import sqlite3

import pytest

from iris.store.engine import _use_wal


class Cursor:
    def __init__(self, errors):
        self.errors = list(errors)
        self.calls = 0

    def execute(self, sql):
        self.calls += 1
        if self.errors:
            raise self.errors.pop(0)


def test_a_locked_file_is_retried_until_wal_mode_is_set():
    cursor = Cursor([sqlite3.OperationalError("database is locked")] * 2)
    _use_wal(cursor)
    assert cursor.calls == 3


def test_another_error_is_raised_at_once():
    cursor = Cursor([sqlite3.OperationalError("disk I/O error")])
    with pytest.raises(sqlite3.OperationalError, match="disk I/O"):
        _use_wal(cursor)
    assert cursor.calls == 1


def test_a_lock_that_outlasts_the_wait_is_raised():
    cursor = Cursor([sqlite3.OperationalError("database is locked")] * 1000)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        _use_wal(cursor, seconds=0.1)
