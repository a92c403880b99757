"""Group commit: many tables' log lines made durable in one flush, and every answer
that shows them released only after it.

A request writes its table's lines (:meth:`TableStore.append` with ``group_commit``)
and then awaits :meth:`GroupCommit.durable` for that table. One committer task takes
everything written so far, ``fsync``-s those files together from a thread pool (off the
event loop; the file system makes the concurrent ``fsync`` s durable in one journal
commit), and releases every request whose lines are now on disk. Lines written while a
flush runs go in the next one, so under load each flush carries many tables' actions.

A failed ``fsync`` cuts that table back to its last durable line; the room rebuilds it
from there (``on_lost``) and every request waiting on the lost lines is refused with a
``503``: nothing it did stands, nothing it showed was acknowledged.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from hoyle.server.store import TableStore
from hoyle.server.validate import TableError


class GroupCommit:
    """The committer of one store; run :meth:`run` as a task, await :meth:`durable`."""

    def __init__(self, store: TableStore, on_lost: Callable[[str, int], None], threads: int = 16) -> None:
        self.store = store
        self.on_lost = on_lost
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="hoyle-fsync")
        self._wake = asyncio.Event()
        self._waiters: dict[str, list[tuple[int, asyncio.Future[None]]]] = {}
        #: How many flushes and how many lines they made durable (the load test reports them).
        self.flushes = 0
        self.lines = 0
        store.on_write = self._wake.set

    async def durable(self, table: str) -> None:
        """Return once every line written so far for ``table`` is on disk; a
        :class:`TableError` (503) if the flush that carried it failed."""
        want = self.store.written.get(table, (0, 0))[1]
        if self.store.durable.get(table, (0, 0))[1] >= want:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.setdefault(table, []).append((want, future))
        self._wake.set()
        await future

    async def run(self) -> None:
        """Flush whatever is written, again and again, until cancelled."""
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                await self.flush()
        finally:
            self._pool.shutdown(wait=True)

    async def flush(self) -> None:
        batch = self.store.pending()
        if not batch.files:
            return
        before = {t: self.store.durable.get(t, (0, 0))[1] for t in batch.files}
        failed = await asyncio.get_running_loop().run_in_executor(None, self.store.sync, batch, self._pool)
        lost = self.store.settle(batch, failed)
        self.flushes += 1
        self.lines += sum(lines - before[t] for t, (_, _, lines) in batch.files.items() if t not in failed)
        for table, kept in lost.items():
            print(f"hoyle serve: table {table}: the log could not be made durable ({failed[table]})", file=sys.stderr)
            self.on_lost(table, kept)
        self._release(lost, failed)

    def _release(self, lost: dict[str, int], failed: dict[str, OSError]) -> None:
        for table in list(self._waiters):
            durable = self.store.durable.get(table, (0, 0))[1]
            waiting = []
            for want, future in self._waiters.pop(table):
                if future.done():
                    continue
                if durable >= want:
                    future.set_result(None)
                elif table in lost or table not in self.store.written:
                    reason = failed[table].strerror if table in failed else "the table is gone"
                    future.set_exception(
                        TableError(f"the table log could not be made durable ({reason}); nothing was taken", 503)
                    )
                else:
                    waiting.append((want, future))
            if waiting:
                self._waiters[table] = waiting
                self._wake.set()
