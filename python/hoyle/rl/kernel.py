"""Compiled tables: decision sequences a variant's plugin plays in compiled code.

The Python rules are the reference and the only dealer. For the encodings a plugin
registers a kernel for (``hoyle_register_rl_kernels``; today plain two-player gin, one
deal: ``hoyle_rummy.gin_rl``), :func:`new_table` deals the game in Python exactly as
:meth:`Table.new <hoyle.rl.table.Table.new>` does, then hands the position to the
plugin's compiled deal, which plays the rest of the episode: legal actions, applying
them, the observation and the mask written straight from its own state in the
encoding's layout - the same numbers the generic encoder writes from the Python state,
checked step by step by tests/rl/test_kernel.py. The same seed gives the same episode
either way. Setting ``compiled=False`` (``aec_env``, ``gym_env``, ``openspiel_game``)
forces the Python :class:`~hoyle.rl.table.Table`.

    >>> import hoyle.rl
    >>> enc = hoyle.rl.encoding("gin-rummy", options={"deals": 1})
    >>> table = new_table(enc, seed=7)
    >>> isinstance(table, KernelTable), int(table.mask().sum())
    (True, 2)
    >>> table.game.state.phase  # the Python game, replayed on demand
    'offer'
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from hoyle.engine.actions import Action
from hoyle.engine.game import Game, new_game
from hoyle.errors import InvalidArgumentError
from hoyle.rl.encoding import Encoding
from hoyle.rl.table import Table

#: A plugin's maker: the Python game just after its deal -> the compiled table.
KernelMaker = Callable[[Game], "KernelTable"]
#: A plugin's factory: an encoding -> its maker, or None when the kernel does not play it.
KernelFactory = Callable[[Encoding], KernelMaker | None]


if TYPE_CHECKING:

    class CompiledDeal:
        """The per-step methods a compiled deal provides (its type stub derives from
        this), with the meaning :class:`~hoyle.rl.table.Table`'s have. For the type
        checker only: at run time the plugin's class puts the compiled base after
        :class:`KernelTable`, and nothing there may shadow its methods."""

        @property
        def seat(self) -> int | None:
            raise NotImplementedError

        @property
        def over(self) -> bool:
            raise NotImplementedError

        @property
        def stuck(self) -> bool:
            raise NotImplementedError

        @property
        def pending(self) -> list[int]:
            raise NotImplementedError

        @property
        def reacting(self) -> bool:
            raise NotImplementedError

        @property
        def taken_slots(self) -> list[int]:
            raise NotImplementedError

        def observe(self, seat: int) -> Any:
            raise NotImplementedError

        def observation(self, seat: int) -> dict[str, Any]:
            raise NotImplementedError

        def observe_into(self, seat: int, out: Any) -> None:
            raise NotImplementedError

        def mask(self) -> Any:
            raise NotImplementedError

        def mask_for(self, seat: int | None) -> Any:
            raise NotImplementedError

        def slots(self) -> dict[int, Action | None]:
            raise NotImplementedError

        def action_at(self, slot: int) -> Action | None:
            raise NotImplementedError

        def step(self, slot: int) -> Action | None:
            raise NotImplementedError

        def take(self, action: Action | None) -> None:
            raise NotImplementedError

        def info(self, action: Action | None) -> dict[str, Any]:
            raise NotImplementedError

        def rewards(self, mode: str = "settlement") -> list[float]:
            raise NotImplementedError

        def copy_from(self, other: Any) -> None:
            raise NotImplementedError

        def forget(self) -> None:
            raise NotImplementedError

        def unmap(self) -> None:
            raise NotImplementedError

    _Compiled = CompiledDeal
else:
    _Compiled = object


class KernelTable(_Compiled):
    """The Python side of a compiled table: the replayed :attr:`game`, :meth:`clone`,
    pickling. A plugin's table class derives from this and from its compiled deal
    (first this, then the compiled class), which gives the per-step methods of
    :class:`CompiledDeal` the adapters call. :meth:`bind` sets the Python side."""

    enc: Encoding
    _start: Game
    _maker: KernelMaker
    _game: tuple[Game, int] | None

    def bind(self, enc: Encoding, start: Game, maker: KernelMaker) -> None:
        """Record the encoding, the Python game the deal started from (kept as it was
        dealt) and the maker (for :meth:`clone`)."""
        self.enc, self._start, self._maker, self._game = enc, start, maker, None

    @property
    def game(self) -> Game:
        """The Python game with the actions taken so far replayed onto a copy of the
        deal (for rendering, bots, views and tests: never on the hot path). Read it, do
        not act on it: the compiled table does not see actions taken there."""
        taken = self.taken_slots
        cached = self._game
        if cached is None or cached[1] > len(taken):
            cached = (self._start.clone(), 0)
        game, done = cached
        names = self.enc.catalogue.names
        for slot in taken[done:]:
            listed = game.legal_actions()
            action = next((a for a in listed if a.text == names[slot]), None)
            if action is None:  # the kernel and the rules disagree: a bug, said loudly
                raise AssertionError(f"slot {slot} ({names[slot]}) is not legal in the replayed game")
            game.act(action)
        self._game = (game, len(taken))
        return game

    def reactions(self, seat: int) -> list[Action]:
        """No compiled table has a reaction phase."""
        return []

    def clone(self) -> KernelTable:
        """An independent copy (the same encoding and start)."""
        twin = self._maker(self._start)
        twin.copy_from(self)
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> KernelTable:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as the encoding's arguments, the deal's record and the slots taken."""
        return (_restore, (self.enc.key, self._start.to_json(), list(self.taken_slots)))


@lru_cache(maxsize=1)
def _factories() -> dict[str, list[KernelFactory]]:
    """The kernel factories every installed plugin registers, by variant name."""
    from hoyle.plugins import default_registry

    found: dict[str, list[KernelFactory]] = {}

    def register(variant: str, factory: KernelFactory) -> None:
        if not callable(factory):
            raise InvalidArgumentError(f"rl kernel for {variant!r}: {factory!r} is not a factory (encoding -> maker)")
        found.setdefault(variant, []).append(factory)

    default_registry().plugin_manager.hook.hoyle_register_rl_kernels(register=register)
    return found


@lru_cache(maxsize=64)
def kernel_maker(enc: Encoding) -> KernelMaker | None:
    """The maker of ``enc``'s compiled tables (None: no plugin's kernel plays it)."""
    for factory in _factories().get(enc.variant, []):
        maker = factory(enc)
        if maker is not None:
            return maker
    return None


def new_table(enc: Encoding, seed: int, compiled: bool = True) -> Table | KernelTable:
    """The table of the game of ``seed``: a compiled one where a plugin's kernel plays
    the encoding (unless ``compiled`` is False), else the Python :class:`Table`."""
    maker = kernel_maker(enc) if compiled else None
    if maker is None:
        return Table.new(enc, seed)
    return maker(
        new_game(enc.variant, players=enc.players, seed=seed, options=enc.options, house_rules=enc.house_rules)
    )


def _restore(key: str, record: str, slots: list[int]) -> KernelTable:
    from hoyle.rl.encoding import _cached

    enc = _cached(key)
    maker = kernel_maker(enc)
    if maker is None:
        raise InvalidArgumentError(
            f"{enc.variant}: no compiled table plays this encoding here (its plugin is missing?)"
        )
    table = maker(Game.from_json(record))
    for slot in slots:
        table.step(slot)
    return table


#: Any table the adapters play: the Python one or a compiled one.
AnyTable = Table | KernelTable

__all__ = ["AnyTable", "KernelFactory", "KernelMaker", "KernelTable", "kernel_maker", "new_table"]
