"""The observation: one flat float32 vector per seat, derived from what the engine knows.

Blocks, in order (:meth:`Layout.fields` lists each with its offset and size):

1. **Card planes**, ``width`` long each (52, or 53 with jokers), counting copies: one per
   *zone group* - a zone owned by (or numbered for) a seat is named relative to the
   observer (``hand:self``, ``hand:+1``...), numbered zones of no seat are merged
   (``meld:*``), any other zone is its own group (``discard``, ``board``). A plane holds
   only the cards the observer may see (``Zone.visible_to``); hidden cards add nothing.
2. **Top-card planes**: for each public single zone (a discard pile, the centre pile), a
   one-hot of its top card.
3. **Scalars**: the observer's seat (one-hot, absolute), the seat to act (one-hot,
   relative to the observer: index 0 is the observer, the last entry means nobody),
   the phase (one-hot over the phases seen, last entry any other), the deal number,
   the pot, then per seat (relative order) stacks, chips committed and match scores,
   the card count of every zone group (public: every view shows counts), and the
   variant's public numbers (``state.public``: numbers, booleans and lists of them,
   in seat order as the variant keeps them, None as 0).
4. **Refinement features** a variant adds through ``hoyle_register_rl_encodings``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from hoyle._core import Card
from hoyle.engine.state import State, Zone
from hoyle.rl.catalogue import card_slot

#: The observation space's bounds (every value is a count, chips, points or a flag).
BOUND = 1e9


class Feature(Protocol):
    """An observation block a variant adds: ``size`` numbers written by ``write`` into
    ``out`` (a zeroed float32 view) for ``seat``, from what ``seat`` may know only."""

    name: str
    size: int
    doc: str

    def write(self, state: State, seat: int, out: np.ndarray) -> None: ...


# A feature may also have ``add(state, seat, offset, idx, val)``, appending its nonzero
# entries (index ``offset + i``, value) to the two lists instead of writing into an
# array: the encoder then builds the whole vector in one numpy call (faster).


@dataclass(frozen=True)
class ZoneGroup:
    """How one zone is read: its group's base name and whether it is a seat's zone."""

    base: str
    seat: int | None  # the seat the zone belongs to (owner, or its number), else None


def classify_zone(name: str, zone: Zone, seat_numbered: frozenset[str]) -> ZoneGroup:
    """The group of a zone: a seat's zone (owned, or named ``base:N`` for a base that
    the deal creates once per seat, or ``base:N:M`` - seat ``N``'s ``M``-th), a merged
    numbered zone (``meld:*``) or itself."""
    base, _, suffix = name.partition(":")
    parts = suffix.split(":") if suffix else []
    if not parts or not all(p.isdigit() for p in parts):
        if zone.owner is not None and not suffix:
            return ZoneGroup(base, zone.owner)
        return ZoneGroup(name, None)
    rest = ":*" if len(parts) > 1 else ""
    if zone.owner is not None:
        return ZoneGroup(base + rest, zone.owner)
    if len(parts) > 1 or base in seat_numbered:
        return ZoneGroup(base + rest, int(parts[0]))
    return ZoneGroup(base + ":*", None)


def public_leaves(public: Mapping[str, Any]) -> dict[str, int]:
    """The numeric facts of ``state.public``: key -> 0 for a number, or the length of a
    list of numbers (booleans and None count as numbers)."""
    out: dict[str, int] = {}
    for key, value in public.items():
        if _is_number(value):
            out[key] = 0
        elif isinstance(value, list) and all(_is_number(v) for v in value):
            out[key] = len(value)
    return out


def _is_number(v: Any) -> bool:
    return v is None or isinstance(v, (bool, int, float))


class Layout:
    """Where each part of the observation lives, and the code that writes it."""

    def __init__(
        self,
        *,
        players: int,
        width: int,
        groups: Sequence[str],
        planes: Sequence[str],
        tops: Sequence[str],
        seat_numbered: frozenset[str],
        phases: Sequence[str],
        public: Mapping[str, int],
        features: Sequence[Feature] = (),
    ) -> None:
        self.players, self.width = players, width
        self.groups = tuple(groups)  # "hand:self", "hand:+1", "discard", "meld:*"...
        self.planes = tuple(g for g in self.groups if g in set(planes))  # the groups ever seen
        self.tops = tuple(tops)
        self.seat_numbered = seat_numbered
        self.phases = tuple(phases)
        self.public = dict(public)
        self.features = tuple(features)
        fields: list[tuple[str, int, str]] = []
        for g in self.planes:
            fields.append((f"cards[{g}]", width, f"the cards of {g} that the observer sees, counted"))
        for t in self.tops:
            fields.append((f"top[{t}]", width, f"the top card of {t}, one-hot"))
        n = players
        fields += [
            ("seat", n, "the observer's seat, one-hot"),
            ("to_act", n + 1, "the seat to act relative to the observer (0 = observer), last = nobody"),
            ("phase", len(self.phases) + 1, f"the phase, one-hot over {list(self.phases)}, last = other"),
            ("deal", 1, "the deal number (0 for the first)"),
            ("pot", 1, "chips in the pot"),
            ("stacks", n, "each seat's chips behind, observer first"),
            ("committed", n, "each seat's chips put in this deal, observer first"),
            ("scores", n, "each seat's match score, observer first"),
            ("counts", len(self.groups), "the number of cards in each zone group, seen or not"),
        ]
        for key, length in self.public.items():
            fields.append((f"public.{key}", max(length, 1), f"state.public[{key!r}] (None as 0)"))
        for f in self.features:
            fields.append((f.name, f.size, f.doc))
        self._fields = fields
        self.offsets: dict[str, int] = {}
        at = 0
        for name, size, _ in fields:
            self.offsets[name] = at
            at += size
        self.size = at
        self._group_index = {g: i for i, g in enumerate(self.groups)}
        self._plane_index = {g: i for i, g in enumerate(self.planes)}
        self._top_index = {t: i for i, t in enumerate(self.tops)}
        self._phase_index = {p: i for i, p in enumerate(self.phases)}
        # (zone name, owner, observer) -> (plane offset or -1, count offset, top offset or -1)
        self._zone_slots: dict[tuple[str, int | None, int], tuple[int, int, int]] = {}
        self._scalar_at = self.offsets["seat"]
        self._public_items = tuple((key, self.offsets[f"public.{key}"], length) for key, length in self.public.items())
        self._feature_items = tuple((f, self.offsets[f.name]) for f in self.features if not hasattr(f, "add"))
        self._feature_adds = tuple((f.add, self.offsets[f.name]) for f in self.features if hasattr(f, "add"))

    def fields(self) -> list[dict[str, Any]]:
        """Every block: name, offset, size and meaning."""
        return [{"name": n, "offset": self.offsets[n], "size": s, "doc": d} for n, s, d in self._fields]

    def _slots_of(self, name: str, zone: Zone, seat: int) -> tuple[int, int, int]:
        key = (name, zone.owner, seat)
        found = self._zone_slots.get(key)
        if found is None:
            g = classify_zone(name, zone, self.seat_numbered)
            label = g.base if g.seat is None else _label(g.base, _relative(g.seat, seat, self.players))
            i = self._group_index.get(label)
            p = self._plane_index.get(label)
            plane = -1 if p is None else p * self.width
            count = -1 if i is None else self.offsets["counts"] + i
            t = self._top_index.get(label)
            top = -1 if t is None else self.offsets[f"top[{label}]"]
            found = self._zone_slots[key] = (plane, count, top)
        return found

    def encode(self, state: State, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observation of ``seat`` (written into ``out`` when given).

        Every entry is gathered as an (index, value) pair and the vector made by one
        ``np.bincount`` (a numpy call per entry would cost more than the game's move)."""
        idx: list[int] = []
        val: list[Any] = []  # numbers: ints, floats, booleans
        slot_of = _SLOT.__getitem__
        zone_slots = self._zone_slots
        for name, zone in state.zones.items():
            cards = zone.cards
            if not cards:
                continue
            found = zone_slots.get((name, zone.owner, seat))
            plane, count, top = found if found is not None else self._slots_of(name, zone, seat)
            if count < 0:
                continue
            idx.append(count)
            val.append(len(cards))
            seen = zone.seen
            if plane >= 0 and (seen is None or seat in seen):
                idx += [plane + s for s in map(slot_of, cards)]
                val += [1.0] * len(cards)
                if top >= 0:
                    idx.append(top + slot_of(cards[-1]))
                    val.append(1.0)
        n = self.players
        at = self._scalar_at
        to_act = state.to_act
        phases = len(self.phases)
        idx += [
            at + seat,
            at + n + (n if to_act is None else (to_act - seat) % n),
            at + 2 * n + 1 + self._phase_index.get(state.phase, phases),
        ]
        val += [1.0, 1.0, 1.0]
        at += 2 * n + 2 + phases
        idx += [at, at + 1]
        val += [state.deal_number, state.pot]
        at += 2
        for values in (state.stacks, state.committed, state.scores):
            idx += range(at, at + n)
            val += values[seat:] + values[:seat]
            at += n
        public = state.public
        for key, off, length in self._public_items:
            value = public.get(key)
            if length == 0:
                if value is not None and value.__class__ in _NUMBERS:
                    idx.append(off)
                    val.append(value)
            elif value.__class__ is list:
                for i, v in enumerate(value[:length]):
                    if v is not None and v.__class__ in _NUMBERS:
                        idx.append(off + i)
                        val.append(v)
        for add, off in self._feature_adds:
            add(state, seat, off, idx, val)
        obs = np.bincount(idx, weights=val, minlength=self.size).astype(np.float32)
        for feature, off in self._feature_items:
            feature.write(state, seat, obs[off : off + feature.size])
        if out is not None:
            out[:] = obs
            return out
        return obs


class _Slots(dict[Card, int]):
    """Card -> its plane index (:func:`~hoyle.rl.catalogue.card_slot`), made on first use."""

    def __missing__(self, card: Card) -> int:
        slot = self[card] = card_slot(card)
        return slot


_SLOT = _Slots()
#: Card -> its plane index, for features that build their own entries.
CARD_SLOTS: dict[Card, int] = _SLOT
_NUMBERS = frozenset({int, float, bool})


def _relative(owner: int, seat: int, players: int) -> str:
    r = (owner - seat) % players
    return "self" if r == 0 else f"+{r}"


def _label(base: str, relative: str) -> str:
    head, star, _ = base.partition(":*")
    return f"{head}:{relative}{star}"


def group_labels(base: str, players: int) -> list[str]:
    """The groups of a seat's zone, one per relative seat."""
    return [_label(base, _relative(s, 0, players)) for s in range(players)]
