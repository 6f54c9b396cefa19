"""Load benchmark of `iris serve` on loopback: 16 concurrent clients, mixed turns, 2 workers,
a fresh SQLite file. Bounded: stops after `--requests` turns or `--seconds`, whichever first.

Turn kinds (POST /v1/turns unless said):
  store       "Remember that ..." a new fact, wait true (fast path + embed + de-dup + insert)
  queued      a new fact, wait false (fast path + exact check + queue row; 202)
  duplicate   a fact this client stored before, wait true (skipped as an exact duplicate)
  list        "What do you remember about me?" (fast path, list tool)
  passthrough a message that is not about memory (fast path steps aside, intent router)

Two load shapes: `--think S` seconds between one client's turns (default 0.1: 16 chat users
each sending ~10 turns a second, 160/s offered), or `--think 0` (closed loop: every client
sends its next turn as soon as the last is answered, the saturation throughput).

Afterwards it waits for the queue to drain and checks every fact: each `stored` outcome's
id is a row, each `skipped` names a row, every queued item ended stored/skipped/failed,
and no content is stored twice. Prints throughput, p50/p99 per kind, errors, row counts.

Latency is timed in the client from writing the request to reading the last byte of the
answer and decoding its JSON. The default client (`--client raw`) is a kept-alive HTTP/1.1
connection per simulated user on asyncio streams; `--client httpx` is httpx.AsyncClient, which
spends about 1 ms more CPU per request on the same two cores. `--mix passthrough=1` sends one
kind only.

    .venv/bin/python benchmarks/bench_http.py [--think 0.1] [--requests 3000] [--seconds 60]
        [--workers 2] [--clients 16] [--embed hashing] [--client raw|httpx] [--mix KIND=W,...]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import httpx

MIX = {"store": 30, "queued": 15, "duplicate": 15, "list": 15, "passthrough": 25}
# Varied, so no cache along the way answers a repeat: {w} a word, {n} a number.
PASSTHROUGH = ["what's the weather like in {w} today?", "remind me to call mom at {n}pm",
               "write a haiku about the {w}", "how long do I boil {n} eggs?",
               "translate good {w} into Spanish", "what is {n} times {n}?"]
NOUNS = ["bike", "car", "boat", "dog", "cat", "garden", "kitchen", "laptop", "guitar", "office",
         "piano", "tent", "camera", "watch", "sofa", "balcony"]
WORDS = ["amber", "cobalt", "maple", "granite", "velvet", "saffron", "juniper", "harbor",
         "lantern", "meadow", "quartz", "willow", "ember", "falcon", "orchid", "pebble"]
IDLE_SECONDS = 4.0  # uvicorn closes a kept-alive connection after 5 s without a request


def _fact(rng: random.Random, n: int) -> str:
    return (f"my {rng.choice(NOUNS)} code is {rng.choice(WORDS)} {rng.choice(WORDS)} "
            f"{n} {rng.randrange(10**6)}")


class Connection:
    """A minimal HTTP/1.1 client on one persistent connection (asyncio streams): the request
    is written in one piece and the response read to its last byte. It costs the benchmark
    process about a sixth of httpx's CPU per request (0.17 vs 1.0 ms), so the latency it
    reports is more the server's and less the client's own (both share the two cores)."""

    def __init__(self, url: str, headers: dict[str, str]):
        host, _, port = url.removeprefix("http://").partition(":")
        self.host, self.port = host, int(port or 80)
        self.head = "".join(f"{k}: {v}\r\n" for k, v in {"Host": f"{host}:{self.port}",
                                                          **headers}.items())
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.used = 0.0

    async def post(self, path: str, body: dict) -> tuple[int, dict | None, bytes]:
        """(status, the JSON body or None, the raw body). Never sends a request twice: a
        connection idle for longer than the server keeps one alive is replaced first."""
        data = json.dumps(body).encode()
        request = (f"POST {path} HTTP/1.1\r\n{self.head}Content-Type: application/json\r\n"
                   f"Content-Length: {len(data)}\r\n\r\n").encode() + data
        if self.writer is not None and time.monotonic() - self.used > IDLE_SECONDS:
            await self.aclose()
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            self.writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP,
                                                            socket.TCP_NODELAY, 1)
        assert self.reader is not None
        try:
            self.writer.write(request)
            status_line = await self.reader.readline()
            if not status_line:
                raise ConnectionResetError("the server closed the connection")
            return await self._response(status_line)
        except BaseException:
            await self.aclose()
            raise
        finally:
            self.used = time.monotonic()

    async def _response(self, status_line: bytes) -> tuple[int, dict | None, bytes]:
        assert self.reader is not None
        status = int(status_line.split(b" ", 2)[1])
        length, close = 0, False
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"connection" and value.strip().lower() == b"close":
                close = True
            elif name == b"transfer-encoding":
                raise ValueError("chunked responses are not expected from /v1/turns")
        raw = await self.reader.readexactly(length)
        if close:
            await self.aclose()
        try:
            return status, json.loads(raw), raw
        except ValueError:
            return status, None, raw

    async def aclose(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(ConnectionError):
                await self.writer.wait_closed()
        self.reader = self.writer = None


class HttpxConnection:
    """The same interface over httpx.AsyncClient (the client of the earlier rounds)."""

    def __init__(self, url: str, headers: dict[str, str]):
        self.http = httpx.AsyncClient(base_url=url, headers=headers, timeout=60)

    async def post(self, path: str, body: dict) -> tuple[int, dict | None, bytes]:
        r = await self.http.post(path, json=body)
        try:
            return r.status_code, r.json(), r.content
        except ValueError:
            return r.status_code, None, r.content

    async def aclose(self) -> None:
        await self.http.aclose()


class Client:
    def __init__(self, index: int, url: str, key: str, users: int, kind: str = "raw",
                 mix: dict[str, int] | None = None):
        self.index = index
        self.user = f"user{index % users}"
        self.rng = random.Random(index)
        connection = Connection if kind == "raw" else HttpxConnection
        self.http = connection(url, {"Authorization": f"Bearer {key}"})
        self.mix = mix or MIX
        self.stored: list[str] = []
        self.n = 0

    def next_turn(self) -> tuple[str, dict]:
        kind = self.rng.choices(list(self.mix), weights=list(self.mix.values()))[0]
        if kind == "duplicate" and not self.stored:
            kind = "store"
        if kind in ("store", "queued"):
            self.n += 1
            fact = _fact(self.rng, self.index * 100000 + self.n)
            text, wait = f"Remember that {fact}", kind == "store"
        elif kind == "duplicate":
            text, wait = f"Remember that {self.rng.choice(self.stored)}", True
        elif kind == "list":
            text, wait = "What do you remember about me?", True
        else:
            text = self.rng.choice(PASSTHROUGH).format(w=self.rng.choice(WORDS + NOUNS),
                                                       n=self.rng.randrange(2, 1000))
            wait = True
        return kind, {"text": text, "user_id": self.user, "wait": wait}


async def _run_client(client: Client, state: dict, think: float) -> None:
    while state["sent"] < state["limit"] and time.perf_counter() < state["deadline"]:
        state["sent"] += 1
        kind, body = client.next_turn()
        started = time.perf_counter()
        try:
            status, data, raw = await asyncio.wait_for(client.http.post("/v1/turns", body), 60)
            ok = status == (202 if not body["wait"] else 200) and data is not None
        except (OSError, ValueError, asyncio.TimeoutError, httpx.HTTPError) as exc:
            ok, data, status = False, None, None
            state["errors"].append(f"{kind}: {type(exc).__name__}: {exc}")
        elapsed = (time.perf_counter() - started) * 1000
        state["latency"][kind].append(elapsed)
        if not ok:
            if status is not None:
                state["errors"].append(f"{kind}: HTTP {status}: {raw[:200]!r}")
        elif kind in ("store", "queued", "duplicate"):
            reply = data if body["wait"] else data["reply"]
            for outcome in reply["outcomes"]:
                state["outcomes"].append((client.user, kind, outcome, None if body["wait"]
                                          else data["queue_id"]))
                if kind == "store" and outcome["status"] == "stored":
                    client.stored.append(outcome["content"])
        if think:
            await asyncio.sleep(client.rng.uniform(0.5 * think, 1.5 * think))


async def _load(url: str, key: str, args: argparse.Namespace) -> dict:
    state: dict = {"sent": 0, "limit": args.requests, "deadline": time.perf_counter() + args.seconds,
                   "latency": defaultdict(list), "errors": [], "outcomes": []}
    clients = [Client(i, url, key, args.users, args.client, args.mix) for i in range(args.clients)]
    started = time.perf_counter()
    await asyncio.gather(*(_run_client(c, state, args.think) for c in clients))
    state["wall"] = time.perf_counter() - started
    for c in clients:
        await c.http.aclose()
    return state


def _check(url: str, key: str, state: dict, users: int) -> dict:
    """Every fact accounted for, after the queue drained."""
    headers = {"Authorization": f"Bearer {key}"}
    with httpx.Client(base_url=url, headers=headers, timeout=60) as http:
        final: dict[str, dict] = {}
        queue_ids = {(u, q) for u, _, _, q in state["outcomes"] if q}
        deadline = time.monotonic() + 180
        pending = set(queue_ids)
        while pending and time.monotonic() < deadline:
            for user, queue_id in list(pending):
                result = http.get(f"/v1/users/{user}/queue/{queue_id}").json()
                if all(o["status"] != "queued" for o in result["outcomes"]):
                    for o in result["outcomes"]:
                        final[f"{queue_id}:{o['content']}"] = o
                    pending.discard((user, queue_id))
            if pending:
                time.sleep(0.5)
        rows = {u: {m["id"]: m["content"] for m in http.get(f"/v1/users/user{u}/export").json()}
                for u in range(users)}
    by_user = {f"user{u}": ids for u, ids in rows.items()}
    lost, counts = [], defaultdict(int)
    for user, _kind, outcome, queue_id in state["outcomes"]:
        if queue_id and outcome["status"] == "queued":
            outcome = final.get(f"{queue_id}:{outcome['content']}", {"status": "still queued"})
        counts[outcome["status"]] += 1
        status = outcome["status"]
        if status == "stored" and outcome["id"] not in by_user[user]:
            lost.append(("stored but no row", outcome))
        elif status == "skipped" and outcome.get("duplicate_of") not in by_user[user]:
            lost.append(("skipped as a duplicate of no row", outcome))
        elif status not in ("stored", "skipped", "failed"):
            lost.append((status, outcome))
    contents = [c.lower().strip(" .") for ids in rows.values() for c in ids.values()]
    return {"rows": sum(len(ids) for ids in rows.values()), "outcomes": dict(counts),
            "lost": lost, "duplicated": len(contents) - len(set(contents)),
            "stored_outcomes": counts["stored"], "queue_timeouts": len(pending)}


def _cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of the server and its worker processes: what a turn costs,
    whatever else the shared machine is doing (latency under load is not that)."""
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(c) for c in children.read_text().split()]
    total = 0
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def _mix(text: str) -> dict[str, int]:
    mix = {}
    for part in text.split(","):
        kind, _, weight = part.partition("=")
        if kind.strip() not in MIX or not weight.strip().isdigit():
            raise argparse.ArgumentTypeError(f"{part!r}: use KIND=WEIGHT with a kind of {list(MIX)}")
        mix[kind.strip()] = int(weight)
    return mix


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serving(workers: int, embed: str | None) -> Iterator[tuple[subprocess.Popen, str, str]]:
    """`iris serve` on a free loopback port and a fresh SQLite file, warmed up: (the
    process, its URL, a tenant key). Stopped on leaving."""
    from iris.config import load_settings
    from iris.server.keys import KeyStore

    tmp = Path(tempfile.mkdtemp(prefix="iris-bench-http-"))
    db_url = f"sqlite:///{tmp / 'iris.db'}"
    key = KeyStore.open(db_url).create("bench")[1]
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("IRIS_DB_URL", "PROMETHEUS_MULTIPROC_DIR")}
    env.pop("IRIS_LLM_MODEL", None)  # offline extraction: no model server in a loopback benchmark
    env.update({"IRIS_HOME": str(load_settings().home), "HF_HUB_OFFLINE": "1",
                "TRANSFORMERS_OFFLINE": "1", "OPENBLAS_NUM_THREADS": "1"})
    if embed:
        env["IRIS_EMBED_MODEL"] = embed
    log = open(tmp / "serve.log", "w")  # noqa: SIM115
    server = subprocess.Popen([sys.executable, "-c", "from iris.cli import main; main()", "serve",
                               "--port", str(port), "--workers", str(workers), "--db", db_url],
                              env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.5)
        else:
            raise SystemExit(f"server did not start: {(tmp / 'serve.log').read_text()}")
        time.sleep(3)  # every worker warms up (models load in the lifespan)
        yield server, url, key
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--users", type=int, default=4, help="users the clients share")
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=0.1, help="seconds between a client's turns")
    parser.add_argument("--embed", default=None, help="IRIS_EMBED_MODEL (e.g. hashing); default MiniLM")
    parser.add_argument("--client", choices=("raw", "httpx"), default="raw",
                        help="raw: one kept-alive HTTP/1.1 connection per client on asyncio streams "
                             "(light); httpx: httpx.AsyncClient (about 1 ms more CPU per request)")
    parser.add_argument("--mix", type=_mix, default=MIX,
                        help="turn kinds and weights, e.g. passthrough=1 (default: "
                             + ",".join(f"{k}={w}" for k, w in MIX.items()) + ")")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    with serving(args.workers, args.embed) as (server, url, key):
        load_before, cpu_before = os.getloadavg(), _cpu_seconds(server.pid)
        state = asyncio.run(_load(url, key, args))
        load_after, cpu_after = os.getloadavg(), _cpu_seconds(server.pid)
        check = _check(url, key, state, args.users)
    report = {"clients": args.clients, "workers": args.workers, "think_s": args.think,
              "embed": args.embed or "MiniLM (onnx)", "turns": state["sent"],
              "seconds": round(state["wall"], 1),
              "throughput_per_s": round(state["sent"] / state["wall"], 1),
              "server_cpu_ms_per_turn": round((cpu_after - cpu_before) * 1000 / max(state["sent"], 1), 2),
              "errors": len(state["errors"]), "first_errors": state["errors"][:5],
              "loadavg_before": [round(x, 2) for x in load_before],
              "loadavg_after": [round(x, 2) for x in load_after], "kinds": {}, **check}
    report["lost"] = len(check["lost"])
    for kind, samples in sorted(state["latency"].items()):
        samples.sort()
        report["kinds"][kind] = {"n": len(samples), "p50_ms": round(statistics.median(samples), 1),
                                 "p99_ms": round(samples[min(len(samples) - 1,
                                                             int(0.99 * len(samples)))], 1)}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{report['turns']} turns in {report['seconds']} s = {report['throughput_per_s']}/s; "
          f"{args.clients} clients, think {args.think} s, {args.workers} workers, "
          f"embeddings {report['embed']}; load average {load_before[0]:.2f} -> {load_after[0]:.2f}; "
          f"server CPU {report['server_cpu_ms_per_turn']} ms per turn (queue work included)")
    print(f"{'kind':<12} {'n':>6} {'p50 ms':>8} {'p99 ms':>8}")
    for kind, k in report["kinds"].items():
        print(f"{kind:<12} {k['n']:>6} {k['p50_ms']:>8} {k['p99_ms']:>8}")
    print(f"errors {report['errors']}; outcomes {check['outcomes']}; rows {check['rows']}; "
          f"lost {report['lost']}; stored twice {check['duplicated']}; "
          f"queue not drained {check['queue_timeouts']}")
    for line in state["errors"][:5]:
        print("  error:", line)
    for problem in check["lost"][:5]:
        print("  lost:", problem)


if __name__ == "__main__":
    main()
