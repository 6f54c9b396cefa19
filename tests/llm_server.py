"""A scripted OpenAI-compatible chat-completions server on 127.0.0.1, for tests that go
through the real litellm HTTP path. Standard library only.

    from llm_server import llm_server  # noqa: F401  (the pytest fixture)

    def test_x(llm_server, settings):
        llm_server.enqueue(tool_reply("store_memory", {"memories": [...]}))
        s = settings.model_copy(update=llm_server.settings_update())
        ...
        assert llm_server.requests[0]["tools"][0]["function"]["name"] == "store_memory"

Replies are served in order; each is built by one of the helpers below. With nothing queued
the server answers HTTP 500, so a test that forgot to script a reply fails loudly. A request
with `"stream": true` gets a 200 text reply as server-sent events, one chunk per word (and
a usage chunk when `stream_options.include_usage` asks for it)."""

from __future__ import annotations

import json
import re
import threading
import time
from collections import deque
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest


@dataclass(frozen=True)
class ScriptedReply:
    status: int = 200
    body: Any = None  # a JSON-able object, or a str sent verbatim
    delay: float = 0.0  # seconds to wait before answering (timeouts)


def _completion(message: dict, finish_reason: str) -> dict:
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": "scripted",
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20},
    }


def tool_reply(name: str, arguments: dict | str, *more: tuple[str, dict | str]) -> ScriptedReply:
    """An assistant message with one or more tool calls. A str `arguments` is sent verbatim,
    which is how a test sends damaged JSON."""
    calls = []
    for index, (call_name, args) in enumerate(((name, arguments), *more)):
        calls.append({
            "id": f"call_{index}",
            "type": "function",
            "function": {"name": call_name,
                         "arguments": args if isinstance(args, str) else json.dumps(args)},
        })
    message = {"role": "assistant", "content": None, "tool_calls": calls}
    return ScriptedReply(body=_completion(message, "tool_calls"))


def sse_chunks(completion: dict, include_usage: bool) -> list[dict]:
    """A completion as the chunks a streaming server sends: the role, one chunk per word of
    the content, the finish reason, then (if asked) the usage with no choices."""
    choice = completion["choices"][0]
    head = {k: completion[k] for k in ("id", "created", "model")}

    def chunk(delta: dict, finish: str | None = None) -> dict:
        return {**head, "object": "chat.completion.chunk",
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

    words = re.findall(r"\S+\s*", choice["message"].get("content") or "")
    chunks = [chunk({"role": "assistant", "content": ""}), *(chunk({"content": w}) for w in words),
              chunk({}, choice["finish_reason"])]
    if include_usage:
        chunks.append({**head, "object": "chat.completion.chunk", "choices": [],
                       "usage": completion["usage"]})
    return chunks


def text_reply(content: str) -> ScriptedReply:
    return ScriptedReply(body=_completion({"role": "assistant", "content": content}, "stop"))


def error_reply(status: int = 500, message: str = "scripted server error") -> ScriptedReply:
    return ScriptedReply(status=status, body={"error": {"message": message, "type": "server_error"}})


def slow_reply(seconds: float, reply: ScriptedReply | None = None) -> ScriptedReply:
    reply = reply or text_reply("too late")
    return ScriptedReply(status=reply.status, body=reply.body, delay=seconds)


class _Handler(BaseHTTPRequestHandler):
    disable_nagle_algorithm = True  # small JSON replies otherwise wait ~40 ms for an ACK
    protocol_version = "HTTP/1.1"
    server: _Server

    def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        try:
            request = json.loads(raw or b"{}")
        except json.JSONDecodeError:
            request = {"_unparsed": raw.decode("utf-8", "replace")}
        script = self.server.script
        script.requests.append({"path": self.path, **request})
        if not self.path.rstrip("/").endswith("/chat/completions"):
            return self._send(ScriptedReply(status=404, body={"error": {"message": "not found"}}))
        reply = script.next_reply()
        if reply.delay:
            time.sleep(reply.delay)
        if request.get("stream") and reply.status == 200 and isinstance(reply.body, dict):
            include_usage = bool((request.get("stream_options") or {}).get("include_usage"))
            return self._send_events(sse_chunks(reply.body, include_usage))
        self._send(reply)

    def _send_events(self, chunks: list[dict]) -> None:
        try:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Connection", "close")  # the end of the body ends the stream
            self.end_headers()
            for chunk in chunks:
                self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                self.wfile.flush()
            self.wfile.write(b"data: [DONE]\n\n")
            self.wfile.flush()
            self.close_connection = True
        except (BrokenPipeError, ConnectionResetError):
            pass

    def _send(self, reply: ScriptedReply) -> None:
        body = reply.body if isinstance(reply.body, str) else json.dumps(reply.body)
        data = body.encode()
        try:
            self.send_response(reply.status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout test)

    def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
        pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    script: LLMServer


class LLMServer:
    """The running server: `enqueue` replies, read `requests`, `api_base` for litellm."""

    def __init__(self) -> None:
        self._replies: deque[ScriptedReply] = deque()
        self._lock = threading.Lock()
        self.requests: list[dict] = []
        self._httpd = _Server(("127.0.0.1", 0), _Handler)  # port 0: any free port
        self._httpd.script = self
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def port(self) -> int:
        return self._httpd.server_address[1]

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def settings_update(self, model: str = "openai/scripted", timeout: float = 5.0,
                        retries: int = 0) -> dict:
        """Fields for `settings.model_copy(update=...)` that point Iris at this server."""
        return {"llm_model": model, "llm_api_base": self.api_base, "llm_api_key": "test",
                "llm_timeout": timeout, "llm_retries": retries}

    def enqueue(self, *replies: ScriptedReply) -> LLMServer:
        with self._lock:
            self._replies.extend(replies)
        return self

    def next_reply(self) -> ScriptedReply:
        with self._lock:
            if self._replies:
                return self._replies.popleft()
        return error_reply(500, "llm_server: no reply queued")

    def start(self) -> LLMServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> LLMServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


@pytest.fixture
def llm_server():
    with LLMServer() as server:
        yield server
