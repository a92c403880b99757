"""Omaha range shorthand (issue 29, docs/poker-analysis.md "Omaha ranges").

Every expected set is built here by filtering all the four- (or five-) card hands of
the deck with the definition written out in the test: at least as many cards of each
named rank as the pattern names, and the suit counts of the suit pattern.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from functools import cache

import pytest
from hoyle import poker
from hoyle.errors import HoyleError

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]
SHAPES = {"": None, "$ds": [2, 2], "$ss": [2, 1, 1], "$r": [1, 1, 1, 1]}


@cache
def four_card_hands() -> list[tuple[frozenset[str], Counter[str], list[int]]]:
    """Every four-card hand with its rank counts and its suit counts, largest first."""
    return [
        (frozenset(h), Counter(c[0] for c in h), sorted(Counter(c[1] for c in h).values(), reverse=True))
        for h in itertools.combinations(DECK, 4)
    ]


def expected(ranks: str, suits: str = "") -> set[frozenset[str]]:
    """The four-card hands holding at least the named ranks, of the suit shape."""
    need = Counter(ranks)
    shape = SHAPES[suits]
    return {
        hand
        for hand, have, counts in four_card_hands()
        if all(have[r] >= k for r, k in need.items()) and (shape is None or counts == shape)
    }


def combos(text: str) -> set[frozenset[str]]:
    return {frozenset(str(c).split()) for c, _ in poker.Range(text)}


def test_any_two_others() -> None:
    aces = expected("AA")
    assert len(aces) == 6 * 1128 + 4 * 48 + 1  # two, three or four aces
    assert combos("AA**") == combos("AAxx") == aces


@pytest.mark.parametrize(
    ("text", "ranks", "suits"),
    [
        ("KK**$ds", "KK", "$ds"),
        ("AKQJ$ss", "AKQJ", "$ss"),
        ("AAxx$r", "AA", "$r"),
        ("AKxx", "AK", ""),
        ("JT98", "JT98", ""),
    ],
)
def test_named_ranks_and_suit_patterns(text: str, ranks: str, suits: str) -> None:
    assert combos(text) == expected(ranks, suits)


def test_five_card_omaha() -> None:
    """Five distinct cards with two aces or more, and as many hands as there are: two,
    three or four aces with the rest from the 48 other cards."""
    got = combos("AA***")
    assert all(len(h) == 5 and sum(c[0] == "A" for c in h) >= 2 for h in got)
    assert len(got) == 6 * 17296 + 4 * 1128 + 48


def test_card_removal_weights_and_round_trip() -> None:
    r = poker.Range("KK**$ds:0.5,AAKK")
    assert {w for _, w in r} == {0.5, 1.0}
    assert poker.Range(str(r)) == r
    left = {frozenset(str(c).split()) for c, _ in r.without("Kh 7c 2d")}
    assert left == {h for h in combos("KK**$ds,AAKK") if not h & {"Kh", "7c", "2d"}}


def test_equity_takes_the_shorthand() -> None:
    board = "Kh 7c 2d 9s"
    explicit = poker.Range.from_combos(sorted(" ".join(sorted(h)) for h in expected("QQJT", "$ds")))
    short = poker.equity(["As Ah Ks Qh", "QQJT$ds"], board, game="omaha", exact=True)
    long = poker.equity(["As Ah Ks Qh", explicit], board, game="omaha", exact=True)
    assert short.equity == long.equity and short.exact


@pytest.mark.parametrize(
    ("text", "token", "why"),
    [
        ("AA,KK**$xs", "KK**$xs", "suit pattern"),
        ("AAAAA*", "AAAAA*", "four cards"),
        ("******", "******", "too many"),
        ("AAAA$ds", "AAAA$ds", "no hand"),
    ],
)
def test_errors_name_the_bad_token(text: str, token: str, why: str) -> None:
    with pytest.raises(HoyleError, match=re.escape(token) + ".*" + why):
        poker.Range(text)
