"""Conversation replay: YAML fixtures of whole conversations run through the real pipeline.

    name: seed scenario
    user: alice                      # optional, default "replay"
    settings: {}                     # optional Settings overrides (e.g. embeddings: false)
    turns:
      - user: "Remember that I prefer window seats"
        llm:                         # optional: the scripted LLM replies this turn gets
          - tool_calls: [{name: store_memory, arguments: {memories: [...]}}]
          - content: '{"memories": [...]}'
          - error: timeout           # unavailable | timeout | rate_limit | bad_response
        expect:                      # every key optional
          route: direct              # direct | llm | offline | passthrough
          intent: memory_action
          tool: store_memory
          results: ["MEMORY_STORED count=1 skipped=0 failed=0"]   # exact
          result_pattern: "MEMORY_STORED count=1 .*"               # regex, full match on each line
          reply: "Got it, 1 memory saved."                         # exact
          reply_contains: ["1 memory"]
          errors_contain: ["timeout"]

A fixture with any `llm:` turn runs with a scripted LLM; the others run offline. Each
fixture gets a fresh database in a temporary folder."""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from iris.config import Settings
from iris.errors import InputError, IrisError


@dataclass
class TurnCheck:
    index: int
    text: str
    problems: list[str] = field(default_factory=list)
    reply: dict[str, Any] | None = None


@dataclass
class FixtureResult:
    path: Path
    name: str
    turns: list[TurnCheck]
    error: str | None = None

    @property
    def passed(self) -> bool:
        return self.error is None and not any(t.problems for t in self.turns)

    def problems(self) -> list[str]:
        out = [f"fixture: {self.error}"] if self.error else []
        return out + [f"turn {t.index + 1} ({t.text[:40]!r}): {p}" for t in self.turns for p in t.problems]


def find_fixtures(paths: list[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.rglob("*.y*ml"))
        elif path.is_file():
            found.append(path)
        else:
            raise InputError(f"no such fixture file or folder: {path}")
    return found


def load_fixture(path: Path) -> dict[str, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise InputError(f"{path}: not valid YAML: {exc}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("turns"), list) or not data["turns"]:
        raise InputError(f"{path}: a fixture needs a non-empty 'turns' list")
    return data


def run_fixture(path: Path, base: Settings, *, embedder: Any = None) -> FixtureResult:
    from iris.pipeline import Pipeline

    try:
        data = load_fixture(path)
    except InputError as exc:
        return FixtureResult(path, path.stem, [], error=str(exc))
    name = data.get("name", path.stem)
    scripted = any("llm" in t for t in data["turns"])
    llm = None
    overrides = dict(data.get("settings") or {})
    if scripted:
        from iris.llm import ScriptedLLM

        llm = ScriptedLLM()
        overrides.setdefault("llm_model", "scripted")
    checks: list[TurnCheck] = []
    with tempfile.TemporaryDirectory(prefix="iris-replay-") as tmp:
        settings = base.model_copy(update={"home": Path(tmp), "db_url": None, **overrides})
        pipeline = Pipeline(settings, llm=llm, embedder=embedder if settings.embeddings else None)
        try:
            for index, turn in enumerate(data["turns"]):
                checks.append(_run_turn(pipeline, llm, index, turn, data.get("user", "replay")))
        except IrisError as exc:
            return FixtureResult(path, name, checks, error=f"{type(exc).__name__}: {exc}")
        finally:
            pipeline.close()
    return FixtureResult(path, name, checks)


def _run_turn(pipeline: Any, llm: Any, index: int, turn: dict, user: str) -> TurnCheck:
    text = turn.get("user", "")
    check = TurnCheck(index, str(text))
    if llm is not None:
        llm.enqueue(*[_scripted_reply(r) for r in turn.get("llm") or []])
    expect = turn.get("expect") or {}
    try:
        reply = pipeline.handle(text, user_id=str(turn.get("user_id", user))).model_dump()
    except InputError as exc:
        wanted = expect.get("error_contains")
        if wanted is None or wanted.lower() not in str(exc).lower():
            check.problems.append(f"raised InputError: {exc}")
    else:
        check.reply = reply
        check.problems = _compare(expect, reply)
    # A scripted reply the turn never asked for must not leak into the next one, also when
    # the turn was refused before reaching the model.
    unused = llm.drain() if llm is not None else 0
    if unused:
        check.problems.append(f"{unused} scripted LLM reply(s) not used by this turn")
    return check


def _compare(expect: dict, reply: dict) -> list[str]:
    problems = []

    def differ(what: str, want: Any, got: Any) -> None:
        problems.append(f"{what}: expected {want!r}, got {got!r}")

    if "error_contains" in expect:
        problems.append(f"expected an InputError containing {expect['error_contains']!r}")
    if "route" in expect and reply["route"] != expect["route"]:
        differ("route", expect["route"], reply["route"])
    if "intent" in expect and reply["intent"]["name"] != expect["intent"]:
        differ("intent", expect["intent"], reply["intent"]["name"])
    if "tool" in expect:
        tools = [c["name"] for c in reply["tool_calls"]] or [reply["intent"]["tool"]]
        if expect["tool"] not in tools:
            differ("tool", expect["tool"], tools)
    if "results" in expect and reply["results"] != expect["results"]:
        differ("results", expect["results"], reply["results"])
    if "result_pattern" in expect:
        pattern = re.compile(expect["result_pattern"], re.S)
        if not reply["results"] or not all(pattern.fullmatch(r) for r in reply["results"]):
            differ("result_pattern", expect["result_pattern"], reply["results"])
    if "reply" in expect and reply["reply"] != expect["reply"]:
        differ("reply", expect["reply"], reply["reply"])
    for piece in _as_list(expect.get("reply_contains")):
        if piece.lower() not in reply["reply"].lower():
            differ("reply_contains", piece, reply["reply"])
    for piece in _as_list(expect.get("errors_contain")):
        if not any(piece.lower() in e.lower() for e in reply["errors"]):
            differ("errors_contain", piece, reply["errors"])
    if "tool_calls" in expect and len(reply["tool_calls"]) != expect["tool_calls"]:
        differ("number of tool calls", expect["tool_calls"], len(reply["tool_calls"]))
    return problems


def _as_list(value: Any) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def _scripted_reply(spec: dict) -> Any:
    from iris import errors
    from iris.llm import LLMResponse
    from iris.types import ToolCall

    kinds = {
        "unavailable": errors.LLMUnavailableError,
        "timeout": errors.LLMTimeoutError,
        "rate_limit": errors.LLMRateLimitError,
        "bad_response": errors.LLMResponseError,
    }
    if "error" in spec:
        return kinds[spec["error"]](f"scripted {spec['error']}", model="scripted")
    calls = [ToolCall(name=c["name"], arguments=c.get("arguments") or {})
             for c in spec.get("tool_calls") or []]
    return LLMResponse(content=spec.get("content"), tool_calls=calls, model="scripted")
