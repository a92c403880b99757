"""Poker hand evaluation and equity (the Rust core's evaluators).

Every evaluator returns a :class:`HandValue`: ordered (a better hand is greater, for
every hand type, lows included), hashable, with ``.category`` (a :class:`Category`),
``.cards`` (the cards that play) and ``describe()``::

    >>> from hoyle import poker
    >>> poker.evaluate("Kh Kd Ks 4c 4s 2d 9h").describe()
    'Full house, kings over fours'
    >>> poker.evaluate("As Ks Qs Js Ts 2c 3d").category
    <Category.STRAIGHT_FLUSH: 8>
    >>> poker.evaluate("As Ks Qs Js Ts").describe()
    'Royal flush'
    >>> a, b = poker.evaluate("Ah Ad 9c 9s Qh 3d 2c"), poker.evaluate("Ah Ad 9c 9s Jh 3d 2c")
    >>> a > b, a.describe()
    (True, 'Two pair, aces and nines, queen kicker')

Wild cards: jokers are always wild; ``wild="2"`` makes a rank wild, ``wild="2c 2d"``
names wild cards. A wild card may duplicate a card already held (that is how five of a
kind forms), but a flush always has five different ranks::

    >>> poker.evaluate("As Ad Ah Ac Jk").describe()
    'Five of a kind, aces'
    >>> poker.evaluate("2c 2d 2h 7s 8s", wild="2").describe()
    'Straight flush, jack high'
    >>> poker.evaluate("Kc Kd 7h 4s 2c Jk 9d", joker="bug").describe()
    'Pair of kings, ace-nine-seven kickers'

Other hand types::

    >>> poker.evaluate_omaha("Ah Kh Qh Jh", "Th 2c 3d 8s 4s").describe()
    'Ace high, king-ten-eight-four'
    >>> poker.evaluate_short_deck("As 6d 7c 8h 9s").describe()
    'Straight, nine high'
    >>> poker.evaluate_low("As 2d 3c 4h 5s Kd Kc").describe()
    'Five-four low: 5-4-3-2-A'
    >>> poker.evaluate_low("9s 7d 6c 4h 2s Kd Qc", rule="eight-or-better") is None
    True
    >>> poker.evaluate_low("7s 5d 4c 3h 2s", rule="deuce-to-seven").describe()
    'Seven-five low: 7-5-4-3-2'

Wild cards play in lows too, taking the best value for the low (ace-to-five: the lowest
rank not already held; deuce-to-seven: never a straight or flush if avoidable)::

    >>> poker.evaluate_low("As 2c 2d 4h 5s Kc", wild="2").describe()
    'Five-four low: 5-4-3-2-A'
    >>> poker.evaluate_low("3c 4d 5h 6s Jk", rule="deuce-to-seven").describe()
    'Eight-six low: 8-6-5-4-3'
    >>> poker.evaluate_badugi("4c 3d 2h As").describe()
    'Badugi: 4-3-2-A'
    >>> poker.evaluate_pai_gow_low("Jk Kd").describe()
    'Ace-king'

Many hands at once::

    >>> import numpy as np
    >>> values = poker.evaluate_batch(np.array([[51, 50, 49, 48, 47, 0, 13]], dtype=np.uint8))
    >>> int(values[0]) == poker.evaluate("As Ks Qs Js Ts 2c 2d").value
    True

Batch after batch into one buffer with ``out=`` (numpy's convention: a writeable,
C-contiguous ``(N,)`` ``uint32`` array, filled and returned)::

    >>> buffer = np.empty(2, dtype=np.uint32)
    >>> hands = np.array([[51, 50, 49, 48, 47, 0, 13], [12, 25, 38, 51, 0, 1, 2]], dtype=np.uint8)
    >>> poker.evaluate_batch(hands, out=buffer) is buffer
    True
    >>> [int(v) for v in buffer] == [poker.evaluate(h).value for h in ["As Ks Qs Js Ts 2c 2d", "Ac Ad Ah As 2c 3c 4c"]]
    True

Equity::

    >>> r = poker.equity(["Ah Kh", "Qs Qd"])
    >>> [round(e, 5) for e in r.equity], r.boards, r.exact
    ([0.46214, 0.53786], 1712304, True)

High-low split pots (eight or better) with ``hi_lo=True`` or ``game="omaha-hi-lo"``:
trip queens take the high half, two 8-4-3-2-A lows share the low half::

    >>> hands = ["Ah 4h Kd 5c", "Qc Qd 9h Tc", "As 4s 7d 7c"]
    >>> poker.equity(hands, "2c 3d 8s Js Qh", game="omaha", hi_lo=True).equity
    [0.25, 0.5, 0.25]

Ranges in the notation of the common tools, and their equity (``docs/poker-analysis.md``)::

    >>> r = poker.Range("QQ+,AKs")
    >>> len(r), str(r)
    (22, 'QQ+,AKs')
    >>> len(r.without("Ah 7c 2d"))    # three aces and AhKh hold the Ah
    18
    >>> e = poker.equity(["AKs", "QQ+,AK"], board="Ah 7c 2d")
    >>> e.exact, [round(x, 4) for x in e.equity]
    (True, [0.7154, 0.2846])

ICM (Malmuth-Harville) equity of stacks for a payout table::

    >>> [round(e, 4) for e in poker.icm([5000, 3000, 2000], [50, 30, 20])]
    [38.3929, 32.75, 28.8571]

See ``docs/poker.md`` for every ordering rule and the value encoding.
"""

from __future__ import annotations

from enum import IntEnum

from hoyle._core import (
    Equity,
    HandValue,
    Range,
    equity,
    evaluate,
    evaluate_badugi,
    evaluate_batch,
    evaluate_low,
    evaluate_omaha,
    evaluate_omaha_low,
    evaluate_pai_gow_low,
    evaluate_short_deck,
    icm,
)

__all__ = [
    "Category",
    "Equity",
    "HandValue",
    "Range",
    "equity",
    "evaluate",
    "evaluate_badugi",
    "evaluate_batch",
    "evaluate_low",
    "evaluate_omaha",
    "evaluate_omaha_low",
    "evaluate_pai_gow_low",
    "evaluate_short_deck",
    "icm",
]


class Category(IntEnum):
    """The category of a hand. High-hand categories are numbered in standard order
    (short-deck ranks ``FLUSH`` above ``FULL_HOUSE``; compare ``HandValue``s, not
    categories, to decide a pot). Badugi hands are ``ONE_CARD`` .. ``FOUR_CARD``
    (a four-card hand is a badugi). For low hands the category is that of the five
    cards read as a high hand (``HIGH_CARD`` means no pair)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9
    ONE_CARD = 10
    TWO_CARD = 11
    THREE_CARD = 12
    FOUR_CARD = 13
