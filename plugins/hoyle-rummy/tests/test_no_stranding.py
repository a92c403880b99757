"""Random play never strands a player: in every rummy variant, whenever the game is not
over the seat to act has a legal action (docs/rules/rummy.md#c0 - every turn can end).

Seeded games of each variant between mixes of ``random`` and the variant's default bot,
with two to four seats (contract rummy three to five), each bounded by ``max_actions``.
The normal suite plays six games of each; the soak a hundred. This is the
test that found contract rummy's stranding joker swap and five-player deal and
Wrotham's all-seven lay-down (see their tests)."""

from __future__ import annotations

import json

import hoyle
import pytest
from hoyle import Deck, Rng
from hoyle.plugins import default_registry
from hoyle.simulate import game_seed
from rummy_decks import assert_can_act, play_checked

REGISTRY = default_registry()
VARIANTS = sorted(n for n in REGISTRY.variants if REGISTRY.variant(n).family == "rummy")


def lineup(variant: str, seed: int) -> list[str]:
    """The seats of game ``seed``: two to four players (from the variant's least), each
    ``random`` or the variant's default bot, drawn from the seed."""
    least, most = REGISTRY.variant(variant).players
    rng = Rng(seed, 99)
    players = least + rng.below(min(most, least + 2) - least + 1)
    return ["random" if rng.below(2) else REGISTRY.default_bot(variant) for _ in range(players)]


def play_many(variant: str, games: int, max_actions: int) -> None:
    for i in range(games):
        seed = game_seed(20, i)
        play_checked(variant, seed, lineup(variant, seed), max_actions=max_actions, look_ahead=True)


def test_every_rummy_variant_is_checked() -> None:
    assert {"rummy", "contract-rummy", "wrotham-rummy", "gin-rummy", "scala-40", "kaluki"} <= set(VARIANTS)


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_play_always_has_a_legal_action(variant: str) -> None:
    play_many(variant, games=6, max_actions=1000)


@pytest.mark.soak
@pytest.mark.parametrize("variant", VARIANTS)
def test_random_play_always_has_a_legal_action_soak(variant: str) -> None:
    play_many(variant, games=100, max_actions=2000)


def explore_turn(game: hoyle.Game, where: str, seen: set[str]) -> None:
    """Every way the seat to act can play out the rest of its turn (each meld, lay-off
    and exchange, tried on clones; a discard or going out ends it) leaves it a legal
    action at every step."""
    seat = game.to_act
    for action in assert_can_act(game, where):
        if action.kind in ("draw", "discard"):
            continue
        trial = game.clone()
        trial.act(action, seat)
        if trial.is_over or trial.to_act != seat or trial.state.deal_number != game.state.deal_number:
            continue
        state = trial.state
        key = json.dumps(state.public, sort_keys=True, default=str) + "|".join(
            f"{name}:{' '.join(sorted(map(str, zone.cards)))}" for name, zone in sorted(state.zones.items())
        )
        if key not in seen:
            seen.add(key)
            explore_turn(trial, f"{where}, {action}", seen)


def test_wrotham_laying_down_all_seven_never_strands() -> None:
    """Wrotham's deals 4-6 (docs/rules/rummy.md#c1): hands of mostly one suit with a joker,
    the other player discarding a card of that suit, which the hand takes: every way of
    laying the hand down leaves a legal action at each step. (The stranding found by
    random play - 6c taken, 2c-5c melded, 6c laid off, ``Jk 8c Kc`` left - is one of
    these.)"""
    from test_wrotham import OTHER, RUN, wrotham, wrotham_deck

    rng = Rng(2026, 12)
    ranks = "A23456789TJQK"
    for _ in range(40):
        suit = "cdhs"[rng.below(4)]
        start = rng.below(6)
        pool = [f"{r}{suit}" for r in ranks[start : start + 8]]
        taken = pool.pop(1 + rng.below(len(pool) - 2))
        hand = [pool.pop(rng.below(len(pool))) for _ in range(5)] + [
            "Jk",
            f"K{'cdhs'[(rng.below(3) + 1 + 'cdhs'.index(suit)) % 4]}",
        ]
        other = [c for c in Deck.standard(1, 3) if str(c) not in [*hand, taken] and str(c) not in pool]
        starter = [taken, *(str(c) for c in other[:7])]
        quick = [wrotham_deck(RUN, OTHER) for _ in range(3)]
        game = wrotham([*quick, wrotham_deck(" ".join(starter), " ".join(hand))])
        for _ in range(3):
            game.act("meld 2h 3h 4h 5h 6h 7h 8h")
            game.act("discard Kd")
        game.act(f"discard {taken}")
        game.act("draw discard")
        explore_turn(game, f"hand {' '.join(hand)} taking {taken}", set())
