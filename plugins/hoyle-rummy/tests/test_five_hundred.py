"""500 Rum (docs/rules/rummy.md#c4), scripted deal by deal."""

from __future__ import annotations

import functools

import hoyle
import pytest
from hoyle import rummy
from hoyle.errors import IllegalActionError
from hoyle.testing import check_variant
from hoyle_rummy.turns import MeldingBot
from rummy_decks import cards, cycle, new, outcome, texts

S0 = "Kc Ks 4c 7d 8d 9h Th 5s 6s Jd Qh 9c Ad"
S1 = "5c 6d 8c 9d Jc Qc 2d 3s 4d 5h 7h 8h 2s"


def rum(hands: list[str], up: str, stock: str = "", **options: object) -> hoyle.Game:
    return new(hands, up, stock, variant="500-rum", **options)


def test_deal_and_the_spread_discard_pile() -> None:
    two = hoyle.new_game("500-rum", seed=2)
    assert [len(two.state.zone(f"hand:{s}").cards) for s in (0, 1)] == [13, 13]
    three = hoyle.new_game("500-rum", players=3, seed=2)
    assert [len(three.state.zone(f"hand:{s}").cards) for s in (0, 1, 2)] == [7, 7, 7]
    assert three.view(1)["zones"]["discard"]["cards"] == [str(c) for c in three.state.zone("discard").cards]


def test_draw_from_inside_the_pile_takes_every_card_above_and_the_card_must_be_used() -> None:
    game = rum([S0, S1], "Kh", "2c 3c")
    for a in ("draw stock", "discard 2c", "draw stock", "discard 3c"):
        game.act(a)
    assert cards(game, "discard") == ["Kh", "2c", "3c"]
    # Kh melds with Kc Ks; 2c with 3c (taken with it) and 4c; 3c alone goes nowhere.
    assert texts(game) == ["draw stock", "draw discard Kh", "draw discard 2c"]
    with pytest.raises(IllegalActionError):
        game.act("draw discard 3c")
    game.act("draw discard Kh")
    assert not game.state.zone("discard").cards and {"Kh", "2c", "3c"} <= set(cards(game, "hand:0"))
    assert texts(game) == ["meld Kc Kh Ks"]  # the chosen card first
    game.act("meld Kc Kh Ks")
    assert "meld 2c 3c 4c" in texts(game) and "discard 2c" in texts(game)  # the others: meld them or keep them


THREE = ["Ah 2h 3h 7c 7d 7s Kd", "4h Qs Ks 9c 9d 5c 6d", "Tc Jd 8s 2c 3d 4s 6h"]


def three_hand(**options: object) -> hoyle.Game:
    game = rum(THREE, "Qd", "7h As 8c 5s", **options)
    for a in (
        "draw stock",
        "meld Ah 2h 3h",
        "discard Kd",  # seat 0
        "draw stock",
        "lay off 4h on 0",
        "meld Qs Ks As",
        "discard 9c",  # seat 1 lays off on seat 0's meld
        "draw stock",
        "discard 8c",  # seat 2
        "draw stock",
        "meld 7c 7d 7h 7s",  # seat 0: 5s left
    ):
        game.act(a)
    assert game.state.public["laid"] == [["Ah", "2h", "3h", "7c", "7d", "7h", "7s"], ["4h", "Qs", "Ks", "As"], []]
    game.act("discard 5s")
    return game


def test_scoring_melded_minus_hand_with_lay_offs_for_the_player_who_played_them() -> None:
    game = three_hand(target=1000)
    assert outcome(game)["winner"] == 0
    # Seat 0: A-2-3h (ace low: 1) + four 7s = 34. Seat 1: 4h laid off + Q-K-A s (ace high: 15)
    # = 39, less 9d 5c 6d = 20. Seat 2: nothing melded, 43 in hand.
    assert game.state.score_sheet == [[34, 39 - 20, -43]]


def test_race_to_the_target_the_highest_wins_and_collects_the_differences() -> None:
    game = three_hand(target=30)
    assert game.result is not None and game.result["settlement"] == [15 + 77, -15, -77]
    both = three_hand(target=10)  # seats 0 and 1 both pass 10: the highest wins
    assert both.result is not None and both.result["winners"] == [0] and both.result["settlement"] == [92, -15, -77]


def test_empty_stock_pass_ends_the_hand() -> None:
    game = rum([S0, S1], "Kh", target=1000)
    cycle(game, 25)
    assert "pass" in texts(game) and "draw stock" not in texts(game)
    game.act("pass")
    assert outcome(game)["reason"] == "stock-out"
    ace = 15
    assert game.state.score_sheet[0][0] == -(10 + 10 + 4 + 7 + 8 + 9 + 10 + 5 + 6 + 10 + 10 + 9 + ace)


def test_conformance() -> None:
    bot = functools.partial(MeldingBot, rules=rummy.MeldRules.five_hundred())
    check_variant("500-rum", games=2, options={"target": 100}, bot=bot, max_actions=3000)
    check_variant("500-rum", games=2, players=4, options={"target": 100}, bot=bot, max_actions=3000)
