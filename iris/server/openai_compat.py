"""`POST /v1/chat/completions`: an OpenAI-compatible chat endpoint with memory. Point any
OpenAI client at `http://HOST:PORT/v1` with a tenant key as its API key.

The last message, when it is the user's, goes through the pipeline first:

    memory action (store / list / forget)  Iris answers with the presenter's text; the
                                           upstream model is not called
    anything else                          forwarded to the upstream model (IRIS_LLM_MODEL,
                                           IRIS_LLM_API_BASE) through iris/llm.py, with the
                                           user's recalled memories (the `context` block of
                                           POST /v1/recall, delimited as data) appended to
                                           the system prompt

The user is the request's `user` field, else the `X-Iris-User` header, else "default"; the
key names the tenant, as on every route. Only the sampling and tool fields in FORWARDED go
upstream: a request cannot choose the upstream's address or key. Every response carries
`usage` (the upstream's token counts; zeros when Iris answered) and an `iris` block (route,
result lines, memories injected, per-stage milliseconds). Errors use OpenAI's shape,
`{"error": {"message", "type", "param", "code"}}`: an unreachable upstream is a 502 whose
message says so."""

# No `from __future__ import annotations`: the route is defined inside `register`, and FastAPI
# resolves its annotations (the app's `Tenant` dependency) when they are real objects.

import json
import logging
import time
import uuid
from collections.abc import Iterator
from typing import Any, Literal

from fastapi import FastAPI, Header, Request
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from iris.errors import InputError, LLMError, LLMRateLimitError, LLMTimeoutError
from iris.llm import ChatUpstream
from iris.pipeline import Pipeline
from iris.types import RecallResult, Reply

log = logging.getLogger("iris.server.openai")

# Request fields passed to the upstream model as they are; anything else is not forwarded.
FORWARDED = frozenset({
    "temperature", "top_p", "n", "max_tokens", "max_completion_tokens", "stop", "seed",
    "presence_penalty", "frequency_penalty", "logit_bias", "logprobs", "top_logprobs",
    "tools", "tool_choice", "parallel_tool_calls", "response_format", "reasoning_effort",
})
USER_HEADER = "X-Iris-User"
_NO_USAGE = {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="allow")  # name, tool_calls, tool_call_id, ... go upstream

    role: Literal["system", "developer", "user", "assistant", "tool", "function"]
    content: str | list[dict[str, Any]] | None = None


class ChatRequest(BaseModel):
    """The Chat Completions request. Fields not named here are accepted; only FORWARDED go
    upstream."""

    model_config = ConfigDict(extra="allow")

    model: str = Field(description="Echoed back on Iris's own answers; forwarded turns use "
                                   "the configured IRIS_LLM_MODEL.")
    messages: list[ChatMessage] = Field(min_length=1)
    stream: bool = False
    user: str | None = Field(None, description=f"Whose memories; else the {USER_HEADER} "
                                               f"header, else 'default'.")


class ChatError(Exception):
    """An error answered in OpenAI's shape."""

    def __init__(self, status: int, type_: str, message: str, code: str | None = None):
        super().__init__(message)
        self.status, self.type, self.code = status, type_, code or type_


def register(app: FastAPI) -> None:
    """Add the route to the app (one line in iris/server/app.py)."""
    from iris.server.app import Tenant, _service
    from iris.server.keys import namespace
    from iris.server.schemas import ErrorResponse

    errors: dict[int | str, dict[str, Any]] = {
        code: {"model": ErrorResponse, "description": text} for code, text in (
            (400, "Not JSON, a bad user or message, or not a memory action with no upstream "
                  "model configured"),
            (401, "No key, or a bad or revoked one"), (413, "Body too large"),
            (422, "Invalid request"), (429, "The upstream model is rate limiting"),
            (502, "The upstream model could not answer"), (503, "Database unreachable"),
            (504, "The upstream model timed out"))}
    ok = {"description": "A chat.completion object, or chat.completion.chunk events with "
                         "`stream: true`; both with `usage` and an `iris` block",
          "content": {"application/json": {"schema": {"type": "object"}},
                      "text/event-stream": {"schema": {"type": "string"}}}}

    @app.post("/v1/chat/completions", tags=["openai"], response_model=None,
              responses={200: ok, **errors})
    def chat_completions(body: ChatRequest, request: Request, tenant: Tenant,
                         x_iris_user: str | None = Header(None, alias=USER_HEADER)) -> Any:
        """OpenAI Chat Completions with memory (`stream: true` answers server-sent events)."""
        svc = _service(request)
        try:
            user = body.user or x_iris_user or "default"
            chat = ChatTurn(body, svc.pipeline, namespace(tenant, user), svc.settings.chat_recall_k)
            return chat.answer()
        except InputError as exc:
            return _error(ChatError(400, "invalid_request_error", str(exc)))
        except ChatError as exc:
            return _error(exc)
        except LLMError as exc:
            return _error(_upstream_error(exc))


class ChatTurn:
    """One request: run the pipeline on the last user message, then answer or forward."""

    def __init__(self, body: ChatRequest, pipeline: Pipeline, user_id: str, recall_k: int):
        self.body, self.pipeline, self.user_id, self.recall_k = body, pipeline, user_id, recall_k
        self.created = int(time.time())
        self.timings: dict[str, float] = {}  # ms: pipeline, recall, upstream (first chunk when streamed)

    def answer(self) -> JSONResponse | StreamingResponse:
        last = self.body.messages[-1]
        text = _text(last) if last.role == "user" else None
        started = time.perf_counter()
        reply = self.pipeline.handle(text, user_id=self.user_id) if text else None
        self._lap("pipeline", started)
        if reply is not None and reply.route != "passthrough":
            if reply.for_host and isinstance(self.pipeline.llm, ChatUpstream):
                # "remember X and remind me to Y": Iris did its part; the upstream answers
                # the rest, after Iris's reply.
                return self._forward(reply, said=reply.reply)
            return self._iris_answer(reply)
        return self._forward(reply)

    def _block(self, reply: Reply | None, recall: RecallResult | None, answered_by: str) -> dict:
        memories = recall.memories if recall else []
        return {"answered_by": answered_by, "route": reply.route if reply else "passthrough",
                "for_host": reply.for_host if reply else "",
                "results": list(reply.results) if reply else [],
                "memories_injected": len(memories), "memory_ids": [m.id for m in memories],
                "timings_ms": self.timings}

    def _lap(self, name: str, started: float) -> None:
        self.timings[name] = round((time.perf_counter() - started) * 1000, 3)

    def _iris_answer(self, reply: Reply) -> JSONResponse | StreamingResponse:
        iris = self._block(reply, None, "iris")
        ident = f"chatcmpl-iris-{uuid.uuid4().hex[:24]}"
        head = {"id": ident, "created": self.created, "model": self.body.model}
        if not self.body.stream:
            return JSONResponse({**head, "object": "chat.completion", "choices": [
                {"index": 0, "message": {"role": "assistant", "content": reply.reply},
                 "finish_reason": "stop"}], "usage": _NO_USAGE, "iris": iris})
        chunk = {**head, "object": "chat.completion.chunk"}
        events = [
            {**chunk, "choices": [{"index": 0, "delta": {"role": "assistant", "content": reply.reply},
                                   "finish_reason": None}]},
            {**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
            {**chunk, "choices": [], "usage": _NO_USAGE, "iris": iris},
        ]
        return _sse(iter(events))

    def _forward(self, reply: Reply | None, said: str = "") -> JSONResponse | StreamingResponse:
        """The conversation to the upstream model, with the user's memories. `said`: Iris's
        reply to the memory request of the last message; the upstream then gets only the
        message's other request (`Reply.for_host`) and its answer follows Iris's."""
        upstream = self.pipeline.llm
        if not isinstance(upstream, ChatUpstream):
            # A 4xx: the OpenAI client retries 5xx, and no retry fixes a missing model.
            raise ChatError(400, "invalid_request_error", "this message is not a memory action and "
                            "no upstream model is configured to answer it (set IRIS_LLM_MODEL)",
                            code="no_upstream_model")
        started = time.perf_counter()
        recall = self._recall()
        self._lap("recall", started)
        messages = [m.model_dump(exclude_none=True) for m in self.body.messages]
        if said and reply is not None:
            messages[-1] = {"role": "user", "content": reply.for_host}
        messages = _with_memories(messages, recall.context if recall else "")
        params = {k: v for k, v in (self.body.model_extra or {}).items() if k in FORWARDED}
        answered_by = "iris+upstream" if said else "upstream"
        started = time.perf_counter()
        if not self.body.stream:
            completion = upstream.chat(messages, params)
            self._lap("upstream", started)
            if said:
                completion = _after(said, completion)
            iris = self._block(reply, recall, answered_by)
            return JSONResponse({**completion, "usage": completion.get("usage") or _NO_USAGE,
                                 "iris": iris})
        chunks = upstream.chat_stream(messages, params)
        self._lap("upstream", started)
        return _sse(_passthrough(chunks, self._block(reply, recall, answered_by), said))

    def _recall(self) -> RecallResult | None:
        for message in reversed(self.body.messages):
            if message.role == "user" and (text := _text(message)):
                return self.pipeline.recall(text, user_id=self.user_id, k=self.recall_k)
        return None


def _text(message: ChatMessage) -> str | None:
    """The text of a message: its string content, or its text parts joined."""
    if isinstance(message.content, str):
        return message.content if message.content.strip() else None
    parts = [p.get("text") for p in message.content or [] if p.get("type") == "text"]
    joined = "\n".join(p for p in parts if isinstance(p, str))
    return joined if joined.strip() else None


def _with_memories(messages: list[dict[str, Any]], context: str) -> list[dict[str, Any]]:
    """The messages with the memory block appended to the first system prompt (a new one
    when there is none, or when that prompt is not plain text)."""
    if not context:
        return messages
    first = messages[0]
    if first.get("role") in ("system", "developer") and isinstance(first.get("content"), str):
        return [{**first, "content": f"{first['content']}\n\n{context}"}, *messages[1:]]
    return [{"role": "system", "content": context}, *messages]


def _after(said: str, completion: dict[str, Any]) -> dict[str, Any]:
    """The upstream's completion with Iris's reply before its first choice's text."""
    choices = [dict(c) for c in completion.get("choices") or []]
    if choices and isinstance(choices[0].get("message"), dict):
        message = dict(choices[0]["message"])
        message["content"] = f"{said}\n\n{message.get('content') or ''}".rstrip()
        choices[0]["message"] = message
    return {**completion, "choices": choices}


def _passthrough(chunks: Iterator[dict[str, Any]], iris: dict, said: str = "") -> Iterator[dict[str, Any]]:
    """The upstream's chunks as they come, without their usage, then one closing chunk with
    the usage (when the upstream reported it) and the `iris` block. `said` (Iris's reply to
    the message's memory request) comes first, in the upstream's first chunk."""
    usage: dict | None = None
    head: dict[str, Any] = {}
    try:
        for chunk in chunks:
            usage = chunk.pop("usage", None) or usage
            head = {k: chunk[k] for k in ("id", "created", "model") if k in chunk}
            if chunk.get("choices"):
                if said:
                    delta = chunk["choices"][0].get("delta") or {}
                    text = f"{said}\n\n{delta.get('content') or ''}"
                    chunk["choices"][0]["delta"] = {**delta, "content": text}
                    said = ""
                yield chunk
    except LLMError as exc:
        log.error("upstream failed mid-stream: %s", exc)
        yield _body(_upstream_error(exc))
        return
    yield {**head, "object": "chat.completion.chunk", "choices": [],
           "usage": usage or _NO_USAGE, "iris": iris}


def _sse(events: Iterator[dict[str, Any]]) -> StreamingResponse:
    def lines() -> Iterator[str]:
        for event in events:
            yield f"data: {json.dumps(event, ensure_ascii=False)}\n\n"
            if "error" in event:
                return
        yield "data: [DONE]\n\n"

    return StreamingResponse(lines(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache"})


def _upstream_error(exc: LLMError) -> ChatError:
    if isinstance(exc, LLMTimeoutError):
        return ChatError(504, "upstream_timeout", f"the upstream model did not answer in time: {exc}")
    if isinstance(exc, LLMRateLimitError):
        return ChatError(429, "upstream_rate_limited", f"the upstream model is rate limiting: {exc}")
    return ChatError(502, "upstream_unavailable", f"the upstream model could not answer: {exc}")


def _body(error: ChatError) -> dict[str, Any]:
    return {"error": {"message": str(error), "type": error.type, "param": None, "code": error.code}}


def _error(error: ChatError) -> JSONResponse:
    return JSONResponse(_body(error), status_code=error.status)
