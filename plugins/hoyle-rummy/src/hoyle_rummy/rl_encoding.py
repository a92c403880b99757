"""The rummy refinement of the reinforcement-learning encodings (``hoyle.rl``): the
discard pile's order, which the derived card plane (a count per card) loses - in 500 Rum
a player may take a card deep in the pile with everything above it - and gin's knock,
which random play rarely reaches.

Feature ``discard_order`` (53 floats, one per card index, jokers sharing index 52): ``1 / (1 + depth)`` for
each card in the discard pile (the top card 1.0, the one under it 0.5...), 0 for a card
not in it (with several packs, the highest copy). The pile is face up: every seat sees it.

    >>> import hoyle.rl
    >>> enc = hoyle.rl.encoding("500-rum")
    >>> [f["name"] for f in enc.describe()["observation"]][-1]
    'discard_order'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hoyle import hookimpl

_GIN = ("gin-rummy", "oklahoma-gin")


class DiscardOrder:
    """The ``discard_order`` feature (see the module docs): an *order plane* of the
    discard pile, which the encoder writes itself (``order_of``; docs/rl.md), and
    ``write`` here for any other caller."""

    name = "discard_order"
    doc = "each card in the discard pile: 1 / (1 + its depth from the top), 0 if not there"
    order_of = "discard"

    size = 53

    def write(self, state: Any, seat: int, out: Any) -> None:
        """Write the pile's cards into ``out`` (zeroed); with several packs only the
        copy nearest the top counts."""
        from hoyle.rl.observation import CARD_SLOTS

        zone = state.zones.get(self.order_of)
        if zone is None or not zone.cards or not zone.visible_to(seat):
            return
        depth = len(zone.cards)
        # bottom to top: a higher copy, later in the pile, replaces a lower one's value
        for i, card in enumerate(zone.cards):
            out[CARD_SLOTS[card]] = 1.0 / (depth - i)


def refinement(players: int, options: Mapping[str, Any]) -> Any:
    """Every rummy game's: the discard pile's order."""
    from hoyle.rl.encoding import Refinement

    return Refinement(features=(DiscardOrder(),))


def gin_refinement(players: int, options: Mapping[str, Any]) -> Any:
    """Gin's own: the knock, which random play rarely reaches."""
    from hoyle.rl.encoding import Refinement, Template

    return Refinement(templates=(Template("knock", None, "card"),))


def is_rummy_game(variant: Any) -> bool:
    """Every variant of the rummy family, a third party's too (by capability, not name)."""
    return bool(variant.family == "rummy")


@hookimpl
def hoyle_register_rl_encodings(register: Any) -> None:
    register(is_rummy_game, refinement)
    for name in _GIN:
        register(name, gin_refinement)


@hookimpl
def hoyle_register_rl_kernels(register: Any) -> None:
    """Two-player gin's compiled table (:mod:`hoyle_rummy.gin_rl`, imported when asked)."""
    from hoyle_rummy.gin_rl import gin_kernel

    register("gin-rummy", gin_kernel)
