"""The memory store: sqlmodel tables, exact and semantic de-duplication, relationship edges,
ranked recall, forgetting and a durable queue. See `MemoryStore`.

`MemoryStore` is imported on first use, so the pure text modules here (`verifier`, `forget`)
can be used without loading SQLAlchemy and numpy (the pipeline checks every message for a
"forget everything" request)."""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from iris.store.store import MemoryStore

__all__ = ["MemoryStore"]


def __getattr__(name: str) -> Any:
    if name == "MemoryStore":
        from iris.store.store import MemoryStore

        return MemoryStore
    raise AttributeError(f"module 'iris.store' has no attribute {name!r}")
