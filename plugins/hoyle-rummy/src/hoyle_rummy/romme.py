"""German Rommé (docs/rules/rummy.md#c7-10).

2 to 6 players; 110 cards - two packs and six wild jokers (option ``jokers`` 4). Thirteen
cards each (five or six players: eleven); the next card face up starts the discard pile;
the player left of the dealer starts. Option ``no_up_card`` (the Wikipedia form): no
card is turned up - the dealer is dealt one card more and starts, melding if able, then
discarding. The first dealer is drawn from the seed (option ``first_dealer``), then the
deal passes left. An empty stock is replaced by the discard pile turned over, unshuffled.

* Values: 2-10 face value, J Q K 10, ace 11 (1 when played low, A-2-3); a melded joker
  counts as the card it stands for; in hand a joker counts 20 (option ``joker_points``
  25), an ace 11.
* Sets: three or four cards of one rank, all suits different. Runs: three or more in
  suit, the ace low or high, never K-A-2 (option ``round_the_corner``: K-A-2-3 too).
  Jokers may not outnumber the natural cards of a meld (3-J-J no, 3-3-J-J yes); option
  ``one_joker``: at most one joker per meld.
* Draw the top of the stock or the top discard (option ``discard_only_to_open``: before
  a player's first meld the discard may be taken only to use it at once in that meld).
* First meld: from hand only, one or more melds worth 40 or more in one turn (option
  ``opening`` 30); before it no lay-offs and no joker exchange. After it: any melds,
  lay-offs on any meld, and the joker exchange (the joker must be used again that turn).
  The turn is that of :mod:`hoyle_rummy.opening`.
* Going out: the last card melded, laid off or discarded ("Rommé"). The losers score
  their hand values as penalty points, doubled after a Hand-Rommé (the whole hand in one
  turn, nothing melded before). Option ``winner_credit``: the winner is credited with
  the sum of those penalties - their row is minus the sum, so every deal's row adds up
  to zero.
* The game: ``deals`` deals (0, the default: each player deals once), ending early when
  someone passes ``target`` (500) penalty points; the lowest total wins and each pair of
  players settles the difference of their totals.

    >>> import hoyle
    >>> game = hoyle.new_game("romme", players=3, seed=5)
    >>> len(game.state.deck), len(game.state.zone("hand:0").cards)
    (110, 13)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hoyle import Deck, Option, State, Variant, hookimpl, rummy

from hoyle_rummy.common import first_dealer_option, hand_zone
from hoyle_rummy.opening import OpeningRummy
from hoyle_rummy.rummy_state import Phase, Zones, deal_outcome, public

OPTIONS = (
    Option(name="deals", default=0, doc="Deals in the game (0: each player deals once)", minimum=0),
    Option(name="target", default=500, doc="Passing this many penalty points ends the game", minimum=1),
    first_dealer_option(6),
    Option(name="jokers", default=6, doc="Wild jokers in the two packs", choices=(6, 4)),
    Option(name="joker_points", default=20, doc="A joker left in hand counts 20, or 25", choices=(20, 25)),
    Option(name="opening", default=40, doc="The least the first melds are worth", choices=(40, 30)),
    Option(name="one_joker", default=False, doc="At most one joker per meld"),
    Option(name="round_the_corner", default=False, doc="Runs may go round the corner (K-A-2-3)"),
    Option(
        name="discard_only_to_open",
        default=False,
        doc="Before opening, the discard may be taken only to open with it",
    ),
    Option(name="no_up_card", default=False, doc="No up-card: the dealer gets one card more and starts"),
    Option(name="winner_credit", default=False, doc="The winner is credited with the sum of the losers' penalties"),
)


@cache
def romme_rules(joker_points: int = 20, one_joker: bool = False, round_the_corner: bool = False) -> rummy.MeldRules:
    """Rommé's meld rules and values under its options.

    >>> from hoyle import rummy
    >>> rummy.opening_value("3h 3s Jk Jk#1", romme_rules()), rummy.deadwood("3h Jk Jk#1", romme_rules())
    (12, 43)
    """
    rules = rummy.MeldRules.basic().replace(
        ace="round_the_corner" if round_the_corner else "high_or_low",
        jokers_wild=True,
        packs=2,
        set_distinct_suits=True,
        wild_share="not_more_than_naturals",
        values={"A": 11},
        joker_value=joker_points,
    )
    return rules.replace(max_wilds_set=1, max_wilds_run=1) if one_joker else rules


class Romme(OpeningRummy):
    """The rule hooks of German Rommé."""

    def meld_rules(self, state: State) -> rummy.MeldRules:
        opts = state.options
        return romme_rules(opts["joker_points"], opts["one_joker"], opts["round_the_corner"])

    def hand_size(self, state: State) -> int:
        return 11 if len(state.players) >= 5 else 13

    def opening_minimum(self, state: State) -> int:
        return int(state.options["opening"])

    def discard_only_to_open(self, state: State) -> bool:
        return bool(state.options["discard_only_to_open"])

    def up_card(self, state: State) -> bool:
        return not state.options["no_up_card"]

    def after_deal(self, state: State) -> None:
        super().after_deal(state)
        if state.options["no_up_card"]:
            dealer = int(public(state)["dealer"])
            state.move_top(Zones.DECK, hand_zone(dealer), seat=dealer, event="deal")

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        super().hoyle_deal(state)
        if state.options["no_up_card"]:
            self.start_turn(state, int(public(state)["dealer"]))
            state.phase = Phase.PLAY  # the dealer's first turn has no draw
        return True

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        row = self.penalties(state)
        winner = deal_outcome(state)["winner"]
        if state.options["winner_credit"] and winner is not None:
            row[winner] = -sum(row.values())
        return row

    @hookimpl
    def hoyle_match_over(self, state: State) -> bool:
        deals = int(state.options["deals"]) or len(state.players)
        return len(state.score_sheet) >= deals or max(state.scores) > int(state.options["target"])

    @hookimpl
    def hoyle_settle(self, state: State) -> dict[int, int]:
        return self.settle_by_scores(state, lowest_wins=True)


def _deck(options: Any) -> Deck:
    return Deck.standard(2, int(options["jokers"]))


ROMME = Variant(
    name="romme",
    rules=Romme(),
    players=(2, 6),
    deck=_deck,
    options=OPTIONS,
    family="rummy",
    description="German Rommé: two packs and six jokers, a first meld worth 40, penalty points, lowest total wins.",
)
