"""The one bounded cache: every module-level cache in hoyle and its plugins is one of these.

A :class:`BoundedCache` is a dict that makes a missing value with its ``make`` function
on first use and empties itself when it reaches ``limit`` entries, so a long session
with many distinct keys (zone names, bet amounts, option sets) cannot grow it without
bound. A hit is a plain dict lookup in C (``cache[key]``), which is why the engine's
per-action caches use it (see ``benches/test_bench_engine.py``).

    >>> squares = BoundedCache(lambda n: n * n, limit=2)
    >>> squares[3], squares[4], len(squares)
    (9, 16, 2)
    >>> squares[5], len(squares)     # full: emptied, then 5 is added
    (25, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from hoyle.errors import InvalidArgumentError

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class BoundedCache(dict[K, V]):
    """``make(key)`` remembered for each key, at most ``limit`` keys at a time (full, it
    is emptied and starts again: the working set of a game refills it at once)."""

    __slots__ = ("limit", "make")

    def __init__(self, make: Callable[[K], V], limit: int) -> None:
        if not isinstance(limit, int) or limit < 1:
            raise InvalidArgumentError(f"cache limit {limit!r}: give a positive int")
        super().__init__()
        self.make = make
        self.limit = limit

    def __missing__(self, key: K) -> V:
        if len(self) >= self.limit:
            self.clear()
        value = self[key] = self.make(key)
        return value

    def __repr__(self) -> str:
        return f"<BoundedCache {len(self)}/{self.limit} of {getattr(self.make, '__qualname__', self.make)!r}>"
