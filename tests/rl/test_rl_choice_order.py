"""Canonical choice slots: a multi-card slot names the same cards whatever the order the
cards were dealt or listed in (docs/rl.md: sorted by the cards' indices)."""

from __future__ import annotations

import hoyle.rl
import numpy as np
from hoyle.engine.actions import Action
from hoyle.rl.kernel import new_table


def reorder(a: Action) -> Action:
    return Action(a.kind, tuple(reversed(a.cards)), a.amount, a.source, a.target)


def test_draw_discard_slots_ignore_the_cards_order() -> None:
    enc = hoyle.rl.encoding("five-card-draw")
    checked = 0
    for seed in range(40):
        checked += _check_one(enc, seed)
    assert checked >= 3


def _check_one(enc: hoyle.rl.Encoding, seed: int) -> int:
    """Play a random hand up to its first multi-card discard; compare the slots of the
    legal actions as listed and with every action's cards (and the list) reversed."""
    table = new_table(enc, seed)
    rng = np.random.default_rng(seed)
    checked = 0
    while not table.over and checked == 0:
        game = table.game
        legal = game.legal_actions()
        multi = [a for a in legal if len(a.cards) > 1]
        if multi:
            state = game.state
            cat = enc.catalogue
            first = {s: frozenset(a.cards) for s, a in cat.slots(legal, state.public, state.pot, table.seat).items()}
            flipped = [reorder(a) for a in legal][::-1]
            second = {s: frozenset(a.cards) for s, a in cat.slots(flipped, state.public, state.pot, table.seat).items()}
            assert first == second
            checked += 1
        table.step(int(rng.choice(np.flatnonzero(table.mask()))))
    return checked
