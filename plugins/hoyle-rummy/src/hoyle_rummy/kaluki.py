"""Kaluki (Kalooki; docs/rules/rummy.md#c7-1), the Bicycle/Hoyle game.

2 to 4 players; 108 cards - two packs and four wild jokers (``Jk`` .. ``Jk#3``). Fifteen
cards each; the next card face up starts the discard pile; the rest is the stock. The
first dealer is drawn from the seed (option ``first_dealer``), then the deal passes left;
the player left of the dealer starts. An empty stock is replaced by the discard pile
turned over, unshuffled.

* Values: ace 15, K Q J 10 count 10, others face value; a melded joker counts as the card
  it stands for; a joker left in hand counts 25.
* Sets: three or more cards of one rank - two packs allow 3s 3s 3h (option
  ``distinct_suits``: no two of one suit, so at most four). Runs: three or more in suit,
  the ace high or low (A-2-3, Q-K-A), never K-A-2. Option ``naturals_outnumber``: a meld
  needs more natural cards than jokers.
* Draw the top of the stock or the top discard. Until a player's first meld they may not
  take the discard or lay off, except to take the discard and use it at once in that
  first meld.
* First meld: one or more melds from hand worth 51 or more in one turn (an ace counts 15
  even in A-2-3). Afterwards any melds, lay-offs on anyone's melds, and the joker
  exchange: the natural card for a joker in any meld on the table, the freed joker used
  again that turn. The turn is that of :mod:`hoyle_rummy.opening`.
* Going out by meld, lay-off or discard (no final discard needed) ends the hand; the
  winner scores all points left in the opponents' hands. The game runs to ``target``
  (250); each pair of players then settles the difference of their scores.

Not implemented: the British club game (option ``british`` in the rules).

    >>> import hoyle
    >>> game = hoyle.new_game("kaluki", players=3, seed=5)
    >>> len(game.state.deck), len(game.state.zone("hand:0").cards)
    (108, 15)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hoyle import Deck, Option, State, Variant, hookimpl, rummy

from hoyle_rummy.common import first_dealer_option
from hoyle_rummy.opening import OpeningRummy

OPENING = 51
JOKER_VALUE = 25

OPTIONS = (
    Option(name="target", default=250, doc="Points that end the game", minimum=1),
    first_dealer_option(4),
    Option(name="distinct_suits", default=False, doc="A set may not hold two cards of one suit"),
    Option(name="naturals_outnumber", default=False, doc="A meld needs more natural cards than jokers"),
)


@cache
def kaluki_rules(distinct_suits: bool = False, naturals_outnumber: bool = False) -> rummy.MeldRules:
    """Kaluki's meld rules and values under its options.

    >>> from hoyle import Card
    >>> kaluki_rules().value(Card("As")), kaluki_rules().joker_value
    (15, 25)
    """
    rules = rummy.MeldRules.basic().replace(
        ace="high_or_low",
        jokers_wild=True,
        packs=2,
        max_set=4 if distinct_suits else 8,
        set_distinct_suits=distinct_suits,
        values={"A": 15},
        joker_value=JOKER_VALUE,
    )
    return rules.replace(wild_share="fewer_than_naturals") if naturals_outnumber else rules


class Kaluki(OpeningRummy):
    """The rule hooks of Kaluki."""

    def meld_rules(self, state: State) -> rummy.MeldRules:
        return kaluki_rules(state.options["distinct_suits"], state.options["naturals_outnumber"])

    def hand_size(self, state: State) -> int:
        return 15

    def opening_minimum(self, state: State) -> int:
        return OPENING

    def low_ace(self, state: State) -> int:
        return 15

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        winner, counts = self.hand_counts(state)
        return {} if winner is None else {winner: sum(counts.values())}

    @hookimpl
    def hoyle_settle(self, state: State) -> dict[int, int]:
        return self.settle_by_scores(state)


def _deck(options: Any) -> Deck:
    return Deck.standard(2, 4)


KALUKI = Variant(
    name="kaluki",
    rules=Kaluki(),
    players=(2, 4),
    deck=_deck,
    options=OPTIONS,
    family="rummy",
    description="Kaluki: two packs and four jokers, fifteen cards, a first meld worth 51, jokers won back; game to 250.",
)
