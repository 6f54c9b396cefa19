"""`Store`: what the tools, the pipeline and the CLI need from a memory store. `MemoryStore`
is the implementation; a test double or another backend only has to match these methods."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Protocol

from iris.types import (
    PLAIN_ASK,
    Asked,
    EraseResult,
    ForgetResult,
    LinkOptions,
    MemoryItem,
    MemoryRecord,
    StoreResult,
)


class Store(Protocol):
    def store(self, namespace: str, items: list[MemoryItem], *,
              wait: bool = True, links: LinkOptions = ...) -> StoreResult: ...

    def queue_status(self, namespace: str, queue_id: str) -> StoreResult: ...

    def edges(self, namespace: str, id: int | None = None) -> list[tuple[int, int, str, float]]: ...

    def worker_alive(self) -> bool: ...

    def run_worker(self, stop: threading.Event, interval: float = 0.5,
                   report: Callable[[int], None] | None = None) -> None: ...

    def list_memories(self, namespace: str, *, query: str | None = None, limit: int = 20,
                      type: str | None = None,
                      category: str | None = None) -> list[MemoryRecord]: ...

    def recall(self, namespace: str, query: str, *, k: int = 10) -> list[MemoryRecord]: ...

    def forget(self, namespace: str, *, id: int | None = None,
               query: str | None = None, asked: Asked = PLAIN_ASK) -> ForgetResult: ...

    def forget_all(self, namespace: str, *, confirm: bool = False) -> ForgetResult: ...

    def export(self, namespace: str) -> list[MemoryRecord]: ...

    def erase(self, namespace: str) -> EraseResult: ...

    def process_queue(self, limit: int | None = None) -> int: ...

    def close(self) -> None: ...
