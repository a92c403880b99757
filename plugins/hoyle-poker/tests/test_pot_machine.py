"""The pot rules of the betting machine (``rust/betting/pots.rs``) reached from the plugin:
the uncalled bet, the side pots, the showdown order and the awards read ``state.public``
and ``state.committed``; a malformed state is an ``InvalidArgumentError`` naming the bad
value, never a crash (``hoyle._core.betting_*``, rust/py/betting.rs)."""

from __future__ import annotations

from typing import Any

import hoyle
import pytest
from hoyle._core import (
    betting_lone_player,
    betting_pots,
    betting_return_uncalled,
    betting_run_shares,
    betting_settle,
)
from hoyle.errors import InvalidArgumentError
from hoyle_poker import betting


def public(n: int, **extra: Any) -> dict[str, Any]:
    """The keys the pot rules read, for an ``n``-seat hand with the button on the last seat."""
    return {"live": [True] * n, "dead": [0] * n, "order": list(range(n)), "aggressor": None, **extra}


def test_the_uncalled_part_of_a_bet_goes_back_and_is_logged() -> None:
    # three-handed, seat 2 raises to 50, seat 0 calls all in for 20, seat 1 folds
    g = hoyle.new_game("texas-holdem", players=3, seed=1, stacks=[20, 100, 100], options={"showdown": "manual"})
    for move in ("raise to 50", "call", "fold"):
        g.act(move)
    # seat 2's 50 was matched up to 20 only: 30 back to it, the pots hold 20 + 20 + 2
    returned = [e for e in g.state.events if e.type == "uncalled_bet_returned"]
    assert [(e.seat, e.data["amount"]) for e in returned] == [(2, 30)]
    assert g.state.committed == [20, 2, 20]
    assert betting.pots(g.state) == [(42, [0, 2])]


def test_a_tie_splits_the_pot_and_the_odd_chip_goes_left_of_the_button() -> None:
    # seats 0 and 1 tie for a pot of 5 with the button on seat 1: seat 0 gets the odd chip
    p = public(2, order=[0, 1])
    awards, record = betting_settle(p, [2, 2], 5, [([7, 7], None)], None, None)
    assert (awards, record) == ([(0, 3), (1, 2)], [{"amount": 5, "high": [0, 1]}])
    # with the button on seat 0, seat 1 sits left of it
    awards, _ = betting_settle(public(2, order=[1, 0]), [2, 2], 5, [([7, 7], None)], None, None)
    assert awards == [(1, 3), (0, 2)]
    # an odd-chip order of the variant's (stud's high card) comes first
    awards, _ = betting_settle(p, [2, 2], 5, [([7, 7], None)], [1, 0], None)
    assert awards == [(1, 3), (0, 2)]


def test_values_that_are_not_ints_are_ranked_by_comparison() -> None:
    # tuples (a variant's hand values): seat 1's is the greatest
    awards, record = betting_settle(public(3), [4, 4, 4], 12, [([(1, 2), (2, 0), (1, 9)], None)], None, None)
    assert (awards, record) == ([(1, 12)], [{"amount": 12, "high": [1]}])
    # the low half: seat 0's low is the best (greater is better)
    run = ([(1, 2), (2, 0), (1, 9)], [(3,), None, (1,)])
    awards, record = betting_settle(public(3), [4, 4, 4], 12, [run], None, None)
    assert awards == [(1, 6), (0, 6)] and record == [{"amount": 12, "high": [1], "low": [0]}]


def test_run_shares_name_the_conventions() -> None:
    assert betting_run_shares(7, 2, "cardroom") == [4, 3]
    with pytest.raises(InvalidArgumentError, match="casino"):
        betting_run_shares(7, 2, "casino")
    with pytest.raises(InvalidArgumentError, match="runs"):
        betting_run_shares(7, 0, "cardroom")


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: betting_return_uncalled(public(2, dead=[3, 0]), [2, 2]), "dead"),
        (lambda: betting_return_uncalled(public(2), [2, -1]), "committed"),
        (lambda: betting_return_uncalled({"live": [True, True]}, [2, 2]), "dead"),
        (lambda: betting_pots(public(2), [2, 2], 3), "pot"),
        (lambda: betting_pots(public(2, live=[True]), [2, 2], 4), "live"),
        (lambda: betting_pots(public(2, order=[0, 5]), [2, 2], 4), "order"),
        (lambda: betting_settle(public(2), [2, 2], 4, [], None, None), "runs"),
        (lambda: betting_settle(public(2), [2, 2], 4, [([1], None)], None, None), "highs"),
        (lambda: betting_settle(public(2), [2, 2], 4, [([1, None], None)], None, None), "seat 1"),
        (lambda: betting_settle(public(2), [2, 2], 4, [([1, "x"], None)], None, None), "highs"),
        (lambda: betting_settle(public(2), [2, 2], 4, [([1, 2], None)], [0, 9], None), "high_odd"),
        (lambda: betting_settle(public(2, live=[False, False]), [2, 2], 4, [([1, 2], None)], None, None), "live"),
        (lambda: betting_lone_player(public(3, live=[True, False, True])), "exactly one player"),
        (lambda: betting_lone_player({"live": 3}), "live"),
    ],
)
def test_a_malformed_state_is_an_error_naming_the_value(call: Any, named: str) -> None:
    with pytest.raises(InvalidArgumentError, match=named):
        call()
