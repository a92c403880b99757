"""The flop games' public extension points (docs/plugins.md, "Betting games"): a
decision round between streets (``FlopRules.decisions``) and one hand's forced bets
(the ``hoyle_forced_bets`` hook), each written here as a third party would."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import hoyle
import pytest
from hoyle import Action, Deck, HouseRule, Option, State, Zone, hookimpl
from hoyle.errors import IllegalActionError
from hoyle.registry import Registry
from hoyle.testing import check_variant, registry_with
from hoyle_poker.flop import FlopRules, ForcedBets, arranged_deck, betting_options, holdem_values, poker_variant


class DiscardOne(FlopRules):
    """Crazy pineapple: three hole cards; after the flop betting (before the turn) each
    player still in discards one of them, face down."""

    decisions: Mapping[int, str] = {2: "discard"}

    def hoyle_deal(self, state: State) -> bool:  # an override: keeps FlopRules' @hookimpl
        state.add_zone("discards", visibility=Zone.HIDDEN)
        return super().hoyle_deal(state)

    def decision_actions(self, state: State, seat: int) -> list[Action]:
        return [Action("discard", cards=(c,)) for c in state.zone(f"hole:{seat}").cards]

    def apply_decision(self, state: State, seat: int, action: Action) -> None:
        state.move(action.cards, f"hole:{seat}", "discards", seat=seat, event="discard")


class _Variants:
    @hookimpl
    def hoyle_register_variants(self, register: Any) -> None:
        hole = Option(name="hole_cards", default=3, doc="Hole cards", choices=(3,))
        register(
            poker_variant("test-pineapple", DiscardOne(values=holdem_values), (*betting_options("no-limit"), hole), "t")
        )


class BombPot:
    """A bomb pot every ``bomb_every`` hands (the last of each run of them): no blinds,
    everybody antes ``bomb_ante``, no betting before the flop."""

    @hookimpl
    def hoyle_forced_bets(self, state: State, bets: ForcedBets) -> ForcedBets | None:
        every = state.options["bomb_every"]
        if state.deal_number % every != every - 1:
            return None
        ante = state.options["bomb_ante"]
        return bets._replace(blinds=(), antes=(ante,) * len(state.public["dealt"]), first_round=False)


class _HouseRules:
    @hookimpl
    def hoyle_register_house_rules(self, register: Any) -> None:
        options = (
            Option(name="bomb_ante", default=10, doc="Every player's ante in a bomb pot", minimum=1),
            Option(name="bomb_every", default=2, doc="A bomb pot every N hands", minimum=1),
        )
        register(HouseRule(name="bomb-pot", rules=BombPot(), variants=("texas-holdem",), options=options))


@pytest.fixture(scope="module")
def registry() -> Registry:
    return registry_with(_Variants(), _HouseRules())


def _pineapple(registry: Registry, deck: Deck, stacks: list[int] | None = None) -> hoyle.Game:
    return hoyle.new_game("test-pineapple", players=2, seed=0, deck=deck, registry=registry, stacks=stacks)


def test_every_player_still_in_discards_before_the_turn_all_in_or_not(registry: Registry) -> None:
    """Heads-up, both all in before the flop: the betting is over, yet each player still
    discards one card (seat 0, left of the button, first); the kept cards decide."""
    deck = arranged_deck(["As Ad 7c", "Kc Kd 2h"], "Ks 9d 4c 3h 8s")
    game = _pineapple(registry, deck)
    game.act("raise to 200")  # the button (seat 1, small blind) all in
    game.act("call")
    assert game.phase == "discard" and game.to_act == 0
    assert [str(a) for a in game.legal_actions()] == ["discard As", "discard Ad", "discard 7c"]
    assert game.legal_actions(1) == []
    with pytest.raises(IllegalActionError, match="not seat 1's turn"):
        game.act("discard 2h", seat=1)
    game.act("discard 7c")
    assert game.to_act == 1
    game.act("discard 2h")
    assert game.is_over and len(game.state.zone("board").cards) == 5
    assert game.state.zone("discards").cards == [hoyle.Card("7c"), hoyle.Card("2h")]
    assert game.result is not None and game.result["settlement"] == [-200, 200]  # trip kings


def test_the_discard_round_follows_the_flop_betting_and_the_turn_follows_it(registry: Registry) -> None:
    deck = arranged_deck(["As Ad 7c", "Kc Kd 2h"], "Ks 9d 4c 3h 8s")
    game = _pineapple(registry, deck)
    game.act("call")
    game.act("check")
    assert game.phase == "flop" and len(game.state.zone("board").cards) == 3
    game.act("check")
    game.act("check")
    assert game.phase == "discard" and len(game.state.zone("board").cards) == 3
    game.act("discard As")
    game.act("discard Kd")
    assert game.phase == "turn" and len(game.state.zone("board").cards) == 4
    assert [len(game.state.zone(f"hole:{s}").cards) for s in (0, 1)] == [2, 2]


def test_a_player_who_folded_does_not_discard(registry: Registry) -> None:
    deck = arranged_deck(["As Ad 7c", "Kc Kd 2h", "2c 3c 4d"], "Ks 9d 4c 3h 8s")
    game = hoyle.new_game("test-pineapple", players=3, seed=0, deck=deck, registry=registry)
    # the button is seat 2 and acts first; seat 0 (small blind) folds, seat 1 checks
    for text in ("call", "fold", "check"):
        game.act(text)
    for _ in range(2):
        game.act("check")
    assert game.phase == "discard" and game.state.public["to_decide"] == [1, 2] and game.to_act == 1


def test_the_decision_round_passes_the_conformance_kit(registry: Registry) -> None:
    check_variant("test-pineapple", games=6, players=3, registry=registry)


def test_the_forced_bet_hook_changes_one_hand_only(registry: Registry) -> None:
    """Two hands: the first with the options' blinds (1 and 2), the second a bomb pot:
    three antes of 10, no blinds, the flop dealt at once with the first seat left of
    the button to act."""
    game = hoyle.new_game(
        "texas-holdem", players=3, seed=5, options={"hands": 2}, house_rules=["bomb-pot"], registry=registry
    )
    assert game.phase == "preflop" and game.state.pot == 3
    while game.state.deal_number == 0:
        game.act("fold" if any(a.kind == "fold" for a in game.legal_actions()) else "check")
    assert game.phase == "flop" and game.state.pot == 30 and game.state.committed == [10, 10, 10]
    assert len(game.state.zone("board").cards) == 3
    assert game.to_act == (game.state.public["button"] + 1) % 3


def test_a_bomb_pot_checked_down_goes_to_the_best_hand(registry: Registry) -> None:
    """Every hand a bomb pot of 25 each: the flop comes at once, everybody checks to the
    river and the aces win the 75 chips."""
    deck = arranged_deck(["2c 7d", "As Ad", "Kc Kd"], "Qs 9d 4c 3h 8s")
    options = {"bomb_ante": 25, "bomb_every": 1}
    game = hoyle.new_game(
        "texas-holdem", players=3, seed=1, deck=deck, house_rules=["bomb-pot"], options=options, registry=registry
    )
    assert game.phase == "flop" and game.state.pot == 75
    while not game.is_over:
        game.act("check")
    assert game.result is not None and game.result["settlement"] == [-25, 50, -25]


def test_check_variant_under_the_bomb_pot(registry: Registry) -> None:
    check_variant("texas-holdem", games=4, players=3, options={"hands": 3}, house_rules=["bomb-pot"], registry=registry)
