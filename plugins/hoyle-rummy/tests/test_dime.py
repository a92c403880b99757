"""Dime rummy (docs/rules/rummy.md#c1), scripted deal by deal."""

from __future__ import annotations

import functools

import hoyle
from hoyle import Deck, rummy
from hoyle.testing import check_variant
from hoyle_rummy.turns import MeldingBot
from rummy_decks import texts

RUN = "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh"  # a twelve-card run


def dime_deck(hand0: str, hand1: str, up: str, stock: str = "", packs: int = 3) -> Deck:
    a, b = hand0.split(), hand1.split()
    order = [c for pair in zip(a, b) for c in pair] + [up] + stock.split()
    rest = [str(c) for c in Deck.standard(packs, 2 * packs) if str(c) not in order]
    return Deck(" ".join(order + rest))


OTHER = "2c 3d 4s 6c 8d Tc Kc Ks 9d 5s 3c Qd"


def test_deal_packs_and_the_ante() -> None:
    game = hoyle.new_game("dime-rummy", players=4, seed=1)
    assert (
        len(game.state.deck) == 3 * 52 + 6 and [len(game.state.zone(f"hand:{s}").cards) for s in range(4)] == [12] * 4
    )
    assert game.state.pot == 20 and game.state.stacks == [15] * 4
    four = hoyle.new_game("dime-rummy", players=2, seed=1, options={"packs": 4}, stacks=[30, 8])
    assert len(four.state.deck) == 4 * 52 + 8 and four.state.stacks == [25, 3] and four.state.pot == 10


def test_sets_of_any_size_and_wild_jokers() -> None:
    game = hoyle.new_game(
        "dime-rummy",
        deck=dime_deck("7h 7h#1 7d 7c 7s Jk 5h 9s 9s#1 Kd Qc 2s", OTHER, "Ad"),
        options={"first_dealer": 1},
    )
    game.act("draw stock")
    melds = {frozenset(t.split()[1:]) for t in texts(game) if t.startswith("meld")}
    assert frozenset(["7c", "7d", "7h", "7h#1", "7s"]) in melds
    assert frozenset(["5h", "Jk", "7h"]) in melds or frozenset(["5h", "Jk", "7h#1"]) in melds


def test_going_out_takes_a_dime_and_the_game_ends_with_the_pot() -> None:
    first = dime_deck(RUN, OTHER, "Ad", "Kd")
    second = dime_deck(OTHER, RUN, "Ad", "Js Kd")  # seat 0 deals: seat 1 is dealt first and starts
    game = hoyle.new_game("dime-rummy", deck=[first, second], options={"first_dealer": 1, "ante": 1})
    assert game.state.pot == 2
    for a in ("draw stock", "meld " + RUN, "discard Kd"):
        game.act(a)
    assert game.state.score_sheet == [[1, 0]] and game.state.pot == 1 and game.state.stacks == [20, 19]
    assert game.to_act == 1  # seat 0 deals the second round
    for a in ("draw stock", "discard Js", "draw stock", "meld " + RUN, "discard Kd"):
        game.act(a)
    assert game.result is not None and game.state.pot == 0
    assert game.result["scores"] == [2, 0] and game.result["settlement"] == [1, -1]


def test_conformance() -> None:
    bot = functools.partial(MeldingBot, rules=rummy.MeldRules.dime())
    check_variant("dime-rummy", games=2, options={"ante": 1}, bot=bot, max_actions=5000)
    check_variant("dime-rummy", games=1, players=4, options={"ante": 1, "packs": 4}, bot=bot, max_actions=5000)
