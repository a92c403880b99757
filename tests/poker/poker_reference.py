"""A slow, obviously-correct Python reference for poker hand ranking, used by the tests.

Cards are (rank, suit) with rank 2..14 (ace 14). Nothing here comes from hoyle.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

RANKS = "23456789TJQKA"


def parse(text: str) -> list[tuple[int, str]]:
    return [(RANKS.index(t[0]) + 2, t[1]) for t in text.split()]


def classify5(cards: list[tuple[int, str]]) -> tuple[int, list[int]]:
    """(category 0..9, tie-break ranks) of exactly five cards (duplicates allowed, as a
    wild card may stand for a card already held)."""
    ranks = sorted((r for r, _ in cards), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    order = [r for r, _ in groups]
    distinct = len(counts) == 5
    # A flush has five different ranks (a wild card never makes a "double-ace flush").
    flush = distinct and len({s for _, s in cards}) == 1
    top = None
    if distinct and ranks[0] - ranks[4] == 4:
        top = ranks[0]
    elif ranks == [14, 5, 4, 3, 2]:
        top = 5
    if shape == [5]:
        return 9, order
    if top is not None and flush:
        return 8, [top]
    if shape == [4, 1]:
        return 7, order
    if shape == [3, 2]:
        return 6, order
    if flush:
        return 5, ranks
    if top is not None:
        return 4, [top]
    if shape == [3, 1, 1]:
        return 3, order
    if shape == [2, 2, 1]:
        return 2, order
    if shape == [2, 1, 1, 1]:
        return 1, order
    return 0, ranks


def best(cards: list[tuple[int, str]]) -> tuple[int, list[int]]:
    return max(classify5(list(c)) for c in combinations(cards, 5))


def decode(value: int) -> tuple[int, list[int]]:
    """A hoyle high value (docs/poker.md: category << 20, then five rank nibbles with
    0 = deuce) in the reference's form (ranks 2..14)."""
    category = value >> 20
    used = {9: 1, 8: 1, 4: 1, 7: 2, 6: 2, 3: 3, 2: 3, 1: 4}.get(category, 5)
    nibbles = [(value >> shift) & 15 for shift in (16, 12, 8, 4, 0)]
    return category, [n + 2 for n in nibbles[:used]]
