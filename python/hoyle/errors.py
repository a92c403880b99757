"""The hoyle exception tree.

Every error hoyle raises is a :class:`HoyleError`. Each leaf also subclasses the built-in
exception it matches, so ``except ValueError`` keeps working::

    >>> import hoyle
    >>> try:
    ...     hoyle.Card("Zz")
    ... except hoyle.errors.InvalidCardError as e:
    ...     print(e.token, e.position)
    Zz 0

The Rust core raises these same classes (it looks them up here by name), so errors from
Rust and from Python code are one tree.
"""

from __future__ import annotations

__all__ = [
    "DuplicateCardError",
    "HoyleError",
    "IllegalActionError",
    "InvalidArgumentError",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidMeldError",
    "InvalidOptionError",
    "PluginError",
    "ReplayError",
    "UnknownVariantError",
]


class HoyleError(Exception):
    """Root of every error hoyle raises."""


class InvalidCardError(HoyleError, ValueError):
    """Card text that cannot be parsed. ``token`` is the bad text, ``position`` its
    character offset in the input."""

    token: str
    position: int


class DuplicateCardError(HoyleError, ValueError):
    """The same physical card twice where cards must be distinct. ``card`` names it."""

    card: str


class InvalidHandError(HoyleError, ValueError):
    """A hand of the wrong size or shape for the operation (e.g. 4 cards to a 5-card
    evaluator)."""


class InvalidArgumentError(HoyleError, ValueError):
    """An argument out of range. ``name`` is the argument, ``value`` its text."""

    name: str
    value: str


class InvalidOptionError(HoyleError, ValueError):
    """An unknown or invalid variant option or house rule, named in the message."""


class UnknownVariantError(HoyleError, LookupError):
    """No installed plugin provides a variant of that name."""


class IllegalActionError(HoyleError, ValueError):
    """An action that the rules do not allow now. ``action``, ``seat`` and ``reason``
    say which, by whom and why; the game state is unchanged."""

    action: object
    seat: int | None
    reason: str


class PluginError(HoyleError, RuntimeError):
    """A plugin that is broken: a hook that matches no specification, a variant
    registered twice, a hook returning the wrong type."""


class ReplayError(HoyleError, ValueError):
    """A record (JSON game, hand history) that cannot be read or does not replay."""


class InvalidMeldError(HoyleError, ValueError):
    """Cards that do not form a meld under the meld rules in force (rummy), e.g. Q-K-A
    with aces low. The message names the cards and why."""
