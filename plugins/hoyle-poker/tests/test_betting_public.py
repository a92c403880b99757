"""The typed model of the betting core's public state (``BettingPublic``) declares every
key the betting games keep in ``state.public``, so mypy's check of the betting core
covers them all; the dict and its JSON are unchanged."""

from __future__ import annotations

import json
import typing

import hoyle
import pytest
from hoyle_poker.betting_public import BettingPublic, FrozenAction

# keys a variant keeps beside the betting core's (the showdown, the draw rounds)
VARIANT_KEYS = {"showdown_order", "to_show", "drawn", "draw_round", "to_draw"}


@pytest.mark.parametrize("name", ["texas-holdem", "omaha", "badugi", "five-card-draw", "razz", "table-hand"])
def test_every_public_key_is_declared(name: str) -> None:
    declared = set(typing.get_type_hints(BettingPublic))
    for seed in range(4):
        for conventions in ("cardroom", "pokerkit"):
            options = {"conventions": conventions, "showdown": "manual", "procedure": "cardroom"}
            g = hoyle.new_game(name, players=4, seed=seed, options=options)
            rng = hoyle.Rng(seed)
            while True:
                assert set(g.state.public) - VARIANT_KEYS <= declared
                json.dumps(g.state.public)  # plain JSON data
                if g.is_over:
                    break
                legal = g.legal_actions()
                g.act(legal[rng.below(len(legal))])


def test_a_frozen_action_has_the_declared_fields() -> None:
    g = hoyle.new_game("texas-holdem", players=4, seed=1, options={"procedure": "cardroom"})
    g.act("fold", seat=1)  # out of turn: frozen until seat 1's turn
    frozen = g.state.public["frozen"][1]
    assert set(frozen) == set(typing.get_type_hints(FrozenAction))
