"""The memory store: sqlmodel tables, exact and semantic de-duplication, relationship edges,
ranked recall, forgetting, erasure, a durable queue and schema migrations. See `MemoryStore`
(the implementation) and `Store` (the protocol the tools and the pipeline depend on)."""

from iris.store.protocol import Store
from iris.store.store import MemoryStore

__all__ = ["MemoryStore", "Store"]
