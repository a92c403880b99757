"""``hoyle simulate``: the numbers must be those of ``hoyle.simulate``."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import hoyle
import pytest
from click.testing import CliRunner
from hoyle.cli import cli
from hoyle.cli.simulate import wilson
from hoyle.simulate import game_seed

SHORT = ["--option", "max_battles=15"]


def run_json(runner: CliRunner, *args: str) -> dict:
    result = runner.invoke(cli, ["simulate", "war", *args, "--json"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_json_summary_matches_the_library(runner: CliRunner) -> None:
    data = run_json(runner, "--games", "30", "--seed", "7", *SHORT)
    ref = hoyle.simulate("war", games=30, seed=7, options={"max_battles": 15})
    assert data["games"] == 30 and data["seed"] == 7
    assert [s["wins"] for s in data["seats"]] == ref.wins
    assert [s["mean_settlement"] for s in data["seats"]] == [t / 30 for t in ref.settlement]
    assert data["mean_actions"] == ref.mean_actions
    assert [s["bot"] for s in data["seats"]] == ["random", "random"]
    for s in data["seats"]:
        lo, hi = s["win_rate_ci95"]
        assert lo <= s["win_rate"] <= hi


def test_another_seed_gives_other_games(runner: CliRunner) -> None:
    a = run_json(runner, "--games", "30", "--seed", "7", *SHORT)
    b = run_json(runner, "--games", "30", "--seed", "8", *SHORT)
    assert a["mean_actions"] != b["mean_actions"]


def test_house_rule_and_options_reach_the_games(runner: CliRunner) -> None:
    data = run_json(
        runner,
        "-n",
        "10",
        "--seed",
        "2",
        "-o",
        "max_battles=10",
        "-o",
        "down_cards=1",
        "--house-rule",
        "war-cards-held",
    )
    ref = hoyle.simulate(
        "war", games=10, seed=2, options={"max_battles": 10, "down_cards": 1}, house_rules=["war-cards-held"]
    )
    assert [s["mean_score"] for s in data["seats"]] == [sum(r.scores[s] for r in ref.records) / 10 for s in (0, 1)]
    # Under war-cards-held each deal scores the cards held: 52 between the two seats.
    assert sum(s["mean_score"] for s in data["seats"]) == pytest.approx(52)


def test_table_shows_wins_per_seat(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["simulate", "war", "--games", "20", "--seed", "3", *SHORT], terminal_width=80)
    assert result.exit_code == 0, result.stderr
    ref = hoyle.simulate("war", games=20, seed=3, options={"max_battles": 15})
    lines = result.stdout.splitlines()
    for seat in (0, 1):
        cells = next(line.split() for line in lines if re.match(rf"^\s+{seat}\s+random\s", line))
        assert float(cells[2]) == ref.wins[seat]
        assert cells[3] == f"{ref.wins[seat] / 20:.1%}"
    assert f"{ref.mean_actions:.1f} actions" in result.stdout


def test_the_summary_fits_80_columns_with_whole_headers(runner: CliRunner) -> None:
    """Every header whole (it once read "settlem..." and "points/...") and no line over
    80 columns, for the longest unit the summaries use."""
    for variant, extra in (("war", SHORT), ("texas-holdem", ("--bots", "random,random"))):
        result = runner.invoke(cli, ["simulate", variant, "-n", "4", "--seed", "1", *extra], terminal_width=80)
        assert result.exit_code == 0, result.stderr
        assert max(map(len, result.stdout.splitlines())) <= 80, result.stdout
        for header in ("win rate", "95% CI", "mean score", "mean settlement"):
            assert header in result.stdout
        assert "…" not in result.stdout
    assert "bb/100" in result.stdout


def test_jobs_do_not_change_the_result(runner: CliRunner) -> None:
    one = run_json(runner, "-n", "24", "--seed", "5", *SHORT)
    two = run_json(runner, "-n", "24", "--seed", "5", "--jobs", "2", *SHORT)
    assert one == two


def test_out_writes_one_replayable_line_per_game(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = runner.invoke(cli, ["simulate", "war", "-n", "6", "--seed", "4", *SHORT, "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 6
    assert [line["seed"] for line in lines] == [game_seed(4, i) for i in range(6)]
    for line in lines:
        game = hoyle.Game.from_json(json.dumps(line["game"]))
        assert game.result is not None
        assert game.result["settlement"] == line["settlement"] and game.result["winners"] == line["winners"]
        assert len(line["game"]["actions"]) == line["actions"]


def test_wilson_interval_known_values() -> None:
    # Reference values of the Wilson score interval (z = 1.96).
    assert wilson(50, 100) == pytest.approx((0.40383, 0.59617), abs=1e-5)
    assert wilson(0, 10) == pytest.approx((0.0, 0.27753), abs=1e-5)
    assert wilson(10, 10) == pytest.approx((0.72247, 1.0), abs=1e-5)


def test_plot_without_matplotlib_is_one_clear_line(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    result = runner.invoke(cli, ["simulate", "war", "-n", "2", *SHORT, "--plot", str(tmp_path / "p.png")])
    assert result.exit_code == 1
    assert result.stderr.strip() == "hoyle: error: --plot needs matplotlib: pip install 'hoyle[plot]'"
    assert not (tmp_path / "p.png").exists()


def test_plot_draws_a_png(runner: CliRunner, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "p.png"
    result = runner.invoke(cli, ["simulate", "war", "-n", "5", *SHORT, "--plot", str(path)])
    assert result.exit_code == 0, result.stderr
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
