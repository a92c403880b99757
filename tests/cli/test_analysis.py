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
