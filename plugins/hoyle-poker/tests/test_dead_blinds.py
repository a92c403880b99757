"""Blinds posted out of position (option ``posts``, docs/poker-games.md "Dead blinds"):
the live part is the poster's bet, the dead part dead money in the main pot (no bet, not
counted for the side pots). Scripted four-handed hands (button seat 3, small blind seat
0, big blind seat 1; seat 2 posts a live 2 and a dead 1) with stacks worked out by hand,
and random hands against the independent side-pot model of ``test_side_pots``."""

from __future__ import annotations

from typing import Any

import hoyle
import pytest
from hoyle.errors import InvalidOptionError
from hoyle_poker.flop import arranged_deck
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_betting import DRY_BOARD, play
from test_side_pots import hand_values, model_stacks, play_randomly, tables

HOLES = ["Ks Kd", "Qs Qd", "As Ad", "Js Jd"]  # seat 2, the poster, holds the aces


def game(stacks: list[int] | None = None, posts: str = "2:2+1", **options: Any) -> hoyle.Game:
    deck = arranged_deck(HOLES, DRY_BOARD)
    return hoyle.new_game(
        "texas-holdem", players=4, deck=deck, stacks=stacks or [100] * 4, options={"posts": posts, **options}, seed=1
    )


def test_the_poster_acts_first_with_its_live_blind_as_its_bet() -> None:
    g = game()
    assert g.state.committed == [1, 2, 3, 0]
    assert g.state.public["bets"] == [1, 2, 2, 0] and g.state.public["dead"] == [0, 0, 1, 0]
    assert g.to_act == 2 and [str(a) for a in g.legal_actions()][:2] == ["check", "raise to 4"]


def test_poster_folds_the_dead_part_is_no_bet_to_return() -> None:
    # seat 3 raises to 6, everyone folds: 6 - 2 (the largest live bet matched) = 4 returns;
    # seat 3 wins 1 + 2 + 3 + 2 = 8. Were the dead chip a bet, only 3 would return.
    g = game()
    play(g, "check", "raise to 6", "fold", "fold", "fold")
    assert g.result["stacks"] == [99, 98, 97, 106]


def test_poster_calls_a_raise_from_its_live_blind() -> None:
    # seat 2 calls 6 with 4 more chips (its live 2 counts, the dead 1 does not), then wins
    # the pot 1 + 2 + 7 + 6 = 16 with the aces
    g = game()
    play(g, "check", "raise to 6", "fold", "fold", "call")
    assert g.state.committed[2] == 7
    while not g.is_over:
        g.act("check")
    assert g.result["stacks"] == [99, 98, 109, 94]


def test_poster_raises_measured_from_its_live_blind() -> None:
    g = game()
    play(g, "raise to 8")
    assert g.state.committed[2] == 9  # 2 live + 1 dead + 6 more
    play(g, "fold", "fold", "fold")
    assert g.result["stacks"] == [99, 98, 103, 100]  # 6 returns; it wins 1 + 2 + the dead 1 and its own 2


def test_side_pots_with_a_dead_blind() -> None:
    # Seat 2 (10 chips) posts 2 live + 1 dead, checks; seat 3 raises to 50, seat 0 folds,
    # seat 1 (30) and seat 2 call all in. 20 returns to seat 3. Main pot: 1 + 9 + 9 + 9 live
    # and the dead 1 = 29 to seat 2's aces; side pot 21 + 21 = 42 to seat 1's queens over
    # seat 3's jacks. Were the dead chip a bet, the main pot would be 31.
    g = game(stacks=[100, 30, 10, 100])
    play(g, "check", "raise to 50", "fold", "call", "call")
    assert g.is_over
    assert g.result["stacks"] == [99, 42, 29, 70]


def test_only_a_live_blind_or_only_dead_money() -> None:
    g = game(posts="2:2")  # a newcomer's live big blind: it may check its option
    play(g, "check", "call", "call", "check")
    assert g.phase == "flop" and g.state.pot == 8
    g = game(posts="3:0+1")  # a dead small blind alone: the button still has 2 to call
    assert g.state.public["bets"][3] == 0 and g.state.pot == 4


@pytest.mark.parametrize(
    ("posts", "message"), [("7:2", "seat 7 is not dealt in"), ("2:x", "is not SEAT:LIVE"), ("2:2 2:1", "a seat twice")]
)
def test_bad_posts_are_refused(posts: str, message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        game(posts=posts)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), live=st.integers(0, 6), dead=st.integers(0, 3), data=st.data())
def test_random_hands_with_a_dead_blind_pay_as_the_model(
    table: dict[str, Any], live: int, dead: int, data: Any
) -> None:
    n, stacks = table["n"], table["stacks"]
    seat = n - 1  # the button posts out of position (it posts no other blind, but heads-up)
    if n == 2:
        return
    options = {**table["options"], "posts": f"{seat}:{live}+{dead}"}
    g = hoyle.new_game("texas-holdem", players=n, seed=table["seed"], stacks=stacks, options=options)
    contributions, folded = play_randomly(g, data)
    assert sum(g.result["stacks"]) == sum(stacks)
    dead_money = [0] * n
    ante = options.get("ante", 0)
    if options.get("ante_type") == "big-blind":
        dead_money[1] = min(ante, stacks[1])
        ante = 0
    left = stacks[seat] - min(ante, stacks[seat])  # the poster's stack after its ante
    blinds = [int(b) for b in options["blinds"].split()]
    if seat < len(blinds):  # three-handed, the straddle is the button's
        left -= min(blinds[seat], left)
    dead_money[seat] += min(dead, left - min(live, left))  # the live part first
    values = hand_values(g, [str(c) for c in g.state.zone("board").cards], folded)
    assert g.result["stacks"] == model_stacks(stacks, contributions, dead_money, folded, values, list(range(n)))


def test_phh_refuses_dead_blinds_and_ohh_writes_them() -> None:
    from hoyle import ohh, phh
    from hoyle.errors import ReplayError

    g = game()
    play(g, "check", "raise to 6", "fold", "fold", "fold")
    with pytest.raises(ReplayError, match="out of position"):
        phh.dump(g)
    (hand,) = ohh.loads(ohh.dumps(g))
    actions = hand["rounds"][0]["actions"]
    posts = [(a["action"], a["amount"]) for a in actions if a["player_id"] == 2 and a["action"].startswith("Post")]
    assert posts == [("Post Extra Blind", 2), ("Post Dead", 1)]
    assert ohh.replay(ohh.dumps(g)).state.stacks == g.state.stacks == [99, 98, 97, 106]
