"""In-Between, also called Acey-Deucey (docs/rules/parlor.md#b7).

Rules as implemented (aces always high; suits never matter):

* Every player starts with ``chips`` chips (option, default 20; ``new_game(stacks=...)``
  overrides) and antes one chip to the pot.
* High card deals first: one card is turned up for each player in seat order; the
  highest rank deals, players tied for highest get another card each until one is
  highest (if the pack ran out, the lowest tied seat). The deal then passes left
  (to the next seat) after every round.
* A round is one engine deal, from a freshly shuffled pack: each player with chips, in
  turn from the dealer's left and the dealer last, takes one turn. A player with no
  chips left takes no turn (a dealer with none still deals).
* A turn: the dealer turns two cards up (the "posts").

  - A **pair**: the player wins ``pair_pays`` chips from the pot (option, 2 or 3,
    default 2; at most what the pot holds); no third card.
  - **Consecutive** ranks (e.g. 7-8, K-A): the player loses at once
    ``consecutive_pays`` chips to the pot (option, default 1, "their minimum bet";
    0 makes it a free pass; at most what they hold); no third card.
  - Otherwise the player must ``bet N`` (text form ``bet to N``, the engine's spelling of a bet): from one chip up to the whole pot (and no
    more than they hold). The dealer turns the third card: strictly between the posts
    wins - the player takes the bet back plus as much from the pot; equal to a post or
    outside them loses - the bet goes into the pot. The legal-action list offers one
    chip, half the limit and the limit; any amount in range is accepted.

* Whenever the pot is empty after a turn, everyone with chips antes one chip again.
* The match is ``rounds`` rounds (option, default 5); it ends earlier, after a round
  that leaves at most one player with chips. Chips left in the pot at the end belong to nobody. Each
  round scores each player's chip gain; the settlement is each player's net chips
  (chips now minus chips at the start), so with equal starting stacks the winner is
  the player with the most chips.

    >>> import hoyle
    >>> game = hoyle.new_game("in-between", players=3, seed=4)
    >>> game.state.pot, game.state.stacks
    (3, [19, 19, 19])
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, NotRequired, TypedDict

from hoyle import Action, Card, Deck, Option, State, Variant, Zone, hookimpl, public_reader

TABLE: Final = "table"  # the posts and the third card of the turn in progress
DISCARDS: Final = "discards"
CUT: Final = "cut"  # the cards turned for the first deal
#: In-Between's one action kind: ``bet N``.
BET: Final = "bet"


class Phase(StrEnum):
    """In-Between's phases (``state.phase``)."""

    BET = "bet"  #: the posts are up: the player to act bets
    DEAL = "deal"  #: a bet was settled; the next turn is being dealt


class InBetweenPublic(TypedDict):
    """In-Between's public facts (``state.public``)."""

    dealer: int  #: the seat dealing this round
    round: int  #: the round, from 1
    round_stacks: list[int]  #: each seat's chips when the round began (scored against)
    turns: list[int]  #: the seats still to take their turn this round, in order
    posts: NotRequired[list[int]]  #: the two posts' ranks, low first, while a bet is due


#: ``public(state)`` is ``state.public`` as :class:`InBetweenPublic` (mypy checks every key).
public = public_reader(InBetweenPublic)


def _rank(card: Card) -> int:
    """Aces high: 2..14."""
    value = card.rank_value
    assert value is not None
    return 14 if value == 1 else value


class InBetweenRules:
    """The rule hooks of In-Between."""

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        for name in (TABLE, DISCARDS, CUT):
            state.add_zone(name, visibility=Zone.PUBLIC)
        if state.deal_number == 0:
            if not any(state.stacks):
                state.stacks = [state.options["chips"]] * len(state.players)
            public(state)["dealer"] = self._cut_for_deal(state)
            self._ante(state)
        else:
            public(state)["dealer"] = (public(state)["dealer"] + 1) % len(state.players)
        public(state)["round"] = state.deal_number + 1
        public(state)["round_stacks"] = list(state.stacks)
        dealer = public(state)["dealer"]
        n = len(state.players)
        public(state)["turns"] = [(dealer + i) % n for i in range(1, n + 1)]
        state.log("round", dealer=dealer, round=public(state)["round"])
        self._next_turn(state)
        return True

    def _cut_for_deal(self, state: State) -> int:
        contenders = list(state.seats)
        spare = len(state.zone("deck").cards) - 3 * len(state.players)  # keep a round's cards
        while len(contenders) > 1 and spare >= len(contenders):
            spare -= len(contenders)
            ranks = {}
            for seat in contenders:
                ranks[seat] = _rank(state.move_top("deck", CUT, seat=seat, event="cut")[0])
            best = max(ranks.values())
            contenders = [s for s in contenders if ranks[s] == best]
        state.move_pile(CUT, DISCARDS, event="clear")
        state.log("first_dealer", contenders[0])
        return contenders[0]

    def _ante(self, state: State) -> None:
        for seat in state.seats:
            if state.stacks[seat] > 0:
                state.commit(seat, 1)
        state.log("ante", pot=state.pot)

    def _next_turn(self, state: State) -> None:
        """Start the next turn that needs a bet, settling pairs and consecutive posts
        on the way; end the round when every player has had a turn."""
        while True:
            if state.zone(TABLE).cards:
                state.move_pile(TABLE, DISCARDS, event="clear")
            if state.pot == 0:
                self._ante(state)
            turns = public(state)["turns"]
            while turns and state.stacks[turns[0]] == 0:
                turns.pop(0)
            if not turns:
                state.end_deal("round over", round=public(state)["round"])
                return
            seat = turns.pop(0)
            low, high = sorted(_rank(c) for c in state.move_top("deck", TABLE, 2, seat=seat, event="posts"))
            if low == high:
                won = min(state.options["pair_pays"], state.pot)
                state.award(seat, won)
                state.log("pair", seat, won=won)
                continue
            if high - low == 1:
                paid = min(state.options["consecutive_pays"], state.stacks[seat])
                state.commit(seat, paid)
                state.log("consecutive", seat, paid=paid)
                continue
            public(state)["posts"] = [low, high]
            state.phase, state.to_act = Phase.BET, seat
            return

    def _limit(self, state: State, seat: int) -> int:
        return min(state.pot, state.stacks[seat])

    @hookimpl
    def hoyle_legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat != state.to_act or state.phase != Phase.BET:
            return []
        top = self._limit(state, seat)
        return [Action(BET, amount=n) for n in sorted({1, max(1, top // 2), top})]

    @hookimpl
    def hoyle_check_action(self, state: State, seat: int, action: Action) -> str | None:
        if seat != state.to_act or state.phase != Phase.BET or action.kind != BET or action.amount is None:
            return None
        top = self._limit(state, seat)
        if not 1 <= action.amount <= top:
            return f"a bet is from 1 chip up to {top} (the pot, or what you hold)"
        return "ok"

    @hookimpl
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        bet = action.amount
        assert bet is not None
        state.commit(seat, bet)
        third = _rank(state.move_top("deck", TABLE, seat=seat, event="third")[0])
        low, high = public(state).pop("posts")
        if low < third < high:
            state.award(seat, 2 * bet)
            state.log("in_between", seat, bet=bet, won=bet)
        else:
            state.log("miss", seat, bet=bet, lost=bet, post=third in (low, high))
        state.phase, state.to_act = Phase.DEAL, None
        self._next_turn(state)
        return True

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        before = public(state)["round_stacks"]
        return {s: state.stacks[s] - before[s] for s in state.seats}

    @hookimpl
    def hoyle_match_over(self, state: State) -> bool:
        alive = sum(1 for s in state.stacks if s > 0)
        return state.deal_number + 1 >= state.options["rounds"] or alive < 2

    @hookimpl
    def hoyle_settle(self, state: State) -> dict[int, int]:
        return state.chips_won()


VARIANT = Variant(
    name="in-between",
    rules=InBetweenRules(),
    players=(2, 10),
    deck=lambda options: Deck.standard(),
    family="parlor",
    description="Acey-Deucey: bet that the third card falls between the two turned up.",
    options=(
        Option(
            name="rounds",
            default=5,
            doc="Rounds (each player takes one turn per round) before the match ends",
            minimum=1,
        ),
        Option(
            name="chips",
            default=20,
            doc="Starting chips per player (unless new_game(stacks=...) gives them)",
            minimum=1,
        ),
        Option(
            name="pair_pays",
            default=2,
            doc="Chips a player wins from the pot when the two cards are a pair",
            choices=(2, 3),
        ),
        Option(
            name="consecutive_pays",
            default=1,
            doc="Chips a player loses to the pot when the two cards are consecutive (their minimum bet; 0: no loss)",
            minimum=0,
        ),
    ),
)
