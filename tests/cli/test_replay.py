"""``hoyle replay``."""

from __future__ import annotations

import json
from pathlib import Path

import hoyle
import pytest
from click.testing import CliRunner
from hoyle.cli import cli


def played_game(seed: int) -> hoyle.Game:
    game = hoyle.new_game("war", seed=seed, options={"max_battles": 12})
    while not game.is_over:
        game.act("play")
    return game


def test_replays_game_records_to_their_results(runner: CliRunner, tmp_path: Path) -> None:
    games = [played_game(1), played_game(2)]
    path = tmp_path / "games.jsonl"
    path.write_text("".join(g.to_json() + "\n" for g in games))
    result = runner.invoke(cli, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [d["result"] for d in data] == [g.result for g in games]
    assert [d["seed"] for d in data] == [1, 2]
    assert [d["actions"] for d in data] == [len(g.record["actions"]) for g in games]


def test_replays_what_simulate_writes(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "sim.jsonl"
    assert (
        runner.invoke(
            cli, ["simulate", "war", "-n", "4", "--seed", "9", "-o", "max_battles=10", "--out", str(path)]
        ).exit_code
        == 0
    )
    result = runner.invoke(cli, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    recorded = [json.loads(line) for line in path.read_text().splitlines()]
    assert [d["result"]["settlement"] for d in json.loads(result.stdout)] == [r["settlement"] for r in recorded]


def test_text_output_names_the_winner(runner: CliRunner, tmp_path: Path) -> None:
    game = played_game(3)
    path = tmp_path / "g.jsonl"
    path.write_text(game.to_json() + "\n")
    result = runner.invoke(cli, ["replay", str(path)])
    assert result.exit_code == 0, result.stderr
    assert game.result is not None
    winners = game.result["winners"]
    expected = "a draw" if len(winners) == 2 else f"player {winners[0] + 1} wins"
    assert (
        f"record 1: war, seed 3, {len(game.record['actions'])} actions: Game over after 1 deal: {expected}"
        in result.stdout
    )


def test_step_shows_each_action_and_its_cards(runner: CliRunner, tmp_path: Path) -> None:
    game = played_game(4)
    path = tmp_path / "g.jsonl"
    path.write_text(game.to_json() + "\n")
    first_card = next(e for e in game.events if e.type == "play").cards[0]
    result = runner.invoke(cli, ["replay", str(path), "--step"], input="\n\nc\n")
    assert result.exit_code == 0, result.stderr
    assert f"player 1 play {first_card} (pile:0 -> table:0)" in result.stdout  # a replay shows every card
    assert result.stdout.count("Enter for the next action") == 3  # stopped asking after "c"
    assert "Game over after 1 deal" in result.stdout


def test_an_action_that_does_not_replay_is_one_error_line(runner: CliRunner, tmp_path: Path) -> None:
    record = json.loads(played_game(5).to_json())
    record["actions"][3] = [record["actions"][3][0], "fold"]
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(record) + "\n")
    result = runner.invoke(cli, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.stderr.startswith("hoyle: error: record 1: action 3 (")
    assert "does not replay" in result.stderr and len(result.stderr.splitlines()) == 1


def test_a_recorded_result_that_differs_is_an_error(runner: CliRunner, tmp_path: Path) -> None:
    game = played_game(6)
    assert game.result is not None
    wrong = [1 - v for v in game.result["settlement"]]
    path = tmp_path / "sim.jsonl"
    path.write_text(json.dumps({"settlement": wrong, "game": json.loads(game.to_json())}) + "\n")
    result = runner.invoke(cli, ["replay", str(path)])
    assert result.exit_code == 2
    assert f"replayed settlement {game.result['settlement']} differs from the recorded {wrong}" in result.stderr


def test_not_json(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text("\nhello\n")
    result = runner.invoke(cli, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"hoyle: error: {path}, line 2: not JSON")


def test_empty_file(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text("")
    result = runner.invoke(cli, ["replay", str(path)])
    assert result.exit_code == 2 and "no game records" in result.stderr


def test_phh_hand_history_replays(runner: CliRunner, tmp_path: Path) -> None:
    pytest.importorskip("hoyle_poker")
    from hoyle import phh

    game = hoyle.new_game("texas-holdem", players=3, seed=5)
    while not game.is_over:
        game.act(game.legal_actions()[-1])  # the last listed action: all-in or the biggest
    assert game.result is not None
    path = tmp_path / "hand.phh"
    path.write_text(phh.dump(game))
    result = runner.invoke(cli, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)[0]["result"]["stacks"] == game.result["stacks"]


def test_broken_phh_is_one_clear_error(runner: CliRunner, tmp_path: Path) -> None:
    pytest.importorskip("hoyle_poker")
    path = tmp_path / "hand.phh"
    path.write_text("variant = 'NT'\n")
    result = runner.invoke(cli, ["replay", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith("hoyle: error:")
