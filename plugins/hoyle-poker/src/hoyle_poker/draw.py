"""The draw games (docs/rules/poker.md#b4, #b5): five-card draw (with the wild-rank version),
deuce-to-seven single draw and triple draw, and badugi; one rules class over the
shared betting core (:mod:`hoyle_poker.betting`) and the flop games' showdown and
session handling (:class:`hoyle_poker.flop.BettingGameRules`).

    >>> import hoyle
    >>> game = hoyle.new_game("five-card-draw", players=3, seed=1)
    >>> game.phase, game.to_act              # everyone anted; seat 0 (left of the button) bets first
    ('bet-1', 0)
    >>> for _ in range(3):
    ...     _ = game.act("check")
    >>> game.phase, [str(a) for a in game.legal_actions()][0]
    ('draw-1', 'draw')

Flow of a hand: antes and blinds are posted; each player dealt in gets their cards face
down (seen only by the holder), dealt in batches starting left of the button (a fixed
``deck=`` deals seat 0's cards first in a game's first hand); a betting round; then, for
each draw, a draw round followed by a betting round; then the showdown (as in the flop
games: ``showdown="auto"`` or ``"manual"``).

A draw round: each live player in turn from the button's left (players all-in included)
either stands pat (``draw``) or discards some cards (``discard 7h 2c``) and is dealt as
many replacements from the stock at once. ``legal_actions()`` lists standing pat and
every allowed discard. How many cards a player drew is public; which cards, not.

* Five-card draw: a player may discard 0 to 3 cards (``max_discard=5``: any number, as
  PokerStars deals the game); with ``max_discard=4`` a player
  who keeps an ace may discard four, and must show the ace: it is turned face up (zone
  ``shown:<seat>``, public) and stays part of the hand. The wild-rank version
  (``wild_rank=True``): before the draw, after the first betting round, the top card of
  the stock is turned up in the centre (zone ``wild``); the other three cards of its rank
  are wild for everyone (the evaluator picks what they stand for, including five of a
  kind).
* Deuce-to-seven (single and triple draw) and badugi: any number of cards may be
  discarded.
* When the stock runs short for a draw, the discards of the earlier players are
  shuffled (with ``state.rng``) to form a new stock; the cards the current player has
  just discarded are not among them (they go to the discards after the replacements
  are dealt).

Hand values: five-card draw, high (docs/rules/poker.md#b1); deuce-to-seven, the lowest high hand
wins with aces high only and straights and flushes counting against the hand (best
7-5-4-3-2 unsuited); badugi, four cards, the most cards of different suits and ranks
(aces low), then the lower highest card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import combinations
from typing import Any

from hoyle import Action, Card, Option, State, Zone, hookimpl
from hoyle import poker as ev

from hoyle_poker import betting
from hoyle_poker.betting import FIXED_LIMIT, NO_LIMIT
from hoyle_poker.betting_public import draw_public
from hoyle_poker.flop import POSTS, BettingGameRules, betting_options, chip_list, first_hand_posts, poker_variant
from hoyle_poker.names import BET_PHASES, DRAW_PHASES

DRAW = Action("draw")


def with_defaults(options: tuple[Option, ...], **defaults: Any) -> tuple[Option, ...]:
    """``options`` with some defaults changed (the choices keep the default first)."""
    out = []
    for o in options:
        if o.name in defaults:
            d = defaults[o.name]
            choices = o.choices
            if choices is not None:
                choices = (d, *(c for c in choices if c != d))
            o = replace(o, default=d, choices=choices)
        out.append(o)
    return tuple(out)


def forced_bets(o: Any, dealt: int) -> tuple[list[int], list[int]]:
    """The blinds and antes by position from the betting options (no blinds when the
    small blind, big blind and straddle are all 0: an ante game)."""
    blinds = chip_list(o["blinds"]) or [o["small_blind"], o["big_blind"], o["straddle"]]
    while blinds and not blinds[-1]:
        blinds.pop()
    if o["antes"]:
        antes = chip_list(o["antes"])
    elif o["ante_type"] == "big-blind":
        antes = [0, o["ante"]]
    else:
        antes = [o["ante"]] * dealt
    return blinds, antes


#: How a draw game values a hand at the showdown: ``value(state, cards)``, greater is better.
HandValue = Callable[[State, list[Card]], Any]


def high_value(state: State, cards: list[Card]) -> Any:
    """Five-card draw: the best high hand, the turned rank wild with ``wild_rank``."""
    turned = state.zone("wild").cards
    if turned:
        rank = turned[0].rank
        wild = [c for c in cards if c.rank == rank]
        if wild:
            return ev.evaluate(cards, wild=wild).value
    return ev.evaluate(cards).value


def deuce_to_seven_value(state: State, cards: list[Card]) -> Any:
    """Deuce-to-seven lowball: the lowest hand wins, straights and flushes count."""
    low = ev.evaluate_low(cards, rule="deuce-to-seven")
    assert low is not None  # every five cards make a deuce-to-seven hand
    return low.value


def badugi_value(state: State, cards: list[Card]) -> Any:
    """Badugi: the most cards of different suits and ranks, then the lowest."""
    return ev.evaluate_badugi(cards).value


class DrawRules(BettingGameRules):
    """Rules of a draw game, by keyword-only spec fields: ``cards`` each, ``draws`` draw
    rounds, the hand ``value`` (:func:`high_value`, :func:`deuce_to_seven_value`,
    :func:`badugi_value`) and ``ace_rule`` (five-card draw: at most three cards drawn, or
    four keeping an ace, which is shown).

    >>> DrawRules(cards=4, draws=3, value=badugi_value).rounds()
    4
    """

    def __init__(self, *, cards: int, draws: int, value: HandValue, ace_rule: bool = False) -> None:
        self.cards = cards
        self.draws = draws
        self.value = value
        self.ace_rule = ace_rule

    def rounds(self) -> int:
        return self.draws + 1

    # --- dealing ------------------------------------------------------------------------

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        o = state.options
        p = draw_public(state)
        n = len(state.players)
        _, dealt = betting.seat_hand(state, o["stack"], forced_bets(o, 0)[0])
        for s in range(n):
            state.add_zone(f"hole:{s}", owner=s, visibility=Zone.OWNER)
            state.add_zone(f"shown:{s}")
        state.add_zone("discards", visibility=Zone.HIDDEN)
        state.add_zone("wild")
        blinds, antes = forced_bets(o, len(dealt))
        small_bet = o["small_bet"] or max(blinds, default=0) or 2
        big_bet = o["big_bet"] or 2 * small_bet
        rounds = self.rounds()
        half = rounds // 2
        sizes = [small_bet] * half + [big_bet] * (rounds - half)
        min_bet = o["min_bet"] or max(blinds, default=0) or small_bet
        p["drawn"] = [None] * n  # cards each seat drew in the last draw round (public)
        p["draw_round"] = 0
        betting.start_hand(
            state,
            structure=o["structure"],
            blinds=blinds,
            antes=antes,
            min_bet=min_bet,
            bet_sizes=sizes,
            posts=first_hand_posts(state, dealt),
        )
        state.phase = BET_PHASES[0]
        for s in betting.order_from_button(state):
            state.move_top("deck", f"hole:{s}", self.cards, seat=s, event="deal")
        if state.to_act is None:
            self._next_street(state)
        return True

    # --- acting -------------------------------------------------------------------------

    def _drawing(self, state: State) -> bool:
        return state.phase in DRAW_PHASES

    @hookimpl
    def hoyle_legal_actions(self, state: State, seat: int) -> list[Action]:
        if self._drawing(state):
            return self.draw_actions(state, seat) if seat == state.to_act else []
        return betting.legal_actions(state, seat)

    def max_discard(self, state: State) -> int:
        return int(state.options.get("max_discard", self.cards))

    def _ace_rule(self, state: State) -> bool:
        """Whether discarding more than three needs a kept ace (five-card draw, unless
        ``max_discard=5``: any number, as PokerStars deals it)."""
        return self.ace_rule and self.max_discard(state) < 5

    def draw_actions(self, state: State, seat: int) -> list[Action]:
        """Standing pat and every allowed discard, fewest cards first."""
        hand = state.zone(f"hole:{seat}").cards
        out = [DRAW]
        most = self.max_discard(state)
        ace_rule = self._ace_rule(state)
        limit = min(most, 3) if ace_rule else most
        for k in range(1, limit + 1):
            out += [Action("discard", cards=tuple(c)) for c in combinations(hand, k)]
        if ace_rule and most == 4:
            for kept in hand:
                if kept.rank == "A":
                    out.append(Action("discard", cards=tuple(c for c in hand if c != kept)))
        return out

    @hookimpl
    def hoyle_check_action(self, state: State, seat: int, action: Action) -> str | None:
        if not self._drawing(state) or action.kind == betting.SIT:
            return betting.check_action(state, seat, action)
        if seat != state.to_act:
            return f"it is not seat {seat}'s turn (seat {state.to_act} is to draw)"
        if action.kind != "discard" or action.amount is not None or action.source or action.target is not None:
            return "in the draw: 'draw' to stand pat or 'discard' with the cards, e.g. 'discard 7h 2c'"
        hand = state.zone(f"hole:{seat}").cards
        cards = action.cards
        if len(set(cards)) != len(cards) or any(c not in hand for c in cards):
            return "discard only cards in your hand, each once"
        most = self.max_discard(state)
        if self._ace_rule(state):
            if len(cards) == 4 and most == 4:
                return (
                    "a player discarding four must keep an ace"
                    if not any(c.rank == "A" and c not in cards for c in hand)
                    else "ok"
                )
            if len(cards) > 3:
                return f"discard at most 3 cards{' (4 when keeping an ace)' if most == 4 else ''}"
        if not 1 <= len(cards) <= most:
            return f"discard 1 to {most} cards, or 'draw' to stand pat"
        return "ok"

    @hookimpl
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        if not self._drawing(state) or action.kind == betting.SIT:
            return bool(super().hoyle_apply_action(state, seat, action))
        self._draw(state, seat, action.cards)
        p = draw_public(state)
        rest = [s for s in p["to_draw"] if s != seat]
        p["to_draw"] = rest
        if rest:
            state.to_act = rest[0]
        else:
            self._start_betting(state)
        return True

    def _draw(self, state: State, seat: int, cards: tuple[Any, ...]) -> None:
        """Discard ``cards`` and deal as many replacements; the discards of earlier
        players are reshuffled into a new stock when the stock runs short."""
        p = draw_public(state)
        hand = f"hole:{seat}"
        p["drawn"][seat] = len(cards)
        if not cards:
            state.log("stand_pat", seat)
            return
        if len(cards) == 4 and self._ace_rule(state):  # the kept ace is shown
            (ace,) = [c for c in state.zone(hand).cards if c not in cards]
            state.move([ace], hand, f"shown:{seat}", seat=seat, event="show_ace")
        state.move(cards, hand, "discards", seat=seat, event="discard")
        # the just-discarded cards are kept apart from a reshuffle: they sit on top of
        # the discards, so take them off again while the stock is rebuilt
        need = len(cards)
        have = len(state.zone("deck").cards)
        if have < need:
            state.move_top("deck", hand, have, seat=seat, event="draw")
            need -= have
            older = list(state.zone("discards").cards[: -len(cards)])
            state.rng.shuffle(older)
            state.move(older, "discards", "deck", event="reshuffle")
            state.log("reshuffle", None, cards=len(older))
        state.move_top("deck", hand, need, seat=seat, event="draw")

    def _start_betting(self, state: State) -> None:
        rnd = draw_public(state)["draw_round"]
        state.phase = BET_PHASES[rnd]
        betting.start_round(state, rnd)
        if state.to_act is None:
            self._next_street(state)

    def _next_street(self, state: State) -> None:
        """The betting round is over: a draw, or the showdown."""
        p = draw_public(state)
        if betting.end_if_uncontested(state):
            return
        if p["draw_round"] == self.draws:
            self._showdown(state)
            return
        p["draw_round"] += 1
        if p["draw_round"] == 1 and state.options.get("wild_rank"):
            state.move_top("deck", "wild", 1, event="turn_wild")
        state.phase = DRAW_PHASES[p["draw_round"] - 1]
        p["range"] = None
        p["drawn"] = [None] * len(state.players)
        p["to_draw"] = [s for s in betting.order_from_button(state) if p["live"][s]]
        state.to_act = p["to_draw"][0]

    # --- showdown -----------------------------------------------------------------------

    def hand_value(self, state: State, seat: int) -> Any:
        """The value of ``seat``'s hand (greater is better)."""
        cards = state.zone(f"hole:{seat}").cards + state.zone(f"shown:{seat}").cards
        return self.value(state, cards)

    def pot_values(self, state: State) -> tuple[Callable[[int], Any], None]:
        return (lambda s: self.hand_value(state, s)), None


FIVE_CARD_DRAW = poker_variant(
    "five-card-draw",
    DrawRules(cards=5, draws=1, value=high_value, ace_rule=True),
    (
        *with_defaults(betting_options(FIXED_LIMIT), small_blind=0, big_blind=0, ante=1),
        POSTS,
        Option(
            name="max_discard",
            default=3,
            doc="Most cards a player may discard; 4: only when keeping an ace, which is shown; 5: any number",
            choices=(3, 4, 5),
        ),
        Option(
            name="wild_rank",
            default=False,
            doc="Before the draw a card is turned up; the other three cards of its rank are wild",
        ),
    ),
    "Five-card draw: antes, five cards each, a betting round, one draw of up to three cards, a betting round, showdown",
)

DEUCE_TO_SEVEN_SINGLE = poker_variant(
    "deuce-to-seven-single-draw",
    DrawRules(cards=5, draws=1, value=deuce_to_seven_value),
    (*betting_options(NO_LIMIT), POSTS),
    "Deuce-to-seven single draw: lowball with aces high, straights and flushes counting against you; blinds, no-limit, one draw",
)

DEUCE_TO_SEVEN_TRIPLE = poker_variant(
    "deuce-to-seven-triple-draw",
    DrawRules(cards=5, draws=3, value=deuce_to_seven_value),
    (*betting_options(FIXED_LIMIT), POSTS),
    "Deuce-to-seven triple draw: lowball with aces high; blinds, fixed limit, three draws, four betting rounds",
    players=(2, 6),
)

BADUGI = poker_variant(
    "badugi",
    DrawRules(cards=4, draws=3, value=badugi_value),
    (*betting_options(FIXED_LIMIT), POSTS),
    "Badugi: four cards, three draws; the best hand has four suits and four ranks, aces low; blinds, fixed limit",
)

VARIANTS = (FIVE_CARD_DRAW, DEUCE_TO_SEVEN_SINGLE, DEUCE_TO_SEVEN_TRIPLE, BADUGI)
