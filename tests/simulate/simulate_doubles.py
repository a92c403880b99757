"""Test doubles for simulate: an executor that counts the chunks it is given, and a bot
factory that lets a test find the worker playing a chunk and kill it.

:class:`KillMe`: the first bot it builds, in any process, writes that process's id to ``marker`` and waits
(at most ``wait`` seconds) to be killed; every other bot, and the bots of the retried
chunk, is a plain :class:`hoyle.RandomBot`, so the games are those of an undisturbed run.
"""

from __future__ import annotations

import concurrent.futures as cf
import os
import time
from dataclasses import dataclass
from typing import Any, ClassVar

from hoyle.bots import Bot, RandomBot


@dataclass(frozen=True)
class KillMe:
    marker: str
    wait: float = 60.0

    def __call__(self, seed: int = 0) -> Bot:
        try:
            fd = os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return RandomBot(seed)
        with os.fdopen(fd, "w") as f:
            f.write(str(os.getpid()))
        deadline = time.monotonic() + self.wait
        while time.monotonic() < deadline:  # bounded: the test kills us well before
            time.sleep(0.05)
        return RandomBot(seed)


class CountingExecutor(cf.ThreadPoolExecutor):
    """A thread pool that remembers which chunks it was given (``submit(fn, job, chunk)``)."""

    def __init__(self, workers: int = 2) -> None:
        super().__init__(max_workers=workers)
        self.chunks: list[int] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> cf.Future[Any]:
        self.chunks.append(args[1])
        return super().submit(fn, *args, **kwargs)


@dataclass(frozen=True)
class Breaks:
    """A random bot that raises once ``broken_after`` bots have been built, while
    ``Breaks.broken`` is set (a bot with a bug, fixed before the resumed run)."""

    broken_after: int
    built: ClassVar[list[int]] = [0]
    broken: ClassVar[list[bool]] = [True]

    def __call__(self, seed: int = 0) -> Bot:
        self.built[0] += 1
        if self.broken[0] and self.built[0] > self.broken_after:
            raise RuntimeError("the bot broke")
        return RandomBot(seed)
