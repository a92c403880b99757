"""Option fold_when_check (docs/rules/poker.md#b2): a fold when the player could check is
refused by default and stands with "allow", folding the hand as any fold does; the
PokerStars replayer sets it (recorded play is history)."""

from __future__ import annotations

from test_betting import game, play, rejected

# seat 0 small blind, seat 1 big blind (the best hand: a check would have won), seat 2 button
HOLES = ["Ks Kd", "As Ad", "Qs Qd"]


def test_by_default_a_fold_with_nothing_to_call_is_refused() -> None:
    g = game(HOLES, stacks=[200, 200, 200])
    play(g, "call", "call")  # the button and the small blind call: the big blind may check
    assert "cannot fold with nothing to call" in rejected(g, "fold")


def test_allow_the_big_blind_folds_its_option_and_loses_its_blind() -> None:
    g = game(HOLES, stacks=[200, 200, 200], fold_when_check="allow")
    play(g, "call", "call", "fold")  # the big blind (aces) folds when it could check
    assert g.state.public["live"] == [True, False, True]
    assert g.state.to_act == 0  # the flop: the small blind first
    while not g.is_over:
        g.act("check")
    # a pot of 6: kings (seat 0) beat queens; the folded aces win nothing
    assert g.result is not None and g.result["stacks"] == [204, 198, 198]


def test_allow_a_fold_after_the_flop_with_nothing_to_call() -> None:
    g = game(HOLES, stacks=[200, 200, 200], fold_when_check="allow")
    play(g, "call", "call", "check")
    play(g, "check", "fold")  # the flop: the small blind checks, the big blind folds
    assert g.state.public["live"] == [True, False, True] and g.state.to_act == 2
    while not g.is_over:
        g.act("check")
    assert g.result is not None and g.result["stacks"] == [204, 198, 198]


def test_allow_still_refuses_a_fold_out_of_turn() -> None:
    g = game(HOLES, stacks=[200, 200, 200], fold_when_check="allow")
    play(g, "call", "call")
    assert "turn" in rejected(g, "fold", seat=0)
