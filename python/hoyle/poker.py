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

The ICM $EV of a short stack's all-in against its folding (:func:`push_fold`)::

    >>> d = poker.push_fold("Ah Ad", [800, 5000, 4200], [50, 30, 20], ["22+,A2+,K9+", "22+,A7+"],
    ...                     small_blind=100, big_blind=200, seed=0)
    >>> d.push, d.ev_push > d.ev_fold
    (True, True)

See ``docs/poker.md`` for every ordering rule and the value encoding.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import partial

from hoyle._core import (
    CardSet,
    Equity,
    HandClass,
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
from hoyle.errors import InvalidArgumentError

__all__ = [
    "Category",
    "Equity",
    "HandClass",
    "HandValue",
    "PushFold",
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
    "push_fold",
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


_HANDS_WITHOUT_TWO_CARDS = 1225  # two-card hands of the 50 cards the pusher does not hold


@dataclass(frozen=True)
class PushFold:
    """The ICM value of one all-in-or-fold decision (:func:`push_fold`), in the units of
    the payouts. ``seat`` is the pusher; ``call_probability[i]`` is the chance that the
    ``i``-th player behind calls when the action reaches them and ``call_equity[i]`` the
    pusher's all-in equity against that call (``None`` for a range that never calls);
    ``equity`` is the pusher's equity when called (averaged over who calls), ``None`` when
    nobody ever calls. ``chips_push`` and ``chips_fold`` are the expected chip stacks;
    ``exact`` is whether every equity was enumerated exactly."""

    seat: int
    ev_push: float
    ev_fold: float
    equity: float | None
    p_called: float
    call_probability: tuple[float, ...]
    call_equity: tuple[float | None, ...]
    chips_push: float
    chips_fold: float
    exact: bool

    @property
    def push(self) -> bool:
        """Whether pushing is worth more than folding."""
        return self.ev_push > self.ev_fold


def _invalid(name: str, value: object, reason: str) -> InvalidArgumentError:
    error = InvalidArgumentError(f"invalid argument {name}={value!r}: {reason}")
    error.name, error.value = name, str(value)
    return error


def _chips(name: str, value: float, *, positive: bool = False) -> float:
    try:
        amount = float(value)
    except (TypeError, ValueError):
        raise _invalid(name, value, "a number of chips") from None
    if not math.isfinite(amount) or amount < 0 or (positive and amount == 0):
        raise _invalid(name, value, "a finite number of chips, " + ("above 0" if positive else "at least 0"))
    return amount


def _posts(stacks: list[float], small_blind: float, big_blind: float, ante: float) -> list[float]:
    """What each player puts in before the action: the ante, and the blinds from the last
    two players (small blind, big blind). Every player must keep chips behind, and the
    pusher must hold more than anyone posted."""
    posts = [ante] * len(stacks)
    posts[-2] += small_blind
    posts[-1] += big_blind
    for i, (stack, post) in enumerate(zip(stacks, posts, strict=True)):
        if stack <= post:
            raise _invalid(f"stacks[{i}]", stack, f"must exceed the {post:g} chips posted (no all-in from the posts)")
    return posts


def _after_fold(stacks: list[float], posts: list[float], winner: int) -> list[float]:
    """The stacks when everyone still in folds to ``winner``, who takes the posts."""
    after = [s - p for s, p in zip(stacks, posts, strict=True)]
    after[winner] += sum(posts)
    return after


def _showdown(stacks: list[float], posts: list[float], pusher: int, caller: int) -> list[list[float]]:
    """The stacks after the pusher's all-in is called: pusher wins, split, caller wins.
    The pot is cut in layers at each contribution; a layer above the caller's all-in goes
    back to the pusher (the uncalled part of the bet, a folded blind above the call)."""
    put = list(posts)
    put[pusher] = stacks[pusher]
    put[caller] = min(stacks[caller], stacks[pusher])
    left = [s - c for s, c in zip(stacks, put, strict=True)]
    contested, below = 0.0, 0.0
    for level in sorted(set(put)):
        layer = sum(min(c, level) - min(c, below) for c in put)
        if put[caller] >= level:
            contested += layer
        else:
            left[pusher] += layer
        below = level
    outcomes = []
    for share in (1.0, 0.5, 0.0):
        after = list(left)
        after[pusher] += share * contested
        after[caller] += (1 - share) * contested
        outcomes.append(after)
    return outcomes


def _calling_range(i: int, text: Range | str, hand: CardSet) -> Range:
    r = Range(text).without(hand)
    if any(len(cards) != 2 for cards, _ in r):
        raise _invalid(f"calling[{i}]", str(text), "a range of two-card hold'em hands")
    return r


def push_fold(
    hand: str | CardSet,
    stacks: Sequence[float],
    payouts: Sequence[float],
    calling: Sequence[Range | str],
    *,
    small_blind: float,
    big_blind: float,
    ante: float = 0.0,
    samples: int = 100_000,
    seed: int | None = None,
    exact: bool | None = None,
    threads: int | None = None,
) -> PushFold:
    """The ICM $EV of pushing all-in with ``hand`` against folding it, pre-flop in hold'em.

    ``stacks`` are every player's chips before the blinds and antes, in pre-flop order of
    action: the last two post the small and big blind (heads-up: the button's small blind,
    then the big blind). ``calling`` holds one calling range (a :class:`Range` or its
    text) for each player after the pusher, in order, up to the big blind, so the pusher
    is ``stacks[len(stacks) - 1 - len(calling)]``; the players before the pusher have
    folded. Every player posts ``ante``.

    The model (docs/poker-analysis.md, "Push or fold"): each player behind calls with their
    range, in order, until one calls; then the rest fold. A player calls with the weighted
    share of their range among the 1225 hands without the pusher's cards (card removal of
    the pusher's hand only). A call is an all-in showdown with the range, by
    :func:`equity` (``samples``, ``seed``, ``exact``, ``threads`` as there). A fold
    gives the pot to the big blind. $EV is :func:`icm` of the stacks after each outcome,
    weighted by its probability.

    Two-place payout heads-up, where $EV is linear in chips: 72o pushing 1000 chips into
    a big blind who calls with any hand, blinds 100/200::

        >>> d = push_fold("7c 2d", [1000, 9000], [70, 30], ["random"], small_blind=100, big_blind=200, seed=0)
        >>> d.p_called, round(d.equity, 2), d.push
        (1.0, 0.35, False)

    Raises :class:`~hoyle.errors.InvalidArgumentError` naming a bad stack, blind, ante or
    calling range (and :func:`icm`'s, :class:`Range`'s and :func:`equity`'s errors).
    """
    cards = CardSet(hand)
    if len(cards) != 2:
        raise _invalid("hand", str(hand), "two hole cards")
    chips = [_chips(f"stacks[{i}]", s, positive=True) for i, s in enumerate(stacks)]
    if not 1 <= len(calling) < len(chips):
        raise _invalid("calling", len(calling), f"one range per player after the pusher: 1 to {len(chips) - 1} of them")
    posts = _posts(chips, _chips("small_blind", small_blind), _chips("big_blind", big_blind), _chips("ante", ante))
    pusher = len(chips) - 1 - len(calling)
    if chips[pusher] <= max(posts):
        raise _invalid(f"stacks[{pusher}]", chips[pusher], f"the pusher must hold more than the {max(posts):g} posted")
    ranges = [_calling_range(i, r, cards) for i, r in enumerate(calling)]
    fold = _after_fold(chips, posts, len(chips) - 1)
    ev_fold = icm(fold, payouts)[pusher]
    showdown = partial(equity, samples=samples, seed=seed, exact=exact, threads=threads)
    calls = [_Call.against(cards, r, showdown) for r in ranges]
    return _value(calls, chips, posts, pusher, payouts, ev_fold, fold[pusher])


@dataclass(frozen=True)
class _Call:
    """One player's call: how likely, and the pusher's showdown against it."""

    p: float
    result: Equity | None

    @staticmethod
    def against(cards: CardSet, r: Range, showdown: Callable[[list[CardSet | Range]], Equity]) -> _Call:
        p = r.size / _HANDS_WITHOUT_TWO_CARDS
        return _Call(p, showdown([cards, r]) if p else None)


def _value(
    calls: list[_Call],
    chips: list[float],
    posts: list[float],
    pusher: int,
    payouts: Sequence[float],
    ev_fold: float,
    chips_fold: float,
) -> PushFold:
    """Pushing's value: each player behind is the first to call with the chance that the
    ones before folded times theirs; nobody calls with what is left."""
    reach, ev, chips_ev, called, when_called = 1.0, 0.0, 0.0, 0.0, 0.0
    for caller, call in enumerate(calls, start=pusher + 1):
        if call.result is None:
            continue
        q = reach * call.p
        win, tie = call.result.win[0], call.result.tie[0]
        for w, after in zip((win, tie, 1 - win - tie), _showdown(chips, posts, pusher, caller), strict=True):
            ev += q * w * icm(after, payouts)[pusher]
            chips_ev += q * w * after[pusher]
        called += q
        when_called += q * call.result.equity[0]
        reach *= 1 - call.p
    everyone_folds = _after_fold(chips, posts, pusher)
    return PushFold(
        seat=pusher,
        ev_push=ev + reach * icm(everyone_folds, payouts)[pusher],
        ev_fold=ev_fold,
        equity=when_called / called if called else None,
        p_called=called,
        call_probability=tuple(c.p for c in calls),
        call_equity=tuple(c.result.equity[0] if c.result else None for c in calls),
        chips_push=chips_ev + reach * everyone_folds[pusher],
        chips_fold=chips_fold,
        exact=all(c.result.exact for c in calls if c.result),
    )
