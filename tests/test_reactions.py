"""Out-of-turn actions: the engine's acceptance of them, bots' reactions
(``hoyle.simulate.react``), ``check_variant``'s exercise of them, and deals that end
inside ``hoyle_deal``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hoyle import Action, Deck, Variant, Zone, hookimpl, new_game
from hoyle.plugins import load_plugins
from hoyle.registry import Registry
from hoyle.simulate import react
from hoyle.testing import check_variant

PLAY, CALL = Action("play"), Action("call")


class SnapRules:
    """Seats take turns playing a card face up; while the pile shows, any seat but the
    one to act may ``call``: the first call takes the pile (and scores it). A deal whose
    first card is a joker ends before anyone acts."""

    @hookimpl
    def hoyle_deal(self, state: Any) -> bool:
        state.add_zone("pile", visibility=Zone.PUBLIC)
        for s in state.seats:
            state.add_zone(f"won:{s}", owner=s, visibility=Zone.PUBLIC)
        state.public["taken"] = [0] * len(state.players)
        if state.zone("deck").cards[-1].is_joker:
            state.move_pile("deck", "pile")
            state.end_deal("joker")
            return True
        state.phase, state.to_act = "play", 0
        return True

    @hookimpl
    def hoyle_legal_actions(self, state: Any, seat: int) -> list[Action]:
        if seat == state.to_act:
            return [PLAY]
        return [CALL] if state.zone("pile").cards else []

    @hookimpl
    def hoyle_apply_action(self, state: Any, seat: int, action: Action) -> bool:
        if action == PLAY:
            state.move_top("deck", "pile", seat=seat)
            if not state.zone("deck").cards:
                state.end_deal("no cards")
            else:
                state.to_act = (seat + 1) % len(state.players)
        else:
            state.public["taken"][seat] += len(state.zone("pile").cards)
            state.move_pile("pile", f"won:{seat}", seat=seat)
        return True

    @hookimpl
    def hoyle_score_deal(self, state: Any) -> dict[int, int]:
        return dict(enumerate(state.public["taken"]))

    @hookimpl
    def hoyle_match_over(self, state: Any) -> bool:
        return state.deal_number >= 1


SNAP = Variant(name="snap-test", rules=SnapRules(), players=(2, 4), deck=lambda o: Deck("2c 3c 4c 5c 6c 7c Jk"))


class Plugin:
    @hookimpl
    def hoyle_register_variants(self, register: Any) -> None:
        register(SNAP)


@pytest.fixture(scope="module")
def registry() -> Registry:
    pm, dists = load_plugins()
    pm.register(Plugin(), name="snap-test")
    return Registry(pm, dists)


class FixedReactor:
    """Calls whenever it may, taking ``delay``; never reacts with anything else."""

    def __init__(self, delay: float | None) -> None:
        self.delay = delay

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        return legal[0]

    def react(self, view: Mapping[str, Any], legal: Sequence[Action]) -> tuple[Action, float] | None:
        return (CALL, self.delay) if self.delay is not None and CALL in legal else None


def test_any_seat_with_a_legal_action_may_act_out_of_turn(registry: Registry) -> None:
    g = new_game("snap-test", players=3, deck="2c 3c 4c 5c 6c 7c Jk", registry=registry)
    assert g.legal_actions(2) == []  # nothing to call yet
    g.act("play")
    g.act("call", seat=2)
    assert g.state.public["taken"] == [0, 0, 1]
    assert g.legal_actions(2) == []  # the pile is gone: a later call is refused


def test_the_fastest_reaction_acts_first_and_seat_order_breaks_ties(registry: Registry) -> None:
    g = new_game("snap-test", players=4, deck="2c 3c 4c 5c 6c 7c Jk", registry=registry)
    g.act("play")
    bots = [FixedReactor(0.3), FixedReactor(0.1), FixedReactor(0.2), FixedReactor(None)]
    # seat 1 is to act (its only action is play, so it does not react): seat 2 (0.2) beats seat 0 (0.3)
    assert react(g, bots) == 1
    assert g.state.public["taken"] == [0, 0, 1, 0]
    g.act("play")  # seat 1 plays; seat 2 is to act
    tied = [FixedReactor(0.3), FixedReactor(0.3), FixedReactor(0.3), FixedReactor(0.3)]
    assert react(g, tied) == 1
    assert g.state.public["taken"] == [1, 0, 1, 0]  # seats 0, 1 and 3 tie: seat 0 is first
    assert react(g, tied) == 0  # nothing left to react to


def test_simulate_offers_reactions(registry: Registry, monkeypatch: pytest.MonkeyPatch) -> None:
    import hoyle.plugins
    from hoyle.simulate import play_one

    monkeypatch.setattr(hoyle.plugins, "default_registry", lambda: registry)
    fast = lambda seed: FixedReactor(0.1)  # noqa: E731
    slow = lambda seed: FixedReactor(0.9)  # noqa: E731
    record = play_one("snap-test", 5, [slow, fast])
    # seat 1 calls every card seat 0 plays, seat 0 every card seat 1 plays, in both deals
    assert record.actions > 6 and record.scores[0] > 0 and record.scores[1] > 0
    quiet = play_one("snap-test", 5, [lambda seed: FixedReactor(None)] * 2)
    assert quiet.scores == [0, 0]


def test_check_variant_takes_out_of_turn_actions(registry: Registry) -> None:
    games = check_variant("snap-test", games=4, players=3, registry=registry)
    # only seats that are not to act may call: every call came from the out-of-turn exercise
    assert any(text == "call" for g in games for _, text in g.record["actions"])


def test_a_deal_that_ends_while_being_dealt_is_scored_and_play_goes_on(registry: Registry) -> None:
    g = new_game("snap-test", players=2, deck=["Jk 2c 3c 4c 5c 6c 7c", "2c 3c 4c 5c 6c 7c Jk"], registry=registry)
    assert g.state.deal_number == 1 and not g.is_over
    assert g.state.score_sheet == [[0, 0]] and g.to_act == 0
