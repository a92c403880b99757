"""``hoyle play war`` end to end in a pseudo-terminal: the installed script, readline
tab completion, the prompt loop and the result line."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import hoyle
import pytest

pexpect = pytest.importorskip("pexpect")


def hoyle_script() -> str:
    beside = Path(sys.executable).with_name("hoyle")
    found = str(beside) if beside.exists() else shutil.which("hoyle")
    if found is None:
        pytest.fail("the hoyle script is not installed (pip install -e . or maturin develop)")
    return found


def expected_result(seed: int, seat: int) -> str:
    game = hoyle.new_game("war", seed=seed, options={"max_battles": 20})
    while not game.is_over:
        game.act("play")
    assert game.result is not None
    winners = game.result["winners"]
    if len(winners) == 2:
        return "a draw"
    return "you win" if winners == [seat] else f"player {winners[0] + 1} wins"


@pytest.mark.parametrize(("seed", "seat"), [(5, 0), (12, 1)])
def test_play_war_in_a_terminal_with_tab_completion(seed: int, seat: int) -> None:
    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm", "COLUMNS": "100"}
    child = pexpect.spawn(
        hoyle_script(),
        ["play", "war", "--seed", str(seed), "--seat", str(seat), "--option", "max_battles=20"],
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 100),
    )
    try:
        prompts = 0
        while True:
            index = child.expect(["your move> ", r"Game over after 1 deal: ([^(]+) \(", "illegal:", pexpect.EOF])
            if index == 0:
                prompts += 1
                child.send("p\t\r")  # tab completes the only legal action, "play"
                continue
            assert index == 1, f"unexpected output (prompt {prompts}): {child.before!r}"
            break
        assert child.match.group(1).strip() == expected_result(seed, seat)
        assert prompts >= 20  # one battle at least per answer, 20 battles
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


def test_simulate_shows_a_progress_bar_in_a_terminal() -> None:
    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm"}
    child = pexpect.spawn(
        hoyle_script(),
        ["simulate", "war", "--games", "60", "--seed", "2", "--option", "max_battles=10"],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 120),
    )
    try:
        child.expect(r"60/60 +[\d,]+ games/s")  # the finished bar, with its speed
        child.expect("war: 60 games, seed 2")  # then the summary
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


def test_no_progress_bar_when_not_a_terminal() -> None:
    import subprocess

    proc = subprocess.run(
        [hoyle_script(), "simulate", "war", "--games", "5", "--option", "max_battles=5", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert proc.stderr == ""
    assert proc.stdout.startswith("{")
