"""A real `iris serve` in a subprocess on 127.0.0.1, driven over HTTP with httpx.

One server per test module and database (SQLite file; a throw-away Postgres schema when
IRIS_TEST_POSTGRES_URL is set). The intent model is trained once per session into a shared
IRIS_HOME; each server has its own database."""

from __future__ import annotations

import pytest
from serving import start_server, stop_server  # noqa: E402
from throwaway_db import PG_URL, postgres_schema


@pytest.fixture(scope="session")
def server_home(tmp_path_factory):
    """One IRIS_HOME for every server: the intent model is trained once."""
    return tmp_path_factory.mktemp("server-home")


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def server_db(request, tmp_path_factory):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('db') / 'iris.db'}"
        return
    if not PG_URL:
        pytest.skip("IRIS_TEST_POSTGRES_URL is not set")
    with postgres_schema("t_http") as url:
        yield url


@pytest.fixture(scope="module")
def server(server_home, server_db):
    srv = start_server(server_home, server_db)
    yield srv
    stop_server(srv)
