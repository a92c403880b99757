"""The table-hand game (docs/rules/poker.md#b5), over the shared betting core
(:mod:`hoyle_poker.betting`) and the flop games' showdown and sessions
(:class:`hoyle_poker.flop.BettingGameRules`).

    >>> import hoyle
    >>> game = hoyle.new_game("table-hand", players=3, seed=1)
    >>> len(game.state.zone("board").cards), game.phase   # the first table card is turned
    (1, 'table-1')

Flow of a hand (docs/rules/poker.md#b5, read literally): everyone antes (``ante``, default 1); each
player gets five cards face down (zone ``hole:<seat>``, seen only by the holder) and five
are dealt face down to the table (zone ``table``, seen by nobody), a player's five at a
time from the button's left, then the table's five (a fixed ``deck=`` deals seat 0's
five first in a game's first hand). The table cards are turned one at a time, in the
order dealt, onto the public zone ``board``, with a betting round after each turn: five
betting rounds, the first after the first turn (there is no betting before it). The
middle table card, the third, is wild: it stands for any card its holder chooses (only
that card: not the other cards of its rank). Each player makes the best five cards from
their own five and the table's five. Betting: fixed limit by default, ``small_bet`` on
the first two rounds, ``big_bet`` on the last three; the first live player left of the
button acts first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hoyle import Deck, State, Variant, Zone, hookimpl
from hoyle import poker as ev

from hoyle_poker import betting
from hoyle_poker.betting import FIXED_LIMIT
from hoyle_poker.draw import forced_bets, with_defaults
from hoyle_poker.flop import BettingGameRules, betting_options
from hoyle_poker.names import TABLE_PHASES

ROUNDS = 5
WILD = 2  # the middle of the five table cards


class TableHandRules(BettingGameRules):
    """Rules of the table-hand game."""

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        o = state.options
        n = len(state.players)
        _, dealt = betting.seat_hand(state, o["stack"], forced_bets(o, 0)[0])
        for s in range(n):
            state.add_zone(f"hole:{s}", owner=s, visibility=Zone.OWNER)
        state.add_zone("table", visibility=Zone.HIDDEN)
        state.add_zone("board")
        blinds, antes = forced_bets(o, len(dealt))
        small = o["small_bet"] or max(blinds, default=0) or 2
        big = o["big_bet"] or 2 * small
        betting.start_hand(
            state,
            structure=o["structure"],
            blinds=blinds,
            antes=antes,
            min_bet=o["min_bet"] or max(blinds, default=0) or small,
            bet_sizes=[small, small, big, big, big],
        )
        for s in betting.order_from_button(state):
            state.move_top("deck", f"hole:{s}", 5, seat=s, event="deal")
        state.move_top("deck", "table", 5, event="deal_table")
        self._turn(state)
        if state.to_act is None:
            self._next_street(state)
        return True

    def _turn(self, state: State) -> None:
        """Turn the next table card, in the order the table cards were dealt."""
        table = state.zone("table").cards
        state.move([table[0]], "table", "board", event="turn_table_card")
        state.phase = TABLE_PHASES[len(state.zone("board").cards) - 1]

    def rounds(self) -> int:
        return ROUNDS

    def _open_street(self, state: State, street: int) -> None:
        """Turn the next table card and start its betting round."""
        self._turn(state)
        betting.start_round(state, street)

    def hand_value(self, state: State, seat: int) -> Any:
        board = state.zone("board").cards
        cards = state.zone(f"hole:{seat}").cards + board
        return ev.evaluate(cards, wild=[board[WILD]]).value

    def pot_values(self, state: State) -> tuple[Callable[[int], Any], None]:
        return (lambda s: self.hand_value(state, s)), None


def _deck(options: Any) -> Deck:
    return Deck.standard()


TABLE_HAND = Variant(
    name="table-hand",
    rules=TableHandRules(),
    players=(2, 9),
    deck=_deck,
    options=with_defaults(betting_options(FIXED_LIMIT), small_blind=0, big_blind=0, ante=1),
    description="Table hand: five cards each and five face down on the table, turned one at a time with a betting round after each; the middle table card is wild",
    family="poker",
)

VARIANTS = (TABLE_HAND,)
