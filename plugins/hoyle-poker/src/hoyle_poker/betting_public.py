"""The betting core's public state, typed: the keys :mod:`hoyle_poker.betting` keeps in
``state.public`` (plain JSON data every seat may see), so that mypy catches a misspelled
key or a value of the wrong type. The dict itself is unchanged (views, snapshots and
``to_json`` see the same keys); the betting core only annotates it::

    p: BettingPublic = state.public  # type: ignore[assignment]

and the variants read it through :func:`hoyle.public_reader` as their own model, which
adds their keys to the betting core's: :data:`public` (every betting game: the
showdown), :data:`flop_public` (:class:`FlopPublic`: the runs of the board) and
:data:`draw_public` (:class:`DrawPublic`: the draw rounds). The phases are ``Literal``
types (:data:`FlopPhase`, :data:`DrawPhase`, :data:`StudPhase`), so a misspelled key or
phase is a mypy error.

    >>> from hoyle_poker.betting_public import BettingPublic
    >>> sorted(BettingPublic.__annotations__)[:4]
    ['acted', 'aggressor', 'alt_bet', 'arriving']
"""

from __future__ import annotations

from typing import Literal, TypedDict

from hoyle import public_reader

#: The phases of a flop game's hand (then ``"over"``, which the engine sets too).
FlopPhase = Literal["preflop", "flop", "turn", "river", "runout", "showdown", "over"]
#: The phases of a draw game: betting rounds and draws in turn, up to three draws.
DrawPhase = Literal["bet-1", "bet-2", "bet-3", "bet-4", "draw-1", "draw-2", "draw-3", "showdown", "over"]
#: The phases of a stud game: the streets by the card they deal.
StudPhase = Literal["third", "fourth", "fifth", "sixth", "seventh", "showdown", "over"]


class FrozenAction(TypedDict):
    """An action taken out of turn under ``procedure="cardroom"``, waiting for the seat's
    turn: its ``kind`` (``"deemed call"`` once a raise came in between), the total it was
    ``to``, the ``chips`` put in, the bet ``level`` it faced, and how many players were
    still to act ``before`` it."""

    kind: str
    to: int | None
    chips: int
    level: int
    before: int


class BettingPublic(TypedDict, total=False):
    """Every key of the betting core (docs/poker-games.md, "Public state")."""

    # the table: set by seat_hand
    button: int
    dealt: list[int]
    order: list[int]
    start: list[int]
    waiting: list[int]
    posting: list[int]
    arriving: list[list[int]]
    # the hand: set by start_hand
    structure: str
    min_bet: int
    bet_sizes: list[int]
    live: list[bool]
    dead: list[int]
    procedure: str
    penalty: int
    exposures: list[int]
    half_bet_reopens: bool
    fold_when_check: bool  # option fold_when_check="allow": a fold with nothing to call stands
    conventions: str
    # the round: reset by start_round
    street: int
    bets: list[int]
    to_call: int
    min_raise: int
    acted: list[int | None]
    raises: int
    aggressor: int | None
    full_to: int
    alt_bet: int | None
    range: list[int] | None
    frozen: list[FrozenAction | None]
    # stud: the seat that brings in
    bring_in: int
    # conventions="pokerkit": the round's increment, who acted since the last full raise,
    # the all-ins since, the largest blind, whether a short raise reopened the betting,
    # and the PokerKit rules that decided something in this hand
    pk_raise: int
    pk_acted: list[bool]
    pk_short: list[int]
    pk_top_blind: int
    pk_reopened: bool
    pokerkit_rules: list[str]
    # the showdown (every betting game): the order hands are shown in, and under
    # showdown="manual" the seats still to show or muck
    showdown_order: list[int]
    to_show: list[int]


class FlopPublic(BettingPublic, total=False):
    """A flop game's public state: the betting core's, and when the board is run more
    than once ``run_from``, the street (1: the flop, 2 the turn, 3 the river) the runs
    start from, and ``runs``, how many; with ``run_it="ask"``, each seat's choice
    (``run_choices``, None before it chose) and the seats still to choose
    (``to_choose``)."""

    run_from: int
    runs: int
    run_choices: list[int | None]
    to_choose: list[int]
    # a variant's decision rounds between streets (FlopRules.decisions): the street
    # whose round was held last this hand, and the seats still to decide in it
    decided: int
    to_decide: list[int]


class DrawPublic(BettingPublic, total=False):
    """A draw game's public state: the betting core's, and the draws: ``draw_round``
    (draws so far, the current one included), ``to_draw`` (the seats still to draw this
    round, in order) and ``drawn`` (cards each seat drew in the last draw, None before
    it drew)."""

    draw_round: int
    to_draw: list[int]
    drawn: list[int | None]


#: ``public(state)``: ``state.public`` as :class:`BettingPublic`.
public = public_reader(BettingPublic)
#: ``flop_public(state)``: ``state.public`` as :class:`FlopPublic`.
flop_public = public_reader(FlopPublic)
#: ``draw_public(state)``: ``state.public`` as :class:`DrawPublic`.
draw_public = public_reader(DrawPublic)
