"""Rendering from views: sorted, coloured cards; public zones; other seats' counts."""

from __future__ import annotations

import io
from typing import Any

from hoyle.cli.render import card_text, render_view, result_line, sort_cards
from rich.console import Console


def text_of(renderable: Any) -> str:
    console = Console(width=100, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


VIEW: dict[str, Any] = {
    "seat": 0,
    "players": ["ann", "bob", "cy"],
    "deal": 1,
    "phase": "draw",
    "to_act": 1,
    "zones": {
        "hand:0": {"owner": 0, "count": 4, "cards": ["Kd", "2s", "Ah", "2c"]},
        "hand:1": {"owner": 1, "count": 7, "cards": None},
        "hand:2": {"owner": 2, "count": 1, "cards": None},
        "stock": {"owner": None, "count": 30, "cards": None},
        "discard": {"owner": None, "count": 14, "cards": [f"{r}c" for r in "23456789TJQKA"] + ["Jk"]},
    },
    "stacks": [90, 100, 0],
    "committed": [10, 0, 0],
    "pot": 10,
    "scores": [5, 0, -5],
    "score_sheet": [[5, 0, -5]],
    "public": {"upcard": "7h"},
    "events": [],
    "result": None,
}


def test_own_hand_sorted_by_suit_then_rank() -> None:
    out = text_of(render_view(VIEW))
    assert "your hand  2c Kd Ah 2s" in out


def test_other_seats_show_counts_and_public_piles_their_top() -> None:
    out = text_of(render_view(VIEW))
    assert "bob: hand  7 cards face down" in out
    assert "cy: hand   1 card face down" in out
    assert "stock      30 cards face down" in out
    # 14 cards: the top 12 are shown, the 2 under them counted.
    assert "discard    (2 more) 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac Jk <- top" in out


def test_chips_scores_and_score_sheet() -> None:
    out = text_of(render_view(VIEW))
    assert "Pot: 10" in out
    ann = next(line for line in out.splitlines() if "ann (you)" in line)
    assert [c.strip() for c in ann.split("│")][-3:] == ["90", "10", "5"]
    bob = next(line for line in out.splitlines() if "bob" in line and "│" in line)
    assert bob.lstrip().startswith("▶")
    assert "bob to act" in out  # the summary in words
    assert "upcard" not in out  # the variant's raw public facts only with details
    assert "upcard: 7h" in text_of(render_view(VIEW, details=True))
    assert "total" in out and "score sheet" in out


def test_colours_follow_the_suit() -> None:
    assert [card_text(c).style for c in ("2c", "2d", "2h", "2s", "Jk")] == ["green", "blue", "red", "bold", "magenta"]
    assert sort_cards(["As", "Jk", "Th", "10d"]) == ["10d", "Th", "As", "Jk"]


def test_result_line_for_several_winners() -> None:
    line = result_line({"winners": [0, 2], "settlement": [3, -6, 3], "deals": 3}, ["ann", "bob", "cy"], viewer=0)
    assert line == "Game over after 3 deals: you and cy win (settlement: you +3, bob -6, cy +3)"
