"""Games that must end (docs/simulate.md, "Games that must end"): ``simulate`` plays an
option with a bounded value at that value unless it is given, so a game whose rules text
turns the discard pile over without end (seven-card rummy) ends by its rules instead of
being stopped at ``max_actions``; ``bounded=False`` plays the rules text's defaults."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hoyle.cli import cli
from hoyle.simulate import simulate

pytest.importorskip("hoyle_rummy")

RANDOM = ["random", "random"]


def test_bounded_games_end_by_the_rules() -> None:
    result = simulate("seven-card-rummy", games=6, bots=RANDOM, seed=4, max_actions=20_000)
    assert result.stopped == 0
    assert result.games == 6


def test_unbounded_games_are_stopped_at_the_cap() -> None:
    """The same deals under the rules text's unbounded turn-overs: random play turns the
    pile over without end and every game reaches the cap."""
    result = simulate("seven-card-rummy", games=3, bots=RANDOM, seed=4, max_actions=20_000, bounded=False)
    assert result.stopped >= 1


def test_given_options_are_kept() -> None:
    """``stock_limit=0`` given: the rules text's play, though the run is bounded."""
    result = simulate("seven-card-rummy", games=3, bots=RANDOM, seed=4, max_actions=20_000, options={"stock_limit": 0})
    assert result.stopped >= 1


def test_cli_says_what_it_bounded() -> None:
    out = CliRunner().invoke(cli, ["simulate", "seven-card-rummy", "-n", "2", "--bots", "random", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["bounded_options"] == {"deals": 3, "stock_limit": 3}
    out = CliRunner().invoke(
        cli, ["simulate", "seven-card-rummy", "-n", "2", "--json", "--option", "deals=1", "--max-actions", "5000"]
    )
    assert json.loads(out.stdout)["bounded_options"] == {"stock_limit": 3}
    out = CliRunner().invoke(cli, ["simulate", "war", "-n", "2", "--json", "--unbounded"])
    assert json.loads(out.stdout)["bounded_options"] == {}
