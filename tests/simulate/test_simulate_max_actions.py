"""The game-length cap: a game still going after ``max_actions`` actions is stopped and
recorded as such (``GameRecord.stopped``, the ``stopped`` column, ``result.stopped``,
``hoyle simulate --max-actions``), never played on for ever. The game that cannot end:
gin rummy between two players who always take the discard (the stock never shrinks,
nobody knocks)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import hoyle
import pytest
from click.testing import CliRunner
from hoyle import Action
from hoyle.cli import cli
from hoyle.errors import InvalidArgumentError
from hoyle.simulate import DEFAULT_MAX_ACTIONS, play_one, read_games, simulate

pytest.importorskip("hoyle_rummy")


class TakesTheDiscard:
    """Always draws from the discard pile, never knocks: gin can never end."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        for a in legal_actions:
            if a.kind == "draw" and a.source == "discard":
                return a
        return next(a for a in legal_actions if a.kind == "discard")


NEVER = [TakesTheDiscard, TakesTheDiscard]


def test_a_game_that_cannot_end_is_stopped_at_the_cap() -> None:
    record = play_one("gin-rummy", seed=3, bots=NEVER, max_actions=500)
    assert record.stopped and record.actions == 500
    assert record.winners == [] and record.settlement == [0, 0]
    assert record.deals == 0  # still in its first deal


def test_the_cap_is_counted_in_the_summary_and_games_under_it_are_not() -> None:
    result = simulate("gin-rummy", games=3, bots=NEVER, seed=1, max_actions=300)
    assert result.stopped == 3 and result.wins == [0, 0] and result.actions == 900
    assert all(r.stopped for r in result.records)
    ends = simulate("gin-rummy", games=3, bots=["gin", "gin"], seed=1, options={"target": 1}, max_actions=300)
    assert ends.stopped == 0 and sum(ends.wins) == 3


def test_a_game_ending_exactly_at_the_cap_is_not_stopped() -> None:
    whole = play_one("gin-rummy", seed=4, bots=["gin", "random"], options={"target": 1})
    assert not whole.stopped
    exact = play_one("gin-rummy", seed=4, bots=["gin", "random"], options={"target": 1}, max_actions=whole.actions)
    assert exact == whole
    short = play_one("gin-rummy", seed=4, bots=["gin", "random"], options={"target": 1}, max_actions=whole.actions - 1)
    assert short.stopped and short.actions == whole.actions - 1


def test_the_default_cap() -> None:
    assert DEFAULT_MAX_ACTIONS == 100_000
    record = play_one("gin-rummy", seed=5, bots=NEVER)
    assert record.stopped and record.actions == DEFAULT_MAX_ACTIONS


@pytest.mark.parametrize("bad", [0, -3, 2.5, True])
def test_a_bad_cap_is_refused(bad: Any) -> None:
    with pytest.raises(InvalidArgumentError, match="max_actions="):
        simulate("gin-rummy", games=1, bots=NEVER, max_actions=bad)


@pytest.mark.parametrize("suffix", ["jsonl", "parquet"])
def test_rows_say_which_games_were_stopped_and_resume_checks_the_cap(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"games.{suffix}"
    bots = [TakesTheDiscard, "gin"]  # the gin bot knocks in time: some games end, some not
    run: dict[str, Any] = {"games": 6, "bots": bots, "seed": 2, "options": {"target": 1}, "chunk_size": 2}
    result = simulate("gin-rummy", max_actions=40, out=out, **run)
    games = list(read_games(out))
    assert [g.record.stopped for g in games] == [g.record.winners == [] for g in games]
    assert sum(g.record.stopped for g in games) == result.stopped
    assert 0 < result.stopped < 6  # both kinds of row
    with pytest.raises(InvalidArgumentError, match="another max_actions"):
        simulate("gin-rummy", max_actions=41, out=out, **run)


def test_the_cli_cap_and_its_count() -> None:
    args = ["simulate", "gin-rummy", "-n", "2", "--bots", "random,random", "--max-actions", "5"]
    out = CliRunner().invoke(cli, [*args, "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["stopped"] == 2  # no gin game ends in five actions
    table = CliRunner().invoke(cli, args)
    assert "stopped at --max-actions 5: 2 games" in table.stdout
    ref = hoyle.simulate("gin-rummy", games=2, bots=["random", "random"], max_actions=5)
    assert ref.stopped == 2
