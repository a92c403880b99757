"""hoyle: card-game rules engine - poker and rummy rules exactly right, fast, and open to
new variants through plugins.

    >>> import hoyle
    >>> hoyle.Card("As").rank, hoyle.Card("10h").suit
    ('A', 'h')
    >>> hand = hoyle.CardSet("As Kd Qh")
    >>> len(hand), hoyle.Card("Kd") in hand
    (3, True)
    >>> deck = hoyle.Deck.standard().shuffled(7)
    >>> len(deck)
    52
"""

from __future__ import annotations

from importlib import metadata as _metadata

from hoyle import errors, handhistory, ohh, phh, poker, rummy
from hoyle._core import Card, CardSet, Deck, Rng
from hoyle.bots import Bot, RandomBot
from hoyle.engine import Action, Event, EventKind, Game, State, Zone, new_game, public_reader
from hoyle.hookspecs import hookimpl
from hoyle.plugins import make_bot
from hoyle.registry import HouseRule, Option, Variant
from hoyle.simulate import SimulationResult, simulate

#: The installed distribution's version (defined once, in Cargo.toml).
__version__: str = _metadata.version("hoyle")


def variants() -> dict[str, Variant]:
    """The installed variants by name; each knows the distribution that provides it.

    >>> "war" in hoyle.variants()                              # doctest: +SKIP
    True
    """
    from hoyle.plugins import default_registry

    return dict(default_registry().variants)


def house_rules() -> dict[str, HouseRule]:
    """The installed house rules by name."""
    from hoyle.plugins import default_registry

    return dict(default_registry().house_rules)


__all__ = [
    "Action",
    "Bot",
    "Card",
    "CardSet",
    "Deck",
    "Event",
    "EventKind",
    "Game",
    "HouseRule",
    "Option",
    "RandomBot",
    "Rng",
    "SimulationResult",
    "State",
    "Variant",
    "Zone",
    "__version__",
    "errors",
    "handhistory",
    "hookimpl",
    "house_rules",
    "make_bot",
    "new_game",
    "ohh",
    "phh",
    "poker",
    "public_reader",
    "rummy",
    "simulate",
    "variants",
]
