"""``hoyle.poker.push_fold`` (issue 29): the ICM $EV of an all-in against a fold.

The expected values are computed here from the model written out again: chip outcomes
by hand, calling chances by counting combos over the 50 unseen cards, Harville ICM by
brute force over finishing orders. Only the all-in equity of a showdown comes from
``poker.equity`` (exact, tested against brute force and published counts elsewhere).
"""

from __future__ import annotations

import itertools

import pytest
from hoyle import poker
from hoyle.errors import InvalidArgumentError, InvalidCardError

RANKS = "23456789TJQKA"
DECK = [r + s for r in RANKS for s in "cdhs"]


def harville(stacks: list[float], payouts: list[float]) -> list[float]:
    """Every finishing order of the players with chips, the product of stack shares place
    by place; players with no chips share the places below them equally."""
    alive = [i for i, s in enumerate(stacks) if s > 0]
    busted = [i for i, s in enumerate(stacks) if s <= 0]
    prizes = list(payouts) + [0.0] * len(stacks)
    eq = [0.0] * len(stacks)
    for order in itertools.permutations(alive):
        p, left = 1.0, sum(stacks)
        for i in order:
            p *= stacks[i] / left
            left -= stacks[i]
        for place, i in enumerate(order):
            eq[i] += p * prizes[place]
    for i in busted:
        eq[i] = sum(prizes[len(alive) : len(stacks)]) / len(busted)
    return eq


def combos_without(hand: str, keep) -> int:
    """How many two-card hands of the cards not in ``hand`` satisfy ``keep(a, b)``."""
    unseen = [c for c in DECK if c not in hand.split()]
    return sum(1 for a, b in itertools.combinations(unseen, 2) if keep(a, b))


def showdown(hand: str, calls: str) -> tuple[float, float]:
    """The pusher's chance to scoop and to split against a call, exactly."""
    e = poker.equity([hand, calls], exact=True)
    assert e.exact
    return e.win[0], e.tie[0]


def test_heads_up_two_places_is_chip_ev() -> None:
    """Heads-up with two prizes, $EV is linear in chips: p2 + (p1 - p2) * chips / total."""
    hand, calls = "Ks Qd", "AA,KK"
    s, b, sb, bb, ante = 1500.0, 6500.0, 100.0, 200.0, 25.0
    total, p1, p2 = s + b, 65.0, 35.0
    # The big blind holds AA (6 combos) or KK (3 left: the Ks is the pusher's).
    p = (6 + 3) / 1225
    assert combos_without(hand, lambda x, y: x[0] == y[0] and x[0] in "AK") == 9
    win, tie = showdown(hand, calls)
    chips_fold = s - sb - ante
    chips_push = (1 - p) * (s + bb + ante) + p * (win * (s + s) + tie * s + (1 - win - tie) * 0)
    d = poker.push_fold(hand, [s, b], [p1, p2], [calls], small_blind=sb, big_blind=bb, ante=ante, exact=True)
    assert d.seat == 0 and d.exact
    assert d.p_called == pytest.approx(p) and d.call_probability == pytest.approx((p,))
    assert d.chips_fold == pytest.approx(chips_fold)
    assert d.chips_push == pytest.approx(chips_push)
    assert d.ev_fold == pytest.approx(p2 + (p1 - p2) * chips_fold / total)
    assert d.ev_push == pytest.approx(p2 + (p1 - p2) * chips_push / total)
    assert d.equity == pytest.approx(win + tie / 2)
    assert d.push


def test_covered_caller_wins_only_what_they_put_in() -> None:
    """The big blind has fewer chips than the pusher: the pusher's uncalled chips come
    back, and losing leaves the pusher the difference."""
    hand, calls = "Ts 9s", "AhAd"
    s, b = 4000.0, 1000.0
    win, tie = showdown(hand, calls)
    p = 1 / 1225
    # Called: 1000 against 1000; the other 3000 are the pusher's whatever happens.
    chips_push = (1 - p) * (s + 200) + p * (win * 5000 + tie * 4000 + (1 - win - tie) * 3000)
    d = poker.push_fold(hand, [s, b], [70, 30], [calls], small_blind=100, big_blind=200, exact=True)
    assert d.chips_push == pytest.approx(chips_push)
    assert d.ev_push == pytest.approx(30 + 40 * chips_push / 5000)


def test_aces_push_and_seven_deuce_folds_to_any_call() -> None:
    for stacks in ([1000, 9000], [3000, 7000], [2000, 4000, 4000], [1500, 6000, 2500, 5000]):
        calls = ["random"] * (len(stacks) - 1)
        d = poker.push_fold(
            "Ac Ad", stacks, [50, 30, 20][: len(stacks) - 1], calls, small_blind=50, big_blind=100, seed=1
        )
        assert d.push and d.p_called == pytest.approx(1.0), stacks
    # 20 big blinds deep against a big blind who calls with anything: 72o is about
    # 35 % when called, losing 0.3 x 2000 chips on average against 100 for folding.
    d = poker.push_fold("7c 2d", [2000, 8000], [60, 40], ["random"], small_blind=50, big_blind=100, seed=1)
    assert not d.push and d.ev_push < d.ev_fold
    assert 0.33 < d.equity < 0.37


def test_three_handed_by_brute_force() -> None:
    """Button pushes 3000 into a short small blind and a big blind, blinds 100/200, ante
    10. Every outcome's stacks by hand, the calling chances by counting combos, ICM by
    brute force; the small blind calls first and then the big blind folds."""
    hand = "Ah Kh"
    stacks, payouts = [3000.0, 310.0, 2500.0], [50.0, 30.0, 20.0]
    sb_calls, bb_calls = "QQ+", "TT+,AQ+"
    pairs = lambda ranks: lambda a, b: a[0] == b[0] and a[0] in ranks  # noqa: E731
    ace_queen_king = lambda a, b: sorted((a[0], b[0])) in (["A", "K"], ["A", "Q"])  # noqa: E731
    p_sb = combos_without(hand, pairs("QKA")) / 1225
    p_bb = (combos_without(hand, pairs("TJQKA")) + combos_without(hand, ace_queen_king)) / 1225
    # QQ 6, KK 3, AA 3; TT JJ QQ 6 each, KK AA 3 each, AK 3 x 3, AQ 3 x 4.
    assert (round(p_sb * 1225), round(p_bb * 1225)) == (6 + 3 + 3, 6 + 6 + 6 + 3 + 3 + 9 + 12)
    # Everyone folds: the button takes the other antes (20) and the blinds (300).
    all_fold = [3320.0, 200.0, 2290.0]
    # Small blind calls all-in for 310 of which 10 is ante: contested 310 + 310 + 210
    # (the big blind's post); the button keeps 2690.
    sb_win, sb_tie = showdown(hand, sb_calls)
    sb_outcomes = [[3520.0, 0.0, 2290.0], [3105.0, 415.0, 2290.0], [2690.0, 830.0, 2290.0]]
    # Big blind calls all in for 2500: contested 2500 + 2500 + 110 (the small blind's
    # post); the button keeps 500.
    bb_win, bb_tie = showdown(hand, bb_calls)
    bb_outcomes = [[5610.0, 200.0, 0.0], [3055.0, 200.0, 2555.0], [500.0, 200.0, 5110.0]]

    def value(outcomes: list[list[float]], win: float, tie: float) -> float:
        weights = [win, tie, 1 - win - tie]
        return sum(w * harville(o, payouts)[0] for w, o in zip(weights, outcomes, strict=True))

    ev_push = (
        (1 - p_sb) * (1 - p_bb) * harville(all_fold, payouts)[0]
        + p_sb * value(sb_outcomes, sb_win, sb_tie)
        + (1 - p_sb) * p_bb * value(bb_outcomes, bb_win, bb_tie)
    )
    # Folding: the big blind takes the pot.
    ev_fold = harville([2990.0, 200.0, 2620.0], payouts)[0]
    d = poker.push_fold(
        hand, stacks, payouts, [sb_calls, bb_calls], small_blind=100, big_blind=200, ante=10, exact=True
    )
    assert d.seat == 0
    assert d.call_probability == pytest.approx((p_sb, p_bb))
    assert d.p_called == pytest.approx(p_sb + (1 - p_sb) * p_bb)
    assert d.ev_fold == pytest.approx(ev_fold)
    assert d.ev_push == pytest.approx(ev_push)
    first = [p_sb, (1 - p_sb) * p_bb]
    equities = [sb_win + sb_tie / 2, bb_win + bb_tie / 2]
    assert d.equity == pytest.approx(sum(q * e for q, e in zip(first, equities, strict=True)) / sum(first))


def test_a_folded_blind_above_the_call_goes_back_to_the_pusher() -> None:
    """The button pushes 5000, the small blind (150 chips, 100 posted) calls all in and
    the big blind folds his 200: 150 x 3 is contested; the big blind's other 50 and the
    button's matching 50 are a side pot only the button can win."""
    hand, calls = "Qc Qd", "AsAh"
    stacks, payouts = [5000.0, 150.0, 3000.0], [60.0, 40.0]
    win, tie = showdown(hand, calls)
    p = 1 / 1225
    outcomes = [[5350.0, 0.0, 2800.0], [5125.0, 225.0, 2800.0], [4900.0, 450.0, 2800.0]]
    d = poker.push_fold(hand, stacks, payouts, [calls, ""], small_blind=100, big_blind=200, exact=True)
    assert d.call_probability == pytest.approx((p, 0.0)) and d.call_equity[1] is None
    expected = (1 - p) * harville([5300.0, 50.0, 2800.0], payouts)[0] + p * sum(
        w * harville(o, payouts)[0] for w, o in zip([win, tie, 1 - win - tie], outcomes, strict=True)
    )
    assert d.ev_push == pytest.approx(expected)
    assert d.chips_push == pytest.approx((1 - p) * 5300 + p * (win * 5350 + tie * 5125 + (1 - win - tie) * 4900))


def test_nobody_calls() -> None:
    d = poker.push_fold("8c 3d", [1000, 9000], [70, 30], [""], small_blind=100, big_blind=200)
    assert d.p_called == 0 and d.equity is None and d.push
    assert d.ev_push == pytest.approx(30 + 40 * 1200 / 10000)


@pytest.mark.parametrize(
    ("change", "name"),
    [
        ({"stacks": [1000, -5]}, "stacks[1]"),
        ({"stacks": [1000, float("nan")]}, "stacks[1]"),
        ({"stacks": [1000, 0]}, "stacks[1]"),
        ({"stacks": [1000, 200]}, "stacks[1]"),  # all in from the big blind
        ({"stacks": [100, 9000]}, "stacks[0]"),  # all in from the small blind
        ({"stacks": [200, 3000, 9000], "calling": ["random", "random"]}, "stacks[0]"),  # below the big blind
        ({"small_blind": -1}, "small_blind"),
        ({"big_blind": "lots"}, "big_blind"),
        ({"ante": float("inf")}, "ante"),
        ({"calling": []}, "calling"),
        ({"calling": ["random", "random"]}, "calling"),
        ({"calling": ["AhKhQdJd"]}, "calling[0]"),
        ({"hand": "Ac Ad Kc"}, "hand"),
        ({"payouts": [50, 30, 20]}, "payouts"),
    ],
)
def test_bad_input_names_the_value(change: dict, name: str) -> None:
    args = {"hand": "Ac Kd", "stacks": [1000, 9000], "payouts": [70, 30], "calling": ["random"]}
    blinds = {"small_blind": 100, "big_blind": 200}
    for key in list(change):
        (args if key in args else blinds)[key] = change[key]
    with pytest.raises(InvalidArgumentError, match=name.replace("[", r"\[")):
        poker.push_fold(args["hand"], args["stacks"], args["payouts"], args["calling"], **blinds, samples=1000, seed=0)


def test_bad_cards_and_range_tokens() -> None:
    with pytest.raises(InvalidCardError):
        poker.push_fold("Zz Ad", [1000, 9000], [70, 30], ["random"], small_blind=100, big_blind=200)
    with pytest.raises(InvalidArgumentError, match="AXs"):
        poker.push_fold("Kc Ad", [1000, 9000], [70, 30], ["QQ+,AXs"], small_blind=100, big_blind=200)


def test_result_is_frozen() -> None:
    d = poker.push_fold("Ac Ad", [1000, 9000], [70, 30], ["AA"], small_blind=100, big_blind=200, exact=True)
    with pytest.raises(AttributeError):
        d.ev_push = 0.0  # type: ignore[misc]
