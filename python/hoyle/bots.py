"""Bots: anything with ``choose(view, legal_actions) -> Action``.

Reactions: some games let any seat act out of turn (a slap in Egyptian Ratscrew). A
bot may also have ``react(view, legal_actions) -> (action, delay) | None`` (see
:class:`Reactor`): after every action, :func:`hoyle.simulate.react` offers each seat
with legal actions and a ``react`` method the chance to act at once; the smallest
``delay`` acts first (seat order breaks ties), then the offer is made again on the new
state. A bot without ``react`` only ever acts on its turn.

Bots are found by name in the plugin registry (:attr:`hoyle.registry.Registry.bots`,
which always holds ``"random"``); build one with :func:`hoyle.plugins.make_bot` or
:meth:`hoyle.registry.Registry.make_bot`. This module names no registry, so plugins and
the registry may import it freely.

    >>> from hoyle.engine.actions import Action
    >>> bot = RandomBot(seed=3)
    >>> bot.choose({}, [Action("fold"), Action("call")]) in (Action("fold"), Action("call"))
    True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from hoyle._core import Rng
from hoyle.engine.actions import Action


@runtime_checkable
class Bot(Protocol):
    """A player: given its view (a read-only mapping with the keys of
    ``Game.view(seat)``) and the legal actions, return one of them."""

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action: ...


@runtime_checkable
class Reactor(Protocol):
    """A bot that may act out of turn: ``react`` returns the action and how long the
    bot takes to make it (any unit, smaller is faster), or None to let it pass. Draw
    any randomness from the bot's own seeded :class:`~hoyle.Rng`, so games replay."""

    def react(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> tuple[Action, float] | None: ...


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        return legal_actions[self.rng.below(len(legal_actions))]


def __getattr__(name: str) -> Any:
    """``hoyle.bots.make_bot``: deprecated since 0.1.1, removed in 0.3; use
    :func:`hoyle.make_bot` (the same function).

        >>> import warnings
        >>> with warnings.catch_warnings(record=True):
        ...     warnings.simplefilter("always")
        ...     import hoyle.bots
        ...     hoyle.bots.make_bot("random", seed=1).__class__.__name__
        'RandomBot'
    """
    if name == "make_bot":
        import importlib
        import warnings

        warnings.warn(
            "hoyle.bots.make_bot is deprecated (since 0.1.1, removed in 0.3): use hoyle.make_bot",
            DeprecationWarning,
            stacklevel=2,
        )
        return importlib.import_module("hoyle.plugins").make_bot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
