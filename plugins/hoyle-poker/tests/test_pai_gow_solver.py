"""The Pai Gow house way in Rust against the Python implementation it replaced, and the
exact best-setting solver against brute force on stripped packs (docs/rules/poker.md#b6)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence

import pytest
from hoyle import Card, Deck, Rng
from hoyle.errors import DuplicateCardError, InvalidArgumentError, InvalidHandError
from hoyle.poker import Category
from hoyle_poker import pai_gow
from hoyle_poker.pai_gow import Setting, Tally, agrees, best_setting, house_way, tallies

# --- the reference: the Python house way that the Rust one replaced (unchanged) ----------

_STRAIGHTS = (Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH)
_rv = pai_gow._rv


def _setting(cards: Sequence[Card], low: Sequence[Card]) -> Setting:
    rest = list(cards)
    for c in low:
        rest.remove(c)
    return Setting(tuple(rest), tuple(low))


def _straight_settings(seven: list[Card]) -> list[Setting]:
    out = []
    for low in itertools.combinations(seven, 2):
        s = _setting(seven, low)
        if pai_gow.high_value(s.high).category in _STRAIGHTS:
            out.append(s)
    return out


def reference_house_way(cards: Iterable[Card]) -> Setting:
    seven = list(cards)
    groups: dict[int, list[Card]] = {}
    for c in sorted(seven, key=lambda c: (_rv(c), c.is_joker), reverse=True):
        groups.setdefault(_rv(c), []).append(c)
    by_size: dict[int, list[list[Card]]] = {}
    for rank in sorted(groups, reverse=True):
        by_size.setdefault(len(groups[rank]), []).append(groups[rank])
    fives, quads, trips, pairs = (by_size.get(n, []) for n in (5, 4, 3, 2))
    singles = [g[0] for g in by_size.get(1, [])]  # high to low

    def front(low: Sequence[Card]) -> Setting:
        return _setting(seven, low)

    if fives:
        natural = [c for c in fives[0] if not c.is_joker]
        return front(pairs[0] if pairs else natural[:2])
    if quads:
        if trips:
            return front(trips[0][:2])
        if pairs:
            return front(pairs[0])
        if _rv(quads[0][0]) <= 6:
            return front(singles[:2])
        return front(quads[0][:2])
    if len(trips) >= 2:
        return front(trips[0][:2])
    if trips and len(pairs) >= 2:
        return front(pairs[0])
    if trips and pairs:
        return front(pairs[0])
    if trips:
        if _rv(trips[0][0]) == 14:
            return front([trips[0][0], singles[0]])
        return front(singles[:2])
    if len(pairs) >= 3:
        return front(pairs[0])
    if len(pairs) == 2:
        if _rv(pairs[0][0]) <= 6 and singles and _rv(singles[0]) == 14:
            return front(singles[:2])
        return front(pairs[1])
    straights = _straight_settings(seven)
    if pairs:
        for s in straights:
            if _rv(s.low[0]) == _rv(s.low[1]):
                return s
        return front(singles[:2])
    if straights:
        return max(straights, key=lambda s: pai_gow.low_value(s.low))
    return front(singles[1:3])


def _hands(pack: list[Card], count: int, seed: int, joker: bool = False) -> Iterable[list[Card]]:
    rng = Rng(seed, 0x7E57)
    for _ in range(count):
        rng.shuffle(pack)
        seven = pack[:7]
        if joker and Card("Jk") not in seven:
            seven = [Card("Jk"), *pack[:6]]
            rng.shuffle(seven)
        yield seven


@pytest.mark.parametrize(
    ("pack", "count", "joker"),
    [
        (Deck.standard(1, 1), 20000, False),  # the 53-card pack
        (Deck.standard(1, 1), 6000, True),  # every hand with the bug
        (Deck.stripped("9", 1, 1), 6000, False),  # 25 cards: trips, quads, full houses, five aces
        ([c for c in Deck.standard(1, 1) if c.suit in ("h", "s", None)], 4000, False),  # flushes
    ],
)
def test_the_rust_house_way_sets_every_hand_as_the_python_one_did(
    pack: Iterable[Card], count: int, joker: bool
) -> None:
    for seven in _hands(list(pack), count, seed=count, joker=joker):
        assert str(house_way(seven)) == str(reference_house_way(seven)), seven


# --- the exact solver against brute force --------------------------------------------------


def brute_force(cards: str, remaining: str, joker: str = "bug") -> list[tuple[str, int, int, int]]:
    """Every dealer hand from ``remaining``, set by the reference house way, valued and
    compared with each legal setting in Python."""
    seven = [Card(c) for c in cards.split()]
    rest = [Card(c) for c in remaining.split()]
    mode, dealer_mode = ("ace", "wild") if joker == "seed" else ("bug", "bug")
    options = pai_gow.settings(seven, joker=mode)
    mine = [(pai_gow.high_value(s.high, mode), pai_gow.low_value(s.low, mode)) for s in options]
    counts = [[0, 0, 0] for _ in options]
    for dealer in itertools.combinations(rest, 7):
        d = reference_house_way(dealer)
        dv = (pai_gow.high_value(d.high, dealer_mode), pai_gow.low_value(d.low, dealer_mode))
        for k, pv in enumerate(mine):
            counts[k][1 - pai_gow._outcome(pv, dv)] += 1  # win, push, lose
    return [(str(s), *c) for s, c in zip(options, counts)]  # type: ignore[misc]


@pytest.mark.parametrize(
    ("cards", "remaining", "joker"),
    [
        # 12 cards left (792 dealer hands), the bug among them: straights, flushes, pairs
        ("As Ad Kc Kd 7s 7h 2c", "Qs Js Ts 9s 8s 8d 5c 5h 4h 3d 2d Jk", "bug"),
        ("Ah Kd 9c 7s 5h 3d 2c", "Ac Ad Kh Ks Qc 8h 6s 6d 4c 4s Jk Th", "bug"),
        # the player holds the bug
        ("Jk 9s Jd Qc Kh 3c 2d", "Ah Ad As Kc Ks Tc 9d 9h 8c 7c 6c 5c", "bug"),
        # another reading: the dealer's joker wild, the player's an ace
        ("Ah Kd 9c 7s 5h 3d 2c", "Ac Ad Kh Ks Qc 8h 6s 6d 4c 4s Jk Th", "seed"),
        ("Jk 9s Jd Qc Kh 3c 2d", "Ah Ad As Kc Ks Tc 9d 9h 8c 7c 6c 5c", "seed"),
        # trips, quads and five aces for the dealer
        ("2c 3d 4h 6s 8c 9d Th", "Ac Ad Ah As Jk Kc Kd Kh 7c 7d 7h 7s 5d", "bug"),
    ],
)
def test_exact_tallies_equal_brute_force_on_a_stripped_pack(cards: str, remaining: str, joker: str) -> None:
    exact = tallies(cards, remaining=remaining, joker=joker)
    want = brute_force(cards, remaining, joker)
    assert [(str(t.setting), t.win, t.push, t.lose) for t in exact] == want
    assert all(t.hands == math.comb(len(remaining.split()), 7) for t in exact)
    # one thread or all: the same counts
    assert tallies(cards, remaining=remaining, joker=joker, threads=1) == exact


def test_the_exact_solver_counts_every_dealer_hand_of_the_53_card_pack() -> None:
    cards = "Ah Ad Kc Kd 9s 9h 2c"  # three pair: the house way (aces in front) is best
    rows = tallies(cards)
    assert {t.hands for t in rows} == {math.comb(46, 7)} == {53_524_680}
    assert agrees(rows, [Card(c) for c in cards.split()])
    best, ev = max(((t.setting, t.expected()) for t in rows), key=lambda p: p[1])
    assert sorted(map(str, best.low)) == ["Ad", "Ah"] and ev > 0
    # the sampled mode estimates the same expectations
    sampled = {str(t.setting): t.expected() for t in tallies(cards, samples=40000, seed=4)}
    assert all(abs(sampled[str(t.setting)] - t.expected()) < 0.03 for t in rows)


def test_best_setting_compares_exactly_and_keeps_the_first_of_equals() -> None:
    # every dealer hand of 7 of these 8 cards loses both hands to all three settings
    cards, rest = "As Ad Kc Kd 7s 7h 2c", "Qs Qd Jc 9h 8s 6d 4c 3h"
    rows = tallies(cards, remaining=rest)
    assert str(rows[0].setting.low[0]) == "As" and rows[0].win == 8
    best, ev = best_setting(cards, remaining=rest, commission=0)
    assert best == rows[0].setting and ev == 1.0
    assert best_setting(cards, remaining=rest, commission=5)[1] == 0.95
    assert Tally(rows[0].setting, 3, 1, 1).score(5) == 3 * 95 - 100


def test_the_sampled_mode_is_seeded() -> None:
    a = tallies("As Kd 9c 7s 5h 3d 2c", samples=5000, seed=9)
    assert a == tallies("As Kd 9c 7s 5h 3d 2c", samples=5000, seed=9, threads=1)
    assert a != tallies("As Kd 9c 7s 5h 3d 2c", samples=5000, seed=10)
    assert {t.hands for t in a} == {5000}


def test_bad_input_raises_hoyle_errors() -> None:
    with pytest.raises(InvalidHandError, match="seven"):
        house_way("As Kd 9c 7s 5h 3d")
    with pytest.raises(DuplicateCardError):
        house_way("As As 9c 7s 5h 3d 2c")
    with pytest.raises(DuplicateCardError, match="one joker"):
        house_way("Jk Jk 9c 7s 5h 3d 2c")
    with pytest.raises(InvalidHandError, match="one pack"):
        house_way("As#1 Kd 9c 7s 5h 3d 2c")
    with pytest.raises(InvalidHandError, match="seven"):
        tallies("As Kd 9c 7s 5h 3d")
    with pytest.raises(DuplicateCardError):
        tallies("As As 9c 7s 5h 3d 2c")
    with pytest.raises(DuplicateCardError, match="As"):
        tallies("As Kd 9c 7s 5h 3d 2c", remaining="As Ks Qs Js Ts 9s 8s")
    with pytest.raises(InvalidHandError, match="seven cards"):
        tallies("As Kd 9c 7s 5h 3d 2c", remaining="Ks Qs Js")
    with pytest.raises(InvalidArgumentError, match="samples"):
        tallies("As Kd 9c 7s 5h 3d 2c", samples=0)
    with pytest.raises(InvalidArgumentError, match="joker"):
        tallies("As Kd 9c 7s 5h 3d 2c", joker="wild")
    with pytest.raises(InvalidArgumentError, match="threads"):
        tallies("As Kd 9c 7s 5h 3d 2c", samples=10, threads=0)
