"""`Store`: what the tools, the pipeline and the CLI need from a memory store. `MemoryStore`
is the implementation; a test double or another backend only has to match these methods."""

from __future__ import annotations

from typing import Protocol

from iris.types import EraseResult, ForgetResult, MemoryItem, MemoryRecord, StoreResult


class Store(Protocol):
    def store(self, namespace: str, items: list[MemoryItem], *,
              wait: bool = True) -> StoreResult: ...

    def list_memories(self, namespace: str, *, query: str | None = None, limit: int = 20,
                      type: str | None = None,
                      category: str | None = None) -> list[MemoryRecord]: ...

    def recall(self, namespace: str, query: str, *, k: int = 10) -> list[MemoryRecord]: ...

    def forget(self, namespace: str, *, id: int | None = None,
               query: str | None = None) -> ForgetResult: ...

    def forget_all(self, namespace: str, *, confirm: bool = False) -> ForgetResult: ...

    def export(self, namespace: str) -> list[MemoryRecord]: ...

    def erase(self, namespace: str) -> EraseResult: ...

    def process_queue(self, limit: int | None = None) -> int: ...

    def close(self) -> None: ...
