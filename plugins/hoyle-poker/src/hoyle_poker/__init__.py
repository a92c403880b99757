"""Poker variants as a hoyle plugin. Each variant lives in its own module; this module
only registers them (and their bots, in :data:`hoyle.bots.BOTS`: ``pai-gow-house-way``
and ``pai-gow-solver``).

    >>> import hoyle
    >>> "pai-gow" in hoyle.variants()
    True
"""

from __future__ import annotations

from typing import Any

from hoyle import hookimpl
from hoyle.bots import BOTS

from hoyle_poker import pai_gow

VARIANTS = (pai_gow.VARIANT,)
BOTS.setdefault("pai-gow-house-way", pai_gow.HouseWayBot)
BOTS.setdefault("pai-gow-solver", pai_gow.SolverBot)


@hookimpl
def hoyle_register_variants(register: Any) -> None:
    for variant in VARIANTS:
        register(variant)
