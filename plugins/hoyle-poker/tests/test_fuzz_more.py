"""Fuzz the draw, stud and table-hand games: random legal actions mixed with random
(mostly illegal) ones from random seats never corrupt the state."""

from __future__ import annotations

from typing import Any

import hoyle
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hoyle.errors import IllegalActionError

VARIANTS = ["five-card-draw", "deuce-to-seven-single-draw", "deuce-to-seven-triple-draw", "badugi", "seven-card-stud", "seven-card-stud-hi-lo", "razz", "table-hand"]
TEXTS = st.one_of(
    st.sampled_from(["fold", "check", "call", "draw", "bring-in", "discard As", "discard As Kd Qh Jc", "discard 2c 3c 4c 5c 6c", "show", "muck", "look stub", "expose"]),
    st.builds(lambda k, n: f"{k} {n}", st.sampled_from(["bet", "raise to"]), st.integers(-2, 60)),
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    procedure=st.sampled_from(["strict", "cardroom"]),
    steps=st.lists(st.tuples(st.booleans(), TEXTS, st.integers(0, 5), st.integers(0, 99)), max_size=60),
)
def test_fuzz_actions_never_corrupt_state(variant: str, seed: int, players: int, procedure: str, steps: list[Any]) -> None:
    g = hoyle.new_game(variant, players=players, seed=seed, options={"hands": 2, "procedure": procedure, "stack": 40})
    total = sum(g.state.stacks) + g.state.pot
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
        assert sum(state.stacks) + state.pot == total
        assert min(state.stacks) >= 0 and state.pot >= 0
        assert sorted(state.all_cards()) == sorted(state.deck)
        if not g.is_over:
            assert g.to_act is not None and g.legal_actions()
