"""The table-hand game (docs/rules/poker.md#b5): five cards each, five on the table turned one at a
time with a betting round after each, the middle table card wild."""

from __future__ import annotations

import doctest

import hoyle
import hoyle_poker.table_hand
from hoyle import Card, Deck
from hoyle.testing import check_variant


def table_deck(hands: list[str], table: str) -> Deck:
    first = [Card(c) for h in hands for c in h.split()] + [Card(c) for c in table.split()]
    rest = [c for c in Deck.standard() if c not in set(first)]
    return Deck(" ".join(map(str, first + rest)))


def test_table_cards_turned_one_at_a_time_with_a_betting_round_after_each() -> None:
    game = hoyle.new_game(
        "table-hand",
        players=3,
        deck=table_deck(["2c 3c 4c 5c 7d", "2d 3d 4d 5d 7h", "2h 3h 4h 5h 7s"], "Ks Qs Js Ts 9s"),
    )
    assert game.state.pot == 3  # antes
    assert len(game.state.zone("table").cards) == 4 and game.state.zone("table").visibility == "hidden"
    sizes = []
    for k in range(1, 6):
        assert game.phase == f"table-{k}"
        assert [str(c) for c in game.state.zone("board").cards] == ["Ks", "Qs", "Js", "Ts", "9s"][:k]
        assert game.to_act == 0  # left of the button
        sizes.append(game.legal_actions()[-1].amount)
        for _ in range(3):
            game.act("check")
    assert sizes == [2, 2, 4, 4, 4]  # fixed limit: small bet twice, then the big bet
    assert game.is_over


def test_the_middle_table_card_alone_is_wild() -> None:
    # the middle table card is As. Seat 0's four kings and the wild make five kings; seat 1
    # holds the other three aces, which are NOT wild (four aces with the wild, not five):
    # five of a kind wins. Were the As an ordinary card, seat 1's four aces would win.
    deck = table_deck(["Kd Kh Kc Ks 2h", "Ad Ac Ah 5c 6c"], "Qs Jd As 9h 3c")
    game = hoyle.new_game("table-hand", players=2, deck=deck)
    while not game.is_over:
        game.act("check")
    assert game.result["stacks"] == [201, 199]


def test_best_five_of_own_five_and_the_table() -> None:
    # the middle card Jd is wild; the table's four spades and the wild give both players a
    # spade flush: seat 0's A(wild)-K-Q-6-3, seat 1's own As makes A-K-Q-J(wild)-6, higher.
    # (Seat 0's 6-7-8-9 and the wild are only a straight; no one has a pair to improve.)
    deck = table_deck(["9c 8d 2h 4c 7h", "As 5d 7d 8c 2c"], "Ks Qs Jd 6s 3s")
    game = hoyle.new_game("table-hand", players=2, deck=deck)
    while not game.is_over:
        game.act("check")
    assert game.result["stacks"] == [199, 201]


def test_doctest() -> None:
    assert doctest.testmod(hoyle_poker.table_hand).failed == 0


def test_check_variant() -> None:
    check_variant("table-hand", games=10, players=2)
    check_variant("table-hand", games=6, players=9, options={"hands": 2, "stack": 30})
    check_variant("table-hand", games=6, players=4, options={"structure": "no-limit", "showdown": "manual"})
