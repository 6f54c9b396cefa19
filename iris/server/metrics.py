"""Prometheus metrics of the HTTP service (prometheus_client), and the ASGI middleware that
records them and enforces the request body limit.

With several worker processes each one has its own counters; `iris serve --workers N` sets
PROMETHEUS_MULTIPROC_DIR (a fresh folder) before the workers start, so prometheus_client
writes them to files there and `/metrics` adds them up, whichever worker answers."""

from __future__ import annotations

import os
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from starlette.exceptions import HTTPException

from iris.types import Reply

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY_BYTES = 256 * 1024  # a 40,000-character message in JSON, with room to spare

REQUESTS = Counter("iris_http_requests_total", "HTTP requests answered.",
                   ["method", "route", "status"])
LATENCY = Histogram("iris_http_request_duration_seconds", "Time to answer a request, per route.",
                    ["method", "route"],
                    buckets=(.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10))
ITEMS = Counter("iris_memory_items_total",
                "Memory items of turns, by outcome (stored, skipped, failed, queued).", ["status"])


def count_outcomes(reply: Reply) -> None:
    for outcome in reply.outcomes:
        ITEMS.labels(outcome.status).inc()


def exposition() -> tuple[bytes, str]:
    """The metrics text: this process's, or every worker's when they share a folder."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return generate_latest(registry), CONTENT_TYPE_LATEST
    return generate_latest(), CONTENT_TYPE_LATEST


_TOO_LARGE = (b'{"error":{"code":"body_too_large","message":"the request body is larger than '
              + str(MAX_BODY_BYTES).encode() + b' bytes"}}')


class BodyTooLarge(HTTPException):
    """An HTTPException, so FastAPI's body reading passes it on (it turns other exceptions
    there into a 400) and the app's handler answers 413 in the one error shape."""

    def __init__(self) -> None:
        super().__init__(413, f"the request body is larger than {MAX_BODY_BYTES} bytes")


class Instrumented:
    """Pure ASGI middleware (no per-request task, unlike BaseHTTPMiddleware): refuses bodies
    over MAX_BODY_BYTES with 413, whether Content-Length says so or the stream does, and
    records every answer's status and latency under its route template (bounded labels)."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500
        sent = False
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > MAX_BODY_BYTES:
                await _reply_too_large(send)
                self._record(scope, 413, started)
                return
        seen = 0

        async def limited_receive() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY_BYTES:
                raise BodyTooLarge()
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal status, sent
            if message["type"] == "http.response.start":
                status, sent = message["status"], True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except BodyTooLarge:
            if sent:
                raise
            status = 413
            await _reply_too_large(send)
        finally:
            self._record(scope, status, started)

    @staticmethod
    def _record(scope: Scope, status: int, started: float) -> None:
        route = scope.get("route")
        template = getattr(route, "path", None) or "unmatched"
        method = scope.get("method", "")
        LATENCY.labels(method, template).observe(time.perf_counter() - started)
        REQUESTS.labels(method, template, str(status)).inc()


async def _reply_too_large(send: Send) -> None:
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(_TOO_LARGE)).encode())]})
    await send({"type": "http.response.body", "body": _TOO_LARGE})
