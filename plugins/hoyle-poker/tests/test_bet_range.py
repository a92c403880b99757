"""``bet_range(game, seat)``: the typed limits of a bet or raise, for callers that must not
read ``public["range"]`` (RL, servers). Checked against the legal actions and the engine's
own verdict on random hands of every betting game."""

from __future__ import annotations

import hoyle
import pytest
from hoyle.errors import IllegalActionError, InvalidArgumentError
from hoyle_poker import BetRange, bet_range
from test_betting import game, play

BETTING_GAMES = ("texas-holdem", "omaha", "short-deck-holdem", "five-card-draw", "badugi", "razz", "table-hand")


def test_no_limit_raise_range_and_its_actions() -> None:
    g = game(["As Ad", "Ks Kd", "Qs Qd"])
    r = bet_range(g, 2)
    assert r == BetRange("raise", 4, 200, False)
    assert 4 in r and 200 in r and 3 not in r and 201 not in r
    assert bet_range(g, 0) is None  # not seat 0's turn
    g.act(r.action(10))
    assert g.state.committed[2] == 10
    with pytest.raises(InvalidArgumentError, match="raise to 3: the amount must be"):
        bet_range(g, 0).action(3)  # type: ignore[union-attr]


def test_bet_after_the_flop_and_none_when_betting_is_closed() -> None:
    g = game(["As Ad", "Ks Kd"], stacks=[200, 6])
    play(g, "call", "check")
    assert g.phase == "flop"
    assert g.to_act == 0 and bet_range(g, 0) == BetRange("bet", 2, 198, False)
    play(g, "bet 4")
    assert g.to_act == 1 and bet_range(g, 1) is None  # the bet is all seat 1 has left: call or fold


def test_fixed_limit_is_one_amount() -> None:
    g = game(["As Ad", "Ks Kd", "Qs Qd"], structure="fixed-limit")
    r = bet_range(g, g.to_act)
    assert r == BetRange("raise", 4, 4, True) and 4 in r and 5 not in r


@pytest.mark.parametrize("name", BETTING_GAMES)
def test_bet_range_agrees_with_the_legal_actions_and_the_engine(name: str) -> None:
    for seed in range(8):
        g = hoyle.new_game(name, players=4, seed=seed)
        rng = hoyle.Rng(seed)
        while not g.is_over:
            seat = g.to_act
            legal = g.legal_actions()
            sized = [a.amount for a in legal if a.kind in ("bet", "raise")]
            r = bet_range(g, seat) if seat is not None else None
            if r is None:
                assert not sized
            else:
                assert min(sized) == r.least and max(sized) == r.most
                assert all(a.kind == r.kind for a in legal if a.kind in ("bet", "raise"))
                inside = r.least + rng.below(r.most - r.least + 1)
                if inside in r:
                    g.clone().act(r.action(inside))  # the engine accepts every amount inside
                for outside in (r.least - 1, r.most + 1):
                    with pytest.raises(IllegalActionError):
                        g.clone().act(hoyle.Action(r.kind, amount=outside))
            g.act(legal[rng.below(len(legal))])
