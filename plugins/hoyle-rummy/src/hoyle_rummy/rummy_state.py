"""The typed model of the rummy family's state: its public facts (``state.public``), its
phases, its zone names and its action kinds. Gin keeps its own model
(:mod:`hoyle_rummy.gin_state`); every other variant on :class:`~hoyle_rummy.turns.RummyTurns`
reads ``state.public`` as :class:`RummyPublic` through :data:`public`, and contract rummy
(which has its own turn) as :class:`ContractPublic` through :data:`contract_public`.

The models are TypedDicts over the very dicts the state holds (the same JSON, no copy,
no cost at run time), so ``mypy --strict`` refuses a misspelled key, phase, zone or kind:

    >>> import hoyle
    >>> game = hoyle.new_game("rummy", players=2, seed=1, options={"first_dealer": 0})
    >>> public(game.state)["melds"], game.state.phase == Phase.DRAW
    (0, True)
    >>> len(game.state.zone(Zones.DISCARD).cards), Kind.LAY_OFF
    (1, 'lay off')
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, TypedDict

from hoyle import State, public_reader
from hoyle.errors import PluginError


class Phase(StrEnum):
    """The rummy family's phases (``state.phase``; the engine sets ``"over"`` at the end)."""

    DRAW = "draw"  #: the turn's draw (stock or discard)
    PLAY = "play"  #: melds, lay-offs and the discard that ends the turn
    SECOND = "second"  #: Boat House rummy: the second draw of a turn
    STOP = "stop"  #: Michigan rummy's stop rule: the others are asked in turn
    STOP_DISCARD = "stop discard"  #: the stopper's discard


class Zones:
    """The rummy family's zone names (``hand_zone(seat)`` and ``meld_zone(k)`` in
    :mod:`hoyle_rummy.common` name the numbered ones)."""

    DECK: Final = "deck"  #: the engine's deck, dealt from
    STOCK: Final = "stock"  #: hidden, drawn from the top
    DISCARD: Final = "discard"  #: public, its top card last


class Kind:
    """The rummy family's action kinds (``Action.kind``): plain strings, so an action's
    text form is unchanged."""

    DRAW: Final = "draw"
    MELD: Final = "meld"
    LAY_OFF: Final = "lay off"
    DISCARD: Final = "discard"
    PASS: Final = "pass"
    COUNT: Final = "count"
    STOP: Final = "stop"
    KNOCK: Final = "knock"
    EXCHANGE: Final = "exchange"
    SWAP: Final = "swap"
    GO_OUT: Final = "go out"
    DROP: Final = "drop"
    DECLARE: Final = "declare"


class Outcome(TypedDict):
    """How a deal ended (``public["outcome"]``): the winner (None: nobody went out), each
    hand's count, and whether the winner went rummy (out in one turn)."""

    winner: int | None
    counts: list[int]
    rummy: bool


class Stop(TypedDict):
    """Michigan rummy's open stop: the discard, who threw it and who is still asked."""

    card: str
    discarder: int
    asked: list[int]


class RummyPublic(TypedDict, total=False):
    """The public facts of the variants on ``RummyTurns`` (each sets the keys its rules
    use; ``total=False``: a key is there once the variant has set it)."""

    #: The seat dealing this deal and the one dealing the next (set as a deal ends).
    dealer: int
    next_dealer: int
    #: Per-hand settlement: each seat's running chips.
    ledger: list[int]
    #: How many melds are on the table (zones ``meld:0`` ...).
    melds: int
    outcome: Outcome | None
    #: How many times the stock has run out and been replaced this deal.
    turnovers: int
    #: Per seat: melded or laid off this deal (``played``), melded at all (``has_melded``).
    played: list[bool]
    has_melded: list[bool]
    #: This turn: the card taken from the discard pile (text), melds laid, whether the
    #: seat has melded or laid off, whether it has counted the stock.
    taken: str | None
    melded_now: int
    played_now: bool
    counted: bool
    #: Opening games (Kaluki, Romme, Scala 40): who has opened, this turn's meld points,
    #: the card that must be used this turn (a taken discard, a won joker).
    opened: list[bool]
    turn_points: int
    must_use: str | None
    #: 500 rum: each seat's laid cards (text), which it scores.
    laid: list[list[str]]
    #: Michigan rummy: passes in a row with the stock empty, the open stop.
    passes: int
    stop: Stop | None
    #: Indian rummy: the cut wild rank, seats gone (dropped or out), the penalty by seat
    #: (text keys), who has drawn.
    wild_rank: str
    gone: list[int]
    penalty: dict[str, int]
    drew: list[bool]


class ContractMeld(TypedDict):
    """A meld on contract rummy's table: who laid it, a set or run, its cards and what
    each card plays as (text)."""

    owner: int
    kind: str
    cards: list[str]
    plays: list[str]


class ContractPublic(TypedDict):
    """Contract rummy's public facts (docs/rules/rummy.md, contract rummy)."""

    dealer: int
    contract: str
    hand_size: int
    #: Per seat: whether it has laid down this deal's contract.
    met: list[bool]
    melds: list[ContractMeld]
    #: Jokers on the table (text) and the card each plays as.
    jokers: dict[str, str]
    #: The cards just taken from the discard pile (a buy takes two), as text.
    taken: list[str] | None
    single_top: str | None
    must_use: str | None
    swapped: str | None
    out: int | None
    reshuffles: int


#: ``public(state)`` is ``state.public`` as :class:`RummyPublic` (mypy checks every key).
public = public_reader(RummyPublic)
#: ``contract_public(state)`` is ``state.public`` as :class:`ContractPublic`.
contract_public = public_reader(ContractPublic)


def deal_outcome(state: State) -> Outcome:
    """The ended deal's outcome (``public["outcome"]``), for its scoring hook; a
    :class:`~hoyle.errors.PluginError` when the deal ended without recording one.

        >>> import hoyle
        >>> game = hoyle.new_game("rummy", players=2, seed=1, options={"target": 1000})
        >>> hoyle.variants()["rummy"].rules.end_deal(game.state, "agreed", winner=1)
        >>> deal_outcome(game.state)["winner"]
        1
    """
    out = public(state).get("outcome")
    if out is None:
        raise PluginError(f"{state.variant}: deal {state.deal_number} ended without public['outcome']")
    return out


def deal_winner(state: State) -> int:
    """The winner of the ended deal, in a variant whose every deal has one (no void deal);
    a :class:`~hoyle.errors.PluginError` naming the deal otherwise."""
    winner = deal_outcome(state)["winner"]
    if winner is None:
        raise PluginError(f"{state.variant}: deal {state.deal_number} ended with no winner")
    return winner
