"""Plugin discovery: built-ins, then the ``hoyle`` entry points, then strict checking.

    >>> from hoyle.plugins import get_plugin_manager
    >>> pm = get_plugin_manager(load_entrypoints=False)
    >>> sorted(pm.hook.__dict__)[:2]
    ['hoyle_apply_action', 'hoyle_check_action']

Environment switches:

* ``HOYLE_LOAD_PLUGINS=a,b`` loads only the entry points named ``a`` and ``b``
  (``HOYLE_LOAD_PLUGINS=`` loads none).
* ``HOYLE_TRACE_PLUGINS=1`` prints every hook call and its result to stderr.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from functools import lru_cache
from importlib.metadata import entry_points
from typing import Any

import pluggy

from hoyle import hookspecs
from hoyle.bots import Bot
from hoyle.errors import PluginError
from hoyle.registry import Registry

#: Modules registered before the entry points. The core names no variant: every game,
#: built-in or not, arrives through the ``hoyle`` entry-point group.
DEFAULT_PLUGINS: tuple[str, ...] = ()


def new_plugin_manager() -> pluggy.PluginManager:
    """An empty manager that knows hoyle's hook specifications."""
    pm = hookspecs.PluginManager()
    if os.environ.get("HOYLE_TRACE_PLUGINS"):
        pm.trace.root.setwriter(lambda message: print(message, end="", file=sys.stderr))
        pm.enable_tracing()
    return pm


def load_plugins(load_entrypoints: bool = True) -> tuple[pluggy.PluginManager, dict[str, str]]:
    """A manager with the built-ins and (unless disabled) every installed plugin, plus a
    map from plugin name to the distribution that provides it."""
    import importlib

    pm = new_plugin_manager()
    distributions: dict[str, str] = {}
    for module_name in DEFAULT_PLUGINS:
        pm.register(importlib.import_module(module_name), module_name)
        distributions[module_name] = "hoyle"
    if load_entrypoints:
        allow = os.environ.get("HOYLE_LOAD_PLUGINS")
        allowed = None if allow is None else {n.strip() for n in allow.split(",") if n.strip()}
        for ep in sorted(entry_points(group=hookspecs.NAME), key=lambda e: e.name):
            if allowed is not None and ep.name not in allowed:
                continue
            if pm.has_plugin(ep.name):
                continue
            try:
                plugin: Any = ep.load()
            except Exception as exc:  # a broken plugin must say which one it is
                raise PluginError(f"plugin {ep.name!r} ({ep.value}) failed to load: {exc}") from exc
            try:
                pm.register(plugin, name=ep.name)
            except PluginError as exc:
                raise PluginError(f"plugin {ep.name!r} ({ep.value}): {exc}") from exc
            distributions[ep.name] = ep.dist.name if ep.dist is not None else ep.name
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise PluginError(f"plugin {exc.plugin!r} implements a hook hoyle does not define: {exc}") from exc
    return pm, distributions


def get_plugin_manager(load_entrypoints: bool = True) -> pluggy.PluginManager:
    """A fresh plugin manager (tests use ``load_entrypoints=False`` and register what
    they need)."""
    return load_plugins(load_entrypoints)[0]


@lru_cache(maxsize=1)
def default_registry() -> Registry:
    """The registry of every installed plugin, built once per process (its ``bots``
    are the built-in bots and every plugin's)."""
    pm, distributions = load_plugins()
    return Registry(pm, distributions)


def make_bot(
    spec: str | Callable[..., Bot], seed: int, registry: Registry | None = None, level: str | None = None
) -> Bot:
    """Build a bot by name from ``registry`` (default: every installed plugin), or call
    a factory with ``seed=``. ``level`` (``"easy"``, ``"medium"``, ``"hard"``; or a name
    written ``"gin:hard"``) picks one of the bot's declared strengths (docs/bots.md).

        >>> type(make_bot("random", seed=1)).__name__
        'RandomBot'
    """
    return (registry or default_registry()).make_bot(spec, seed, level=level)
