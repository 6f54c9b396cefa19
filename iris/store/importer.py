"""Bulk import: JSONL lines `{"content": ..., "created_at": ISO-8601, "metadata": {...}}`
(the last two optional) become memories that keep their own date and metadata.

Reading is separate from storing: a line that is not JSON, has no usable content or a bad
date becomes a failed outcome naming its line number, and never costs the other lines."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timezone

from iris.types import ItemOutcome, MemoryItem, normalise_store_args, with_source


@dataclass(frozen=True)
class ImportLine:
    line: int  # 1-based line number in the file
    item: MemoryItem
    created_at: datetime | None


def read_lines(lines: Iterable[str]) -> tuple[list[ImportLine], list[tuple[int, ItemOutcome]]]:
    """The valid lines, and a failed outcome (with its line number) for every other one.
    Blank lines are skipped."""
    good: list[ImportLine] = []
    failed: list[tuple[int, ItemOutcome]] = []
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        parsed, reason = _parse(raw)
        if parsed is None:
            shown = raw.strip()[:200]
            failed.append((number, ItemOutcome(status="failed", content=shown,
                                               reason=f"line {number}: {reason}")))
        else:
            item, created_at = parsed
            good.append(ImportLine(number, item, created_at))
    return good, failed


def _parse(raw: str) -> tuple[tuple[MemoryItem, datetime | None] | None, str | None]:
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        return None, f"not JSON: {exc.msg} at char {exc.pos}"
    if isinstance(data, str):
        data = {"content": data}
    if not isinstance(data, dict):
        return None, f"expected an object, got {type(data).__name__}"
    metadata = data.get("metadata")
    if metadata is not None and not isinstance(metadata, dict):
        return None, "metadata must be an object"
    created_at: datetime | None = None
    if data.get("created_at") is not None:
        created_at = parse_time(data["created_at"])
        if created_at is None:
            return None, f"created_at is not an ISO-8601 date: {str(data['created_at'])[:40]!r}"
    fields = {k: v for k, v in data.items() if k != "created_at"}
    items, failures = normalise_store_args({"memories": [fields]})
    if failures:
        return None, failures[0].reason
    return (with_source(items[0], "import", replace=False), created_at), None


def parse_time(value: object) -> datetime | None:
    """An ISO-8601 date or date-time as an aware datetime (UTC when no zone is given)."""
    if not isinstance(value, str):
        return None
    try:
        stamp = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=timezone.utc)
