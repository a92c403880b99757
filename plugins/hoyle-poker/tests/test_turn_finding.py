"""Who acts next, cross-checked against an independent model (the one-pass search of
:func:`hoyle_poker.betting._first_to_act` and the seat rings it walks), and the seat
order of a full table.

The model is the rule as docs/rules/poker.md#b2 states it, written the plain way (two
passes over the seats): a seat can still act when it is live and has chips behind or an
action frozen out of turn; when at most one seat can act, nobody acts if none can or if
that one has matched every other seat's bet (cardroom conventions; PokerKit's asks it
anyway); otherwise the first live seat clockwise from ``start`` with a frozen action, or
with chips and either no action yet this round or a bet short of the call, acts.
"""

from __future__ import annotations

from typing import Any

import hoyle
from hoyle import State
from hoyle_poker import betting
from hypothesis import given, settings
from hypothesis import strategies as st


def model_first_to_act(p: dict[str, Any], stacks: list[int], start: int) -> int | None:
    n = len(stacks)
    live, frozen, bets, acted, to_call = p["live"], p["frozen"], p["bets"], p["acted"], p["to_call"]
    able = [s for s in range(n) if live[s] and (stacks[s] > 0 or frozen[s] is not None)]
    if len(able) <= 1 and p["conventions"] == betting.CARDROOM:
        if not able:
            return None
        (actor,) = able
        if bets[actor] >= max([bets[s] for s in range(n) if s != actor] + [0]):
            return None
    for s in [(start + k) % n for k in range(n)]:
        if not live[s]:
            continue
        if frozen[s] is not None:
            return s
        if stacks[s] > 0 and (acted[s] is None or bets[s] < to_call):
            return s
    return None


@st.composite
def betting_rounds(draw: st.DrawFn) -> tuple[dict[str, Any], list[int], int]:
    n = draw(st.integers(2, 9))
    seat = st.integers(0, n - 1)
    bets = draw(st.lists(st.integers(0, 6), min_size=n, max_size=n))
    to_call = max(bets) + draw(st.integers(0, 2))
    frozen_action = {"kind": "call", "to": None, "chips": 1, "level": 0, "before": 0}
    p = {
        "live": draw(st.lists(st.booleans(), min_size=n, max_size=n)),
        "frozen": draw(st.lists(st.sampled_from([None, None, None, frozen_action]), min_size=n, max_size=n)),
        "bets": bets,
        "acted": draw(st.lists(st.one_of(st.none(), st.integers(0, 6)), min_size=n, max_size=n)),
        "to_call": to_call,
        "conventions": draw(st.sampled_from(betting.CONVENTIONS)),
    }
    stacks = draw(st.lists(st.sampled_from([0, 0, 1, 5, 40]), min_size=n, max_size=n))
    return p, stacks, draw(seat)


@settings(max_examples=600, deadline=None)
@given(betting_rounds())
def test_the_turn_goes_to_the_seat_the_independent_model_names(round_: tuple[dict[str, Any], list[int], int]) -> None:
    p, stacks, start = round_
    state = State(variant="texas-holdem", players=[f"p{s}" for s in range(len(stacks))], options={}, deck=None)
    state.public.update(p)
    state.stacks = list(stacks)
    assert betting._first_to_act(state, start) == model_first_to_act(p, stacks, start)


def test_the_model_is_not_trivial() -> None:
    # heads-up: the small blind (seat 1, the button) acts first pre-flop; once both have
    # matched nobody acts; a big blind all in for less than the small blind leaves the
    # small blind nothing to decide
    p = {
        "live": [True, True],
        "frozen": [None, None],
        "bets": [2, 1],
        "acted": [None, None],
        "to_call": 2,
        "conventions": betting.CARDROOM,
    }
    assert model_first_to_act(p, [198, 199], 1) == 1
    assert model_first_to_act({**p, "bets": [2, 2], "acted": [2, 2]}, [198, 198], 1) is None
    assert model_first_to_act({**p, "bets": [1, 1]}, [0, 199], 1) is None


@given(st.integers(1, 12).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n - 1))))
def test_a_full_table_is_ordered_clockwise_from_the_buttons_left(table: tuple[int, int]) -> None:
    n, button = table
    assert betting._order(n, button, list(range(n))) == [(button + k) % n for k in range(1, n + 1)]
    dealt = [s for s in range(n) if s % 2 == 0]  # some seats out: the general path
    assert betting._order(n, button, dealt) == [s for s in ((button + k) % n for k in range(1, n + 1)) if s in dealt]


def test_award_uncontested_pays_and_names_the_last_player() -> None:
    g = hoyle.new_game("texas-holdem", players=3, seed=4)
    state = g.state
    pot, stacks = state.pot, list(state.stacks)
    state.public["live"] = [False, True, False]
    assert betting.award_uncontested(state) == 1
    assert state.stacks == [stacks[0], stacks[1] + pot, stacks[2]] and state.pot == 0
