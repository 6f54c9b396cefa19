"""Helpers that run `iris serve` and the `iris` CLI as subprocesses for the server tests.
A module of its own (not conftest.py) so that `from serving import ...` always means this file."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx


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
