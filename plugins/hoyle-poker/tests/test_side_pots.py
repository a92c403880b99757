"""Side pots, antes and forced bets posted short (issue: antes in side pots, no empty
decisions, the audit): scripted hands worked out by hand, and a property test of random
hold'em hands against an independent side-pot model written here.

The model returns the part of the largest contribution above the second largest to its
bettor (nobody matched it, whether or not the bettor folded since), then peels the pots off the players' contributions one layer at a time (the
smallest contribution still in among the players who have not folded, taken from
everyone), puts dead money (a big-blind ante) in the main pot that every contender
reached (a pot of its own when a contender put in nothing else), gives chips above every
contender's contribution to the last pot, and pays each pot to the best hands among the
contenders who reached it (dead money: any contender), odd chips one at a time from the button's left. The game must
end with exactly the stacks the model gives, with every chip accounted for, and must
never ask a player to act who has nothing to decide.
"""

from __future__ import annotations

from typing import Any

import hoyle
from hoyle import poker
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_betting import game, play

# --- the scripted defects --------------------------------------------------------------------


def check_down(g: hoyle.Game) -> None:
    while not g.is_over:
        g.act("check" if "check" in [str(a) for a in g.legal_actions()] else "call")


def test_all_in_for_the_ante_alone_wins_the_antes_it_matched() -> None:
    # Uniform antes of 1: seat 0 (small blind) has 1 chip, all in for the ante, and the
    # best hand. The antes (3) are the main pot, which seat 0 wins; the big blind's and the
    # button's 2 each are a side pot (4) seat 1's kings win.
    g = game(["As Ad", "Ks Kd", "Qs Qd"], stacks=[1, 200, 200], ante=1)
    check_down(g)
    assert g.result["stacks"] == [3, 201, 197]


def test_partial_ante_wins_only_what_it_matched() -> None:
    # Heads-up, antes of 2: seat 1 (the button) has 1 chip and the best hand; seat 0 (the
    # big blind, 2) has matched it. Seat 1 wins 1 + 1; the rest of seat 0's chips return.
    g = game(["Ks Kd", "As Ad"], stacks=[100, 1], ante=2)
    assert g.is_over
    assert g.result["stacks"] == [99, 2]


def test_big_blind_ante_all_in_for_the_ante_wins_the_dead_money() -> None:
    # Big-blind ante of 2: seat 1 (big blind) has 2 chips, all in for the ante, and the best
    # hand. The ante is dead money in the main pot, which every live player may win: seat 1
    # wins it; the 2 each the others put in (a call of the big blind) go to seat 0's kings.
    g = game(["Ks Kd", "As Ad", "Qs Qd"], stacks=[200, 2, 200], ante=2, ante_type="big-blind")
    check_down(g)
    assert g.result["stacks"] == [202, 2, 198]


def test_big_blind_all_in_for_the_small_blind_leaves_no_decision() -> None:
    # Heads-up: seat 0 (big blind) has 1 chip, the small blind already posted: the button
    # is not asked to act; the board is dealt and seat 0's aces win 1 from the small blind.
    g = game(["As Ad", "Ks Kd"], stacks=[1, 200])
    assert g.is_over
    assert g.result["stacks"] == [2, 199]
    decisions = [e for e in g.events if e.type == "action"]
    assert decisions == []


def test_big_blind_all_in_for_less_than_the_small_blind_returns_the_excess() -> None:
    g = game(["Ks Kd", "As Ad"], stacks=[1, 200], blinds="2 4")
    assert g.is_over
    returned = [(e.seat, e.data["amount"]) for e in g.events if e.type == "uncalled_bet_returned"]
    assert returned == [(1, 1)]
    assert g.result["stacks"] == [0, 201]


def test_small_blind_is_not_asked_when_the_short_big_blind_is_matched() -> None:
    # Three-handed, the big blind (seat 1) is all in for 1; the button folds: the small
    # blind has matched the big blind's chips and nobody else can act.
    g = game(["Ks Kd", "As Ad", "Qs Qd"], stacks=[200, 1, 200])
    play(g, "fold")
    assert g.is_over
    assert g.result["stacks"] == [199, 2, 200]


# --- the property test ----------------------------------------------------------------------


def model_stacks(
    start: list[int],
    contributions: list[int],
    dead: list[int],
    folded: set[int],
    values: dict[int, Any],
    left_of_button: list[int],
) -> list[int]:
    """The final stacks by the independent model (see the module docstring)."""
    return model_runs(start, contributions, dead, folded, [values], left_of_button)


def model_runs(
    start: list[int],
    contributions: list[int],
    dead: list[int],
    folded: set[int],
    runs: list[dict[int, Any]],
    left_of_button: list[int],
) -> list[int]:
    """The model's final stacks when the board was run ``len(runs)`` times (``runs``: the
    hand values on each run): each pot is cut into equal parts, the odd chips one each
    to the first runs, and each part paid as a whole pot on its run."""
    n = len(start)
    final = [start[s] - contributions[s] for s in range(n)]
    remaining = [contributions[s] - dead[s] for s in range(n)]
    ranked = sorted(range(n), key=lambda s: -remaining[s])
    uncalled = remaining[ranked[0]] - remaining[ranked[1]]
    final[ranked[0]] += uncalled  # nobody matched it: back to its bettor
    remaining[ranked[0]] -= uncalled
    contenders = [s for s in range(n) if s not in folded]
    pots: list[tuple[int, list[int]]] = []
    while True:
        still = [s for s in contenders if remaining[s] > 0]
        if not still:
            break
        layer = min(remaining[s] for s in still)
        amount = 0
        for s in range(n):
            take = min(remaining[s], layer)
            remaining[s] -= take
            amount += take
        pots.append((amount, still))
    if sum(dead):  # dead money is in the main pot, which any contender may win
        if pots and pots[0][1] == contenders:
            pots[0] = (pots[0][0] + sum(dead), contenders)
        else:  # a contender put in no live chips: the dead money is a pot of its own
            pots.insert(0, (sum(dead), contenders))
    if not pots:
        pots.append((0, contenders))
    last_amount, last_eligible = pots[-1]
    pots[-1] = (last_amount + sum(remaining), last_eligible)  # folded chips above every contender's
    for whole, eligible in pots:
        for r, values in enumerate(runs):
            amount = whole // len(runs) + (1 if r < whole % len(runs) else 0)
            if len(contenders) == 1:
                winners = contenders
            else:
                best = max(values[s] for s in eligible)
                winners = [s for s in left_of_button if s in eligible and values[s] == best]
            share, odd = divmod(amount, len(winners))
            for i, s in enumerate(winners):
                final[s] += share + (1 if i < odd else 0)
    return final


@st.composite
def tables(draw: Any) -> dict[str, Any]:
    n = draw(st.integers(2, 6))
    small = draw(st.integers(0, 3))
    big = draw(st.integers(max(small, 1), 6))
    blinds = [small, big]
    if n > 2 and draw(st.booleans()):
        blinds.append(draw(st.integers(1, 2 * big)))  # a straddle, perhaps posted short
    ante_kind = draw(st.sampled_from(["none", "uniform", "big-blind"]))
    ante = draw(st.integers(1, 4))
    options: dict[str, Any] = {
        "structure": draw(st.sampled_from(["no-limit", "pot-limit", "fixed-limit"])),
        "blinds": " ".join(map(str, blinds)),
    }
    if ante_kind == "uniform":
        options["ante"] = ante
    elif ante_kind == "big-blind":
        options.update(ante=ante, ante_type="big-blind")
    stacks = draw(st.lists(st.integers(1, 40), min_size=n, max_size=n))
    return {"n": n, "options": options, "stacks": stacks, "seed": draw(st.integers(0, 2**32 - 1))}


def no_empty_decision(g: hoyle.Game) -> None:
    """The seat to act has something to decide: another live player can still act, or
    it has not matched the largest bet among the others (a folded player's included:
    calling it wins those chips)."""
    p = g.state.public
    seat = g.to_act
    assert seat is not None
    others = [s for s in range(len(p["live"])) if s != seat]
    can_act = [s for s in others if p["live"][s] and g.state.stacks[s] > 0]
    assert can_act or p["bets"][seat] < max(p["bets"][s] for s in others), (seat, p["bets"], g.state.stacks)


def play_randomly(g: hoyle.Game, data: Any) -> tuple[list[int], set[int]]:
    """Play ``g`` out with actions drawn by hypothesis, never asking an empty decision;
    return each seat's chips put in (from the commit events) and the seats that folded."""
    while not g.is_over:
        no_empty_decision(g)
        legal = g.legal_actions()
        g.act(legal[data.draw(st.integers(0, len(legal) - 1), label="action")])
    contributions = [0] * len(g.state.players)
    folded: set[int] = set()
    for e in g.events:
        if e.type == "commit":
            contributions[e.seat] += e.data["amount"]
        elif e.type == "action" and e.data["action"] == "fold":
            folded.add(e.seat)
    return contributions, folded


def hand_values(g: hoyle.Game, board: list[str], folded: set[int]) -> dict[int, Any]:
    """The value of each hand not folded on ``board`` (none before a full board)."""
    seats = range(len(g.state.players))
    hole = {s: [str(c) for c in g.state.zone(f"hole:{s}").cards] for s in seats}
    return {s: poker.evaluate(" ".join(hole[s] + board)) for s in seats if s not in folded and len(board) == 5}


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), data=st.data())
def test_random_hands_pay_as_the_independent_side_pot_model(table: dict[str, Any], data: Any) -> None:
    n, stacks = table["n"], table["stacks"]
    g = hoyle.new_game("texas-holdem", players=n, seed=table["seed"], stacks=stacks, options=table["options"])
    contributions, folded = play_randomly(g, data)
    assert sum(g.result["stacks"]) == sum(stacks)  # chips conserved
    dead = [0] * n
    if table["options"].get("ante_type") == "big-blind":
        big_blind = 0 if n == 2 else 1  # the button is the last seat
        dead[big_blind] = min(table["options"]["ante"], stacks[big_blind])
    values = hand_values(g, [str(c) for c in g.state.zone("board").cards], folded)
    left_of_button = list(range(n))  # the button is the last seat
    assert g.result["stacks"] == model_stacks(stacks, contributions, dead, folded, values, left_of_button)


def test_a_folded_players_bet_is_still_a_bet_to_call() -> None:
    # Forced bets 2, 3 and a straddle of 1 (as a hand history may give them): seat 1 is all
    # in for 1 of its big blind, seat 0 folds its 2. Seat 2 (1 in, 1 behind) is asked: a
    # call of the folded 2 wins those chips (a side pot only seat 2 reached).
    g = game(["Ks Kd", "As Ad", "Qs Qd"], stacks=[3, 1, 2], blinds="2 3 1")
    play(g, "fold")
    assert g.to_act == 2 and [str(a) for a in g.legal_actions()] == ["fold", "call"]
    play(g, "call")
    assert g.result["stacks"] == [1, 3, 2]
