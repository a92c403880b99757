"""Statistics: per-seat means with 95 % intervals checked against an independent
computation from the games, bb/100 for poker, and head-to-head tables."""

from __future__ import annotations

import math
import statistics
from fractions import Fraction

import pytest
from hoyle.errors import InvalidArgumentError
from hoyle.simulate import head_to_head, simulate
from hoyle.simulate.stats import Z95, mean_ci95

HOLDEM = {"bots": ["poker", "random", "random"], "options": {"stack": 200, "big_blind": 4, "small_blind": 2}}


def reference_ci(values: list[int]) -> tuple[float, float, float]:
    """mean ± z s / sqrt(n), with the standard library's sample standard deviation."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


@pytest.mark.parametrize(
    "values", [[0, 1, 1, 2], [5, 5, 5], [-30, 12, 7, 0, 99, -4], list(range(-50, 51, 7)), [10**12, -(10**12), 3]]
)
def test_mean_ci95_matches_the_textbook_formula(values: list[int]) -> None:
    e = mean_ci95(len(values), sum(values), sum(v * v for v in values))
    mean, low, high = reference_ci(values)
    assert e.mean == pytest.approx(mean) and e.n == len(values)
    assert e.low == pytest.approx(low, abs=1e-9) and e.high == pytest.approx(high, abs=1e-9)


def test_one_value_has_no_known_spread() -> None:
    e = mean_ci95(1, 7, 49)
    assert (e.mean, e.low, e.high) == (7, -math.inf, math.inf)
    with pytest.raises(InvalidArgumentError, match="n=0"):
        mean_ci95(0, 0, 0)


def test_poker_reports_big_blinds_per_100_hands() -> None:
    r = simulate("texas-holdem", games=120, seed=3, **HOLDEM)
    assert r.unit.name == "bb/100"
    for seat in range(3):
        won = [g.settlement[seat] for g in r.records]
        mean, low, high = reference_ci([w * 25 for w in won])  # 100 hands / a big blind of 4
        e = r.rate(seat)
        assert e.mean == pytest.approx(mean) and e.low == pytest.approx(low) and e.high == pytest.approx(high)
    assert sum(r.settlement) == 0  # chips change hands, none are made


def test_the_default_big_blind_is_used_when_not_given() -> None:
    r = simulate("texas-holdem", games=10, seed=3, bots=["random", "random"])
    assert r.unit.name == "bb/100" and r.unit.scale == 50  # the variant's big blind: 2


def test_rummy_reports_points_per_game_and_shared_wins_exactly() -> None:
    r = simulate("gin-rummy", games=30, seed=2, bots=["gin", "random"], options={"target": 25})
    assert r.unit.name == "points/game"
    wins = [Fraction(0)] * 2
    for g in r.records:
        for w in g.winners:
            wins[w] += Fraction(1, len(g.winners))
    assert r.wins == [float(w) for w in wins]
    mean, low, high = reference_ci([g.settlement[0] for g in r.records])
    assert (r.rate(0).mean, r.rate(0).low, r.rate(0).high) == pytest.approx((mean, low, high))


def test_head_to_head_pairs_every_bot_from_both_seats() -> None:
    bots = ["gin", "random", "random"]
    opts = {"target": 25}
    table = head_to_head("gin-rummy", bots, games=12, seed=6, options=opts)
    assert sorted(table.cells) == [(a, b) for a in range(3) for b in range(3) if a != b]
    for a, b in [(0, 1), (0, 2), (1, 2)]:
        ab = simulate("gin-rummy", games=12, seed=6, bots=[bots[a], bots[b]], options=opts)
        ba = simulate("gin-rummy", games=12, seed=6, bots=[bots[b], bots[a]], options=opts)
        mine = [g.settlement[0] for g in ab.records] + [g.settlement[1] for g in ba.records]
        theirs = [g.settlement[1] for g in ab.records] + [g.settlement[0] for g in ba.records]
        for cell, values in (((a, b), mine), ((b, a), theirs)):
            mean, low, high = reference_ci(values)
            e = table.cell(*cell)
            assert e.n == 24 and (e.mean, e.low, e.high) == pytest.approx((mean, low, high))
    # The gin bot beats a random player; two random players on the same deals are even.
    assert table.cell(0, 1).mean > 0 and table.cell(1, 2) == table.cell(2, 1)
    assert table.overall(0) == pytest.approx((table.cell(0, 1).mean + table.cell(0, 2).mean) / 2)


def test_head_to_head_needs_two_bots_and_no_file() -> None:
    with pytest.raises(InvalidArgumentError, match="at least two bots"):
        head_to_head("gin-rummy", ["gin"], games=2)
    with pytest.raises(InvalidArgumentError, match="out="):
        head_to_head("gin-rummy", ["gin", "random"], games=2, out="x.jsonl")
    with pytest.raises(InvalidArgumentError, match=r"cell \(0, 0\)"):
        head_to_head("war", ["random", "random"], games=2, options={"max_battles": 5}).cell(0, 0)
