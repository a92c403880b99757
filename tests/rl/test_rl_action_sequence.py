"""Poker's ``action_sequence``: each street's betting actions in order, who acted, what
and the chips relative to the pot, so lines that put the same chips in differently give
different observations (issue 27: the bet history by street could not tell them apart)."""

from __future__ import annotations

import hoyle.rl
import numpy as np
import pytest
from hoyle.errors import InvalidArgumentError
from hoyle_poker.rl_encoding import KINDS, sequence_shape

ENC = hoyle.rl.encoding("texas-holdem")
SLOTS, WIDTH = sequence_shape(2)


def play(line: list[str], seed: int = 1, enc: hoyle.rl.Encoding = ENC) -> hoyle.rl.Table:
    """A heads-up hold'em table after the slots named in ``line`` (seat 1, the button,
    posts the small blind of 1 and acts first preflop; seat 0 the big blind of 2)."""
    table = hoyle.rl.Table.new(enc, seed)
    for name in line:
        table.step(next(s for s in table.slots() if enc.catalogue.names[s] == name))
    return table


def slot(obs: np.ndarray, street: int, k: int) -> tuple[int, str, float]:
    """Slot ``k`` of ``street``: (who relative to the observer, what, chips / pot)."""
    at = ENC.layout.offsets["action_sequence"] + (street * SLOTS + k) * WIDTH
    block = obs[at : at + WIDTH]
    assert block[:2].sum() == 1 and block[2:9].sum() == 1
    return int(np.argmax(block[:2])), KINDS[int(np.argmax(block[2:9]))], float(block[9])


def count(obs: np.ndarray, street: int) -> int:
    return int(obs[ENC.layout.offsets["action_sequence"] + 5 * SLOTS * WIDTH + street])


def test_preflop_raise_call_recorded_in_order_for_each_observer() -> None:
    table = play(["raise min", "call"])  # seat 1 raises to 4 (3 more into a pot of 3), seat 0 calls 2 into 6
    for observer in (0, 1):
        obs = table.observe(observer)
        assert slot(obs, 0, 0) == ((1 - observer) % 2, "raise", pytest.approx(3 / 3))
        assert slot(obs, 0, 1) == ((0 - observer) % 2, "call", pytest.approx(2 / 6))
        assert count(obs, 0) == 2 and count(obs, 1) == 0


def test_who_was_the_aggressor_is_kept() -> None:
    """Small blind raises and big blind calls, or small blind calls, big blind raises and
    small blind calls: the same chips per street, different observations for both seats."""
    a = play(["raise min", "call"])
    b = play(["call", "raise min", "call"])
    hist = ENC.layout.offsets["bet_history"]
    for seat in (0, 1):
        oa, ob = a.observe(seat), b.observe(seat)
        assert np.array_equal(oa[hist : hist + 10], ob[hist : hist + 10])  # chips per street alike
        assert not np.array_equal(oa, ob)


def test_check_bet_call_differs_from_bet_call_on_the_flop() -> None:
    base = ["call", "check"]  # preflop: 2 each; the flop is dealt, seat 0 acts first
    a = play([*base, "check", "bet min", "call"])  # seat 0 checks, seat 1 bets 2, seat 0 calls
    b = play([*base, "bet min", "call"])  # seat 0 bets 2, seat 1 calls
    oa, ob = a.observe(0), b.observe(0)
    assert [slot(oa, 1, k)[:2] for k in range(3)] == [(0, "check"), (1, "bet"), (0, "call")]
    assert [slot(ob, 1, k)[:2] for k in range(2)] == [(0, "bet"), (1, "call")]
    assert slot(oa, 1, 1)[2] == pytest.approx(2 / 4) and slot(oa, 1, 0)[2] == 0.0
    assert count(oa, 1) == 3 and count(ob, 1) == 2


def test_overflow_keeps_the_first_slots_and_the_latest_action_last() -> None:
    """Fixed limit caps raises: no-limit min-raises make a long preflop street."""
    line = ["raise min"] * (SLOTS + 2)
    table = play(line, seed=3)
    obs = table.observe(0)
    n = count(obs, 0)
    assert n == len(line) > SLOTS
    kinds = [slot(obs, 0, k) for k in range(SLOTS)]
    # seats alternate from seat 1 (the button): slot k of the first SLOTS - 1 is action k
    assert [w for w, _, _ in kinds[:-1]] == [(1 + k) % 2 for k in range(SLOTS - 1)]
    assert kinds[-1][0] == (1 + len(line) - 1) % 2  # the latest action, not action SLOTS - 1
    assert all(k == "raise" for _, k, _ in kinds)


def test_a_new_hand_starts_an_empty_sequence() -> None:
    enc = hoyle.rl.encoding("texas-holdem", options={"hands": 2})
    table = play(["fold"], enc=enc)  # the small blind folds: the second hand is dealt
    assert not table.over
    at = enc.layout.offsets["action_sequence"]
    assert not table.observe(0)[at : at + enc.layout.size - at].any()


def test_omit_gives_the_compact_layout() -> None:
    short = hoyle.rl.encoding("texas-holdem", omit=["action_sequence"])
    names = [f["name"] for f in short.describe()["observation"]]
    assert "action_sequence" not in names and names[-1] == "bet_history"
    assert short.observation_size == ENC.layout.offsets["action_sequence"]  # the block was the last
    env = hoyle.rl.aec_env("texas-holdem", omit=["action_sequence"])
    env.reset(seed=1)
    assert env.observe("player_1")["observation"].shape == (short.observation_size,)


@pytest.mark.parametrize("bad", [["nope"], "action_sequence", [3]])
def test_bad_omit(bad: object) -> None:
    with pytest.raises(InvalidArgumentError, match="omit"):
        hoyle.rl.encoding("texas-holdem", omit=bad)  # type: ignore[arg-type]
