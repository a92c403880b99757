"""War, as a hoyle plugin: the complete example of docs/plugins.md.

Rules (the standard children's game; ace high, suits ignored):

* The shuffled pack is dealt out one at a time, face down; nobody looks at their pile.
* Each battle, both players in turn ``play`` their top card face up. The higher rank
  takes both cards, putting them under their pile (the first player's card first).
* Equal ranks start a war: each player in turn ``play``\\ s ``down_cards`` cards face
  down (option, default 3) and one face up; the higher face-up card takes everything on
  the table. Equal again: another war. Won cards go under the pile in this order: the
  first player's face-up cards, the second player's, then the face-down cards. A player short of cards for a war plays all but
  their last card face down and the last face up; a player with no card at all loses.
* A player who holds every card wins. After ``max_battles`` battles (option, default
  1000: the game need not end) the player with more cards wins; equal counts draw.
* Scores: the winner scores 1 for the deal (a draw scores nothing); the match is one deal.

    >>> import hoyle
    >>> game = hoyle.new_game("war", seed=2)
    >>> game.legal_actions()
    [Action('play')]
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Final, NotRequired, TypedDict

from hoyle import Action, Card, Deck, HouseRule, Option, State, Variant, Zone, hookimpl, public_reader
from hoyle.errors import InvalidArgumentError
from hoyle.registry import DealingOrder
from hoyle.testing import dealt_places


class Kind:
    """War's one action kind (``Action.kind``)."""

    PLAY: Final = "play"  #: turn the top card of the pile (face down first in a war)


class Zones:
    """War's zone names (``pile:N`` and ``table:N`` per seat: ``_pile``, ``_table``)."""

    DECK: Final = "deck"  #: the engine's deck, dealt out whole
    FACE_DOWN: Final = "face-down"  #: the cards put face down in a war


PLAY = Action(Kind.PLAY)


class Phase(StrEnum):
    """War's phases (``state.phase``; the engine sets ``"over"`` at the end)."""

    BATTLE = "battle"


class WarPublic(TypedDict):
    """War's public facts (``state.public``, shown in every view)."""

    battles: int  #: battles fought this deal
    war: bool  #: whether the cards on the table are tied (a war is on)
    winner: NotRequired[int | None]  #: at the end: the seat with every card, None for a draw


#: ``public(state)`` is ``state.public`` as :class:`WarPublic` (mypy checks every key).
public = public_reader(WarPublic)


def _pile(seat: int) -> str:
    return f"pile:{seat}"


def _table(seat: int) -> str:
    return f"table:{seat}"


def _rank(card: Card) -> int:
    """A card's rank, ace high (War's deck has no jokers)."""
    rank = card.rank_value
    if rank is None:
        raise InvalidArgumentError(f"War plays no jokers, and {card} is one")
    return rank


class WarRules:
    """The rule hooks of War."""

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        for seat in state.seats:
            state.add_zone(_pile(seat), owner=seat, visibility=Zone.HIDDEN)
            state.add_zone(_table(seat), owner=seat, visibility=Zone.PUBLIC)
        state.add_zone(Zones.FACE_DOWN, visibility=Zone.HIDDEN)
        deck = state.zone(Zones.DECK)
        seat = 0
        while deck.cards:
            state.move_top(Zones.DECK, _pile(seat), seat=seat, event="deal")
            seat = 1 - seat
        pub = public(state)
        pub["battles"], pub["war"] = 0, False
        state.phase, state.to_act = Phase.BATTLE, 0
        return True

    @hookimpl
    def hoyle_legal_actions(self, state: State, seat: int) -> list[Action]:
        return [PLAY] if seat == state.to_act else []

    @hookimpl
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        pile = state.zone(_pile(seat))
        pub = public(state)
        if pub["war"]:
            down = min(state.options["down_cards"], len(pile.cards) - 1)
            if down > 0:
                state.move_top(_pile(seat), Zones.FACE_DOWN, down, seat=seat, event="play_down")
        state.move_top(_pile(seat), _table(seat), seat=seat, event="play")
        if seat == 0:
            state.to_act = 1
            return True
        self._resolve(state, pub)
        return True

    def _resolve(self, state: State, pub: WarPublic) -> None:
        top = [_rank(state.zone(_table(s)).cards[-1]) for s in state.seats]
        if top[0] == top[1]:
            pub["war"] = True
            state.log("war")
            if any(not state.zone(_pile(s)).cards for s in state.seats):
                self._finish(state)
            else:
                state.to_act = 0
            return
        winner = 0 if top[0] > top[1] else 1
        for name in (_table(0), _table(1), Zones.FACE_DOWN):
            cards = list(state.zone(name).cards)
            if cards:
                state.move(cards, name, _pile(winner), seat=winner, event="take", bottom=True)
        pub["war"] = False
        pub["battles"] += 1
        if not all(state.zone(_pile(s)).cards for s in state.seats) or pub["battles"] >= state.options["max_battles"]:
            self._finish(state)
        else:
            state.to_act = 0

    def _finish(self, state: State) -> None:
        counts = [len(state.zone(_pile(s)).cards) for s in state.seats]
        # A war that cannot be finished: the player with cards left takes the table.
        winner = None if counts[0] == counts[1] else counts.index(max(counts))
        public(state)["winner"] = winner
        state.end_deal("game over", counts=counts)

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        winner = public(state)["winner"]
        return {} if winner is None else {winner: 1}

    @hookimpl
    def hoyle_match_over(self, state: State) -> bool:
        return True


class CardsHeldScore:
    """House rule ``war-cards-held``: the deal scores the number of cards each player
    holds instead of 1 for the winner - wrapping one hook, nothing else."""

    @hookimpl(wrapper=True)
    def hoyle_score_deal(self, state: State) -> Any:
        yield  # the variant's own scoring runs, then is replaced
        return {s: len(state.zone(_pile(s)).cards) for s in state.seats}


VARIANT = Variant(
    name="war",
    rules=WarRules(),
    players=(2, 2),
    deck=lambda options: Deck.standard(),
    family="parlor",
    description="The children's game: higher card takes the trick; ties go to war.",
    options=(
        Option(name="down_cards", default=3, doc="Cards each player puts face down in a war", minimum=1),
        Option(name="max_battles", default=1000, doc="Battles before the larger pile wins", minimum=1),
    ),
)


@hookimpl
def hoyle_register_variants(register: Any) -> None:
    register(VARIANT)


@hookimpl
def hoyle_register_dealing_orders(register: Any) -> None:
    # The whole pack, one card at a time, seat 0 first (see hoyle_deal).
    register("war", lambda state: DealingOrder(order=tuple(dealt_places(state)), hand="pile:{seat}"))


@hookimpl
def hoyle_register_house_rules(register: Any) -> None:
    register(
        HouseRule(
            name="war-cards-held", rules=CardsHeldScore(), variants=("war",), description=CardsHeldScore.__doc__ or ""
        )
    )
