"""Proxy overhead of POST /v1/chat/completions: what Iris adds to a forwarded turn.

An `iris serve` subprocess forwards to the scripted loopback upstream of tests/llm_server.py.
The official `openai` client sends the same forwarded (non-memory) message, alternately,
straight to the upstream and through Iris; the difference of the medians is what Iris adds
(HTTP, key check, the pipeline's direct + intent stages, recall over the user's memories,
litellm). Streamed turns are timed to the last chunk and to the first content chunk.
Memory turns (answered by Iris alone) are timed too.

    python benchmarks/bench_openai.py                 # MiniLM (ONNX), 200 pairs, 50 memories
    python benchmarks/bench_openai.py --embed hashing --pairs 100 --stream

Timings depend on the machine's load: the script prints `uptime` with the figures."""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import openai

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from llm_server import LLMServer, text_reply  # noqa: E402  (the test helper, not a package)

FACTS = ["I am allergic to peanuts", "my sister Ana lives in Porto", "I run on Tuesdays",
         "my doctor is Dr Silva", "I prefer window seats", "my cat is called Tom",
         "I work as a nurse", "I am learning Japanese", "my birthday is in May", "I live in Lisbon"]
QUESTION = "Suggest a dinner recipe without peanuts for tonight"


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(home: Path, upstream: LLMServer, embed: str | None, model: str) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("IRIS_")}
    env.update({"IRIS_HOME": str(home), "IRIS_LLM_MODEL": model,
                "IRIS_LLM_API_BASE": upstream.api_base, "IRIS_LLM_API_KEY": "bench",
                "IRIS_LLM_RETRIES": "0", "PYTHONPATH": str(ROOT),
                "LITELLM_LOCAL_MODEL_COST_MAP": "True", "OPENBLAS_NUM_THREADS": "1"})
    if embed:
        env["IRIS_EMBED_MODEL"] = embed
    log = open(home / "serve.log", "w")  # noqa: SIM115 (lives as long as the process)
    process = subprocess.Popen([sys.executable, "-c", "from iris.cli import main; main()", "serve",
                                "--no-auth", "--port", str(port)], env=env, stdout=log,
                               stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(900):
        if process.poll() is not None:
            raise SystemExit((home / "serve.log").read_text())
        try:
            if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                return process, url
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    process.kill()
    raise SystemExit("iris serve did not become ready")


def _time(call) -> float:
    started = time.perf_counter()
    call()
    return (time.perf_counter() - started) * 1000


def _consume(stream, first: list[float], started: float) -> None:
    """Read the whole stream; the ms from `started` (the request) to the first content chunk
    replace the -1 placeholder at the end of `first`."""
    for chunk in stream:
        if not first or first[-1] < 0:
            if chunk.choices and chunk.choices[0].delta.content:
                first[-1:] = [(time.perf_counter() - started) * 1000]


def _stats(name: str, values: list[float]) -> str:
    q = statistics.quantiles(values, n=10)
    return f"{name:<34} p50 {statistics.median(values):7.2f} ms   p90 {q[-1]:7.2f} ms   n={len(values)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--memories", type=int, default=50)
    parser.add_argument("--embed", default=None, help="IRIS_EMBED_MODEL (default: MiniLM ONNX)")
    parser.add_argument("--home", type=Path, default=None, help="IRIS_HOME (default: a temp dir)")
    parser.add_argument("--stream", action="store_true", help="also time streamed turns")
    parser.add_argument("--model", default="openai/scripted",
                        help="IRIS_LLM_MODEL naming the fake upstream: litellm's per-call cost lookup "
                             "differs for a model in its price list (openai/gpt-4o-mini)")
    args = parser.parse_args()
    home = args.home or Path(tempfile.mkdtemp(prefix="iris-bench-openai-"))
    home.mkdir(parents=True, exist_ok=True)
    with LLMServer() as upstream:
        process, url = _start(home, upstream, args.embed, args.model)
        try:
            run(args, url, upstream)
        finally:
            process.terminate()
            process.wait(timeout=30)


def run(args: argparse.Namespace, url: str, upstream: LLMServer) -> None:
    direct = openai.OpenAI(base_url=upstream.api_base, api_key="bench", max_retries=0)
    proxy = openai.OpenAI(base_url=f"{url}/v1", api_key="unused", max_retries=0)
    user = f"bench{int(time.time())}"
    messages = [{"role": "system", "content": "You are a helpful cook."},
                {"role": "user", "content": QUESTION}]

    def memory_turn(text: str):
        return proxy.chat.completions.create(model="iris", user=user,
                                             messages=[{"role": "user", "content": text}])

    store = []
    for i in range(args.memories):
        fact = FACTS[i % len(FACTS)] + ("" if i < len(FACTS) else f" (note {i})")
        store.append(_time(lambda f=fact: memory_turn(f"Remember that {f}")))

    last: list = []
    firsts: dict[bool, list[float]] = {False: [], True: []}  # through Iris? -> first-chunk ms

    def ask(client: openai.OpenAI, stream: bool = False):
        upstream.enqueue(text_reply("Try a lentil curry with rice and a green salad."))
        started = time.perf_counter()
        result = client.chat.completions.create(model="scripted", user=user, messages=messages,
                                                stream=stream)
        if stream:
            firsts[client is proxy].append(-1.0)
            _consume(result, firsts[client is proxy], started)
        last[:] = [result]
        return result

    check = ask(proxy)
    injected = check.model_extra["iris"]["memories_injected"]
    assert check.model_extra["iris"]["answered_by"] == "upstream", check.model_extra
    for _ in range(10):  # warm both paths
        ask(direct), ask(proxy)
    stages: dict[str, list[float]] = {}

    modes = [False, True] if args.stream else [False]
    results: dict[str, list[float]] = {}
    for stream in modes:
        tag = " (stream)" if stream else ""
        d, p = [], []
        for _ in range(args.pairs):
            d.append(_time(lambda s=stream: ask(direct, s)))
            p.append(_time(lambda s=stream: ask(proxy, s)))
            if not stream:
                for name, ms in last[0].model_extra["iris"]["timings_ms"].items():
                    stages.setdefault(f"  inside Iris: {name}", []).append(ms)
        results[f"upstream direct{tag}"] = d
        results[f"through Iris{tag}"] = p
        results[f"added by Iris (paired){tag}"] = [b - a for a, b in zip(d, p, strict=True)]
        if stream:
            direct_first, proxy_first = firsts[False][-args.pairs:], firsts[True][-args.pairs:]
            results["first chunk: upstream direct"] = direct_first
            results["first chunk: through Iris"] = proxy_first
            results["first chunk: added (paired)"] = [
                b - a for a, b in zip(direct_first, proxy_first, strict=True)]
    lists = [_time(lambda: memory_turn("What do you remember about me?")) for _ in range(30)]

    print(f"uptime: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")
    print(f"embedder: {args.embed or 'MiniLM (onnx)'}; {args.memories} memories stored for the user, "
          f"{injected} injected into the forwarded prompt")
    print(_stats("memory turn: store (Iris only)", store))
    print(_stats("memory turn: list (Iris only)", lists))
    for name, values in {**results, **stages}.items():
        print(_stats(name, values))
    for stream in modes:
        tag = " (stream)" if stream else ""
        added = statistics.median(results[f"through Iris{tag}"]) - \
            statistics.median(results[f"upstream direct{tag}"])
        print(f"p50 added by Iris{tag}: {added:.2f} ms (target <= 15 ms)")


if __name__ == "__main__":
    main()
