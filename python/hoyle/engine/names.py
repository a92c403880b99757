"""The engine's names: the kinds of event its operations log (``Event.type``), the zone
every deal starts in, and the two phases the engine itself sets.

They are ``Final`` string constants, not enum members: the event log, the views, saved
records and pickles hold the same plain strings as before, and mypy still refuses a
misspelled name (``EventKind.MOEV`` is an error where ``"moev"`` was not). Variant
families name their own phases (a ``StrEnum`` per family), zones and action kinds the
same way (``hoyle_rummy.rummy_state``, ``hoyle_war``, ``hoyle_parlor``).

    >>> from hoyle import Deck, State
    >>> s = State(variant="demo", players=("a", "b"), options={}, deck=Deck("As Kd"))
    >>> s.move_top(DECK, DECK)[0], s.events[-1].type == EventKind.MOVE, s.phase == SETUP
    (Card('As'), True, True)
"""

from __future__ import annotations

from typing import Final


class EventKind:
    """The kinds of event the engine's operations log. Variants log kinds of their own
    too (``state.log("war")``, ``event="draw"`` on a card move): those are the family's.

        >>> EventKind.ACTION, EventKind.DEAL_END
        ('action', 'deal_end')
    """

    #: A card move (:meth:`~hoyle.State.move`, ``move_top``, ``move_pile``: the default kind).
    MOVE: Final = "move"
    #: A card dealt (:meth:`~hoyle.State.deal`'s default kind).
    DEAL: Final = "deal"
    #: A seat's action; its data is ``{"action": text}``.
    ACTION: Final = "action"
    #: Chips into the pot (:meth:`~hoyle.State.commit`) and out of it (``award``).
    COMMIT: Final = "commit"
    AWARD: Final = "award"
    #: A zone turned face up (:meth:`~hoyle.State.reveal`).
    REVEAL: Final = "reveal"
    #: Each deal's first event (its data ``{"deal": k}``) and its end (``{"reason": ...}``).
    DEAL_START: Final = "deal_start"
    DEAL_END: Final = "deal_end"
    #: The game's last event: its data is the result.
    MATCH_END: Final = "match_end"


#: The hidden zone every deal starts with, the deck's first card on top.
DECK: Final = "deck"

#: The phase of a state before its first deal, and of a finished game.
SETUP: Final = "setup"
OVER: Final = "over"
