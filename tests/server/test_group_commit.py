"""Group commit (issue 31 item 8): several tables' log lines made durable in one flush,
every acknowledgement released only after the flush that carries its lines, and a
failed ``fsync`` refusing exactly the actions it would have made durable.

The file system's ``fsync`` is held back by the test (a gate in front of the store's
``sync``), so what goes in which flush is decided by the test, not by timing."""

from __future__ import annotations

import asyncio
import errno
import json
import threading
from collections.abc import Mapping
from concurrent.futures import Executor
from pathlib import Path

import pytest
from hoyle.server import TableError, TableRoom, TableStore
from hoyle.server.commit import GroupCommit
from hoyle.server.store import Batch


class HeldStore(TableStore):
    """A store whose ``fsync`` waits at a gate and can be told to fail for a table."""

    def __init__(self, directory: Path) -> None:
        super().__init__(directory, group_commit=True)
        self.gate = threading.Event()
        self.entered = threading.Event()
        self.syncs: list[set[str]] = []
        self.fail: set[str] = set()

    def sync(self, batch: Batch, pool: Executor) -> dict[str, OSError]:
        self.entered.set()
        self.gate.wait(timeout=60)
        self.syncs.append(set(batch.files))
        failed = super().sync(batch, pool)
        for table in self.fail & set(batch.files):
            failed[table] = OSError(errno.EIO, "Input/output error")
        return failed


def _lines(store: TableStore, table: str) -> list[Mapping[str, object]]:
    return [json.loads(x) for x in (store.directory / f"{table}.jsonl").read_text().splitlines()]


def _war_tables(room: TableRoom, count: int) -> list[tuple[str, int]]:
    made = [room.create({"variant": "war", "players": 2, "bots": {"1": "random"}}) for _ in range(count)]
    return [(table, next(iter(tokens))) for table, tokens in made]


def test_lines_written_during_a_flush_go_together_in_the_next_and_wait_for_it(tmp_path: Path) -> None:
    async def run() -> None:
        store = HeldStore(tmp_path / "store")
        room = TableRoom(store)
        commit = GroupCommit(store, room.lost)
        task = asyncio.ensure_future(commit.run())
        tables = _war_tables(room, 3)
        first = asyncio.ensure_future(commit.durable(tables[0][0]))
        await asyncio.to_thread(store.entered.wait, 60)  # the first flush has started, held at the gate
        for table, seat in tables:
            room.act(table, seat, "play")
        waits = [asyncio.ensure_future(commit.durable(table)) for table, _ in tables]
        await asyncio.sleep(0)
        assert not first.done() and not any(w.done() for w in waits)  # nothing acknowledged before its flush
        store.gate.set()
        await asyncio.wait_for(asyncio.gather(first, *waits), timeout=60)
        # the first flush took the three creations; the actions of all three tables went in one more
        assert store.syncs == [{t for t, _ in tables}] * 2 and commit.flushes == 2
        for table, seat in tables:
            assert {"seat": seat, "action": "play"} in _lines(store, table)[1:]
        task.cancel()

    asyncio.run(run())


def test_a_failed_fsync_refuses_that_tables_actions_and_rolls_it_back_the_others_stand(tmp_path: Path) -> None:
    async def run() -> None:
        store = HeldStore(tmp_path / "store")
        store.gate.set()
        room = TableRoom(store)
        commit = GroupCommit(store, room.lost)
        task = asyncio.ensure_future(commit.run())
        (bad, bad_seat), (good, good_seat) = _war_tables(room, 2)
        await asyncio.gather(commit.durable(bad), commit.durable(good))
        before = room.state(bad, bad_seat)
        lines = _lines(store, bad)
        store.fail = {bad}
        room.act(bad, bad_seat, "play")
        room.act(good, good_seat, "play")
        with pytest.raises(TableError) as refused:
            await asyncio.wait_for(commit.durable(bad), timeout=60)
        assert refused.value.status == 503 and "durable" in str(refused.value)
        await asyncio.wait_for(commit.durable(good), timeout=60)
        after = room.state(bad, bad_seat)
        assert after["version"] == before["version"] and after["view"] == before["view"]
        assert _lines(store, bad) == lines  # the log holds what was durable, nothing more
        assert {"seat": good_seat, "action": "play"} in _lines(store, good)[1:]
        store.fail = set()
        room.act(bad, bad_seat, "play")  # the same action again, now durable
        await asyncio.wait_for(commit.durable(bad), timeout=60)
        assert _lines(store, bad)[len(lines)] == {"seat": bad_seat, "action": "play"}
        task.cancel()

    asyncio.run(run())
