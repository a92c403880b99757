"""How each rummy variant deals, for :func:`hoyle.testing.rigged_deck`
(``hoyle_register_dealing_orders``; see docs/plugins.md).

Every game deals its hands (and the up-card, where there is one) from the top of the
deck and makes the rest the stock, the deck's next card on top: what its ``hoyle_deal``
takes is read back from the event log (:func:`hoyle.testing.dealt_places`). Gin's hands
are sorted once dealt. Four-player gin deals each table from its own pack, picking that
pack's cards wherever they lie in the deck, so no order of deck positions describes it:
``rigged_deck`` refuses it (give ``new_game`` a deck you build from the two packs).

    >>> from hoyle.testing import rigged_deck
    >>> deck = rigged_deck("gin-rummy", hands={0: "As 2s 3s"}, up_card="Kd")  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable

from hoyle import State
from hoyle.errors import InvalidArgumentError
from hoyle.registry import DealingOrder
from hoyle.testing import dealt_places


def one_table(state: State) -> DealingOrder:
    """Hands, the up-card to ``discard`` (Wrotham has none), the rest to ``stock``."""
    return DealingOrder(order=tuple(dealt_places(state)), stock="stock", up_card="discard")


def gin(state: State) -> DealingOrder:
    if len(state.players) < 4:
        return one_table(state)
    raise InvalidArgumentError("four-player gin deals each table from its own pack: no rigged deck for it")


def indian(state: State) -> DealingOrder:
    """Indian Rummy: the hands and the up-card from the top; the wild-joker card is then
    drawn from a random place of the stock (no rigged deck chooses it)."""
    return DealingOrder(
        order=tuple(place for place in dealt_places(state) if place != "wild"), stock="stock", up_card="discard"
    )


def order_of(variant: str) -> Callable[[State], DealingOrder]:
    """The dealing order of one of this plugin's variants: every game but four-player
    gin and Indian Rummy deals one table from the top."""
    return {"gin-rummy": gin, "indian-rummy": indian}.get(variant, one_table)
