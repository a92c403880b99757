"""Wrotham rummy, docs/rules/rummy.md#c1: basic rummy with three wild jokers over six deals.

2 to 6 players, 55 cards (52 + 3 jokers, ``Jk`` ``Jk#1`` ``Jk#2``); ace low; a joker
is wild in any meld and counts 15 in hand, pictures 10, ace 1, others face value.

* Six deals; the first dealer is drawn from the seed (option ``first_dealer``), then the
  deal passes left. The starting player (left of the dealer) gets eight cards, the
  others seven; no card is turned up: the starting player's first turn has no draw
  (they meld or lay off, then discard to start the discard pile).
* Deals 1-3 play as basic rummy (:mod:`hoyle_rummy.basic`, standard rules): draw, one
  meld per turn, any number of lay-offs on anyone's melds, discard; the card just taken
  from the discard pile stays that turn; an empty stock is replaced by the discard pile
  turned over.
* Deals 4-6: nobody melds until they can lay down all seven cards (as seven-card
  rummy: every card melded or laid off in one turn, with a final discard, or all eight
  without one); once a player has melded in such a turn they may discard only their
  last card.
* Joker exchange: on their turn, after drawing, a player holding the real card that a
  melded joker stands for may put it in the joker's place and take the joker into
  hand: ``exchange 6h on 2`` (the meld stays valid with the card in the joker's place;
  in a set the card may be of any suit the set lacks).
* Scoring: the winner scores the count of the cards left in the other hands. After six
  deals each pair of players settles the difference of their totals.

    >>> import hoyle
    >>> game = hoyle.new_game("wrotham-rummy", players=3, seed=5)
    >>> starter = game.to_act
    >>> len(game.state.zone(f"hand:{starter}").cards), game.phase
    (8, 'play')
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from hoyle import Action, Card, Deck, Option, State, Variant, hookimpl, rummy

from hoyle_rummy.common import hand_cards, hand_zone, lay_off_places, table_melds
from hoyle_rummy.exchange import apply_exchange, exchange_actions, wild_for
from hoyle_rummy.rummy_state import Kind, Phase, Zones, deal_outcome, deal_winner, public
from hoyle_rummy.turns import RummyTurns

WROTHAM_RULES = rummy.MeldRules.wrotham().replace(hand_size=None)
DEALS = 6

OPTIONS = (
    Option(
        name="first_dealer",
        default=-1,
        doc="Who deals first: -1 drawn at random (from the seed), or a seat",
        choices=(-1, 0, 1, 2, 3, 4, 5),
    ),
)


def can_finish(rest: list[Card], table: list[list[Card]], taken: str | None) -> bool:
    """Whether the turn's own actions can still lay down every card of ``rest`` this
    turn - melds (:func:`hoyle.rummy.all_melds`) and lay-offs one card at a time, each
    fitting its meld as the table then stands (:func:`~hoyle_rummy.common.lay_off_places`) -
    with at most one card, not ``taken``, left to discard (docs/rules/rummy.md#c1, deals
    4-6). It searches the very moves the legal actions offer, so a meld or lay-off it
    allows never leaves the player with no legal action.

    >>> from hoyle import Card
    >>> hand = [Card(c) for c in "Jk#2 8c Kc".split()]
    >>> can_finish(hand, [[Card(c) for c in "2c 3c 4c 5c 6c".split()]], "6c")
    True
    >>> can_finish(hand[1:], [[Card(c) for c in "2c 3c 4c 5c 6c".split()]], None)
    False
    """
    return _finishes(tuple(sorted(rest)), tuple(tuple(m) for m in table), taken)


@lru_cache(maxsize=4096)
def _finishes(rest: tuple[Card, ...], table: tuple[tuple[Card, ...], ...], taken: str | None) -> bool:
    if not rest or (len(rest) == 1 and str(rest[0]) != taken):
        return True
    for meld in rummy.all_melds(list(rest), WROTHAM_RULES):
        left = list(rest)
        for c in meld.cards:
            left.remove(c)
        if _finishes(tuple(left), (*table, tuple(meld.cards)), taken):
            return True
    for card in sorted(set(rest)):
        left = list(rest)
        left.remove(card)
        for i, meld_cards in enumerate(table):
            for _, grown in lay_off_places(list(meld_cards), card, WROTHAM_RULES):
                after = (*table[:i], tuple(grown), *table[i + 1 :])
                if _finishes(tuple(left), after, taken):
                    return True
    return False


def all_seven(state: State) -> bool:
    """Whether this is one of deals 4-6, where a player melds only to go out."""
    return state.deal_number % DEALS >= 3


class WrothamRummy(RummyTurns):
    """The rule hooks of Wrotham rummy."""

    def meld_rules(self, state: State) -> rummy.MeldRules:
        return WROTHAM_RULES

    def hand_size(self, state: State) -> int:
        return 7

    def up_card(self, state: State) -> bool:
        return False

    def after_deal(self, state: State) -> None:
        starter = (int(public(state)["dealer"]) + 1) % len(state.players)
        state.move_top(Zones.DECK, hand_zone(starter), seat=starter, event="deal")

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        super().hoyle_deal(state)
        state.phase = Phase.PLAY  # the starting player's first turn has no draw
        return True

    def melds_per_turn(self, state: State) -> int | None:
        return None if all_seven(state) else 1

    def rest_ok(self, state: State, seat: int, rest: list[Card], table: list[list[Card]]) -> bool:
        if all_seven(state):
            return can_finish(rest, table, public(state)["taken"])
        return super().rest_ok(state, seat, rest, table)

    def may_discard(self, state: State, seat: int) -> bool:
        return not all_seven(state) or not public(state)["played_now"] or len(hand_cards(state, seat)) == 1

    def play_actions(self, state: State, seat: int) -> list[Action]:
        exchanges = exchange_actions(state, seat, WROTHAM_RULES)
        if all_seven(state) and public(state)["played_now"]:
            # once a player is laying down all seven, an exchange must leave a hand that
            # can still all go down this turn (else the turn would be stuck)
            exchanges = [a for a in exchanges if self._still_finishes(state, seat, a)]
        return super().play_actions(state, seat) + exchanges

    def _still_finishes(self, state: State, seat: int, exchange: Action) -> bool:
        assert exchange.target is not None
        card = exchange.cards[0]
        table = table_melds(state)
        meld = table[exchange.target]
        wild = wild_for(meld, card, WROTHAM_RULES)
        if wild is None:
            return False
        table[exchange.target] = [card if c == wild else c for c in meld]
        hand = [c for c in hand_cards(state, seat) if c != card] + [wild]
        return can_finish(hand, table, public(state)["taken"])

    @hookimpl
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        if action.kind == Kind.EXCHANGE:
            apply_exchange(state, seat, action, WROTHAM_RULES)
            return True
        return bool(super().hoyle_apply_action(state, seat, action))

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        out = deal_outcome(state)
        winner = deal_winner(state)
        public(state)["next_dealer"] = self.next_dealer(state, winner)
        return {winner: sum(c for s, c in enumerate(out["counts"]) if s != winner)}

    @hookimpl
    def hoyle_match_over(self, state: State) -> bool:
        return len(state.score_sheet) >= DEALS

    @hookimpl
    def hoyle_settle(self, state: State) -> dict[int, int]:
        return self.settle_by_scores(state)


def _deck(options: Any) -> Deck:
    return Deck.standard(1, 3)


WROTHAM = Variant(
    name="wrotham-rummy",
    rules=WrothamRummy(),
    players=(2, 6),
    deck=_deck,
    options=OPTIONS,
    family="rummy",
    description="Wrotham rummy: three wild jokers you can win back, six deals, the last three all-seven.",
)
