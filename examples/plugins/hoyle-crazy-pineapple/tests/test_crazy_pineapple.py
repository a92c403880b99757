"""Crazy pineapple's rules on rigged decks, and the conformance kit."""

from __future__ import annotations

import hoyle
from hoyle import Card
from hoyle.testing import check_variant, rigged_deck


def test_both_players_all_in_still_discard_and_the_kept_cards_decide() -> None:
    deck = rigged_deck("crazy-pineapple", 2, hands={0: "As Ad 7c", 1: "Kc Kd 2h"}, board="Ks 9d 4c 3h 8s")
    game = hoyle.new_game("crazy-pineapple", players=2, seed=0, deck=deck)
    game.act("raise to 200")  # the button (seat 1) all in before the flop
    game.act("call")
    assert game.phase == "discard" and game.to_act == 0  # left of the button first
    game.act("discard 7c")
    game.act("discard 2h")
    assert game.is_over and game.state.zone("discards").cards == [Card("7c"), Card("2h")]
    assert game.result is not None and game.result["settlement"] == [-200, 200]  # three kings


def test_the_discard_comes_after_the_flop_betting_and_before_the_turn() -> None:
    game = hoyle.new_game("crazy-pineapple", players=3, seed=2)
    while game.phase == "preflop":
        game.act("call" if any(a.kind == "call" for a in game.legal_actions()) else "check")
    assert game.phase == "flop"
    while game.phase == "flop":
        game.act("check")
    assert game.phase == "discard" and len(game.state.zone("board").cards) == 3
    while game.phase == "discard":
        game.act(game.legal_actions()[0])
    assert game.phase == "turn" and all(len(game.state.zone(f"hole:{s}").cards) == 2 for s in range(3))


def test_conformance() -> None:
    check_variant("crazy-pineapple", games=6, players=3)
