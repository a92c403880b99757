"""Table expiry (``--idle-expiry``, ``--finished-expiry``): the room's expiry heap
deletes exactly the tables the plain rule deletes - an unfinished table once
``idle_expiry`` seconds have passed since its last action, a finished one once
``finished_expiry`` have - checked against that rule, written here, along random
sequences of new tables, actions (some ending the game), waits and sweeps."""

from __future__ import annotations

from typing import Any

from hoyle.server.tables import TableRoom
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

LIMITS = st.one_of(st.none(), st.integers(1, 40).map(float), st.floats(0.5, 40.0))
HUMANS = {"variant": "texas-holdem", "players": 2, "seed": 1, "practice": True}
#: A table whose bots play the hand to its end inside its creation: finished at once.
BOTS = {**HUMANS, "bots": {"0": "random", "1": "random"}}


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def expected(room: TableRoom, last: dict[str, float], idle: float | None, finished: float | None) -> set[str]:
    """The tables the plain rule keeps at ``room.now()``, from the test's own record of
    each table's last action."""
    now = room.now()
    keep = set()
    for table_id, at in last.items():
        limit = finished if room.table(table_id).game.is_over else idle
        if limit is None or now - at < limit:
            keep.add(table_id)
    return keep


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(idle=LIMITS, finished=LIMITS, data=st.data())
def test_the_heap_expires_the_tables_the_plain_rule_expires(
    idle: float | None, finished: float | None, data: st.DataObject
) -> None:
    clock = Clock()
    room = TableRoom(idle_expiry=idle, finished_expiry=finished, now=clock)
    last: dict[str, float] = {}  # table -> the time of its last action (or creation)
    for _ in range(data.draw(st.integers(1, 40), label="steps")):
        step = data.draw(st.sampled_from(["humans", "bots", "act", "act", "wait", "wait", "sweep"]), label="step")
        if step in ("humans", "bots"):
            table_id, _ = room.create(HUMANS if step == "humans" else BOTS)  # creating sweeps first
            last = {t: at for t, at in last.items() if t in room.tables}
            last[table_id] = clock.t
        elif step == "act":
            open_tables = [t for t in last if not room.table(t).game.is_over]  # in order made
            if open_tables:
                table_id = data.draw(st.sampled_from(open_tables), label="table")
                game = room.table(table_id).game
                seat = game.to_act
                assert seat is not None
                legal = game.legal_actions(seat)
                room.act(table_id, seat, str(data.draw(st.sampled_from(legal), label="action")))
                last[table_id] = clock.t
        elif step == "wait":
            clock.t += data.draw(st.sampled_from([0.25, 0.5, 1.0, 3.0, 10.0, 39.5, 40.0]), label="seconds")
        else:
            keep = expected(room, last, idle, finished)
            gone = room.expire()
            assert set(gone) == set(last) - keep
            assert set(room.tables) == keep
            last = {t: at for t, at in last.items() if t in keep}


def test_a_sweep_looks_only_at_the_tables_due() -> None:
    """A thousand tables, none due: a sweep pops nothing from the heap (the sweep is not
    a pass over every table), and the tables' entries stay one each."""
    clock = Clock()
    room = TableRoom(idle_expiry=60.0, finished_expiry=10.0, now=clock)
    made: list[Any] = [room.create(HUMANS)[0] for _ in range(1000)]
    heap = room._expiries
    assert len(heap) == len(made)
    clock.t += 9.0
    assert room.expire() == [] and len(heap) == len(made)
    clock.t += 1.0  # the shorter limit has passed: each table is looked at once, put back at 60 s
    assert room.expire() == [] and len(heap) == len(made)
    assert min(due for due, _ in heap) == 160.0
