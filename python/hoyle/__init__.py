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

from hoyle import errors, poker
from hoyle._core import Card, CardSet, Deck, Rng

__version__ = "0.1.0"

__all__ = [
    "Card",
    "CardSet",
    "Deck",
    "Rng",
    "errors",
    "poker",
    "__version__",
]
