"""A memo for the offline extractor's pure text functions, kept for one message only.

The rules read the same spans again and again: a fact's start is cleaned, its command
stripped and the result cleaned again; the tail of each piece is read for closers, hedges
and sign-offs by several rules, each asking whether what is left is a clause. A function
marked `per_message` answers a call it has already answered during the same message from
the memo instead of reading again.

The memo lives only inside `message()` (`split_facts` opens it): one message never answers
from another's reading, so the time per message measured in the benchmark is what the
message costs alone, and outside an extraction every call reads as before. It is bounded:
at most `MAX_ENTRIES` results per message, and a call on a text longer than
`MAX_TEXT_CHARS` is not kept (a 40 KB message must not hold copies of its prefixes).

Only for functions whose result depends on their arguments alone and is immutable (str,
int, bool, float): a cached list would be shared by every caller.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

# Results kept per message: a long list message asks a few thousand questions at most
# before the memo stops taking more (it then reads as without a memo).
MAX_ENTRIES = 4096
MAX_TEXT_CHARS = 2000

_MISSING = object()
# Each thread (and task) of a server extracting at the same time has its own memo.
_table: ContextVar[dict[tuple[object, ...], object] | None] = ContextVar("_table", default=None)


@contextmanager
def message() -> Iterator[None]:
    """A fresh memo for the calls made inside; one already open (a nested extraction of a
    part of the same message) is kept."""
    if _table.get() is not None:
        yield
        return
    token = _table.set({})
    try:
        yield
    finally:
        _table.reset(token)


def per_message(func: Callable[P, R]) -> Callable[P, R]:
    """`func(text, ...)` memoised inside `message()`; called straight through outside. The
    text is the first positional argument: a call without one is not kept."""

    @wraps(func)
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        table = _table.get()
        if table is None or not args or not isinstance(args[0], str) \
                or len(args[0]) > MAX_TEXT_CHARS:
            return func(*args, **kwargs)
        key = (call, *args, *kwargs.items()) if kwargs else (call, *args)
        found = table.get(key, _MISSING)  # most calls miss: no exception raised for them
        if found is not _MISSING:
            return found  # type: ignore[return-value]  # stored by this function
        result = func(*args, **kwargs)
        if len(table) < MAX_ENTRIES:
            table[key] = result
        return result

    return call


def within_message(func: Callable[P, R]) -> Callable[P, R]:
    """`func` with its calls inside one `message()`: the extraction of one message."""

    @wraps(func)
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        with message():
            return func(*args, **kwargs)

    return call
