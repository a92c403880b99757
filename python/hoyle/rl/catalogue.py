"""The action catalogue: a fixed, finite numbering of a variant's actions.

Each legal :class:`~hoyle.Action` falls under one *template*, ``(kind, source, shape)``:

* ``plain``: no cards, amount or target (``draw stock``, ``fold``, ``slap``): one slot;
* ``card``: exactly one card (``discard Qs``, ``knock 9h``): one slot per card index
  (52, or 53 when the deck has jokers: every joker shares slot 52);
* ``bet``: an amount (``raise to 300``, ``bet to 2``): one slot per entry of the
  :class:`BetAbstraction` (minimum, pot fractions, all-in), the exact amount in ``info``;
* ``choice``: anything else (melds, multi-card discards, lay-offs on a meld): ``max_choices``
  slots, the legal actions of that template in canonical order (sorted by their cards'
  indices, then target) taking slots 0, 1, 2...

    >>> from hoyle import Action, Card
    >>> cat = Catalogue([Template("draw", "stock", "plain"), Template("discard", None, "card")], width=52)
    >>> cat.size, cat.names[0], cat.names[1 + Card("Qs").index]
    (53, 'draw stock', 'discard Qs')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

import numpy as np

from hoyle._core import Card, SlotIndex, action_mask
from hoyle.engine.actions import Action
from hoyle.engine.cache import BoundedCache
from hoyle.errors import InvalidArgumentError

#: The card-index width: 52 cards, plus one shared slot for jokers when the deck has any.
JOKER_SLOT = 52

PLAIN, CARD, BET, CHOICE = "plain", "card", "bet", "choice"

#: The most action objects a catalogue remembers (see ``Catalogue._known``).
_KNOWN_LIMIT = 1 << 12


class Template(NamedTuple):
    """A family of actions: the action word(s), the source word and the shape."""

    kind: str
    source: str | None
    shape: str

    @property
    def label(self) -> str:
        return self.kind if self.source is None else f"{self.kind} {self.source}"


def template_of(action: Action) -> Template:
    """The template an action falls under.

    >>> template_of(Action("raise", amount=300)), template_of(Action("draw", source="stock"))
    (Template(kind='raise', source=None, shape='bet'), Template(kind='draw', source='stock', shape='plain'))
    """
    if action.amount is not None:
        return Template(action.kind, action.source, BET)
    if action.target is None and len(action.cards) == 1:
        return Template(action.kind, action.source, CARD)
    if action.target is None and not action.cards:
        return Template(action.kind, action.source, PLAIN)
    return Template(action.kind, action.source, CHOICE)


def card_slot(card: Card) -> int:
    """A card's index in the planes and card slots (jokers share :data:`JOKER_SLOT`)."""
    return JOKER_SLOT if card.is_joker else card.index


def _sized_bet(key: tuple[str, str | None, int]) -> Action:
    """The bet action of a (kind, source, amount) the variant did not list."""
    kind, source, amount = key
    return Action(kind, amount=amount, source=source)


@dataclass(frozen=True)
class BetAbstraction:
    """How bet and raise amounts become a few discrete slots.

    ``sizes`` lists, in slot order: ``"min"`` (the smallest legal amount), ``"all-in"``
    (the largest), or a pot fraction ``f``: the total raised to is the largest bet
    on the street plus ``f`` times the pot after calling
    (``max(bets) + f * (pot + max(bets) - bets[seat])``, ``bets`` being the variant's
    ``public["bets"]``, this street's bets, or nothing), rounded down and clamped into
    the legal range.
    Several slots may give the same amount (a fixed-limit bet): all of them are legal.

        >>> BetAbstraction().labels
        ('min', '1/2 pot', 'pot', 'all-in')
    """

    sizes: tuple[str | float, ...] = ("min", 0.5, 1.0, "all-in")

    def __post_init__(self) -> None:
        if not self.sizes:
            raise InvalidArgumentError("bets=(): give at least one bet size")
        for s in self.sizes:
            if s not in ("min", "all-in") and not (
                isinstance(s, (int, float)) and not isinstance(s, bool) and 0 < s <= 100
            ):
                raise InvalidArgumentError(f"bet size {s!r}: use 'min', 'all-in' or a pot fraction in (0, 100]")

    @property
    def labels(self) -> tuple[str, ...]:
        out = []
        for s in self.sizes:
            if isinstance(s, str):
                out.append(s)
            else:
                f = Fraction(s).limit_denominator(100)
                out.append("pot" if f == 1 else f"{f} pot")
        return tuple(out)

    def amount(self, size: str | float, low: int, high: int, public: Mapping[str, Any], pot: int, seat: int) -> int:
        """The amount one size gives ``seat``, in ``low..high``."""
        return self.amounts(low, high, public, pot, seat, (size,))[0]

    def amounts(
        self,
        low: int,
        high: int,
        public: Mapping[str, Any],
        pot: int,
        seat: int,
        sizes: Sequence[str | float] | None = None,
    ) -> list[int]:
        """The amount of each of ``sizes`` (default: every size, in slot order)."""
        bets = public.get("bets")
        top = mine = 0
        if isinstance(bets, list) and 0 <= seat < len(bets) and all(map(_IS_INT, bets)):
            top, mine = max(bets), bets[seat]
        after_call = pot + top - mine

        def amount(size: str | float) -> int:
            if size == "min":
                return low
            if size == "all-in":
                return high
            if isinstance(size, str):
                raise InvalidArgumentError(f"bet size {size!r}: use 'min', 'all-in' or a pot fraction in (0, 100]")
            return min(high, max(low, int(top + size * after_call)))

        return [amount(s) for s in (self.sizes if sizes is None else sizes)]


_IS_INT = int.__instancecheck__


def bet_range(public: Mapping[str, Any], listed: Sequence[Action]) -> tuple[int, int]:
    """The legal amounts of a bet or raise: the variant's ``public["range"]`` when it
    gives one (the betting games do), else the smallest and largest listed amounts.
    (The one place that reads the range: a typed helper can replace it here.)"""
    amounts = [a.amount for a in listed if a.amount is not None]
    low, high = min(amounts), max(amounts)
    rng = public.get("range")
    if (
        isinstance(rng, list)
        and len(rng) == 2
        and isinstance(rng[0], int)
        and isinstance(rng[1], int)
        and rng[0] <= low <= high <= rng[1]
    ):
        return rng[0], rng[1]
    return low, high


class Catalogue:
    """The fixed action space of one encoding: ``size`` slots, each with a name."""

    def __init__(
        self,
        templates: Sequence[Template],
        width: int,
        bets: BetAbstraction | None = None,
        max_choices: int = 128,
    ) -> None:
        if max_choices < 1:
            raise InvalidArgumentError(f"max_choices={max_choices!r}: must be at least 1")
        self.width = width
        self.bets = bets or BetAbstraction()
        self.max_choices = max_choices
        self.templates = tuple(dict.fromkeys(templates))
        self.base: dict[Template, int] = {}
        names: list[str] = []
        for t in self.templates:
            self.base[t] = len(names)
            if t.shape == PLAIN:
                names.append(t.label)
            elif t.shape == CARD:
                names += [f"{t.label} {_card_name(i)}" for i in range(width)]
            elif t.shape == BET:
                names += [f"{t.label} {lab}" for lab in self.bets.labels]
            elif t.shape == CHOICE:
                names += [f"{t.label} #{i}" for i in range(max_choices)]
            else:
                raise InvalidArgumentError(f"template {t!r}: shape must be plain, card, bet or choice")
        self._canonical = {t: t for t in self.templates}
        self.names: tuple[str, ...] = tuple(names)
        self.size = len(names)
        # What each action object listed is (see _learn), by its id: variants hand out
        # the same action objects turn after turn (gin's discards, poker's fold and
        # sized raises), and an id is cheaper to look up than an action to hash. Each
        # entry keeps its action alive, so no other object can take its id while it is
        # there; cleared when it grows past _KNOWN_LIMIT.
        self._known: dict[int, tuple[Action, int, Template | None]] = {}
        #: The same slots, in Rust (``SlotIndex``): a decision whose actions are all known is
        #: mapped in one call (``map``, ``mask``), without a Python step per action; its
        #: ``action(legal, slot)`` gives the first action listed in a slot that depends on
        #: nothing else. It learns what _known learns; when that is emptied at its limit a
        #: new index replaces this one (its own limit is never reached first), and the old
        #: one keeps what it had for whoever holds it.
        self.index = SlotIndex(2 * _KNOWN_LIMIT)
        # The bet actions made for amounts the variant did not list, one per amount.
        self._sized: BoundedCache[tuple[str, str | None, int], Action] = BoundedCache(_sized_bet, _KNOWN_LIMIT)
        # The bet slots of a decision, by everything they are computed from (see
        # _bet_slots): a hold'em seat meets the same bets, pot and range hand after hand.
        # Each entry also holds the listed actions, so no other object can take one of
        # their ids while it is there.
        self._bet_cache: dict[tuple[Any, ...], tuple[tuple[tuple[int, Action], ...], tuple[Action, ...]]] = {}

    def slots(self, legal: Sequence[Action], public: Mapping[str, Any], pot: int, seat: int) -> dict[int, Action]:
        """Each reachable slot and the action it stands for, given ``seat``'s legal actions.
        Legal actions outside the catalogue are left out (see :meth:`missing`)."""
        known = self._known
        mapped = self.index.map(legal) if legal.__class__ is list else None
        grouped: dict[Template, list[Action]] | None = None
        if mapped is not None:  # every action learnt: the index gives the slots and the groups
            out, grouped = mapped
        else:
            out = {}
            for a in legal:
                hit = known.get(id(a))
                if hit is None:
                    hit = self._learn(a)
                slot = hit[1]
                if slot >= 0:
                    out.setdefault(slot, a)
                elif hit[2] is not None:  # a bet or a choice: its slot depends on the others
                    if grouped is None:
                        grouped = {}
                    grouped.setdefault(hit[2], []).append(a)
        if grouped:
            self._grouped_slots(grouped, public, pot, seat, out)
        return out

    def mask(
        self, legal: list[Action], public: Mapping[str, Any], pot: int, seat: int
    ) -> tuple[np.ndarray, dict[int, Action] | None, int]:
        """The reachable slots of ``seat``'s legal actions as an int8 mask, the slots whose
        action depends on the others listed (bets and choices) with their actions (None
        when there are none), and the number of slots reachable: what :meth:`slots` gives,
        in one Rust call (``SlotIndex.mask``) when every action has been learnt and the
        bet slots of the decision were met before (``SlotIndex.remember``). The other
        slots' actions: ``index.action``."""
        index = self.index
        found = index.mask(legal, self.size, public, pot, seat)
        if found is None:
            for a in legal:
                if id(a) not in self._known:
                    self._learn(a)
            index = self.index
            found = index.mask(legal, self.size, public, pot, seat)
            if found is None:  # the index was emptied at its limit while learning them
                slots = self.slots(legal, public, pot, seat)
                return action_mask(self.size, slots), slots, len(slots)
        mask, grouped, marked, extra = found
        if grouped is None:
            return mask, extra, marked
        if extra is None:
            extra = {}
        for t, acts in grouped.items():
            got: dict[int, Action] = {}
            self._grouped_slots({t: acts}, public, pot, seat, got)
            if t.shape == BET:
                index.remember(acts, public, pot, seat, list(got.items()))
            for slot in got:
                if not mask[slot]:
                    mask[slot] = 1
                    marked += 1
            extra.update(got)
        return mask, extra, marked

    def _grouped_slots(
        self,
        grouped: Mapping[Template, list[Action]],
        public: Mapping[str, Any],
        pot: int,
        seat: int,
        out: dict[int, Action],
    ) -> None:
        """Add the slots of the bets and choices to ``out``."""
        for t, acts in grouped.items():
            base = self.base[t]
            if t.shape == BET:
                self._bet_slots(t, base, acts, public, pot, seat, out)
            else:
                acts.sort(key=_choice_key)
                for i, a in enumerate(acts[: self.max_choices]):
                    out[base + i] = a

    def _learn(self, a: Action) -> tuple[Action, int, Template | None]:
        """Remember what ``a`` is: its slot when that depends on nothing else (-1 for a
        bet or a choice), and its template (None when the catalogue has none)."""
        t = template_of(a)
        base = self.base.get(t)
        if base is not None:
            t = self._canonical[t]  # one object per template: the index groups by identity first
        if base is None:
            found: tuple[Action, int, Template | None] = (a, -1, None)
        elif t.shape == PLAIN:
            found = (a, base, t)
        elif t.shape == CARD:
            found = (a, base + card_slot(a.cards[0]), t)
        else:
            found = (a, -1, t)
        if len(self._known) >= _KNOWN_LIMIT:
            self._known.clear()
            self.index = SlotIndex(2 * _KNOWN_LIMIT)
        self._known[id(a)] = found
        # The index's code: the slot, -1 for a bet or a choice (with its template), -2 for
        # no template.
        self.index.learn(a, found[1] if found[2] is not None else -2, found[2] if found[1] < 0 else None)
        return found

    def _bet_slots(
        self,
        t: Template,
        base: int,
        listed: list[Action],
        public: Mapping[str, Any],
        pot: int,
        seat: int,
        out: dict[int, Action],
    ) -> None:
        """Add the bet slots of template ``t`` to ``out``, computed once per decision
        (:meth:`_compute_bet_slots`) and remembered by what they are computed from: the
        listed actions (by id; the entry keeps them alive), ``public``'s ``range``,
        ``bets`` and ``structure``, the pot and the seat."""
        rng, bets = public.get("range"), public.get("bets")
        try:
            key = (
                t,
                pot,
                seat,
                public.get("structure"),
                tuple(rng) if rng.__class__ is list else rng,
                tuple(bets) if bets.__class__ is list else bets,
                *map(id, listed),
            )
            hit = self._bet_cache.get(key)
        except TypeError:  # an unhashable public value: computed every time
            key, hit = None, None
        if hit is None:
            hit = (self._compute_bet_slots(t, base, listed, public, pot, seat), tuple(listed))
            if key is not None:
                if len(self._bet_cache) >= _KNOWN_LIMIT:
                    self._bet_cache.clear()
                self._bet_cache[key] = hit
        out.update(hit[0])

    def _compute_bet_slots(
        self,
        t: Template,
        base: int,
        listed: list[Action],
        public: Mapping[str, Any],
        pot: int,
        seat: int,
    ) -> tuple[tuple[int, Action], ...]:
        """The bet slots of template ``t`` and their actions. At fixed limit (the variant's
        ``public["structure"]`` says ``"fixed-limit"``) only the listed amounts are
        legal, whatever the range: a size between two takes the one below it."""
        low, high = bet_range(public, listed)
        by_amount = {a.amount: a for a in listed}
        amounts = self.bets.amounts(low, high, public, pot, seat)
        if public.get("structure") == "fixed-limit":
            listed_amounts = sorted(a for a in by_amount if a is not None)
            amounts = [max((x for x in listed_amounts if x <= amount), default=listed_amounts[0]) for amount in amounts]
        sized = self._sized
        found = []
        for i, amount in enumerate(amounts):
            action = by_amount.get(amount)
            if action is None:
                action = by_amount[amount] = sized[t.kind, t.source, amount]
            found.append((base + i, action))
        return tuple(found)

    def missing(self, legal: Sequence[Action]) -> list[Action]:
        """The legal actions that no template covers."""
        return [a for a in legal if template_of(a) not in self.base]

    def describe(self) -> list[dict[str, Any]]:
        """One row per template: its slots, shape and meaning."""
        rows = []
        for t in self.templates:
            n = {PLAIN: 1, CARD: self.width, BET: len(self.bets.sizes), CHOICE: self.max_choices}[t.shape]
            rows.append({"template": t.label, "shape": t.shape, "first": self.base[t], "slots": n})
        return rows


def _choice_key(a: Action) -> tuple[Any, ...]:
    """A choice's place among its template's legal actions: by its cards' identities
    (sorted, so the order the cards were dealt or listed in does not matter)."""
    cards = sorted((card_slot(c), c.copy) for c in a.cards)
    return (len(cards), tuple(i for i, _ in cards), tuple(k for _, k in cards), a.target or -1)


def _card_name(i: int) -> str:
    return "joker" if i == JOKER_SLOT else str(Card.from_index(i))
