"""Boat House rummy (Boathouse Rum; docs/rules/rummy.md#c7-4), the Hoyle/Bicycle game.

2 to 6 players, 52 cards; deal 10 each (two players), 7 (three or four), 6 (five or
six); up-card, stock, first dealer and the rotating deal as basic rummy
(:mod:`hoyle_rummy.basic`). Runs go round the corner: Q-K-A, A-2-3 and K-A-2 are all
runs (a run is at most 13 cards). Sets are 3-4 cards of one rank.

* Draw: ``draw stock`` (the top card), or ``draw discard`` - the top discard plus a
  second card: the next discard (``draw discard`` again) or the top of the stock
  (``draw stock``), phase ``second``. A player then discards exactly one card, so a
  two-card draw grows the hand by one. The top discard taken may not be discarded that
  turn (the second card may). When the stock is empty it is replaced by the discard
  pile turned over, unshuffled; with both empty the second card is not drawn.
* Nothing is melded or laid off during play: a player goes out by laying down the whole
  hand at once ("going rum"): ``go out`` melds every card, ``go out Qs`` melds every
  card but the Qs and discards it (the final discard is optional).
* Scoring: each loser pays the winner the count of the unmatched cards in their hand
  (the melds it holds, arranged for the least count, are not charged): ace 11, K Q J 10
  count 10, others face value. The score sheet shows what the winner collected; the
  game runs to ``target`` points or for ``deals`` deals, and the match settlement is
  the sum of the payments.

    >>> import hoyle
    >>> game = hoyle.new_game("boat-house-rummy", seed=1)
    >>> _ = game.act("draw discard")
    >>> game.phase, [str(a) for a in game.legal_actions()]
    ('second', ['draw stock'])
"""

from __future__ import annotations

from typing import Any

from hoyle import Action, Deck, Option, State, Variant, hookimpl, rummy

from hoyle_rummy.common import (
    DRAW_DISCARD,
    DRAW_STOCK,
    add_meld,
    deals_option,
    first_dealer_option,
    hand_cards,
    hand_zone,
    stock_limit_option,
)
from hoyle_rummy.rummy_state import Kind, Phase, Zones, public
from hoyle_rummy.turns import WinnerCollects

BOAT_HOUSE_RULES = rummy.MeldRules.basic().replace(ace="round_the_corner", values={"A": 11})
GO_OUT = "go out"

OPTIONS = (
    Option(name="target", default=100, doc="Points that end the game", minimum=1),
    deals_option(),
    first_dealer_option(6),
    stock_limit_option(),
)


class BoatHouseRummy(WinnerCollects):
    """The rule hooks of Boat House rummy."""

    def meld_rules(self, state: State) -> rummy.MeldRules:
        return BOAT_HOUSE_RULES

    def second_draws(self, state: State) -> list[Action]:
        """The second card's sources after taking the top discard."""
        actions = [DRAW_STOCK] if state.zone(Zones.STOCK).cards else []
        return actions + ([DRAW_DISCARD] if state.zone(Zones.DISCARD).cards else [])

    @hookimpl
    def hoyle_legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat == state.to_act and state.phase == Phase.SECOND:
            return self.second_draws(state)
        return list(super().hoyle_legal_actions(state, seat))

    def play_actions(self, state: State, seat: int) -> list[Action]:
        hand = hand_cards(state, seat)
        taken = public(state)["taken"]
        actions = [Action(GO_OUT)] if not rummy.deadwood(hand, BOAT_HOUSE_RULES) else []
        for card in sorted(hand):
            if str(card) != taken and not rummy.deadwood([c for c in hand if c != card], BOAT_HOUSE_RULES):
                actions.append(Action(GO_OUT, (card,)))
        return actions + [Action(Kind.DISCARD, (c,)) for c in sorted(hand) if str(c) != taken]

    @hookimpl
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        if state.phase == Phase.SECOND:
            source = "stock" if action == DRAW_STOCK else "discard"
            state.move_top(source, hand_zone(seat), seat=seat, event="draw")
            state.phase = Phase.PLAY
            return True
        if action == DRAW_DISCARD:
            card = state.move_top(Zones.DISCARD, hand_zone(seat), seat=seat, event="draw")[0]
            public(state)["taken"] = str(card)
            state.phase = Phase.SECOND if self.second_draws(state) else Phase.PLAY
            return True
        if action.kind == GO_OUT:
            rest = [c for c in hand_cards(state, seat) if c not in action.cards]
            for meld in rummy.best_melds(rest, BOAT_HOUSE_RULES).melds:
                add_meld(state, seat, meld.cards, BOAT_HOUSE_RULES)
            if action.cards:
                state.move(action.cards, hand_zone(seat), Zones.DISCARD, seat=seat, event="discard")
            self.go_out(state, seat)
            return True
        return bool(super().hoyle_apply_action(state, seat, action))

    def counts(self, state: State) -> list[int]:
        """The unmatched count of each hand (its melds arranged for the least count)."""
        return [rummy.deadwood(hand_cards(state, s), BOAT_HOUSE_RULES) for s in state.seats]


def _deck(options: Any) -> Deck:
    return Deck.standard()


BOAT_HOUSE = Variant(
    name="boat-house-rummy",
    rules=BoatHouseRummy(),
    players=(2, 6),
    deck=_deck,
    options=OPTIONS,
    family="rummy",
    description="Boat House rummy: take the discard and a second card, go out only by laying down the whole hand.",
)
