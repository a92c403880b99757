"""Native games (docs/simulate.md, "Native games"): a run whose variant and bots have a
native form plays its chunks in compiled code, and every record is the one the Python
engine and bots give for the same seed."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hoyle.simulate.chunks import Job, play_chunk
from hoyle.simulate.native import native_runner
from hoyle.simulate.play import GameRecord


def records(job: Job) -> list[tuple[Any, ...]]:
    return [
        (
            g.index,
            g.record.seed,
            g.record.settlement,
            g.record.scores,
            g.record.winners,
            g.record.actions,
            g.record.deals,
            g.record.stopped,
        )
        for c in range(job.chunks)
        for g in play_chunk(job, c)
    ]


def python_records(job: Job) -> list[tuple[Any, ...]]:
    """The same games by the Python engine (a kept game has no native form)."""
    return records(dataclasses.replace(job, keep_games=True))


@pytest.mark.parametrize(
    ("bots", "options"),
    [
        (("random", "random"), {}),
        (("random",) * 3, {"structure": "pot-limit", "ante": 1}),
        (("random",) * 6, {"structure": "fixed-limit", "stack": 30}),
        (("random",) * 4, {"blinds": "1 2 4", "antes": "0 2", "short_all_in": "half-bet"}),
    ],
)
def test_native_records_are_the_python_records(bots: tuple[str, ...], options: dict[str, Any]) -> None:
    job = Job("texas-holdem", seed=11, games=150, chunk_size=40, bots=bots, options=options)
    assert native_runner(job) is not None
    assert records(job) == python_records(job)


def test_a_game_longer_than_max_actions_is_stopped_as_the_python_engine_stops_it() -> None:
    job = Job("texas-holdem", seed=3, games=60, chunk_size=60, bots=("random",) * 3, max_actions=3)
    got = records(job)
    assert any(r[7] for r in got) and not all(r[7] for r in got)
    assert got == python_records(job)


@pytest.mark.parametrize(
    "job",
    [
        Job("texas-holdem", seed=1, games=2, chunk_size=2, bots=("poker", "random")),
        Job("texas-holdem", seed=1, games=2, chunk_size=2, bots=("random", "random"), options={"hands": 3}),
        Job(
            "texas-holdem", seed=1, games=2, chunk_size=2, bots=("random", "random"), options={"procedure": "cardroom"}
        ),
        Job("omaha", seed=1, games=2, chunk_size=2, bots=("random", "random")),
        Job("gin-rummy", seed=1, games=2, chunk_size=2, bots=("random", "random")),
    ],
)
def test_settings_without_a_native_form_are_played_by_the_python_engine(job: Job) -> None:
    assert native_runner(job) is None


@pytest.mark.parametrize("backend", ["serial", "process"])
def test_a_run_without_records_sums_the_native_games_as_the_python_engine(backend: str) -> None:
    from hoyle.bots import RandomBot
    from hoyle.simulate import simulate

    options = {"structure": "pot-limit", "stack": 40}
    fast = simulate(
        "texas-holdem",
        500,
        ["random"] * 3,
        seed=9,
        options=options,
        keep_records=False,
        backend=backend,
        jobs=2,
        chunk_size=64,
    )
    # a bot given as a factory has no native form: the Python engine plays every game
    slow = simulate("texas-holdem", 500, [RandomBot] * 3, seed=9, options=options, chunk_size=64)
    assert fast.records == [] and len(slow.records) == 500
    assert (fast.wins, fast.settlement, fast.stopped) == (slow.wins, slow.settlement, slow.stopped)
    assert (fast.mean_actions, fast.mean_deals) == (slow.mean_actions, slow.mean_deals)
    assert [fast.settlement_ci95(s) for s in range(3)] == [slow.settlement_ci95(s) for s in range(3)]


def test_large_settlements_sum_exactly() -> None:
    import numpy as np
    from hoyle.simulate.stats import Tally

    won = np.array([[3_000_000_000, -3_000_000_000], [-5, 5]], dtype=np.int64)
    columns, records = Tally(2), Tally(2)
    columns.add_columns(won, np.array([2, 3], dtype=np.uint32))
    for row, n in zip(won.tolist(), [2, 3]):
        best = max(row)
        records.add(GameRecord(0, row, list(row), [s for s, x in enumerate(row) if x == best], n, 1))
    assert vars(columns) == vars(records)
