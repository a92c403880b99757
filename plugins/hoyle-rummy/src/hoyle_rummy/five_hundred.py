"""500 Rum, RULES.md C4.

2 to 6 players, 52 cards; aces high or low (A-2-3 and Q-K-A, never K-A-2). Seven cards
each (two players: 13), dealt one at a time from the left of the dealer; one up-card
starts the discard pile, which is kept spread: it is a public zone, every card showing
(bottom first). The first dealer is drawn from the seed (option ``first_dealer``), then
the deal passes left; the player left of the dealer plays first.

The turn (see :mod:`hoyle_rummy.turns` for the common action texts):

* draw: ``draw stock``, or ``draw discard 9h``: any card of the discard pile, taking it
  and every card above it. The chosen card must be used at once - melded or laid off -
  so such a draw is offered only when it can be (with the hand and the other cards
  taken); this applies to the top card too. Until it is used, only melds containing it
  and lay-offs of it are legal. The other cards taken may be melded that turn or kept.
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

    >>> import hoyle
    >>> game = hoyle.new_game("500-rum", players=3, seed=4)
    >>> len(game.state.zone("hand:1").cards), game.state.zone("discard").visibility
    (7, 'public')
"""

from __future__ import annotations

from typing import Any

from hoyle import Action, Card, Deck, Option, State, Variant, hookimpl, rummy

from hoyle_rummy.common import DRAW_STOCK, PASS, fits_meld, hand_cards, hand_value, hand_zone, meld_zone, table_melds
from hoyle_rummy.turns import RummyTurns

FIVE_HUNDRED_RULES = rummy.MeldRules.five_hundred()

OPTIONS = (
    Option(name="target", default=500, doc="Points that win the game", minimum=1),
    Option(
        name="first_dealer",
        default=-1,
        doc="Who deals first: -1 drawn at random (from the seed), or a seat",
        choices=(-1, 0, 1, 2, 3, 4, 5),
    ),
)


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
    low_ace = meld.kind == "run" and meld.cards[0].rank == "A"
    return {c: 1 if low_ace and c == meld.cards[0] else rules.value(c) for c in cards}


class FiveHundredRum(RummyTurns):
    """The rule hooks of 500 Rum."""

    #: The cards a player melds or lays off score for them (bots value melds by points).
    melds_score = True

    def meld_rules(self, state: State) -> rummy.MeldRules:
        return FIVE_HUNDRED_RULES

    def hand_size(self, state: State) -> int:
        return 13 if len(state.players) == 2 else 7

    def melds_per_turn(self, state: State) -> int | None:
        return None

    def reuse_stock(self, state: State) -> bool:
        return False

    def after_deal(self, state: State) -> None:
        state.public["laid"] = [[] for _ in state.seats]

    def start_turn(self, state: State, seat: int) -> None:
        super().start_turn(state, seat)
        state.public["must_use"] = None

    # --- drawing ------------------------------------------------------------------------

    def usable(self, state: State, card: Card, hand: list[Card]) -> bool:
        """Whether ``card`` could be melded (with ``hand``) or laid off right now."""
        if any(fits_meld(m, card, FIVE_HUNDRED_RULES) for m in table_melds(state)):
            return True
        return any(card in m.cards for m in rummy.all_melds(hand, FIVE_HUNDRED_RULES))

    def draw_actions(self, state: State, seat: int) -> list[Action]:
        actions = [DRAW_STOCK if state.zone("stock").cards else PASS]
        pile = state.zone("discard").cards
        hand = hand_cards(state, seat)
        for i, card in enumerate(pile):
            if self.usable(state, card, [*hand, *pile[i:]]):
                actions.append(Action("draw", (card,), source="discard"))
        return actions

    def play_actions(self, state: State, seat: int) -> list[Action]:
        actions = super().play_actions(state, seat)
        must = state.public["must_use"]
        if must is None:
            return actions
        return [a for a in actions if a.kind in ("meld", "lay off") and must in map(str, a.cards)]

    @hookimpl
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool | None:
        pub = state.public
        if action.kind == "draw" and action.source == "discard":
            pile = state.zone("discard").cards
            n = len(pile) - pile.index(action.cards[0])
            state.move_top("discard", hand_zone(seat), n, seat=seat, event="draw")
            pub["must_use"] = str(action.cards[0])
            state.phase = "play"
            return True
        if action.kind in ("meld", "lay off"):
            pub["laid"][seat].extend(str(c) for c in action.cards)
            if pub["must_use"] in map(str, action.cards):
                pub["must_use"] = None
        return bool(super().hoyle_apply_action(state, seat, action))

    def stock_exhausted(self, state: State, seat: int) -> None:
        state.public["outcome"] = {"winner": None, "counts": self.counts(state), "rummy": False}
        self.reveal_hands(state)
        state.end_deal("stock-out")

    # --- scoring ------------------------------------------------------------------------

    def table_points(self, state: State) -> list[int]:
        """The points each seat has on the table this hand."""
        owner = {card: seat for seat in state.seats for card in state.public["laid"][seat]}
        points = [0] * len(state.players)
        for i in range(state.public["melds"]):
            for card, value in meld_points(list(state.zone(meld_zone(i)).cards)).items():
                points[owner[str(card)]] += value
        return points

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        table = self.table_points(state)
        counts = [hand_value(hand_cards(state, s), FIVE_HUNDRED_RULES) for s in state.seats]
        state.public["next_dealer"] = self.next_dealer(state, None)
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
    return Deck.standard()


FIVE_HUNDRED = Variant(
    name="500-rum",
    rules=FiveHundredRum(),
    players=(2, 6),
    deck=_deck,
    options=OPTIONS,
    family="rummy",
    description="500 Rum: draw from anywhere in the spread discards, score what you meld, first to 500.",
)
