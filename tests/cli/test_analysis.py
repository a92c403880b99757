"""``hoyle range``, ``hoyle icm`` and ranges in ``hoyle equity`` (issue 29)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hoyle.cli import cli

pytest.importorskip("hoyle.poker")


def invoke_json(runner: CliRunner, *args: str) -> dict:
    result = runner.invoke(cli, [*args, "--json"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_range_json(runner: CliRunner) -> None:
    data = invoke_json(runner, "range", "ATs+,KQo")
    # ATs..AKs: 4 classes x 4 suited combos; KQo: 12 offsuit combos.
    assert data["combos"] == 28 and data["size"] == 28
    assert data["percent"] == pytest.approx(28 / 1326 * 100)
    assert data["range"] == "ATs+,KQo"
    assert len(data["hands"]) == 28


def test_range_board_removes_combos(runner: CliRunner) -> None:
    data = invoke_json(runner, "range", "QQ+,AKs", "--board", "Ah 7c 2d")
    assert data["combos"] == 18


def test_range_grid_and_bad_token(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["range", "QQ+"])
    assert result.exit_code == 0 and "18 combos" in result.stdout and "AKs" in result.stdout
    result = runner.invoke(cli, ["range", "QQ+,AXs"])
    assert result.exit_code == 2 and '"AXs"' in result.stderr


def test_icm(runner: CliRunner) -> None:
    data = invoke_json(runner, "icm", "5000", "3000", "2000", "--payouts", "50", "30", "20")
    # Player 1: 50/2 + 30 * 19/56 + 20 * 9/56 (docs/poker-analysis.md).
    assert data["players"][0]["equity"] == pytest.approx(25 + 30 * 19 / 56 + 20 * 9 / 56)
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(100)
    result = runner.invoke(cli, ["icm", "5000", "3000"])
    assert result.exit_code == 2 and "--payouts" in result.stderr


def test_equity_takes_ranges(runner: CliRunner) -> None:
    data = invoke_json(runner, "equity", "AsKs", "QQ+,AK", "--board", "Ah 7c 2d", "--exact")
    assert data["exact"] and sum(h["equity"] for h in data["hands"]) == pytest.approx(1.0)


def test_push_fold_json_is_chip_ev_heads_up(runner: CliRunner) -> None:
    """Heads-up with two prizes the $EV is 35 + 30 * chips / 8000. The big blind calls
    with AA only (6 of the 1225 hands without Ks Qd); the showdown against AA is
    poker.equity's, exact."""
    from hoyle import poker

    e = poker.equity(["Ks Qd", "AA"], exact=True)
    win, tie = e.win[0], e.tie[0]
    args = ["push-fold", "Ks Qd", "1500", "6500", "--payouts", "65", "35", "--calls", "AA", "--blinds", "100", "200"]
    data = invoke_json(runner, *args, "--exact")
    p = 6 / 1225
    chips = (1 - p) * 1700 + p * (win * 3000 + tie * 1500)
    assert data["seat"] == 0 and data["exact"] and data["push"]
    assert data["p_called"] == pytest.approx(p)
    assert data["chips_push"] == pytest.approx(chips) and data["chips_fold"] == 1400
    assert data["ev_push"] == pytest.approx(35 + 30 * chips / 8000)
    assert data["ev_fold"] == pytest.approx(35 + 30 * 1400 / 8000)


def test_push_fold_table_and_errors(runner: CliRunner) -> None:
    base = ["push-fold", "7c 2d", "2000", "8000", "--payouts", "60", "40", "--calls", "random"]
    result = runner.invoke(cli, [*base, "--blinds", "50", "100", "--seed", "1"])
    assert result.exit_code == 0 and "FOLD" in result.stdout and "called 100.00%" in result.stdout
    result = runner.invoke(cli, [*base, "--calls", "random", "--blinds", "50", "100"])
    assert result.exit_code == 2 and "calling=2" in result.stderr
    result = runner.invoke(cli, ["push-fold", "7c 2d", "2000", "8000", "--calls", "random", "--blinds", "50", "100"])
    assert result.exit_code == 2 and "--payouts" in result.stderr
