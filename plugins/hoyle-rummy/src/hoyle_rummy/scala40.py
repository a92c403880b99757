"""Scala 40 (Scala Quaranta), the standard Italian rummy, and classic Ramino (option
``classico``; docs/rules/rummy.md#c7-11).

2 to 6 players, each alone; 108 cards - two packs and four wild jolly (``Jk`` ..
``Jk#3``). Thirteen cards each; the next card face up starts the pozzo (a jolly turned up
goes back under the tallone and the next card is turned); the rest is the tallone. The
first dealer is drawn from the seed (option ``first_dealer``), then the deal passes left
among the players still in; the player left of the dealer starts. An empty tallone is
replaced by the pozzo turned over, unshuffled.

* Values (opening and penalties): 2-10 face value, pictures 10, an ace 1 in A-2-3 and 11
  after the K, in a tris and in hand; a melded jolly counts as the card it replaces, 25
  in hand.
* Melds: tris / quartetto, 3-4 cards of one rank with all suits different; scala, three
  or more in suit, the ace before the 2 or after the K, never K-A-2 - the longest is the
  14-card A-2-...-K-A, the ace at both ends (one of them possibly a jolly; the meld rules'
  ``ace_both_ends``). Cards never leave a meld except a jolly won back.
* Draw the top of the tallone, or the top discard if already opened or if opening that
  turn with it (it is then offered only when such an opening exists, and used first).
* Opening: melds from hand worth 40 or more in one turn (the turn of
  :mod:`hoyle_rummy.opening`). After it: further melds, attaching cards to any meld, and
  taking a jolly from any meld by putting its natural card in its place - ``exchange 6h
  on 2`` - the jolly going into the hand.
* Discard: one card; never a natural card that would attach to a meld on the table, and
  a jolly only when closing (option ``jolly_discard`` ``any``) - unless no other action
  is left.
* Closing: every card melded or attached and the last one discarded (a final discard is
  required). Closing "in mano" - the whole hand at once, never opened, 40 not needed -
  doubles the others' penalties.
* Scoring: the others score their hand cards as penalty points; a player reaching
  ``limit`` (101; 201 or 501) is out, dealt no more cards; the last player left wins, and
  each pair settles the difference of their totals (lowest wins).

Option ``classico`` (classic Ramino): 2-5 players; seven cards each (option ``cards``
10); draw the tallone or the previous player's discard; no opening minimum; attaching
only to one's own melds, and a jolly in one's own meld may be replaced by its natural
card and taken into hand; closing needs a final discard, in mano doubles; penalties ace
1, pictures 10, jolly 20; ``limit`` 101 (or 201) loses.

Option ``pairs`` (four players in two pairs): partners sit opposite - seats 0 and 2
against 1 and 3. Each plays their own hand as above and scores their own penalties; a
pair's total is the sum of its partners' totals, nobody is put out alone, and the game
ends when a pair's total reaches ``limit``: the other pair wins, and each player of a
pair settles the difference of the pair totals.

Options are checked when the game starts: ``classico`` is for 2 to 5 players and a
``limit`` of 101 or 201; ``cards`` 10 is classic Ramino's; ``pairs`` needs four players.

    >>> import hoyle
    >>> game = hoyle.new_game("scala-40", players=3, seed=5)
    >>> len(game.state.deck), len(game.state.zone("hand:0").cards), str(game.state.zone("discard").cards[-1])[:2] != "Jk"
    (108, 13, True)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hoyle import Action, Card, Deck, Option, State, Variant, hookimpl, rummy
from hoyle.errors import InvalidOptionError

from hoyle_rummy.common import first_dealer_option, fits_meld, hand_cards, meld_zone, table_melds
from hoyle_rummy.opening import OpeningRummy
from hoyle_rummy.rummy_state import Kind, Zones

OPTIONS = (
    Option(name="limit", default=101, doc="Penalty points that put a player out", choices=(101, 201, 501)),
    first_dealer_option(6),
    Option(
        name="jolly_discard",
        default="closing",
        doc="A jolly may be discarded only when closing, or at any time",
        choices=("closing", "any"),
    ),
    Option(name="classico", default=False, doc="Classic Ramino instead of Scala 40"),
    Option(name="cards", default=7, doc="Cards dealt in classic Ramino", choices=(7, 10)),
    Option(name="discard_to_go_out", default=True, doc="Fixed: closing needs a final discard", choices=(True,)),
    Option(name="pairs", default=False, doc="Four players in two pairs (seats 0 and 2 against 1 and 3)"),
)


@cache
def scala_rules(classico: bool = False) -> rummy.MeldRules:
    """The meld rules and penalty values of Scala 40 (or classic Ramino).

    >>> from hoyle import Card
    >>> scala_rules().value(Card("As")), scala_rules().joker_value, scala_rules(True).value(Card("As"))
    (11, 25, 1)
    """
    return rummy.MeldRules.basic().replace(
        ace="high_or_low",
        jokers_wild=True,
        packs=2,
        set_distinct_suits=True,
        values={"A": 1 if classico else 11},
        joker_value=20 if classico else 25,
        ace_both_ends=True,
    )


class Scala40(OpeningRummy):
    """The rule hooks of Scala 40 and classic Ramino."""

    def meld_rules(self, state: State) -> rummy.MeldRules:
        return scala_rules(state.options["classico"])

    def hand_size(self, state: State) -> int:
        return int(state.options["cards"]) if state.options["classico"] else 13

    def opening_minimum(self, state: State) -> int:
        return 0 if state.options["classico"] else 40

    def discard_only_to_open(self, state: State) -> bool:
        return not state.options["classico"]

    def exchange_reuse(self, state: State) -> bool:
        return False

    def may_close_in_hand(self, state: State) -> bool:
        return True

    def may_use_meld(self, state: State, seat: int, index: int) -> bool:
        return not state.options["classico"] or state.zone(meld_zone(index)).owner == seat

    def seats_in_play(self, state: State) -> list[int]:
        if state.options["pairs"]:
            return list(state.seats)
        limit = int(state.options["limit"])
        return [s for s in state.seats if state.scores[s] < limit]

    def pair_totals(self, state: State) -> tuple[int, int]:
        """The totals of the pairs (seats 0 and 2, seats 1 and 3) under option ``pairs``."""
        scores = state.scores
        return scores[0] + scores[2], scores[1] + scores[3]

    def check_options(self, state: State) -> None:
        """The options that depend on each other or on the number of players."""
        opts, n = state.options, len(state.players)
        if opts["classico"]:
            if n > 5:
                raise InvalidOptionError(f"option classico=True: classic Ramino is for 2..5 players, not {n}")
            if int(opts["limit"]) == 501:
                raise InvalidOptionError("option limit=501: classic Ramino plays to 101 or 201")
        elif int(opts["cards"]) != 7:
            raise InvalidOptionError(f"option cards={opts['cards']}: only with classico (Scala 40 deals 13)")
        if opts["pairs"] and n != 4:
            raise InvalidOptionError(f"option pairs=True: four players in two pairs, not {n}")

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        if state.deal_number == 0:
            self.check_options(state)
        super().hoyle_deal(state)
        while state.zone(Zones.DISCARD).cards[-1].is_joker:  # a jolly turned up goes back
            joker = state.zone(Zones.DISCARD).cards[-1]
            state.move([joker], Zones.DISCARD, Zones.STOCK, event="up_card_back", bottom=True)
            state.move_top(Zones.STOCK, Zones.DISCARD, event="up_card")
        return True

    def play_actions(self, state: State, seat: int) -> list[Action]:
        actions = super().play_actions(state, seat)
        hand = hand_cards(state, seat)
        rules = self.meld_rules(state)
        table = table_melds(state)
        closing = len(hand) == 1

        def may_discard(card: Card) -> bool:
            if card.is_joker:
                return closing or state.options["jolly_discard"] == "any"
            return not any(fits_meld(m, card, rules) for m in table)

        kept = [a for a in actions if a.kind != Kind.DISCARD or may_discard(a.cards[0])]
        return kept or actions

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        return self.penalties(state)

    @hookimpl
    def hoyle_match_over(self, state: State) -> bool:
        if state.options["pairs"]:
            return max(self.pair_totals(state)) >= int(state.options["limit"])
        return len(self.seats_in_play(state)) <= 1

    @hookimpl
    def hoyle_settle(self, state: State) -> dict[int, int]:
        if state.options["pairs"]:
            first, second = self.pair_totals(state)
            gain = second - first  # what each player of the first pair wins
            return {s: gain if s % 2 == 0 else -gain for s in state.seats}
        return self.settle_by_scores(state, lowest_wins=True)


def _deck(options: Any) -> Deck:
    return Deck.standard(2, 4)


SCALA_40 = Variant(
    name="scala-40",
    rules=Scala40(),
    players=(2, 6),
    deck=_deck,
    options=OPTIONS,
    family="rummy",
    description="Scala 40: two packs and four jolly, open with 40, close with a discard; 101 penalty points is out.",
)
