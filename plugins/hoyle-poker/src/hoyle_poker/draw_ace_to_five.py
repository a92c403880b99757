"""Ace-to-five triple draw (docs/rules/poker.md#b5): lowball with aces low, straights and
flushes not counting, three draws and four fixed-limit betting rounds - the draw game
PokerStars deals as "Triple Draw A-5 Lowball". It plays on the draw games' rules
(:class:`hoyle_poker.draw.DrawRules`); only the hand value differs from deuce-to-seven.

    >>> import hoyle
    >>> game = hoyle.new_game("ace-to-five-triple-draw", players=2, seed=1)
    >>> game.phase
    'bet-1'
    >>> from hoyle import Card
    >>> wheel = [Card(c) for c in "5s 4s 3s 2s As".split()]  # a straight flush in high poker
    >>> ace_to_five_value(game.state, wheel) > ace_to_five_value(game.state, [Card(c) for c in "6d 4c 3h 2s Ac".split()])
    True
"""

from __future__ import annotations

from typing import Any

from hoyle import Card, State
from hoyle import poker as ev

from hoyle_poker.betting import FIXED_LIMIT
from hoyle_poker.draw import DrawRules
from hoyle_poker.flop import POSTS, betting_options, poker_variant

__all__ = ["ACE_TO_FIVE_TRIPLE", "VARIANTS", "ace_to_five_value"]


def ace_to_five_value(state: State, cards: list[Card]) -> Any:
    """Ace-to-five lowball: the lowest hand wins, aces low, straights and flushes do not
    count; a pair is worse than any five different ranks (greater is better)."""
    low = ev.evaluate_low(cards, rule="ace-to-five")
    assert low is not None  # every five cards make an ace-to-five hand
    return low.value


ACE_TO_FIVE_TRIPLE = poker_variant(
    "ace-to-five-triple-draw",
    DrawRules(cards=5, draws=3, value=ace_to_five_value),
    (*betting_options(FIXED_LIMIT), POSTS),
    "Ace-to-five triple draw: lowball with aces low, straights and flushes not counting (best 5-4-3-2-A);"
    " blinds, fixed limit, three draws, four betting rounds",
    players=(2, 6),
)

VARIANTS = (ACE_TO_FIVE_TRIPLE,)
