"""Scripted tests of every chip rule of docs/rules/poker.md#b2 (the shared betting core), with
fixed decks and outcomes worked out by hand."""

from __future__ import annotations

from typing import Any

import hoyle
import pytest
from hoyle import Action
from hoyle.errors import IllegalActionError, InvalidOptionError
from hoyle_poker.flop import arranged_deck

# A board nobody improves on much: no straight, no flush possible with the hands below.
DRY_BOARD = "2c 5d 9h 8s 3c"


def game(
    holes: list[str],
    board: str = DRY_BOARD,
    stacks: list[int] | None = None,
    variant: str = "texas-holdem",
    **options: Any,
) -> hoyle.Game:
    deck = arranged_deck(holes, board, hoyle.Deck.stripped("6") if variant == "short-deck-holdem" else None)
    return hoyle.new_game(variant, players=len(holes), deck=deck, stacks=stacks, options=options, seed=1)


def play(g: hoyle.Game, *actions: str) -> None:
    for a in actions:
        g.act(a)


def rejected(g: hoyle.Game, action: str, seat: int | None = None) -> str:
    """Assert the action is illegal and leaves the state untouched; return the reason."""
    before = g.state.snapshot()
    with pytest.raises(IllegalActionError) as info:
        g.act(action, seat=seat)
    assert g.state.snapshot() == before
    return str(info.value)


def reveals(g: hoyle.Game) -> list[int | None]:
    return [e.seat for e in g.events if e.type == "reveal"]


# --- positions and order -----------------------------------------------------------------


def test_three_handed_positions_and_order() -> None:
    g = game(["As Ad", "Ks Kd", "Qs Qd"])
    p = g.state.public
    assert p["button"] == 2
    assert g.state.committed == [1, 2, 0]  # small blind left of the button, big blind next
    assert g.to_act == 2  # left of the big blind
    play(g, "call", "call")
    assert g.to_act == 1 and g.phase == "preflop"  # the big blind's option
    assert "raise to 4" in [str(a) for a in g.legal_actions()]
    play(g, "check")
    assert g.phase == "flop" and g.to_act == 0  # first left of the button after the flop


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after() -> None:
    g = game(["As Ad", "Ks Kd"])
    assert g.state.public["button"] == 1
    assert g.state.committed == [2, 1]  # the button (seat 1) posts the small blind
    assert g.to_act == 1  # and acts first pre-flop
    play(g, "call")
    assert g.to_act == 0  # the big blind's option
    play(g, "check")
    assert g.phase == "flop" and g.to_act == 0  # the button acts last after the flop
    play(g, "check")
    assert g.to_act == 1


def test_session_moves_button_carries_stacks_and_removes_busted() -> None:
    # Hand 1: seat 2 all-in and loses to seat 0; hand 2 is dealt without seat 2.
    d1 = arranged_deck(["As Ad", "7h 2s", "Kc 8d"], DRY_BOARD)
    d2 = arranged_deck(["As Ad", "Kc Kd"], DRY_BOARD)
    g = hoyle.new_game("texas-holdem", players=3, deck=[d1, d2], stacks=[100, 100, 50], options={"hands": 3}, seed=1)
    play(g, "raise to 50", "call", "fold")  # seat 2 all-in, seat 0 calls, seat 1 folds
    assert g.state.deal_number == 1
    p = g.state.public
    assert p["start"] == [152, 98, 0]  # 50 + 50 + the big blind 2
    assert p["dealt"] == [0, 1]
    assert p["button"] == 0  # moved one seat left
    assert g.state.committed == [1, 2, 0]  # heads-up now: the button posts the small blind
    assert g.state.stacks == [151, 96, 0]
    assert g.to_act == 0
    assert g.state.score_sheet[0] == [52, -2, -50]


def test_straddle_is_a_full_bet_and_has_the_option() -> None:
    g = game(["As Ad", "Ks Kd", "Qs Qd", "Js Jd"], straddle=4)
    assert g.state.committed == [1, 2, 4, 0]
    assert g.to_act == 3  # left of the straddle
    assert g.state.public["range"][0] == 8  # the straddle counts as a full bet
    play(g, "call", "call", "call")
    assert g.to_act == 2 and g.phase == "preflop"  # the straddler's option
    play(g, "check")
    assert g.phase == "flop"


def test_antes_uniform_and_big_blind() -> None:
    g = game(["As Ad", "Ks Kd", "Qs Qd"], ante=1)
    assert g.state.committed == [2, 3, 1] and g.state.pot == 6
    assert g.state.public["bets"] == [1, 2, 0]  # antes are not bets
    g = game(["As Ad", "Ks Kd", "Qs Qd"], ante=2, ante_type="big-blind")
    assert g.state.committed == [1, 4, 0]
    # Everyone folds to the big blind: the antes and blinds are all theirs, nothing returned.
    play(g, "fold", "fold")
    assert g.state.stacks == [199, 201, 200]


# --- bets and raises ------------------------------------------------------------------------


def test_no_limit_minimum_bet_and_raise() -> None:
    g = game(["As Ad", "Ks Kd", "Qs Qd"])
    assert g.state.public["range"] == [4, 200]
    assert "less" not in rejected(g, "raise to 3")
    play(g, "raise to 7")  # a raise of 5
    assert g.state.public["range"] == [12, 200]  # at least the previous raise again
    rejected(g, "raise to 11")
    play(g, "raise to 12", "fold", "call")
    assert g.phase == "flop"
    assert g.state.public["range"] == [2, 188]  # a bet is at least the big blind
    rejected(g, "bet 1")
    rejected(g, "raise to 4")  # nothing to raise
    play(g, "bet 5")
    assert g.state.public["range"] == [10, 188]
    play(g, "raise to 150")  # any size in range, not only the listed ones
    assert g.state.public["bets"][2] == 150


def test_short_all_in_does_not_reopen_betting() -> None:
    g = game(["As Ad", "Ks Kd", "Qs Qd"], stacks=[15, 200, 200])
    play(g, "raise to 10")  # seat 2 raises by 8
    play(g, "raise to 15")  # seat 0 all-in, 5 more: less than a full raise
    play(g, "call")  # seat 1
    assert g.to_act == 2
    assert g.state.public["range"] is None
    assert [str(a) for a in g.legal_actions()] == ["fold", "call"]
    rejected(g, "raise to 40")


def test_consecutive_short_all_ins_that_add_up_to_a_full_raise_reopen() -> None:
    holes = ["As Ad", "Ks Kd", "Qs Qd", "Js Jd"]
    g = game(holes, stacks=[16, 22, 200, 200])
    play(g, "raise to 10", "call")  # seat 2 raises by 8, seat 3 calls
    play(g, "raise to 16", "raise to 22")  # two short all-ins: 6 + 6 >= 8
    assert g.to_act == 2
    assert g.state.public["range"] == [30, 200]
    # ... but two that add up to less do not.
    g = game(holes, stacks=[16, 17, 200, 200])
    play(g, "raise to 10", "call", "raise to 16", "raise to 17")
    assert g.to_act == 2 and g.state.public["range"] is None


def test_pot_limit_maximum() -> None:
    g = game(["As Ad", "Ks Kd", "Qs Qd"], structure="pot-limit")
    assert g.state.public["range"] == [4, 7]  # call 2, pot then 5: raise to 2 + 5
    rejected(g, "raise to 8")
    play(g, "raise to 7")
    # small blind: call 6 makes the pot 16, so raise to 7 + 16
    assert g.state.public["range"] == [12, 23]
    play(g, "raise to 23", "fold", "call")
    assert g.phase == "flop" and g.state.pot == 48
    assert g.state.public["range"] == [2, 48]


def test_fixed_limit_sizes_and_cap() -> None:
    g = game(["As Ad", "Ks Kd", "Qs Qd"], structure="fixed-limit")
    assert g.state.public["range"] == [4, 4]
    rejected(g, "raise to 5")
    play(g, "raise to 4", "raise to 6", "raise to 8")  # the blind and three raises
    assert g.state.public["range"] is None  # capped
    assert [str(a) for a in g.legal_actions()] == ["fold", "call"]
    play(g, "call", "call")
    assert g.phase == "flop" and g.state.public["range"] == [2, 2]  # the small bet
    play(g, "check", "check", "check")
    assert g.phase == "turn" and g.state.public["range"] == [4, 4]  # the big bet


LIMIT_10_20 = {"structure": "fixed-limit", "small_blind": 5, "big_blind": 10}
HALF_BET = {**LIMIT_10_20, "short_all_in": "half-bet"}


def test_fixed_limit_all_in_of_half_a_bet_reopens() -> None:
    holes = ["As Ad", "Ks Kd", "Qs Qd"]
    g = game(holes, stacks=[25, 200, 200], **HALF_BET)
    play(g, "raise to 20")  # seat 2 (button) raises a full bet
    play(g, "raise to 25")  # seat 0 all-in: 5 more, exactly half the bet of 10
    assert g.state.public["range"] == [35, 35]  # a full raise on top of the all-in
    play(g, "call")  # seat 1 calls 25
    assert g.to_act == 2
    assert g.state.public["range"] == [35, 35]  # reopened for seat 2, who had acted
    play(g, "raise to 35", "call")
    assert g.phase == "flop"
    assert g.state.committed == [25, 35, 35]
    # the default, docs/rules/poker.md#b2 (full-bet): only a full raise reopens
    g = game(holes, stacks=[25, 200, 200], **LIMIT_10_20)
    play(g, "raise to 20", "raise to 25", "call")
    assert g.to_act == 2 and g.state.public["range"] is None
    rejected(g, "raise to 35")


def test_fixed_limit_all_in_of_less_than_half_a_bet_does_not_reopen() -> None:
    g = game(["As Ad", "Ks Kd", "Qs Qd"], stacks=[24, 200, 200], **HALF_BET)
    play(g, "raise to 20", "raise to 24")  # seat 0 all-in: 4 more, less than half of 10
    assert g.state.public["range"] == [34, 34]  # seat 1 has not acted: it may raise
    play(g, "call")
    assert g.to_act == 2
    assert [str(a) for a in g.legal_actions()] == ["fold", "call"]
    rejected(g, "raise to 34")


def test_fixed_limit_half_bet_all_in_counts_for_the_cap() -> None:
    # the big blind, seat 2's raise, seat 3's all-in of half a bet, seat 0's raise: capped
    g = game(["As Ad", "Ks Kd", "Qs Qd", "Js Jd"], stacks=[200, 200, 200, 25], **HALF_BET)
    play(g, "raise to 20", "raise to 25", "raise to 35")
    assert g.to_act == 1 and g.state.public["range"] is None
    g = game(["As Ad", "Ks Kd", "Qs Qd", "Js Jd"], stacks=[200, 200, 200, 25], **LIMIT_10_20)
    play(g, "raise to 20", "raise to 25", "raise to 35")
    assert g.to_act == 1 and g.state.public["range"] == [45, 45]


def test_fixed_limit_half_bet_all_in_bet_is_raised_on_top() -> None:
    # flop, bet 10: seat 0 bets all-in for 6 (more than half): a raise is to 16, not a
    # completion to 10; for 4 (less than half) the next bet completes to 10
    for stack, least in ((16, 16), (14, 10)):
        g = game(["As Ad", "Ks Kd", "Qs Qd"], stacks=[stack, 200, 200], **HALF_BET)
        play(g, "call", "call", "check")
        assert g.phase == "flop"
        play(g, f"bet {stack - 10}")
        assert g.state.public["range"] == [least, least]


def test_all_in_for_less_is_a_call() -> None:
    g = game(["As Ad", "Ks Kd"], stacks=[50, 200])
    play(g, "raise to 200")
    assert [str(a) for a in g.legal_actions()] == ["fold", "call"]
    play(g, "call")
    # Board run out, the uncalled 150 returned, aces win 100.
    assert g.is_over
    assert g.result["stacks"] == [100, 150]
    returned = [e for e in g.events if e.type == "uncalled_bet_returned"]
    assert [(e.seat, e.data["amount"]) for e in returned] == [(1, 150)]


def test_uncalled_bet_returned_when_everyone_folds() -> None:
    g = game(["As Ad", "Ks Kd", "Qs Qd"])
    play(g, "raise to 50", "fold", "fold")
    assert g.result["stacks"] == [199, 198, 203]
    returned = [e for e in g.events if e.type == "uncalled_bet_returned"]
    assert [(e.seat, e.data["amount"]) for e in returned] == [(2, 48)]


# --- pots -----------------------------------------------------------------------------------


def test_side_pots_three_all_ins_of_different_sizes() -> None:
    holes = ["As Ad", "Ks Kd", "Qs Qd", "7h 4s"]
    g = game(holes, stacks=[50, 100, 150, 300])
    play(g, "raise to 150", "raise to 300", "call", "call")
    assert g.is_over
    # main 4x50 -> aces; side 3x50 -> kings; side 2x50 -> queens; 150 returned to seat 3
    assert g.result["stacks"] == [200, 150, 100, 150]
    pots = next(e for e in g.events if e.type == "deal_end").data["pots"]
    assert [(p["amount"], p["high"]) for p in pots] == [(200, [0]), (150, [1]), (100, [2])]


def test_side_pots_won_by_the_deepest_eligible_hand() -> None:
    g = game(["7h 4s", "Ks Kd", "As Ad", "Qs Qd"], stacks=[50, 100, 150, 300])
    play(g, "raise to 150", "raise to 300", "call", "call")
    # aces (seat 2) are eligible for every pot: 200 + 150 + 100
    assert g.result["stacks"] == [0, 0, 450, 150]


def test_folded_chips_stay_in_the_pot_layers() -> None:
    # seat 0 (50) all-in, seat 1 calls 50 then folds to a bet; seats 2 and 3 play on.
    g = game(["As Ad", "Ks Kd", "Qs Qd", "7h 4s"], stacks=[50, 200, 200, 200])
    play(g, "call", "call", "raise to 50", "call", "call", "call")  # seat 2, 3, 0 all-in, 1, 2, 3
    assert g.phase == "flop"
    play(g, "bet 20", "fold", "call")  # seat 1 bets, seat 2 folds, seat 3 calls
    play(g, "check", "check", "check", "check")
    # main pot 4x50 = 200 to seat 0 (aces); side pot: seat 1 and 3 put 20 each + seat 2's
    # nothing more = 40, won by kings (seat 1).
    assert g.result["stacks"] == [200, 170, 150, 130]


def test_odd_chip_goes_to_first_winner_left_of_button() -> None:
    # The board is a royal flush: everyone still in splits.
    g = game(["2c 3d", "2d 3c", "2h 4d"], board="As Ks Qs Js Ts")
    play(g, "call", "fold", "check")  # seat 2 calls, seat 0 (small blind) folds
    play(*[g], *(["check"] * 6))
    # pot 5 split by seats 1 and 2: seat 1 is first left of the button (seat 2)
    assert g.result["stacks"] == [199, 201, 200]


def test_odd_chips_one_at_a_time() -> None:
    # pot 2+2+2+1(small blind folded, dead)... : make a pot of 11 split three ways
    g = game(["2c 3d", "2d 3c", "2h 4d", "4c 5c"], board="As Ks Qs Js Ts")
    play(g, "call", "call", "fold", "check")  # seat 2, 3 call; seat 0 folds; seat 1 checks
    play(g, "bet 3", "call", "call")  # flop: seat 1 bets 3, both call: pot 1 + 6 + 9 = 16
    play(g, *(["check"] * 6))
    # 16 three ways: 5 each and one odd chip, to seat 1 (first left of the button, seat 3)
    assert g.result["stacks"] == [199, 201, 200, 200]
    g = game(["2c 3d", "2d 3c", "2h 4d", "4c 5c"], board="As Ks Qs Js Ts", ante=1)
    play(g, "call", "call", "fold", "check", *(["check"] * 9))
    # pot: antes 4 + blinds 1 + 2 + 2 + 2 = 11; three ways 3 each, odd chips to seats 1 and 2
    assert g.result["stacks"] == [198, 201, 201, 200]


def test_showdown_order_last_aggressor_first() -> None:
    g = game(["As Ad", "Ks Kd", "Qs Qd"])
    play(g, "call", "call", "check", *(["check"] * 6))
    assert g.phase == "river"
    play(g, "check", "bet 10", "call", "call")  # seat 1 bets on the river
    assert reveals(g) == [1, 2, 0]
    g = game(["As Ad", "Ks Kd", "Qs Qd"])
    play(g, "call", "call", "check", *(["check"] * 9))
    assert reveals(g) == [0, 1, 2]  # checked around: first left of the button


def test_hand_won_by_folds_shows_nothing() -> None:
    g = game(["As Ad", "Ks Kd", "Qs Qd"])
    play(g, "call", "call", "check", "bet 4", "fold", "fold")
    assert g.is_over and reveals(g) == []
    for seat in range(3):
        view = g.view(seat)
        for other in range(3):
            cards = view["zones"][f"hole:{other}"]["cards"]
            assert (cards is not None) == (other == seat)


def test_manual_showdown_muck_gives_up_the_pot() -> None:
    g = game(["As Ad", "Ks Kd"], showdown="manual")
    play(g, "call", "check", *(["check"] * 6))
    assert g.phase == "showdown" and g.to_act == 0
    assert [str(a) for a in g.legal_actions()] == ["show", "muck"]
    play(g, "muck")  # the better hand mucks: the other wins without showing
    assert g.result["stacks"] == [198, 202]
    assert reveals(g) == []


# --- errors ---------------------------------------------------------------------------------


def test_illegal_actions_change_nothing() -> None:
    g = game(["As Ad", "Ks Kd", "Qs Qd"])
    assert "turn" in rejected(g, "call", seat=0)  # out of turn
    rejected(g, "check")  # facing the big blind
    rejected(g, "bet 10")  # there is a bet: raise
    rejected(g, "raise")  # no amount
    rejected(g, "raise to 201")  # more than the stack
    play(g, "call", "call")
    rejected(g, "fold")  # the big blind may check


def test_bad_options() -> None:
    with pytest.raises(InvalidOptionError):
        hoyle.new_game("texas-holdem", options={"structure": "spread-limit"})
    with pytest.raises(InvalidOptionError):
        hoyle.new_game("texas-holdem", options={"blinds": "1 two"})
    with pytest.raises(InvalidOptionError):
        hoyle.new_game("omaha", players=8, options={"hole_cards": 6})


def test_text_forms() -> None:
    g = game(["As Ad", "Ks Kd", "Qs Qd"])
    assert [str(a) for a in g.legal_actions()] == [
        "fold",
        "call",
        "raise to 4",
        "raise to 5",
        "raise to 7",
        "raise to 200",
    ]
    play(g, "call", "call", "check")
    assert Action.parse("bet 100") == Action("bet", amount=100)
    g.act("bet 100")
    assert g.state.public["to_call"] == 100


def test_hand_with_no_decision_plays_itself_out() -> None:
    # The small blind's whole stack is the blind: nobody can act, the board is dealt and
    # the hand settles inside the deal; the big blind's unmatched chip comes back.
    g = game(["As Ad", "Ks Kd"], stacks=[200, 1])
    assert g.is_over
    assert g.result["stacks"] == [201, 0]  # seat 0's aces win the 1 chip matched
    returned = [e for e in g.events if e.type == "uncalled_bet_returned"]
    assert [(e.seat, e.data["amount"]) for e in returned] == [(0, 1)]


@pytest.mark.parametrize("stacks", [[180, 1], [1, 180], [1, 1], [2, 1]])
def test_a_hand_decided_at_the_deal_settles_the_chips_won(stacks: list[int]) -> None:
    """Heads-up, a blind all in for at most the other blind: no decision is left, the hand
    runs out at the deal (uncalled chips back, the pot awarded). The settlement is still
    each seat's chips now less what it sat down with, and sums to zero."""
    game = hoyle.new_game("texas-holdem", players=2, seed=1, stacks=stacks)
    assert game.is_over and game.result is not None
    won = [game.state.stacks[s] - stacks[s] for s in (0, 1)]
    assert game.result["settlement"] == won
    assert sum(won) == 0 and sorted(won) != [0, 0]
    assert game.result["winners"] == [max((0, 1), key=lambda s: won[s])]
