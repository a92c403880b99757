"""Drawing from a spread discard pile (500 Rum, Michigan rummy): the discard pile is kept
spread, every card showing (the public ``discard`` zone, bottom first), and a player may
draw any card of it - ``draw discard 9h`` - taking it and every card above it into hand.
The chosen card must be used at once: melded (or, where the game allows, laid off), so
such a draw is offered only when it can be, with the hand and the other cards taken;
this applies to the top card too. Until it is used, only melds containing it (and
lay-offs of it) are legal. The other cards taken may be melded that turn or kept.

    >>> import hoyle
    >>> game = hoyle.new_game("500-rum", seed=4)
    >>> [a for a in game.legal_actions() if a.cards]  # the up-card alone cannot be used
    []
"""

from __future__ import annotations

from hoyle import Action, Card, State, hookimpl, rummy

from hoyle_rummy.common import DRAW_STOCK, PASS, hand_cards, hand_zone, lay_off_places, table_melds
from hoyle_rummy.rummy_state import Kind, Phase, Zones, public
from hoyle_rummy.turns import RummyTurns


class SpreadPileDraw(RummyTurns):
    """The draw from a spread discard pile; ``pile_lay_off`` says whether the chosen card
    may be used by laying it off (500 Rum) or only in a new meld (Michigan rummy)."""

    def pile_lay_off(self, state: State) -> bool:
        return True

    def start_turn(self, state: State, seat: int) -> None:
        super().start_turn(state, seat)
        public(state)["must_use"] = None

    def usable(self, state: State, seat: int, card: Card, hand: list[Card]) -> bool:
        """Whether ``card`` could be used at once with ``hand`` (which holds it): melded,
        or laid off, leaving a hand the game allows (a card to discard where going out
        needs one)."""
        rules = self.meld_rules(state)
        table = table_melds(state)
        if self.pile_lay_off(state):
            rest = [c for c in hand if c != card]
            for i, old in enumerate(table):
                for _, grown in lay_off_places(old, card, rules):
                    if self.rest_ok(state, seat, rest, [*table[:i], grown, *table[i + 1 :]]):
                        return True
        for meld in rummy.all_melds(hand, rules):
            if card in meld.cards:
                left = [c for c in hand if c not in meld.cards]
                if self.rest_ok(state, seat, left, [*table, list(meld.cards)]):
                    return True
        return False

    def pile_draws(self, state: State, seat: int) -> list[Action]:
        """Every ``draw discard <card>`` the seat may make."""
        pile = state.zone(Zones.DISCARD).cards
        hand = hand_cards(state, seat)
        return [
            Action(Kind.DRAW, (card,), source="discard")
            for i, card in enumerate(pile)
            if self.usable(state, seat, card, [*hand, *pile[i:]])
        ]

    def draw_actions(self, state: State, seat: int) -> list[Action]:
        return [DRAW_STOCK if state.zone(Zones.STOCK).cards else PASS, *self.pile_draws(state, seat)]

    def play_actions(self, state: State, seat: int) -> list[Action]:
        actions = super().play_actions(state, seat)
        must = public(state)["must_use"]
        if must is None:
            return actions
        kinds = ("meld", "lay off") if self.pile_lay_off(state) else ("meld",)
        return [a for a in actions if a.kind in kinds and must in map(str, a.cards)]

    @hookimpl
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        pub = public(state)
        if action.kind == Kind.DRAW and action.source == "discard":
            pile = state.zone(Zones.DISCARD).cards
            n = len(pile) - pile.index(action.cards[0])
            state.move_top(Zones.DISCARD, hand_zone(seat), n, seat=seat, event="draw")
            pub["must_use"] = str(action.cards[0])
            state.phase = Phase.PLAY
            return True
        if action.kind in (Kind.MELD, Kind.LAY_OFF) and pub["must_use"] in tuple(map(str, action.cards)):
            pub["must_use"] = None
        return bool(super().hoyle_apply_action(state, seat, action))
