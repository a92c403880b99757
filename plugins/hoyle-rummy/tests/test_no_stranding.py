"""Random play never strands a player: in every rummy variant, whenever the game is not
over the seat to act has a legal action (docs/rules/rummy.md#c0 - every turn can end).

Seeded games of each variant between mixes of ``random`` and the variant's default bot,
with two to four seats (contract rummy three to five), each bounded by ``max_actions``.
The normal suite plays a few games of each; the soak plays three hundred. This is the
test that found contract rummy's stranding joker swap and five-player deal and
Wrotham's all-seven lay-down (see their tests)."""

from __future__ import annotations

import pytest
from hoyle import Rng
from hoyle.plugins import default_registry
from hoyle.simulate import game_seed
from rummy_decks import play_checked

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
    play_many(variant, games=300, max_actions=3000)
