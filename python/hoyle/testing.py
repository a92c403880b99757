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
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hoyle._core import Card, Deck, Rng
from hoyle.bots import Bot, RandomBot
from hoyle.engine.actions import Action
from hoyle.engine.game import Game, new_game
from hoyle.errors import IllegalActionError
from hoyle.registry import Registry


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
    that knocks whenever it can) and check every invariant (see the module docs).
    Raises :class:`ConformanceError` naming the seed and step of the first failure;
    returns the finished games."""
    from hoyle.plugins import default_registry

    reg = registry or default_registry()
    variant = reg.variant(name)
    n = players or variant.players[0]
    finished = []
    for g in range(games):
        game_seed = Rng(seed, g).next_u64()
        game = new_game(name, players=n, seed=game_seed, options=options, house_rules=house_rules, registry=reg)
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
                raise _fail(game_seed, step, f"seat {seat} is to act but has no legal action")
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
