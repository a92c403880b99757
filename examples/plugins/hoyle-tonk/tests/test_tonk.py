"""Tonk's rules on rigged decks (the module docs state them), and the conformance kit."""

from __future__ import annotations

import hoyle
from hoyle.testing import check_variant, rigged_deck


def _first_to_play(players: int, seed: int) -> int:
    """Who plays first in the game of this seed (left of its randomly drawn dealer)."""
    seat = hoyle.new_game("tonk", players=players, seed=seed).to_act
    assert seat is not None
    return seat


def _game(players: int, seed: int, hands: dict[int, str], up_card: str | None = None) -> hoyle.Game:
    """A one-hand match of ``players`` dealt ``hands`` (one hand: a deal that ends at
    once, a dealt tonk, leaves its cards in place for the rigged deck's check)."""
    options = {"deals": 1}
    deck = rigged_deck("tonk", players, hands=hands, up_card=up_card, seed=seed, options=options)
    return hoyle.new_game("tonk", players=players, seed=seed, deck=deck, options=options)


def test_a_dealt_tonk_is_paid_double_by_everyone_at_once() -> None:
    game = _game(3, 1, {0: "Kc Kd Ks Qh 9c", 1: "2c 3d 4h 6s 8c", 2: "2d 3h 5s 6c 8d"})  # 49
    (row,) = game.state.score_sheet
    assert list(row) == [4, -2, -2] and row.outcome["reason"] == "dealt tonk" and game.is_over


def test_a_drop_with_the_lowest_count_wins_single() -> None:
    first = _first_to_play(2, 5)
    game = _game(2, 5, {first: "As 2d 3c 4h 6s", 1 - first: "Kc Qd Jh 9s 8c"})  # 16 against 47
    game.act("drop")
    (row,) = game.state.score_sheet
    assert row[first] == 1 and row[1 - first] == -1 and row.outcome["reason"] == "drop"


def test_a_caught_drop_pays_double_to_each_hand_as_low() -> None:
    first = _first_to_play(3, 7)
    second, third = (first + 1) % 3, (first + 2) % 3
    hands = {first: "Ts 2d 3c 4h 6s", second: "As 2h 3d 4c 5c", third: "Td 2c 3h 4d 6d"}  # 25, 15, 25
    game = _game(3, 7, hands)
    game.act("drop")
    (row,) = game.state.score_sheet
    assert row[first] == -4 and row[second] == 2 and row[third] == 2


def test_spreading_every_card_is_a_tonk_paid_double() -> None:
    first = _first_to_play(2, 9)
    game = _game(2, 9, {first: "4h 5h 6h 7c 7d", 1 - first: "Kc Qd Jh 9s 8c"}, up_card="7s")
    game.act("draw discard")
    game.act("meld 4h 5h 6h")
    game.act("meld 7c 7d 7s")
    (row,) = game.state.score_sheet
    assert row[first] == 2 and row[1 - first] == -2 and row.outcome["reason"] == "tonk"


def test_conformance() -> None:
    check_variant("tonk", games=6, players=3)
