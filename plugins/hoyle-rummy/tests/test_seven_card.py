"""Seven-card rummy (docs/rules/rummy.md#c5), scripted deal by deal."""

from __future__ import annotations

import hoyle
import pytest
from hoyle.errors import IllegalActionError
from hoyle.testing import check_variant
from hoyle_rummy.turns import MeldingBot
from rummy_decks import cards, cycle, new, outcome, texts

OTHER = "5c 6d 8c 9d Jc Qc Ks"  # 5 + 6 + 8 + 9 + 10 + 10 + 10 = 58


def seven(hands: list[str], up: str, stock: str = "", **options: object) -> hoyle.Game:
    return new(hands, up, stock, variant="seven-card-rummy", target=1000, **options)


def test_seven_cards_each() -> None:
    for players in (2, 4, 6):
        game = hoyle.new_game("seven-card-rummy", players=players, seed=1)
        assert [len(game.state.zone(f"hand:{s}").cards) for s in game.state.seats] == [7] * players
        assert len(game.state.zone("stock").cards) == 52 - 7 * players - 1


def test_no_melding_until_the_whole_hand_can_go() -> None:
    game = seven(["2h 3h 4h 7c 7d 9s Kd", OTHER], "Ah", "Qd")
    game.act("draw stock")
    assert all(t.startswith("discard") for t in texts(game))  # 2-3-4h alone may not be melded
    with pytest.raises(IllegalActionError):
        game.act("meld 2h 3h 4h")


def test_going_rummy_with_a_discard_and_no_stopping_half_way() -> None:
    game = seven(["2h 3h 4h 7c 7d 7s Kd", OTHER], "Ah", "7h")
    game.act("draw stock")
    assert {"meld 2h 3h 4h", "meld 7c 7d 7h 7s"} <= set(texts(game))
    game.act("meld 2h 3h 4h")
    assert not [t for t in texts(game) if t.startswith("discard")]  # committed: no discard yet
    assert "meld 7c 7d 7s" in texts(game)  # 7h is then laid off on it
    game.act("meld 7c 7d 7s")
    assert texts(game) == ["lay off 7h on 1"]
    game.act("lay off 7h on 1")
    assert texts(game) == ["discard Kd"]
    game.act("discard Kd")
    assert outcome(game)["winner"] == 0 and game.state.score_sheet == [[58, 0]]


def test_eight_cards_melded_need_no_discard_and_rummy_is_never_double() -> None:
    game = seven(["2h 3h 4h 5h 7c 7d 7s", OTHER], "Ah", "7h", deals=1)
    game.act("draw stock")
    game.act("meld 2h 3h 4h 5h")
    game.act("meld 7c 7d 7s 7h")
    assert game.result is not None
    assert game.result["scores"] == [58, 0] and game.result["settlement"] == [58, -58]


def test_lay_off_while_going_out() -> None:
    game = seven(["2h 3h 4h 7c 7d 7s Kd", OTHER], "Ah", "5h")
    game.act("draw stock")
    game.act("meld 2h 3h 4h")
    assert "lay off 5h on 0" in texts(game)


def test_the_card_just_taken_cannot_be_the_going_out_discard() -> None:
    hand = "2h 3h 4h 7c 7d 7s 7h"
    taken = seven([hand, OTHER], "Kd")
    taken.act("draw discard")
    assert texts(taken) == [
        "discard 2h",
        "discard 3h",
        "discard 4h",
        "discard 7c",
        "discard 7d",
        "discard 7h",
        "discard 7s",
    ]
    drawn = seven([hand, OTHER], "Qd", "Kd")
    drawn.act("draw stock")
    assert "meld 2h 3h 4h" in texts(drawn)


def test_the_winner_deals_with_two_players_else_the_deal_passes_left() -> None:
    # Seat 1 deals and wins: seat 1 deals again (basic rummy would pass the deal).
    two = seven([OTHER, "2h 3h 4h 5h 7c 7d 7s"], "Ah", "Qd 7h")
    for a in ("draw stock", "discard Qd", "draw stock", "meld 2h 3h 4h 5h", "meld 7c 7d 7s 7h"):
        two.act(a)
    assert two.state.deal_number == 1 and two.state.public["dealer"] == 1 and two.to_act == 0
    three = seven([OTHER, "2h 3h 4h 5h 7c 7d 7s", "9s Ts Qh Kc Jd 4c 5s"], "Ah", "Qd 7h")
    for a in ("draw stock", "discard Qd", "draw stock", "meld 2h 3h 4h 5h", "meld 7c 7d 7s 7h"):
        three.act(a)
    assert three.state.score_sheet == [[0, 58 + 58, 0]]
    assert three.state.public["dealer"] == 0 and three.to_act == 1


def test_empty_stock_take_the_discard_or_turn_the_pile_over() -> None:
    game = seven(["2h 3h 4h 7c 7d 9s Kd", OTHER], "Ah")
    cycle(game, 37)
    assert texts(game) == ["draw stock", "draw discard"]
    pile = cards(game, "discard")
    game.act("draw stock")
    assert cards(game, "hand:1")[-1] == pile[0] and list(reversed(cards(game, "stock"))) == pile[1:]


def test_conformance() -> None:
    check_variant("seven-card-rummy", games=3, options={"target": 60}, bot=MeldingBot, max_actions=3000)
    check_variant("seven-card-rummy", games=2, players=4, options={"deals": 2}, bot=MeldingBot, max_actions=3000)
