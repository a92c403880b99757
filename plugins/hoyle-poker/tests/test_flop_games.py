"""The flop variants: hand values at showdown (hold'em, Omaha exactly-two, hi-lo split,
short deck and its option) and conformance (check_variant); the fuzz is in test_fuzz.py."""

from __future__ import annotations

from typing import Any

import hoyle
import pytest
from hoyle import Action, Deck
from hoyle.testing import check_variant
from hoyle_poker.flop import arranged_deck


def showdown(variant: str, holes: list[str], board: str, deck: Deck | None = None, **options: Any) -> list[int]:
    """Everyone checks (or calls) to the showdown; the final stacks."""
    g = hoyle.new_game(variant, players=len(holes), deck=arranged_deck(holes, board, deck), options=options, seed=1)
    while not g.is_over:
        g.act("check" if Action("check") in g.legal_actions() else "call")
    assert g.result is not None
    return list(g.result["stacks"])


def test_holdem_playing_the_board_splits() -> None:
    assert showdown("texas-holdem", ["2c 3d", "2d 3c"], "As Ks Qs Js Ts") == [200, 200]


def test_holdem_best_five_of_seven() -> None:
    # seat 1's two pair (aces and kings, board) beats seat 0's pair of queens
    assert showdown("texas-holdem", ["Qc Qd", "Ah Kh"], "As Kd 7c 4s 2d") == [198, 202]


def test_omaha_uses_exactly_two_hole_cards() -> None:
    # Four hearts on the board: seat 0 holds one heart (no flush), seat 1 two (a flush).
    holes = ["Ah Kc Kd Qs", "2h 3h 8c 9d"]
    assert showdown("omaha", holes, "Jh Th 7h 4h 5c") == [198, 202]
    # Seat 0 holds four aces: only two play, so it is just a pair of aces vs a straight.
    holes = ["Ac Ad Ah As", "9c 8d 2s 3s"]
    assert showdown("omaha", holes, "Tc Jd 5h 6c 7d") == [198, 202]


def test_omaha_hi_lo_split_and_no_low() -> None:
    # seat 0: A-2 for the low A-2-3-4-7 (no straight: no five); seat 1: a set of kings.
    holes = ["As 2d Qc Jd", "Kc Kd 9s 9h"]
    board = "3h 4c 7s Kh Td"
    assert showdown("omaha", holes, board, hi_lo=True) == [200, 200]
    assert showdown("omaha", holes, board) == [198, 202]  # high only: the kings
    # No qualifying low (only two cards of eight or lower on board): the high hand scoops.
    assert showdown("omaha", holes, "Kh Ks 9c 5d 4c", hi_lo=True) == [198, 202]
    # With 3-4-5 on board, A-2 is also a wheel straight: seat 0 scoops both halves.
    assert showdown("omaha", holes, "3h 4c 5s Kh Td", hi_lo=True) == [202, 198]


def test_omaha_hi_lo_odd_chip_to_high_half() -> None:
    # Three players; small blind folds: pot 5. Seat 1 low, seat 2 high: high gets 3.
    holes = ["7c 7d 8c 8d", "As 2d Qc Jd", "Kc Kd 9s 9h"]
    g = hoyle.new_game("omaha", players=3, deck=arranged_deck(holes, "3h 4c 6s Kh Td"), options={"hi_lo": True}, seed=1)
    g.act("call")  # seat 2
    g.act("fold")  # seat 0 (small blind)
    while not g.is_over:
        g.act("check")
    assert g.result["stacks"] == [199, 200, 201]


def test_omaha_hole_card_counts() -> None:
    for n in (4, 5, 6):
        g = hoyle.new_game("omaha", players=3, options={"hole_cards": n}, seed=3)
        assert [len(g.state.zone(f"hole:{s}")) for s in range(3)] == [n, n, n]


SHORT = Deck.stripped("6")


def test_short_deck_flush_beats_full_house() -> None:
    holes = ["Ah 7h", "Kc Kd"]
    assert showdown("short-deck-holdem", holes, "Kh 9h 6h 6c Ts", SHORT) == [202, 198]


def test_short_deck_straight_and_trips_option() -> None:
    holes = ["6c 7d", "Qc Qd"]  # A-6-7-8-9 straight vs a set of queens
    board = "Ah 8s 9h Qh Ks"
    holes = ["6c 7d", "Qc Qd"]
    board = "As 8s 9d Qh Kc"
    assert showdown("short-deck-holdem", holes, board, SHORT) == [202, 198]
    swapped = showdown("short-deck-holdem", holes, board, SHORT, straight_vs_trips="trips-beat-straight")
    assert swapped == [198, 202]


def test_short_deck_has_36_cards() -> None:
    g = hoyle.new_game("short-deck-holdem", players=2, seed=1)
    assert len(g.state.all_cards()) == 36


# --- conformance ---------------------------------------------------------------------------

CONFORMANCE = [
    ("texas-holdem", 2, {}),
    ("texas-holdem", 6, {"hands": 4}),
    ("texas-holdem", 4, {"structure": "pot-limit", "ante": 1, "straddle": 4}),
    ("texas-holdem", 3, {"structure": "fixed-limit", "ante": 2, "ante_type": "big-blind", "hands": 3}),
    ("texas-holdem", 3, {"showdown": "manual"}),
    ("texas-holdem", 2, {"stack": 3, "hands": 12}),  # blinds often all-in: hands without decisions
    ("omaha", 4, {}),
    ("omaha", 3, {"hi_lo": True, "structure": "fixed-limit", "hands": 3}),
    ("omaha", 5, {"hole_cards": 5, "hi_lo": True}),
    ("omaha", 6, {"hole_cards": 6}),
    ("short-deck-holdem", 2, {}),
    ("short-deck-holdem", 6, {"straight_vs_trips": "trips-beat-straight", "blinds": "0 0 0 0 0 2", "ante": 1}),
]


@pytest.mark.parametrize(("variant", "players", "options"), CONFORMANCE)
def test_check_variant(variant: str, players: int, options: dict[str, Any]) -> None:
    games = check_variant(variant, games=6, players=players, options=options)
    assert all(g.is_over for g in games)
    # every hand's chips add up: what was won equals what was lost
    assert all(sum(g.result["settlement"]) == 0 for g in games)
