"""Split Hold'em (docs/rules/poker.md#b5): Texas hold'em with two boards dealt street by
street from one deck - two flops, two turns, two rivers, a betting round after each
street as in hold'em - and each pot split in halves, one to the best hand on each board
(the odd chip to the first board's). PokerStars deals it no-limit; the structure is an
option as in hold'em.

    >>> import hoyle
    >>> game = hoyle.new_game("split-holdem", players=2, seed=4)
    >>> _ = game.act("call"), game.act("check")
    >>> game.phase, len(game.state.zone("board").cards), len(game.state.zone("board:2").cards)
    ('flop', 3, 3)

Dealing: the hole cards as in hold'em; each street is a burn card, then the street's
cards of the first board (zone ``board``), then those of the second (zone ``board:2``).
A hand that goes to the showdown is valued on each board as hold'em values it (the best
five of the two hole cards and that board's five): a player best on both boards takes
the whole pot. The split is that of a hand run twice (``runs``): each pot - main and
side - is split into halves, each going to its board's best hand among the players in
that pot.
"""

from __future__ import annotations

from hoyle import State, Zone, hookimpl

from hoyle_poker import betting
from hoyle_poker.betting import NO_LIMIT
from hoyle_poker.betting_public import flop_public
from hoyle_poker.flop import (
    BOARD_CARDS,
    RUN_BOARD,
    BettingGameRules,
    FlopRules,
    betting_options,
    flop_options,
    holdem_values,
    poker_variant,
)
from hoyle_poker.names import STREETS

__all__ = ["SPLIT_HOLDEM", "VARIANTS", "SplitHoldemRules"]

#: The zone of the second board.
SECOND_BOARD = RUN_BOARD[2]


class SplitHoldemRules(FlopRules):
    """Hold'em's rules with a second board dealt at every street and each pot split
    between the boards (:func:`hoyle_poker.flop.run_boards` reads both)."""

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        dealt = bool(super().hoyle_deal(state))
        self._second_board(state)  # (already there when the hand went past the deal)
        return dealt

    def _second_board(self, state: State) -> None:
        """The second board's zone, and the runs the showdown settles: two, from the flop."""
        if SECOND_BOARD not in state.zones:
            state.add_zone(SECOND_BOARD, visibility=Zone.PUBLIC)
        p = flop_public(state)
        p["run_from"], p["runs"] = 1, 2

    def _open_street(self, state: State, street: int) -> None:
        """Burn, deal ``street``'s cards to the first board, then to the second, and
        start the street's betting round."""
        self._second_board(state)
        state.move_top("deck", "burn", 1, None, "burn")
        state.move_top("deck", "board", BOARD_CARDS[street], None, STREETS[street])
        state.move_top("deck", SECOND_BOARD, BOARD_CARDS[street], None, STREETS[street])
        state.phase = STREETS[street]
        betting.start_round(state, street)

    def _showdown(self, state: State) -> None:
        """Both boards are dealt already: straight to the showdown (no runs to deal)."""
        BettingGameRules._showdown(self, state)


#: The flop games' options but running the board more than once (two boards are dealt anyway).
_OPTIONS = tuple(o for o in flop_options() if o.name not in ("runs", "run_it"))

SPLIT_HOLDEM = poker_variant(
    "split-holdem",
    SplitHoldemRules(values=holdem_values),
    (*betting_options(NO_LIMIT), *_OPTIONS),
    "Split Hold'em: hold'em with two boards dealt street by street; each pot split between the best hand on each board",
    players=(2, 10),
)

VARIANTS = (SPLIT_HOLDEM,)
