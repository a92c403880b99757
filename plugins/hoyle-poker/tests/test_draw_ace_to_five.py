"""Ace-to-five triple draw (docs/rules/poker.md#b5): the lowest hand wins with aces low,
straights and flushes not counting. Scripted deals with fixed decks; every expected
outcome is worked out by hand from the rules."""

from __future__ import annotations

import doctest

import hoyle
import pytest
from hoyle import Card, Deck
from hoyle.testing import check_variant


def draw_deck(hands: list[str], then: str = "") -> Deck:
    """A deck dealing ``hands`` (seat 0 first, each in one batch), then ``then``, then
    the rest of the standard pack in its order."""
    first = [Card(c) for h in hands for c in h.split()] + [Card(c) for c in then.split()]
    rest = [c for c in Deck.standard() if c not in set(first)]
    return Deck(" ".join(map(str, first + rest)))


def stand_pat_to_showdown(game: hoyle.Game) -> None:
    while not game.is_over:
        kinds = {a.kind for a in game.legal_actions()}
        game.act("draw" if "draw" in kinds else ("check" if "check" in kinds else "call"))


@pytest.mark.parametrize(
    "better, worse",
    [
        ("As 2d 3c 4h 5s", "7s 5d 4c 3h 2s"),  # the wheel is the best hand (deuce-to-seven's worst of these)
        ("5s 4s 3s 2s As", "6d 4c 3h 2c Ac"),  # a straight flush in high poker is no straight and no flush here
        ("8s 6s 4s 3s 2s", "8d 7c 4h 3c 2d"),  # a flush does not count: 8-6 beats 8-7
        ("Kd Qc Jh 9s 8d", "Ac Ad 2h 3s 4d"),  # any pair loses to no pair
        ("6s 4d 3c 2h Ad", "6d 5h 3h 2c Ac"),  # 6-4 beats 6-5
        ("Kc Qs Jh Td 9c", "Kd Kh 2c 3s 4d"),  # king-high beats a pair of kings
    ],
)
def test_ace_to_five_ordering(better: str, worse: str) -> None:
    for first in (0, 1):
        hands = [better, worse] if first == 0 else [worse, better]
        game = hoyle.new_game("ace-to-five-triple-draw", players=2, deck=draw_deck(hands))
        stand_pat_to_showdown(game)
        # blinds 1/2, everyone checks and calls: a 4-chip pot to the better hand
        assert game.result["stacks"][first] == 202, (better, worse)


def test_a_tie_splits_the_pot() -> None:
    game = hoyle.new_game("ace-to-five-triple-draw", players=2, deck=draw_deck(["As 2d 3c 4h 5s", "Ad 2c 3s 4d 5h"]))
    stand_pat_to_showdown(game)
    assert game.result["stacks"] == [200, 200]


def test_three_draws_and_four_fixed_limit_rounds() -> None:
    game = hoyle.new_game(
        "ace-to-five-triple-draw", players=3, deck=draw_deck(["7s 5d 4c 3h 2s", "As 2d 3c 4h 6s", "Kd Qc Jh 9s 8d"])
    )
    phases, sizes = [], []
    while not game.is_over:
        phases.append(game.phase)
        legal = game.legal_actions()
        bets = [a for a in legal if a.kind in ("bet", "raise")]
        if game.phase.startswith("bet") and game.state.public["to_call"] == 0 and bets:
            sizes.append(bets[0].amount)
        kinds = {a.kind for a in legal}
        game.act("draw" if "draw" in kinds else ("check" if "check" in kinds else "call"))
    order = [p for i, p in enumerate(phases) if i == 0 or phases[i - 1] != p]
    assert order == ["bet-1", "draw-1", "bet-2", "draw-2", "bet-3", "draw-3", "bet-4"]
    assert sizes == [2, 2, 2, 4, 4, 4, 4, 4, 4]  # small bet on the second round, big bet on the last two
    # 6-4-3-2-A (seat 1) beats 7-5-4-3-2 (seat 0) and king high: a 6-chip pot
    assert game.result["stacks"] == [198, 204, 198]


def test_a_draw_improves_to_the_wheel() -> None:
    # seat 0 throws its king and draws the 5s; seat 1 stands pat on 6-4-3-2-A
    game = hoyle.new_game(
        "ace-to-five-triple-draw", players=2, deck=draw_deck(["As 2d 3c 4h Kd", "Ac 2h 3s 4d 6c"], then="5s")
    )
    game.act("call")
    game.act("check")
    assert game.phase == "draw-1" and game.to_act == 0
    game.act("discard Kd")
    assert {str(c) for c in game.state.zone("hole:0").cards} == {"As", "2d", "3c", "4h", "5s"}
    stand_pat_to_showdown(game)
    assert game.result["stacks"] == [202, 198]


def test_check_variant() -> None:
    check_variant("ace-to-five-triple-draw", games=12, players=6, options={"stack": 30})


def test_doctest() -> None:
    import hoyle_poker.draw_ace_to_five

    assert doctest.testmod(hoyle_poker.draw_ace_to_five).failed == 0
