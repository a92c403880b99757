"""The conformance kit for plugin authors.

``check_variant`` plays random games to the end and checks, at every step, the
invariants every variant must keep:

* every physical card of the deck is in exactly one zone;
* chips in stacks plus the pot stay constant (variants that declare ``conserves_chips``);
* views are plain JSON data and never show a card the seat may not see: a zone that is
  not visible to the seat shows only its count, and replaying the same actions from a
  deck in which the cards the seat never saw are permuted gives that seat identical
  views until an action stops being legal;
* an illegal action raises ``IllegalActionError`` and leaves the state unchanged;
* ``clone`` is independent; the JSON record replays to an identical state;
* out-of-turn actions: now and then a seat that is not to act but has legal actions
  (a slap) takes a random one of them, and bots with a ``react`` method are offered
  reactions (:func:`hoyle.simulate.react`), so those paths are checked too.

    >>> from hoyle.testing import check_variant
    >>> check_variant("war", games=3)                        # doctest: +SKIP

``rigged_deck`` builds a deck that deals the hands, board and up-card a test asks for,
from the variant's dealing order (``hoyle_register_dealing_orders``).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hoyle import hookspecs
from hoyle._core import Card, Deck, Rng
from hoyle.bots import Bot, RandomBot
from hoyle.engine.actions import Action
from hoyle.engine.game import Game, new_game
from hoyle.engine.state import State
from hoyle.errors import IllegalActionError, InvalidArgumentError
from hoyle.registry import DealingOrder, Registry


def _default_registry() -> Registry:
    from hoyle.plugins import default_registry

    return default_registry()


def registry_with(*plugins: object) -> Registry:
    """A registry of every installed plugin and ``plugins`` (objects or modules with
    registration hooks, e.g. a test's own house rule), for ``new_game(...,
    registry=)``, ``check_variant(..., registry=)`` and ``rigged_deck(..., registry=)``.

        >>> from hoyle import HouseRule, hookimpl
        >>> class Local:
        ...     @hookimpl
        ...     def hoyle_register_house_rules(self, register):
        ...         register(HouseRule(name="nothing-changes", rules=object(), variants=("war",)))
        >>> [r.name for r in registry_with(Local()).house_rules_for("war")]
        ['nothing-changes', 'war-cards-held']
    """
    from hoyle.plugins import load_plugins

    pm, distributions = load_plugins()
    for i, plugin in enumerate(plugins):
        pm.register(plugin, name=f"registry_with:{i}")
    pm.check_pending()
    return Registry(pm, distributions)


class ConformanceError(AssertionError):
    """A variant broke an invariant; the message says which game (seed) and step."""


def _fail(seed: int, step: int, message: str) -> ConformanceError:
    return ConformanceError(f"seed {seed}, step {step}: {message}")


def check_invariants(
    game: Game, deck_cards: Counter[Card], chips: int | None, seed: int, step: int, views: bool = True
) -> None:
    """Check card conservation, chips and view hygiene (with ``views``: whole views as
    JSON; else the zones) for the current state."""
    state = game.state
    held = Counter(state.all_cards())
    if held != deck_cards:
        extra, missing = held - deck_cards, deck_cards - held
        raise _fail(seed, step, f"cards not conserved: extra {sorted(extra)}, missing {sorted(missing)}")
    if chips is not None and sum(state.stacks) + state.pot != chips:
        raise _fail(seed, step, f"chips not conserved: {sum(state.stacks)} + pot {state.pot} != {chips}")
    for seat in [None, *state.seats]:
        if views:
            view = game.view(seat)
            json.dumps(view)
        else:
            view = {
                "zones": {
                    n: {"cards": [str(c) for c in z.cards] if z.visible_to(seat) else None}
                    for n, z in state.zones.items()
                }
            }
        for name, zone in state.zones.items():
            shown = view["zones"][name]["cards"]
            if not zone.visible_to(seat) and shown is not None:
                raise _fail(seed, step, f"seat {seat} sees hidden zone {name!r}")


def _first_deal_events(game: Game) -> list[Any]:
    events = game.state.events
    starts = [i for i, e in enumerate(events) if e.type == "deal_start"]
    return events[: starts[1]] if len(starts) > 1 else events


def _unseen_by(game: Game, deck: Deck, seat: int) -> set[Card]:
    """Cards of the first deal whose identity ``seat`` never saw there."""
    seen: set[Card] = set()
    for e in _first_deal_events(game):
        if e.cards and (e.visible is None or seat in e.visible):
            seen.update(e.cards)
    if game.state.deal_number == 0:
        for zone in game.state.zones.values():
            if zone.visible_to(seat):
                seen.update(zone.cards)
    return {c for c in deck if c not in seen}


def check_no_leak(game: Game, seat: int, seed: int, registry: Registry | None) -> None:
    """Replay the first deal from a deck where the cards ``seat`` never saw are
    permuted: the seat's views must not change (until an action stops being legal)."""
    record = json.loads(game.to_json())
    deck0 = (
        Deck(record["decks"][0])
        if record["decks"]
        else game.variant.make_deck(game.options, len(game.state.players)).shuffled(record["seed"], 0)
    )
    unseen = sorted(_unseen_by(game, deck0, seat))
    if len(unseen) < 2:
        return
    shuffled = list(unseen)
    Rng(seed, 99).shuffle(shuffled)
    swap = dict(zip(unseen, shuffled))
    deck = Deck([swap.get(c, c) for c in deck0])
    twins = [
        new_game(
            record["variant"],
            players=record["players"],
            seed=record["seed"],
            options=record["options"],
            house_rules=record["house_rules"],
            deck=d,
            stacks=record["stacks"],
            registry=registry,
        )
        for d in (deck0, deck)
    ]
    original, other = twins
    for step, (who, text) in enumerate(record["actions"]):
        if original.state.deal_number > 0 or original.is_over:
            return
        if original.view(seat) != other.view(seat):
            raise _fail(seed, step, f"seat {seat}'s view depends on cards it never saw")
        original.act(text, who)
        try:
            other.act(text, who)
        except IllegalActionError:
            return
    if original.state.deal_number == 0 and original.view(seat) != other.view(seat):
        raise _fail(seed, len(record["actions"]), f"seat {seat}'s final view depends on cards it never saw")


def _out_of_turn(game: Game, bots: Sequence[Bot], rng: Rng) -> int:
    """Exercise out-of-turn actions: bots' reactions, then (one time in three) a random
    legal action of a random seat that is not to act. Returns the actions taken."""
    from hoyle.simulate import react

    taken = react(game, bots, limit=50)
    if game.is_over or rng.below(3):
        return taken
    others = [s for s in game.state.seats if s != game.to_act and game.legal_actions(s)]
    if others:
        seat = others[rng.below(len(others))]
        legal = game.legal_actions(seat)
        game.act(legal[rng.below(len(legal))], seat)
        taken += 1
    return taken


def _likely_cause(game: Game, seat: int) -> str:
    """Why a variant has no legal action at its start, as far as the hooks of its
    ruleset (the variant's rules and its house rules) tell."""
    pm = game._rules.plugin_manager
    answered = {name for name in hookspecs.HOOK_NAMES if getattr(pm.hook, name).get_hookimpls()}
    if "hoyle_legal_actions" not in answered:
        return ": nothing implements hoyle_legal_actions (is it a method of the rules object, spelled so?)"
    if "hoyle_deal" not in answered:
        return ": nothing implements hoyle_deal, so no deal set the phase and the seat to act"
    return (
        f": hoyle_legal_actions answered nothing for seat {seat} in phase {str(game.state.phase)!r} at the start"
        " (does hoyle_deal set state.phase and state.to_act to what hoyle_legal_actions expects?)"
    )


def check_variant(
    name: str,
    games: int = 10,
    seed: int = 0,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
    max_actions: int = 20_000,
    registry: Registry | None = None,
    bot: Callable[..., Bot] = RandomBot,
) -> list[Game]:
    """Play ``games`` games of variant ``name`` between bots (random by default; pass a
    bot factory taking ``seed=`` for games that random play would not finish, e.g. one
    that knocks whenever it can) and check every invariant (see the module docs). An
    option not given in ``options`` that has a ``bounded`` value (:class:`hoyle.Option`,
    e.g. a rummy game's ``stock_limit``) is played at that value.
    Raises :class:`ConformanceError` naming the seed and step of the first failure;
    returns the finished games."""
    reg = registry or _default_registry()
    variant = reg.variant(name)
    n = players or variant.players[0]
    bounded = variant.bounded_options(options)  # every game must end (Option.bounded)
    finished = []
    for g in range(games):
        game_seed = Rng(seed, g).next_u64()
        game = new_game(name, players=n, seed=game_seed, options=bounded, house_rules=house_rules, registry=reg)
        bots = [bot(seed=(game_seed + i) % 2**64) for i in range(n)]
        out_of_turn = Rng(game_seed, 7)
        chips = sum(game.state.stacks) + game.state.pot if variant.conserves_chips else None
        step = 0
        while not game.is_over:
            deck_cards = Counter(game.state.deck)
            check_invariants(game, deck_cards, chips, game_seed, step, views=step % 16 == 0)
            seat = game.to_act
            if seat is None:
                raise _fail(game_seed, step, "the game is not over but no seat is to act")
            legal = game.legal_actions(seat)
            if not legal:
                cause = _likely_cause(game, seat) if step == 0 else ""
                raise _fail(game_seed, step, f"seat {seat} is to act but has no legal action{cause}")
            before = game.state.snapshot(events=False)
            try:
                game.act(Action("no-such-action"), seat)
            except IllegalActionError:
                pass
            else:
                raise _fail(game_seed, step, "an unknown action was accepted")
            if game.state.snapshot(events=False) != before:
                raise _fail(game_seed, step, "a rejected action changed the state")
            if step % 7 == 0:
                twin = game.clone()
                twin.act(legal[0], seat)
                if game.state.snapshot(events=False) != before:
                    raise _fail(game_seed, step, "acting on a clone changed the original")
            game.act(bots[seat].choose(game.view(seat), legal), seat)
            step += 1
            if not game.is_over:
                step += _out_of_turn(game, bots, out_of_turn)
            if step > max_actions:
                raise _fail(game_seed, step, f"no end after {max_actions} actions")
        check_invariants(game, Counter(game.state.deck), chips, game_seed, step)
        replayed = Game.from_json(game.to_json(), registry=reg)
        if replayed.state.snapshot() != game.state.snapshot():
            raise _fail(game_seed, step, "the JSON record does not replay to the same state")
        for seat in game.state.seats:
            check_no_leak(game, seat, game_seed, reg)
        finished.append(game)
    return finished


# --- rigged decks ------------------------------------------------------------------------


def dealt_places(state: State) -> list[str]:
    """The zone each card taken from the top of the ``deck`` zone went to, in the order
    taken, in the deal so far (from the event log): the deal's part of a variant's
    :class:`~hoyle.registry.DealingOrder`.

        >>> import hoyle
        >>> dealt_places(hoyle.new_game("war", seed=1).state)[:3]   # doctest: +SKIP
        ['pile:0', 'pile:1', 'pile:0']
    """
    return [place for place, _ in _dealt(state)]


def _dealt(state: State) -> list[tuple[str, Card]]:
    starts = [i for i, e in enumerate(state.events) if e.type == "deal_start"]
    out: list[tuple[str, Card]] = []
    for e in state.events[starts[-1] if starts else 0 :]:
        if e.data.get("from") == "deck" and e.cards:
            out += [(str(e.data["to"]), c) for c in e.cards]
    return out


def rigged_deck(
    variant: str,
    players: int = 2,
    hands: Mapping[int, str] | None = None,
    board: str | None = None,
    up_card: str | None = None,
    *,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
    seed: int = 0,
    registry: Registry | None = None,
    **zones: str,
) -> Deck:
    """A deck whose first deal gives each seat the ``hands`` asked (``{seat: "As Kd"}``,
    the first cards of that hand, in the order dealt), the ``board`` and the ``up_card``,
    and the first cards of any other zone named in ``zones`` (``stock="..."``,
    ``cut="..."``; ``**{"up:0": "Kd"}`` for names that are not identifiers); every other
    card comes from the variant's deck shuffled by ``seed``. Play the game with the same
    ``players``, ``options``, ``house_rules`` and ``seed``: the dealer (and, under a house
    rule, the deal itself) may depend on them.

    Built from the variant's dealing order (``hoyle_register_dealing_orders``). Raises
    :class:`~hoyle.errors.InvalidArgumentError` when a card is not in the deck or asked
    twice, a place gets more cards than it is dealt, or the deck does not deal what was
    asked (checked by dealing it).

    A game that deals each table from its own pack (four-player gin: pack 0 at table
    ``a``, pack 1 at ``b``; its order's ``packs``) takes cards by their face: "As" asked
    for a hand at table ``b`` is that table's ace (``As#1``); name a table's up-card and
    stock by zone (``**{"b:discard": "Qh", "a:stock": "3d"}``; ``up_card=`` is table
    ``a``'s).

        >>> deck = rigged_deck("gin-rummy", hands={0: "As 2s 3s"}, up_card="Kd")  # doctest: +SKIP
    """
    reg = registry or _default_registry()
    v = reg.variant(variant)
    if variant not in reg.dealing_orders:
        raise InvalidArgumentError(f"variant {variant!r} states no dealing order (hoyle_register_dealing_orders)")
    probe = new_game(variant, players=players, seed=seed, options=options, house_rules=house_rules, registry=reg)
    spec = reg.dealing_orders[variant](probe.state)
    wanted: dict[str, list[Card]] = {}
    for seat, text in (hands or {}).items():
        if seat not in probe.state.seats:
            raise InvalidArgumentError(f"hands: seat {seat!r} is not one of 0..{players - 1}")
        wanted[spec.place_of_hand(seat)] = _cards(text)
    for name, zone, given in (("board", spec.board, board), ("up_card", spec.up_card, up_card)):
        if given is not None:
            if zone is None:
                raise InvalidArgumentError(f"{name}={given!r}: {variant!r} has no {name.replace('_', '-')}")
            wanted[zone] = _cards(given)
    for place, text in zones.items():
        wanted[place] = _cards(text)
    base = v.make_deck(probe.options, players).shuffled(seed)
    rest = list(base)
    for place, cards in wanted.items():
        slots = spec.order.count(place)
        if (place != spec.stock or spec.packs) and len(cards) > slots:
            raise InvalidArgumentError(f"{place!r} is dealt {slots} cards in {variant!r}, not {len(cards)}")
        if spec.packs and slots:
            wanted[place] = cards = _in_pack(cards, spec.packs[spec.order.index(place)])
        for c in cards:
            if c not in rest:
                raise InvalidArgumentError(
                    f"card {c} asked for {place!r} is not in the {variant!r} deck, or asked twice"
                )
            rest.remove(c)
    queues = {place: list(cards) for place, cards in wanted.items()}
    if spec.packs:
        order = _deal_by_pack(spec, queues, rest)
    else:
        order = []
        for place in spec.order:
            queue = queues.get(place)
            order.append(queue.pop(0) if queue else rest.pop(0))
        order += [c for q in queues.values() for c in q] + rest  # a stock asked beyond the order: its top cards next
    deck = Deck(order)
    _check_rigged(variant, players, seed, options, house_rules, reg, deck, spec, wanted)
    return deck


def _cards(text: str) -> list[Card]:
    return [Card(c) for c in text.split()]


def _in_pack(cards: list[Card], pack: int) -> list[Card]:
    """The cards asked for a place dealt from ``pack``: each that pack's copy of its face."""
    return [c if c.is_joker else Card.from_index(c.index, pack) for c in cards]


def _deal_by_pack(spec: DealingOrder, queues: dict[str, list[Card]], rest: list[Card]) -> list[Card]:
    """The deck of a game that deals each table from its own pack: each position of the
    order takes its place's next asked card, else the next card of its pack."""
    by_pack: dict[int, list[Card]] = {}
    for c in rest:
        by_pack.setdefault(c.copy, []).append(c)
    order: list[Card] = []
    for place, pack in zip(spec.order, spec.packs, strict=True):
        queue = queues.get(place)
        order.append(queue.pop(0) if queue else by_pack[pack].pop(0))
    return order


def _filled_at_once(state: State, place: str) -> bool:
    """Whether the deal filled ``place`` with one move of several cards (a table's stock)."""
    starts = [i for i, e in enumerate(state.events) if e.type == "deal_start"]
    moves = [e for e in state.events[starts[-1] if starts else 0 :] if e.data.get("to") == place and e.cards]
    return len(moves) == 1 and len(moves[0].cards) > 1


def _check_rigged(
    variant: str,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    house_rules: Sequence[str],
    reg: Registry,
    deck: Deck,
    spec: DealingOrder,
    wanted: Mapping[str, list[Card]],
) -> None:
    """Deal ``deck`` and check that every place got its cards, in order; the cards of
    places dealt later must still wait in the stock."""
    game = new_game(
        variant, players=players, seed=seed, options=options, house_rules=house_rules, deck=deck, registry=reg
    )
    dealt = _dealt(game.state)
    stock = game.state.zones.get(spec.stock)
    waiting = Counter(stock.cards if stock is not None else [])
    for place, cards in wanted.items():
        got = [c for p, c in dealt if p == place]
        if place == spec.stock and stock is not None:
            got = list(reversed(stock.cards))  # the stock from its top
        elif spec.packs and place in game.state.zones and _filled_at_once(game.state, place):
            got = list(reversed(game.state.zones[place].cards))  # a table's stock, from its top
        later = cards[len(got) :]
        if got[: len(cards)] != cards[: len(got)] or any(waiting[c] < n for c, n in Counter(later).items()):
            shown = " ".join(map(str, got[: len(cards)]))
            raise InvalidArgumentError(
                f"the rigged {variant!r} deck does not deal {' '.join(map(str, cards))} to {place!r} "
                f"(dealt: {shown or 'nothing'}): its dealing order is wrong"
            )
