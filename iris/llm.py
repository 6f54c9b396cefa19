"""The language-model boundary: the ONLY module that imports litellm.

litellm is imported lazily, inside `LiteLLMClient.complete`, because it takes seconds to import
and a fast-path turn or `iris --help` should not pay for it. Its exceptions are mapped to the
`LLMError` subclasses in iris/errors.py, so nothing above this module knows litellm exists.

`LiteLLMClient.chat` and `.chat_stream` pass a Chat Completions request through to the model
as it is (the OpenAI-compatible endpoint, iris/server/openai_compat.py) and hand back the
completion, or its chunks, as OpenAI-shaped dicts.

`ScriptedLLM` is the test double: it replays queued replies and records every request."""

from __future__ import annotations

import json
import os
from collections import deque
from collections.abc import Iterator
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, Field

from iris.errors import (
    LLMError,
    LLMRateLimitError,
    LLMResponseError,
    LLMTimeoutError,
    LLMUnavailableError,
)
from iris.types import ToolCall


class LLMResponse(BaseModel):
    """One assistant message. `tool_calls[i].arguments` is the parsed JSON object, or {} when
    the model sent something that is not a JSON object; `raw_arguments[i]` is always the exact
    string the model sent, so a caller can try to repair it."""

    content: str | None = None
    tool_calls: list[ToolCall] = Field(default_factory=list)
    raw_arguments: list[str] = Field(default_factory=list)
    model: str = ""

    @classmethod
    def with_tool_call(cls, name: str, arguments: dict | str, *, model: str = "scripted",
                       content: str | None = None) -> LLMResponse:
        """A reply holding one tool call; `arguments` may be a dict or the raw string."""
        raw = arguments if isinstance(arguments, str) else json.dumps(arguments)
        return cls(content=content, tool_calls=[_tool_call(name, raw)], raw_arguments=[raw],
                   model=model)


def _tool_call(name: str, raw: str) -> ToolCall:
    try:
        parsed = json.loads(raw) if raw else {}
    except (json.JSONDecodeError, RecursionError):  # the extractor reports the raw text
        parsed = {}
    return ToolCall(name=name, arguments=parsed if isinstance(parsed, dict) else {})


class LLMClient(Protocol):
    def complete(self, messages: list[dict], *, tools: list[dict] | None = None,
                 tool_choice: Any = None, json_mode: bool = False) -> LLMResponse: ...


class LiteLLMClient:
    """Any litellm provider: "openai/gpt-4o-mini", "anthropic/...", "ollama/llama3.1", or
    "openai/<name>" with `llm_api_base` pointing at an OpenAI-compatible server."""

    def __init__(self, settings: Any):
        if not settings.llm_model:
            raise LLMUnavailableError("no language model configured (set IRIS_LLM_MODEL)")
        self.model: str = settings.llm_model
        self.api_base: str | None = settings.llm_api_base
        self.api_key: str | None = settings.llm_api_key
        self.timeout: float = settings.llm_timeout
        self.retries: int = settings.llm_retries

    def _kwargs(self, messages: list[dict]) -> dict[str, Any]:
        kwargs: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "timeout": self.timeout,
            # litellm retries `num_retries` times; the OpenAI SDK underneath has its own
            # retry loop (2 by default), switched off so `llm_retries` is the only one.
            "num_retries": self.retries,
            "max_retries": 0,
        }
        if self.api_base:
            kwargs["api_base"] = self.api_base
        if self.api_key:
            kwargs["api_key"] = self.api_key
        return kwargs

    def complete(self, messages: list[dict], *, tools: list[dict] | None = None,
                 tool_choice: Any = None, json_mode: bool = False) -> LLMResponse:
        litellm = _import_litellm()
        kwargs = self._kwargs(messages)
        if tools:
            kwargs["tools"] = tools
            if tool_choice is not None:
                kwargs["tool_choice"] = tool_choice
        if json_mode:
            kwargs["response_format"] = {"type": "json_object"}
        try:
            response = litellm.completion(**kwargs)
        except Exception as exc:  # every litellm/provider failure becomes an LLMError
            raise _map_error(exc, self.model, self.retries + 1) from exc
        return _to_response(response, self.model)

    def chat(self, messages: list[dict], params: dict[str, Any]) -> dict[str, Any]:
        """One Chat Completions call with the caller's `params` (temperature, tools, ...):
        the completion as an OpenAI-shaped dict. Raises an LLMError subclass."""
        litellm = _import_litellm()
        try:
            response = litellm.completion(**params, **self._kwargs(messages))
        except Exception as exc:
            raise _map_error(exc, self.model, self.retries + 1) from exc
        return _dump(response)

    def chat_stream(self, messages: list[dict], params: dict[str, Any]) -> Iterator[dict[str, Any]]:
        """The same call streamed: chunk dicts, the last one carrying the usage when the
        upstream reports it. The first chunk is read before this returns, so an unreachable
        or refusing upstream raises an LLMError here, before any byte goes to the client;
        a failure later raises from the iterator."""
        litellm = _import_litellm()
        try:
            stream = litellm.completion(**params, **self._kwargs(messages), stream=True,
                                        stream_options={"include_usage": True})
            chunks = iter(stream)
            first = next(chunks, None)
        except Exception as exc:
            raise _map_error(exc, self.model, self.retries + 1) from exc
        return self._rest(first, chunks)

    def _rest(self, first: Any, chunks: Iterator[Any]) -> Iterator[dict[str, Any]]:
        if first is None:
            return
        yield _dump(first)
        try:
            for chunk in chunks:
                yield _dump(chunk)
        except Exception as exc:
            raise _map_error(exc, self.model, self.retries + 1) from exc


@runtime_checkable
class ChatUpstream(Protocol):
    """What the OpenAI-compatible endpoint needs from the model behind it."""

    model: str

    def chat(self, messages: list[dict], params: dict[str, Any]) -> dict[str, Any]: ...

    def chat_stream(self, messages: list[dict], params: dict[str, Any]) -> Iterator[dict[str, Any]]: ...


def _dump(response: Any) -> dict[str, Any]:
    dumped = response.model_dump(exclude_none=True) if hasattr(response, "model_dump") else response
    if not isinstance(dumped, dict):
        raise LLMResponseError(f"unexpected response type {type(response).__name__}",
                               raw=_short(str(response), 2000))
    return dumped


def _import_litellm() -> Any:
    # Without this litellm fetches its price list from GitHub at import time.
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    litellm.suppress_debug_info = True
    return litellm


def _map_error(exc: Exception, model: str, attempts: int) -> LLMError:
    import litellm

    name = type(exc).__name__
    message = f"{model}: {name}: {_short(str(exc))}"
    # Order matters: litellm.Timeout subclasses the OpenAI APIConnectionError.
    if isinstance(exc, litellm.Timeout) or isinstance(exc, TimeoutError):
        cls: type[LLMError] = LLMTimeoutError
    elif isinstance(exc, litellm.RateLimitError):
        cls = LLMRateLimitError
    elif isinstance(exc, (litellm.BadRequestError, litellm.UnprocessableEntityError,
                          litellm.APIResponseValidationError, litellm.JSONSchemaValidationError)):
        # The server was reached and refused what we sent or returned something unusable.
        cls = LLMResponseError
    else:
        # Connection refused, DNS, auth, unknown model, HTTP 5xx, provider outage.
        cls = LLMUnavailableError
    return cls(message, model=model, attempts=attempts)


def _short(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _to_response(response: Any, model: str) -> LLMResponse:
    try:
        message = response.choices[0].message
    except (AttributeError, IndexError, TypeError) as exc:
        raise LLMResponseError(f"{model}: response has no message", model=model,
                               raw=_short(str(response), 2000)) from exc
    calls, raws = [], []
    for call in getattr(message, "tool_calls", None) or []:
        function = getattr(call, "function", None)
        name = getattr(function, "name", None)
        if not name:
            continue
        raw = getattr(function, "arguments", None)
        raw = raw if isinstance(raw, str) else json.dumps(raw or {})
        calls.append(_tool_call(name, raw))
        raws.append(raw)
    return LLMResponse(content=getattr(message, "content", None), tool_calls=calls,
                       raw_arguments=raws, model=getattr(response, "model", None) or model)


class ScriptedLLM:
    """Test double at the litellm boundary. `enqueue` replies (an LLMResponse, a string as
    the text content, or an LLMError instance to raise); every request lands in `history`."""

    def __init__(self, *replies: LLMResponse | str | LLMError, model: str = "scripted"):
        self.model = model
        self._replies: deque[LLMResponse | str | LLMError] = deque()
        self.history: list[dict] = []
        self.enqueue(*replies)

    def enqueue(self, *replies: LLMResponse | str | LLMError) -> ScriptedLLM:
        for reply in replies:
            if not isinstance(reply, (LLMResponse, str, LLMError)):
                raise TypeError(f"cannot script a {type(reply).__name__} reply")
            self._replies.append(reply)
        return self

    @property
    def pending(self) -> int:
        return len(self._replies)

    def drain(self) -> int:
        """Drop the replies nobody asked for; return how many there were."""
        unused = len(self._replies)
        self._replies.clear()
        return unused

    def complete(self, messages: list[dict], *, tools: list[dict] | None = None,
                 tool_choice: Any = None, json_mode: bool = False) -> LLMResponse:
        self.history.append({"messages": messages, "tools": tools, "tool_choice": tool_choice,
                             "json_mode": json_mode})
        if not self._replies:
            raise LLMUnavailableError("ScriptedLLM: no reply queued", model=self.model)
        reply = self._replies.popleft()
        if isinstance(reply, LLMError):
            raise reply
        if isinstance(reply, str):
            return LLMResponse(content=reply, model=self.model)
        return reply


def make_llm(settings: Any) -> LLMClient | None:
    """The configured client, or None when no model is configured (offline extraction)."""
    if not settings.llm_model:
        return None
    return LiteLLMClient(settings)
