"""Crazy pineapple, a third party's hold'em variant on hoyle's public API only.

Each player is dealt three hole cards; the betting is hold'em's (no-limit by default).
After the betting on the flop, before the turn is dealt, every player still in the
hand - all in or not - discards one hole card face down, in turn from the button's
left; the hand goes on as hold'em with two hole cards (the best five of the two and
the board). The decision round is the flop games' public extension point
(``FlopRules.decisions``, docs/plugins.md "Betting games").

    >>> import hoyle
    >>> game = hoyle.new_game("crazy-pineapple", players=2, seed=1)
    >>> len(game.state.zone("hole:0").cards)
    3
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hoyle import Action, Option, State, Variant, Zone, hookimpl
from hoyle.registry import DealingOrder
from hoyle.testing import dealt_places
from hoyle_poker.flop import FlopRules, betting_options, holdem_values, poker_variant

#: The street the discard comes before: the turn (1 is the flop, 3 the river).
TURN = 2
#: Where the discarded cards go: face down, nobody sees them.
DISCARDS = "discards"


class CrazyPineapple(FlopRules):
    """Hold'em with three hole cards and one discarded after the flop betting."""

    decisions: Mapping[int, str] = {TURN: "discard"}

    def hoyle_deal(self, state: State) -> bool:  # overrides FlopRules' hook (its mark is kept)
        state.add_zone(DISCARDS, visibility=Zone.HIDDEN)
        return super().hoyle_deal(state)

    def decision_actions(self, state: State, seat: int) -> list[Action]:
        return [Action("discard", cards=(card,)) for card in state.zone(f"hole:{seat}").cards]

    def apply_decision(self, state: State, seat: int, action: Action) -> None:
        state.move(action.cards, f"hole:{seat}", DISCARDS, seat=seat, event="discard")


HOLE_CARDS = Option(
    name="hole_cards", default=3, doc="Hole cards dealt (one is discarded before the turn)", choices=(3,)
)

VARIANT: Variant = poker_variant(
    "crazy-pineapple",
    CrazyPineapple(values=holdem_values),
    (*betting_options("no-limit"), HOLE_CARDS),
    "Crazy pineapple: hold'em with three hole cards, one discarded after the flop betting",
    players=(2, 8),
)

#: After the hole cards: a burn before each street, then the flop, turn and river.
STREETS = ("burn", "board", "board", "board", "burn", "board", "burn", "board")


def dealing_order(state: State) -> DealingOrder:
    """What the deal takes from the deck, then the board (for ``rigged_deck``)."""
    return DealingOrder(order=(*dealt_places(state), *STREETS), hand="hole:{seat}", board="board")


@hookimpl
def hoyle_register_variants(register: Callable[[Variant], None]) -> None:
    register(VARIANT)


@hookimpl
def hoyle_register_dealing_orders(register: Callable[[str, Any], None]) -> None:
    register(VARIANT.name, dealing_order)


@hookimpl
def hoyle_register_default_bots(register: Callable[[str, str], None]) -> None:
    register(VARIANT.name, "random")
