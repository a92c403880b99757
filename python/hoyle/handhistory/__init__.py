"""Poker hand histories as users have them: PokerStars text (:mod:`.pokerstars`) and
Open Hand History JSON (:mod:`hoyle.ohh`), read into one neutral
:class:`~hoyle.handhistory.record.HandRecord` and replayed by the plugin that plays the
game (see :mod:`.games`); PHH lives in :mod:`hoyle.phh`.

    >>> from hoyle.handhistory import HandRecord, replay
    >>> HandRecord.__name__
    'HandRecord'
"""

from __future__ import annotations

from hoyle.handhistory.games import HistoryGame, history_games, record_of, replay
from hoyle.handhistory.record import HandRecord, Post, RecordAction, game_key

__all__ = ["HandRecord", "HistoryGame", "Post", "RecordAction", "game_key", "history_games", "record_of", "replay"]
