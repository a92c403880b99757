"""Ranges, range equity and ICM from Python (issue 29, docs/poker-analysis.md).

Independent references: the existing exact two-hand equity; brute force with
``poker.evaluate``; GNU poker-eval's exact counts (brainwagon.org, 2005-04-09,
"Texas Hold'em trivia": AcAd vs KsKh, Td9d, QcJh over 1,712,304 boards); equity of
classes against one random hand as published on forums.replaypoker.com ("Hand Equity v
Random Hand", PokerStove figures to one decimal); PokerKit's ``calculate_icm`` and
``parse_range`` when installed; Malmuth-Harville written out by hand.
"""

from __future__ import annotations

import itertools
import pickle

import pytest
from hoyle import poker
from hoyle.errors import HoyleError


def cards(text: str) -> poker.Range:
    return poker.Range.from_combos([text])


def test_notation_counts() -> None:
    for text, n in [("QQ+", 18), ("22-66", 30), ("AKs", 4), ("ATo+", 48), ("K9s-KQs", 16), ("AhKh", 1)]:
        assert len(poker.Range(text)) == n, text
    assert len(poker.Range("random")) == len(poker.Range("100%")) == 1326
    assert poker.Range("AA:0.5").size == 3.0
    assert poker.Range("[50]KK[/50]").size == 3.0
    assert poker.Range("QQ+,AKs").percent == pytest.approx(22 / 1326 * 100)


def test_iteration_membership_and_set_operations() -> None:
    r = poker.Range("AKs")
    combos = list(r)
    assert len(combos) == 4 and all(w == 1.0 for _, w in combos)
    assert {frozenset(str(c).split()) for c, _ in combos} == {frozenset((f"A{s}", f"K{s}")) for s in "cdhs"}
    assert "Ah Kh" in r and "Ah Kd" not in r
    assert poker.Range("QQ+") | "AKs" == poker.Range("QQ+,AKs")
    assert "AKs" | poker.Range("QQ+") == poker.Range("QQ+,AKs")
    assert poker.Range("QQ+") & "KK+" == poker.Range("KK+")
    assert poker.Range("QQ+") - "KK" == poker.Range("AA,QQ")
    assert pickle.loads(pickle.dumps(poker.Range("QQ+,AKs:0.5"))) == poker.Range("QQ+,AKs:0.5")


def test_card_removal() -> None:
    left = poker.Range("QQ+,AKs").without("Ah 7c 2d")
    # AA loses the three combos with Ah, AKs loses AhKh: 22 - 3 - 1.
    assert len(left) == 18
    assert all("Ah" not in str(c) for c, _ in left)


@pytest.mark.parametrize(
    ("text", "token"),
    [("QQ+,AXs", "AXs"), ("AAs", "AAs"), ("AK:1.5", "AK:1.5"), ("K9s-QJs", "K9s-QJs"), ("[50]KK", "[50]KK")],
)
def test_errors_name_the_bad_token(text: str, token: str) -> None:
    with pytest.raises(HoyleError, match=token.replace("[", r"\[").replace("+", r"\+")):
        poker.Range(text)


def test_top_percent_follows_published_equity_against_a_random_hand() -> None:
    """The ordering behind "N%" starts as PokerStove's equity against a random hand:
    AA 85.2, KK 82.4, QQ 79.9, JJ 77.5, TT 75.0, 99 72.1, 88 69.2, AKs 67.0 (replaypoker)."""
    assert poker.Range("3%") == poker.Range("88+")  # round(3% of 1326) = 40 combos: 88+ holds 42
    assert poker.Range("3.5%") == poker.Range("88+,AKs")  # 46
    top = poker.Range.top(100.0)
    assert len(top) == 1326


def test_a_single_combo_range_is_the_known_hand_equity() -> None:
    for hands, board in [(["Ah Kh", "Qs Qd"], None), (["As Ks", "7h 7d", "Tc 9c"], "Kd 7c 2h")]:
        known = poker.equity(hands, board)
        ranged = poker.equity([cards(h) for h in hands], board)
        assert ranged.equity == known.equity and ranged.win == known.win and ranged.tie == known.tie


def test_poker_eval_published_counts() -> None:
    for villain, win, tie in [("KsKh", 1388072, 6538), ("Td9d", 1338249, 6912), ("QcJh", 1450987, 6554)]:
        r = poker.equity([poker.Range("AcAd"), poker.Range(villain)], threads=1)
        assert r.exact and r.boards == 1712304
        assert r.win[0] == win / 1712304 and r.tie[0] == tie / 1712304


def test_published_equity_against_random() -> None:
    for hand, published in [("AA", 0.852), ("KK", 0.824), ("AKs", 0.670), ("AKo", 0.653)]:
        r = poker.equity([hand, "random"], samples=400_000, seed=1, threads=1)
        assert not r.exact
        assert abs(r.equity[0] - published) < 0.0005 + 4 * r.std_error[0], (hand, r.equity)


def brute(ranges: list[poker.Range], board: str) -> list[float]:
    """Every deal and every remaining card of a turn board, by poker.evaluate."""
    b = board.split()
    eq = [0.0] * len(ranges)
    total = 0.0
    for deal in itertools.product(*[list(r) for r in ranges]):
        held = [str(c).split() for c, _ in deal]
        used = set(b) | {x for h in held for x in h}
        if len(used) != len(b) + 2 * len(held):
            continue
        w = 1.0
        for _, cw in deal:
            w *= cw
        for river in _deck(used):
            vals = [poker.evaluate([*h, *b, river]).value for h in held]
            best = max(vals)
            k = vals.count(best)
            for i, v in enumerate(vals):
                if v == best:
                    eq[i] += w / k
            total += w
    return [e / total for e in eq]


def _deck(used: set[str]) -> list[str]:
    return [r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in used]


def test_exact_range_equity_equals_brute_force() -> None:
    ranges = [poker.Range("AKs,QQ:0.5"), poker.Range("AQ,99")]
    board = "Ah 7c 2d 9s"
    got = poker.equity(ranges, board, exact=True, threads=1)
    for g, w in zip(got.equity, brute(ranges, board), strict=True):
        assert g == pytest.approx(w, abs=1e-12)


def test_range_text_in_equity_and_monte_carlo_error() -> None:
    exact = poker.equity(["AKs", "QQ+,AK"], board="Ah 7c 2d", exact=True)
    mc = poker.equity(["AKs", "QQ+,AK"], board="Ah 7c 2d", exact=False, samples=200_000, seed=3)
    assert exact.exact and not mc.exact
    for i in range(2):
        assert abs(mc.equity[i] - exact.equity[i]) < 4 * mc.std_error[i]
    again = poker.equity(["AKs", "QQ+,AK"], board="Ah 7c 2d", exact=False, samples=200_000, seed=3, threads=1)
    assert again.equity == mc.equity


def test_omaha_ranges_of_explicit_hands() -> None:
    hands = ["Ah Kh Qd Jd", "As Ac 2s 3c"]
    known = poker.equity(hands, "2c 7d 9s", game="omaha")
    ranged = poker.equity(["AhKhQdJd", "AsAc2s3c"], "2c 7d 9s", game="omaha")
    assert ranged.equity == known.equity


def test_range_equity_errors() -> None:
    with pytest.raises(HoyleError, match="card in common"):
        poker.equity([poker.Range("AhKh"), poker.Range("AhKh")])
    with pytest.raises(HoyleError, match="range 1"):
        poker.equity(["AhKh", "AA"], board="Ac Ad As")


def harville(stacks: list[float], payouts: list[float]) -> list[float]:
    """Every finishing order's probability, the product of stack shares place by place."""
    eq = [0.0] * len(stacks)
    for order in itertools.permutations(range(len(stacks))):
        p, left = 1.0, sum(stacks)
        for i in order:
            p *= stacks[i] / left
            left -= stacks[i]
        for place, i in enumerate(order[: len(payouts)]):
            eq[i] += p * payouts[place]
    return eq


def test_icm_by_hand_and_brute_force() -> None:
    # Player 0 of 5000/3000/2000 for 50/30/20: first 1/2, second 3/10*5/7 + 1/5*5/8 = 19/56.
    e = poker.icm([5000, 3000, 2000], [50, 30, 20])
    assert e[0] == pytest.approx(25 + 30 * 19 / 56 + 20 * 9 / 56)
    stacks, payouts = [1200.0, 800.0, 3000.0, 150.0, 2200.0, 640.0], [40.0, 25.0, 15.0, 5.0]
    assert poker.icm(stacks, payouts) == pytest.approx(harville(stacks, payouts))
    assert sum(poker.icm(stacks, payouts)) == pytest.approx(sum(payouts))


def test_icm_against_pokerkit() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    for stacks, payouts in [([70, 30, 10], [50, 30]), ([25, 87, 88], [50, 30, 20]), ([198, 1, 1], [50, 30, 20])]:
        assert poker.icm(stacks, payouts) == pytest.approx(list(pokerkit.calculate_icm(payouts, stacks)))


def test_icm_errors() -> None:
    with pytest.raises(HoyleError, match="stacks"):
        poker.icm([100, -5], [10])
    with pytest.raises(HoyleError, match="payouts"):
        poker.icm([100], [10, 5])


def test_parse_range_agrees_with_pokerkit() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    for text in ["QQ+", "22-66", "AKs", "ATo+", "54s-98s", "AhKh"]:
        theirs = {frozenset(repr(c)[:2] for c in combo) for combo in pokerkit.parse_range(text)}
        ours = {frozenset(str(c).split()) for c, _ in poker.Range(text)}
        assert ours == theirs, text


def test_the_analysis_page_examples() -> None:
    import doctest
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "docs" / "poker-analysis.md"
    result = doctest.testfile(str(page), module_relative=False, globs={}, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 5
