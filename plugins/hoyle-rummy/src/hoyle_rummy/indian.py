"""Indian Rummy, 13 cards (docs/rules/rummy.md#c7-2).

2 to 6 players. Two players: 52 cards and one printed joker (option ``two_packs``: two
packs and two jokers); three or more: two packs and two printed jokers (``Jk``,
``Jk#1``). Thirteen cards each. Then a random card of the stock is turned face up (zone
``wild``): every card of its rank is a wild joker (a printed joker turned up makes the
aces wild). The next card up starts the open pile (``discard``); the rest is the closed
stock, turned over when empty. The first dealer is drawn from the seed (option
``first_dealer``), then the deal passes left; the player left of the dealer starts.

* Nothing is laid down during play: melds are kept in hand. Sequence: three or more in
  suit, the ace low or high (A-2-3, Q-K-A), never K-A-2. Pure sequence: no joker (a
  wild-rank card in its natural place is natural). Set: three or four cards of one rank,
  all suits different. Printed and wild jokers complete impure sequences and sets (option
  ``one_joker``: at most one joker per impure sequence).
* Turn: ``draw stock`` or ``draw discard`` (option ``no_wild_pickup``: a discarded joker
  may not be picked up), then ``discard Qs`` - or ``declare Qs``: the Qs goes face down
  to the finish slot and the 13 cards are shown. Or, in the draw phase, ``drop``: fold
  the deal for 20 points before one's first draw, 40 later.
* A valid declaration - at least two sequences, one of them pure, every other card in
  sequences or sets (``rummy.declaration``) - ends the deal: the declarer scores 0 and
  each other player still in scores the count of their hand (``rummy.indian_count``):
  the unmatched cards, A K Q J 10 counting 10 and jokers 0, every card counted without
  two sequences including a pure one, 80 at most. Option ``long_life``: one of the two
  sequences (the "lives") must hold four cards or more, both for a valid show and for a
  loser's hand to count only its unmatched cards. An invalid declaration costs the
  declarer 80 and the deal goes on without them; when a single player is left in, the
  deal ends and that player scores 0.
* ``mode`` ``points`` (default): each deal is settled alone - every loser pays the
  winner their points; the game is ``deals`` deals (1). ``pool``: scores add up; a
  player reaching ``pool`` (101 or 201) is out; the last player left wins; in 201 pool
  the drops cost 25 and 50. ``deals``: ``deals`` deals (default 1; choose e.g. 2), the
  lowest total wins.

    >>> import hoyle
    >>> game = hoyle.new_game("indian-rummy", players=3, seed=2)
    >>> len(game.state.zone("hand:0").cards), len(game.state.zone("wild").cards)
    (13, 1)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hoyle import Action, Card, Deck, Option, State, Variant, Zone, hookimpl, rummy

from hoyle_rummy.common import DRAW_DISCARD, first_dealer_option, hand_cards, hand_zone
from hoyle_rummy.rummy_state import Kind, Zones, deal_outcome, deal_winner, public
from hoyle_rummy.turns import RummyTurns

CAP = 80
INVALID = 80
DROP = Action(Kind.DROP)

OPTIONS = (
    Option(name="mode", default="points", doc="Points, pool or deals rummy", choices=("points", "pool", "deals")),
    Option(name="deals", default=1, doc="Deals in points and deals rummy", minimum=1),
    Option(name="pool", default=101, doc="Pool rummy: the score that puts a player out", choices=(101, 201)),
    first_dealer_option(6),
    Option(name="two_packs", default=False, doc="Two players use two packs and two jokers"),
    Option(name="one_joker", default=False, doc="At most one joker per impure sequence"),
    Option(name="no_wild_pickup", default=False, doc="A discarded joker may not be picked up"),
    Option(
        name="long_life", default=False, doc="One life (of the two sequences a show needs) holds four cards or more"
    ),
)
LONG_LIFE = 4


@cache
def indian_rules(wild: str, one_joker: bool = False) -> rummy.MeldRules:
    """The meld rules and counts of Indian Rummy with ``wild`` the wild rank.

    >>> indian_rules("7").value(Card("7h")), indian_rules("7").value(Card("As"))
    (0, 10)
    """
    values = {"A": 10, wild: 0}
    rules = rummy.MeldRules.basic().replace(
        ace="high_or_low",
        jokers_wild=True,
        wild_ranks=[wild],
        set_distinct_suits=True,
        packs=2,
        values=values,
        joker_value=0,
    )
    return rules.replace(max_wilds_run=1) if one_joker else rules


class IndianRummy(RummyTurns):
    """The rule hooks of Indian Rummy."""

    def meld_rules(self, state: State) -> rummy.MeldRules:
        return indian_rules(public(state)["wild_rank"], state.options["one_joker"])

    def hand_size(self, state: State) -> int:
        return 13

    def seats_in_play(self, state: State) -> list[int]:
        if state.options["mode"] != "pool":
            return list(state.seats)
        return [s for s in state.seats if state.scores[s] < int(state.options["pool"])]

    def in_deal(self, state: State) -> list[int]:
        """The seats still playing this deal (not dropped, not out by a wrong show)."""
        gone = public(state).get("gone", [])
        return [s for s in self.seats_in_play(state) if s not in gone]

    def next_seat(self, state: State, seat: int) -> int:
        playing = self.in_deal(state) if "gone" in public(state) else self.seats_in_play(state)
        n = len(state.players)
        return next(s for s in ((seat + k) % n for k in range(1, n + 1)) if s in playing)

    def next_dealer(self, state: State, winner: int | None) -> int:
        """The deal passes to the left after every deal - after a show, a drop or a wrong
        show alike: the dropped and the wrong-showing players deal in turn (only players
        out of a pool game are skipped)."""
        return super().next_seat(state, int(public(state)["dealer"]))

    def after_deal(self, state: State) -> None:
        pub = public(state)
        pub.update({"gone": [], "penalty": {}, "drew": [False] * len(state.players)})
        state.add_zone("wild", visibility=Zone.PUBLIC)
        state.add_zone("finish", visibility=Zone.HIDDEN)
        deck = state.zone(Zones.DECK).cards
        pick = deck[state.rng.below(len(deck))]
        state.move([pick], Zones.DECK, "wild", event="wild_joker")
        pub["wild_rank"] = "A" if pick.is_joker else str(pick.rank)

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        pub = public(state)
        pub.pop("gone", None)  # the finished deal's drops and wrong shows deal in turn
        if state.deal_number > 0 and pub["next_dealer"] not in self.seats_in_play(state):
            pub["next_dealer"] = self.next_seat(state, int(pub["next_dealer"]))
        return bool(super().hoyle_deal(state))

    def draw_actions(self, state: State, seat: int) -> list[Action]:
        actions = super().draw_actions(state, seat)
        pile = state.zone(Zones.DISCARD).cards
        if DRAW_DISCARD in actions and state.options["no_wild_pickup"] and self.is_wild(state, pile[-1]):
            actions.remove(DRAW_DISCARD)
        return [*actions, DROP]

    def life(self, state: State) -> int:
        """The least length of one life under the ``long_life`` option (0: no such rule)."""
        return LONG_LIFE if state.options["long_life"] else 0

    def is_wild(self, state: State, card: Card) -> bool:
        return card.is_joker or card.rank == public(state)["wild_rank"]

    def play_actions(self, state: State, seat: int) -> list[Action]:
        taken = public(state)["taken"]
        hand = sorted(hand_cards(state, seat))
        discards = [Action(Kind.DISCARD, (c,)) for c in hand if str(c) != taken]
        return discards + [Action(Kind.DECLARE, (c,)) for c in hand if str(c) != taken]

    def drop_cost(self, state: State, seat: int) -> int:
        late = bool(public(state)["drew"][seat])
        if state.options["mode"] == "pool" and int(state.options["pool"]) == 201:
            return 50 if late else 25
        return 40 if late else 20

    @hookimpl
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        pub = public(state)
        if action == DROP:
            pub["penalty"][str(seat)] = self.drop_cost(state, seat)
            self.leave(state, seat, "drop")
            return True
        if action.kind == Kind.DRAW:
            pub["drew"][seat] = True
            return bool(super().hoyle_apply_action(state, seat, action))
        if action.kind == Kind.DECLARE:
            state.move(action.cards, hand_zone(seat), "finish", seat=seat, event="declare")
            state.reveal(hand_zone(seat), seat=seat)
            shown = rummy.declaration(hand_cards(state, seat), self.meld_rules(state), life=self.life(state))
            if shown is not None and not shown.deadwood:
                self.valid_show(state, seat)
            else:
                pub["penalty"][str(seat)] = INVALID
                state.log("wrong_show", seat)
                self.leave(state, seat, "wrong_show")
            return True
        return bool(super().hoyle_apply_action(state, seat, action))

    def leave(self, state: State, seat: int, why: str) -> None:
        """The seat is out of this deal; with one player left in, the deal ends."""
        pub = public(state)
        pub["gone"].append(seat)
        left = self.in_deal(state)
        if len(left) == 1:
            pub["outcome"] = {"winner": left[0], "rummy": False, "counts": [0] * len(state.players)}
            self.reveal_hands(state)
            state.end_deal(why, winner=left[0])
        else:
            self.start_turn(state, self.next_seat(state, seat))

    def valid_show(self, state: State, seat: int) -> None:
        rules = self.meld_rules(state)
        counts = [0] * len(state.players)
        for s in self.in_deal(state):
            if s != seat:
                counts[s] = rummy.indian_count(hand_cards(state, s), rules, cap=CAP, life=self.life(state))
        public(state)["outcome"] = {"winner": seat, "rummy": False, "counts": counts}
        self.reveal_hands(state)
        state.end_deal("show", winner=seat)

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        pub = public(state)
        winner = deal_winner(state)
        pub["next_dealer"] = self.next_dealer(state, winner)
        row = {s: c for s, c in enumerate(deal_outcome(state)["counts"]) if c}
        row.update({int(s): p for s, p in pub["penalty"].items()})
        self.ledger_add(state, {(s, winner): p for s, p in row.items()})
        return row

    @hookimpl
    def hoyle_match_over(self, state: State) -> bool:
        if state.options["mode"] == "pool":
            return len(self.seats_in_play(state)) <= 1
        return len(state.score_sheet) >= int(state.options["deals"])

    @hookimpl
    def hoyle_settle(self, state: State) -> dict[int, int]:
        if state.options["mode"] == "points":
            return dict(enumerate(public(state)["ledger"]))
        return self.settle_by_scores(state, lowest_wins=True)


def _deck(options: Any, players: int = 3) -> Deck:
    if players == 2 and not options["two_packs"]:
        return Deck.standard(1, 1)
    return Deck.standard(2, 2)


INDIAN = Variant(
    name="indian-rummy",
    rules=IndianRummy(),
    players=(2, 6),
    deck=_deck,
    options=OPTIONS,
    family="rummy",
    description="Indian Rummy: 13 cards, a cut wild joker, declare two sequences (one pure); points, pool or deals.",
)
