"""Random finished hold'em and Omaha hands for the hand-history property tests: 2 to 7
players, every betting structure, uniform and big-blind antes, hi/lo, short stacks
(often all in for the ante or a blind), four-, five- and six-card Omaha, seeded random
actions."""

from __future__ import annotations

import random
from typing import Any

import hoyle
from hypothesis import strategies as st


def random_hand(seed: int, variant: str, players: int, options: dict[str, Any], stacks: list[int]) -> hoyle.Game:
    """A hand played to the end by seeded random legal actions."""
    game = hoyle.new_game(variant, players=players, seed=seed, options=options, stacks=stacks)
    rng = random.Random(seed)
    while not game.is_over:
        game.act(rng.choice(game.legal_actions()))
    return game


@st.composite
def hands(draw: st.DrawFn) -> hoyle.Game:
    """A random finished hand (see the module)."""
    variant = draw(st.sampled_from(["texas-holdem", "omaha"]))
    players = draw(st.integers(2, 7))
    options: dict[str, Any] = {
        "structure": draw(st.sampled_from(["no-limit", "pot-limit", "fixed-limit"])),
        "ante": draw(st.sampled_from([0, 0, 1, 3])),
        "ante_type": draw(st.sampled_from(["uniform", "big-blind"])),
    }
    if variant == "omaha":
        options["hi_lo"] = draw(st.booleans())
        options["hole_cards"] = draw(st.sampled_from([4, 4, 5, 6]))
    stacks = draw(st.lists(st.one_of(st.integers(1, 6), st.integers(1, 300)), min_size=players, max_size=players))
    return random_hand(draw(st.integers(0, 10**6)), variant, players, options, stacks)
