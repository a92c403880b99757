"""The poker bot's Monte Carlo pieces shared by its equity estimates (hold'em and Omaha in
:mod:`hoyle_poker.bots`, :mod:`hoyle_poker.stud_equity`, :mod:`hoyle_poker.draw_equity`):
the standard deck's card texts, random cards dealt from those unseen, and seat 0's pot
share at a showdown.

    >>> from hoyle import Rng
    >>> cards = random_cards(["As", "Kd", "7c", "2h"], 2, Rng(1))
    >>> len(cards), set(cards) <= {"As", "Kd", "7c", "2h"}
    (2, True)
    >>> pot_share([3, 5, 5]), pot_share([5, 5, 3]), pot_share([None, None])
    (0.0, 0.5, 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hoyle import Deck, Rng

#: The standard deck's card texts.
FULL_DECK = [str(c) for c in Deck.standard()]


def random_cards(unseen: Sequence[str], need: int, rng: Rng) -> list[str]:
    """``need`` cards dealt at random from ``unseen`` (a partial Fisher-Yates shuffle of a
    copy: ``need`` draws from ``rng``), in the order dealt."""
    pool = list(unseen)
    for i in range(need):
        j = i + rng.below(len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:need]


def pot_share(values: Sequence[Any]) -> float:
    """Seat 0's share of a pot won by the best of ``values`` (None: no hand, as a low that
    does not qualify), ties split."""
    best = max((v for v in values if v is not None), default=None)
    if best is None or values[0] != best:
        return 0.0
    return 1 / sum(1 for v in values if v == best)
