"""The memory store: sqlmodel tables, exact and semantic de-duplication, relationship edges,
ranked recall, forgetting and a durable queue. See `MemoryStore`."""

from iris.store.store import MemoryStore

__all__ = ["MemoryStore"]
