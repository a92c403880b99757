"""The bomb pot on rigged decks and seeded sessions, and the conformance kit under it."""

from __future__ import annotations

import hoyle
from hoyle.testing import check_variant, rigged_deck


def test_a_bomb_pot_is_dealt_to_the_flop_with_every_player_anted() -> None:
    deck = rigged_deck("texas-holdem", 3, hands={0: "2c 7d", 1: "As Ad", 2: "Kc Kd"}, board="Qs 9d 4c 3h 8s")
    options = {"bomb_every": 1, "bomb_ante": 25}
    game = hoyle.new_game("texas-holdem", players=3, seed=0, deck=deck, house_rules=["bomb-pot"], options=options)
    assert game.phase == "flop" and game.state.committed == [25, 25, 25]
    while not game.is_over:
        game.act("check")
    assert game.result is not None and game.result["settlement"] == [-25, 50, -25]  # the aces


def test_only_every_nth_hand_is_a_bomb_pot() -> None:
    options = {"hands": 4, "bomb_every": 2, "bomb_ante": 10}
    game = hoyle.new_game("texas-holdem", players=2, seed=3, house_rules=["bomb-pot"], options=options)
    seen = []
    while not game.is_over:
        if len(seen) == game.state.deal_number:
            seen.append((game.phase, game.state.pot))
        legal = {a.kind for a in game.legal_actions()}
        game.act("check" if "check" in legal else "call" if "call" in legal else "fold")
    assert [phase for phase, _ in seen] == ["preflop", "flop", "preflop", "flop"]
    assert [pot for phase, pot in seen if phase == "flop"] == [20, 20]


def test_conformance() -> None:
    check_variant("texas-holdem", games=4, players=3, options={"hands": 3, "bomb_every": 2}, house_rules=["bomb-pot"])
