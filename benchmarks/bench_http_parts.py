"""Where a passthrough turn's time goes over HTTP: one client, one request at a time, against
`iris serve` (the same server as bench_http.py), so nothing queues.

  in-process   the app called as ASGI in this process (no socket, no uvicorn): the app's cost
  hot          requests back to back: the server and the client stay on the CPU
  cold         a pause (--gap, default 20 ms) before each request: the processes sleep in
               between, as in bench_http.py where a worker sees a turn every ~0.1 s
  /healthz     the same, for the cheapest route (uvicorn, loopback, middleware)
  client CPU   this process's CPU per request, light client vs httpx.AsyncClient
  server CPU   the server's CPU per request (user + system, all workers), idle use removed

    .venv/bin/python benchmarks/bench_http_parts.py [--requests 400] [--gap 0.02] [--workers 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_http import Connection, HttpxConnection, _cpu_seconds, serving  # noqa: E402

TURN = {"text": "write a haiku about the sea", "user_id": "u0", "wait": True}


async def _sequential(connection: Connection | HttpxConnection, path: str, n: int,
                      gap: float) -> tuple[float, float]:
    """(p50 ms, client CPU ms per request)."""
    samples, cpu = [], time.process_time()
    for _ in range(n):
        started = time.perf_counter()
        if path == "/healthz":
            status = await _get(connection, path)
        else:
            status = (await connection.post(path, TURN))[0]
        samples.append(time.perf_counter() - started)
        if status != 200:
            raise SystemExit(f"{path}: HTTP {status}")
        if gap:
            await asyncio.sleep(gap)
    return statistics.median(samples) * 1000, (time.process_time() - cpu) * 1000 / n


async def _get(connection: Connection | HttpxConnection, path: str) -> int:
    if isinstance(connection, HttpxConnection):
        return (await connection.http.get(path)).status_code
    if connection.writer is None:  # opened by a first POST
        await connection.post("/v1/turns", TURN)
    assert connection.writer is not None and connection.reader is not None
    connection.writer.write(f"GET {path} HTTP/1.1\r\n{connection.head}\r\n".encode())
    return (await connection._response(await connection.reader.readline()))[0]


def _in_process(n: int) -> float:
    """p50 ms of a passthrough turn through the app as ASGI (httpx's ASGITransport)."""
    import tempfile

    import httpx

    from iris.config import load_settings
    from iris.server.app import Service, create_app

    settings = load_settings(db_url=f"sqlite:///{Path(tempfile.mkdtemp()) / 'iris.db'}")
    service = Service(settings)
    app = create_app(settings, service=service)
    key = service.keys.create("bench")[1]

    async def run() -> float:
        samples = []
        async with app.router.lifespan_context(app), httpx.AsyncClient(
                transport=httpx.ASGITransport(app=app), base_url="http://iris",
                headers={"Authorization": f"Bearer {key}"}) as client:
            for _ in range(n):
                started = time.perf_counter()
                r = await client.post("/v1/turns", json=TURN)
                samples.append(time.perf_counter() - started)
                assert r.status_code == 200 and r.json()["route"] == "passthrough"
        return statistics.median(samples) * 1000

    return asyncio.run(run())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--gap", type=float, default=0.02, help="seconds before a cold request")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--embed", default=None, help="IRIS_EMBED_MODEL; default MiniLM")
    args = parser.parse_args()

    report: dict[str, float] = {"in-process passthrough p50 ms": _in_process(args.requests)}
    with serving(args.workers, args.embed) as (server, url, key):
        cpu, wall = _cpu_seconds(server.pid), time.perf_counter()
        time.sleep(5)  # what the workers spend doing nothing (the queue worker's polls)
        idle = (_cpu_seconds(server.pid) - cpu) / (time.perf_counter() - wall)
        report["idle server CPU ms per s"] = idle * 1000

        async def run() -> None:
            for name, kind in (("light", Connection), ("httpx", HttpxConnection)):
                connection = kind(url, {"Authorization": f"Bearer {key}"})
                for path in ("/healthz", "/v1/turns"):
                    for label, gap in (("hot", 0.0), ("cold", args.gap)):
                        cpu, wall = _cpu_seconds(server.pid), time.perf_counter()
                        p50, client_cpu = await _sequential(connection, path, args.requests, gap)
                        spent = _cpu_seconds(server.pid) - cpu - idle * (time.perf_counter() - wall)
                        report[f"{name} {path} {label} p50 ms"] = p50
                        report[f"{name} {path} {label} client CPU ms"] = client_cpu
                        report[f"{name} {path} {label} server CPU ms"] = spent * 1000 / args.requests
                await connection.aclose()

        asyncio.run(run())
    report["load average"] = os.getloadavg()[0]
    print(json.dumps({k: round(v, 3) for k, v in report.items()}, indent=2))


if __name__ == "__main__":
    main()
