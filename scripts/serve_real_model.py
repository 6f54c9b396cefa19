"""Serve a GGUF model over llama.cpp's OpenAI-compatible HTTP API (xllamacpp), on 127.0.0.1.

For the opt-in real-model checks of issue 10 only; fetch the server package and the model
first with scripts/fetch_real_model.sh, which prints the command line, e.g.

    PYTHONPATH=~/.cache/iris/realmodel/site nice -n 10 .venv/bin/python \\
        scripts/serve_real_model.py --model ~/.cache/iris/realmodel/qwen2.5-coder-0.5b-instruct-q4.gguf

then point Iris at it: IRIS_LLM_MODEL=openai/local IRIS_LLM_API_BASE=http://127.0.0.1:8765/v1
(tests: IRIS_TEST_REALMODEL_URL=http://127.0.0.1:8765/v1 pytest -m realmodel).

One thread by default: on a 2-core shared machine one thread decodes far faster than two.
Prints the address once the model is loaded, then serves until interrupted."""

from __future__ import annotations

import argparse
import signal
import sys
import time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", required=True, help="path to the .gguf file")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--ctx", type=int, default=4096, help="context window (tokens)")
    parser.add_argument("--max-tokens", type=int, default=512,
                        help="cap on generated tokens per request")
    args = parser.parse_args(argv)

    import xllamacpp

    params = xllamacpp.CommonParams()
    params.model.path = args.model
    params.hostnames = ["127.0.0.1"]
    params.port = args.port
    params.n_ctx = args.ctx
    params.n_parallel = 1
    params.n_predict = args.max_tokens
    params.cpuparams.n_threads = args.threads
    params.cpuparams_batch.n_threads = args.threads
    params.n_threads_http = 1
    params.sampling.temp = 0.0  # deterministic replies: a run can be repeated
    params.use_jinja = True  # the model's own chat template, tools included
    server = xllamacpp.Server(params)
    print(f"serving {args.model} at {server.listening_address}/v1", flush=True)

    stop = False

    def _stop(*_: object) -> None:
        nonlocal stop
        stop = True

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    while not stop:
        time.sleep(0.5)
    del server
    return 0


if __name__ == "__main__":
    sys.exit(main())
