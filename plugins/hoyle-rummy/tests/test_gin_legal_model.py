"""Gin's legal actions (docs/rules/rummy.md#c2) against an independent model of the rules,
at every step of seeded games under every option that changes them; and the batched
per-discard deadwood of the knock against one search per hand.

The model below is written from the rules, not from ``hoyle_rummy.gin_table``: it reads
the state (phase, hand, discard pile, the table's facts) and decides each action by
brute force - a knock is legal when one exact deadwood search of the ten cards left
says so, for every card, with none of the engine's short cuts (the deadwood bound, the
best-discard gate, the batched search).
"""

from __future__ import annotations

import random
from typing import Any

import hoyle
import pytest
from hoyle import Action, Card, Deck, State, rummy
from hoyle.errors import InvalidArgumentError
from hoyle_rummy.gin_table import GIN_RULES, deadwood_without_each

FOUR_RULES = GIN_RULES.replace(packs=2)
DRAW_STOCK, DRAW_DISCARD, PASS = Action("draw", source="stock"), Action("draw", source="discard"), Action("pass")


def _without(cards: list[Card], card: Card) -> list[Card]:
    """``cards`` less that very card object (two packs hold equal-looking copies)."""
    i = next(i for i, c in enumerate(cards) if c is card)
    return cards[:i] + cards[i + 1 :]


def model_legal(state: State, seat: int) -> list[Action]:
    """The legal actions of ``seat`` as the rules state them."""
    if seat != state.to_act:
        return []
    public: dict[str, Any] = state.public
    if "tables" in public:
        facts = next(tp for tp in public["tables"] if seat in tp["players"])
        prefix, phase, rules = facts["prefix"], facts["phase"], FOUR_RULES
    else:
        facts, prefix, phase, rules = public, "", state.phase, GIN_RULES
    hand = list(state.zones[f"{prefix}hand:{seat}"].cards)
    pile = state.zones[f"{prefix}discard"].cards
    limit = facts["knock_limit"]
    retake = state.options["retake"]

    def knocks_after_taking(card: Card) -> bool:
        """Taking ``card`` lets ``seat`` knock: some discard (not ``card`` itself unless
        the retake rule allows it) leaves at most the limit."""
        eleven = [*hand, card]
        return any(rummy.deadwood(_without(eleven, x), rules) <= limit for x in eleven if retake or x is not card)

    if phase == "offer":
        return [DRAW_DISCARD, PASS]
    if phase == "last-chance":
        return ([DRAW_DISCARD] if knocks_after_taking(pile[-1]) else []) + [PASS]
    if phase == "draw":
        if facts["stock_only"] or not pile:
            return [DRAW_STOCK]
        top = pile[-1]
        barred = facts["retake_barred"] == seat and str(top) == facts["retake_card"]
        return [DRAW_STOCK, DRAW_DISCARD] if not barred or knocks_after_taking(top) else [DRAW_STOCK]
    assert phase == "discard", phase
    taken = facts["taken"]
    allowed = [c for c in hand if retake or taken is None or str(c) != taken]
    legal = [] if facts["must_knock"] == seat else [Action("discard", (c,)) for c in allowed]
    return legal + [Action("knock", (c,)) for c in allowed if rummy.deadwood(_without(hand, c), rules) <= limit]


def _choose(state: State, legal: list[Action], pick: random.Random) -> Action:
    """Half the games' discards leave the least deadwood (and knock only now and then),
    so that knock turns, late pick-ups and retakes come up; the rest is random."""
    if pick.random() < 0.5:
        return legal[int(pick.random() * len(legal))]
    knocks = [a for a in legal if a.kind == "knock"]
    if knocks and pick.random() < 0.2:
        return knocks[int(pick.random() * len(knocks))]
    discards = [a for a in legal if a.kind == "discard"]
    if not discards:
        return legal[int(pick.random() * len(legal))] if not knocks else knocks[0]
    seat = state.to_act
    public: dict[str, Any] = state.public
    prefix = next(tp["prefix"] for tp in public["tables"] if seat in tp["players"]) if "tables" in public else ""
    hand = state.zones[f"{prefix}hand:{seat}"].cards
    return min(discards, key=lambda a: rummy.deadwood(_without(list(hand), a.cards[0]), FOUR_RULES))


SETTINGS = [
    ("gin-rummy", 2, {}),
    ("gin-rummy", 2, {"retake": True}),
    ("gin-rummy", 2, {"late_pickup": True}),
    ("gin-rummy", 2, {"retake": True, "late_pickup": True}),
    ("gin-rummy", 2, {"eleven_card_start": True}),
    ("gin-rummy", 3, {}),
    ("gin-rummy", 4, {"retake": True, "late_pickup": True}),
    ("oklahoma-gin", 2, {}),
    ("oklahoma-gin", 2, {"ace_means_gin": True, "retake": True}),
]


@pytest.mark.parametrize(("variant", "players", "options"), SETTINGS)
def test_legal_actions_are_the_rules_at_every_step(variant: str, players: int, options: dict[str, Any]) -> None:
    seen: set[str] = set()
    for seed in range(12):
        pick = random.Random(seed)
        game = hoyle.new_game(variant, players=players, seed=seed, options={"deals": 3, **options})
        for _ in range(2000):
            state = game.state
            if state.result is not None:
                break
            seat = state.to_act
            assert seat is not None
            legal = game.legal_actions()
            assert legal == model_legal(state, seat), (seed, state.phase, [str(a) for a in legal])
            for other in state.seats:
                if other != seat:
                    assert game.legal_actions(other) == []
            action = _choose(state, legal, pick)
            seen.add(action.kind)
            game.act(action)
    # the games reached every kind of action, the knock included
    assert {"draw", "discard", "knock"} <= seen


def test_the_model_sees_the_late_pickup_retake_and_forbidden_card() -> None:
    """The model's own rules on one rigged deal: the card taken from the pile may not be
    discarded, and the knock list is every card whose discard leaves 10 or less."""
    hand0 = "As 2s 3s 4h 5h 6h 9c 9d Kc Qd"  # A-2-3s 4-5-6h; 9c 9d Kc Qd
    hand1 = "2c 3c 5d 7s 8s Th Jh Jc 6c 4d"
    order = [c for pair in zip(hand0.split(), hand1.split()) for c in pair] + ["9h"]
    rest = [str(c) for c in Deck.standard() if str(c) not in order]
    game = hoyle.new_game("gin-rummy", deck=Deck(" ".join(order + rest)), options={"first_dealer": 1})
    game.act("draw discard")  # seat 0 takes the 9h: 9-9-9, deadwood Kc Qd = 20
    texts = [str(a) for a in game.legal_actions()]
    assert "discard 9h" not in texts and "knock 9h" not in texts
    assert [t for t in texts if t.startswith("knock")] == ["knock Qd", "knock Kc"]
    assert game.legal_actions() == model_legal(game.state, 0)


def test_deadwood_without_each_card_is_one_search_of_each_shorter_hand() -> None:
    """The knock's batched search against ``rummy.deadwood`` of each hand less one card:
    random hands of one pack (either copy of a two-pack deck, as at the four-player
    game's tables), 1 to 11 cards, asked about every card and about some of them."""
    pick = random.Random(2026)
    packs = [[c for c in Deck.standard(2).cards if c.copy == copy] for copy in (0, 1)]
    for trial in range(600):
        copy = trial % 2
        rules = FOUR_RULES if copy else GIN_RULES
        hand = sorted(pick.sample(packs[copy], pick.randint(1, 11)))
        cards = hand if trial % 3 else pick.sample(hand, pick.randint(1, len(hand)))
        expected = [rummy.deadwood(_without(hand, c), rules) for c in cards]
        assert deadwood_without_each(hand, cards, rules) == expected, (hand, cards)


def test_deadwood_without_each_refuses_a_card_not_in_the_hand_or_held_twice() -> None:
    hand = [Card(c) for c in ["2c", "3c", "4c", "5c", "9d"]]
    with pytest.raises(InvalidArgumentError, match="cards Kd: not in the hand 2c 3c 4c 5c 9d"):
        deadwood_without_each(hand, [hand[0], Card("Kd")], GIN_RULES)
    twice = [*hand, Card("2c#1")]
    with pytest.raises(InvalidArgumentError, match="holds a card twice"):
        deadwood_without_each(twice, hand, FOUR_RULES)
