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


# --- every slot written: new uninitialised arrays and `out=` ----------------------------

# Around the sixteen-row validation groups, the 16,384-row chunks and odd sizes.
SIZES = [0, 1, 2, 7, 15, 16, 17, 31, 33, 255, 1001, 16_384, 16_401]
SENTINEL = 0xFFFF_FFFF  # no high value: category << 20 plus five rank nibbles (docs/poker.md)


def _one_by_one(hands: np.ndarray) -> list[int]:
    """The independent model: each row evaluated alone, from its text."""
    return [poker.evaluate(" ".join(DECK[i] for i in row)).value for row in hands]


@pytest.mark.parametrize("width", [5, 6, 7])
def test_batch_writes_every_value_of_outputs_of_many_sizes(width: int) -> None:
    hands = _random_hands(max(SIZES), width, 100 + width)
    expected = np.array(_one_by_one(hands), dtype=np.uint32)
    masks = np.array([sum(1 << int(i) for i in row) for row in hands], dtype=np.uint64)
    # A freed array full of the sentinel makes it likely that a new array reuses its memory.
    np.full(2 * max(SIZES), SENTINEL, dtype=np.uint32)
    for n in SIZES:
        for threads in (1, 2):
            got = poker.evaluate_batch(hands[:n], threads=threads)
            assert got.shape == (n,) and got.dtype == np.uint32
            assert np.array_equal(got, expected[:n]), (n, threads)
            assert np.array_equal(poker.evaluate_batch(masks[:n], threads=threads), expected[:n]), (n, threads)
            buffer = np.full(n, SENTINEL, dtype=np.uint32)
            assert poker.evaluate_batch(hands[:n], threads=threads, out=buffer) is buffer
            assert np.array_equal(buffer, expected[:n]), (n, threads)
            buffer[:] = SENTINEL
            assert poker.evaluate_batch(masks[:n], threads=threads, out=buffer) is buffer
            assert np.array_equal(buffer, expected[:n]), (n, threads)


def test_batch_out_reused_batch_after_batch_and_with_strided_hands() -> None:
    buffer = np.empty(1000, dtype=np.uint32)
    for seed in range(3):
        hands = _random_hands(1000, 7, 200 + seed)
        assert poker.evaluate_batch(hands, out=buffer) is buffer
        assert buffer.tolist() == _one_by_one(hands)
    wide = np.zeros((1000, 14), dtype=np.uint8)
    wide[:, ::2] = hands
    buffer[:] = SENTINEL
    assert poker.evaluate_batch(wide[:, ::2], out=buffer) is buffer
    assert buffer.tolist() == _one_by_one(hands)


@pytest.mark.parametrize("use_out", [False, True])
@pytest.mark.parametrize("threads", [1, 2])
def test_batch_error_mid_batch_names_the_row_and_card(use_out: bool, threads: int) -> None:
    n = 16_401  # two chunks: the bad row in the second one, past its first groups
    for row in (7, 16_390):
        bad = _random_hands(n, 7, row)
        bad[row, 3] = 99
        out = np.empty(n, dtype=np.uint32) if use_out else None
        with pytest.raises(errors.InvalidArgumentError, match=rf"row {row}: card index 99 is out of range"):
            poker.evaluate_batch(bad, threads=threads, out=out)
        dup = _random_hands(n, 7, row + 1)
        dup[row, 6] = dup[row, 2]
        card = DECK[int(dup[row, 2])]
        with pytest.raises(errors.InvalidArgumentError, match=rf"row {row}: card index \d+ \({card}\) appears twice"):
            poker.evaluate_batch(dup, threads=threads, out=out)
        masks = np.array([sum(1 << int(i) for i in r) for r in _random_hands(n, 7, 5)], dtype=np.uint64)
        masks[row] |= 1 << 55
        with pytest.raises(errors.InvalidArgumentError, match=rf"row {row}: mask 0x[0-9a-f]+ has bits above 51"):
            poker.evaluate_batch(masks, threads=threads, out=out)


def _read_only(n: int) -> np.ndarray:
    a = np.full(n, SENTINEL, dtype=np.uint32)
    a.setflags(write=False)
    return a


BAD_OUTS: list[tuple[str, object, str]] = [
    ("int32", np.full(10, -1, dtype=np.int32), r"got a int32 array of shape \[10\]; expected a \(10,\) uint32"),
    ("uint64", np.full(10, SENTINEL, dtype=np.uint64), r"got a uint64 array of shape \[10\]"),
    ("big-endian", np.full(10, SENTINEL, dtype=">u4"), r"got a >u4 array of shape \[10\]"),
    (
        "2-d",
        np.full((10, 1), SENTINEL, dtype=np.uint32),
        r"got a uint32 array of shape \[10, 1\]; expected a \(10,\) uint32",
    ),
    ("too short", np.full(9, SENTINEL, dtype=np.uint32), r"holds 9 values; hands has 10 rows"),
    ("too long", np.full(11, SENTINEL, dtype=np.uint32), r"holds 11 values; hands has 10 rows"),
    ("strided", np.full(20, SENTINEL, dtype=np.uint32)[::2], r"is not C-contiguous \(strides \[8\]\)"),
    ("reversed", np.full(10, SENTINEL, dtype=np.uint32)[::-1], r"is not C-contiguous \(strides \[-4\]\)"),
    ("read-only", _read_only(10), r"is read-only"),
    ("a list", [0] * 10, r"expected a numpy \(10,\) uint32 array"),
]


@pytest.mark.parametrize(("what", "out", "why"), BAD_OUTS, ids=[w for w, _, _ in BAD_OUTS])
def test_batch_bad_out_is_refused_before_any_work(what: str, out: object, why: str) -> None:
    hands = _random_hands(10, 7, 9)
    masks = np.array([sum(1 << int(i) for i in row) for row in hands], dtype=np.uint64)
    before = np.array(out, copy=True)
    for rows in (hands, masks):
        with pytest.raises(errors.InvalidArgumentError, match=rf"(?s)out=.*: {why}"):
            poker.evaluate_batch(rows, out=out)  # type: ignore[arg-type]
        assert np.array_equal(np.asarray(out), before), what  # nothing written


def test_batch_out_sharing_memory_with_hands_is_refused() -> None:
    hands = _random_hands(4, 7, 11)
    raw = hands.reshape(-1).copy()
    before = raw.copy()
    with pytest.raises(errors.InvalidArgumentError, match=r"(?s)out=.*shares memory with hands"):
        poker.evaluate_batch(raw.reshape(4, 7), out=raw[:16].view(np.uint32))
    assert np.array_equal(raw, before)
    masks = np.array([sum(1 << int(i) for i in row) for row in hands], dtype=np.uint64)
    with pytest.raises(errors.InvalidArgumentError, match=r"(?s)out=.*shares memory with hands"):
        poker.evaluate_batch(masks, out=masks.view(np.uint32)[:4])
