"""The poker refinement of the reinforcement-learning encodings (``hoyle.rl``): the bet
history by street, which the derived encoding (the current street's bets only) loses,
and the betting templates every betting game has, whether or not random play lists them.

Feature ``bet_history`` (``5 * players + 5`` floats): the chips each seat put in on each
street (streets 0..4, a later one counted in street 4; seats relative to the observer,
the observer first), then the number of bets and raises on each street. A street ends
when cards are dealt or drawn after a betting action (the blinds, antes and bring-in
count in street 0). Everything it reads is in every seat's view (the commits and action
texts of the event log).

Feature ``action_sequence`` (``5 * slots * (players + 8) + 5`` floats, ``slots = 2 *
players + 4`` per street): each street's betting actions in order, as OpenSpiel's
``universal_poker`` keeps them. Slot ``k`` of street ``s`` starts at ``(s * slots + k) *
(players + 8)``: who acted (one-hot, relative to the observer: the observer first), what
(one-hot over ``fold, check, call, bet, raise, bring-in, complete``), then the chips that
action put in divided by the pot before it (0 for a check or fold). Then the number of
betting actions on each street. **Overflow**: a street with more actions than slots keeps
its first ``slots - 1`` in order and the latest one in the last slot (the count says how
many there were). The blinds, antes and bring-in's forced chips are not actions (they are
in ``bet_history``); a bring-in chosen is. The encoding setting ``omit=["action_sequence"]``
leaves it out (the compact ``bet_history`` alone, as before).

    >>> import hoyle, hoyle.rl
    >>> enc = hoyle.rl.encoding("texas-holdem")
    >>> [f["name"] for f in enc.describe()["observation"]][-2:]
    ['bet_history', 'action_sequence']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hoyle import hookimpl

STREETS = 5
#: The betting actions, in the order of the ``action_sequence`` one-hot.
KINDS = ("fold", "check", "call", "bet", "raise", "bring-in", "complete")
_BETTING = frozenset(KINDS)
_KIND = {k: i for i, k in enumerate(KINDS)}
_AGGRESSIVE = ("bet", "raise")


def sequence_shape(players: int) -> tuple[int, int]:
    """``(slots per street, floats per slot)`` of ``action_sequence``."""
    return 2 * players + 4, players + len(KINDS) + 1


class _Scan:
    """How far one event log has been read, and the sums so far (mutated as it is read):
    the chips per street and seat as each observer orders them (``views[observer]``,
    street by street, the observer first), the bets and raises per street, and each
    observer's ``action_sequence`` (``seqs[observer]``)."""

    __slots__ = ("acts", "at", "betting", "events", "pot", "raises", "read", "seqs", "street", "touched", "views")

    def __init__(self, events: list[Any], players: int, seq_size: int) -> None:
        self.events = events  # held, so that no other list can take its id while this is kept
        self.read, self.street, self.betting = 0, 0, False
        self.views = [[0] * (STREETS * players) for _ in range(players)]
        self.raises = [0] * STREETS
        self.seqs = [[0.0] * seq_size for _ in range(players)]
        # each observer's entries of ``seqs`` ever written this deal, in order, once each
        self.touched: list[dict[int, None]] = [{} for _ in range(players)]
        self.acts = [0] * STREETS  # betting actions per street
        self.pot = 0  # chips in this deal so far
        self.at = -1  # the amount entry of the last action's slot (-1: none, or a commit not of an action)

    def advance(self, players: int, place: list[list[int]]) -> None:
        """Read the events appended since the last call (``place[observer][seat]``: the
        seat's entry in the observer's order)."""
        events = self.events
        street, betting, views, raises = self.street, self.betting, self.views, self.raises
        slots, width = sequence_shape(players)
        for i in range(self.read, len(events)):
            e = events[i]
            kind = e.type
            if kind == "commit":
                amount, at = e.data["amount"], street * players
                for view, where in zip(views, place[e.seat]):
                    view[at + where] += amount
                if self.at >= 0:
                    share = amount / max(self.pot, 1)
                    for seq in self.seqs:
                        seq[self.at] += share
                self.pot += amount
            elif kind == "action":
                word = e.data["action"].split(" ", 1)[0]
                self.at = -1
                if word in _BETTING:
                    betting = True
                    if word in _AGGRESSIVE:
                        raises[street] += 1
                    self._record(street, word, e.seat, place[e.seat], slots, width)  # its commits follow
            elif kind == "deal_start":
                street, betting = 0, False
                for view in views:
                    view[:] = [0] * len(view)
                raises[:] = [0] * STREETS
                for seq in self.seqs:
                    seq[:] = [0.0] * len(seq)
                for touched in self.touched:
                    touched.clear()
                self.acts[:] = [0] * STREETS
                self.pot, self.at = 0, -1
            elif e.cards and betting and kind not in ("reveal", "award"):
                street, betting = min(street + 1, STREETS - 1), False
                self.at = -1
        self.read, self.street, self.betting = len(events), street, betting

    def _record(self, street: int, word: str, seat: int, where: list[int], slots: int, width: int) -> None:
        """Write one betting action into every observer's sequence (see the module docs)."""
        n = self.acts[street]
        self.acts[street] = n + 1
        base = (street * slots + min(n, slots - 1)) * width
        players = len(where)
        count_at = STREETS * slots * width + street
        at = self.at = base + width - 1
        for seq, who, touched in zip(self.seqs, where, self.touched):
            if n >= slots - 1:  # overflow: the last slot holds the latest action
                seq[base : base + width] = [0.0] * width
            seq[base + who] = 1.0
            seq[base + players + _KIND[word]] = 1.0
            seq[count_at] = n + 1
            touched.update(dict.fromkeys((base + who, base + players + _KIND[word], count_at, at)))


class Scanner:
    """The scans of the event logs asked about, kept per log (``KEEP`` at most), shared
    by ``bet_history`` and ``action_sequence`` (one pass over the events serves both)."""

    #: The most event logs whose reading is kept (a vector env of many games asks about each).
    KEEP = 256

    def __init__(self, players: int) -> None:
        self.players = players
        slots, width = sequence_shape(players)
        self.seq_size = STREETS * slots * width + STREETS
        self._scans: dict[int, _Scan] = {}
        # place[seat][observer]: where the seat's chips go in the observer's order
        self._place = [[(seat - observer) % players for observer in range(players)] for seat in range(players)]

    def scan(self, state: Any) -> _Scan:
        """The scan of ``state``'s event log, read to its end."""
        events = state.events
        scan = self._scans.get(id(events))
        if scan is None or scan.events is not events or scan.read > len(events):
            if len(self._scans) >= self.KEEP:
                self._scans.clear()
            scan = self._scans[id(events)] = _Scan(events, self.players, self.seq_size)
        if scan.read < len(events):
            scan.advance(self.players, self._place)
        return scan


class BetHistory:
    """The ``bet_history`` feature (see the module docs), computed incrementally from
    the append-only event log of each game it is asked about."""

    name = "bet_history"
    doc = "chips put in per street (5 streets x seats, observer first), then bets and raises per street"

    def __init__(self, players: int, scanner: Scanner | None = None) -> None:
        self.players = players
        self.size = STREETS * players + STREETS
        self.scanner = scanner or Scanner(players)

    def values(self, state: Any, seat: int) -> list[int]:
        """The feature's numbers for ``seat`` (a new list)."""
        scan = self.scanner.scan(state)
        return scan.views[seat] + scan.raises

    def write(self, state: Any, seat: int, out: Any) -> None:
        out[:] = self.values(state, seat)

    def add(self, state: Any, seat: int, offset: int, idx: list[int], val: list[float]) -> None:
        """Append the entries (``offset + i``, value) instead of writing them."""
        idx += range(offset, offset + self.size)
        val += self.values(state, seat)


class ActionSequence:
    """The ``action_sequence`` feature (see the module docs), from the same scan; mostly
    zeros, so ``add`` appends only the entries written this deal (a dense block costs
    the encoder more than the rest of the observation)."""

    name = "action_sequence"

    def __init__(self, players: int, scanner: Scanner | None = None) -> None:
        self.players = players
        self.scanner = scanner or Scanner(players)
        self.size = self.scanner.seq_size
        slots, width = sequence_shape(players)
        self.doc = (
            f"each street's betting actions in order, {slots} slots of {width} (who, relative;"
            f" {'/'.join(KINDS)}; chips / pot before), then actions per street; overflow: the last slot the latest"
        )

    def dense(self, state: Any, seat: int) -> list[float]:
        """The feature's numbers for ``seat`` (a new list)."""
        return self.scanner.scan(state).seqs[seat][:]

    def write(self, state: Any, seat: int, out: Any) -> None:
        out[:] = self.dense(state, seat)

    def add(self, state: Any, seat: int, offset: int, idx: list[int], val: list[float]) -> None:
        """Append the entries (``offset + i``, value) written this deal."""
        scan = self.scanner.scan(state)
        touched, seq = scan.touched[seat], scan.seqs[seat]
        idx += map(offset.__add__, touched)
        val += map(seq.__getitem__, touched)


def refinement(players: int, options: Mapping[str, Any]) -> Any:
    from hoyle.rl.encoding import Refinement, Template

    templates = [Template(k, None, "plain") for k in ("fold", "check", "call")]
    templates += [Template(k, None, "bet") for k in _AGGRESSIVE]
    if options.get("showdown", "auto") != "auto":
        templates += [Template("show", None, "plain"), Template("muck", None, "plain")]
    scanner = Scanner(players)
    features = (BetHistory(players, scanner), ActionSequence(players, scanner))
    return Refinement(templates=tuple(templates), features=features)


def is_betting_game(variant: Any) -> bool:
    """Every variant on the betting core's rules (a third party's crazy pineapple too),
    by capability rather than by name."""
    from hoyle_poker.flop import BettingGameRules

    return isinstance(variant.rules, BettingGameRules)


@hookimpl
def hoyle_register_rl_encodings(register: Any) -> None:
    register(is_betting_game, refinement)
