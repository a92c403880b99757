"""``hoyle play`` through Click's runner (the pseudo-terminal test is test_pty.py)."""

from __future__ import annotations

from typing import Any

import hoyle
import pytest
from click.testing import CliRunner
from hoyle import bots
from hoyle.cli import cli
from hoyle.plugins import default_registry


def war_result(seed: int, max_battles: int) -> dict[str, Any]:
    """War has one legal action, so a seed fixes the game whoever plays."""
    game = hoyle.new_game("war", seed=seed, options={"max_battles": max_battles})
    while not game.is_over:
        game.act("play")
    assert game.result is not None
    return game.result


def expected_line(result: dict[str, Any], you: int) -> str:
    winners = result["winners"]
    if len(winners) == 2:
        return "a draw"
    return "you win" if winners == [you] else f"player {winners[0] + 1} wins"


def play(runner: CliRunner, *args: str, input: str) -> Any:
    return runner.invoke(cli, ["play", "war", *args], input=input, terminal_width=120)


@pytest.mark.parametrize(("seed", "seat"), [(3, 0), (11, 1)])
def test_plays_to_the_end_and_prints_the_result(runner: CliRunner, seed: int, seat: int) -> None:
    result = play(runner, "--seed", str(seed), "--seat", str(seat), "-o", "max_battles=6", input="play\n" * 40)
    assert result.exit_code == 0, result.stderr
    expected = war_result(seed, 6)
    assert f"Game over after 1 deal: {expected_line(expected, seat)}" in result.stdout
    assert f"You are seat {seat} (player {seat + 1}); seed {seed}." in result.stdout


def test_shows_the_cards_played_and_the_counts(runner: CliRunner) -> None:
    game = hoyle.new_game("war", seed=3, options={"max_battles": 6})
    game.act("play")
    game.act("play")
    mine, theirs = (e.cards[0] for e in game.events if e.type == "play")
    result = play(runner, "--seed", "3", "-o", "max_battles=6", input="play\n" * 40)
    assert f"You play {mine}\n" in result.stdout
    assert f"player 2 plays {theirs}\n" in result.stdout
    assert "You are dealt 26 cards\n" in result.stdout
    assert "your pile        26 cards face down" in result.stdout
    assert "player 2: pile   26 cards face down" in result.stdout


def test_illegal_entry_keeps_the_game_going(runner: CliRunner) -> None:
    result = play(runner, "--seed", "3", "-o", "max_battles=4", input="fold\nraise to 9\nplay\n" + "play\n" * 20)
    assert result.exit_code == 0, result.stderr
    assert "illegal: not a legal action now (legal: play)" in result.stdout
    assert "Game over after 1 deal" in result.stdout


def test_help_hint_and_quit(runner: CliRunner) -> None:
    result = play(runner, "--seed", "3", input="help\nhint\nquit\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.count("legal: play") == 2  # once with the table, once for help
    assert "random bot would play: play" in result.stdout
    assert "You left the game." in result.stdout
    assert "Game over" not in result.stdout


def test_end_of_input_leaves_the_game(runner: CliRunner) -> None:
    result = play(runner, "--seed", "3", input="")
    assert result.exit_code == 0
    assert "You left the game." in result.stdout


def test_hint_uses_every_registered_bot_that_suits_the_game(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    class Parlor(bots.RandomBot):
        families = ("parlor",)

    class Rummy(bots.RandomBot):
        families = ("rummy",)

    registry = default_registry()
    monkeypatch.setattr(registry, "bots", {**registry.bots, "parlor-expert": Parlor, "rummy-expert": Rummy})
    result = play(runner, "--seed", "3", input="hint\nquit\n")
    assert "parlor-expert bot would play: play" in result.stdout
    assert "random bot would play: play" in result.stdout
    assert "rummy-expert" not in result.stdout
    refused = play(runner, "--seed", "3", "--bots", "rummy-expert", input="quit\n")
    assert refused.exit_code == 2 and "bot 'rummy-expert' does not play 'war'" in refused.stderr


def test_bad_seat_and_bot_count(runner: CliRunner) -> None:
    bad_seat = play(runner, "--seat", "2", input="")
    assert bad_seat.exit_code == 2 and "--seat 2: seats are 0..1" in bad_seat.stderr
    too_many = play(runner, "--bots", "random,random", input="")
    assert too_many.exit_code == 2 and "2 bots for 1 other seats" in too_many.stderr


def test_record_is_written_when_you_quit(runner: CliRunner, tmp_path: Any) -> None:
    path = tmp_path / "hand.jsonl"
    # Three-handed hold'em, seed 5: the button (a random bot) raises to 5, you call from
    # the small blind, the big blind calls; on the flop you may bet 2 (the big blind) up
    # to your stack of 195, and you quit.
    result = runner.invoke(
        cli,
        ["play", "texas-holdem", "-p", "3", "--seed", "5", "--record", str(path)],
        input="call\nquit\n",
        terminal_width=120,
    )
    assert result.exit_code == 0, result.stderr
    assert "(or any bet to 2..195)" in " ".join(result.stdout.split())
    game = hoyle.Game.from_json(path.read_text(encoding="utf-8"))
    assert not game.is_over and game.phase == "flop"
    assert game.record["actions"] == [[2, "raise to 5"], [0, "call"], [1, "call"]]
    assert game.state.stacks[0] == 195
