"""The betting core's public state, typed: the keys :mod:`hoyle_poker.betting` keeps in
``state.public`` (plain JSON data every seat may see), so that mypy catches a misspelled
key or a value of the wrong type. The dict itself is unchanged (views, snapshots and
``to_json`` see the same keys); the betting core only annotates it::

    p: BettingPublic = state.public  # type: ignore[assignment]

    >>> from hoyle_poker.betting_public import BettingPublic
    >>> sorted(BettingPublic.__annotations__)[:4]
    ['acted', 'aggressor', 'alt_bet', 'arriving']
"""

from __future__ import annotations

from typing import TypedDict


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
