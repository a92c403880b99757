"""Rummy meld search: exact deadwood, best discard, lay-offs, contracts - in Rust.

The engine under every rummy variant and bot. Hands are a string (``"7d 7s 7h 8h 9h"``),
a :class:`~hoyle.CardSet`, or any iterable of cards, including identical cards of
several packs (``"7h 7h#1"``) and jokers (``"Jk"``). Every function takes ``rules=``
(a :class:`MeldRules`, default gin rules; ``find_contract`` defaults to contract rummy).

    >>> from hoyle import rummy
    >>> arr = rummy.best_melds("7d 7s 7h 8h 9h")
    >>> print(arr)
    [7h 8h 9h] | deadwood 7d 7s = 14
    >>> rummy.deadwood("3h 4h 5h 6h 7h 9s Ts Js Qs Ks")  # two five-card runs: gin
    0
    >>> rummy.best_discard("2c 2h 3d 4d 4s 5d 5h 5s 6d 6h 6s").deadwood_value
    9
    >>> a = rummy.best_melds("5h 7h Jk Kc Qd", rummy.MeldRules.wrotham())
    >>> {str(w): str(p) for w, p in a.melds[0].wilds.items()}
    {'Jk': '6h'}
    >>> rummy.find_contract("2h 3h 4h 6s 7s 8s 9d", "2 runs").deadwood_value
    9
    >>> spread, answer = rummy.best_knock("5c 6c 7c 5d 6d 7d 5h 6h 7h 2s", "5s 7s Kh Qd Jd 9c 9h Ts 2d 3h")
    >>> [str(m) for m in spread]   # the runs: three sets would let the defender lay off 5s 7s
    ['5c 6c 7c', '5d 6d 7d', '5h 6h 7h']

Searches are exact (see ``docs/rummy.md`` for the algorithm): every arrangement of the
hand is reached by the search, branches that cannot beat the best found are cut. Ties on
deadwood value go to fewer deadwood cards, then to the first arrangement in the search
order, so results are deterministic.
"""

from __future__ import annotations

from hoyle._core import (
    Arrangement,
    Meld,
    MeldRules,
    all_melds,
    best_discard,
    best_knock,
    best_melds,
    best_opening,
    can_go_out,
    contract_of_deal,
    deadwood,
    deadwood_batch,
    declaration,
    find_contract,
    go_out,
    indian_count,
    knock_spreads,
    lay_off,
    opening_value,
)

__all__ = [
    "Arrangement",
    "Meld",
    "MeldRules",
    "all_melds",
    "best_discard",
    "best_knock",
    "best_melds",
    "best_opening",
    "can_go_out",
    "contract_of_deal",
    "deadwood",
    "deadwood_batch",
    "declaration",
    "find_contract",
    "go_out",
    "indian_count",
    "knock_spreads",
    "lay_off",
    "opening_value",
]
