"""The poker refinement of the reinforcement-learning encodings (``hoyle.rl``): the bet
history by street, which the derived encoding (the current street's bets only) loses,
and the betting templates every betting game has, whether or not random play lists them.

Feature ``bet_history`` (``5 * players + 5`` floats): the chips each seat put in on each
street (streets 0..4, a later one counted in street 4; seats relative to the observer,
the observer first), then the number of bets and raises on each street. A street ends
when cards are dealt or drawn after a betting action (the blinds, antes and bring-in
count in street 0). Everything it reads is in every seat's view (the commits and action
texts of the event log).

    >>> import hoyle, hoyle.rl
    >>> enc = hoyle.rl.encoding("texas-holdem")
    >>> [f["name"] for f in enc.describe()["observation"]][-1]
    'bet_history'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hoyle import hookimpl

STREETS = 5
_BETTING = frozenset({"check", "call", "bet", "raise", "fold", "bring-in", "complete"})
_AGGRESSIVE = ("bet", "raise")


class _Scan:
    """How far one event log has been read, and the sums so far (mutated as it is read):
    the chips per street and seat as each observer orders them (``views[observer]``,
    street by street, the observer first), and the bets and raises per street."""

    __slots__ = ("betting", "events", "raises", "read", "street", "views")

    def __init__(self, events: list[Any], players: int) -> None:
        self.events = events  # held, so that no other list can take its id while this is kept
        self.read, self.street, self.betting = 0, 0, False
        self.views = [[0] * (STREETS * players) for _ in range(players)]
        self.raises = [0] * STREETS

    def advance(self, players: int, place: list[list[int]]) -> None:
        """Read the events appended since the last call (``place[observer][seat]``: the
        seat's entry in the observer's order)."""
        events = self.events
        street, betting, views, raises = self.street, self.betting, self.views, self.raises
        for i in range(self.read, len(events)):
            e = events[i]
            kind = e.type
            if kind == "commit":
                amount, at = e.data["amount"], street * players
                for view, where in zip(views, place[e.seat]):
                    view[at + where] += amount
            elif kind == "action":
                word = e.data["action"].split(" ", 1)[0]
                if word in _BETTING:
                    betting = True
                    if word in _AGGRESSIVE:
                        raises[street] += 1
            elif kind == "deal_start":
                street, betting = 0, False
                for view in views:
                    view[:] = [0] * len(view)
                raises[:] = [0] * STREETS
            elif e.cards and betting and kind not in ("reveal", "award"):
                street, betting = min(street + 1, STREETS - 1), False
        self.read, self.street, self.betting = len(events), street, betting


class BetHistory:
    """The ``bet_history`` feature (see the module docs), computed incrementally from
    the append-only event log of each game it is asked about."""

    name = "bet_history"
    doc = "chips put in per street (5 streets x seats, observer first), then bets and raises per street"

    #: The most event logs whose reading is kept (a vector env of many games asks about each).
    KEEP = 256

    def __init__(self, players: int) -> None:
        self.players = players
        self.size = STREETS * players + STREETS
        self._scans: dict[int, _Scan] = {}
        # place[seat][observer]: where the seat's chips go in the observer's order
        self._place = [[(seat - observer) % players for observer in range(players)] for seat in range(players)]

    def _scan(self, state: Any) -> _Scan:
        events = state.events
        scan = self._scans.get(id(events))
        if scan is None or scan.events is not events or scan.read > len(events):
            if len(self._scans) >= self.KEEP:
                self._scans.clear()
            scan = self._scans[id(events)] = _Scan(events, self.players)
        if scan.read < len(events):
            scan.advance(self.players, self._place)
        return scan

    def values(self, state: Any, seat: int) -> list[int]:
        """The feature's numbers for ``seat`` (a new list)."""
        scan = self._scan(state)
        return scan.views[seat] + scan.raises

    def write(self, state: Any, seat: int, out: Any) -> None:
        out[:] = self.values(state, seat)

    def add(self, state: Any, seat: int, offset: int, idx: list[int], val: list[float]) -> None:
        """Append the entries (``offset + i``, value) instead of writing them."""
        idx += range(offset, offset + self.size)
        val += self.values(state, seat)


def refinement(players: int, options: Mapping[str, Any]) -> Any:
    from hoyle.rl.encoding import Refinement, Template

    templates = [Template(k, None, "plain") for k in ("fold", "check", "call")]
    templates += [Template(k, None, "bet") for k in _AGGRESSIVE]
    if options.get("showdown", "auto") != "auto":
        templates += [Template("show", None, "plain"), Template("muck", None, "plain")]
    return Refinement(templates=tuple(templates), features=(BetHistory(players),))


def is_betting_game(variant: Any) -> bool:
    """Every variant on the betting core's rules (a third party's crazy pineapple too),
    by capability rather than by name."""
    from hoyle_poker.flop import BettingGameRules

    return isinstance(variant.rules, BettingGameRules)


@hookimpl
def hoyle_register_rl_encodings(register: Any) -> None:
    register(is_betting_game, refinement)
