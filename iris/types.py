"""Contract objects. One frozen `Turn` flows through the pipeline stages; the rest are the
values the stages hand each other. Everything here is pydantic v2 and cheap to import."""

from __future__ import annotations

import json
import unicodedata
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from iris.hygiene import encoding_problem, noise_problem, printable, strip_invisible

MAX_ITEMS = 25
MAX_CONTENT_CHARS = 2000

# The kinds of memory. An unknown type from a model is coerced to "fact" (and the original
# kept in metadata) rather than losing the fact.
# "session": something that matters for the current stretch of work (the memory_store tool's
# default type, iris/tools/store_tool.py).
MemoryType = Literal["fact", "preference", "event", "relationship", "goal", "decision", "pattern",
                     "session"]
MEMORY_TYPES: tuple[str, ...] = MemoryType.__args__  # type: ignore[attr-defined]

Route = Literal["direct", "llm", "offline", "passthrough"]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def content_problem(value: object) -> str | None:
    """Why `value` cannot be a memory's content, or None when it can."""
    if not isinstance(value, str):
        return f"content must be a string, got {type(value).__name__}"
    problem = encoding_problem(value)
    if problem:
        return f"content {problem}"
    value = strip_invisible(value)  # removed, not refused: see iris/hygiene.py
    if not value.strip():
        return "content is empty"
    if len(value) > MAX_CONTENT_CHARS:
        return f"content is {len(value)} characters long (max {MAX_CONTENT_CHARS})"
    for ch in value:
        # Newlines and tabs are ordinary text; every other control character is refused.
        if ch not in "\n\t" and unicodedata.category(ch) == "Cc":
            return f"content contains a control character (U+{ord(ch):04X})"
    return noise_problem(value)


class MemoryItem(Frozen):
    content: str
    type: MemoryType = "fact"
    category: str = Field(default="general", min_length=1, max_length=40)
    importance: float = Field(default=0.5, ge=0.0, le=1.0)
    metadata: dict[str, Any] = Field(default_factory=dict)

    @field_validator("content", mode="before")
    @classmethod
    def _check_content(cls, value: object) -> str:
        problem = content_problem(value)
        if problem:
            raise ValueError(problem)
        assert isinstance(value, str)  # content_problem rejects every non-string
        return strip_invisible(value).strip()

    @field_validator("category", mode="before")
    @classmethod
    def _clean_category(cls, value: object) -> object:
        if isinstance(value, str):
            return strip_invisible(value).strip().lower() or "general"
        return value


# Where a stored memory came from, kept as metadata["source"]; the inspector shows the label.
SOURCES = {
    "direct": "fast path",
    "offline": "offline extractor",
    "llm": "LLM extractor",
    "mcp": "MCP tool call",
    "memory_store": "memory_store tool",
    "import": "import",
}


def with_source(item: MemoryItem, source: str, *, replace: bool) -> MemoryItem:
    """The item with metadata["source"] set; `replace=False` keeps a source the caller gave."""
    if not replace and item.metadata.get("source"):
        return item
    return item.model_copy(update={"metadata": {**item.metadata, "source": source}})


class ItemFailure(Frozen):
    """An item that could not even be validated: which one, and why."""

    index: int
    reason: str
    content: str | None = None


class StoreMemoryArgs(Frozen):
    """The `store_memory` tool's arguments: 1..25 memories."""

    memories: list[MemoryItem] = Field(min_length=1, max_length=MAX_ITEMS)

    @classmethod
    def parse(cls, raw: object) -> StoreMemoryArgs:
        """Strict: every item must be valid. Raises InputError with a specific reason."""
        items, failures = normalise_store_args(raw)
        if failures:
            f = failures[0]
            raise _input_error(f"memory {f.index + 1}: {f.reason}")
        return cls(memories=items)


def _input_error(message: str) -> Exception:
    from iris.errors import InputError

    return InputError(message)


def _raw_items(raw: object) -> list[object]:
    """Accept every shape a model or a caller sends and return the list of raw items.

    Shapes: {"memories": [...]}, the legacy single item {"content": ...}, a bare string,
    a list of strings or dicts, or any of those as a JSON string."""
    if isinstance(raw, str):
        text = raw.strip()
        if text[:1] in "{[":
            try:
                raw = json.loads(text)
            except json.JSONDecodeError as exc:
                raise _input_error(
                    f"tool arguments are not valid JSON: {exc.msg} at char {exc.pos}") from exc
            except RecursionError:
                raise _input_error("tool arguments are JSON nested too deeply") from None
        else:
            return [raw]
    if isinstance(raw, dict):
        if "memories" in raw:
            memories = raw["memories"]
            if isinstance(memories, (str, dict)):
                memories = [memories]
            if not isinstance(memories, list):
                raise _input_error(f"'memories' must be a list, got {type(memories).__name__}")
            return memories
        if "content" in raw:
            return [raw]
        raise _input_error("tool arguments have neither 'memories' nor 'content'")
    if isinstance(raw, list):
        return raw
    raise _input_error(f"tool arguments must be an object, got {type(raw).__name__}")


def normalise_store_args(raw: object) -> tuple[list[MemoryItem], list[ItemFailure]]:
    """Lenient: valid items are returned, invalid ones become failures with a reason, so one
    bad item never costs the good ones. Raises InputError only when the call as a whole is
    unusable (not JSON, no items, more than 25 items)."""
    raw_items = _raw_items(raw)
    if not raw_items:
        raise _input_error("no memories given")
    if len(raw_items) > MAX_ITEMS:
        raise _input_error(f"too many memories: {len(raw_items)} (max {MAX_ITEMS} per call)")
    items: list[MemoryItem] = []
    failures: list[ItemFailure] = []
    for index, raw_item in enumerate(raw_items):
        item, reason = _to_item(raw_item)
        if item is None:
            shown = raw_item.get("content") if isinstance(raw_item, dict) else raw_item
            failures.append(ItemFailure(index=index, reason=reason or "invalid",
                                        content=printable(shown) if isinstance(shown, str) else None))
        else:
            items.append(item)
    return items, failures


def _to_item(raw_item: object) -> tuple[MemoryItem | None, str | None]:
    if isinstance(raw_item, str) or not isinstance(raw_item, dict):
        raw_item = {"content": raw_item}
    if "content" not in raw_item:
        return None, "item has no 'content'"
    problem = content_problem(raw_item["content"])
    if problem:
        return None, problem
    data = dict(raw_item)
    metadata = data.get("metadata") or {}
    if not isinstance(metadata, dict):
        return None, f"metadata must be an object, got {type(metadata).__name__}"
    metadata = dict(metadata)
    if data.get("type") not in (None, *MEMORY_TYPES):
        metadata["original_type"] = data["type"]
        data["type"] = "fact"
    if not isinstance(data.get("category", "general"), str) or not str(data.get("category", "x")).strip():
        data["category"] = "general"
    try:  # JSON that can be stored and printed: lone surrogates shown as U+FFFD
        data["metadata"] = json.loads(printable(json.dumps(metadata, ensure_ascii=False)))
    except (TypeError, ValueError, RecursionError):
        return None, "metadata must be JSON (strings, numbers, lists and objects)"
    data = {k: v for k, v in data.items() if k in MemoryItem.model_fields and v is not None}
    try:
        return MemoryItem.model_validate(data), None
    except ValueError as exc:
        errors: list[dict[str, Any]] = getattr(exc, "errors", lambda: [])()
        if errors:
            first = errors[0]
            field = ".".join(str(p) for p in first["loc"]) or "item"
            return None, f"{field}: {first['msg']}"
        return None, str(exc)


# --- stage outputs -------------------------------------------------------------------


class DirectDecision(Frozen):
    """What the fast path decided. action None means it stepped aside (see `reason`)."""

    action: Literal["store", "list", "forget"] | None = None
    content: str | None = None  # the fact to store, or the description to forget
    trigger: str | None = None  # which trigger phrase matched
    score: float = 0.0  # rapidfuzz score of the trigger match (100 = exact)
    reason: str | None = None  # why it stepped aside


class IntentDecision(Frozen):
    """The router's hint. Memory intents surface as intent "memory_action" with a tool."""

    intent: str  # "memory_action", "reminder", "calendar", "email", "none", ...
    tool: str | None = None  # "store_memory" | "list_memories" | "forget_memory" | other tool
    confidence: float = 0.0
    label: str | None = None  # the raw classifier label, e.g. "memory_store"
    signals: list[str] = Field(default_factory=list)
    alternatives: list[tuple[str, float]] = Field(default_factory=list)


class ToolCall(Frozen):
    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)


class Extraction(Frozen):
    """The extractor's output: tool calls of at most 25 items each, plus items it already
    knows are invalid (they are reported as failed, never silently dropped)."""

    source: Literal["llm", "offline"]
    tool_calls: list[ToolCall] = Field(default_factory=list)
    failures: list[ItemFailure] = Field(default_factory=list)
    error: str | None = None  # e.g. the LLM failure that made us fall back to offline
    raw: str | None = None  # the model's raw output, for debugging


class ItemOutcome(Frozen):
    status: Literal["stored", "skipped", "failed", "queued"]
    content: str
    id: int | None = None  # the new memory's id when stored
    duplicate_of: int | None = None  # the existing memory's id when skipped
    reason: str | None = None  # why it failed or was skipped; what was redacted when stored
    relations: list[tuple[str, int]] = Field(default_factory=list)  # (kind, other id)


class LinkOptions(Frozen):
    """How a stored memory gets edges to similar ones (the memory_store tool's arguments).
    None: the settings' `relates_to_threshold` / `max_links`. `auto_link` False: no edges
    at all; `use_llm` False: the LLM judge is neither asked nor its earlier verdicts used."""

    auto_link: bool = True
    threshold: float | None = Field(default=None, ge=-1, le=1)
    max_links: int | None = Field(default=None, ge=0)
    use_llm: bool = True


class StoreResult(Frozen):
    outcomes: list[ItemOutcome] = Field(default_factory=list)
    queue_id: str | None = None
    warnings: list[str] = Field(default_factory=list)  # trouble that did not fail the store

    def count(self, status: str) -> int:
        return sum(1 for o in self.outcomes if o.status == status)


class MemoryRecord(Frozen):
    """A stored memory as the store hands it out."""

    id: int
    namespace: str
    content: str
    type: str
    category: str
    importance: float
    metadata: dict[str, Any] = Field(default_factory=dict)
    created_at: str
    updated_at: str
    score: float | None = None  # relevance when listed with a query
    superseded_by: int | None = None


class Asked(Frozen):
    """How a forget request put its description, read by the pipeline from the user's
    message (see iris.store.forget.decide): `literal`, to be matched by its own words only (a
    request the router did not take as one, iris.store.probe); `general`, about a subject in
    general ("the car stuff"); `broad`, in words that mean several facts ("what I said about
    the wedding"); `stated`, the fact itself, said as a clause ("forget that I take sweeteners")."""

    literal: bool = False
    general: bool = False
    broad: bool = False
    stated: bool = False


PLAIN_ASK = Asked()  # a description put no special way


class ForgetResult(Frozen):
    status: Literal["forgotten", "not_found", "ambiguous", "confirm_required"]
    forgotten: list[MemoryRecord] = Field(default_factory=list)
    candidates: list[MemoryRecord] = Field(default_factory=list)  # when ambiguous
    # When not_found: the memory nearest the description in meaning, offered to the user to
    # delete by its id, never deleted on that evidence.
    closest: MemoryRecord | None = None
    # How many memories were deleted (forget everything lists none of them), or would be
    # when the user confirms (confirm_required).
    count: int = 0


class IntentSummary(Frozen):
    name: str | None = None
    tool: str | None = None
    confidence: float = 0.0


class Reply(Frozen):
    """What `Pipeline.handle` returns; `model_dump()` is exactly the CLI's JSON object."""

    reply: str
    route: Route
    intent: IntentSummary
    tool_calls: list[ToolCall]
    results: list[str]
    timings_ms: dict[str, float]
    user_id: str
    decided_by: str  # the stage that decided the outcome: "direct", "intent", "extract"
    direct: DirectDecision | None = None
    outcomes: list[ItemOutcome] = Field(default_factory=list)  # per stored item, in order
    errors: list[str] = Field(default_factory=list)
    # What the host's own tools should handle, word for word: the whole message when it was
    # passed through; the other request of a message that also held one for memory ("...
    # and remind me to call her friday", iris/compound.py); "" when Iris handled it all.
    for_host: str = ""


class Turn(Frozen):
    """One message on its way through the stages. Each stage returns
    `turn.model_copy(update=...)` with the fields it sets."""

    text: str  # the memory request: the whole message, or its part for Iris (for_host)
    user_id: str
    wait: bool = True  # False: stored facts are queued after the exact check
    sent: str | None = None  # the whole message, when `text` is only its memory request
    for_host: str = ""  # the other request of a message that held two (iris/compound.py)
    direct: DirectDecision | None = None
    intent: IntentDecision | None = None
    extraction: Extraction | None = None
    route: Route | None = None
    decided_by: str | None = None
    # A short removal request the router left to the host ("forget Rusty"): the object the
    # store looks for by its own words before the turn goes to the host (Pipeline._tools).
    probe: str | None = None
    probe_as_name: bool = False  # only a memory holding the probe as a name ("Biscuit") goes
    probe_literal: bool = True  # False: looked up by description, on evidence (a "forget ...")
    tool_calls: list[ToolCall] = Field(default_factory=list)
    results: list[str] = Field(default_factory=list)
    outcomes: list[ItemOutcome] = Field(default_factory=list)
    reply: str | None = None
    timings_ms: dict[str, float] = Field(default_factory=dict)
    errors: list[str] = Field(default_factory=list)


class EraseResult(Frozen):
    """What `MemoryStore.erase` deleted: every row of one user's data, by table."""

    memories: int = 0
    edges: int = 0
    queued: int = 0  # queue rows, pending and done
    namespaces: int = 0  # the namespace's version row (0 when it never wrote)


class RecalledMemory(Frozen):
    """One memory `Pipeline.recall` found, with its relevance (higher is better)."""

    id: int
    content: str
    score: float
    created_at: str  # ISO-8601; an imported memory keeps its own date
    metadata: dict[str, Any] = Field(default_factory=dict)
    type: str = "fact"
    category: str = "general"


class RecallResult(Frozen):
    """What `Pipeline.recall` returns; `model_dump()` is `iris recall --json`'s object.
    `context` is ready for a system prompt (empty when nothing was found)."""

    memories: list[RecalledMemory] = Field(default_factory=list)
    context: str = ""
