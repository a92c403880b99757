"""Poker for hoyle: the flop games (Texas hold'em, Omaha, short-deck hold'em) over one
shared betting core (:mod:`hoyle_poker.betting`), and Pai Gow poker. Each variant lives
in its own module; this module only registers them (and the Pai Gow bots, in
:data:`hoyle.bots.BOTS`: ``pai-gow-house-way`` and ``pai-gow-solver``; and ``poker``, the heuristic
:class:`~hoyle_poker.bots.PokerBot` for the flop games).

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
from hoyle.bots import BOTS
from hoyle_poker import pai_gow
from hoyle_poker.bots import PokerBot
from hoyle_poker.flop import VARIANTS as FLOP_VARIANTS

VARIANTS = (*FLOP_VARIANTS, pai_gow.VARIANT)
BOTS.setdefault("pai-gow-house-way", pai_gow.HouseWayBot)
BOTS.setdefault("pai-gow-solver", pai_gow.SolverBot)
BOTS.setdefault("poker", PokerBot)


@hookimpl
def hoyle_register_variants(register: Any) -> None:
    for variant in VARIANTS:
        register(variant)
