"""The rummy refinement of the reinforcement-learning encodings (``hoyle.rl``): the
discard pile's order, which the derived card plane (a count per card) loses - in 500 Rum
a player may take a card deep in the pile with everything above it - and gin's knock,
which random play rarely reaches.

Feature ``discard_order`` (53 floats, one per card index, jokers sharing index 52): ``1 / (1 + depth)`` for
each card in the discard pile (the top card 1.0, the one under it 0.5...), 0 for a card
not in it (with several packs, the highest copy). The pile is face up: every seat sees it.

Feature ``known`` (53 floats per seat, the observer first, then the next seats): the
cards each seat is known to hold - the observer's own are the ones the others know of -
taken into a zone of its own (its hand) from a face-up zone of
nobody's (the discard pile), counted, less those it has since moved from its zones to a
face-up zone (discarded, melded, laid off). A card it
put face down (gin's knock card) stays known: the observer did not see which card went.
Everything it reads is public (the moves out of and into face-up zones).

    >>> import hoyle.rl
    >>> enc = hoyle.rl.encoding("500-rum")
    >>> [f["name"] for f in enc.describe()["observation"]][-2:]
    ['discard_order', 'known']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hoyle import hookimpl

_GIN = ("gin-rummy", "oklahoma-gin")


class DiscardOrder:
    """The ``discard_order`` feature (see the module docs): an *order plane* of the
    discard pile, which the encoder writes itself (``order_of``; docs/rl.md), and
    ``write`` here for any other caller."""

    name = "discard_order"
    doc = "each card in the discard pile: 1 / (1 + its depth from the top), 0 if not there"
    order_of = "discard"

    size = 53

    def write(self, state: Any, seat: int, out: Any) -> None:
        """Write the pile's cards into ``out`` (zeroed); with several packs only the
        copy nearest the top counts."""
        from hoyle.rl.observation import CARD_SLOTS

        zone = state.zones.get(self.order_of)
        if zone is None or not zone.cards or not zone.visible_to(seat):
            return
        depth = len(zone.cards)
        # bottom to top: a higher copy, later in the pile, replaces a lower one's value
        for i, card in enumerate(zone.cards):
            out[CARD_SLOTS[card]] = 1.0 / (depth - i)


WIDTH = 53


class _Known:
    """How far one event log has been read, and each seat's known cards so far
    (``cards[seat]``: plane index -> count)."""

    __slots__ = ("cards", "events", "read")

    def __init__(self, events: list[Any], players: int) -> None:
        self.events = events  # held, so that no other list can take its id while this is kept
        self.read = 0
        self.cards: list[dict[int, int]] = [{} for _ in range(players)]

    def advance(self, zones: Mapping[str, Any]) -> None:
        from hoyle.rl.observation import CARD_SLOTS

        events = self.events
        for i in range(self.read, len(events)):
            e = events[i]
            if not e.cards or e.type == "deal_start":
                if e.type == "deal_start":
                    for known in self.cards:
                        known.clear()
                continue
            data = e.data
            source, dest = zones.get(data.get("from", "")), zones.get(data.get("to", ""))
            if source is None or dest is None:
                continue
            if source.owner is None and source.visibility == "public" and dest.owner is not None:
                # (the destination's visibility is not asked: a hand is shown at the end)
                known = self.cards[dest.owner]
                for card in e.cards:
                    slot = CARD_SLOTS[card]
                    known[slot] = known.get(slot, 0) + 1
            elif source.owner is not None and dest.visibility == "public":
                known = self.cards[source.owner]
                for card in e.cards:
                    slot = CARD_SLOTS[card]
                    if known.get(slot, 0) > 1:
                        known[slot] -= 1
                    else:
                        known.pop(slot, None)
        self.read = len(events)


class KnownCards:
    """The ``known`` feature (see the module docs), read incrementally from each game's
    append-only event log."""

    name = "known"

    #: The most event logs whose reading is kept (a vector env of many games asks about each).
    KEEP = 256

    def __init__(self, players: int) -> None:
        self.players = players
        self.size = WIDTH * players
        self.doc = (
            f"the cards each seat is known to hold (taken face up, not since shown), {WIDTH} per seat, observer first"
        )
        self._scans: dict[int, _Known] = {}

    def _scan(self, state: Any) -> _Known:
        events = state.events
        scan = self._scans.get(id(events))
        if scan is None or scan.events is not events or scan.read > len(events):
            if len(self._scans) >= self.KEEP:
                self._scans.clear()
            scan = self._scans[id(events)] = _Known(events, self.players)
        if scan.read < len(events):
            scan.advance(state.zones)
        return scan

    def held(self, state: Any) -> tuple[list[Any], list[Any]]:
        """The two seats' known cards, by seat (two-player gin's compiled table)."""
        from hoyle import Card

        first, second = (
            [Card.from_index(i) for i, n in known.items() for _ in range(n)] for known in self._scan(state).cards
        )
        return first, second

    def add(self, state: Any, seat: int, offset: int, idx: list[int], val: list[float]) -> None:
        """Append the entries (``offset + i``, count)."""
        cards, n = self._scan(state).cards, self.players
        for r in range(n):
            at = offset + r * WIDTH
            for slot, count in cards[(seat + r) % n].items():
                idx.append(at + slot)
                val.append(count)

    def write(self, state: Any, seat: int, out: Any) -> None:
        idx: list[int] = []
        val: list[float] = []
        self.add(state, seat, 0, idx, val)
        for i, v in zip(idx, val):
            out[i] = v


def refinement(players: int, options: Mapping[str, Any]) -> Any:
    """Every rummy game's: the discard pile's order and the cards known in other hands;
    under a ``stock_limit``, the ``pass`` that ends play at the limit (random play seldom
    turns the pile over that often, and without it in the catalogue a seat at the limit
    could only take the discard, for ever)."""
    from hoyle.rl.encoding import Refinement, Template

    templates = (Template("pass", None, "plain"),) if options.get("stock_limit") else ()
    return Refinement(features=(DiscardOrder(), KnownCards(players)), templates=templates)


def gin_refinement(players: int, options: Mapping[str, Any]) -> Any:
    """Gin's own: the knock, which random play rarely reaches."""
    from hoyle.rl.encoding import Refinement, Template

    return Refinement(templates=(Template("knock", None, "card"),))


def is_rummy_game(variant: Any) -> bool:
    """Every variant of the rummy family, a third party's too (by capability, not name)."""
    return bool(variant.family == "rummy")


@hookimpl
def hoyle_register_rl_encodings(register: Any) -> None:
    register(is_rummy_game, refinement)
    for name in _GIN:
        register(name, gin_refinement)


@hookimpl
def hoyle_register_rl_kernels(register: Any) -> None:
    """Two-player gin's compiled table (:mod:`hoyle_rummy.gin_rl`, imported when asked)."""
    from hoyle_rummy.gin_rl import gin_kernel

    register("gin-rummy", gin_kernel)
