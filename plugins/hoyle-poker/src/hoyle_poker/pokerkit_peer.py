"""PokerKit as a peer, for the tests and benches that compare hoyle with it (PokerKit is
a test and bench extra, never a runtime dependency: importing this module does not
import it).

    >>> from hoyle_poker.pokerkit_peer import automations
    >>> len(automations())  # doctest: +SKIP
    10
"""

from __future__ import annotations

from typing import Any


def automations() -> tuple[Any, ...]:
    """Every PokerKit automation hoyle's own dealer and showdown also do (posting the
    forced bets, dealing and burning, showing or mucking, killing hands, pushing and
    pulling chips): the players' decisions are all that is left to play."""
    from pokerkit import Automation

    return (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
