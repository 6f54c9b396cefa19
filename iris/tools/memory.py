"""Tool handlers. Each takes the tool's arguments as a model would send them (a dict or a
JSON string), runs it against the store and returns one result line (see iris/results.py).
Bad arguments and store faults become `*_FAILED` lines with a specific reason: a tool call
never raises into the conversation."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from iris import results as R
from iris.errors import InputError, StoreError
from iris.hygiene import encoding_problem, strip_invisible
from iris.secrets import SecretsMode, redact, screen
from iris.types import (
    MEMORY_TYPES,
    Asked,
    ItemFailure,
    ItemOutcome,
    MemoryItem,
    MemoryRecord,
    StoreResult,
    ToolCall,
    normalise_store_args,
    with_source,
)

if TYPE_CHECKING:
    from iris.store.protocol import Store

MAX_LIST_LIMIT = 100


@dataclass(frozen=True)
class ToolRun:
    line: str
    outcomes: list[ItemOutcome] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    items: int = 0  # how many items the call held (a store call), for numbering the next


def run_tool(call: ToolCall, store: Store, namespace: str, *, wait: bool = True,
             secrets: SecretsMode = "refuse", position: int = 1,
             prior_failures: list[ItemFailure] | None = None, source: str | None = None) -> ToolRun:
    """Run one tool call. For `store_memory`: `secrets` is the IRIS_SECRETS setting (see
    iris/secrets.py); `position` is the number of the call's first item in the message, so
    "memory N" in reasons counts the model's items across calls; `prior_failures` are items
    the extractor could not send (over the per-message cap). They follow the call's items,
    so this must be the message's last store call, and they are counted in its line.
    `source` (see iris.types.SOURCES) is kept in each stored item's metadata; it replaces any source
    the call itself claims, because a model does not decide where its items came from."""
    if call.name == "store_memory":
        return store_memory(store, namespace, call.arguments, wait=wait, secrets=secrets,
                            position=position, prior_failures=prior_failures or [], source=source)
    handler = _HANDLERS.get(call.name)
    if handler is None:
        return ToolRun(R.format_result(R.TOOL_FAILED, tool=call.name, reason="unknown tool"))
    return handler(store, namespace, call.arguments)


def store_memory(store: Store, namespace: str, arguments: object, *, wait: bool = True,
                 secrets: SecretsMode = "refuse", position: int = 1,
                 prior_failures: list[ItemFailure] | None = None, source: str | None = None) -> ToolRun:
    prior = [_failed(f) for f in prior_failures or []]
    try:
        items, failures = normalise_store_args(arguments)
    except InputError as exc:
        if not prior:
            return ToolRun(R.format_result(R.STORE_FAILED, reason=str(exc)))
        items, failures = [], []
    if source is not None:
        items = [with_source(item, source, replace=True) for item in items]
    slots = _screen(_in_order(items, failures), secrets)
    to_store = [s for s in slots if isinstance(s, MemoryItem)]
    try:
        result = store.store(namespace, to_store, wait=wait) if to_store else StoreResult()
    except StoreError as exc:
        # Nothing was committed (one transaction), so every item is reported failed.
        return ToolRun(R.format_result(R.STORE_FAILED, reason=f"storage error: {exc}"))
    stored = iter(result.outcomes)
    outcomes = [s if isinstance(s, ItemOutcome) else _noted(next(stored), s) for s in slots]
    outcomes += prior
    return ToolRun(_store_line(outcomes, result.queue_id, position), outcomes, result.warnings,
                   items=len(slots))


def _failed(f: ItemFailure) -> ItemOutcome:
    return ItemOutcome(status="failed", content=f.content or "", reason=f.reason)


def _in_order(items: list[MemoryItem], failures: list[ItemFailure]) -> list[MemoryItem | ItemOutcome]:
    """The call's items in the model's order: valid ones, and the invalid ones (as failed
    outcomes) back in their positions."""
    failed = {f.index: _failed(f) for f in failures}
    rest = iter(items)
    return [failed[i] if i in failed else next(rest) for i in range(len(items) + len(failed))]


def _screen(slots: list[MemoryItem | ItemOutcome], mode: SecretsMode) -> list[MemoryItem | ItemOutcome]:
    """The secrets guard on every valid item: refused items become failed outcomes (showing
    the redacted text, never the secret); redacted ones keep the kinds in metadata."""
    out: list[MemoryItem | ItemOutcome] = []
    for slot in slots:
        if isinstance(slot, ItemOutcome):
            out.append(slot)
            continue
        verdict = screen(slot.content, mode)
        if verdict.reason is not None:
            out.append(ItemOutcome(status="failed", content=redact(slot.content), reason=verdict.reason))
        elif verdict.kinds:
            metadata = {**slot.metadata, "redacted": list(verdict.kinds)}
            try:
                out.append(MemoryItem.model_validate(
                    {**slot.model_dump(), "content": verdict.text, "metadata": metadata}))
            except ValueError:  # the placeholders made it too long
                out.append(ItemOutcome(status="failed", content=(verdict.text or "")[:200],
                                       reason="too long once its secrets are redacted"))
        else:
            out.append(slot)
    return out


screen_items = _screen  # the same guard for `iris memories import` (iris/tools/importing.py)


def _noted(outcome: ItemOutcome, item: MemoryItem) -> ItemOutcome:
    kinds = item.metadata.get("redacted")
    if kinds and outcome.reason is None:
        return outcome.model_copy(update={"reason": "redacted: " + ", ".join(kinds)})
    return outcome


def _store_line(outcomes: list[ItemOutcome], queue_id: str | None, position: int = 1) -> str:
    counts = {s: sum(o.status == s for o in outcomes) for s in ("stored", "skipped", "failed", "queued")}
    reasons = [f"memory {i + position}: {o.reason}" for i, o in enumerate(outcomes)
               if o.status == "failed"]
    if counts["failed"] == len(outcomes):
        return R.format_result(R.STORE_FAILED, reason=R.ALL_FAILED_REASON, details=reasons)
    extra = {"reasons": reasons} if reasons else {}
    if counts["queued"]:
        return R.format_result(R.QUEUED, count=counts["queued"], skipped=counts["skipped"],
                               failed=counts["failed"], queue_id=queue_id or "", **extra)
    return R.format_result(R.STORED, count=counts["stored"], skipped=counts["skipped"],
                           failed=counts["failed"], **extra)


def list_memories(store: Store, namespace: str, arguments: object) -> ToolRun:
    try:
        args = object_args(arguments)
        query = _optional_str(args, "query")
        limit = args.get("limit", 20)
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIST_LIMIT:
            raise InputError(f"limit must be an integer from 1 to {MAX_LIST_LIMIT}, got {limit!r}")
        type_ = _optional_str(args, "type")
        if type_ is not None and type_ not in MEMORY_TYPES:
            raise InputError(f"type must be one of {', '.join(MEMORY_TYPES)}, got {type_!r}")
        records = store.list_memories(namespace, query=query, limit=limit, type=type_,
                             category=_optional_str(args, "category"))
    except (InputError, StoreError) as exc:
        return ToolRun(R.format_result(R.TOOL_FAILED, tool="list_memories", reason=str(exc)))
    extra = {"query": query} if query else {}
    return ToolRun(R.format_result(R.LIST, count=len(records), **extra,
                                   items=[_item(r) for r in records]))


def forget_memory(store: Store, namespace: str, arguments: object) -> ToolRun:
    """By id, by description, or everything (`all`: asks first, see MemoryStore.forget_all;
    a query such as "everything" or "all my data" is taken as `all`, never matched).
    `literal`, `general`, `broad` and `stated` (set by the pipeline, not in the tool schema):
    how the request put the query (iris.types.Asked)."""
    from iris.store.forget_all import means_everything

    try:
        args = object_args(arguments)
        memory_id = args.get("id")
        if memory_id is not None and (isinstance(memory_id, bool) or not isinstance(memory_id, int)):
            raise InputError(f"id must be an integer, got {memory_id!r}")
        query = _optional_str(args, "query")
        every, confirm = _flag(args, "all"), _flag(args, "confirm")
        if memory_id is None and (every or (query and means_everything(query))):
            outcome = store.forget_all(namespace, confirm=confirm)
            if outcome.status == "confirm_required":
                return ToolRun(R.format_result(R.CONFIRM_REQUIRED, action="forget_all",
                                               count=outcome.count))
            return ToolRun(R.format_result(R.FORGOTTEN, count=outcome.count))
        if memory_id is None and not query:
            raise InputError("forget_memory needs an 'id', a 'query' or 'all'")
        asked = Asked(**{flag: _flag(args, flag) for flag in Asked.model_fields})
        outcome = store.forget(namespace, id=memory_id, query=query, asked=asked)
    except (InputError, StoreError) as exc:
        return ToolRun(R.format_result(R.TOOL_FAILED, tool="forget_memory", reason=str(exc)))
    if outcome.status == "forgotten":
        return ToolRun(R.format_result(R.FORGOTTEN, count=len(outcome.forgotten),
                                       items=[_item(r) for r in outcome.forgotten]))
    if outcome.status == "ambiguous":
        return ToolRun(R.format_result(R.AMBIGUOUS, count=len(outcome.candidates),
                                       items=[_item(r) for r in outcome.candidates]))
    closest = {"closest": _item(outcome.closest)} if outcome.closest else {}
    return ToolRun(R.format_result(R.NOT_FOUND, **({"query": query} if query else {"id": memory_id}),
                                   **closest))


def object_args(arguments: object) -> dict:
    if arguments is None:
        return {}
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments) if arguments.strip() else {}
        except json.JSONDecodeError as exc:
            raise InputError(f"tool arguments are not valid JSON: {exc.msg}") from exc
        except RecursionError:
            raise InputError("tool arguments are JSON nested too deeply") from None
    if not isinstance(arguments, dict):
        raise InputError(f"tool arguments must be an object, got {type(arguments).__name__}")
    return arguments


def _flag(args: dict, key: str) -> bool:
    value = args.get(key, False)
    if not isinstance(value, bool):
        raise InputError(f"{key} must be true or false, got {value!r}")
    return value


def _optional_str(args: dict, key: str) -> str | None:
    value = args.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise InputError(f"{key} must be a string, got {type(value).__name__}")
    problem = encoding_problem(value)
    if problem:
        raise InputError(f"{key} {problem}")
    return strip_invisible(value).strip() or None


def _item(record: MemoryRecord) -> dict:
    item = {"id": record.id, "content": record.content, "type": record.type,
            "category": record.category, "created_at": record.created_at}
    if record.superseded_by is not None:
        item["superseded_by"] = record.superseded_by
    return item


_HANDLERS = {
    "list_memories": list_memories,
    "forget_memory": forget_memory,
}
