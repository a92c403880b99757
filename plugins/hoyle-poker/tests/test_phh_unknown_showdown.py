"""PHH ``sm ????``: a player who reached the showdown with cards nobody saw never wins a
pot with the filler cards hoyle deals in their place (PHH specification, PokerKit: an
unknown card is not shown and makes no hand). The hand is a recorded one from the PHH
dataset (tests/real/SOURCES.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hoyle import phh

HAND = (Path(__file__).parent / "real" / "handhq_unknown_showdown.phh").read_text(encoding="utf-8")
START = [593, 4066.50, 2024.75, 3579.74, 4216.25, 2000]


def _stacks(text: str) -> list[float]:
    game = phh.replay(text)
    assert game.is_over and game.result is not None
    return [float(x) for x in game.result["stacks"]]


def test_the_recorded_hand_pays_the_player_who_showed() -> None:
    # p2 (JdKc, trips on 3c Qh Kd Kh 2s) and p3 (????) each put in 590; p1 paid the
    # small blind 5 and folded, p5 called 10 and folded on the flop: a pot of 1195
    stacks = _stacks(HAND)
    assert stacks[2] == START[2] - 590  # p3, cards unknown, loses what it put in
    assert stacks[1] == START[1] - 590 + (590 + 590 + 5 + 10)  # p2 takes the whole pot
    assert sum(stacks) == pytest.approx(sum(START))


@pytest.mark.parametrize("cards", ["7h4c", "5d4d", "8c6s", "JdKc", "AsAd"])
def test_any_shown_hand_beats_cards_nobody_saw(cards: str) -> None:
    """Whatever p2 shows (a hand that only plays the board's kings included), p3's
    unknown cards, dealt as filler, never take the pot."""
    text = HAND.replace("'p2 sm JdKc'", f"'p2 sm {cards}'")
    stacks = _stacks(text)
    assert stacks[2] == START[2] - 590
    assert stacks[1] == START[1] + 605  # the pot of 1195 less its own 590


def test_a_partly_known_show_does_not_win_either() -> None:
    text = HAND.replace("'p2 sm JdKc'", "'p2 sm 7h4c'").replace("'p3 sm ????'", "'p3 sm Ks??'")
    stacks = _stacks(text)
    assert stacks[2] == START[2] - 590
