"""Simulated games played whole in compiled code (``hoyle_register_native_simulations``):
when a plugin has a native form of the variant under the run's options and of every
seat's bot, a chunk's games are played by one call into it instead of action by action,
with the same records the Python engine and bots give (docs/simulate.md, "Native games").

    >>> from hoyle.simulate.chunks import Job
    >>> native_runner(Job("texas-holdem", seed=1, games=4, chunk_size=4, bots=("random", "random"))) is not None
    True
    >>> native_runner(Job("texas-holdem", seed=1, games=4, chunk_size=4, bots=("poker", "random"))) is None
    True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hoyle.simulate.chunks import Job

#: ``runner(seed, first, games) -> (won, actions)``: see the hook's documentation.
Runner = Callable[[int, int, int], tuple[Any, Any]]


@cache
def _factories() -> dict[str, Callable[..., Runner | None]]:
    from hoyle.plugins import default_registry

    found: dict[str, Callable[..., Runner | None]] = {}

    def register(variant: str, factory: Callable[..., Runner | None]) -> None:
        found[variant] = factory

    default_registry().plugin_manager.hook.hoyle_register_native_simulations(register=register)
    return found


@cache
def _runner(variant: str, options: tuple[tuple[str, Any], ...], bots: tuple[str, ...]) -> Runner | None:
    from hoyle.engine.game import new_game

    factory = _factories().get(variant)
    if factory is None:
        return None
    # the options validated and completed as a game of the run would have them
    full = new_game(variant, players=len(bots), seed=0, options=dict(options)).state.options
    return factory(dict(full), list(bots))


def native_runner(job: Job) -> Runner | None:
    """The native form of the job's games, or None when the Python engine plays them:
    no plugin plays the variant natively under these options, a bot is not a name with
    a native form, house rules apply, or the games are kept (``keep_games``)."""
    if job.keep_games or job.house_rules or not all(isinstance(b, str) for b in job.bots):
        return None
    try:
        options = tuple(sorted(job.options.items()))
        hash(options)
    except TypeError:
        return None
    return _runner(job.variant, options, tuple(job.bots))  # names: checked above
