"""What the rummy variants share: the draw and discard actions, zone names, card points,
and the table helpers (melds on the table, lay-off checks, turning the discard pile over).

    >>> from hoyle import Card, rummy
    >>> fits_meld([Card("7h"), Card("8h"), Card("9h")], Card("Th"), rummy.MeldRules.basic())
    True
    >>> fits_meld([Card("7h"), Card("8h"), Card("9h")], Card("Jh"), rummy.MeldRules.basic())
    False
"""

from __future__ import annotations

from collections.abc import Iterable

from hoyle import Action, Card, Option, State, rummy
from hoyle.errors import HoyleError

DRAW_STOCK = Action("draw", source="stock")
DRAW_DISCARD = Action("draw", source="discard")
PASS = Action("pass")


def first_dealer_option(players: int) -> Option:
    """The ``first_dealer`` option of a game of up to ``players`` players."""
    return Option(
        name="first_dealer",
        default=-1,
        doc="Who deals first: -1 drawn at random (from the seed), or a seat",
        choices=(-1, *range(players)),
    )


def hand_zone(seat: int) -> str:
    return f"hand:{seat}"


def hand_cards(state: State, seat: int) -> list[Card]:
    return list(state.zone(hand_zone(seat)).cards)


def card_points(card: Card) -> int:
    """Standard rummy points (docs/rules/rummy.md#c0): K Q J 10 count 10, ace 1, others face value."""
    value = card.rank_value or 0
    return 1 if value == 14 else min(value, 10)


def hand_value(cards: Iterable[Card], rules: rummy.MeldRules) -> int:
    """The count of cards under ``rules`` (its ``values``: e.g. an ace 15 when aces are
    high or low).

    >>> hand_value([Card("As"), Card("Kd"), Card("7c")], rummy.MeldRules.basic())
    18
    """
    return sum(rules.value(c) for c in cards)


def meld_zone(index: int) -> str:
    """The zone of the table meld numbered ``index`` (0, 1, 2... in the order the melds
    were laid down; a meld keeps its number for the rest of the hand)."""
    return f"meld:{index}"


def table_melds(state: State) -> list[list[Card]]:
    """The melds on the table, by number (see :func:`meld_zone`)."""
    return [list(state.zone(meld_zone(i)).cards) for i in range(state.public.get("melds", 0))]


def is_meld(cards: list[Card], rules: rummy.MeldRules) -> bool:
    """Whether ``cards`` form one valid meld under ``rules``."""
    try:
        rummy.Meld(cards, rules)
    except HoyleError:
        return False
    return True


def fits_meld(meld: list[Card], card: Card, rules: rummy.MeldRules) -> bool:
    """Whether ``card`` can be laid off on ``meld`` (the meld plus the card is a meld)."""
    return is_meld([*meld, card], rules)


def add_meld(state: State, seat: int, cards: Iterable[Card], rules: rummy.MeldRules, src: str | None = None) -> int:
    """Lay ``cards`` from ``src`` (default: the seat's hand) on the table as a new public
    meld owned by ``seat``, in meld order (runs low to high); returns its number."""
    index = state.public.get("melds", 0)
    name = meld_zone(index)
    state.add_zone(name, owner=seat)
    ordered = rummy.Meld(list(cards), rules).cards
    state.move(ordered, src or hand_zone(seat), name, seat=seat, event="meld")
    state.public["melds"] = index + 1
    return int(index)


def lay_off_card(
    state: State, seat: int, card: Card, index: int, rules: rummy.MeldRules, src: str | None = None
) -> None:
    """Lay ``card`` off on table meld ``index``, keeping the meld's zone in the order
    its cards play (docs/rules/rummy.md#c0: a meld's cards are kept in rank order). The
    card goes under the meld when it extends a run downwards, on top otherwise; where
    that is not the meld's order - a joker that moves along the run (``Jk 2c 3c`` with
    the joker as the ace, then the 5c: ``2c 3c Jk 5c``), an ace that plays low once the
    other ace of Scala 40's whole-suit run is laid off - the zone is put in order.

    >>> from hoyle import Deck, State
    >>> state = State("rummy", ["a", "b"], {}, deck=Deck("5c Jk 2c 3c"))
    >>> _ = state.add_zone("hand:0"), state.add_zone("meld:0")
    >>> _ = state.move_top("deck", "hand:0"), state.move_top("deck", "meld:0", 3)
    >>> [str(c) for c in state.zone("meld:0").cards]
    ['Jk', '2c', '3c']
    >>> lay_off_card(state, 0, Card("5c"), 0, rummy.MeldRules.wrotham())
    >>> [str(c) for c in state.zone("meld:0").cards]
    ['2c', '3c', 'Jk', '5c']
    """
    name = meld_zone(index)
    zone = state.zone(name)
    ordered = rummy.Meld([*zone.cards, card], rules).cards
    state.move([card], src or hand_zone(seat), name, seat=seat, event="lay_off", bottom=ordered[0] == card)
    if zone.cards != ordered:
        zone.cards[:] = ordered


def turn_over_pile(state: State, shuffle: bool = False) -> None:
    """Turn the discard pile over as the new stock: unshuffled, the first card discarded
    becomes the top of the stock; with ``shuffle`` it is shuffled with ``state.rng``."""
    n = len(state.zone("discard").cards)
    state.move_top("discard", "stock", n, event="turn_over")
    if shuffle:
        state.rng.shuffle(state.zone("stock").cards)
        state.log("shuffle_stock")
