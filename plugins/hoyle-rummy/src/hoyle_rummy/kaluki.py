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

Option ``british`` (Kalookie as played in British clubs): 2 to 5 players; 106 cards - two
packs and two wild jokers; thirteen cards each. An ace counts 11, a joker left in hand
15. Sets are three or four cards of one rank, all suits different; runs are ace high
only (the lowest 2-3-4, the highest Q-K-A). The first meld is worth 40 or more (option
``kalooki_51``: 51). The discard may be taken before it only to use it at once in it (as
above). A joker in a run or a set of four is won back by its natural card; in a set of
three only by both missing cards together - ``exchange 7c 7s on 2`` makes the set four
natural cards (a set of three with two jokers gives none back) - and the joker must be
used again that turn. Going out needs a final discard. The losers score their hand cards
as penalty points; a player over 150 is out, dealt no more cards; the last player left
wins. Each deal every loser still in pays the winner one unit for a call-up, two for a
"kalookie" (all 13 cards down in one turn, nothing melded before); the settlement is
those payments. Not implemented: buying back in after going over 150.

    >>> import hoyle
    >>> game = hoyle.new_game("kaluki", players=3, seed=5)
    >>> len(game.state.deck), len(game.state.zone("hand:0").cards)
    (108, 15)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hoyle import Action, Card, Deck, Option, State, Variant, hookimpl, rummy
from hoyle.errors import InvalidOptionError

from hoyle_rummy.common import first_dealer_option, hand_cards, table_melds
from hoyle_rummy.exchange import is_wild
from hoyle_rummy.opening import OpeningRummy
from hoyle_rummy.rummy_state import Kind, deal_outcome, public

OPENING = 51
JOKER_VALUE = 25
BRITISH_OPENING = 40
BRITISH_OUT = 150
SUITS = "cdhs"

OPTIONS = (
    Option(name="target", default=250, doc="Points that end the game", minimum=1),
    first_dealer_option(5),
    Option(name="distinct_suits", default=False, doc="A set may not hold two cards of one suit"),
    Option(name="naturals_outnumber", default=False, doc="A meld needs more natural cards than jokers"),
    Option(name="british", default=False, doc="British club Kalookie: 13 cards, 2 jokers, open with 40, 150 is out"),
    Option(name="kalooki_51", default=False, doc="British Kalookie: the first meld is worth 51 (not 40)"),
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


@cache
def british_rules(naturals_outnumber: bool = False) -> rummy.MeldRules:
    """The meld rules and values of British club Kalookie (option ``british``).

    >>> from hoyle import Card
    >>> british_rules().value(Card("As")), british_rules().joker_value, british_rules().ace
    (11, 15, 'high')
    """
    rules = rummy.MeldRules.basic().replace(
        ace="high",
        jokers_wild=True,
        packs=2,
        set_distinct_suits=True,
        values={"A": 11},
        joker_value=15,
    )
    return rules.replace(wild_share="fewer_than_naturals") if naturals_outnumber else rules


class Kaluki(OpeningRummy):
    """The rule hooks of Kaluki and of British club Kalookie (option ``british``)."""

    def meld_rules(self, state: State) -> rummy.MeldRules:
        opts = state.options
        if opts["british"]:
            return british_rules(opts["naturals_outnumber"])
        return kaluki_rules(opts["distinct_suits"], opts["naturals_outnumber"])

    def hand_size(self, state: State) -> int:
        return 13 if state.options["british"] else 15

    def opening_minimum(self, state: State) -> int:
        if state.options["british"]:
            return OPENING if state.options["kalooki_51"] else BRITISH_OPENING
        return OPENING

    def low_ace(self, state: State) -> int:
        return 15

    def discard_to_go_out(self, state: State) -> bool:
        return bool(state.options["british"])

    def seats_in_play(self, state: State) -> list[int]:
        if not state.options["british"]:
            return list(state.seats)
        return [s for s in state.seats if state.scores[s] <= BRITISH_OUT]

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        opts = state.options
        if state.deal_number == 0 and not opts["british"]:
            if len(state.players) > 4:
                raise InvalidOptionError(f"kaluki is for 2..4 players, not {len(state.players)} (5: option british)")
            if opts["kalooki_51"]:
                raise InvalidOptionError(
                    "option kalooki_51=True: only with option british (the Bicycle game opens with 51)"
                )
        return bool(super().hoyle_deal(state))

    # --- British Kalookie: a joker in a set of three comes back only for both missing cards

    def exchange_actions(self, state: State, seat: int, rules: rummy.MeldRules) -> list[Action]:
        actions = super().exchange_actions(state, seat, rules)
        if not state.options["british"]:
            return actions
        table = table_melds(state)
        actions = [a for a in actions if not self.set_of_three(table[int(a.target or 0)], rules)]
        hand = sorted(hand_cards(state, seat))
        for index, meld in enumerate(table):
            pair = self.missing_pair(meld, hand, rules)
            if pair is not None:
                actions.append(Action(Kind.EXCHANGE, pair, target=index))
        return actions

    def set_of_three(self, meld: list[Card], rules: rummy.MeldRules) -> bool:
        """Whether ``meld`` is a set of three (a run of three gives its joker back for its
        natural card, like any run)."""
        return len(meld) == 3 and rummy.Meld(meld, rules).kind == "set"

    def missing_pair(self, meld: list[Card], hand: list[Card], rules: rummy.MeldRules) -> tuple[Card, Card] | None:
        """The two cards of the hand that win the joker of a set of three back (one joker,
        two natural cards of one rank), the lowest copies; None if it has none."""
        naturals = [c for c in meld if not is_wild(c, rules)]
        if len(meld) != 3 or len(naturals) != 2 or naturals[0].rank != naturals[1].rank:
            return None
        rank = naturals[0].rank
        have = {c.suit for c in naturals}
        found = []
        for suit in (x for x in SUITS if x not in have):
            card = next((c for c in hand if c.rank == rank and c.suit == suit), None)
            if card is None:
                return None
            found.append(card)
        return found[0], found[1]

    def exchange_result(self, state: State, action: Action) -> tuple[list[Card], Card]:
        if len(action.cards) == 1:
            return super().exchange_result(state, action)
        assert action.target is not None
        meld = table_melds(state)[action.target]
        rules = self.meld_rules(state)
        joker = next(c for c in meld if is_wild(c, rules))
        return [c for c in meld if c != joker] + list(action.cards), joker

    # --- scoring ------------------------------------------------------------------------

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        winner, counts = self.hand_counts(state)
        if winner is None:
            return {}
        if not state.options["british"]:
            return {winner: sum(counts.values())}
        units = 2 if deal_outcome(state)["rummy"] else 1
        self.ledger_add(state, {(s, winner): units for s in counts})
        return counts

    @hookimpl
    def hoyle_match_over(self, state: State) -> bool:
        if state.options["british"]:
            return len(self.seats_in_play(state)) <= 1
        return max(state.scores) >= int(state.options["target"])

    @hookimpl
    def hoyle_settle(self, state: State) -> dict[int, int]:
        if state.options["british"]:
            return dict(enumerate(public(state)["ledger"]))
        return self.settle_by_scores(state)


def _deck(options: Any) -> Deck:
    return Deck.standard(2, 2 if options["british"] else 4)


KALUKI = Variant(
    name="kaluki",
    rules=Kaluki(),
    players=(2, 5),
    deck=_deck,
    options=OPTIONS,
    family="rummy",
    description="Kaluki: two packs and four jokers, fifteen cards, a first meld worth 51, jokers won back; game to 250.",
)
