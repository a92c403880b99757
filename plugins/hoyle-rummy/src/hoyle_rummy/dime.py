"""Dime rummy, docs/rules/rummy.md#c1: basic rummy with several packs, jokers and a pot.

2 to 10 players; ``packs`` packs (3, or 4) with two jokers per pack, all wild; a set
is three or more cards of a rank (several packs: any suits, any size); runs of three or
more in a suit, ace low. Twelve cards each; the next card up starts the discard pile.
The turn is basic rummy's (:mod:`hoyle_rummy.basic`, standard rules: one meld per
turn, any number of lay-offs, the card taken from the discard pile stays that turn, an
empty stock is replaced by the discard pile turned over).

The pot: at the start of the game each player antes ``ante`` (5) dimes - chips - to
the pot; whoever goes out in a round takes one dime from it. The game ends when the pot
is empty. Players bring their own dimes (``hoyle.new_game(..., stacks=[...])``); with no
stacks given each starts with ``dimes`` (20). The score sheet counts the dimes each
player took; the settlement is each player's net gain (dimes taken less the ante).

    >>> import hoyle
    >>> game = hoyle.new_game("dime-rummy", players=3, seed=1)
    >>> game.state.pot, game.state.stacks, len(game.state.zone("hand:0").cards)
    (15, [15, 15, 15], 12)
"""

from __future__ import annotations

from typing import Any

from hoyle import Deck, Option, State, Variant, hookimpl, rummy

from hoyle_rummy.rummy_state import deal_winner, public
from hoyle_rummy.turns import RummyTurns

_RULES = {packs: rummy.MeldRules.dime().replace(packs=packs, hand_size=None) for packs in (3, 4)}

OPTIONS = (
    Option(name="packs", default=3, doc="Packs of cards, each with two jokers", choices=(3, 4)),
    Option(name="ante", default=5, doc="Dimes each player puts in the pot at the start", choices=(5, 1, 2, 3, 4, 10)),
    Option(name="dimes", default=20, doc="Each player's dimes when new_game is given no stacks", minimum=1),
    Option(
        name="first_dealer",
        default=-1,
        doc="Who deals first: -1 drawn at random (from the seed), or a seat",
        choices=tuple(range(-1, 10)),
    ),
)


class DimeRummy(RummyTurns):
    """The rule hooks of dime rummy."""

    def meld_rules(self, state: State) -> rummy.MeldRules:
        return _RULES[int(state.options["packs"])]

    def hand_size(self, state: State) -> int:
        return 12

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        if state.deal_number == 0:
            if not any(state.stacks):
                state.stacks = [int(state.options["dimes"])] * len(state.players)
                state.log("buy_in", None, dimes=state.options["dimes"])
            for seat in state.seats:
                state.commit(seat, int(state.options["ante"]))
        return bool(super().hoyle_deal(state))

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        winner = deal_winner(state)
        public(state)["next_dealer"] = self.next_dealer(state, winner)
        state.award(winner, 1)
        return {winner: 1}

    @hookimpl
    def hoyle_match_over(self, state: State) -> bool:
        return state.pot == 0

    @hookimpl
    def hoyle_settle(self, state: State) -> dict[int, int]:
        ante = int(state.options["ante"])
        return {s: state.scores[s] - ante for s in state.seats}


def _deck(options: Any) -> Deck:
    packs = int(options["packs"])
    return Deck.standard(packs, 2 * packs)


DIME = Variant(
    name="dime-rummy",
    rules=DimeRummy(),
    players=(2, 10),
    deck=_deck,
    options=OPTIONS,
    family="rummy",
    description="Dime rummy: three or four packs with wild jokers, twelve cards, a dime from the pot for going out.",
)
