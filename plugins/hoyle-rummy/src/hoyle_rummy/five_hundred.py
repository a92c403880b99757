"""500 Rum, docs/rules/rummy.md#c4.

2 to 6 players, 52 cards; aces high or low (A-2-3 and Q-K-A, never K-A-2). Seven cards
each (two players: 13), dealt one at a time from the left of the dealer; one up-card
starts the discard pile, which is kept spread: it is a public zone, every card showing
(bottom first). The first dealer is drawn from the seed (option ``first_dealer``), then
the deal passes left; the player left of the dealer plays first.

The turn (see :mod:`hoyle_rummy.turns` for the common action texts):

* draw: ``draw stock``, or ``draw discard 9h``: any card of the discard pile, taking it
  and every card above it; the chosen card must be used at once, melded or laid off
  (see :mod:`hoyle_rummy.spread_pile`).
* then any number of melds and lay-offs on anyone's melds, then one discard. Getting rid
  of the last card ends the hand at once.
* When the stock is empty the player to draw may still draw from the discard pile, or
  ``pass``: play ends and the hand is scored (the discards are not reused).

Scoring: each player scores the points of the cards they put on the table - melded or
laid off; laid-off cards count for the player who played them
(``public["laid"][seat]`` lists them) - minus the points of the cards left in hand.
Points: an ace 15, or 1 in a run A-2-3...; K Q J 10 count 10; others face value. The
first to ``target`` (500) wins; if several reach it on the same hand, the highest wins
(if the highest are tied, play goes on). The winner collects from each opponent the
difference of their final scores.

Options (Pinochle rummy's published variants, docs/rules/rummy.md#c7-9; see
:mod:`hoyle_rummy.pinochle`): ``low_cards`` (``five``: 2 to 9 count 5 each), ``jokers``
(1 or 2 wild jokers, 15 in hand), ``packs`` (2), ``min_run`` (4), ``face_down``
(complete melds are turned face down).

    >>> import hoyle
    >>> game = hoyle.new_game("500-rum", players=3, seed=4)
    >>> len(game.state.zone("hand:1").cards), game.state.zone("discard").visibility
    (7, 'public')
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from hoyle import Action, Card, Deck, Option, State, Variant, Zone, hookimpl, rummy

from hoyle_rummy.common import fits_meld, hand_cards, hand_value, meld_zone, table_melds
from hoyle_rummy.rummy_state import Kind, public
from hoyle_rummy.spread_pile import SpreadPileDraw

FIVE_HUNDRED_RULES = rummy.MeldRules.five_hundred()
JOKER_VALUE = 15

OPTIONS = (
    Option(name="target", default=500, doc="Points that win the game", minimum=1),
    Option(
        name="first_dealer",
        default=-1,
        doc="Who deals first: -1 drawn at random (from the seed), or a seat",
        choices=(-1, 0, 1, 2, 3, 4, 5),
    ),
    Option(
        name="low_cards",
        default="face",
        doc="Cards 2 to 9 count their face value, or 5 each",
        choices=("face", "five"),
    ),
    Option(
        name="jokers", default=0, doc="Wild jokers added to the pack (a joker in hand counts 15)", choices=(0, 1, 2)
    ),
    Option(name="packs", default=1, doc="Packs shuffled together (two for five or more players)", choices=(1, 2)),
    Option(name="min_run", default=3, doc="The shortest run", choices=(3, 4)),
    Option(name="face_down", default=False, doc="Melds that can take no more cards are turned face down"),
)


@cache
def five_hundred_rules(low_cards: str = "face", jokers: int = 0, packs: int = 1, min_run: int = 3) -> rummy.MeldRules:
    """The meld rules of 500 Rum under its options.

    >>> five_hundred_rules("five").values["9"], five_hundred_rules(jokers=1).jokers_wild
    (5, True)
    """
    rules = FIVE_HUNDRED_RULES.replace(min_run=min_run, packs=packs)
    if low_cards == "five":
        rules = rules.replace(values={rank: 5 for rank in "23456789"})
    if jokers:
        rules = rules.replace(jokers_wild=True, joker_value=JOKER_VALUE)
    return rules


def is_complete(meld: list[Card], cards: Iterable[Card], rules: rummy.MeldRules) -> bool:
    """Whether no other card of ``cards`` (the game's pack) can be laid off on ``meld``.

    >>> from hoyle import Card, Deck
    >>> is_complete([Card(c) for c in "7c 7d 7h 7s".split()], Deck.standard(), FIVE_HUNDRED_RULES)
    True
    >>> is_complete([Card(c) for c in "7c 7d 7h".split()], Deck.standard(), FIVE_HUNDRED_RULES)
    False
    """
    inside = set(meld)
    return not any(fits_meld(meld, card, rules) for card in set(cards) - inside)


def meld_points(cards: list[Card], rules: rummy.MeldRules = FIVE_HUNDRED_RULES) -> dict[Card, int]:
    """The points of each card of a meld on the table: an ace counts 1 at the low end of
    a run (A-2-3), else 15.

    >>> from hoyle import Card
    >>> meld_points([Card("Ah"), Card("2h"), Card("3h")])[Card("Ah")]
    1
    >>> meld_points([Card("Qh"), Card("Kh"), Card("Ah")])[Card("Ah")]
    15
    """
    meld = rummy.Meld(cards, rules)
    faces = meld.plays_as
    low_ace = meld.kind == "run" and faces[0].rank == "A" and faces[1].rank == "2"
    return {
        c: 1 if low_ace and i == 0 else rules.value(p) for i, (c, p) in enumerate(zip(meld.cards, faces, strict=True))
    }


class FiveHundredRum(SpreadPileDraw):
    """The rule hooks of 500 Rum (and Pinochle rummy, the same game)."""

    #: The cards a player melds or lays off score for them (bots value melds by points).
    melds_score = True

    def meld_rules(self, state: State) -> rummy.MeldRules:
        opts = state.options
        return five_hundred_rules(opts["low_cards"], opts["jokers"], opts["packs"], opts["min_run"])

    def hand_size(self, state: State) -> int:
        return 13 if len(state.players) == 2 else 7

    def melds_per_turn(self, state: State) -> int | None:
        return None

    def reuse_stock(self, state: State) -> bool:
        return False

    def after_deal(self, state: State) -> None:
        public(state)["laid"] = [[] for _ in state.seats]

    @hookimpl
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        if action.kind in (Kind.MELD, Kind.LAY_OFF):
            public(state)["laid"][seat].extend(str(c) for c in action.cards)
        done = bool(super().hoyle_apply_action(state, seat, action))
        if action.kind in (Kind.MELD, Kind.LAY_OFF) and state.options["face_down"] and state.deal_end is None:
            self.turn_down_complete(state)
        return done

    def turn_down_complete(self, state: State) -> None:
        """Turn face down every meld that can take no more cards (option ``face_down``)."""
        rules = self.meld_rules(state)
        for index, meld in enumerate(table_melds(state)):
            zone = state.zone(meld_zone(index))
            if zone.visibility != Zone.HIDDEN and is_complete(meld, state.deck, rules):
                zone.visibility = Zone.HIDDEN
                state.log("turn_down", meld=index)

    def stock_exhausted(self, state: State, seat: int) -> None:
        public(state)["outcome"] = {"winner": None, "counts": self.counts(state), "rummy": False}
        self.reveal_hands(state)
        state.end_deal("stock-out")

    # --- scoring ------------------------------------------------------------------------

    def table_points(self, state: State) -> list[int]:
        """The points each seat has on the table this hand."""
        rules = self.meld_rules(state)
        owner = {card: seat for seat in state.seats for card in public(state)["laid"][seat]}
        points = [0] * len(state.players)
        for i in range(public(state)["melds"]):
            for card, value in meld_points(list(state.zone(meld_zone(i)).cards), rules).items():
                points[owner[str(card)]] += value
        return points

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        table = self.table_points(state)
        counts = [hand_value(hand_cards(state, s), self.meld_rules(state)) for s in state.seats]
        public(state)["next_dealer"] = self.next_dealer(state, None)
        return {s: table[s] - counts[s] for s in state.seats}

    @hookimpl
    def hoyle_match_over(self, state: State) -> bool:
        best = max(state.scores)
        return best >= int(state.options["target"]) and state.scores.count(best) == 1

    @hookimpl
    def hoyle_settle(self, state: State) -> dict[int, int]:
        winner = state.scores.index(max(state.scores))
        diffs = {s: state.scores[winner] - state.scores[s] for s in state.seats if s != winner}
        return {winner: sum(diffs.values()), **{s: -d for s, d in diffs.items()}}


def _deck(options: Any) -> Deck:
    return Deck.standard(int(options["packs"]), int(options["jokers"]))


FIVE_HUNDRED = Variant(
    name="500-rum",
    rules=FiveHundredRum(),
    players=(2, 6),
    deck=_deck,
    options=OPTIONS,
    family="rummy",
    description="500 Rum: draw from anywhere in the spread discards, score what you meld, first to 500.",
)
