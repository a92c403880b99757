"""Seven-card rummy, docs/rules/rummy.md#c5: basic rummy where nobody melds until they can go rummy.

As basic rummy (:mod:`hoyle_rummy.basic`; 2 to 6 players, ace low, the same actions)
except:

* seven cards each;
* with two players the winner of a hand deals the next; otherwise the deal passes left
  (the first dealer is drawn from the seed, or option ``first_dealer``);
* a player may not meld until they can go rummy: meld (and lay off) every card in the
  one turn, 7 cards with a final discard or all 8 without one. Melds and lay-offs are
  offered only while the cards left can still all be disposed of this turn, and once
  a player has melded in a turn they may discard only their last card;
* when the stock runs out the next player may take the discard or turn the discard pile
  over, unshuffled, as a new stock (``draw stock``);
* the winner collects from each opponent the count of that opponent's hand - never
  double (no going-rummy bonus: every win is a rummy). The score sheet shows what the
  winner collected; the match settlement is those payments. The match runs to
  ``target`` points or for ``deals`` deals.

    >>> import hoyle
    >>> game = hoyle.new_game("seven-card-rummy", players=4, seed=3)
    >>> len(game.state.zone("hand:2").cards)
    7
"""

from __future__ import annotations

from typing import Any

from hoyle import Action, Card, Deck, Option, State, Variant, rummy

from hoyle_rummy.common import deals_option, hand_cards, stock_limit_option, table_melds
from hoyle_rummy.rummy_state import Kind, public
from hoyle_rummy.turns import WinnerCollects

SEVEN_CARD_RULES = rummy.MeldRules.seven_card()

OPTIONS = (
    Option(name="target", default=100, doc="Points that end the game", minimum=1),
    deals_option(),
    Option(
        name="first_dealer",
        default=-1,
        doc="Who deals first: -1 drawn at random (from the seed), or a seat",
        choices=(-1, 0, 1, 2, 3, 4, 5),
    ),
    stock_limit_option(),
)


def can_finish(rest: list[Card], table: list[list[Card]], rules: rummy.MeldRules, taken: str | None) -> bool:
    """Whether every card of ``rest`` can be melded or laid off on ``table`` now, with at
    most one card - not ``taken`` - left to discard.

    >>> from hoyle import Card
    >>> can_finish([Card(c) for c in "7h 8h 9h Kc".split()], [], SEVEN_CARD_RULES, None)
    True
    >>> can_finish([Card(c) for c in "7h 8h 9h Kc".split()], [], SEVEN_CARD_RULES, "Kc")
    False
    """
    if not rest:
        return True
    if not rummy.lay_off(rest, table, rules).deadwood:
        return True
    for card in set(rest):
        if str(card) != taken:
            others = [c for c in rest if c != card]
            if not others or not rummy.lay_off(others, table, rules).deadwood:
                return True
    return False


class SevenCardRummy(WinnerCollects):
    """The rule hooks of seven-card rummy."""

    def meld_rules(self, state: State) -> rummy.MeldRules:
        return SEVEN_CARD_RULES

    def hand_size(self, state: State) -> int:
        return 7

    def next_dealer(self, state: State, winner: int | None) -> int:
        if len(state.players) == 2 and winner is not None:
            return winner
        return super().next_dealer(state, winner)

    def melds_per_turn(self, state: State) -> int | None:
        return None

    def play_actions(self, state: State, seat: int) -> list[Action]:
        # Melding starts only when the whole hand can go: a quick test before listing.
        if not public(state)["played_now"]:
            hand = hand_cards(state, seat)
            table = table_melds(state)
            if not can_finish(hand, table, SEVEN_CARD_RULES, public(state)["taken"]):
                taken = public(state)["taken"]
                return [Action(Kind.DISCARD, (c,)) for c in sorted(hand) if str(c) != taken]
        return super().play_actions(state, seat)

    def rest_ok(self, state: State, seat: int, rest: list[Card], table: list[list[Card]]) -> bool:
        return can_finish(rest, table, SEVEN_CARD_RULES, public(state)["taken"])

    def may_discard(self, state: State, seat: int) -> bool:
        return not public(state)["played_now"] or len(hand_cards(state, seat)) == 1


def _deck(options: Any) -> Deck:
    return Deck.standard()


SEVEN_CARD = Variant(
    name="seven-card-rummy",
    rules=SevenCardRummy(),
    players=(2, 6),
    deck=_deck,
    options=OPTIONS,
    family="rummy",
    description="Seven-card rummy: no melding until you can go rummy; the winner collects each hand's count.",
)
