"""Fact extraction: a message in, `store_memory` tool calls out (`iris.types.Extraction`).

With a language model configured, one request asks for every fact in ONE `store_memory` call
(prompt: iris/extract/prompts/extract_v3.md; extract_v2 is it without the two lines that
fence off the worked examples, extract_v1 without the examples).
The reply is parsed leniently: tool calls, the legacy single-item form, JSON in the text
when the model does not use tools, and JSON with minor damage (json-repair). Items are
regrouped, in the model's order, into calls of at most 25, so 30 facts make two calls and
none is lost; an invalid item stays in its place and the store tool reports it failed with
its reason, so outcomes follow the model's order. At most `max_memories_per_message` items
go into calls; the rest are `Extraction.failures` with the reason, reported after them.

Secrets never reach the provider: unless IRIS_SECRETS=allow, the message is sent with each
secret replaced by a placeholder (iris/secrets.py), which the store tool then refuses or keeps.

A reply that says one fact twice (`repeats`: the model looped) is unusable, and so is a
reply with a fact whose content words are mostly not in the message (`ungrounded`): small
local models copy the prompt's worked examples into replies about other things, and a reply
that invents one fact is not trusted for the others.

Any LLM fault (unreachable, timeout, rate limit, an unusable reply) falls back to the
offline extractor (iris/extract/offline.py) and the fault is kept in `Extraction.error`.
"The model found no facts" is a value: an Extraction with no tool calls and source "llm".

`build_messages` and `parse_reply` are pure, so both are tested without any network."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import json_repair
from rapidfuzz import fuzz, process

from iris import secrets
from iris.errors import LLMError, LLMResponseError
from iris.extract.segmenter import read_facts
from iris.extract.tagging import category, memory_type
from iris.hygiene import strip_invisible
from iris.llm import LLMClient, LLMResponse, make_llm
from iris.text import index_terms
from iris.types import (
    MAX_CONTENT_CHARS,
    MAX_ITEMS,
    Extraction,
    ItemFailure,
    MemoryItem,
    ToolCall,
    normalise_store_args,
)

__all__ = ["PROMPT_VERSION", "FactExtractor", "build_messages", "parse_reply", "system_prompt",
           "repeats", "to_tool_calls", "ungrounded"]

PROMPT_VERSION = "extract_v3"
STORE_TOOL = "store_memory"


@cache
def system_prompt(version: str = PROMPT_VERSION) -> str:
    return (resources.files("iris.extract") / "prompts" / f"{version}.md").read_text(encoding="utf-8")


def build_messages(text: str, *, version: str = PROMPT_VERSION) -> list[dict]:
    return [{"role": "system", "content": system_prompt(version)},
            {"role": "user", "content": text}]


def _store_memory_schema() -> dict:
    from iris.tools.schemas import store_memory_schema

    return store_memory_schema()


# --- parsing ---------------------------------------------------------------------------


def parse_reply(response: LLMResponse) -> tuple[list[object], str]:
    """The raw memory items in a model reply, in order, and the raw output they came from.

    Raises LLMResponseError when the reply holds neither a usable `store_memory` call nor
    JSON (prose only, or arguments too damaged to repair). No tool call and no text, or
    `{"memories": []}`, means the model found no facts: ([], raw)."""
    calls = [(call, raw) for call, raw in _calls_with_raw(response) if call.name == STORE_TOOL]
    if calls:
        items: list[object] = []
        for call, raw in calls:
            payload = call.arguments if call.arguments else _load_json(raw)
            if payload is None:
                raise LLMResponseError(f"store_memory arguments are not JSON: {raw[:200]!r}",
                                       model=response.model, raw=raw)
            items.extend(_items_of(payload, raw, response.model))
        return items, "\n".join(raw for _, raw in calls)
    if response.tool_calls:  # another tool: the model decided there is nothing to store
        return [], json.dumps([c.model_dump() for c in response.tool_calls])
    content = (response.content or "").strip()
    if not content:
        return [], ""
    payload = _load_json(content)
    if payload is None:
        raise LLMResponseError(f"model replied without a tool call or JSON: {content[:200]!r}",
                               model=response.model, raw=content)
    return _items_of(payload, content, response.model), content


def _calls_with_raw(response: LLMResponse) -> list[tuple[ToolCall, str]]:
    raws = list(response.raw_arguments) + [""] * (len(response.tool_calls) - len(response.raw_arguments))
    pairs = zip(response.tool_calls, raws, strict=False)  # raws may be longer: extra ones unused
    return [(call, raw or json.dumps(call.arguments)) for call, raw in pairs]


def _load_json(text: str) -> Any:
    """Parse JSON, repairing minor damage (truncation, trailing commas, code fences, prose
    around it). None when there is no JSON object or array to be found. Several whole
    calls one after another (small local models write one fenced block or `<tool_call>`
    per call) come back as a list of them: the repair would keep only the last."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        calls = _several_calls(text)
        if len(calls) > 1:
            return calls
        try:
            value = json_repair.loads(text)
        except RecursionError:
            return None
    except RecursionError:  # nested deeper than any store_memory call: not a usable reply
        return None
    return value if isinstance(value, (dict, list)) else None


_CALL_KEYS = frozenset({"memories", "facts", "arguments", "parameters"})


def _several_calls(text: str) -> list[dict]:
    """Every complete JSON object in `text` that looks like a call or its arguments, in
    order; [] as soon as one found object does not (then it is one damaged reply)."""
    decoder = json.JSONDecoder()
    found: list[dict] = []
    start = text.find("{")
    while start >= 0:
        try:
            value, end = decoder.raw_decode(text, start)
        except (json.JSONDecodeError, RecursionError):
            start = text.find("{", start + 1)
            continue
        if not isinstance(value, dict) or not _CALL_KEYS & value.keys():
            return []
        found.append(value)
        start = text.find("{", end)
    return found


def _items_of(payload: Any, raw: str, model: str) -> list[object]:
    if isinstance(payload, list):
        # A bare list of items, or several argument objects or calls in a list.
        if payload and all(isinstance(p, dict) and _CALL_KEYS & p.keys() for p in payload):
            return [item for p in payload for item in _items_of(p, raw, model)]
        return list(payload)
    for key in ("memories", "facts"):
        if key in payload:
            memories = payload[key]
            if memories is None:
                return []
            return memories if isinstance(memories, list) else [memories]
    if "content" in payload:  # the legacy single-item form
        return [payload]
    if "arguments" in payload or "parameters" in payload:
        return _call_in_text(payload, raw, model)
    if not payload:
        return []
    raise LLMResponseError(f"reply has neither 'memories' nor 'content': {raw[:200]!r}",
                           model=model, raw=raw)


def _call_in_text(payload: dict, raw: str, model: str) -> list[object]:
    """The whole call written as text, `{"name": "store_memory", "arguments": {...}}`: what
    small local models send in `content` instead of `tool_calls`. Another tool's name means
    the model found nothing to store, as with a real call to another tool."""
    name = payload.get("name")
    if name not in (None, STORE_TOOL):
        return []
    arguments = payload.get("arguments", payload.get("parameters"))
    if isinstance(arguments, str):  # OpenAI's wire form: the arguments as a JSON string
        arguments = _load_json(arguments)
    if not isinstance(arguments, (dict, list)):
        raise LLMResponseError(f"store_memory arguments are not JSON: {raw[:200]!r}",
                               model=model, raw=raw)
    return _items_of(arguments, raw, model)


# A fact's word counts as in the message when it is there or one typo away ("tunred" ->
# "turned"): models correct the user's spelling.
_TYPO_RATIO = 75


def ungrounded(raw_items: list[object], text: str, min_share: float) -> list[str]:
    """The contents, in order, of the items whose content words (stemmed, stop words
    dropped) are less than `min_share` in `text`. Items without a string content are left
    to validation, which fails them with their reason."""
    source = sorted(set(index_terms(text)))
    invented = []
    for raw_item in raw_items:
        content = raw_item.get("content") if isinstance(raw_item, dict) else raw_item
        if not isinstance(content, str):
            continue
        terms = index_terms(content)
        if not terms:
            continue
        found = sum(1 for term in terms if term in source or process.extractOne(
            term, source, scorer=fuzz.ratio, score_cutoff=_TYPO_RATIO) is not None)
        if found < min_share * len(terms):
            invented.append(content)
    return invented


def repeats(raw_items: list[object]) -> int:
    """How many items say again, word for word up to stop words, what an earlier item said.
    Small local models fall into a loop ("I also like hip hop" sixteen times) until the
    token limit cuts the reply, often after dropping a fact: such a reply is not trusted."""
    seen: set[tuple[str, ...]] = set()
    count = 0
    for raw_item in raw_items:
        content = raw_item.get("content") if isinstance(raw_item, dict) else raw_item
        if not isinstance(content, str):
            continue
        key = tuple(index_terms(content))
        count += bool(key) and key in seen
        seen.add(key)
    return count


def _fill_tags(raw_item: object) -> object:
    """Give an item without type or category the lexicon's guess instead of "fact"/"general"."""
    if isinstance(raw_item, str):
        raw_item = {"content": raw_item}
    if not isinstance(raw_item, dict) or not isinstance(raw_item.get("content"), str):
        return raw_item
    item = dict(raw_item)
    if len(strip_invisible(item["content"])) > MAX_CONTENT_CHARS:
        return item  # it fails for its length: no word list needs to read it
    if not item.get("type"):
        item["type"] = memory_type(item["content"])
    if not item.get("category"):
        item["category"] = category(item["content"])
    return item


def validate_items(raw_items: list[object]) -> tuple[list[MemoryItem], list[ItemFailure]]:
    """Valid items and failures (index = position among all items the model sent)."""
    valid: list[MemoryItem] = []
    failures: list[ItemFailure] = []
    for start in range(0, len(raw_items), MAX_ITEMS):
        chunk = [_fill_tags(item) for item in raw_items[start:start + MAX_ITEMS]]
        items, chunk_failures = normalise_store_args(chunk)
        valid.extend(items)
        failures.extend(f.model_copy(update={"index": f.index + start}) for f in chunk_failures)
    return valid, failures


def _in_order(raw_items: list[object]) -> list[MemoryItem | object]:
    """Every item in the model's order: valid ones normalised and tagged, invalid ones as
    they came (the store tool fails them with their reason, in place)."""
    valid, failures = validate_items(raw_items)
    failed = {f.index for f in failures}
    rest = iter(valid)
    return [({"content": raw} if isinstance(raw, str) else raw) if i in failed else next(rest)
            for i, raw in enumerate(raw_items)]


def to_tool_calls(items: list[MemoryItem | object]) -> list[ToolCall]:
    """`store_memory` calls of at most 25 items each, in order. A MemoryItem goes as its
    fields; anything else (an item that failed validation) goes as it is."""
    calls = []
    for start in range(0, len(items), MAX_ITEMS):
        memories: list[object] = []
        for item in items[start:start + MAX_ITEMS]:
            if not isinstance(item, MemoryItem):
                memories.append(item)
                continue
            memory: dict[str, Any] = {"content": item.content, "type": item.type,
                                      "category": item.category}
            if item.metadata:
                memory["metadata"] = item.metadata
            memories.append(memory)
        calls.append(ToolCall(name=STORE_TOOL, arguments={"memories": memories}))
    return calls


def _over_cap(raw_items: list[object], cap: int) -> list[ItemFailure]:
    reason = f"over the limit of {cap} memories per message"
    return [ItemFailure(index=cap + i, reason=reason, content=_shown(raw))
            for i, raw in enumerate(raw_items[cap:])]


def _shown(raw: object) -> str | None:
    content = raw.get("content") if isinstance(raw, dict) else raw
    return secrets.redact(content[:200]) if isinstance(content, str) else None


# --- the stage -------------------------------------------------------------------------


class FactExtractor:
    """`extract(text)`: with an LLM, one request; without one, or when it fails, the offline
    extractor (`segmenter.read_facts`: the learned segmenter, the rules behind it)."""

    def __init__(self, settings: Any, llm: LLMClient | None = None):
        self.settings = settings
        self.llm = llm if llm is not None else make_llm(settings)
        self.cap: int = getattr(settings, "max_memories_per_message", 50)
        self.min_grounding: float = getattr(settings, "llm_min_grounding", 0.5)
        self.learned: bool = getattr(settings, "offline_extractor", "learned") == "learned"

    def extract(self, text: str) -> Extraction:
        if self.llm is None:
            return self.extract_offline(text)
        sent = text if getattr(self.settings, "secrets", "refuse") == "allow" else secrets.redact(text)
        try:
            raw_items, raw = parse_reply(self._ask(sent))
            invented = ungrounded(raw_items[:self.cap], sent, self.min_grounding)
            if invented:
                raise LLMResponseError(
                    f"the reply states {len(invented)} fact(s) the message does not, "
                    f"e.g. {secrets.redact(invented[0][:80])!r}", raw=raw)
            repeated = repeats(raw_items)
            if repeated:
                raise LLMResponseError(f"the reply repeats {repeated} fact(s): the model looped",
                                       raw=raw)
        except LLMError as exc:  # parse_reply's errors carry the raw output
            return self.extract_offline(text, error=f"{type(exc).__name__}: {exc}", raw=exc.raw)
        return Extraction(source="llm", tool_calls=to_tool_calls(_in_order(raw_items[:self.cap])),
                          failures=_over_cap(raw_items, self.cap), raw=raw)

    def _ask(self, text: str) -> LLMResponse:
        assert self.llm is not None
        messages = build_messages(text)
        try:
            return self.llm.complete(messages, tools=[_store_memory_schema()], tool_choice="auto")
        except LLMResponseError:
            # The provider refused the request (e.g. a model without tool support): ask once
            # more for plain JSON, which the prompt already describes.
            return self.llm.complete(messages, json_mode=True)

    def extract_offline(self, text: str, *, error: str | None = None,
                        raw: str | None = None) -> Extraction:
        found, unread = read_facts(text, limit=self.cap, learned=self.learned)
        facts: list[object] = list(found)
        failures = _over_cap(facts, self.cap)
        if unread and failures:
            # The extractor stops reading once the message is over the cap: the user is told
            # that the rest was not read rather than each remaining item one by one.
            last = failures[-1]
            failures[-1] = last.model_copy(update={
                "reason": f"{last.reason}; the rest of the message was not read"})
        return Extraction(source="offline", tool_calls=to_tool_calls(_in_order(facts[:self.cap])),
                          failures=failures, error=error, raw=raw)
