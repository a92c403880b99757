"""Reliability: a hypothesis fuzz of the action API of every poker variant (the driver
is :mod:`fuzz_driver`), and ``check_variant`` over many random games of each.

``check_variant`` plays ``HOYLE_POKER_GAMES`` games per configuration (default 20, a
few seconds in all); ``HOYLE_POKER_GAMES=1000 pytest plugins/hoyle-poker/tests/test_fuzz.py``
runs the thousands the issue asks for (about 6 to 20 ms per game)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from fuzz_driver import STEPS, fuzz
from hoyle.testing import check_variant
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

GAMES = int(os.environ.get("HOYLE_POKER_GAMES", "20"))

FLOP = ["texas-holdem", "omaha", "short-deck-holdem"]
OTHERS = [
    "five-card-draw",
    "deuce-to-seven-single-draw",
    "deuce-to-seven-triple-draw",
    "badugi",
    "seven-card-stud",
    "seven-card-stud-hi-lo",
    "razz",
    "table-hand",
]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(FLOP),
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    structure=st.sampled_from(["no-limit", "pot-limit", "fixed-limit"]),
    procedure=st.sampled_from(["strict", "cardroom"]),
    newcomer=st.sampled_from(["post", "wait"]),
    empty_seat=st.booleans(),
    steps=STEPS,
)
def test_fuzz_flop_games(
    variant: str, seed: int, players: int, structure: str, procedure: str, newcomer: str, empty_seat: bool, steps: Any
) -> None:
    """Random legal and illegal actions (under the cardroom procedure often out of turn,
    hence frozen; newcomers sitting down at an empty seat) never corrupt the state."""
    options = {"structure": structure, "hands": 3, "procedure": procedure, "newcomer": newcomer}
    stacks = [200] * (players - 1) + [0] if empty_seat and players > 2 else None
    fuzz(variant, seed, players, options, steps, stacks)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(OTHERS),
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    procedure=st.sampled_from(["strict", "cardroom"]),
    empty_seat=st.booleans(),
    steps=STEPS,
)
def test_fuzz_draw_stud_and_table_hand(
    variant: str, seed: int, players: int, procedure: str, empty_seat: bool, steps: Any
) -> None:
    stacks = [40] * (players - 1) + [0] if empty_seat and players > 2 else None
    fuzz(variant, seed, players, {"hands": 2, "procedure": procedure, "stack": 40}, steps, stacks)


EVERY_VARIANT = [
    ("texas-holdem", {}),
    ("texas-holdem", {"structure": "fixed-limit", "stack": 30, "hands": 3}),
    ("omaha", {"hi_lo": True}),
    ("short-deck-holdem", {}),
    ("five-card-draw", {"wild_rank": True, "max_discard": 4}),
    ("deuce-to-seven-single-draw", {}),
    ("deuce-to-seven-triple-draw", {"stack": 40}),
    ("badugi", {}),
    ("seven-card-stud", {"stack": 40}),
    ("seven-card-stud-hi-lo", {}),
    ("razz", {}),
    ("table-hand", {}),
]


@pytest.mark.parametrize(("variant", "options"), EVERY_VARIANT)
def test_check_variant_many_games(variant: str, options: dict[str, Any]) -> None:
    """Card and chip conservation at every step, views that never leak, replay and
    clone, over random games with 2 to 6 players."""
    for players in range(2, 7):
        check_variant(variant, games=max(GAMES // 5, 1), players=players, seed=players, options=options)
