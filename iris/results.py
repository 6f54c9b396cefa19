"""Result lines: the one machine-readable line every tool returns.

    MEMORY_STORED count=2 skipped=1 failed=0
    MEMORY_STORE_FAILED reason="too many memories: 30 (max 25 per call)"
    MEMORY_LIST count=1 items=[{"id":3,"content":"I prefer window seats",...}]

Grammar: an UPPER_SNAKE code, then `key=value` pairs separated by one space. A value is a
bare token (integers, ids) or a JSON value (strings, arrays, objects), so quotes and newlines
inside a reason survive and the whole result stays on one line."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

STORED = "MEMORY_STORED"
STORE_FAILED = "MEMORY_STORE_FAILED"
QUEUED = "MEMORY_QUEUED"
LIST = "MEMORY_LIST"
FORGOTTEN = "MEMORY_FORGOTTEN"
NOT_FOUND = "MEMORY_NOT_FOUND"
AMBIGUOUS = "MEMORY_AMBIGUOUS"  # forget matched several memories equally well: ask first
CONFIRM_REQUIRED = "MEMORY_CONFIRM_REQUIRED"  # forget everything: nothing done until confirmed
TOOL_FAILED = "TOOL_FAILED"  # unknown tool or a fault in a tool handler

ALL_FAILED_REASON = "All items failed to persist."

_CODE = re.compile(r"[A-Z][A-Z0-9_]*")
_KEY = re.compile(r"([a-z_][a-z0-9_]*)=")
_BARE = re.compile(r"[^\s\"\[{]\S*")
_decoder = json.JSONDecoder()


@dataclass(frozen=True)
class Result:
    code: str
    fields: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)


def format_result(code: str, **fields: Any) -> str:
    if not _CODE.fullmatch(code):
        raise ValueError(f"not a result code: {code!r}")
    parts = [code]
    for key, value in fields.items():
        if isinstance(value, bool) or not isinstance(value, int):
            value = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        parts.append(f"{key}={value}")
    return " ".join(parts)


def parse_result(line: str) -> Result:
    """Inverse of `format_result`. Raises ValueError on a line that is not a result."""
    line = line.strip()
    match = _CODE.match(line)
    if not match:
        raise ValueError(f"not a result line: {line[:80]!r}")
    code, pos, fields = match.group(), match.end(), {}
    while pos < len(line):
        if line[pos] != " ":
            raise ValueError(f"expected a space at char {pos} of {line[:80]!r}")
        key = _KEY.match(line, pos + 1)
        if not key:
            raise ValueError(f"expected key=value at char {pos + 1} of {line[:80]!r}")
        pos = key.end()
        if pos < len(line) and line[pos] in "\"[{":
            try:
                value, pos = _decoder.raw_decode(line, pos)
            except RecursionError:
                raise ValueError(f"value of {key.group(1)!r} is nested too deeply") from None
        else:
            bare = _BARE.match(line, pos)
            if not bare:
                raise ValueError(f"missing value for {key.group(1)!r}")
            text, pos = bare.group(), bare.end()
            value = _bare_value(text)
        fields[key.group(1)] = value
    return Result(code, fields)


def _bare_value(text: str) -> Any:
    """An integer, or what format_result writes bare for true/false/null and floats; any
    other token (a hand-written `queue_id=abc`) stays a string."""
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    try:
        return json.loads(text)
    except ValueError:
        return text


def try_parse(line: str) -> Result | None:
    try:
        return parse_result(line)
    except ValueError:
        return None
