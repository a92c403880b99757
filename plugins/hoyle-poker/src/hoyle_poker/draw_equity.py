"""Monte Carlo equity and the discard in the draw games (five-card draw, deuce-to-seven
single and triple draw, ace-to-five triple draw, badugi) for the poker bot.

No range model applies (what an opponent holds after drawing follows no two-card
ordering), so every level of :class:`~hoyle_poker.bots.PokerBot` plays the draw games
from its pot share against random hands: each deal gives every modelled opponent a
random hand of the game's size from the cards the seat has not seen (its own, any card
shown) and, when a draw is still to come, completes the cards it keeps with random
replacements from the rest: one draw is modelled, whatever the number left, and the
opponents' draws are not (their hands are random). The showdown is the game's:
the best high hand (the turned rank wild in the wild-rank game), the best deuce-to-seven
or ace-to-five low, the best badugi; ties split.

At a draw it keeps the cards of the legal discard (standing pat included) with the most
equity so measured, every candidate scored on the same random deals (common random
numbers; ties go to the fewest cards drawn).

    >>> from hoyle import Rng
    >>> draw_equity("As Ad Ah Ks Kd".split(), 1, [], Rng(1), "high", deals=100) > 0.9
    True
    >>> best_discard("7h 5d 4c 3s 3d".split(), [(), ("3d",)], 1, [], Rng(1), "deuce-to-seven", deals=60)
    ('3d',)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hoyle import Rng
from hoyle import poker as ev

from hoyle_poker.random_cards import FULL_DECK, pot_share, random_cards

#: The draw variants' showdown rule, by variant name.
DRAW_GAMES = {
    "five-card-draw": "high",
    "deuce-to-seven-single-draw": "deuce-to-seven",
    "deuce-to-seven-triple-draw": "deuce-to-seven",
    "ace-to-five-triple-draw": "ace-to-five",
    "badugi": "badugi",
}
#: Deals scored per candidate discard at a draw.
DRAW_DEALS = 48
#: Draw rounds of each draw variant (three if not listed).
DRAWS = {"five-card-draw": 1, "deuce-to-seven-single-draw": 1}


def scorer(rule: str, wild_rank: str | None = None) -> Callable[[list[str]], ev.HandValue | None]:
    """The hand value of a showdown rule (greater is better; None: no hand)."""
    if rule == "badugi":
        return ev.evaluate_badugi
    if rule != "high":
        return lambda cards: ev.evaluate_low(cards, rule=rule)
    if wild_rank is None:
        return ev.evaluate
    return lambda cards: ev.evaluate(cards, wild=[c for c in cards if c[0] == wild_rank] or None)


def _setup(hand: Sequence[str], opponents: int, seen: Sequence[str]) -> tuple[list[str], int]:
    shown = {*hand, *seen}
    unseen = [c for c in FULL_DECK if c not in shown]
    opponents = max(1, min(opponents, (len(unseen) - len(hand)) // len(hand)))
    return unseen, opponents


def _score_keeps(
    hand: Sequence[str], keeps: Sequence[Sequence[str]], opponents: int, seen: Sequence[str], rng: Rng,
    rule: str, deals: int, wild_rank: str | None,
) -> list[float]:  # fmt: skip
    """Each kept set's mean pot share over the same random deals."""
    unseen, opponents = _setup(hand, opponents, seen)
    size = len(hand)
    value = scorer(rule, wild_rank)
    totals = [0.0] * len(keeps)
    need = min(len(unseen), size * (opponents + 1))
    for _ in range(deals):
        cards = random_cards(unseen, need, rng)
        others = [value(cards[o * size : (o + 1) * size]) for o in range(opponents)]
        fresh = cards[opponents * size :]
        for k, keep in enumerate(keeps):
            mine = [*keep, *fresh[: size - len(keep)]]
            totals[k] += pot_share([value(mine), *others])
    return [t / deals for t in totals]


def draw_equity(
    hand: Sequence[str], opponents: int, seen: Sequence[str], rng: Rng, rule: str = "high",
    deals: int = 384, wild_rank: str | None = None, draws_left: int = 0,
) -> float:  # fmt: skip
    """The pot share of ``hand`` against ``opponents`` random hands, the cards in
    ``seen`` out of play; with ``draws_left`` it first draws to the best kept set of any
    size (see the module doc)."""
    if not draws_left:
        return _score_keeps(hand, [hand], opponents, seen, rng, rule, deals, wild_rank)[0]
    keeps = [tuple(c for i, c in enumerate(hand) if mask >> i & 1) for mask in range(1 << len(hand))]
    return max(_score_keeps(hand, keeps, opponents, seen, rng, rule, max(1, deals // 8), wild_rank))


def best_discard(
    hand: Sequence[str], discards: Sequence[Sequence[str]], opponents: int, seen: Sequence[str], rng: Rng,
    rule: str = "high", deals: int = DRAW_DEALS, wild_rank: str | None = None,
) -> tuple[str, ...]:  # fmt: skip
    """The discard among ``discards`` (each a tuple of the cards thrown; ``()`` stands
    pat) whose kept cards score best (the first of equals)."""
    keeps = [[c for c in hand if c not in set(d)] for d in discards]
    scores = _score_keeps(hand, keeps, opponents, seen, rng, rule, deals, wild_rank)
    return tuple(discards[max(range(len(discards)), key=lambda k: (scores[k], -k))])
