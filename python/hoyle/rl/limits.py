"""``max_steps``: every RL episode ends - terminated by the rules or truncated here.

A step is one decision of the table (:mod:`hoyle.rl.table`): any seat's turn or
reaction. The default bound depends on the variant's family and on how many hands or
deals its options ask for (docs/rl.md, "Episodes always end", gives the measured
lengths behind them):

* ``poker``: 400 steps per hand (``hands`` option, default 1);
* ``rummy``: 50,000 steps (a whole match to its target: random play takes 300-5,000
  decisions in most variants, 11,000-25,000+ in a 100-point gin match, and never ends
  where the rules turn the discard pile over without end, as seven-card and boat-house
  rummy do);
* ``parlor``: 20,000 steps (War and Egyptian Ratscrew bound themselves by their
  ``max_battles`` / ``max_turns`` options; In-Between by its rounds).

The episodes of a game whose rules text lets play go on without end also end by its
rules: :func:`episode_options` plays every option that has a
:attr:`~hoyle.Option.bounded` value at that value unless the settings give it (the
rummy games that turn the discard pile over: ``stock_limit=3``, a void deal after the
third turn-over, and ``deals=3``), so ``max_steps`` is a safeguard, not the usual end.

    >>> default_max_steps("texas-holdem", {"hands": 3})
    1200
    >>> default_max_steps("gin-rummy", {})
    50000
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import hoyle
from hoyle.errors import InvalidArgumentError

#: Steps per hand for poker, per match for the other families.
FAMILY_STEPS: dict[str, int] = {"poker": 400, "rummy": 50_000, "parlor": 20_000}
#: The bound of a family not listed.
OTHER_STEPS = 20_000


def episode_options(variant: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options an episode of ``variant`` plays with: ``options``, and each option
    with a ``bounded`` value that ``options`` does not give set to it (an unknown
    variant's options are kept as given: the encoding names the variant).

        >>> episode_options("seven-card-rummy", {"deals": 1})
        {'deals': 1, 'stock_limit': 3}
        >>> episode_options("gin-rummy", {"deals": 1})
        {'deals': 1}
    """
    found = hoyle.variants().get(variant)
    return found.bounded_options(options) if found is not None else dict(options or {})


def default_max_steps(variant: str, options: Mapping[str, Any]) -> int:
    """The default ``max_steps`` of ``variant`` with these options (see the module docs)."""
    family = hoyle.variants()[variant].family
    base = FAMILY_STEPS.get(family, OTHER_STEPS)
    if family == "poker":
        hands = options.get("hands", 1)
        return base * (hands if isinstance(hands, int) and hands > 0 else 1)
    return base


def check_max_steps(value: Any, variant: str, options: Mapping[str, Any]) -> int:
    """A ``max_steps`` setting checked (None: the default): a positive int."""
    if value is None:
        return default_max_steps(variant, options)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidArgumentError(f"max_steps={value!r}: must be a positive int (or None for the default)")
    return value
