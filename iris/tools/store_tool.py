"""The `memory_store` tool (issue 18): one memory per call, with the linking options and the
result dictionary of the memory-store contract some hosts call Iris by.

    from iris.tools import memory_store
    memory_store(content="I moved to Denver", memory_type="decision")
    # {"success": True, "queued": False, "queue_id": None, "id": 7, "content_hash": "…",
    #  "auto_relationships": [{"target_id": 3, "type": "relates_to", "similarity": 0.71}],
    #  "error": None, "duplicate_of": None}

When a queue worker is alive (its heartbeat row is fresh, iris/store/workers.py) the memory is
queued and the call answers at once (`queued: true` with a `queue_id`); the worker embeds,
de-duplicates, links and stores it, and `memory_store(queue_id=...)` reports the outcome.
Otherwise it is stored now. A duplicate is a success naming the existing memory (`id` and
`duplicate_of`); bad arguments, a refused secret or a storage fault are `success: false` with
`error`. The call never raises.

The batch tool `store_memory` (iris/tools/memory.py) is what the pipeline's extractor calls;
this one is for hosts that speak the contract. Both go through the same validation, secrets
guard, de-duplication and linking."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from iris.errors import InputError, IrisError, StoreError
from iris.tools.memory import object_args, screen_items
from iris.types import ItemOutcome, LinkOptions, MemoryItem, normalise_store_args, with_source

if TYPE_CHECKING:
    from iris.config import Settings
    from iris.store.protocol import Store

# The contract's memory types (a subset of iris.types.MEMORY_TYPES) and its default.
STORE_TYPES: tuple[str, ...] = ("preference", "decision", "pattern", "session")
DEFAULT_TYPE = "session"
MAX_AUTO_LINKS = 50
ARGUMENTS = ("content", "memory_type", "namespace", "importance", "metadata", "auto_link",
             "similarity_threshold", "max_auto_links", "use_llm_classification", "queue_id")


def result(success: bool, *, queued: bool = False, queue_id: str | None = None,
           id: int | None = None, content_hash: str | None = None,
           auto_relationships: list[dict[str, Any]] | None = None, error: str | None = None,
           duplicate_of: int | None = None, warnings: list[str] | None = None) -> dict[str, Any]:
    """The result dictionary: every key always present (None when it does not apply), plus
    `warnings` when something went wrong without failing the store (an LLM judge that did
    not answer)."""
    out: dict[str, Any] = {
        "success": success, "queued": queued, "queue_id": queue_id, "id": id,
        "content_hash": content_hash, "auto_relationships": auto_relationships,
        "error": error, "duplicate_of": duplicate_of}
    if warnings:
        out["warnings"] = warnings
    return out


class MemoryStoreTool:
    """`memory_store` against one store. `settings` supplies the defaults of the arguments a
    call leaves out (IRIS_DEFAULT_NAMESPACE, IRIS_DEFAULT_IMPORTANCE, the link threshold and
    cap) and the secrets mode."""

    def __init__(self, store: Store, settings: Settings):
        self.store = store
        self.settings = settings

    def __call__(self, arguments: object) -> dict[str, Any]:
        try:
            args = object_args(arguments)
            unknown = sorted(set(args) - set(ARGUMENTS))
            if unknown:
                raise InputError(f"unknown argument(s): {', '.join(unknown)}; "
                                 f"memory_store takes {', '.join(ARGUMENTS)}")
            # A JSON null is the same as leaving the argument out: its default.
            args = {k: v for k, v in args.items() if v is not None}
            namespace = args.get("namespace", self.settings.default_namespace)
            if args.get("queue_id") is not None:
                if args.get("content") is not None:
                    raise InputError("give either content (to store) or queue_id (to look "
                                     "up a queued store), not both")
                return self._lookup(namespace, args["queue_id"])
            item, links = self._parse(args)
            return self._store(namespace, item, links)
        except InputError as exc:
            return result(False, error=str(exc))
        except StoreError as exc:
            return result(False, error=f"storage error: {exc}")

    def _parse(self, args: dict[str, Any]) -> tuple[MemoryItem, LinkOptions]:
        if args.get("content") is None:
            raise InputError("content is required")
        memory_type = args.get("memory_type", DEFAULT_TYPE)
        if memory_type not in STORE_TYPES:
            raise InputError(f"memory_type must be one of {', '.join(STORE_TYPES)}, "
                             f"got {memory_type!r}")
        importance = _number(args, "importance", self.settings.default_importance, 0, 1)
        metadata = args.get("metadata")
        if metadata is not None and not isinstance(metadata, dict):
            raise InputError(f"metadata must be an object, got {type(metadata).__name__}")
        items, failures = normalise_store_args({
            "content": args["content"], "type": memory_type, "importance": importance,
            "metadata": metadata or {}})
        if failures:
            raise InputError(failures[0].reason)
        threshold = args.get("similarity_threshold")
        if threshold is not None:
            threshold = _number(args, "similarity_threshold", None, 0, 1)
        cap = args.get("max_auto_links")
        if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int)
                                or not 0 <= cap <= MAX_AUTO_LINKS):
            raise InputError(f"max_auto_links must be an integer from 0 to {MAX_AUTO_LINKS}, "
                             f"got {cap!r}")
        links = LinkOptions(auto_link=_flag(args, "auto_link"), threshold=threshold,
                            max_links=cap, use_llm=_flag(args, "use_llm_classification"))
        return with_source(items[0], "memory_store", replace=False), links

    def _store(self, namespace: str, item: MemoryItem, links: LinkOptions) -> dict[str, Any]:
        [screened] = screen_items([item], self.settings.secrets)
        if isinstance(screened, ItemOutcome):
            return result(False, error=screened.reason)
        queue = self.store.worker_alive()
        stored = self.store.store(namespace, [screened], wait=not queue, links=links)
        return self._outcome(namespace, stored.outcomes[0], stored.queue_id, stored.warnings)

    def _lookup(self, namespace: str, queue_id: object) -> dict[str, Any]:
        if not isinstance(queue_id, str) or not queue_id.strip():
            raise InputError(f"queue_id must be a non-empty string, got {queue_id!r}")
        found = self.store.queue_status(namespace, queue_id)
        if not found.outcomes:
            return result(False, queue_id=queue_id,
                          error=f"no queued store {queue_id!r} in namespace {namespace!r}")
        return self._outcome(namespace, found.outcomes[0], queue_id, [])

    def _outcome(self, namespace: str, outcome: ItemOutcome, queue_id: str | None,
                 warnings: list[str]) -> dict[str, Any]:
        from iris.store.normalize import content_hash, normalize

        key = content_hash(normalize(outcome.content))
        if outcome.status == "queued":
            return result(True, queued=True, queue_id=queue_id, warnings=warnings)
        if outcome.status == "skipped":
            return result(True, queue_id=queue_id, id=outcome.duplicate_of, content_hash=key,
                          auto_relationships=[], duplicate_of=outcome.duplicate_of,
                          warnings=warnings)
        if outcome.status == "failed":
            return result(False, queue_id=queue_id, error=outcome.reason, warnings=warnings)
        assert outcome.id is not None  # a stored outcome names its memory
        edges = [{"target_id": dst, "type": kind, "similarity": score}
                 for src, dst, kind, score in self.store.edges(namespace, outcome.id)
                 if src == outcome.id]
        return result(True, queue_id=queue_id, id=outcome.id, content_hash=key,
                      auto_relationships=edges, warnings=warnings)


def _number(args: dict[str, Any], key: str, default: float | None, low: float,
            high: float) -> float | None:
    value = args.get(key, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise InputError(f"{key} must be a number from {low:g} to {high:g}, got {value!r}")
    return float(value)


def _flag(args: dict[str, Any], key: str) -> bool:
    value = args.get(key, True)
    if not isinstance(value, bool):
        raise InputError(f"{key} must be true or false, got {value!r}")
    return value


# --- the process-wide default, for `memory_store(**arguments)` --------------------------

_default: MemoryStoreTool | None = None
_default_lock = threading.Lock()


def set_default_store(store: Store | None, settings: Settings | None = None) -> None:
    """The store `memory_store(**arguments)` uses (None: forget it, so the next call opens
    the store of the settings then in effect)."""
    global _default
    with _default_lock:
        if store is None:
            _default = None
            return
        if settings is None:
            from iris.config import load_settings

            settings = load_settings()
        _default = MemoryStoreTool(store, settings)


def memory_store(**arguments: Any) -> dict[str, Any]:
    """Store one memory (or look up a queued store by `queue_id`); see the module docstring.
    The first call opens the store the settings describe (IRIS_* variables, config file)
    with their embedder and LLM, and keeps it for the process."""
    global _default
    with _default_lock:
        if _default is None:
            try:
                from iris.pipeline import Pipeline

                pipeline = Pipeline()
                _default = MemoryStoreTool(pipeline.store, pipeline.settings)
            except IrisError as exc:  # bad settings, an unreadable database
                return result(False, error=f"cannot open the memory store: {exc}")
        tool = _default
    return tool(arguments)
