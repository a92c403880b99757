"""Chips frozen by an action out of turn are not in the pot the players in turn bet by
(docs/rules/poker.md#b3: "players in proper turn act as if it had not happened"): not in
the pot-limit maximum, nor in the no-limit pot-fraction sizes; they count once the
out-of-turn action becomes binding. Scripted on an arranged hold'em deal, three players,
blinds 1-2, the flop pot 6 (each player put in 2)."""

from __future__ import annotations

from typing import Any

import hoyle
from hoyle_poker.flop import arranged_deck

HOLES = ["As Ad", "Ks Kd", "Qs Qd"]


def on_the_flop(**options: Any) -> hoyle.Game:
    deck = arranged_deck(HOLES, "2c 5d 9h 8s 3c")
    g = hoyle.new_game("texas-holdem", players=3, deck=deck, seed=1, options={"procedure": "cardroom", **options})
    for action in ("call", "call", "check"):  # the button, the small blind, the big blind
        g.act(action)
    assert g.phase == "flop" and g.to_act == 0 and g.state.pot == 6
    return g


def test_pot_limit_maximum_leaves_out_the_frozen_bet() -> None:
    g = on_the_flop(structure="pot-limit")
    g.act("bet 6", seat=2)  # out of turn: frozen, its 6 chips in the middle
    assert g.state.pot == 12
    assert g.state.public["range"] == [2, 6]  # the pot is 6 for seat 0
    assert "bet to 6" in [str(a) for a in g.legal_actions()]
    assert "bet to 12" not in [str(a) for a in g.legal_actions()]
    g.act("bet 6")  # seat 0, in turn
    # seat 1 faces 6: the call 6 plus the pot after it, 6 + 6 + 6 = 18 (not 24 with the frozen 6)
    assert g.to_act == 1 and g.state.public["range"] == [12, 24]


def test_the_frozen_bet_counts_once_it_stands() -> None:
    g = on_the_flop(structure="pot-limit")
    g.act("bet 6", seat=2)
    g.act("check")  # seat 0
    g.act("check")  # seat 1: nothing bet in between, so seat 2's bet of 6 stands
    assert g.to_act == 0 and g.state.public["to_call"] == 6
    # now binding: the pot is 12; a raise to at most 6 + 12 + 6 = 24
    assert g.state.public["range"] == [12, 24]


def test_no_limit_pot_fractions_leave_out_the_frozen_bet() -> None:
    g = on_the_flop()
    g.act("bet 10", seat=2)
    # half, three quarters and the whole of the pot of 6; then all in
    assert [str(a) for a in g.legal_actions()] == [
        "check",
        "bet to 2",
        "bet to 3",
        "bet to 4",
        "bet to 6",
        "bet to 198",
    ]
