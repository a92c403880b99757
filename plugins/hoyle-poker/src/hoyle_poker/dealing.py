"""How each poker variant deals, for :func:`hoyle.testing.rigged_deck`
(``hoyle_register_dealing_orders``; see docs/plugins.md).

Every game's deal is what its ``hoyle_deal`` takes from the deck (read back from the
event log by :func:`hoyle.testing.dealt_places`); the flop games then burn one card
before each street and deal the flop (three cards), the turn and the river from the
rest of the deck. The stud and draw games' later cards depend on play (who is still in,
how many cards each player draws), so their order ends with the deal.

    >>> from hoyle.testing import rigged_deck
    >>> deck = rigged_deck("texas-holdem", hands={0: "As Ad"}, board="2c 3d 4h 5s 6c")  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable

from hoyle import State, hookimpl
from hoyle.registry import DealingOrder
from hoyle.testing import dealt_places

from hoyle_poker import draw, draw_ace_to_five, flop, pai_gow, split_holdem, stud, table_hand

#: After the hole cards: a burn before each street; the flop, turn and river.
FLOP_STREETS = ("burn", "board", "board", "board", "burn", "board", "burn", "board")
#: Split Hold'em: a burn before each street, the first board's cards, then the second's.
SPLIT_STREETS = ("burn", *("board",) * 3, *("board:2",) * 3, "burn", "board", "board:2", "burn", "board", "board:2")


def flop_game(state: State) -> DealingOrder:
    return DealingOrder(order=(*dealt_places(state), *FLOP_STREETS), hand="hole:{seat}", board="board")


def split_game(state: State) -> DealingOrder:
    return DealingOrder(order=(*dealt_places(state), *SPLIT_STREETS), hand="hole:{seat}", board="board")


def hole_cards_game(state: State) -> DealingOrder:
    """The draw and stud games and the table hand: the deal, then play decides."""
    return DealingOrder(order=tuple(dealt_places(state)), hand="hole:{seat}")


def pai_gow_game(state: State) -> DealingOrder:
    return DealingOrder(order=tuple(dealt_places(state)))


ORDERS: dict[str, Callable[[State], DealingOrder]] = {
    **{v.name: flop_game for v in flop.VARIANTS},
    **{v.name: split_game for v in split_holdem.VARIANTS},
    **{
        v.name: hole_cards_game
        for v in (*draw.VARIANTS, *draw_ace_to_five.VARIANTS, *stud.VARIANTS, *table_hand.VARIANTS)
    },
    pai_gow.VARIANT.name: pai_gow_game,
}


@hookimpl
def hoyle_register_dealing_orders(register: Callable[[str, Callable[[State], DealingOrder]], None]) -> None:
    for name, order in ORDERS.items():
        register(name, order)
