"""``hoyle play`` end to end in a pseudo-terminal for a full gin rummy deal and a Texas
hold'em hand: every prompt is answered with one of the legal actions the program lists,
and the printed result must agree with an independent replay of the same seed and the
actions taken (the ``--record`` file, replayed by ``Game.from_json``, and a fresh game
driven by hand through the same actions)."""

from __future__ import annotations

import json
import os
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

import hoyle
import pytest
from hoyle.cli.render import result_line

Chooser = Callable[[list[str], str], str]

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("hoyle_rummy")
pytest.importorskip("hoyle_poker")

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROMPT_OR_END = [r"legal: (.*?)your move> ", r"(Game over after [^\r\n]*\))", pexpect.EOF]


def play_in_terminal(args: list[str], record: Path, choose: Chooser) -> tuple[str, list[str], str]:
    """Run ``python -m hoyle.cli play ARGS --record RECORD`` and answer each prompt with
    ``choose(legal actions as listed, the screen since the last prompt)``, which must be
    one of them; returns the result line, the actions sent and the final screen."""
    env = {**os.environ, "NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "200"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "hoyle.cli", "play", *args, "--record", str(record)],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 200),
    )
    sent: list[str] = []
    try:
        while True:
            index = child.expect(PROMPT_OR_END)
            if index == 2:
                pytest.fail(f"the program ended without a result: {child.before!r}")
            if index == 1:
                line = ANSI.sub("", child.match.group(1))
                screen = ANSI.sub("", child.before)
                break
            text = ANSI.sub("", child.match.group(1))
            legal = [a.strip() for a in " ".join(part.strip() for part in text.splitlines()).split(",") if a.strip()]
            assert legal, text
            pick = choose(legal, ANSI.sub("", child.before))
            assert pick in legal
            if len(sent) == 0:  # once: an illegal entry is refused and the game goes on
                child.sendline("discard Zz" if "discard" in pick else "fold now please")
                child.expect(r"(illegal|not understood): ")
                child.expect("your move> ")
            sent.append(pick)
            child.sendline(pick)
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    return line, sent, screen


def replay_check(record: Path, line: str, sent: list[str], seat: int = 0) -> hoyle.Game:
    text = record.read_text(encoding="utf-8")
    replayed = hoyle.Game.from_json(text)
    assert replayed.is_over
    data = json.loads(text)
    mine = [a for s, a in data["actions"] if s == seat]
    assert mine == sent  # the record holds exactly the actions typed at the prompt
    # An independent replay: a new game with the same seed and options, acted by hand.
    game = hoyle.new_game(data["variant"], players=len(data["players"]), seed=data["seed"], options=data["options"])
    for s, a in data["actions"]:
        game.act(a, s)
    assert game.result is not None and game.result == replayed.result
    assert line == result_line(game.result, list(game.state.players), seat)
    return game


def preferring(rng: random.Random, *prefer: str) -> Chooser:
    """One of ``prefer`` when listed (in that order), else a random legal action."""
    return lambda legal, screen: next((p for p in prefer if p in legal), None) or rng.choice(legal)


def gin_player(rng: random.Random) -> Chooser:
    """A plain gin strategy from what the screen shows: knock when allowed, take the stock,
    discard to the least deadwood (``hoyle.rummy.best_discard`` on the hand shown)."""
    from hoyle import rummy

    def choose(legal: list[str], screen: str) -> str:
        knocks = [a for a in legal if a.startswith("knock")]
        if knocks:
            return knocks[0]
        for a in ("draw stock", "pass"):
            if a in legal:
                return a
        shown = re.findall(r"your hand +([^\r\n]+)", screen)
        if shown and all(a.startswith("discard") for a in legal):
            best = rummy.best_discard(shown[-1].split(), rummy.MeldRules.gin())
            if f"discard {best.discard}" in legal:
                return f"discard {best.discard}"
        return rng.choice(legal)

    return choose


@pytest.mark.parametrize("seed", [4, 9])
def test_a_full_gin_deal(tmp_path: Path, seed: int) -> None:
    record = tmp_path / "gin.jsonl"
    line, sent, screen = play_in_terminal(
        ["gin-rummy", "--seed", str(seed), "--option", "target=1", "--bots", "random"],
        record,
        gin_player(random.Random(seed)),
    )
    game = replay_check(record, line, sent)
    assert any(a.startswith("discard") for a in sent)
    assert game.result is not None and game.result["deals"] >= 1
    # the last deal ended by a knock (target 1: any points end the game); the final table
    # shows the knocker's melds and both hands face up
    outcome = game.state.public["outcome"]
    knocker = outcome["knocker"]
    melds = re.findall(r"^(your|player 2:) meld \d +([^\r\n]+)", screen, re.M)
    assert any(who == ("your" if knocker == 0 else "player 2:") for who, _ in melds)
    assert re.search(r"^player 2: hand +[2-9TJQKA][cdhs] ", screen, re.M)  # the defender's cards, face up


@pytest.mark.parametrize("seed", [3, 8])
def test_a_texas_holdem_hand(tmp_path: Path, seed: int) -> None:
    record = tmp_path / "holdem.jsonl"
    line, sent, screen = play_in_terminal(
        ["texas-holdem", "--seed", str(seed), "--players", "3", "--bots", "poker"],
        record,
        preferring(random.Random(seed), "check", "call"),
    )
    game = replay_check(record, line, sent)
    assert set(sent) <= {"check", "call"}
    board = re.findall(r"^board +([^\r\n]*)", screen, re.M)[-1].split()
    assert board == [str(c) for c in game.state.zone("board").cards] or board == ["-"]
    if game.state.phase == "over" and len(board) == 5:  # a showdown: your hole cards are shown
        assert re.search(r"^your hole +\S\S \S\S", screen, re.M)
    # the result line names the chips won or lost, and they balance
    assert game.result is not None and sum(game.result["settlement"]) == 0


def test_hints_come_from_the_bots_that_play_the_game() -> None:
    from hoyle.cli.play import hint_bots
    from hoyle.plugins import default_registry

    registry = default_registry()
    assert hint_bots(registry.variant("texas-holdem")) == ["poker", "random"]
    assert "poker" not in hint_bots(registry.variant("pai-gow"))
    assert "pai-gow-solver" in hint_bots(registry.variant("pai-gow"))
