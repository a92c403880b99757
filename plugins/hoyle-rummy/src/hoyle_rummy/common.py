"""What the rummy variants share: the draw and discard actions, zone names, card points."""

from __future__ import annotations

from hoyle import Action, Card, State

DRAW_STOCK = Action("draw", source="stock")
DRAW_DISCARD = Action("draw", source="discard")
PASS = Action("pass")


def hand_zone(seat: int) -> str:
    return f"hand:{seat}"


def hand_cards(state: State, seat: int) -> list[Card]:
    return list(state.zone(hand_zone(seat)).cards)


def card_points(card: Card) -> int:
    """Standard rummy points (RULES.md C0): K Q J 10 count 10, ace 1, others face value."""
    value = card.rank_value or 0
    return 1 if value == 14 else min(value, 10)
