"""Parlor games as a hoyle plugin: ``in-between`` (RULES.md B7) and
``egyptian-ratscrew`` (B8), and the ``slap`` bot (:class:`hoyle_parlor.ratscrew.SlapBot`).

    >>> import hoyle
    >>> sorted(v for v in hoyle.variants() if v in ("in-between", "egyptian-ratscrew"))
    ['egyptian-ratscrew', 'in-between']
"""

from __future__ import annotations

from typing import Any

from hoyle import hookimpl

from hoyle_parlor.in_between import VARIANT as IN_BETWEEN
from hoyle_parlor.ratscrew import VARIANT as RATSCREW
from hoyle_parlor.ratscrew import SlapBot

__all__ = ["IN_BETWEEN", "RATSCREW", "SlapBot"]


@hookimpl
def hoyle_register_variants(register: Any) -> None:
    register(IN_BETWEEN)
    register(RATSCREW)


@hookimpl
def hoyle_register_bots(register: Any) -> None:
    register("slap", SlapBot)
