"""Bots: anything with ``choose(view, legal_actions) -> Action``.

    >>> from hoyle.engine.actions import Action
    >>> bot = RandomBot(seed=3)
    >>> bot.choose({}, [Action("fold"), Action("call")]) in (Action("fold"), Action("call"))
    True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from hoyle._core import Rng
from hoyle.engine.actions import Action
from hoyle.errors import InvalidArgumentError


@runtime_checkable
class Bot(Protocol):
    """A player: given its view (a read-only mapping with the keys of
    ``Game.view(seat)``) and the legal actions, return one of them."""

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action: ...


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        return legal_actions[self.rng.below(len(legal_actions))]


#: Bots by name, for ``simulate(bots=["random", ...])`` and the command line. Bots that
#: plugins register (``hoyle_register_bots``) are added when the default plugin registry
#: is built (:func:`load_plugin_bots`); a built-in name is never replaced.
BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot}


def load_plugin_bots() -> dict[str, Callable[..., Bot]]:
    """Add the installed plugins' bots to :data:`BOTS` (built-in names win) and return it.

    >>> "random" in load_plugin_bots()
    True
    """
    from hoyle.plugins import default_registry

    for name, factory in default_registry().bots.items():
        BOTS.setdefault(name, factory)
    return BOTS


def make_bot(spec: str | Callable[..., Bot], seed: int) -> Bot:
    """Build a bot from a name in :data:`BOTS` (or a plugin's bot) or a factory called
    with ``seed=``."""
    if isinstance(spec, str):
        if spec not in BOTS:
            load_plugin_bots()
        if spec not in BOTS:
            raise InvalidArgumentError(f"unknown bot {spec!r} (known: {', '.join(sorted(BOTS))})")
        spec = BOTS[spec]
    if not callable(spec):
        raise InvalidArgumentError(f"bot {spec!r} is neither a bot name nor a factory taking seed=")
    return spec(seed=seed)
