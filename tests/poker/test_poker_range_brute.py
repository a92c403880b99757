"""Exact range-against-range equity against brute force written out here (issue 29).

The reference enumerates every deal (one combo per player, no card shared, weight the
product of the combo weights) and, for each, every completion of the board from the
whole deck, scoring each player's seven cards with ``poker.evaluate_batch`` (hoyle's
seven-card ranks, nothing of the range-equity code: no suit renaming, no deal classes).
A player wins a board alone with the single best value, ties it when the best value is
shared, and takes ``1 / k`` of the pot with ``k`` best values.
"""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
import pytest
from hoyle import poker


def mask(cards: poker.CardSet | str) -> int:
    """A card mask (bit ``suit * 13 + rank``, as ``evaluate_batch`` reads it)."""
    return sum(1 << (13 * "cdhs".index(c[1]) + "23456789TJQKA".index(c[0])) for c in str(cards).split())


@cache
def completions(board: int, start: int, k: int) -> np.ndarray:
    """Every ``k`` cards from index ``start`` on that are not on ``board``, ORed into it."""
    if k == 0:
        return np.array([board], dtype=np.uint64)
    parts = [np.uint64(1 << c) | completions(board, c + 1, k - 1) for c in range(start, 53 - k) if not board >> c & 1]
    return np.concatenate(parts) if parts else np.empty(0, dtype=np.uint64)


def brute_force(ranges: list[poker.Range], board: str = "") -> tuple[list[float], list[float], list[float]]:
    """(win, tie, equity) per player over every deal and every board completion."""
    b = mask(board)
    boards = completions(b, 0, 5 - len(board.split()))
    combos = [[(mask(c), w) for c, w in r if not mask(c) & b] for r in ranges]
    values = {m: poker.evaluate_batch(boards | np.uint64(m)) for r in combos for m, _ in r}
    n = len(ranges)
    win, tie, share, total = np.zeros(n), np.zeros(n), np.zeros(n), 0.0
    for deal in itertools.product(*combos):
        held = [m for m, _ in deal]
        used = 0
        for m in held:
            if used & m:
                break
            used |= m
        else:
            weight = float(np.prod([w for _, w in deal]))
            live = (boards & np.uint64(used)) == 0
            v = np.stack([values[m][live] for m in held])
            best = v == v.max(axis=0)
            k = best.sum(axis=0)
            win += weight * (best & (k == 1)).sum(axis=1)
            tie += weight * (best & (k > 1)).sum(axis=1)
            share += weight * (best / k).sum(axis=1)
            total += weight * int(live.sum())
    return list(win / total), list(tie / total), list(share / total)


def assert_matches(ranges: list[str], board: str = "") -> None:
    rs = [poker.Range(r) for r in ranges]
    got = poker.equity(rs, board or None, exact=True)
    assert got.exact
    want = brute_force(rs, board)
    for name, g, w in zip(("win", "tie", "equity"), (got.win, got.tie, got.equity), want, strict=True):
        assert g == pytest.approx(w, abs=1e-9), name


def test_the_reference_scores_a_known_matchup() -> None:
    """The brute force itself reproduces GNU poker-eval's published AcAd vs KsKh counts
    (1,388,072 wins, 6,538 ties of 1,712,304 boards; brainwagon.org, 2005)."""
    win, tie, _ = brute_force([poker.Range("AcAd"), poker.Range("KsKh")])
    assert win[0] * 1712304 == pytest.approx(1388072) and tie[0] * 1712304 == pytest.approx(6538)


def test_preflop_range_against_range() -> None:
    assert_matches(["QQ+", "AKs,JJ"])


def test_preflop_weighted_ranges() -> None:
    assert_matches(["AA:0.5,AKs", "[25]KK[/25],AhKd"])


def test_flop_range_against_ranges_three_ways() -> None:
    assert_matches(["QQ+,AKs", "JJ,AQs:0.5,KhQh", "77,T9s"], "Kh 7c 2d")
