"""Every rummy variant's default bots end 100 games: ``hoyle simulate VARIANT --games 100``
without ``--bots`` seats the variant's default bot in every seat, and no game reaches
the cap of 20,000 actions (a bounded game length, not a wall-clock threshold). Marked
``soak`` (1,900 whole games; CI runs it, ``-m "not soak"`` skips it)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hoyle.cli import cli
from hoyle.plugins import default_registry
from hoyle.simulate import simulate

CAP = 20_000
RUMMY = sorted(name for name, v in default_registry().variants.items() if v.family == "rummy")


def test_the_list_holds_the_whole_family() -> None:
    assert len(RUMMY) == 19 and {"boat-house-rummy", "indian-rummy", "contract-rummy"} <= set(RUMMY)


@pytest.mark.soak
@pytest.mark.parametrize("variant", RUMMY)
def test_default_bots_end_a_hundred_games(variant: str) -> None:
    args = ["simulate", variant, "--games", "100", "--seed", "3", "--max-actions", str(CAP), "--json"]
    out = CliRunner().invoke(cli, args)
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    bot = default_registry().default_bot(variant)
    assert bot != "random" and [s["bot"] for s in data["seats"]] == [bot] * len(data["seats"])
    assert data["games"] == 100
    assert data["stopped"] == 0, f"{variant}: {data['stopped']} games ran past {CAP} actions"
    assert sum(s["wins"] for s in data["seats"]) == pytest.approx(100)  # every game has a winner
    assert data["mean_actions"] < CAP


def test_a_stopped_game_would_be_seen() -> None:
    """The check above can fail: the same run with a cap below its games' length stops them."""
    result = simulate("seven-card-rummy", games=5, seed=3, max_actions=20)
    assert result.stopped == 5
