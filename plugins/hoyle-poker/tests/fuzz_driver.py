"""The shared fuzz driver of the poker tests: random legal actions mixed with random
(mostly illegal) ones from random seats; after each step the state must be whole."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import hoyle
from hoyle.errors import IllegalActionError
from hypothesis import strategies as st

#: Action texts for every poker form: betting, drawing, stud, showdown, cardroom
#: irregularities and newcomers sitting down; plus bets and raises of random sizes.
ACTION_TEXTS = st.one_of(
    st.sampled_from(
        [
            "fold",
            "check",
            "call",
            "raise",
            "bet",
            "all-in",
            "draw",
            "bring-in",
            "show",
            "muck",
            "discard As",
            "discard As Kd Qh Jc",
            "discard 2c 3c 4c 5c 6c",
            "look stub",
            "expose",
            "sit",
            "sit 0",
            "sit 50",
        ]
    ),
    st.builds(lambda k, n: f"{k} {n}", st.sampled_from(["bet", "raise to", "call on"]), st.integers(-5, 450)),
)

#: One fuzz step: (take a random legal action?, the text otherwise, the seat, a pick).
STEPS = st.lists(st.tuples(st.booleans(), ACTION_TEXTS, st.integers(0, 9), st.integers(0, 99)), max_size=60)


def fuzz(
    variant: str,
    seed: int,
    players: int,
    options: dict[str, Any],
    steps: Sequence[tuple[bool, str, int, int]],
    stacks: list[int] | None = None,
) -> hoyle.Game:
    """Play ``steps`` on a new game; an illegal action must leave the state unchanged,
    and after every step chips are conserved (what is in play equals what the seats
    brought, newcomers included), no stack or pot is negative, every card is somewhere
    once, the seat to act has a legal action and the raise range is within its stack."""
    g = hoyle.new_game(variant, players=players, seed=seed, options=options, stacks=stacks)
    for legal_pick, text, seat, pick in steps:
        if g.is_over:
            break
        if legal_pick:
            legal = g.legal_actions()
            g.act(legal[pick % len(legal)])
        else:
            before = g.state.snapshot()
            try:
                g.act(text, seat=seat % players)
            except IllegalActionError:
                assert g.state.snapshot() == before
        state = g.state
        assert sum(state.stacks) + state.pot == sum(state.start_stacks)
        assert min(state.stacks) >= 0 and state.pot >= 0
        assert sorted(state.all_cards()) == sorted(state.deck)
        if not g.is_over:
            assert g.to_act is not None and g.legal_actions()
            rng = state.public.get("range")
            if rng is not None:
                assert rng[0] <= rng[1] <= state.stacks[g.to_act] + state.public["bets"][g.to_act]
    return g
