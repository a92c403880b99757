"""``Game``: one API for every variant - deals and whole matches, actions, views, replay.

>>> import hoyle
>>> game = hoyle.new_game("war", players=2, seed=1)     # doctest: +SKIP
>>> while not game.is_over:                              # doctest: +SKIP
...     game.act(game.legal_actions()[0])
>>> game.result["winners"]                               # doctest: +SKIP
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from itertools import repeat
from operator import add
from types import ModuleType
from typing import Any

import pluggy

from hoyle import hookspecs
from hoyle._core import Card, Deck
from hoyle.engine.actions import Action
from hoyle.engine.cache import BoundedCache
from hoyle.engine.names import OVER, EventKind
from hoyle.engine.state import _ATOMS, _LOGGED, Event, EventData, ScoreRow, State, _copy_plain, _new_event
from hoyle.errors import IllegalActionError, InvalidArgumentError, InvalidOptionError, ReplayError
from hoyle.registry import HouseRule, Registry, Variant


class Ruleset:
    """A variant with its chosen house rules: a small plugin manager holding the
    variant's rules object, then each house rule's, so pluggy runs house-rule wrappers
    around the variant's hooks. Cached per combination."""

    def __init__(self, variant: Variant, house_rules: Sequence[HouseRule]) -> None:
        self.variant = variant
        self.house_rules = tuple(house_rules)
        pm = hookspecs.PluginManager()
        pm.register(variant.rules, name=f"variant:{variant.name}")
        for rule in self.house_rules:
            pm.register(rule.rules, name=f"house-rule:{rule.name}")
        pm.check_pending()
        #: the manager itself, for questions about which hooks are implemented
        self.plugin_manager = pm
        self.hook = _FastHooks(pm)


class _FastHooks:
    """The rule hooks of one ruleset. A hook with a single plain implementation (no
    house rule touches it) is called directly, skipping pluggy's dispatch; any other
    goes through pluggy (and so does every hook under ``HOYLE_TRACE_PLUGINS``). The
    engine's fast path for every hook call, measured by
    ``benches/test_bench_engine.py::test_engine_overhead_per_action``."""

    # set for every hook of hoyle.hookspecs by __init__
    hoyle_deal: Callable[..., Any]
    hoyle_check_action: Callable[..., Any]
    hoyle_score_deal: Callable[..., Any]
    hoyle_match_over: Callable[..., Any]
    hoyle_settle: Callable[..., Any]

    def __init__(self, pm: pluggy.PluginManager) -> None:
        trace = bool(os.environ.get("HOYLE_TRACE_PLUGINS"))
        for name in dir(pm.hook):
            if not name.startswith("hoyle_"):
                continue
            caller = getattr(pm.hook, name)
            impls = caller.get_hookimpls()
            if not impls:
                fast: Any = _none
            elif len(impls) == 1 and not (impls[0].hookwrapper or impls[0].wrapper) and not trace:
                fast = impls[0].function
            else:
                fast = caller
            setattr(self, name, fast)
        # The two hooks called on every action, called positionally: the plain
        # implementation itself when its parameters are the hook's, in order.
        self.legal: Callable[[State, int], list[Action] | None] = self._positional(
            pm, "hoyle_legal_actions", ("state", "seat")
        )
        self.apply: Callable[[State, int, Action], Any] = self._positional(
            pm, "hoyle_apply_action", ("state", "seat", "action")
        )
        # The hooks of every deal, called positionally the same way (each new game of
        # benches/test_bench_poker_games.py deals, scores and settles one deal).
        self.deal: Callable[[State], Any] = self._positional(pm, "hoyle_deal", ("state",))
        self.score_deal: Callable[[State], Any] = self._positional(pm, "hoyle_score_deal", ("state",))
        self.match_over: Callable[[State], Any] = self._positional(pm, "hoyle_match_over", ("state",))
        self.settle: Callable[[State], Any] = self._positional(pm, "hoyle_settle", ("state",))
        # The family hooks a variant's rules ask through ``state.hooks``: None when no
        # plugin of this ruleset implements one (a betting game asks on every hand).
        self.forced_bets: Callable[[State, Any], Any] | None = (
            self._positional(pm, "hoyle_forced_bets", ("state", "bets"))
            if pm.hook.hoyle_forced_bets.get_hookimpls()
            else None
        )

    def _positional(self, pm: pluggy.PluginManager, name: str, params: tuple[str, ...]) -> Callable[..., Any]:
        fast: Callable[..., Any] = getattr(self, name)
        impls = getattr(pm.hook, name).get_hookimpls()
        plain = len(impls) == 1 and fast is impls[0].function  # (a test of ``fast`` against Any would make it Any)
        if plain:
            names = tuple(impls[0].argnames)  # a plain implementation takes only these
            if names == params:
                return fast

            def direct(*args: Any) -> Any:
                given = dict(zip(params, args))
                return fast(**{n: given[n] for n in names})

            return direct

        def call(*args: Any) -> Any:  # pluggy (or nothing) - it picks the arguments
            return fast(**dict(zip(params, args)))

        return call


def _none(**kwargs: Any) -> None:
    return None


def _ruleset(registry: Registry, variant: Variant, house_rules: tuple[HouseRule, ...]) -> Ruleset:
    """The registry's cached ruleset for this variant and house rules (keyed by name:
    hashing the Variant dataclass on every new game would cost more than the game)."""
    key = (variant.name, tuple(r.name for r in house_rules))
    ruleset: Ruleset | None = registry.rulesets.get(key)
    if ruleset is None:
        ruleset = registry.rulesets[key] = Ruleset(variant, house_rules)
    return ruleset


#: The ``deal_start`` event of each deal number, made once (events are immutable values):
#: the log's first event of every deal (``benches/test_bench_hand_setup.py``).
_DEAL_STARTS: BoundedCache[int, Event] = BoundedCache(
    lambda k: _new_event(Event, (EventKind.DEAL_START, None, EventData({"deal": k}), (), None)), limit=1 << 12
)


class Game:
    """A game in progress. Make one with :func:`hoyle.new_game`.

    The omniscient state is ``game.state`` (explicit, for engines and tests); players and
    bots should see only ``game.view(seat)``.
    """

    def __init__(
        self,
        ruleset: Ruleset,
        state: State,
        record: dict[str, Any],
        decks: list[Deck] | None = None,
        base_deck: Deck | None = None,
    ) -> None:
        self._rules = ruleset
        self._hook = ruleset.hook
        self.state = state
        self.record = record
        #: the fixed decks of the first deals (``record["decks"]`` read back when not given)
        self._decks: list[Deck] = decks if decks is not None else [Deck(d) for d in record.get("decks") or []]
        #: The variant's legal actions for ``_legal_seat`` when the log held ``_legal_at``
        #: events (-1: none asked yet): see :meth:`legal_actions`.
        self._legal_at = -1
        self._legal_seat: int | None = None
        self._legal: list[Action] = []
        self._actions: list[list[Any]] = record["actions"]
        #: the variant's deck for these options, unshuffled (made by the first deal if not given)
        self._base_deck: Deck | None = base_deck

    # --- reading -------------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        return self._rules.variant

    @property
    def phase(self) -> str:
        return str(self.state.phase)  # a variant's phase enum (a StrEnum) as its plain text

    @property
    def to_act(self) -> int | None:
        return self.state.to_act

    @property
    def is_over(self) -> bool:
        return self.state.result is not None

    @property
    def result(self) -> dict[str, Any] | None:
        """At the end: ``scores`` (match points), ``settlement`` (won or paid per seat),
        ``winners`` (seats with the best settlement), ``deals`` and ``stacks`` (each
        seat's chips at the end, for games played for chips)."""
        return self.state.result

    @property
    def events(self) -> list[Event]:
        return self.state.events

    @property
    def options(self) -> Mapping[str, Any]:
        return self.state.options

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may know, as JSON-able data (``None``: a spectator): the variant
        and its options, players, deal, phase, seat to act, chips, scores, the variant's
        public facts (``public``), every zone (cards only where ``seat`` may see them) and
        the event log as ``seat`` saw it.

            >>> import hoyle
            >>> view = hoyle.new_game("war", seed=1).view(0)
            >>> view["options"]["down_cards"], view["zones"]["deck"]["cards"]
            (3, None)
        """
        if seat is not None:
            self._check_seat(seat)
        return self.state.view(seat)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The actions ``seat`` (default: the seat to act) may take now.

        The one place the variant is asked, and its answer cached: every action appends
        an event before the variant applies it, so the event count identifies the
        state between actions; :meth:`act` reads the cache (a player usually asks for
        the legal actions, then takes one of them). Measured by
        ``benches/test_bench_engine.py::test_engine_overhead_per_action``."""
        state = self.state
        if seat is None:
            seat = state.to_act  # None once the game is over
            if seat is None:
                return []
        else:
            self._check_seat(seat)
            if state.result is not None:
                return []
        at = len(state.events)
        if at == self._legal_at and seat == self._legal_seat:
            return list(self._legal)
        legal = self._hook.legal(state, seat) or []
        self._legal_at, self._legal_seat, self._legal = at, seat, legal
        return list(legal)

    # --- acting ----------------------------------------------------------------------------

    def parse_action(self, text: str, seat: int | None = None) -> Action:
        """Read an action's text form, matching the legal actions' spelling first."""
        legal = self.legal_actions(seat)
        normal = " ".join(text.lower().split())
        for a in legal:
            if str(a).lower() == normal:
                return a
        return Action.parse(text, kinds={a.kind for a in legal})

    def act(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """Take an action (an :class:`Action` or its text) for ``seat`` (default: the
        seat to act). Returns the events it caused. An illegal action raises
        :class:`~hoyle.errors.IllegalActionError` and changes nothing."""
        state = self.state
        who = state.to_act if seat is None else self._check_seat(seat)
        if state.result is not None or who is None:
            if isinstance(action, str):
                action = self.parse_action(action, who)
            raise self._illegal(
                action, who, "the game is over" if state.result is not None else "no seat is to act; name the seat"
            )
        events = state.events
        first_new = len(events)
        if first_new != self._legal_at or who != self._legal_seat:
            self.legal_actions(who)  # not asked first (rare): ask, and read the cache
        legal = self._legal
        # A player usually hands back one of the legal action objects: look for it by
        # identity first (equality would compare the cards of every action before it;
        # benches/test_bench_gin_games.py); anything else is _check_unlisted's.
        for listed in legal:
            if listed is action:
                break
        else:
            action = self._check_unlisted(action, who, legal)
        logged = _LOGGED[action]
        try:
            events.append(logged.by_seat[who])  # who: a seat number, 0 or more
        except IndexError:  # the first time this action is taken from this seat
            events.append(logged.event(who))
        self._actions.append([who, logged.text])
        self._hook.apply(state, who, action)
        if action.cards:
            _hide_unseen_cards(events, first_new, who, action.cards)
        if state.deal_end is not None:
            self._finish_deal()
        return events[first_new:]

    def _check_unlisted(self, action: Action | str, who: int, legal: list[Action]) -> Action:
        """Accept an action that is not one of the listed objects: action text, an equal
        action, or one the variant's ``hoyle_check_action`` allows; raise for any other.
        Returns the action to take."""
        if isinstance(action, str):
            action = self.parse_action(action, who)
        if action in legal:
            return action
        if not isinstance(action, Action):
            raise self._illegal(action, who, f"{action!r} is not an Action or action text")
        verdict = self._hook.hoyle_check_action(state=self.state, seat=who, action=action)
        if verdict != "ok":
            reason = verdict or (
                f"not a legal action now (legal: {', '.join(map(str, legal))})"
                if legal
                else "seat has no legal action now"
            )
            raise self._illegal(action, who, reason)
        return action

    def _finish_deal(self) -> None:
        state = self.state
        hook = self._hook
        seats = state.seats
        row = _per_seat(hook.score_deal(state) or {}, seats)
        state.score_sheet.append(ScoreRow._taking(row, self._deal_outcome()))
        totals = state.scores = list(map(add, state.scores, row))
        # the two events of a finished game appended as State.log makes them, without its
        # call (every game of benches/test_bench_poker_games.py ends here)
        events = state.events
        events.append(_new_event(Event, ("deal_scored", None, {"scores": row, "totals": list(totals)}, (), None)))
        over = hook.match_over(state)
        if over is None or over:
            settlement = hook.settle(state)
            settle = _per_seat(settlement, seats) if settlement is not None else list(totals)
            best = max(settle)
            winners = []
            for s in seats:  # a loop, not a comprehension (a function call on Python 3.11)
                if settle[s] == best:
                    winners.append(s)
            result = state.result = {
                "scores": list(totals),
                "settlement": settle,
                "winners": winners,
                "deals": len(state.score_sheet),
                "stacks": list(state.stacks),
            }
            state.phase = OVER
            state.to_act = None
            events.append(_new_event(Event, (EventKind.MATCH_END, None, dict(result), (), None)))
        else:
            state.deal_number += 1
            self._start_deal()

    def _deal_outcome(self) -> dict[str, Any]:
        """What happened in the deal just ended, for its score-sheet row: the reason and
        data of ``end_deal``, and the variant's ``public["outcome"]`` if it keeps one."""
        state = self.state
        # built as the copy itself, each value copied by _copy_plain (not a merged dict
        # copied again: every deal ends here, benches/test_bench_poker_games.py)
        outcome: dict[str, Any] = {"reason": state.deal_end}
        for key, value in state.deal_end_data.items():
            outcome[key] = value if type(value) in _ATOMS else _copy_plain(value)
        kept = state.public.get("outcome")
        if kept is not None and (type(kept) is dict or isinstance(kept, Mapping)):  # a dict: no ABC check
            for key, value in kept.items():
                outcome[key] = value if type(value) in _ATOMS else _copy_plain(value)
        return outcome

    def _deck_for(self, k: int, options: Mapping[str, Any], players: int, seed: int) -> Deck:
        """The deck of deal ``k``: the fixed one given for it (checked to be an ordering
        of the variant's deck) or the variant's deck shuffled from the seed."""
        base = self._base_deck
        if base is None:  # the same options every deal: made once a game
            base = self._base_deck = self.variant.make_deck(options, players)
        if k < len(self._decks):
            deck = self._decks[k]
            if sorted(deck) != sorted(base):
                raise InvalidArgumentError(
                    f"deck {k} is not an ordering of the {self.variant.name} deck ({len(base)} cards)"
                )
            return deck
        return base.shuffled(seed, k)

    def _start_deal(self, loaded: bool = False) -> None:
        """Deal the next deal (``loaded``: the first, whose deck the new state was made
        with - one generator made per new game, not two: ``benches/test_bench_hand_setup.py``)."""
        state = self.state
        k = state.deal_number
        if not loaded:
            state.deal_end, state.deal_end_data = None, {}
            state.committed = [0] * len(state.players)
            state.load_deck(self._deck_for(k, state.options, len(state.players), state.seed))
        state.events.append(_DEAL_STARTS[k])
        dealt_from = len(state.events)
        self._hook.deal(state)
        if k == 0:
            state.start_stacks = _brought_to_table(state, dealt_from)
        if state.deal_end is not None:  # a deal that needed no decision (e.g. all-in blinds)
            self._finish_deal()

    # --- copying, saving, replaying ----------------------------------------------------

    def clone(self) -> Game:
        """An independent copy, cheap enough for tree search."""
        g = Game.__new__(Game)
        g._rules, g._hook, g._decks = self._rules, self._hook, self._decks
        g._legal_at, g._legal_seat, g._legal = -1, None, []
        g._base_deck = self._base_deck
        g.state = self.state.clone()
        g.record = {**self.record, "actions": list(self.record["actions"])}
        g._actions = g.record["actions"]
        return g

    def to_json(self) -> str:
        """The game as JSON: variant, players, seed, options, house rules, any fixed
        decks and every action. :meth:`from_json` replays it to an identical state."""
        return json.dumps(self.record)

    @staticmethod
    def from_json(text: str, registry: Registry | None = None) -> Game:
        """Rebuild a game by replaying its record."""
        try:
            record = json.loads(text)
            actions = record["actions"]
            game = new_game(
                record["variant"],
                players=record["players"],
                seed=record["seed"],
                options=record["options"],
                house_rules=record["house_rules"],
                deck=[Deck(d) for d in record["decks"]] if record.get("decks") else None,
                stacks=record.get("stacks"),
                registry=registry,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ReplayError(f"not a hoyle game record: {exc}") from exc
        for i, (seat, text_action) in enumerate(actions):
            try:
                game.act(text_action, seat=seat)
            except IllegalActionError as exc:
                raise ReplayError(f"action {i} ({text_action!r} by seat {seat}) does not replay: {exc.reason}") from exc
        return game

    # --- helpers -------------------------------------------------------------------------

    def _check_seat(self, seat: int) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in self.state.seats:
            raise InvalidArgumentError(f"seat {seat!r} is not one of 0..{len(self.state.players) - 1}")
        return seat

    def _illegal(self, action: Action, seat: int | None, reason: str) -> IllegalActionError:
        err = IllegalActionError(f"{action} by seat {seat}: {reason}")
        err.action, err.seat, err.reason = action, seat, reason
        return err

    def __repr__(self) -> str:
        return f"<Game {self.variant.name} deal {self.state.deal_number} phase={self.phase} to_act={self.to_act}>"


def _brought_to_table(state: State, dealt_from: int) -> list[int]:
    """What each seat brought to the table, read when the first deal has been dealt
    (its events from ``dealt_from``): its stack now, plus what it put in during the
    deal, less what it was paid during it - a deal can end with no decision (blinds all
    in: uncalled chips returned and the pot awarded before anyone acts).

    Nothing paid yet (the pot holds every chip committed, the usual case: every new game
    of ``benches/test_bench_poker_games.py``), it is the stacks plus the chips committed,
    in C; otherwise the deal's commit and award events are added up.
    """
    committed = state.committed
    if state.pot == sum(committed):
        return list(map(add, state.stacks, committed))
    brought = list(state.stacks)
    for kind, seat, data, _, _ in state.events[dealt_from:]:  # unpacked: cheaper than 3 field reads
        if seat is not None:
            if kind == EventKind.COMMIT:
                brought[seat] += data["amount"]
            elif kind == EventKind.AWARD:
                brought[seat] -= data["amount"]
    return brought


def _per_seat(points: Mapping[int, int], seats: range) -> list[int]:
    """Each seat's points as a plain int (0 for a seat ``points`` leaves out), in seat
    order: ``[int(points.get(s, 0)) for s in seats]`` in C (every finished deal does it
    twice: ``benches/test_bench_poker_games.py``)."""
    return list(map(int, map(points.get, seats, repeat(0))))


def _hide_unseen_cards(events: list[Event], at: int, who: int, cards: tuple[Card, ...]) -> None:
    """An action's text names its cards. Where the action moved them only where some
    seats can see them - a draw-poker discard, a gin knock card laid face down, a Pai
    Gow setting - the action event at ``at`` keeps its cards for those seats and the
    actor alone: the others read it without them (:meth:`Event.for_viewer`). A card
    that was in sight of everyone before (taken from a face-up pile) or goes face up is
    no secret: its moves are seen by all (``visible`` None)."""
    named: set[Card] | None = None  # made only when a move is not seen by all (benches/test_bench_gin_games.py)
    seen: frozenset[int] | None = None
    for event in events[at + 1 :]:
        visible = event.visible
        if visible is not None:
            if named is None:
                named = set(cards)
            if not named.isdisjoint(event.cards):
                seen = visible if seen is None else seen & visible
    if seen is not None:
        logged = events[at]
        events[at] = Event(logged.type, logged.seat, logged.data, cards, seen | {who})


def new_game(
    variant: str,
    players: int | Sequence[str] | None = None,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
    deck: Deck | Sequence[Deck | str] | str | None = None,
    stacks: Sequence[int] | None = None,
    registry: Registry | None = None,
) -> Game:
    """Start a game of an installed variant.

    :param variant: the variant's name (``hoyle.variants()`` lists them).
    :param players: how many, or their names; by default two, or the fewest the variant
        allows when that is more (``new_game("contract-rummy")`` seats three).
    :param seed: makes the shuffles (and every other chance event) reproducible; random
        if omitted (the chosen seed is in ``game.record``).
    :param options: the variant's options; unknown or invalid ones raise
        :class:`~hoyle.errors.InvalidOptionError`.
    :param house_rules: names of installed house rules to apply, in order.
    :param deck: deal from this order instead of shuffling (a Deck, card text, or one
        deck per deal); later deals are shuffled from the seed.
    :param stacks: starting chips per seat, for variants played for chips.
    :param registry: the plugins to use (default: every installed plugin).
    """
    reg = registry or _default_registry()
    seated: _Seating | None = None  # a game with the default options: its deck is known
    if not house_rules and (players is None or type(players) is int):  # the common case: remembered
        if options is not None:  # checked first: a bad option is named before bad players
            opts = reg.validate_options(reg.variant(variant), (), options)
        seating = _SEATINGS[reg, variant, players]
        ruleset, names = seating.ruleset, list(seating.names)
        if options is None:
            opts, seated = dict(seating.defaults), seating
    else:
        _, ruleset, opts, names = _check_setup(reg, variant, players, house_rules, options)
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise InvalidArgumentError(f"seed {seed!r} is not an int in 0..2**64")
    decks: list[Deck] = []
    if deck is not None:
        given: list[Deck | str] = [deck] if isinstance(deck, (Deck, str)) else list(deck)
        decks = [d if isinstance(d, Deck) else Deck(d) for d in given]
    if stacks is not None and not _are_stacks(stacks, len(names)):
        raise InvalidArgumentError(f"stacks {list(stacks)!r}: one non-negative int per player")
    record: dict[str, Any] = {
        "variant": variant,
        "players": names,
        "seed": seed,
        "options": opts,
        "house_rules": list(house_rules) if house_rules else [],
        "decks": [str(d) for d in decks] if decks else None,
        "stacks": list(stacks) if stacks is not None else None,
        "actions": [],
    }
    base = seated.deck() if seated is not None else None
    game = Game(ruleset, _NO_STATE, record, decks, base)
    # the default options' deck shuffled straight (no fixed deck to check), else as every deal
    first = base.shuffled(seed, 0) if base is not None and not decks else game._deck_for(0, opts, len(names), seed)
    game.state = State(variant, names, opts, first, seed, stacks)  # by position: benches/test_bench_hand_setup.py
    game.state.hooks = ruleset.hook
    game._start_deal(True)  # loaded
    return game


#: The state of a game being set up, until its first deck is made (:func:`new_game`).
_NO_STATE = State("", (), {}, None)


def _are_stacks(stacks: Sequence[int], players: int) -> bool:
    """Whether ``stacks`` gives each of the ``players`` a non-negative int of chips."""
    if len(stacks) != players:
        return False
    for chips in stacks:  # noqa: SIM110 - a loop: no generator made on every new game
        if not isinstance(chips, int) or chips < 0:
            return False
    return True


def _default_registry() -> Registry:
    """``hoyle.plugins.default_registry()``, the module imported once (it imports the
    engine, so not at the top of this one): an import statement on every new game costs
    more than a fresh game's whole option check (``benches/test_bench_hand_setup.py``)."""
    if not _PLUGINS:
        from hoyle import plugins

        _PLUGINS.append(plugins)
    registry: Registry = _PLUGINS[0].default_registry()  # read on each call: tests may replace it
    return registry


_PLUGINS: list[ModuleType] = []  # hoyle.plugins, once imported


def _check_setup(
    reg: Registry,
    variant: str,
    players: int | Sequence[str] | None,
    house_rules: Sequence[str],
    options: Mapping[str, Any] | None,
) -> tuple[Variant, Ruleset, dict[str, Any], list[str]]:
    """The variant, its ruleset, the checked options and the players' names of a new
    game; bad ones raise, in this order: variant, house rules, options, players."""
    v = reg.variant(variant)
    rules = tuple(reg.house_rule(name, variant) for name in house_rules)
    if len(set(house_rules)) != len(house_rules):
        raise InvalidOptionError(f"house rules named twice: {list(house_rules)}")
    opts = reg.validate_options(v, rules, options)
    if players is None:
        players = min(max(2, v.players[0]), v.players[1])
    if isinstance(players, bool) or not isinstance(players, (int, Sequence)) or isinstance(players, str):
        raise InvalidArgumentError(
            f"players {players!r}: give how many (an int) or their names (a list of str), not {type(players).__name__}"
        )
    count = players if isinstance(players, int) else len(players)
    if not v.players[0] <= count <= v.players[1]:  # before a name is built: the count may be huge
        raise InvalidOptionError(f"{variant!r} is for {v.players[0]}..{v.players[1]} players, not {count}")
    names = [f"player {i + 1}" for i in range(players)] if isinstance(players, int) else list(players)
    if not all(isinstance(n, str) for n in names):
        raise InvalidArgumentError(f"players {players!r}: every name must be a str")
    return v, _ruleset(reg, v, rules), opts, names


class _Seating:
    """What every new game of a variant with no house rules, a number of players and
    the default options starts from: the ruleset, the players' names, the checked
    default options (copied for each game) and, made on first use, the variant's
    unshuffled deck for them (a ``Deck`` is immutable, so games share it)."""

    __slots__ = ("_deck", "defaults", "names", "ruleset", "variant")

    def __init__(self, variant: Variant, ruleset: Ruleset, names: tuple[str, ...], defaults: dict[str, Any]) -> None:
        self.variant, self.ruleset, self.names, self.defaults = variant, ruleset, names, defaults
        self._deck: Deck | None = None

    def deck(self) -> Deck:
        """The variant's deck for the default options and these players."""
        deck = self._deck
        if deck is None:
            deck = self._deck = self.variant.make_deck(self.defaults, len(self.names))
        return deck


def _seating(key: tuple[Registry, str, int | None]) -> _Seating:
    """The :class:`_Seating` of a variant with no house rules and a number of players
    (None: the default), checked by :func:`_check_setup`."""
    reg, variant, players = key
    v, ruleset, defaults, names = _check_setup(reg, variant, players, (), None)
    return _Seating(v, ruleset, tuple(names), defaults)


#: :func:`_seating` for each registry, variant and number of players, made on first
#: use: a run of fresh games (``benches/test_bench_poker_games.py`` plays a new game per
#: hand, ``benches/test_bench_hand_setup.py`` measures its setup) checks each
#: combination, its default options and its deck once; options given are checked on
#: every call.
_SEATINGS: BoundedCache[tuple[Registry, str, int | None], _Seating] = BoundedCache(_seating, limit=256)
