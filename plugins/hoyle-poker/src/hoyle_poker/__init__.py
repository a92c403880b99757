"""Poker for hoyle: the flop games (Texas hold'em, Omaha, short-deck hold'em, Split Hold'em), the draw
games (five-card draw, deuce-to-seven single and triple draw, ace-to-five triple draw, badugi), the stud games
(seven-card stud, stud hi-lo, razz) and the table-hand game over one shared betting core
(:mod:`hoyle_poker.betting`), PHH replay and writing of these games
(:mod:`hoyle_poker.phh_games`, :mod:`hoyle_poker.phh_dump`, over the format-neutral
:mod:`hoyle_poker.replay`), and Pai Gow poker. Each variant lives
in its own module; this module only registers them, the PHH replayers and writers and the bots:
``poker`` (:class:`~hoyle_poker.bots.PokerBot` for the flop games, levels ``easy``,
``medium`` (the default heuristic) and ``hard`` (:mod:`hoyle_poker.hard`)),
``pai-gow-house-way`` and ``pai-gow-solver``.

    >>> import hoyle
    >>> game = hoyle.new_game("texas-holdem", players=2, seed=1)
    >>> game.phase
    'preflop'
    >>> "pai-gow" in hoyle.variants()
    True

What a player may bet or raise to, typed (:func:`~hoyle_poker.betting.bet_range`)::

    >>> from hoyle_poker import bet_range
    >>> bet_range(game, game.to_act)
    BetRange(kind='raise', least=4, most=200, fixed=False)
"""

from __future__ import annotations

from typing import Any

from hoyle import hookimpl

from hoyle_poker import (
    compiled,
    draw,
    draw_ace_to_five,
    hand_histories,
    hand_histories_stud_draw,
    pai_gow,
    phh_dump,
    phh_games,
    split_holdem,
    stud,
    table_hand,
)
from hoyle_poker.betting import BetRange, bet_range
from hoyle_poker.bots import PokerBot
from hoyle_poker.dealing import hoyle_register_dealing_orders as hoyle_register_dealing_orders
from hoyle_poker.flop import VARIANTS as FLOP_VARIANTS
from hoyle_poker.rl_encoding import hoyle_register_rl_encodings as hoyle_register_rl_encodings

__all__ = ["VARIANTS", "BetRange", "PokerBot", "bet_range"]

VARIANTS = (
    *FLOP_VARIANTS,
    *split_holdem.VARIANTS,
    *draw.VARIANTS,
    *draw_ace_to_five.VARIANTS,
    *stud.VARIANTS,
    *table_hand.VARIANTS,
    pai_gow.VARIANT,
)


@hookimpl
def hoyle_register_variants(register: Any) -> None:
    for variant in VARIANTS:
        register(variant)


@hookimpl
def hoyle_register_bots(register: Any) -> None:
    register("poker", PokerBot)
    register("pai-gow-house-way", pai_gow.HouseWayBot)
    register("pai-gow-solver", pai_gow.SolverBot)


@hookimpl
def hoyle_register_hand_history_games(register: Any) -> None:
    """The games of PokerStars and OHH files: the flop games, stud and draw."""
    for game in (*hand_histories.GAMES, *hand_histories_stud_draw.GAMES):
        register(game)


@hookimpl
def hoyle_register_phh_replayers(register: Any) -> None:
    for code, replayer in phh_games.REPLAYERS.items():
        register(code, replayer)


@hookimpl
def hoyle_register_phh_writers(register: Any) -> None:
    for name in phh_dump.VARIANTS:
        register(name, phh_dump.dump)


@hookimpl
def hoyle_register_native_simulations(register: Any) -> None:
    """Random-bot hold'em simulations played whole in Rust (:mod:`hoyle_poker.compiled`)."""
    register("texas-holdem", compiled.native_holdem)
