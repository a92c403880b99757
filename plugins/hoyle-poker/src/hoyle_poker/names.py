"""The poker family's names: the phases outside the betting rounds, the zones and the
action kinds. ``Final`` string constants (the phases of each game's rounds are the
``Literal`` types of :mod:`hoyle_poker.betting_public`: :data:`FlopPhase`,
:data:`DrawPhase`, :data:`StudPhase`, and :data:`TablePhase` here), so the event log,
views and records hold the same plain strings while mypy refuses a misspelled name.

    >>> import hoyle
    >>> game = hoyle.new_game("texas-holdem", players=2, seed=1)
    >>> game.phase == STREETS[0], len(game.state.zone(Zones.BOARD).cards), Kind.CALL
    (True, 0, 'call')
"""

from __future__ import annotations

from typing import Final, Literal

from hoyle_poker.betting_public import DrawPhase, FlopPhase, StudPhase

#: A flop game's betting rounds, by street (then the runout choice, the showdown, over).
STREETS: tuple[FlopPhase, ...] = ("preflop", "flop", "turn", "river")
#: A stud game's streets, by the card each deals.
STUD_STREETS: tuple[StudPhase, ...] = ("third", "fourth", "fifth", "sixth", "seventh")
#: A draw game's betting rounds and draws, in turn (up to three draws).
BET_PHASES: tuple[DrawPhase, ...] = ("bet-1", "bet-2", "bet-3", "bet-4")
DRAW_PHASES: tuple[DrawPhase, ...] = ("draw-1", "draw-2", "draw-3")
#: The phase in which the players still in choose how many times to run the board.
RUNOUT: Final = "runout"
#: The manual showdown: the players still in show or muck in turn.
SHOWDOWN: Final = "showdown"

#: The table hand's phases: the betting round after each table card turned.
TablePhase = Literal["table-1", "table-2", "table-3", "table-4", "table-5", "showdown", "over"]
TABLE_PHASES: tuple[TablePhase, ...] = ("table-1", "table-2", "table-3", "table-4", "table-5")


class Zones:
    """The poker family's zone names (``hole:N`` and ``up:N`` per seat: :func:`hole`, :func:`up`)."""

    DECK: Final = "deck"  #: the engine's deck, dealt from
    BOARD: Final = "board"  #: the community cards (``board:2``, ``board:3`` for runs)
    TABLE: Final = "table"  #: the table hand's five cards, turned one by one
    DISCARDS: Final = "discards"  #: a draw game's discards, hidden


def hole(seat: int) -> str:
    """The zone of ``seat``'s hole cards.

    >>> hole(2)
    'hole:2'
    """
    return f"hole:{seat}"


def up(seat: int) -> str:
    """The zone of ``seat``'s face-up cards (stud).

    >>> up(0)
    'up:0'
    """
    return f"up:{seat}"


class Kind:
    """The poker family's action kinds (``Action.kind``): plain strings, so an action's
    text form is unchanged."""

    FOLD: Final = "fold"
    CHECK: Final = "check"
    CALL: Final = "call"
    BET: Final = "bet"
    RAISE: Final = "raise"
    BRING_IN: Final = "bring-in"
    DRAW: Final = "draw"
    DISCARD: Final = "discard"
    SHOW: Final = "show"
    MUCK: Final = "muck"
    EXPOSE: Final = "expose"
    LOOK: Final = "look"
    RUN: Final = "run"
    SIT: Final = "sit"
    SET: Final = "set"
