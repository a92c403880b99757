"""How each rummy variant deals, for :func:`hoyle.testing.rigged_deck`
(``hoyle_register_dealing_orders``; see docs/plugins.md).

Every game deals its hands (and the up-card, where there is one) from the top of the
deck and makes the rest the stock, the deck's next card on top: what its ``hoyle_deal``
takes is read back from the event log (:func:`hoyle.testing.dealt_places`). Gin's hands
are sorted once dealt. Four-player gin deals each table from its own pack: a deck whose
top 52 cards are pack 0 deals them to table ``a`` and the next 52 (pack 1) to ``b``, each
in the two-player order, so its dealing order names the pack of every position
(``DealingOrder.packs``) and a hand is the table's the seat plays at in the first deal.

    >>> from hoyle.testing import rigged_deck
    >>> deck = rigged_deck("gin-rummy", hands={0: "As 2s 3s"}, up_card="Kd")  # doctest: +SKIP
    >>> deck = rigged_deck("gin-rummy", 4, hands={0: "As 2s 3s", 3: "Kd"})  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable

from hoyle import State
from hoyle.registry import DealingOrder
from hoyle.testing import dealt_places

from hoyle_rummy.gin_state import gin_public


def one_table(state: State) -> DealingOrder:
    """Hands, the up-card to ``discard`` (Wrotham has none), the rest to ``stock``."""
    return DealingOrder(order=tuple(dealt_places(state)), stock="stock", up_card="discard")


def gin(state: State) -> DealingOrder:
    """Two and three players: one table. Four: table ``a``'s 52 places (its hands, its
    up-card to ``a:discard``, its stock ``a:stock``), dealt from pack 0, then table
    ``b``'s from pack 1 (see ``Partnerships`` in :mod:`hoyle_rummy.gin_seating`)."""
    if len(state.players) < 4:
        return one_table(state)
    places = tuple(dealt_places(state))
    table_of = {seat: tp["prefix"] for tp in gin_public(state)["tables"] for seat in tp["players"]}
    packs = tuple(0 if place.startswith("a:") else 1 for place in places)
    return DealingOrder(
        order=places,
        stock="a:stock",
        hand=lambda seat: f"{table_of[seat]}hand:{seat}",
        up_card="a:discard",
        packs=packs,
    )


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
