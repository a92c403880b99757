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


class BetHistory:
    """The ``bet_history`` feature (see the module docs), computed incrementally from
    the append-only event log."""

    name = "bet_history"
    doc = "chips put in per street (5 streets x seats, observer first), then bets and raises per street"

    def __init__(self, players: int) -> None:
        self.players = players
        self.size = STREETS * players + STREETS
        # the last state read: (id of its event list, events read, street, betting seen, chips, raises)
        self._memo: tuple[int, int, int, bool, list[int], list[int]] | None = None

    def _scan(self, state: Any) -> tuple[list[int], list[int]]:
        events = state.events
        memo = self._memo
        if memo is not None and memo[0] == id(events) and memo[1] <= len(events):
            _, start, street, betting, chips, raises = memo
            chips, raises = list(chips), list(raises)
        else:
            start, street, betting = 0, 0, False
            chips, raises = [0] * (STREETS * self.players), [0] * STREETS
        n = self.players
        for e in events[start:]:
            kind = e.type
            if kind == "commit":
                chips[street * n + e.seat] += e.data["amount"]
            elif kind == "action":
                word = e.data["action"].split(" ", 1)[0]
                if word in _BETTING:
                    betting = True
                    if word in _AGGRESSIVE:
                        raises[street] += 1
            elif kind == "deal_start":
                street, betting = 0, False
                chips, raises = [0] * (STREETS * n), [0] * STREETS
            elif e.cards and betting and kind not in ("reveal", "award"):
                street, betting = min(street + 1, STREETS - 1), False
        self._memo = (id(events), len(events), street, betting, chips, raises)
        return chips, raises

    def values(self, state: Any, seat: int) -> list[int]:
        chips, raises = self._scan(state)
        n = self.players
        return [chips[s * n + (seat + r) % n] for s in range(STREETS) for r in range(n)] + raises

    def write(self, state: Any, seat: int, out: Any) -> None:
        out[:] = self.values(state, seat)

    def add(self, state: Any, seat: int, offset: int, idx: list[int], val: list[float]) -> None:
        """Append the entries (``offset + i``, value) instead of writing them."""
        values = self.values(state, seat)
        idx += range(offset, offset + len(values))
        val += values


def refinement(players: int, options: Mapping[str, Any]) -> Any:
    from hoyle.rl.encoding import Refinement, Template

    templates = [Template(k, None, "plain") for k in ("fold", "check", "call")]
    templates += [Template(k, None, "bet") for k in _AGGRESSIVE]
    if options.get("showdown", "auto") != "auto":
        templates += [Template("show", None, "plain"), Template("muck", None, "plain")]
    return Refinement(templates=tuple(templates), features=(BetHistory(players),))


@hookimpl
def hoyle_register_rl_encodings(register: Any) -> None:
    import hoyle

    for name, variant in hoyle.variants().items():
        if variant.distribution == "hoyle-poker" and name != "pai-gow":
            register(name, refinement)
