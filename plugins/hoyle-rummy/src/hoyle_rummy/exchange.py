"""Winning a wild card back from the table: on their turn, after drawing, a player holding
the natural card that a melded wild card stands for puts it in the wild card's place and
takes the wild card into hand - ``exchange 6h on 2`` (the meld must stay valid with the
card in the wild card's place; in a set the card may be of any suit the set lacks).
Shared by Wrotham rummy and Wild Card rummy.

    >>> from hoyle import Card, rummy
    >>> rules = rummy.MeldRules.wrotham()
    >>> str(wild_for([Card("5h"), Card("Jk"), Card("7h")], Card("6h"), rules))
    'Jk'
    >>> print(wild_for([Card("5h"), Card("Jk"), Card("7h")], Card("8h"), rules))
    None
    >>> print(wild_for([Card("Jk"), Card("5h"), Card("6h")], Card("7h"), rules))
    None
"""

from __future__ import annotations

from hoyle import Action, Card, State, rummy

from hoyle_rummy.common import hand_cards, hand_zone, is_meld, is_wild, meld_zone, table_faces, table_melds
from hoyle_rummy.rummy_state import Kind

__all__ = ["apply_exchange", "exchange_actions", "is_wild", "swap_wild", "wild_for"]


def wild_for(meld: list[Card], card: Card, rules: rummy.MeldRules) -> Card | None:
    """The first wild card of table meld ``meld`` that the natural ``card`` can replace,
    if any: the card the wild card stands for in a run, read from the meld's order (a
    joker keeps its identity on the table, docs/rules/rummy.md#c0 - in ``Jk 5h 6h`` the
    joker is the 4h, so the 7h wins nothing, and in ``5h 6h Jk`` it is the 7h); in a set
    any card of its rank the set lacks."""
    if is_wild(card, rules) or not is_meld(meld, rules):
        return None
    run = table_faces(meld, rules)
    if run is None:
        read = rummy.Meld(meld, rules)
        for wild, stands in read.wilds.items():
            if card.rank == stands.rank and wild != card and is_meld([card if c == wild else c for c in meld], rules):
                return next(c for c in meld if c == wild)
        return None
    order, faces = run
    for wild, face in zip(order, faces, strict=True):
        if is_wild(wild, rules) and wild != card and card.face == face.face:
            return wild
    return None


def exchange_actions(state: State, seat: int, rules: rummy.MeldRules) -> list[Action]:
    """Every ``exchange`` the seat's hand allows on the table's melds."""
    hand = hand_cards(state, seat)
    actions = []
    for index, meld in enumerate(table_melds(state)):
        for card in sorted(set(hand)):
            if wild_for(meld, card, rules) is not None:
                actions.append(Action(Kind.EXCHANGE, (card,), target=index))
    return actions


def apply_exchange(state: State, seat: int, action: Action, rules: rummy.MeldRules) -> Card:
    """Put the action's card in the meld and the wild card it replaces into the hand;
    returns the wild card."""
    assert action.target is not None
    name = meld_zone(action.target)
    card = action.cards[0]
    wild = wild_for(list(state.zone(name).cards), card, rules)
    assert wild is not None
    swap_wild(state, seat, name, [card], wild)
    return wild


def swap_wild(state: State, seat: int, name: str, cards: list[Card], wild: Card) -> None:
    """Move ``cards`` from the seat's hand to meld zone ``name`` and ``wild`` from it to
    the hand; one natural card takes the wild card's very place (the meld's cards stay in
    the order they play: ``4h Jk 6h`` and the 5h make ``4h 5h 6h``)."""
    zone = state.zone(name)
    order = [cards[0] if c == wild else c for c in zone.cards] if len(cards) == 1 else None
    state.move(cards, hand_zone(seat), name, seat=seat, event="exchange")
    state.move([wild], name, hand_zone(seat), seat=seat, event="exchange")
    if order is not None:
        by_text = {str(c): c for c in zone.cards}
        zone.cards[:] = [by_text[str(c)] for c in order]
