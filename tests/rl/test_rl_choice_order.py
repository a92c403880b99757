"""Canonical choice slots: a multi-card slot names the same cards whatever the order the
cards were dealt or listed in (docs/rl.md: sorted by the cards' indices)."""

from __future__ import annotations

import hoyle
import hoyle.rl
import numpy as np
from hoyle.engine.actions import Action
from hoyle.rl.kernel import new_table
from hoyle.rl.table import Table
from hoyle.testing import rigged_deck


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


def _at_the_draw(hand: str) -> Table:
    """Five-card draw with seat 0 dealt ``hand`` in that order, both seats checking to the draw."""
    enc = hoyle.rl.encoding("five-card-draw")
    deck = rigged_deck("five-card-draw", hands={0: hand, 1: "3s 3h 7c 8c Jd"})
    table = Table(enc, hoyle.new_game("five-card-draw", deck=deck))
    while not any(a.kind == "discard" for a in table.slots().values()):
        table.step(next(s for s, a in table.slots().items() if str(a) == "check"))
    return table


def test_the_same_hand_dealt_in_another_order_names_the_same_discard_slots() -> None:
    """The issue's case: ``discard #i`` named other cards when the hand came in another
    order. The slots are the discards ordered by how many cards, then the cards' indices
    (clubs 0-12, diamonds, hearts, spades; deuce first) ascending."""
    a, b = _at_the_draw("Ks 2c 9h 4d Th"), _at_the_draw("4d Th Ks 9h 2c")
    assert a.seat == b.seat == 0
    named = [
        {s: frozenset(map(str, act.cards)) for s, act in t.slots().items() if act.kind == "discard"} for t in (a, b)
    ]
    assert named[0] == named[1]
    pairs = [cards for _, cards in sorted(named[0].items()) if len(cards) == 2]
    # by hand: 2c (0) < 4d (15) < 9h (33) < Th (34) < Ks (50)
    assert pairs[0] == {"2c", "4d"} and pairs[1] == {"2c", "9h"} and pairs[3] == {"2c", "Ks"}
    assert pairs[4] == {"4d", "9h"} and pairs[-1] == {"Th", "Ks"} and len(pairs) == 10
    assert np.array_equal(a.observe(0), b.observe(0)) and np.array_equal(a.mask(), b.mask())
