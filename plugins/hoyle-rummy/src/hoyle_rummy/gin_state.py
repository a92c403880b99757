"""The typed model of gin's public facts (``state.public``): what a table's hand records,
what the match records, and the phases. These are TypedDicts over the very dicts the
state holds, so they serialise to the same JSON; ``mypy --strict`` refuses a misspelled
key.

The two- and three-player games play one table whose facts (:class:`TableFacts`) sit in
``state.public`` itself beside the match's (:class:`GinPublic`); the four-player game
keeps one :class:`FourTableFacts` per table in ``public["tables"]``.

    >>> import hoyle
    >>> game = hoyle.new_game("gin-rummy", seed=1)
    >>> facts = table_facts(game.state.public)
    >>> facts["knock_limit"], facts["outcome"]
    (10, None)
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, Literal, NotRequired, TypedDict, cast

from hoyle import State, public_reader

#: The phases of a gin table: ``offer`` (the first up-card), ``draw``, ``discard``,
#: ``last-chance`` (option ``late_pickup``); a four-player table is ``deal`` before its
#: first turn and ``over`` once its hand has ended.
Phase = Literal["deal", "offer", "draw", "discard", "last-chance", "over"]

#: ``gin_phase(state)`` is ``state.phase`` as a gin :data:`Phase` (the one table's turn),
#: so mypy checks every comparison: C's ``attrgetter``, no cost and no check at run time.
gin_phase: Callable[[State], Phase] = attrgetter("phase")


class KnockOutcome(TypedDict):
    """How a knocked hand ended (``outcome``): the deadwood counts after the spread and
    the lay-offs."""

    knocker: int
    knocker_deadwood: int
    defender_deadwood: int
    gin: bool
    undercut: bool


class TableFacts(TypedDict):
    """The facts of one table's hand."""

    #: (first player, dealer): the first is offered the up-card first.
    players: list[int]
    #: None until the hand is knocked (or void).
    outcome: KnockOutcome | None
    #: The card just taken from the discard pile this turn, as text.
    taken: str | None
    #: Passes of the first up-card (two: the first player must draw from the stock).
    passes: int
    stock_only: bool
    #: A seat that took a discard only to knock (late pickup, retake) and must knock.
    must_knock: int | None
    #: Option ``retake``: the card the other player may take back only to knock.
    retake_card: str | None
    retake_barred: int | None
    #: Oklahoma gin: 2 on a spade deal.
    multiplier: int
    knock_limit: int


class FourTableFacts(TableFacts):
    """One table of the four-player game: its own zone prefix, phase and turn."""

    prefix: str
    phase: Phase
    to_act: int | None
    #: How the table's hand ended (``gin``, ``knock``, ``void``), once it has.
    end: NotRequired[str]


class TeamScore(TypedDict):
    """The four-player game: the team that scored a deal and how much."""

    team: int
    points: int


class GinPublic(TypedDict, total=False):
    """The match's facts (the keys each seating records)."""

    #: ``gin-rummy``: the points that win (100, or 125 for four players, or option ``target``).
    target: int
    #: Two and three players: boxes and hands won per seat.
    boxes: list[int]
    hands_won: list[int]
    dealer: int
    next_dealer: int
    hand_winner: int
    #: At the settlement: each player's total by seat (text).
    totals: dict[str, int]
    #: Four players: the two tables, the dealing partnership, the deal's team score.
    tables: list[FourTableFacts]
    dealing_team: int
    deal_team_score: TeamScore


def match_facts(public: dict[str, Any]) -> GinPublic:
    """``state.public`` read as the match's facts."""
    return cast(GinPublic, public)


def table_facts(public: dict[str, Any]) -> TableFacts:
    """``state.public`` read as the facts of the one table of the two- and three-player games."""
    return cast(TableFacts, public)


#: ``gin_public(state)`` is ``state.public`` as the match's facts (:class:`GinPublic`).
gin_public = public_reader(GinPublic)
#: ``one_table(state)`` is ``state.public`` as the facts of the one table of the two- and
#: three-player games (:class:`TableFacts`).
one_table = public_reader(TableFacts)
