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


def brute_force(ranges: list[poker.Range], board: str = "") -> np.ndarray:
    """Per player and hand class (the value's category, bits 20-23): the weighted share of
    deals and boards ending in that class, and the wins, ties and pot share taken with
    it, as ``[share, win, tie, equity]`` of shape ``(4, players, 9)``."""
    b = mask(board)
    boards = completions(b, 0, 5 - len(board.split()))
    combos = [[(mask(c), w) for c, w in r if not mask(c) & b] for r in ranges]
    values = {m: poker.evaluate_batch(boards | np.uint64(m)) for r in combos for m, _ in r}
    table, total = np.zeros((4, len(ranges), 9)), 0.0
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
            category = v >> 20
            for c in range(9):
                mine = category == c
                for row, hits in enumerate((mine, mine & best & (k == 1), mine & best & (k > 1), mine * best / k)):
                    table[row, :, c] += weight * hits.sum(axis=1)
            total += weight * int(live.sum())
    return table / total


def assert_matches(ranges: list[str], board: str = "") -> None:
    rs = [poker.Range(r) for r in ranges]
    got = poker.equity(rs, board or None, exact=True)
    assert got.exact
    want = brute_force(rs, board)[1:].sum(axis=2)
    for name, g, w in zip(("win", "tie", "equity"), (got.win, got.tie, got.equity), want, strict=True):
        assert g == pytest.approx(list(w), abs=1e-9), name


def assert_classes_match(ranges: list[str], board: str = "") -> None:
    rs = [poker.Range(r) for r in ranges]
    got = poker.equity(rs, board or None, exact=True, by_class=True)
    assert got.classes is not None and got.exact
    want = brute_force(rs, board)
    for p, row in enumerate(got.classes):
        assert [c.category for c in row] == list(range(9))
        for c in row:
            figures = [c.share, c.win, c.tie, c.equity]
            assert figures == pytest.approx(list(want[:, p, c.category]), abs=1e-9), (p, c)
    totals = poker.equity(rs, board or None, exact=True)
    for name in ("win", "tie", "equity"):
        assert getattr(got, name) == pytest.approx(getattr(totals, name), abs=1e-12), name


def test_the_reference_scores_a_known_matchup() -> None:
    """The brute force itself reproduces GNU poker-eval's published AcAd vs KsKh counts
    (1,388,072 wins, 6,538 ties of 1,712,304 boards; brainwagon.org, 2005)."""
    win, tie, _ = brute_force([poker.Range("AcAd"), poker.Range("KsKh")])[1:].sum(axis=2)
    assert win[0] * 1712304 == pytest.approx(1388072) and tie[0] * 1712304 == pytest.approx(6538)


def test_preflop_range_against_range() -> None:
    assert_matches(["QQ+", "AKs,JJ"])


def test_preflop_weighted_ranges() -> None:
    assert_matches(["AA:0.5,AKs", "[25]KK[/25],AhKd"])


def test_flop_range_against_ranges_three_ways() -> None:
    assert_matches(["QQ+,AKs", "JJ,AQs:0.5,KhQh", "77,T9s"], "Kh 7c 2d")


def test_hand_classes_on_a_flop() -> None:
    assert_classes_match(["QQ+,AKs", "JJ,AQs:0.5,KhQh", "77,T9s"], "Kh 7c 2d")


def test_hand_classes_with_flushes_and_straight_flushes() -> None:
    assert_classes_match(["JhTh,AA,9h8h:0.5", "KK,QsJs"], "Ah Kh Qh")


def test_hand_classes_preflop() -> None:
    assert_classes_match(["AhKh", "QQ:0.5,JcTc"])


def test_hand_classes_by_monte_carlo() -> None:
    exact = poker.equity(["QQ+,AKs", "JJ,AQs"], "Kh 7c 2d", exact=True, by_class=True)
    mc = poker.equity(["QQ+,AKs", "JJ,AQs"], "Kh 7c 2d", exact=False, samples=100_000, seed=5, by_class=True)
    assert exact.classes is not None and mc.classes is not None and not mc.exact
    for e, m in zip(exact.classes[0], mc.classes[0], strict=True):
        assert abs(m.share - e.share) <= 4 * (e.share * (1 - e.share) / 100_000) ** 0.5 + 1e-12, e
    assert mc.equity[0] == pytest.approx(sum(c.equity for c in mc.classes[0]), abs=1e-12)
    assert mc.std_error[0] > 0


def test_short_deck_classes_name_the_flush_and_the_full_house() -> None:
    """Short deck ranks a flush above a full house; the classes still name each hand's
    category (Category numbers, not the short deck's ordering codes)."""
    r = poker.equity(["Ah Kh", "Ts 9s"], "6h 7h 9h Tc Td", game="short-deck", by_class=True)
    assert r.classes is not None
    assert r.classes[0][poker.Category.FLUSH].win == 1.0
    assert r.classes[1][poker.Category.FULL_HOUSE].share == 1.0
    assert r.equity == [1.0, 0.0]


def test_no_breakdown_unless_asked() -> None:
    assert poker.equity(["Ah Kh", "Qs Qd"], "2c 7d 9s").classes is None
