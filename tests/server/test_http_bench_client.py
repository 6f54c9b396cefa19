"""The light HTTP/1.1 client of benchmarks/bench_http.py against a real `iris serve`: it reads
what httpx reads, keeps its connection, and replaces one idle past the server's keep-alive
instead of sending a request twice."""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_http.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_http", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_http", module)
    spec.loader.exec_module(module)
    return module


TURN = {"text": "write a haiku about the sea", "user_id": "u", "wait": True}


def test_the_light_client_reads_what_httpx_reads_on_one_connection(server, bench):
    headers = {"Authorization": f"Bearer {server.key('benchclient')}"}

    async def run() -> tuple[list, list]:
        light, reference = bench.Connection(server.url, headers), bench.HttpxConnection(server.url, headers)
        try:
            got = [await light.post("/v1/turns", TURN)]
            writer = light.writer
            got.append(await light.post("/v1/turns", {**TURN, "text": "Remember that my bike is red"}))
            got.append(await light.post("/v1/turns", {"user_id": "u"}))  # no text: 422
            assert light.writer is writer  # kept alive, the 422 included
            expected = [await reference.post("/v1/turns", TURN),
                        await reference.post("/v1/turns", {**TURN, "text": "Remember that my bike is red"}),
                        await reference.post("/v1/turns", {"user_id": "u"})]
        finally:
            await light.aclose()
            await reference.aclose()
        return got, expected

    got, expected = asyncio.run(run())
    assert [g[0] for g in got] == [e[0] for e in expected] == [200, 200, 422]
    assert got[0][1]["route"] == expected[0][1]["route"] == "passthrough"
    assert got[1][1]["outcomes"][0]["status"] == "stored"
    assert expected[1][1]["outcomes"][0]["status"] == "skipped"  # the same fact, sent again
    assert got[2][1] == expected[2][1] and got[2][1]["error"]["code"] == "invalid_request"
    assert got[2][2] == expected[2][2]  # byte for byte
    assert {**got[0][1], "timings_ms": None} == {**expected[0][1], "timings_ms": None}


def test_a_connection_idle_past_the_keep_alive_is_replaced_before_the_request(server, bench,
                                                                             monkeypatch):
    headers = {"Authorization": f"Bearer {server.key('benchidle')}"}
    monkeypatch.setattr(bench, "IDLE_SECONDS", 0.0)

    async def run() -> list[int]:
        light = bench.Connection(server.url, headers)
        statuses = []
        try:
            statuses.append((await light.post("/v1/turns", TURN))[0])
            first = light.writer
            await asyncio.sleep(0.01)
            statuses.append((await light.post("/v1/turns", TURN))[0])
            assert light.writer is not first and first.is_closing()
        finally:
            await light.aclose()
        return statuses

    assert asyncio.run(run()) == [200, 200]


def test_mix_option(bench):
    assert bench._mix("passthrough=1") == {"passthrough": 1}
    assert bench._mix("store=3, list=1") == {"store": 3, "list": 1}
    for bad in ("chat=1", "store", "store=x"):
        with pytest.raises(argparse.ArgumentTypeError):
            bench._mix(bad)
