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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from hoyle._core import Card, ObservationEncoder
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


# A feature may instead have ``add(state, seat, offset, idx, val)``, appending its nonzero
# entries (index ``offset + i``, value) to the two lists: they go into the vector with
# everything else in the Rust encoder's one call (faster than ``write``); with ``values(state,
# seat)`` too (its ``size`` numbers, a list), the only feature goes in as a block, without
# the index list (``Layout.encoder``). Or it may be an
# *order plane*, declared by ``order_of = "<zone name>"`` (its ``size`` the card width):
# ``1 / (1 + depth)`` at each card of that zone when the observer sees it (the top card
# 1.0; of a card's copies, the one nearest the top), written by the Rust encoder itself.


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
        self.phases = tuple(str(p) for p in phases)  # a variant's StrEnum as its plain text
        self.public = dict(public)
        self.features = tuple(features)
        self._fields = fields = self._blocks()
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
        native = [f for f in self.features if isinstance(getattr(f, "order_of", None), str)]
        rest = [f for f in self.features if f not in native]
        self._feature_items = tuple((f, self.offsets[f.name]) for f in rest if not hasattr(f, "add"))
        self._feature_adds = tuple((f.add, self.offsets[f.name]) for f in rest if hasattr(f, "add"))
        self._native = ObservationEncoder(
            self.size,
            players,
            self._scalar_at,
            dict(self._phase_index),
            [(key, off, length) for key, off, length in self._public_items],
            [(getattr(f, "order_of"), self.offsets[f.name]) for f in native],  # noqa: B009 - not in the protocol
            self._slots_of,
        )
        #: ``encode(state, seat)`` in its quickest form (see :meth:`_quickest_encoder`).
        self.encoder: Callable[[State, int], np.ndarray] = self._quickest_encoder(rest)

    def _blocks(self) -> list[tuple[str, int, str]]:
        """Every block of the observation in order, as (name, size, meaning): the card
        planes, the top cards, the seat and table facts, the zone counts, the public
        facts and the features."""
        fields: list[tuple[str, int, str]] = []
        for g in self.planes:
            fields.append((f"cards[{g}]", self.width, f"the cards of {g} that the observer sees, counted"))
        for t in self.tops:
            fields.append((f"top[{t}]", self.width, f"the top card of {t}, one-hot"))
        n = self.players
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
        return fields

    def _quickest_encoder(self, rest: Sequence[Feature]) -> Callable[[State, int], np.ndarray]:
        """``encode(state, seat)`` in its quickest form: the Rust encoder's own method
        when no feature writes its block in Python, or with the one feature's ``values``
        as a block when that is the only one, or with the features' ``add`` entries (no
        ``out``, no ``write`` feature to run after it); else :meth:`encode`. ``rest`` are
        the features the Rust encoder does not write itself."""
        if not self._feature_items:
            if not self._feature_adds:
                return self._native.encode
            if len(rest) == 1 and callable(values := getattr(rest[0], "values", None)):
                return _block_encoder(self._native.encode, values, self._feature_adds[0][1])
            return _adds_encoder(self._native.encode, self._feature_adds)
        return self.encode

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
        """The observation of ``seat``: a new array, or ``out`` (a float32 array of
        ``size`` entries) written over.

        One call into the Rust core (``hoyle._core.ObservationEncoder``) reads the zones,
        chips and public numbers; a feature's ``add`` entries go with it, a feature's
        ``write`` then fills its block (``benches/test_bench_rl.py``: the encoding share)."""
        idx: list[int] | None = None
        val: list[Any] | None = None
        if self._feature_adds:
            idx, val = [], []
            for add, off in self._feature_adds:
                add(state, seat, off, idx, val)
        if out is None:
            obs: np.ndarray = self._native.encode(state, seat, idx, val)
        else:
            self._native.encode_into(state, seat, out, idx, val)
            obs = out
        for feature, off in self._feature_items:
            feature.write(state, seat, obs[off : off + feature.size])
        return obs

    def extras(self, state: State, seat: int) -> tuple[list[int], list[Any]]:
        """The ``add`` features' entries for ``seat`` (the batch encoder's ``extras``)."""
        idx: list[int] = []
        val: list[Any] = []
        for add, off in self._feature_adds:
            add(state, seat, off, idx, val)
        return idx, val

    def encode_batch(self, states: Sequence[State], seats: Sequence[int], out: np.ndarray) -> np.ndarray:
        """Row ``i`` of ``out`` (``len(states)`` x ``size`` float32) becomes the
        observation of ``seats[i]`` in ``states[i]``, in one call into the Rust core."""
        extras = [self.extras(s, seat) for s, seat in zip(states, seats)] if self._feature_adds else None
        self._native.encode_batch(list(states), list(seats), out, extras)
        for feature, off in self._feature_items:
            for row, (state, seat) in enumerate(zip(states, seats)):
                feature.write(state, seat, out[row, off : off + feature.size])
        return out


def _block_encoder(
    encode: Callable[..., np.ndarray], values: Callable[[State, int], list[Any]], offset: int
) -> Callable[[State, int], np.ndarray]:
    """``encode(state, seat)`` with one feature's dense ``values`` at ``offset`` (what its
    ``add`` would append, without the index list)."""

    def encoder(state: State, seat: int) -> np.ndarray:
        return encode(state, seat, offset, values(state, seat))

    return encoder


def _adds_encoder(
    encode: Callable[..., np.ndarray], adds: Sequence[tuple[Callable[..., None], int]]
) -> Callable[[State, int], np.ndarray]:
    """``encode(state, seat)`` with the features' ``add`` entries (``adds``: each
    feature's ``add`` and offset)."""

    def encoder(state: State, seat: int) -> np.ndarray:
        idx: list[int] = []
        val: list[Any] = []
        for add, off in adds:
            add(state, seat, off, idx, val)
        return encode(state, seat, idx, val)

    return encoder


class _Slots(dict[Card, int]):
    """Card -> its plane index (:func:`~hoyle.rl.catalogue.card_slot`), made on first use."""

    def __missing__(self, card: Card) -> int:
        slot = self[card] = card_slot(card)
        return slot


_SLOT = _Slots()
#: Card -> its plane index, for features that build their own entries.
CARD_SLOTS: dict[Card, int] = _SLOT


def _relative(owner: int, seat: int, players: int) -> str:
    r = (owner - seat) % players
    return "self" if r == 0 else f"+{r}"


def _label(base: str, relative: str) -> str:
    head, star, _ = base.partition(":*")
    return f"{head}:{relative}{star}"


def group_labels(base: str, players: int) -> list[str]:
    """The groups of a seat's zone, one per relative seat."""
    return [_label(base, _relative(s, 0, players)) for s in range(players)]
