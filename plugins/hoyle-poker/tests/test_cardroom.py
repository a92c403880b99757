"""The cardroom irregularity procedure (docs/rules/poker.md#b3, ``procedure="cardroom"``), one
scripted test per paragraph; the default ``strict`` procedure refuses the same actions."""

from __future__ import annotations

from typing import Any

import hoyle
import pytest
from hoyle.errors import IllegalActionError
from hoyle.testing import check_variant
from hoyle_poker.flop import arranged_deck

BOARD = "2c 5d 9h 8s 3c"
HOLES3 = ["As Ad", "Ks Kd", "Qs Qd"]
HOLES4 = ["As Ad", "Ks Kd", "Qs Qd", "Js Jd"]


def cardroom(holes: list[str], **options: Any) -> hoyle.Game:
    return hoyle.new_game(
        "texas-holdem",
        players=len(holes),
        deck=arranged_deck(holes, BOARD),
        seed=1,
        options={"procedure": "cardroom", **options},
    )


def to_flop(g: hoyle.Game) -> None:
    g.act("call")  # seat 2 (button)
    g.act("call")  # seat 0
    g.act("check")  # seat 1
    assert g.phase == "flop" and g.to_act == 0


def test_strict_refuses_out_of_turn() -> None:
    g = hoyle.new_game("texas-holdem", players=3, deck=arranged_deck(HOLES3, BOARD), seed=1)
    to_flop(g)
    with pytest.raises(IllegalActionError, match="not seat 2's turn"):
        g.act("bet 10", seat=2)
    for action in ("expose", "look stub"):
        with pytest.raises(IllegalActionError):
            g.act(action, seat=0)


def test_out_of_turn_bet_is_frozen_and_stands_if_no_bet_came_between() -> None:
    g = cardroom(HOLES3)
    to_flop(g)
    g.act("bet 10", seat=2)  # out of turn: seat 0 is to act
    assert g.to_act == 0 and g.state.stacks[2] == 188  # the chips are in and stay in
    assert g.state.public["to_call"] == 0  # the players in turn act as if it had not happened
    g.act("check")  # seat 0
    g.act("check")  # seat 1
    # seat 2's turn: nothing was bet in between, so the frozen bet stands as made
    assert g.state.public["to_call"] == 10 and g.state.public["bets"][2] == 10
    assert g.to_act == 0


def test_intervening_bet_makes_it_a_call_and_the_surplus_is_forfeited() -> None:
    g = cardroom(HOLES3)
    to_flop(g)
    g.act("bet 20", seat=2)  # frozen
    g.act("bet 10")  # seat 0 bets in turn
    g.act("call")  # seat 1
    # seat 2 is deemed to have called 10; the other 10 stays in the pot, forfeited
    assert g.phase == "turn"
    assert g.state.stacks == [188, 188, 178]
    assert g.state.pot == 6 + 10 + 10 + 20
    g.act("check"), g.act("check"), g.act("check")
    g.act("check"), g.act("check"), g.act("check")
    # aces win everything, the forfeited 10 included
    assert g.result["stacks"] == [188 + 46, 188, 178]


def test_intervening_bet_with_too_few_chips_call_or_fold_no_raise() -> None:
    g = cardroom(HOLES3)
    to_flop(g)
    g.act("bet 4", seat=2)  # frozen
    g.act("bet 10")  # seat 0
    g.act("fold")  # seat 1
    assert g.to_act == 2
    assert [str(a) for a in g.legal_actions()] == ["fold", "call"]
    with pytest.raises(IllegalActionError):
        g.act("raise to 30")
    g.act("fold")  # forfeits the 4 already in
    assert g.result["stacks"] == [200 - 2 - 10 + 6 + 10 + 4, 198, 194]
    g = cardroom(HOLES3)
    to_flop(g)
    g.act("check", seat=2)  # a frozen check
    g.act("bet 10")
    g.act("call")
    g.act("call")  # seat 2 adds the 10
    assert g.phase == "turn" and g.state.stacks == [188, 188, 188]


def test_fold_out_of_turn_pays_the_raise_when_two_players_were_before() -> None:
    # four players: seat 2 is first to act; the big blind (seat 1) folds out of turn
    # with seats 2, 3 and 0 still to act before it.
    g = cardroom(HOLES4)
    g.act("fold", seat=1)
    g.act("raise to 6")  # seat 2 raises in between
    g.act("fold")  # seat 3
    g.act("call")  # seat 0
    # seat 1 must put in the call of the raise, and is then folded
    assert g.state.stacks[1] == 194 and not g.state.public["live"][1]
    assert g.phase == "flop"
    # without a raise the fold stands with no penalty
    g = cardroom(HOLES4)
    g.act("fold", seat=1)
    g.act("call"), g.act("call"), g.act("call")
    assert g.state.stacks[1] == 198 and not g.state.public["live"][1]
    assert g.phase == "flop"


def test_exposed_cards_no_penalty_first_time_then_penalty() -> None:
    g = cardroom(HOLES3, hands=2)
    g.act("fold")  # seat 2 folds pre-flop
    g.act("expose", seat=2)
    assert g.view(0)["zones"]["hole:2"]["cards"] == ["Qs", "Qd"]
    assert g.state.stacks[2] == 200  # accidental: no penalty
    with pytest.raises(IllegalActionError):
        g.act("expose", seat=2)  # already face up
    g.act("fold")  # seat 0: seat 1 wins the blinds; hand 2, button seat 0
    assert g.state.deal_number == 1 and g.to_act == 0
    g.act("raise to 6")  # seat 0
    g.act("call")  # seat 1 (small blind)
    g.act("fold")  # seat 2 (big blind)
    assert g.phase == "flop"
    before = list(g.state.stacks)
    g.act("expose", seat=2)  # seat 2's second exposure: one chip to each other player
    assert g.state.stacks == [before[0] + 1, before[1] + 1, before[2] - 2]


def test_looking_at_the_stub() -> None:
    g = cardroom(HOLES3)
    g.act("look stub", seat=1)  # in the hand, not to act: must fold
    assert not g.state.public["live"][1] and g.to_act == 2
    g.act("call")  # seat 2
    g.act("call")  # seat 0: the big blind is gone, so the round ends
    assert g.phase == "flop"
    g.act("look discards", seat=1)  # not in the hand: the penalty
    assert g.state.stacks[1] == 198 - 2
    assert g.state.stacks[0] == 198 + 1 and g.state.stacks[2] == 198 + 1


def test_check_variant_cardroom() -> None:
    check_variant("texas-holdem", games=6, players=4, options={"procedure": "cardroom", "hands": 3})


def test_chip_announcements_void_short_and_excess() -> None:
    g = cardroom(HOLES3)
    to_flop(g)
    # "bet 10" announced with no chips put in: void, seat 0 still to act
    g.act("bet to 10 on 0")
    assert g.to_act == 0 and g.state.stacks[0] == 198 and g.state.public["to_call"] == 0
    # announced 10 with 6 chips: the player adds the rest
    g.act("bet to 10 on 6")
    assert g.state.stacks[0] == 188 and g.state.public["to_call"] == 10 and g.to_act == 1
    # a call announced with 15 chips: the call stands, 5 are forfeited to the pot
    g.act("call on 15")
    assert g.state.stacks[1] == 198 - 15 and g.state.public["bets"][1] == 10
    g.act("call")  # seat 2
    assert g.phase == "turn" and g.state.pot == 6 + 30 + 5
    with pytest.raises(IllegalActionError):
        g.act("bet to 10 on 500")  # more chips than the stack
    strict = hoyle.new_game("texas-holdem", players=3, deck=arranged_deck(HOLES3, BOARD), seed=1)
    to_flop(strict)
    with pytest.raises(IllegalActionError):
        strict.act("bet to 10 on 6")
