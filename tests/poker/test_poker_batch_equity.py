"""evaluate_batch and equity."""

from __future__ import annotations

import numpy as np
import pytest
from hoyle import CardSet, errors, poker

DECK = [r + s for s in "cdhs" for r in "23456789TJQKA"]


def _random_hands(n: int, width: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.array([rng.permutation(52)[:width] for _ in range(n)], dtype=np.uint8)


@pytest.mark.parametrize("width", [5, 6, 7])
def test_batch_matches_single_calls(width: int) -> None:
    hands = _random_hands(500, width, width)
    values = poker.evaluate_batch(hands)
    assert values.dtype == np.uint32 and values.shape == (500,)
    for row, v in zip(hands, values):
        assert int(v) == poker.evaluate([DECK[i] for i in row]).value
    masks = np.array([sum(1 << int(i) for i in row) for row in hands], dtype=np.uint64)
    assert np.array_equal(poker.evaluate_batch(masks), values)


def test_batch_threads_and_strided_input() -> None:
    hands = _random_hands(40_000, 7, 1)
    one = poker.evaluate_batch(hands)
    assert np.array_equal(poker.evaluate_batch(hands, threads=2), one)
    assert np.array_equal(poker.evaluate_batch(hands, threads=None), one)
    wide = np.zeros((100, 14), dtype=np.uint8)
    wide[:, ::2] = hands[:100]
    assert np.array_equal(poker.evaluate_batch(wide[:, ::2]), one[:100])


def test_batch_empty() -> None:
    assert poker.evaluate_batch(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)


def test_batch_bad_input() -> None:
    bad = _random_hands(10, 7, 2)
    bad[3, 2] = 52
    with pytest.raises(errors.InvalidArgumentError, match="row 3") as e:
        poker.evaluate_batch(bad)
    assert "52" in str(e.value)
    dup = _random_hands(10, 7, 3)
    dup[4, 1] = dup[4, 0]
    with pytest.raises(errors.InvalidArgumentError, match="row 4"):
        poker.evaluate_batch(dup)
    with pytest.raises(errors.InvalidArgumentError, match="int64"):
        poker.evaluate_batch(_random_hands(3, 7, 4).astype(np.int64))  # type: ignore[arg-type]
    with pytest.raises(errors.InvalidArgumentError, match="5, 6 or 7"):
        poker.evaluate_batch(_random_hands(3, 4, 4))
    with pytest.raises(errors.InvalidArgumentError, match="4 cards"):
        poker.evaluate_batch(np.array([0b1111], dtype=np.uint64))
    with pytest.raises(errors.InvalidArgumentError, match="bits above 51"):
        poker.evaluate_batch(np.array([0b11111 | 1 << 60], dtype=np.uint64))
    with pytest.raises(errors.InvalidArgumentError):
        poker.evaluate_batch([[0, 1, 2, 3, 4]])  # type: ignore[arg-type]
    with pytest.raises(errors.InvalidArgumentError, match="threads"):
        poker.evaluate_batch(_random_hands(3, 7, 4), threads=0)


def test_heads_up_preflop_exact() -> None:
    r = poker.equity(["Ah Kh", "Qs Qd"])
    assert r.exact and r.boards == 1_712_304
    assert [round(e, 5) for e in r.equity] == [0.46214, 0.53786]
    assert r.std_error == [0.0, 0.0]
    assert r.win[0] + r.win[1] + r.tie[0] == pytest.approx(1.0)
    assert "exact" in repr(r)


def test_split_pots_and_the_board_playing() -> None:
    r = poker.equity(["2c 3d", "2h 3s"], board="As Ks Qs Js Ts")
    assert r.boards == 1 and r.equity == [0.5, 0.5] and r.tie == [1.0, 1.0]


def test_three_way_on_the_turn_by_hand() -> None:
    hands = ["Ah Kh", "Qs Qd", "7c 6c"]
    board = "Jh Th 5c 8d"
    r = poker.equity(hands, board=board)
    used = set(" ".join([*hands, board]).split())
    share = [0.0, 0.0, 0.0]
    rivers = [c for c in DECK if c not in used]
    for river in rivers:
        values = [poker.evaluate(f"{h} {board} {river}") for h in hands]
        top = max(values)
        winners = [i for i, v in enumerate(values) if v == top]
        for i in winners:
            share[i] += 1 / len(winners)
    assert r.boards == len(rivers)
    assert r.equity == pytest.approx([s / len(rivers) for s in share], abs=1e-12)


def test_dead_cards_and_monte_carlo_determinism() -> None:
    a = poker.equity(["Ah Kh", "Qs Qd"], exact=False, samples=20_000, seed=9)
    b = poker.equity(["Ah Kh", "Qs Qd"], exact=False, samples=20_000, seed=9, threads=1)
    c = poker.equity(["Ah Kh", "Qs Qd"], exact=False, samples=20_000, seed=10)
    assert a.equity == b.equity and a.equity != c.equity
    assert not a.exact and a.boards == 20_000
    assert abs(a.equity[0] - 0.46214) < 5 * a.std_error[0]
    dead = poker.equity(["Ah Kh", "Qs Qd"], board="2c 7d 9s", dead="Qh Qc")
    assert dead.boards == 990 - 44 - 44 + 1


def test_omaha_and_short_deck() -> None:
    r = poker.equity(["Ah Kh Qd Jd", "7c 7s 2d 3h"], board="Ad 7h 2c", game="omaha")
    assert r.exact and r.boards == 820 and sum(r.equity) == pytest.approx(1.0)
    mc = poker.equity(["Ah Kh Qd Jd", "7c 7s 2d 3h"], game="omaha", samples=5_000, seed=1)
    assert not mc.exact and mc.boards == 5_000
    s = poker.equity([CardSet("Ah Kh"), "Qs Qd"], game="short-deck")
    assert s.exact and s.boards == 201_376


def test_equity_bad_input() -> None:
    with pytest.raises(errors.InvalidArgumentError, match="2 to 10"):
        poker.equity(["Ah Kh"])
    with pytest.raises(errors.DuplicateCardError):
        poker.equity(["Ah Kh", "Ah Qd"])
    with pytest.raises(errors.DuplicateCardError):
        poker.equity(["Ah Kh", "Qs Qd"], board="Ah 2c 3c")
    with pytest.raises(errors.InvalidArgumentError, match="hole cards"):
        poker.equity(["Ah Kh Qh", "Qs Qd"])
    with pytest.raises(errors.InvalidArgumentError, match="game"):
        poker.equity(["Ah Kh", "Qs Qd"], game="canasta")
    with pytest.raises(errors.InvalidArgumentError, match="hands"):
        poker.equity("Ah Kh Qs Qd")
    with pytest.raises(errors.InvalidHandError, match="short deck"):
        poker.equity(["2h Kh", "Qs Qd"], game="short-deck")


@pytest.mark.parametrize("width", [5, 6, 7])
def test_batch_bad_rows_past_the_first_groups_name_the_row_and_card(width: int) -> None:
    # 1,000 rows: the validation of whole sixteen-row groups, and the rows after them.
    rng = np.random.default_rng(width)
    for row in [0, 15, 16, 517, 991, 999]:
        col = int(rng.integers(width))
        bad = _random_hands(1000, width, row)
        bad[row, col] = 60
        with pytest.raises(errors.InvalidArgumentError, match=rf"row {row}: card index 60 is out of range"):
            poker.evaluate_batch(bad)
        dup = _random_hands(1000, width, row)
        other = (col + 1 + int(rng.integers(width - 1))) % width
        dup[row, other] = dup[row, col]
        card = DECK[int(dup[row, col])]
        with pytest.raises(errors.InvalidArgumentError, match=rf"row {row}: card index \d+ \({card}\) appears twice"):
            poker.evaluate_batch(dup)
