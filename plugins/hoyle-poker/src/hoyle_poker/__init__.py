"""Poker variants as a hoyle plugin. Each variant lives in its own module; this module
only registers them.

    >>> import hoyle
    >>> "pai-gow" in hoyle.variants()
    True
"""

from __future__ import annotations

from typing import Any

from hoyle import hookimpl

from hoyle_poker import pai_gow

VARIANTS = (pai_gow.VARIANT,)


@hookimpl
def hoyle_register_variants(register: Any) -> None:
    for variant in VARIANTS:
        register(variant)
