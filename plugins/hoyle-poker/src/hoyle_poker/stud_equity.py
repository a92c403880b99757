"""Monte Carlo equity in the stud games (seven-card stud, stud hi-lo, razz) for the poker bot.

No range model applies here (the opponents' hidden cards follow no two-card ordering), so
every level of :class:`~hoyle_poker.bots.PokerBot` plays stud from its pot share against
random hidden cards: each deal gives every modelled opponent random down cards and
future cards from the cards the seat has not seen (its own, every up card on the table),
completes its own hand to seven cards, and scores the showdown: the best high hand
(``stud``), the best ace-to-five low (``razz``), or half the pot each to the best high
and the best eight-or-better low, the high taking all when nobody qualifies
(``stud-hi-lo``); ties split.

    >>> from hoyle import Rng
    >>> rolled_up = stud_equity(["As", "Ad", "Ah"], [["2c"]], [], Rng(1), "stud", deals=200)
    >>> rolled_up > 0.8
    True
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle import Rng
from hoyle import poker as ev

from hoyle_poker.random_cards import FULL_DECK, pot_share, random_cards

#: The stud games' names in the bot's tables (``hoyle_poker.bots.GAMES``).
STUD_GAMES = ("stud", "stud-hi-lo", "razz")
#: Cards in a finished stud hand.
SEVEN = 7


def _shares(hands: list[list[str]], game: str) -> float:
    """Seat 0's share of the pot at a showdown of these seven-card hands."""
    if game == "razz":
        return pot_share([ev.evaluate_low(h, "ace-to-five") for h in hands])
    high = pot_share([ev.evaluate(h) for h in hands])
    if game == "stud":
        return high
    lows = [ev.evaluate_low(h, "eight-or-better") for h in hands]
    if all(low is None for low in lows):
        return high
    return high / 2 + pot_share(lows) / 2


def stud_equity(
    mine: Sequence[str],
    opponents_up: Sequence[Sequence[str]],
    dead: Sequence[str],
    rng: Rng,
    game: str = "stud",
    deals: int = 384,
) -> float:
    """Seat 0's expected pot share holding ``mine`` (down and up cards) against opponents
    showing ``opponents_up`` (their up cards, one list each), ``dead`` cards seen
    elsewhere (folded hands' up cards), over ``deals`` random completions (see the
    module doc).

    >>> from hoyle import Rng
    >>> stud_equity("Kc Kd Ks Qh Qd Jc Jd".split(), [["As", "2d", "3c", "4h"]], [], Rng(1), "razz", 100) < 0.1
    True
    """
    seen = {*mine, *dead, *(c for up in opponents_up for c in up)}
    unseen = [c for c in FULL_DECK if c not in seen]
    needs = [SEVEN - len(mine)] + [SEVEN - len(up) for up in opponents_up]
    while sum(needs) > len(unseen) and len(needs) > 2:  # more hands than cards: model fewer
        needs.pop()
    known = [list(mine), *(list(up) for up in opponents_up)]
    total = 0.0
    for _ in range(deals):
        dealt = random_cards(unseen, sum(needs), rng)
        hands, at = [], 0
        for cards, need in zip(known, needs, strict=False):
            hands.append(cards + dealt[at : at + need])
            at += need
        total += _shares(hands, game)
    return total / deals
