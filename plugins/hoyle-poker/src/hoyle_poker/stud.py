"""The stud games (docs/rules/poker.md#b5): seven-card stud, seven-card stud hi-lo eight-or-better
and razz; one rules class over the shared betting core (:mod:`hoyle_poker.betting`)
and the flop games' showdown and session handling (:class:`hoyle_poker.flop.BettingGameRules`).

    >>> import hoyle
    >>> game = hoyle.new_game("seven-card-stud", players=3, seed=1)
    >>> game.phase, [str(a) for a in game.legal_actions()]
    ('third', ['bring-in', 'bet to 2'])

Flow of a hand: everyone antes (``ante``, default 1). Third street: each player gets two
cards face down (zone ``hole:<seat>``, seen only by the holder) and one face up (zone
``up:<seat>``, public), dealt a player at a time from the button's left (a fixed
``deck=`` deals seat 0's three cards first in a game's first hand, the third one up).
The bring-in acts first and chooses ``bring-in`` (a forced bet of ``bring_in``, less
than a full bet) or completes to the small bet (``bet to 2``); the others call the
bring-in, complete it (``raise to 2``) or fold; after a completion, raises are of the
small bet. If everyone only calls the bring-in, the round ends (the bring-in has no
option). Fourth, fifth and sixth streets: one card face up each; seventh: one face
down; a betting round after each, started by the best hand showing. Fixed limit:
``small_bet`` on third and fourth street, ``big_bet`` from fifth; a bet and three raises
per round (the completion is the bet). No burn cards are dealt.

* Bring-in: stud high and hi-lo, the lowest up card (ace high), ties broken by suit,
  clubs lowest, then diamonds, hearts, spades; razz, the highest up card (ace low, so a
  king is highest), ties: the higher suit (spades highest).
* First to act from fourth street: the best hand showing (stud and hi-lo: quads, trips,
  two pair, pair, then high cards; razz: the best ace-to-five low showing, unpaired
  before paired). Ties: the first of them left of the button.
* Showdown: each player's best five of seven. Stud: high (docs/rules/poker.md#b1); razz: the
  ace-to-five low (aces low, straights and flushes ignored); hi-lo: half to the best high,
  half to the best eight-or-better low; with no qualifying low the high hand scoops; the
  odd chip goes to the high half.
* Odd chips of a tie (stud has no button to count from; the cardroom rule): tied high
  hands, to the highest card by suit among all the player's cards (stud, the high half
  of hi-lo); tied low hands (razz, the low half of hi-lo), to the lowest card by suit,
  aces low. More odd chips go one at a time in that order.
* The deck running out: with eight players, 56 cards would be needed; when the stock
  has fewer cards than players still in on seventh street, one card is dealt face up to
  the centre (zone ``board``) instead, a community card every player uses as their
  seventh card (the standard rule).
* Open pair on fourth street (seven-card stud only, option ``open_pair``): by default
  (``big-bet-option``, the standard cardroom rule) when any player shows a pair on
  fourth street, the first bet of that round may be the small or the big bet, and once
  the big bet is made the round's raises are big bets; ``small-bet`` keeps fourth street
  a small-bet round (as PokerKit does). Hi-lo and razz have no such option.

The dealing button is kept only for the order of dealing and the showdown order when
the last round was checked; it moves one seat left after every hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from hoyle import Action, Card, Option, State, Zone, hookimpl
from hoyle import poker as ev

from hoyle_poker import betting
from hoyle_poker.betting import FIXED_LIMIT
from hoyle_poker.betting_public import public
from hoyle_poker.flop import BettingGameRules, poker_variant, session_options
from hoyle_poker.names import STUD_STREETS

STREETS = STUD_STREETS
BRING_IN = Action("bring-in")
SUITS = "cdhs"
HIGH_RANKS = "23456789TJQKA"
LOW_RANKS = "A23456789TJQK"


def _rank(card: Card, ranks: str) -> int:
    return ranks.index(card.rank or "") + 1


def _suit(card: Card) -> int:
    return SUITS.index(card.suit or "")


def _card_key(card: Card, ranks: str) -> tuple[int, int]:
    """A card by rank (in ``ranks`` order), then suit (clubs < diamonds < hearts < spades)."""
    return _rank(card, ranks), _suit(card)


def bring_in_seat(state: State, seats: Sequence[int], razz: bool) -> int:
    """Who brings in: the lowest up card (suits c < d < h < s break ties); in razz the
    highest (aces low), ties to the higher suit."""

    def key(s: int) -> tuple[int, int]:
        (card,) = state.zone(f"up:{s}").cards[:1]
        return (_rank(card, LOW_RANKS), _suit(card)) if razz else (-_rank(card, HIGH_RANKS), -_suit(card))

    return max(seats, key=key)


def showing(cards: Sequence[Card], razz: bool) -> tuple[Any, ...]:
    """How good a hand showing is, greater better: stud ranks rank groups (quads, trips,
    two pair, pair, high cards; ace high); razz prefers fewer and lower pairs, then the
    lower cards from the top (ace low)."""
    ranks = LOW_RANKS if razz else HIGH_RANKS
    groups = sorted(Counter(_rank(c, ranks) for c in cards).items(), key=lambda rc: (-rc[1], -rc[0]))
    counts = tuple(c for _, c in groups)
    values = tuple(r for r, _ in groups)
    if razz:
        return tuple(-c for c in counts), tuple(-v for v in values)
    return counts, values


class StudRules(BettingGameRules):
    """Rules of a stud game, by two keyword-only spec fields: ``lowball`` (razz: the
    highest up card brings in, the lowest hand showing acts first, the best ace-to-five
    low wins, tied lows take the odd chips by their lowest card) and ``hi_lo`` (the pot
    split with the best eight-or-better low).

    >>> StudRules(lowball=True).lowball, StudRules(hi_lo=True).hi_lo
    (True, True)
    """

    def __init__(self, *, lowball: bool = False, hi_lo: bool = False) -> None:
        if lowball and hi_lo:
            raise ValueError("a lowball stud game has no high-low split")
        self.lowball = lowball
        self.hi_lo = hi_lo

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        o = state.options
        p = public(state)
        n = len(state.players)
        _, dealt = betting.seat_hand(state, o["stack"])
        for s in range(n):
            state.add_zone(f"hole:{s}", owner=s, visibility=Zone.OWNER)
            state.add_zone(f"up:{s}")
        state.add_zone("board")
        small, big = o["small_bet"], o["big_bet"] or 2 * o["small_bet"]
        betting.start_hand(
            state,
            structure=FIXED_LIMIT,
            blinds=[],
            antes=[o["ante"]] * len(dealt),
            min_bet=small,
            bet_sizes=[small, small, big, big, big],
        )
        state.phase = STREETS[0]
        for s in betting.order_from_button(state):
            state.move_top("deck", f"hole:{s}", 2, seat=s, event="deal")
            state.move_top("deck", f"up:{s}", 1, seat=s, event="deal_up")
        bringer = bring_in_seat(state, dealt, self.lowball)
        p["bring_in"] = bringer
        if state.stacks[bringer] == 0:  # all in with the ante: the next player acts
            betting.set_turn(state, bringer)
            betting.post_bring_in(state, bringer, 0)
        else:
            betting.set_turn(state, bringer)
        if state.to_act is None:
            self._next_street(state)
        return True

    # --- acting -------------------------------------------------------------------------

    def _bringing_in(self, state: State, seat: int) -> bool:
        p = public(state)
        return (
            state.phase == STREETS[0]
            and p.get("bring_in") == seat
            and p["acted"][seat] is None
            and seat == state.to_act
        )

    @hookimpl
    def hoyle_legal_actions(self, state: State, seat: int) -> list[Action]:
        if self._bringing_in(state, seat):
            rng = public(state)["range"]
            return [BRING_IN] + ([Action("bet", amount=rng[0])] if rng else [])
        return betting.legal_actions(state, seat)

    @hookimpl
    def hoyle_check_action(self, state: State, seat: int, action: Action) -> str | None:
        if self._bringing_in(state, seat):
            return "the bring-in: 'bring-in' or complete ('bet to N')"
        if action == BRING_IN:
            return "only the lowest (razz: highest) up card brings in, as the first action"
        return betting.check_action(state, seat, action)

    @hookimpl
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        if action == BRING_IN:
            if betting.post_bring_in(state, seat, state.options["bring_in"]):
                self._next_street(state)
            return True
        return bool(super().hoyle_apply_action(state, seat, action))

    def rounds(self) -> int:
        return len(STREETS)

    def _open_street(self, state: State, street: int) -> None:
        """Deal ``street`` to the live players (a community card when the deck runs
        short on seventh street) and start its betting round with the best hand showing."""
        p = public(state)
        live = [s for s in betting.order_from_button(state) if p["live"][s]]
        if street == 4 and len(state.zone("deck").cards) < len(live):
            state.move_top("deck", "board", 1, event="community_card")
        else:
            for s in live:
                zone = f"hole:{s}" if street == 4 else f"up:{s}"
                state.move_top("deck", zone, 1, seat=s, event="deal" if street == 4 else "deal_up")
        state.phase = STREETS[street]
        razz = self.lowball
        first = max(live, key=lambda s: (showing(state.zone(f"up:{s}").cards, razz), -live.index(s)))
        betting.start_round(state, street, first=first)
        if (
            street == 1
            and state.options.get("open_pair") == "big-bet-option"
            and state.to_act is not None
            and any(max(Counter(c.rank for c in state.zone(f"up:{s}").cards).values()) >= 2 for s in live)
        ):
            p["alt_bet"] = p["bet_sizes"][2]
            betting.set_turn(state, state.to_act)  # the range now offers both sizes

    # --- showdown -----------------------------------------------------------------------

    def cards(self, state: State, seat: int) -> list[Card]:
        return state.zone(f"hole:{seat}").cards + state.zone(f"up:{seat}").cards + state.zone("board").cards

    def odd_chip_orders(self, state: State) -> tuple[betting.OddChipOrder | None, betting.OddChipOrder | None]:
        """Who gets a split pot's odd chips. By docs/rules/poker.md#b2 (option ``odd_chip="button"``,
        the default) the first winner left of the button, as in every poker game. With
        ``odd_chip="high-card"``, the stud cardroom custom: tied high hands by their
        highest card by suit (every card of the hand counts), tied lows (razz, the low half
        of hi-lo) by their lowest card by suit, aces low."""
        if state.options["odd_chip"] == "button":
            return super().odd_chip_orders(state)

        def by_high_card(state: State, seats: Sequence[int]) -> list[int]:
            return sorted(
                seats, key=lambda s: max(_card_key(c, HIGH_RANKS) for c in self.cards(state, s)), reverse=True
            )

        def by_low_card(state: State, seats: Sequence[int]) -> list[int]:
            return sorted(seats, key=lambda s: min(_card_key(c, LOW_RANKS) for c in self.cards(state, s)))

        if self.lowball:
            return by_low_card, by_low_card
        return by_high_card, by_low_card

    def pot_values(self, state: State) -> tuple[Callable[[int], Any], Callable[[int], Any] | None]:
        def high(s: int) -> Any:
            return ev.evaluate(self.cards(state, s)).value

        if self.lowball:

            def razz_low(s: int) -> Any:
                v = ev.evaluate_low(self.cards(state, s), rule="ace-to-five")
                assert v is not None  # every five cards make an ace-to-five low
                return v.value

            return razz_low, None
        if self.hi_lo:

            def low(s: int) -> Any:
                v = ev.evaluate_low(self.cards(state, s), rule="eight-or-better")
                return None if v is None else v.value

            return high, low
        return high, None


OPEN_PAIR = Option(
    name="open_pair",
    default="big-bet-option",
    doc="An open pair on fourth street: the first bet may be the big bet (big-bet-option) or not (small-bet)",
    choices=("big-bet-option", "small-bet"),
)


def stud_options() -> tuple[Option, ...]:
    """The options every stud game has."""
    return (
        Option(name="ante", default=1, doc="Ante from every player", minimum=0),
        Option(name="bring_in", default=1, doc="The bring-in (less than the small bet)", minimum=0),
        Option(name="small_bet", default=2, doc="Fixed-limit bet on third and fourth street", minimum=1),
        Option(name="big_bet", default=0, doc="Fixed-limit bet from fifth street (0: twice the small bet)", minimum=0),
        Option(
            name="odd_chip",
            default="button",
            doc="A split pot's odd chip: to the first winner left of the button (docs/rules/poker.md#b2), or by the high card by suit (the low card for a low half; the stud cardroom custom)",
            choices=("button", "high-card"),
        ),
        *session_options(),
    )


SEVEN_CARD_STUD = poker_variant(
    "seven-card-stud",
    StudRules(),
    (*stud_options(), OPEN_PAIR),
    "Seven-card stud: ante, bring-in by the lowest up card, three down and four up, best five of seven; fixed limit",
)

SEVEN_CARD_STUD_HI_LO = poker_variant(
    "seven-card-stud-hi-lo",
    StudRules(hi_lo=True),
    stud_options(),
    "Seven-card stud hi-lo: the pot split between the best high and the best eight-or-better low",
)

RAZZ = poker_variant(
    "razz",
    StudRules(lowball=True),
    stud_options(),
    "Razz: seven-card stud for the ace-to-five low; the highest up card brings in",
)

VARIANTS = (SEVEN_CARD_STUD, SEVEN_CARD_STUD_HI_LO, RAZZ)
