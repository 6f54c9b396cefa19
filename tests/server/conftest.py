"""A real `iris serve` in a subprocess on 127.0.0.1, driven over HTTP with httpx.

One server per test module and database (SQLite file; a throw-away Postgres schema when
IRIS_TEST_POSTGRES_URL is set). The intent model is trained once per session into a shared
IRIS_HOME; each server has its own database."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text

PG_URL = os.environ.get("IRIS_TEST_POSTGRES_URL")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def iris_env(home: Path, db_url: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("IRIS_") or k == "IRIS_TEST_POSTGRES_URL"}
    env.update({"IRIS_HOME": str(home), "IRIS_DB_URL": db_url, "IRIS_EMBED_MODEL": "hashing",
                "PYTHONPATH": os.pathsep.join(sys.path), **extra})
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    return env


def iris(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from iris.cli import main; main()", *args],
                          env=env, capture_output=True, text=True, timeout=120)


@dataclass
class Server:
    url: str
    db_url: str
    env: dict[str, str]
    process: subprocess.Popen
    keys: dict[str, str] = field(default_factory=dict)  # tenant -> key

    def key(self, tenant: str) -> str:
        """A new key for `tenant` through the real CLI (the key is the last line)."""
        done = iris(self.env, "keys", "create", "--tenant", tenant)
        assert done.returncode == 0, done.stderr
        key = done.stdout.strip().splitlines()[-1]
        self.keys.setdefault(tenant, key)
        return key

    def client(self, tenant: str | None = None, key: str | None = None) -> httpx.Client:
        key = key or (self.keys.get(tenant) or self.key(tenant) if tenant else None)
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=60)


def start_server(home: Path, db_url: str, *args: str, **env_extra: str) -> Server:
    port = free_port()
    env = iris_env(home, db_url, **env_extra)
    log = open(home / f"serve-{port}.log", "w")  # noqa: SIM115 (closed with the process)
    process = subprocess.Popen(
        [sys.executable, "-c", "from iris.cli import main; main()", "serve", "--port", str(port),
         *args], env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"iris serve exited: {(home / f'serve-{port}.log').read_text()}")
        try:
            if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                return Server(url, db_url, env, process)
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    process.kill()
    raise RuntimeError("iris serve did not become ready")


def stop_server(server: Server) -> None:
    server.process.terminate()
    try:
        server.process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.process.kill()


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
    schema = f"t_http_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_URL)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    sep = "&" if "?" in PG_URL else "?"
    yield f"{PG_URL}{sep}options=-csearch_path%3D{schema}"
    with admin.begin() as conn:
        conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    admin.dispose()


@pytest.fixture(scope="module")
def server(server_home, server_db):
    srv = start_server(server_home, server_db)
    yield srv
    stop_server(srv)
