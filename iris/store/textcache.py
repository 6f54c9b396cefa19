"""A least-recently-used cache of a function of one text that can drop single texts.

`functools.lru_cache` can only be cleared whole, so forgetting one memory used to clear every
memory's word analysis, and the next forget on a large user analysed them all again. The
store drops just the forgotten texts (their words must not stay in memory), and clears all
only on an erase of a whole user."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from functools import update_wrapper
from typing import Generic, TypeVar

T = TypeVar("T")


class TextCache(Generic[T]):
    def __init__(self, function: Callable[[str], T], maxsize: int):
        self._function = function
        self._maxsize = maxsize
        self._values: OrderedDict[str, T] = OrderedDict()
        self._lock = threading.Lock()
        update_wrapper(self, function)

    def __call__(self, text: str) -> T:
        with self._lock:
            if text in self._values:
                self._values.move_to_end(text)
                return self._values[text]
        value = self._function(text)
        with self._lock:
            self._values[text] = value
            if len(self._values) > self._maxsize:
                self._values.popitem(last=False)
        return value

    def uncached(self, text: str) -> T:
        """The value, neither looked up nor kept (for text that must not stay in memory)."""
        return self._function(text)

    def discard(self, texts: Iterable[str]) -> None:
        with self._lock:
            for text in texts:
                self._values.pop(text, None)

    def cache_clear(self) -> None:
        with self._lock:
            self._values.clear()

    def __len__(self) -> int:
        return len(self._values)


def text_cache(maxsize: int) -> Callable[[Callable[[str], T]], TextCache[T]]:
    """Decorator: `@text_cache(8192) def analyze(text) -> Analysis`."""
    def wrap(function: Callable[[str], T]) -> TextCache[T]:
        return TextCache(function, maxsize)
    return wrap
