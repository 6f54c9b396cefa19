"""The memory store: sqlmodel tables, exact and semantic de-duplication, relationship edges,
ranked recall, forgetting, erasure, a durable queue and schema migrations. See `MemoryStore`
(the implementation) and `Store` (the protocol the tools and the pipeline depend on).

`MemoryStore` is imported on first use, so the pure text modules here (`verifier`, `forget`)
can be used without loading SQLAlchemy and numpy (the pipeline checks every message for a
"forget everything" request)."""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from iris.store.protocol import Store
    from iris.store.store import MemoryStore

__all__ = ["MemoryStore", "Store"]


def __getattr__(name: str) -> Any:
    if name == "MemoryStore":
        from iris.store.store import MemoryStore

        return MemoryStore
    if name == "Store":
        from iris.store.protocol import Store

        return Store
    raise AttributeError(f"module 'iris.store' has no attribute {name!r}")
