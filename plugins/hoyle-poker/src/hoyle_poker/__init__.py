"""Poker for hoyle: the flop games (Texas hold'em, Omaha, short-deck hold'em) over one
shared betting core (:mod:`hoyle_poker.betting`).

    >>> import hoyle
    >>> game = hoyle.new_game("texas-holdem", players=2, seed=1)
    >>> game.phase
    'preflop'
"""

from __future__ import annotations

from typing import Any

from hoyle import hookimpl
from hoyle_poker.flop import VARIANTS as FLOP_VARIANTS


@hookimpl
def hoyle_register_variants(register: Any) -> None:
    for variant in FLOP_VARIANTS:
        register(variant)
