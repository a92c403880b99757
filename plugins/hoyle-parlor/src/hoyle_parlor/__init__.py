"""Parlor games as a hoyle plugin: ``in-between`` (docs/rules/parlor.md#b7) and
``egyptian-ratscrew`` (B8), and the ``slap`` bot (:class:`hoyle_parlor.ratscrew.SlapBot`).

    >>> import hoyle
    >>> sorted(v for v in hoyle.variants() if v in ("in-between", "egyptian-ratscrew"))
    ['egyptian-ratscrew', 'in-between']
"""

from __future__ import annotations

from typing import Any

from hoyle import hookimpl
from hoyle.registry import DealingOrder
from hoyle.testing import dealt_places

from hoyle_parlor.in_between import VARIANT as IN_BETWEEN
from hoyle_parlor.ratscrew import VARIANT as RATSCREW
from hoyle_parlor.ratscrew import SlapBot

__all__ = ["IN_BETWEEN", "RATSCREW", "SlapBot"]


@hookimpl
def hoyle_register_variants(register: Any) -> None:
    register(IN_BETWEEN)
    register(RATSCREW)


@hookimpl
def hoyle_register_dealing_orders(register: Any) -> None:
    # What the deal takes from the deck, read back from the event log: Ratscrew's hands;
    # In-Between's cut for the first dealer ("cut", one card per player when nobody
    # ties), then the first turn's two posts ("table"); later table cards depend on play.
    register("egyptian-ratscrew", lambda state: DealingOrder(order=tuple(dealt_places(state))))
    register("in-between", lambda state: DealingOrder(order=tuple(dealt_places(state))))


@hookimpl
def hoyle_register_bots(register: Any) -> None:
    register("slap", SlapBot)
