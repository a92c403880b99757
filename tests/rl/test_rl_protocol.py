"""The encoder reads a state through its documented public protocol only (issue 34):
a stand-in object that has just the documented attributes (no ``__dict__`` of a State,
no private zone slot) encodes exactly as the State it copies."""

from __future__ import annotations

from types import SimpleNamespace

import hoyle
import hoyle.rl
import numpy as np

PROTOCOL = ("zones", "to_act", "phase", "deal_number", "pot", "stacks", "committed", "scores", "public")


class _Zone:
    __slots__ = ("cards", "owner_seat", "seen")

    def __init__(self, cards: list, owner_seat: int | None, seen: frozenset[int] | None) -> None:
        self.cards, self.owner_seat, self.seen = cards, owner_seat, seen


def stand_in(state: hoyle.State) -> SimpleNamespace:
    zones = {name: _Zone(list(z.cards), z.owner, z.seen_by()) for name, z in state.zones.items()}
    fields = {name: getattr(state, name) for name in PROTOCOL if name != "zones"}
    # ``events`` is read by gin's Python features (hoyle_rummy.rl_encoding), not the compiled encoder
    return SimpleNamespace(zones=zones, events=state.events, **fields)


def test_a_stand_in_with_only_the_protocol_encodes_like_the_state() -> None:
    enc = hoyle.rl.encoding("gin-rummy", options={"deals": 1})
    game = hoyle.new_game("gin-rummy", seed=3, options={"deals": 1})
    for _ in range(6):
        for seat in (0, 1):
            real = enc.layout.encode(game.state, seat)
            assert np.array_equal(enc.layout.encode(stand_in(game.state), seat), real)
        game.act(game.legal_actions()[0])


def test_owner_seat_follows_owner() -> None:
    zone = hoyle.engine.state.Zone("hand:1", owner=1, visibility="owner")
    zone.owner = 0
    assert (zone.owner_seat, zone.seen_by()) == (0, frozenset({0}))
