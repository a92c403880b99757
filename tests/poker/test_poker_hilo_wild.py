"""High-low split equity and wild cards in low hands, against brute force written here."""

from __future__ import annotations

import itertools
import random

import pytest
from hoyle import CardSet, errors, poker

RANKS = "23456789TJQKA"
DECK = [r + s for s in "cdhs" for r in RANKS]
# Ace-to-five rank of each rank character: ace 1 .. king 13.
A5 = {r: (i + 2) % 13 or 13 for i, r in enumerate(RANKS)}
A5["A"] = 1


# --- a reference eight-or-better low ---------------------------------------------------


def low_key(five: list[str]) -> tuple[int, ...] | None:
    """The eight-or-better low of five cards as a key (smaller is better), or None."""
    ranks = sorted((A5[c[0]] for c in five), reverse=True)
    if len(set(ranks)) < 5 or ranks[0] > 8:
        return None
    return tuple(ranks)


def best_low(cards: list[str], hole: list[str] | None = None) -> tuple[int, ...] | None:
    """Best low of any five of `cards`, or (Omaha) two of `hole` and three of `cards`."""
    if hole is None:
        fives = [list(f) for f in itertools.combinations(cards, 5)]
    else:
        fives = [list(h) + list(b) for h in itertools.combinations(hole, 2) for b in itertools.combinations(cards, 3)]
    keys = [k for k in map(low_key, fives) if k is not None]
    return min(keys) if keys else None


def split(highs: list[int], lows: list[tuple[int, ...] | None]) -> list[float]:
    """Pot shares: half to the best high, half to the best low; no low, high scoops."""
    n = len(highs)
    share = [0.0] * n
    hw = [i for i in range(n) if highs[i] == max(highs)]
    qualified = [k for k in lows if k is not None]
    half = 0.5 if qualified else 1.0
    for i in hw:
        share[i] += half / len(hw)
    if qualified:
        lw = [i for i in range(n) if lows[i] == min(qualified)]
        for i in lw:
            share[i] += 0.5 / len(lw)
    return share


def brute_hi_lo(game: str, hands: list[str], board: str) -> tuple[list[float], list[int], int]:
    holes = [h.split() for h in hands]
    known = board.split()
    used = {c for h in holes for c in h} | set(known)
    rest = [c for c in DECK if c not in used]
    totals = [0.0] * len(hands)
    scoops = [0] * len(hands)
    boards = 0
    for extra in itertools.combinations(rest, 5 - len(known)):
        b = known + list(extra)
        if game == "omaha":
            highs = [poker.evaluate_omaha(h, b).value for h in holes]
            lows = [best_low(b, h) for h in holes]
        else:
            highs = [poker.evaluate(h + b).value for h in holes]
            lows = [best_low(h + b) for h in holes]
        for i, s in enumerate(split(highs, lows)):
            totals[i] += s
            scoops[i] += s == 1.0
        boards += 1
    return [t / boards for t in totals], scoops, boards


@pytest.mark.parametrize(
    ("game", "hands", "board"),
    [
        ("omaha", ["Ah 2h Kd Qc", "As 3s 4d 9c", "7c 8c Td Th"], "5d 6h Js 2c"),
        ("omaha", ["Ac 2c 3d Kd", "Ad 2d 8h 8s"], "4c 7h Ks 9d"),
        ("holdem", ["Ah 2h", "3c 4c", "Kd Ks"], "5s 7d 9h"),
    ],
)
def test_hi_lo_equity_matches_brute_force(game: str, hands: list[str], board: str) -> None:
    r = poker.equity(hands, board, game=game, hi_lo=True, threads=1)
    shares, scoops, boards = brute_hi_lo(game, hands, board)
    assert r.exact and r.boards == boards
    assert r.equity == pytest.approx(shares, abs=1e-12)
    assert [round(w * boards) for w in r.win] == scoops
    assert sum(r.equity) == pytest.approx(1.0)
    # The game name says the same thing.
    named = poker.equity(hands, board, game=f"{game}-hi-lo", threads=2)
    assert named.equity == r.equity


def test_scripted_omaha_hi_lo_split_and_scoop() -> None:
    hands = ["Ah 4h Kd 5c", "Qc Qd 9h Tc", "As 4s 7d 7c"]
    # Trip queens take the high half; 8-4-3-2-A twice splits the low half.
    r = poker.equity(hands, "2c 3d 8s Js Qh", game="omaha", hi_lo=True)
    assert (r.boards, r.equity, r.win, r.tie) == (1, [0.25, 0.5, 0.25], [0.0, 0.0, 0.0], [1.0, 1.0, 1.0])
    # One low card on the board: no low, the broadway straight scoops.
    r = poker.equity(hands, "9c Td 8s Js Qh", game="omaha-hi-lo")
    assert (r.equity, r.win) == ([1.0, 0.0, 0.0], [1.0, 0.0, 0.0])
    # The same board without the split: the same hand wins the whole pot.
    assert poker.equity(hands, "9c Td 8s Js Qh", game="omaha").equity == [1.0, 0.0, 0.0]
    # A low needs exactly two hole cards: four low hole cards and two low board cards make none.
    assert poker.equity(["Ac 2c 3h 4h", "Kc Kh Qs Qd"], "Ks 9d 6c Jh 5d", game="omaha", hi_lo=True).equity == [0.0, 1.0]


def test_hi_lo_bad_input() -> None:
    with pytest.raises(errors.InvalidArgumentError, match="short-deck"):
        poker.equity(["Ah Kh", "Qs Qd"], game="short-deck", hi_lo=True)
    with pytest.raises(errors.InvalidArgumentError, match="omaha-hi-lo"):
        poker.equity(["Ah Kh", "Qs Qd"], game="stud-hi-lo")


# --- wild cards in lows ----------------------------------------------------------------


def _ranks_of(value: poker.HandValue) -> str:
    return value.describe().split(": ")[-1]


def _brute_wild_low(naturals: list[str], wilds: int, rule: str) -> str:
    """Every wild replaced by every one of the 52 cards (the same card as a natural one is
    played as a second pack's copy); the best low's ranks as describe() shows them."""
    best = None
    for subs in itertools.product(DECK, repeat=wilds):
        cards = list(naturals)
        for c in subs:
            copies = sum(x.split("#")[0] == c for x in cards)
            cards.append(f"{c}#{copies}" if copies else c)
        v = poker.evaluate_low(cards, rule=rule)
        assert v is not None
        if best is None or v > best:
            best = v
    assert best is not None
    return _ranks_of(best)


@pytest.mark.parametrize("rule", ["ace-to-five", "deuce-to-seven"])
def test_wild_lows_match_brute_force_substitution(rule: str) -> None:
    rng = random.Random(5)
    for n, wilds, reps in ((4, 1, 12), (5, 1, 8), (6, 1, 6), (3, 2, 2)):
        for _ in range(reps):
            naturals = rng.sample(DECK, n)
            jokers = ["Jk", "Jk#1"][:wilds]
            got = poker.evaluate_low(naturals + jokers, rule=rule)
            assert got is not None
            assert _ranks_of(got) == _brute_wild_low(naturals, wilds, rule), (naturals, rule)
            assert len(got.cards) == 5


def _low(cards: str, rule: str = "ace-to-five", wild: str | None = None) -> str:
    v = poker.evaluate_low(cards, rule=rule, wild=wild)
    assert v is not None
    return v.describe()


def test_scripted_wild_lows() -> None:
    # Ace-to-five: the joker takes the lowest rank not held (the three).
    assert _low("As 2d Jk 4h 5s Kd Kc") == "Five-four low: 5-4-3-2-A"
    # Deuces wild: the two deuces are the deuce and the three; natural, they are a pair.
    assert _low("As 2c 2d 4h 5s Kc", wild="2") == "Five-four low: 5-4-3-2-A"
    assert _low("As 2c 2d 4h 5s Kc") == "King-five low: K-5-4-2-A"
    # Named wild cards; the wild appears among the cards that play as itself.
    v = poker.evaluate_low("As 3d 4c 5h 9c Qd", wild="9c")
    assert v is not None and v.describe() == "Five-four low: 5-4-3-2-A" and "9c" in {str(c) for c in v.cards}
    # Deuce-to-seven: the wild avoids the straight (a deuce or a seven) and is the eight.
    assert _low("3c 4d 5h 6s Jk", rule="deuce-to-seven") == "Eight-six low: 8-6-5-4-3"
    # ... and avoids the flush by taking another suit.
    assert _low("2h 4h 5h 7h Jk", rule="deuce-to-seven") == "Seven-five low: 7-5-4-3-2"
    # Eight or better counts the wild as one more low rank.
    assert poker.evaluate_low("As 3d 5c Kh Qs Jk", rule="eight-or-better") is None
    low = poker.evaluate_low("As 3d 5c Kh 7s Jk", rule="eight-or-better")
    assert low is not None and low.describe() == "Seven-five low: 7-5-3-2-A"
    with pytest.raises(errors.InvalidArgumentError, match="wild"):
        poker.evaluate_low("As 2d 3c 4h 5s", wild="xyz")
    assert poker.evaluate_low(CardSet("As 2d 3c 4h 5s"), wild=None) is not None
