"""Poker for hoyle: the flop games (Texas hold'em, Omaha, short-deck hold'em), the draw
games (five-card draw, deuce-to-seven single and triple draw, badugi), the stud games
(seven-card stud, stud hi-lo, razz) and the table-hand game over one shared betting core
(:mod:`hoyle_poker.betting`), PHH replay of the stud and draw games
(:mod:`hoyle_poker.phh_games`), and Pai Gow poker. Each variant lives
in its own module; this module only registers them, the PHH replayers and the bots:
``poker`` (the heuristic :class:`~hoyle_poker.bots.PokerBot` for the flop games),
``pai-gow-house-way`` and ``pai-gow-solver``.

    >>> import hoyle
    >>> game = hoyle.new_game("texas-holdem", players=2, seed=1)
    >>> game.phase
    'preflop'
    >>> "pai-gow" in hoyle.variants()
    True
"""

from __future__ import annotations

from typing import Any

from hoyle import hookimpl

from hoyle_poker import draw, pai_gow, phh_games, stud, table_hand
from hoyle_poker.bots import PokerBot
from hoyle_poker.dealing import hoyle_register_dealing_orders as hoyle_register_dealing_orders
from hoyle_poker.flop import VARIANTS as FLOP_VARIANTS

VARIANTS = (*FLOP_VARIANTS, *draw.VARIANTS, *stud.VARIANTS, *table_hand.VARIANTS, pai_gow.VARIANT)
phh_games.register()


@hookimpl
def hoyle_register_variants(register: Any) -> None:
    for variant in VARIANTS:
        register(variant)


@hookimpl
def hoyle_register_bots(register: Any) -> None:
    register("poker", PokerBot)
    register("pai-gow-house-way", pai_gow.HouseWayBot)
    register("pai-gow-solver", pai_gow.SolverBot)
