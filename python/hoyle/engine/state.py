"""The omniscient game state: card zones, chips, scores, the event log.

Variants change the state only through its operations (``move``, ``move_top``,
``reveal``, ``commit``, ``award``, ``log``, ``end_deal``), which record every change as
an :class:`Event`. Because every card lives in a :class:`Zone` with a declared
visibility, the engine can build each seat's view, check card conservation and redact
the event log without knowing the variant.

Zone order: a zone's ``cards`` list runs from the bottom to the top; ``move_top`` takes
from the end. The deck zone is loaded so that the deck's first card is on top.

    >>> from hoyle import Deck
    >>> s = State(variant="demo", players=("a", "b"), options={}, deck=Deck("As Kd Qh"))
    >>> s.add_zone("hand:0", owner=0, visibility=Zone.OWNER)
    <Zone hand:0 (owner) 0 cards>
    >>> s.move_top("deck", "hand:0")
    [Card('As')]
    >>> s.view(1)["zones"]["hand:0"]
    {'owner': 0, 'count': 1, 'cards': None}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import cycle
from operator import attrgetter
from typing import Any, NamedTuple, TypeVar

from hoyle._core import Card, Deck, Rng
from hoyle.engine.actions import Action
from hoyle.engine.cache import BoundedCache
from hoyle.engine.names import DECK, SETUP, EventKind
from hoyle.errors import InvalidArgumentError


class Zone:
    """A place cards can be: a hand, the stock, a discard pile, a meld, the board.

    ``visibility`` is ``Zone.PUBLIC`` (every seat sees the cards and their order),
    ``Zone.OWNER`` (only ``owner`` sees them; others see the count) or ``Zone.HIDDEN``
    (nobody sees them, e.g. the stock).

    Compiled readers (``hoyle.rl``'s encoder) read three plain slots, never a property
    or a private name: ``cards``, ``seen`` and ``owner_seat`` (the owner's seat, or None;
    what ``owner`` returns). Treat ``owner_seat`` as read-only: setting ``owner`` keeps
    it and ``seen`` in step.

        >>> z = Zone("hand:1", owner=1, visibility=Zone.OWNER)
        >>> z.owner = 0
        >>> (z.owner_seat, z.seen)
        (0, frozenset({0}))
    """

    PUBLIC = "public"
    OWNER = "owner"
    HIDDEN = "hidden"
    __slots__ = ("_visibility", "cards", "name", "owner_seat", "seen")

    def __init__(self, name: str, owner: int | None, visibility: str, cards: list[Card] | None = None) -> None:
        if visibility not in (Zone.PUBLIC, Zone.OWNER, Zone.HIDDEN):
            raise InvalidArgumentError(f"zone {name!r}: visibility {visibility!r} is not public, owner or hidden")
        if visibility == Zone.OWNER and owner is None:
            raise InvalidArgumentError(f"zone {name!r}: an owner-visible zone needs an owner")
        self.name = name
        self.owner_seat = owner
        self._visibility = visibility
        self.cards: list[Card] = cards if cards is not None else []
        #: The seats that see the cards (None: everyone); kept up to date with
        #: ``owner`` and ``visibility``, as every card move reads it.
        self.seen: frozenset[int] | None = self._seen()

    @property
    def owner(self) -> int | None:
        return self.owner_seat

    @owner.setter
    def owner(self, owner: int | None) -> None:
        self.owner_seat = owner
        self.seen = self._seen()

    @property
    def visibility(self) -> str:
        return self._visibility

    @visibility.setter
    def visibility(self, visibility: str) -> None:
        self._visibility = visibility
        self.seen = self._seen()

    def visible_to(self, seat: int | None) -> bool:
        seen = self.seen
        return seen is None or (seat is not None and seat in seen)

    def seen_by(self) -> frozenset[int] | None:
        """Seats that see this zone's cards; None means everyone."""
        return self.seen

    def _seen(self) -> frozenset[int] | None:
        if self._visibility == Zone.PUBLIC:
            return None
        if self._visibility == Zone.OWNER and self.owner_seat is not None:
            return _OWNER_SEEN[self.owner_seat]
        return _NOBODY

    def copy(self) -> Zone:
        """The zone with its own list of the same cards."""
        new = Zone.__new__(Zone)
        new.name, new.owner_seat, new._visibility, new.seen = self.name, self.owner_seat, self._visibility, self.seen
        new.cards = list(self.cards)
        return new

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"<Zone {self.name} ({self.visibility}) {len(self.cards)} cards>"


_new_zone = Zone.__new__  # a zone copied from one already checked


class Event(NamedTuple):
    """One recorded change. ``visible`` is None when every seat saw the whole event, or
    the seats that saw its ``cards`` (the others see only how many). Immutable, ``data``
    included (an :class:`EventData`), so the engine may log one object many times."""

    type: str
    seat: int | None
    data: Mapping[str, Any]
    cards: tuple[Card, ...] = ()
    visible: frozenset[int] | None = None

    def for_viewer(self, viewer: int | None) -> dict[str, Any]:
        """The event as ``viewer`` saw it (``None``: a spectator), as plain data. An
        action whose cards only some seats saw (``visible``) reads, for the others,
        without them: ``discard`` and a ``count`` instead of ``discard 7c 9d``."""
        out: dict[str, Any] = {"type": self.type, "seat": self.seat, **self.data}
        if self.type == EventKind.ACTION:
            if self.visible is not None and (viewer is None or viewer not in self.visible):
                out["action"] = " ".join(w for w in str(out["action"]).split() if not _is_card(w))
                out["count"] = len(self.cards)
            return out
        if self.cards or self.visible is not None:
            if self.visible is None or (viewer is not None and viewer in self.visible):
                out["cards"] = [str(c) for c in self.cards]
            else:
                out["cards"] = None
                out["count"] = len(self.cards)
        return out


def _is_card(word: str) -> bool:
    """Whether a word of an action's text names a card."""
    try:
        Card(word)
    except ValueError:
        return False
    return True


#: Builds an Event from all five fields without the Python-level ``__new__`` of a
#: NamedTuple: every logged change (a commit, an award, a card move) makes one.
_new_event = tuple.__new__

#: The "seen" sets of zones, one object per set: zones with the same visibility share
#: it, so a card move's route (below) is keyed by identity-equal parts.
_NOBODY: frozenset[int] = frozenset()
_OWNER_SEEN: BoundedCache[int, frozenset[int]] = BoundedCache(lambda owner: frozenset((owner,)), limit=1 << 10)


class EventData(dict[str, Any]):
    """An event's data, read-only: one mapping can be shared by many events (every
    move along the same route has the same ``{"from": ..., "to": ...}``). It compares,
    copies, pickles and serialises as the plain dict it is."""

    __slots__ = ()

    def _read_only(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("event data is read-only (events are immutable records)")

    __setitem__ = __delitem__ = __ior__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self) -> tuple[Any, ...]:
        return (EventData, (dict(self),))


class _Route(dict[Card, Event]):
    """The one-card events of one kind of move (event type, seat, source and target
    zone and who sees them), one per card, built once: an Event is an immutable value,
    so the log can hold the same object each time that card moves that way (a card
    drawn, discarded or dealt costs a lookup instead of a new event)."""

    __slots__ = ("data", "event", "seat", "visible")

    def __init__(self, event: str, seat: int | None, src: str, dst: str, visible: frozenset[int] | None) -> None:
        super().__init__()
        self.event, self.seat, self.visible = event, seat, visible
        self.data = EventData({"from": src, "to": dst})

    def __missing__(self, card: Card) -> Event:
        event: Event = _new_event(Event, (self.event, self.seat, self.data, (card,), self.visible))
        self[card] = event
        return event


RouteKey = tuple[str, int | None, str, str, frozenset[int] | None, frozenset[int] | None]


def _make_route(key: RouteKey) -> _Route:
    event, seat, src, dst, a, b = key
    return _Route(event, seat, src, dst, None if a is None or b is None else a | b)


#: Routes by (event type, seat, source, target, source seen, target seen), each made on
#: first use. The fast path of every card move (``move_top``, ``move``, ``deal``): one
#: dict lookup finds the move's shared events (``benches/test_bench_engine.py``,
#: ``benches/test_bench_gin_games.py``).
_ROUTES: BoundedCache[RouteKey, _Route] = BoundedCache(_make_route, limit=1 << 14)


class _Logged:
    """The "action" event of one action, by seat, each built once, and the action's
    text for the game record. ``by_seat[seat]`` is the event of ``seat`` once
    :meth:`event` has made it: a list, indexed in C (a dict subclass's lookup goes
    through its ``__getitem__`` method; every action of
    ``benches/test_bench_poker_games.py`` logs one)."""

    __slots__ = ("by_seat", "data", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.data = EventData({"action": text})
        self.by_seat: list[Event] = []

    def event(self, seat: int) -> Event:
        """The event of ``seat`` (a seat number, 0 or more), made with those of every
        seat before it on first use."""
        by_seat = self.by_seat
        while len(by_seat) <= seat:
            by_seat.append(_new_event(Event, (EventKind.ACTION, len(by_seat), self.data, (), None)))
        return by_seat[seat]


def _make_logged(action: Action) -> _Logged:
    return _Logged(action.text)


#: The logged form of each action taken, made on first use: the engine appends
#: ``_LOGGED[action].by_seat[seat]`` for every action instead of building an event and
#: the action's text (``benches/test_bench_engine.py``: the engine overhead per action).
_LOGGED: BoundedCache[Action, _Logged] = BoundedCache(_make_logged, limit=1 << 16)


def _chip_events(kind: str) -> BoundedCache[tuple[int, int], Event]:
    """The ``kind`` ("commit" or "award") event of each seat and amount, made on first
    use: a hand of poker logs several, the same blinds and bets hand after hand
    (``benches/test_bench_poker_games.py``). Immutable values, so the log may hold one
    object many times; their data is read-only (:class:`EventData`). Only plain ints are
    looked up (an equal float or numpy int is logged as given)."""

    def make(key: tuple[int, int]) -> Event:
        seat, amount = key
        return _new_event(Event, (kind, seat, EventData({"amount": amount}), (), None))

    return BoundedCache(make, limit=1 << 14)


#: :meth:`State.commit`'s and :meth:`State.award`'s events (see :func:`_chip_events`).
_COMMITS = _chip_events(EventKind.COMMIT)
_AWARDS = _chip_events(EventKind.AWARD)


class ScoreRow(list[int]):
    """One deal's row of the score sheet: the points each seat scored (a list of ints,
    equal to the plain list) and ``outcome``, what happened in that deal, readable after
    later deals have begun: ``{"reason": ..., **data}`` from the variant's
    ``state.end_deal(reason, **data)``, and the keys of the variant's
    ``public["outcome"]`` when it keeps one (rummy games do). Plain JSON data.

        >>> row = ScoreRow([25, 0], {"reason": "knock", "knocker": 0})
        >>> row == [25, 0], row.outcome["knocker"]
        (True, 0)
    """

    __slots__ = ("outcome",)

    def __init__(self, points: Iterable[int], outcome: Mapping[str, Any] | None = None) -> None:
        super().__init__(points)
        self.outcome: dict[str, Any] = dict(outcome or {})

    def copy(self) -> ScoreRow:
        """The row with its own list (the outcome, read-only by convention, is shared)."""
        return ScoreRow(self, self.outcome)

    @classmethod
    def _taking(cls, points: list[int], outcome: dict[str, Any]) -> ScoreRow:
        """The row of ``points`` with ``outcome`` itself, not a copy: the engine's, for an
        outcome it has just copied (every finished deal: ``benches/test_bench_poker_games.py``)."""
        row = cls.__new__(cls)
        row.extend(points)
        row.outcome = outcome
        return row

    def __reduce__(self) -> tuple[Any, ...]:
        return (ScoreRow, (list(self), self.outcome))


def _copy_plain(value: Any) -> Any:
    """Copy JSON-like data (dicts, lists, tuples of plain values) quickly: a dict or list
    (a subclass too) becomes a plain one; anything else is kept, an int or a string
    without a call (every finished deal copies its outcome, every clone the public
    facts: ``benches/test_bench_poker_games.py``)."""
    if isinstance(value, dict):
        out: dict[Any, Any] = {}
        for k, v in value.items():  # loops, not comprehensions: no function made per copy
            out[k] = v if type(v) in _ATOMS else _copy_plain(v)
        return out
    if isinstance(value, list):
        for v in value:
            if type(v) not in _ATOMS:
                items: list[Any] = []
                for w in value:
                    items.append(w if type(w) in _ATOMS else _copy_plain(w))
                return items
        return list(value)  # plain values only (a list of chips, of seats)
    return value


#: The types :func:`_copy_plain` keeps as they are without looking further.
_ATOMS = frozenset({int, str, bool, float, type(None)})


#: ``range(n)``, the seats of a table of ``n``, one shared object per size (a range is
#: immutable; making one costs more than looking it up: every new game of
#: ``benches/test_bench_hand_setup.py`` makes a state).
_SEATS: BoundedCache[int, range] = BoundedCache(range, limit=1 << 10)

#: The deck of a state made with ``deck=None``, which has no zones until a deck is loaded.
_NO_CARDS = Deck([])


class State:
    """Everything about a game in progress, including what no seat may see.

    Attributes a variant reads and writes directly: ``phase`` (a short string),
    ``to_act`` (the seat whose turn it is, or None), ``public`` (the variant's public
    facts as plain data, shown in every view), ``stacks``/``pot``/``committed`` (chips),
    ``scores`` (match points). ``deck=None`` makes a state with no zones yet (the
    engine's: its first deal loads the deck with :meth:`load_deck`).

    The observation protocol: compiled readers (``hoyle.rl``'s encoder) read only these
    public attributes, by name: ``zones`` (a dict of :class:`Zone`), ``to_act``,
    ``phase``, ``deal_number``, ``pot``, ``stacks``, ``committed``, ``scores`` and
    ``public``; and of each zone ``cards``, ``seen`` and ``owner_seat``.
    """

    _rng: Rng | None  # the deal's generator once made (see :attr:`rng`)
    #: The game's rule hooks, for the family hooks a variant's rules ask (a betting game
    #: asks ``state.hooks.forced_bets``, the ruleset's ``hoyle_forced_bets`` or None when
    #: no plugin implements it); set by :func:`hoyle.new_game`, None for a bare State.
    hooks: Any = None

    def __init__(  # the engine passes these by position (cheaper: one per new game); others name them
        self,
        variant: str,
        players: Sequence[str],
        options: Mapping[str, Any],
        deck: Deck | None,
        seed: int = 0,
        stacks: Sequence[int] | None = None,
    ) -> None:
        self.variant = variant
        self.players = tuple(players)
        self.seats = _SEATS[len(self.players)]
        self.options = options
        self.seed = seed
        self.deal_number = 0
        self.phase: str = SETUP
        self.to_act: int | None = None
        self.public: dict[str, Any] = {}
        self.stacks = list(stacks) if stacks is not None else [0] * len(self.players)
        self.committed = [0] * len(self.players)
        self.start_stacks = list(self.stacks)
        self.pot = 0
        self.scores = [0] * len(self.players)
        self.score_sheet: list[ScoreRow] = []
        self.deal_end: str | None = None
        #: The data of the ``end_deal`` call that ended the deal (for its ScoreRow).
        self.deal_end_data: dict[str, Any] = {}
        self.result: dict[str, Any] | None = None
        self.events: list[Event] = []
        self._view_cache: dict[int | None, list[dict[str, Any]]] = {}
        if deck is None:  # no deal yet: the engine's first deal loads the deck
            self.deck, self._rng = _NO_CARDS, None
            self.zones: dict[str, Zone] = {}
        else:
            self.load_deck(deck)

    # --- cards -------------------------------------------------------------------------

    def load_deck(self, deck: Deck) -> None:
        """Start a deal: every zone is removed and the cards go to the hidden "deck" zone
        (the deck's first card on top). The variant's ``hoyle_deal`` then deals."""
        self.deck = deck
        cards = deck.cards  # the shared card objects: a game moves the same objects from deal to deal
        cards.reverse()
        stock = _new_zone(Zone)  # Zone("deck", None, Zone.HIDDEN, cards), without the checks
        stock.name, stock.owner_seat, stock._visibility = DECK, None, Zone.HIDDEN
        stock.seen, stock.cards = _NOBODY, cards
        self.zones = {DECK: stock}
        self._rng = None  # the deal's generator, made when first used (see rng)

    @property
    def rng(self) -> Rng:
        """The deal's generator of chance events (a stock shuffled again, a dealer
        drawn): ``Rng(seed, 2**32 + deal_number)``, a fresh stream for every deal.

        Made on first use, not when the deal's deck is loaded: most deals never draw
        from it (a hand of hold'em, every new game of ``benches/test_bench_poker_games.py``
        and ``benches/test_bench_hand_setup.py``), and making one costs more than a
        card move. The engine changes ``deal_number`` only as it loads the next deal's
        deck, so the generator is the same whenever it is made.

            >>> from hoyle import Deck, Rng
            >>> s = State(variant="demo", players=("a", "b"), options={}, deck=Deck("As"), seed=3)
            >>> s.rng.below(10) == Rng(3, 2**32).below(10)
            True
        """
        rng = self._rng
        if rng is None:
            rng = self._rng = Rng(self.seed, (1 << 32) + self.deal_number)
        return rng

    @rng.setter
    def rng(self, rng: Rng) -> None:
        self._rng = rng

    def add_zone(self, name: str, owner: int | None = None, visibility: str = Zone.PUBLIC) -> Zone:
        """Create an empty zone (an error if it exists)."""
        if name in self.zones:
            raise InvalidArgumentError(f"zone {name!r} already exists")
        zone = self.zones[name] = Zone(name, owner, visibility)
        return zone

    def add_zones(self, zones: Iterable[Zone]) -> None:
        """Add an empty zone like each of ``zones`` (an error if one exists): a variant
        makes its zones once (per table size, say) and adds copies every deal, cheaper
        than an :meth:`add_zone` call each (``benches/test_bench_poker_games.py``).

            >>> from hoyle import Deck
            >>> s = State(variant="demo", players=("a", "b"), options={}, deck=Deck("As"))
            >>> s.add_zones([Zone("hand:0", 0, Zone.OWNER), Zone("board", None, Zone.PUBLIC)])
            >>> list(s.zones), s.zone("hand:0").seen_by()
            (['deck', 'hand:0', 'board'], frozenset({0}))
        """
        existing = self.zones
        zones = tuple(zones)
        for like in zones:
            if like.name in existing:
                raise InvalidArgumentError(f"zone {like.name!r} already exists")
        for like in zones:
            zone = existing[like.name] = _new_zone(Zone)
            zone.name, zone.owner_seat, zone._visibility = like.name, like.owner_seat, like._visibility
            zone.seen, zone.cards = like.seen, []

    def zone(self, name: str) -> Zone:
        try:
            return self.zones[name]
        except KeyError:
            raise InvalidArgumentError(f"no zone {name!r} (zones: {', '.join(self.zones)})") from None

    def move_top(
        self, src: str, dst: str, n: int = 1, seat: int | None = None, event: str = EventKind.MOVE, bottom: bool = False
    ) -> list[Card]:
        """Move the top ``n`` cards of ``src`` one at a time onto ``dst`` (under it with
        ``bottom=True``). Returns them in the order taken."""
        zones = self.zones
        try:
            source, target = zones[src], zones[dst]
        except KeyError:
            source, target = self.zone(src), self.zone(dst)
        pile = source.cards
        route = _ROUTES[event, seat, src, dst, source.seen, target.seen]
        if n == 1 and pile:  # a card drawn, dealt or burned: the fast path
            card = pile.pop()
            self.events.append(route[card])
            if bottom:
                target.cards.insert(0, card)
            else:
                target.cards.append(card)
            return [card]
        if n > len(pile):
            raise InvalidArgumentError(f"cannot take {n} cards from {src!r}, which holds {len(pile)}")
        if n > 0:  # hole cards, a flop: the top n in the order taken (the top card first), one slice
            taken = pile[: -n - 1 : -1]
            del pile[-n:]
        else:
            taken = []
        self.events.append(_new_event(Event, (event, seat, route.data, tuple(taken), route.visible)))
        if bottom:
            target.cards[:0] = reversed(taken)
        else:
            target.cards += taken
        return taken

    def deal(self, src: str, to: Sequence[tuple[str, int | None]], rounds: int, event: str = EventKind.DEAL) -> None:
        """Deal ``rounds`` rounds from the top of ``src``, one card at a time to each
        ``(zone, seat)`` of ``to`` in turn: the same cards and events as the
        ``move_top`` calls it stands for, in one call.

            >>> from hoyle import Deck
            >>> s = State(variant="demo", players=("a", "b"), options={}, deck=Deck("As Kd Qh Jc"))
            >>> for seat in (0, 1):
            ...     _ = s.add_zone(f"hand:{seat}", owner=seat, visibility=Zone.OWNER)
            >>> s.deal("deck", [("hand:0", 0), ("hand:1", 1)], 2)
            >>> [str(c) for c in s.zone("hand:0").cards], [str(c) for c in s.zone("hand:1").cards]
            (['As', 'Qh'], ['Kd', 'Jc'])
        """
        source = self.zone(src)
        pile = source.cards
        n = rounds * len(to)
        if not 0 <= n <= len(pile):
            raise InvalidArgumentError(
                f"cannot deal {rounds} rounds to {len(to)} places from {src!r}, which holds {len(pile)} cards"
            )
        a = source.seen
        hands, routes = [], []
        for name, seat in to:
            target = self.zone(name)
            b = target.seen
            hands.append(target.cards)
            routes.append(_ROUTES[event, seat, src, name, a, b])
        dealt = pile[len(pile) - n :]
        del pile[len(pile) - n :]
        dealt.reverse()  # in the order dealt: the top card first
        if len({id(h) for h in hands}) == len(hands):
            for i, cards in enumerate(hands):  # each place gets every len(to)-th card
                cards += dealt[i :: len(hands)]
        else:  # a place named twice: one card at a time
            for cards, card in zip(cycle(hands), dealt):
                cards.append(card)
        self.events += map(_Route.__getitem__, cycle(routes), dealt)

    def move_pile(self, src: str, dst: str, seat: int | None = None, event: str = EventKind.MOVE) -> list[Card]:
        """Move a whole zone onto ``dst`` as one pile, keeping its order (the rest of the
        deck becoming the stock: the deck's next card is the stock's top card)."""
        cards = list(self.zone(src).cards)
        self.zone(src).cards.clear()
        self.zone(dst).cards.extend(cards)
        self._record_move(event, seat, cards, src, dst)
        return cards

    def move(
        self,
        cards: Iterable[Card],
        src: str,
        dst: str,
        seat: int | None = None,
        event: str = EventKind.MOVE,
        bottom: bool = False,
    ) -> None:
        """Move particular cards from ``src`` onto ``dst`` (under it with ``bottom=True``),
        in the order given."""
        zones = self.zones
        try:
            source, target = zones[src], zones[dst]
        except KeyError:
            source, target = self.zone(src), self.zone(dst)
        moved: tuple[Card, ...] = cards if type(cards) is tuple else tuple(cards)
        pile = source.cards
        if len(moved) == 1:  # a card discarded or laid off: the fast path (benches/test_bench_gin_games.py)
            card = moved[0]
            try:
                pile.remove(card)
            except ValueError:
                raise InvalidArgumentError(f"{card} not in {src!r}") from None
            if bottom:
                target.cards.insert(0, card)
            else:
                target.cards.append(card)
            self.events.append(_ROUTES[event, seat, src, dst, source.seen, target.seen][card])
            return
        for c in moved:
            if c not in pile:
                missing = [c for c in moved if c not in pile]
                raise InvalidArgumentError(f"{' '.join(map(str, missing))} not in {src!r}")
        for c in moved:
            pile.remove(c)
        if bottom:
            target.cards[:0] = reversed(moved)
        else:
            target.cards += moved
        route = _ROUTES[event, seat, src, dst, source.seen, target.seen]
        self.events.append(_new_event(Event, (event, seat, route.data, moved, route.visible)))

    def _record_move(self, event: str, seat: int | None, cards: list[Card], src: str, dst: str) -> None:
        a, b = self.zones[src].seen, self.zones[dst].seen
        route = _ROUTES[event, seat, src, dst, a, b]
        self.events.append(
            route[cards[0]]
            if len(cards) == 1
            else _new_event(Event, (event, seat, route.data, tuple(cards), route.visible))
        )

    def reveal(self, name: str, seat: int | None = None) -> None:
        """Turn a zone face up for good (a shown hand, a spread meld)."""
        zone = self.zone(name)
        zone.visibility = Zone.PUBLIC
        self.events.append(_new_event(Event, (EventKind.REVEAL, seat, {"zone": name}, tuple(zone.cards), None)))

    def all_cards(self) -> list[Card]:
        return [c for z in self.zones.values() for c in z.cards]

    # --- chips -------------------------------------------------------------------------

    def commit(self, seat: int, amount: int) -> None:
        """Move chips from a seat's stack into the pot."""
        if not 0 <= amount <= self.stacks[seat]:
            raise InvalidArgumentError(f"seat {seat} cannot put {amount} chips in with {self.stacks[seat]} behind")
        self.stacks[seat] -= amount
        self.committed[seat] += amount
        self.pot += amount
        self.events.append(
            _COMMITS[seat, amount]
            if type(amount) is int and type(seat) is int
            else _new_event(Event, (EventKind.COMMIT, seat, {"amount": amount}, (), None))
        )

    def chips_won(self) -> dict[int, int]:
        """Each seat's chips now less what it brought to the table (its stack plus what
        it had put in when the first deal was dealt): the usual settlement of a game
        played for chips. (A loop: a comprehension is a function call on Python 3.11,
        and every game of ``benches/test_bench_poker_games.py`` settles.)"""
        stacks, start = self.stacks, self.start_stacks
        won = {}
        for s in self.seats:
            won[s] = stacks[s] - start[s]
        return won

    def award(self, seat: int, amount: int) -> None:
        """Move chips from the pot to a seat's stack."""
        if not 0 <= amount <= self.pot:
            raise InvalidArgumentError(f"cannot award {amount} chips from a pot of {self.pot}")
        self.pot -= amount
        self.stacks[seat] += amount
        self.events.append(
            _AWARDS[seat, amount]
            if type(amount) is int and type(seat) is int
            else _new_event(Event, (EventKind.AWARD, seat, {"amount": amount}, (), None))
        )

    # --- flow --------------------------------------------------------------------------

    def log(self, type: str, seat: int | None = None, **data: Any) -> None:
        """Record a public event (an announcement, a phase change)."""
        self.events.append(_new_event(Event, (type, seat, data, (), None)))

    def end_deal(self, reason: str, **data: Any) -> None:
        """Declare the deal over; the engine then scores it."""
        self.deal_end = reason
        self.deal_end_data = data
        self.to_act = None
        self.events.append(_new_event(Event, (EventKind.DEAL_END, None, {"reason": reason, **data}, (), None)))

    # --- views ---------------------------------------------------------------------------

    def _public_facts(self) -> dict[str, Any]:
        """Everything every seat may know except zones and events."""
        return {
            "variant": self.variant,
            "options": dict(self.options),
            "players": list(self.players),
            "deal": self.deal_number,
            "phase": str(self.phase),  # a variant's phase enum (a StrEnum) as its plain text
            "to_act": self.to_act,
            "stacks": list(self.stacks),
            "committed": list(self.committed),
            "pot": self.pot,
            "scores": list(self.scores),
            "score_sheet": [list(r) for r in self.score_sheet],
            "deal_outcomes": [_copy_plain(r.outcome) for r in self.score_sheet] if self.score_sheet else [],
            "public": _copy_plain(self.public),
            "result": _copy_plain(self.result),
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know, as plain data; ``None`` gives a spectator's view."""
        return {
            **self._public_facts(),
            "seat": seat,
            "zones": {
                name: {
                    "owner": z.owner,
                    "count": len(z.cards),
                    "cards": [str(c) for c in z.cards] if z.visible_to(seat) else None,
                }
                for name, z in self.zones.items()
            },
            "events": self._events_seen_by(seat),
        }

    def _events_seen_by(self, seat: int | None) -> list[dict[str, Any]]:
        # The log is append-only, so each viewer's redacted copy is extended, not rebuilt.
        cache = self._view_cache.setdefault(seat, [])
        if len(cache) > len(self.events):
            cache.clear()
        cache.extend(e.for_viewer(seat) for e in self.events[len(cache) :])
        return list(cache)

    def snapshot(self, events: bool = True) -> dict[str, Any]:
        """The omniscient state as plain data (every card, in order, the generator's
        position): equal snapshots mean equal states. ``events=False`` summarises the
        (append-only) event log by its length, which is much cheaper."""
        logged: Any = len(self.events)
        if events:
            logged = [
                (
                    e.type,
                    e.seat,
                    dict(e.data),
                    [str(c) for c in e.cards],
                    sorted(e.visible) if e.visible is not None else None,
                )
                for e in self.events
            ]
        return {
            **self._public_facts(),
            "zones": {
                n: {"owner": z.owner, "visibility": z.visibility, "cards": [str(c) for c in z.cards]}
                for n, z in self.zones.items()
            },
            "deal_end": self.deal_end,
            "rng": self.rng.__reduce__()[1],
            "events": logged,
        }

    def clone(self) -> State:
        """An independent copy (for search): zones, chips, scores and public data are
        copied; events are immutable and shared."""
        new = State.__new__(State)
        new.__dict__.update(self.__dict__)
        new.zones = {n: z.copy() for n, z in self.zones.items()}
        new.public = _copy_plain(self.public)
        new.stacks, new.committed, new.scores = list(self.stacks), list(self.committed), list(self.scores)
        new.score_sheet = [r.copy() for r in self.score_sheet]
        new.events = list(self.events)
        new.result = _copy_plain(self.result)
        if self._rng is not None:  # one not made yet is made alike by the copy's first use
            new._rng = self._rng.__copy__()
        new._view_cache = {}
        return new


#: A variant's model of its public facts: a TypedDict (see :func:`public_reader`).
PublicModel = TypeVar("PublicModel", bound=Mapping[str, object])

_read_public = attrgetter("public")


def public_reader(model: type[PublicModel]) -> Callable[[State], PublicModel]:
    """A function that gives ``state.public`` typed as the variant's model of it, a
    ``TypedDict``, so that mypy catches a misspelled key or a value of the wrong type:
    ``public = public_reader(WarPublic)`` once, then ``public(state)["battles"]``. The
    same dict, not a copy, and no check at run time: the reader is C's
    ``attrgetter("public")``, cheaper than any Python call (a variant reads its public
    facts on every action: ``benches/test_bench_engine.py::test_legal_actions_plus_act``).

        >>> from typing import TypedDict
        >>> from hoyle import Deck
        >>> class DemoPublic(TypedDict):
        ...     battles: int
        >>> public = public_reader(DemoPublic)
        >>> s = State(variant="demo", players=("a", "b"), options={}, deck=Deck([]))
        >>> public(s)["battles"] = 3    # mypy: public(s)["batles"] is an error
        >>> s.public
        {'battles': 3}
    """
    return _read_public


class LazyView(Mapping[str, Any]):
    """A seat's view that is built on first use: what ``simulate`` hands to bots, so a
    bot that never looks at its view costs nothing. The same keys and values as
    :meth:`State.view`; ``dict(view)`` gives the plain data."""

    __slots__ = ("_data", "_seat", "_state")

    def __init__(self, state: State, seat: int | None) -> None:
        self._state, self._seat = state, seat
        self._data: dict[str, Any] | None = None

    def _load(self) -> dict[str, Any]:
        if self._data is None:
            self._data = self._state.view(self._seat)
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self._load()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())
