"""``hoyle rank``, ``hoyle equity`` and ``hoyle meld``. The poker and rummy tests run
once ``hoyle.poker`` / ``hoyle.rummy`` are part of the installation; the error for a
missing module is tested always."""

from __future__ import annotations

import json
import sys

import pytest
from click.testing import CliRunner
from hoyle.cli import cli


def invoke_json(runner: CliRunner, *args: str) -> dict:
    result = runner.invoke(cli, [*args, "--json"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize(
    ("command", "module"),
    [
        (["rank", "As Ks Qs Js Ts"], "hoyle.poker"),
        (["equity", "Ah Kh", "Qs Qd"], "hoyle.poker"),
        (["meld", "7d 7s 7h"], "hoyle.rummy"),
    ],
)
def test_missing_module_is_one_clear_line(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, command: list[str], module: str
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # import now raises ImportError
    result = runner.invoke(cli, command)
    assert result.exit_code == 1
    assert result.stderr == f"hoyle: error: {module} is not available in this installation\n"


def test_exact_and_samples_exclude_each_other(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["equity", "Ah Kh", "Qs Qd", "--exact", "--samples", "10"])
    assert result.exit_code == 2 and "--exact and --samples exclude each other" in result.stderr


# --- poker ---------------------------------------------------------------------------


@pytest.fixture
def poker() -> object:
    return pytest.importorskip("hoyle.poker")


def test_rank_full_house(runner: CliRunner, poker: object) -> None:
    data = invoke_json(runner, "rank", "Kh Kd Ks 4c 4s 2d 9h")
    assert data["category"] == "FULL_HOUSE"
    assert sorted(data["cards"]) == sorted(["Kh", "Kd", "Ks", "4c", "4s"])
    text = runner.invoke(cli, ["rank", "Kh Kd Ks 4c", "--board", "4s 2d 9h"])
    assert text.exit_code == 0 and text.stdout.splitlines()[0] == "Full house, kings over fours"


def test_rank_omaha_uses_exactly_two_hole_cards(runner: CliRunner, poker: object) -> None:
    # Four hearts in the hand and one on the board: no flush in Omaha, just ace high.
    data = invoke_json(runner, "rank", "Th 2c 3d 8s 4s", "--omaha", "Ah Kh Qh Jh")
    assert data["category"] == "HIGH_CARD"
    assert sorted(data["cards"]) == sorted(["Ah", "Kh", "Th", "8s", "4s"])


def test_rank_lows_and_wilds(runner: CliRunner, poker: object) -> None:
    wheel = invoke_json(runner, "rank", "As 2d 3c 4h 5s Kd Kc", "--low", "ace-to-five")
    assert sorted(wheel["cards"]) == sorted(["As", "2d", "3c", "4h", "5s"])
    none = runner.invoke(cli, ["rank", "9s 7d 6c 4h 2s Kd Qc", "--low", "eight-or-better"])
    assert none.exit_code == 0 and none.stdout.strip() == "No qualifying low."
    wild = invoke_json(runner, "rank", "2c 2d 2h 7s 8s", "--wild", "2")
    assert wild["category"] == "STRAIGHT_FLUSH"
    bad = runner.invoke(cli, ["rank", "2c 2d 2h 7s 8s", "--wild", "2", "--low", "ace-to-five"])
    assert bad.exit_code == 2 and bad.stderr.startswith("hoyle: error: --wild applies to high hands")


def test_rank_bad_card_is_one_line(runner: CliRunner, poker: object) -> None:
    result = runner.invoke(cli, ["rank", "As Ks Qs Js Zs"])
    assert result.exit_code == 2
    assert result.stderr.startswith("hoyle: error: ") and "Zs" in result.stderr and len(result.stderr.splitlines()) == 1


def test_equity_exact_heads_up(runner: CliRunner, poker: object) -> None:
    data = invoke_json(runner, "equity", "Ah Kh", "Qs Qd", "--exact")
    assert data["exact"] is True
    assert data["boards"] == 1712304  # C(48, 5) boards
    assert data["hands"][0]["equity"] == pytest.approx(0.46214, abs=1e-5)
    assert sum(h["equity"] for h in data["hands"]) == pytest.approx(1.0)


def test_equity_sampled_is_seeded(runner: CliRunner, poker: object) -> None:
    a = invoke_json(runner, "equity", "Ah Kh", "Qs Qd", "7c 7d", "--samples", "2000", "--seed", "3")
    b = invoke_json(runner, "equity", "Ah Kh", "Qs Qd", "7c 7d", "--samples", "2000", "--seed", "3")
    assert a == b and a["exact"] is False and a["boards"] == 2000


def test_equity_on_a_river_board(runner: CliRunner, poker: object) -> None:
    data = invoke_json(runner, "equity", "Ah Kh", "Qs Qd", "--board", "Qh Jh Th 2c 3d")
    assert [h["win"] for h in data["hands"]] == [1.0, 0.0]  # royal flush against a set


# --- rummy ---------------------------------------------------------------------------


@pytest.fixture
def rummy() -> object:
    return pytest.importorskip("hoyle.rummy")


def test_meld_least_deadwood(runner: CliRunner, rummy: object) -> None:
    # The run 7h 8h 9h leaves 7d 7s (14); the set of sevens would leave 8h 9h (17).
    data = invoke_json(runner, "meld", "7d 7s 7h 8h 9h")
    assert data["deadwood_value"] == 14
    assert [m["kind"] for m in data["melds"]] == ["run"]
    assert sorted(data["deadwood"]) == ["7d", "7s"]
    assert data["gin"] is False


def test_meld_with_discard(runner: CliRunner, rummy: object) -> None:
    # 3d-6d and 4s-6s are runs; of 2c 2h 5h 6h, discarding 6h leaves 2 + 2 + 5 = 9.
    data = invoke_json(runner, "meld", "2c 2h 3d 4d 4s 5d 5h 5s 6d 6h 6s", "--discard")
    assert data["deadwood_value"] == 9
    assert data["discard"] == "6h"


def test_meld_unknown_preset(runner: CliRunner, rummy: object) -> None:
    result = runner.invoke(cli, ["meld", "7d 7s 7h", "--rules", "canasta"])
    assert result.exit_code == 2
    assert "unknown meld rules 'canasta'" in result.stderr and "gin" in result.stderr
