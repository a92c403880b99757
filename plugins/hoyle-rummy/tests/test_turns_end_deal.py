"""A rummy deal ended in a variant's own way (docs/rummy.md, "Ending a deal your own
way"): ``RummyTurns.end_deal`` sets the outcome and the next dealer; a deal ended
without a next dealer is a PluginError at the next deal saying how, not a KeyError."""

from __future__ import annotations

from typing import Any

import hoyle
import pytest
from hoyle import Action, Deck, Option, State, Variant, hookimpl
from hoyle.errors import PluginError
from hoyle.registry import Registry
from hoyle.testing import check_variant, registry_with
from hoyle_rummy.turns import RummyTurns

KNOCK = Action("knock")


class KnockAnyTime(RummyTurns):
    """After drawing, a player may knock: the deal ends and the knocker collects the
    others' counts."""

    def play_actions(self, state: State, seat: int) -> list[Action]:
        return [*super().play_actions(state, seat), KNOCK]

    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        if action == KNOCK:
            self.end_deal(state, "knock", winner=seat)
            return True
        return super().hoyle_apply_action(state, seat, action)

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        out = state.public["outcome"]
        return {out["winner"]: sum(c for s, c in enumerate(out["counts"]) if s != out["winner"])}

    @hookimpl
    def hoyle_settle(self, state: State) -> dict[int, int]:
        return dict(enumerate(state.scores))


class KnockWithoutNextDealer(KnockAnyTime):
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        if action == KNOCK:
            state.public["outcome"] = {"winner": seat, "counts": self.counts(state), "rummy": False}
            state.end_deal("knock", winner=seat)
            return True
        return super().hoyle_apply_action(state, seat, action)


class _Variants:
    @hookimpl
    def hoyle_register_variants(self, register: Any) -> None:
        options = (Option(name="deals", default=3, doc="Deals in the match", minimum=1),)
        for name, rules in (("knock-any-time", KnockAnyTime()), ("knock-no-dealer", KnockWithoutNextDealer())):
            register(Variant(name=name, rules=rules, players=(2, 4), deck=lambda o: Deck.standard(), options=options))


@pytest.fixture(scope="module")
def registry() -> Registry:
    return registry_with(_Variants())


def test_end_deal_passes_the_deal_and_the_match_goes_on(registry: Registry) -> None:
    game = hoyle.new_game("knock-any-time", players=3, seed=4, registry=registry)
    dealers = [game.state.public["dealer"]]
    for _ in range(2):
        game.act("draw stock")
        game.act("knock")
        dealers.append(game.state.public["dealer"])
    assert dealers == [d % 3 for d in range(dealers[0], dealers[0] + 3)]  # clockwise
    assert game.state.score_sheet[0].outcome["reason"] == "knock"


def test_a_deal_ended_without_a_next_dealer_names_the_fix(registry: Registry) -> None:
    game = hoyle.new_game("knock-no-dealer", players=2, seed=4, registry=registry)
    game.act("draw stock")
    with pytest.raises(PluginError, match=r"next_dealer.*self\.end_deal"):
        game.act("knock")


def test_the_knock_variant_passes_the_conformance_kit(registry: Registry) -> None:
    check_variant("knock-any-time", games=4, players=3, registry=registry)


def test_scoring_a_deal_with_no_outcome_is_a_plugin_error_naming_the_deal() -> None:
    """A scoring hook that meets a deal ended without ``public["outcome"]`` (a plugin
    that ended it by ``state.end_deal`` alone) says which deal (it was a TypeError or
    KeyError on the missing outcome)."""
    game = hoyle.new_game("rummy", players=2, seed=1, options={"target": 1000})
    game.state.end_deal("agreed")
    with pytest.raises(PluginError, match=r"rummy: deal 0 ended without public\['outcome'\]"):
        hoyle.variants()["rummy"].rules.hoyle_score_deal(game.state)


@pytest.mark.parametrize("variant", ["dime-rummy", "indian-rummy", "wrotham-rummy"])
def test_a_void_deal_in_a_variant_whose_deals_all_have_a_winner_is_a_plugin_error(variant: str) -> None:
    """Dime, Indian and Wrotham rummy score the deal's winner: a deal ended with no winner
    is a PluginError naming the variant and the deal, not a TypeError on None."""
    game = hoyle.new_game(variant, seed=1)
    rules = hoyle.variants()[variant].rules
    rules.end_deal(game.state, "agreed", winner=None)
    with pytest.raises(PluginError, match=rf"{variant}: deal 0 ended with no winner"):
        rules.hoyle_score_deal(game.state)
