"""``hoyle.testing.rigged_deck``: for every installed variant, a rigged deck deals
exactly the hands, board and up-card asked; a deck that cannot deal them raises."""

from __future__ import annotations

import hoyle
import pytest
from hoyle import Card, Deck, Variant, hookimpl
from hoyle.errors import InvalidArgumentError
from hoyle.plugins import default_registry, load_plugins
from hoyle.registry import DealingOrder, Registry
from hoyle.testing import rigged_deck

CASES = [(name, v.players[0]) for name, v in sorted(default_registry().variants.items())]
CASES += [("gin-rummy", 3), ("texas-holdem", 6), ("rummy", 4), ("seven-card-stud", 5)]
SORTED_HANDS = {"gin-rummy", "oklahoma-gin"}  # hands are sorted once dealt


def test_every_variant_states_a_dealing_order() -> None:
    assert set(default_registry().dealing_orders) == set(default_registry().variants)


def _texts(cards: list[Card]) -> str:
    return " ".join(map(str, cards))


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_a_rigged_deck_deals_the_hands_board_and_up_card_asked(variant: str, players: int) -> None:
    reg = default_registry()
    v = reg.variant(variant)
    if variant == "in-between":  # no hands: the cut for the deal and the first posts
        deck = rigged_deck(variant, players, cut="Kd 2c", table="5h 9d")
        game = hoyle.new_game(variant, players=players, seed=0, deck=deck)
        assert _texts(game.state.zone("discards").cards) == "Kd 2c"  # seat 0 cut high: deals
        assert _texts(game.state.zone("table").cards) == "5h 9d"
        assert game.state.public["dealer"] == 0
        return
    probe = hoyle.new_game(variant, players=players, seed=0)
    spec = reg.dealing_orders[variant](probe.state)
    pool = list(v.make_deck(probe.options, players).shuffled(99))  # cards unlike the seed-0 deck's
    asked: dict[str, list[Card]] = {}
    hands: dict[int, str] = {}
    for seat in probe.state.seats:
        zone = spec.place_of_hand(seat)
        n = spec.order.count(zone)
        if n:
            asked[zone] = [pool.pop() for _ in range(n)]
            hands[seat] = _texts(asked[zone])
    board = up = None
    if spec.board is not None:
        asked[spec.board] = [pool.pop() for _ in range(spec.order.count(spec.board))]
        board = _texts(asked[spec.board])
    if spec.up_card is not None and spec.order.count(spec.up_card) == 1:
        asked[spec.up_card] = [pool.pop()]
        up = str(asked[spec.up_card][0])
    assert hands, f"{variant} deals no hands?"
    deck = rigged_deck(variant, players, hands=hands, board=board, up_card=up)
    game = hoyle.new_game(variant, players=players, seed=0, deck=deck)
    for zone, cards in asked.items():
        if zone == spec.board:
            continue
        got = game.state.zone(zone).cards
        assert (sorted(got) == sorted(cards)) if variant in SORTED_HANDS else (got == cards), zone
    if board is not None:  # the board comes street by street: check or call to the river
        while game.state.zone(spec.board).cards.__len__() < 5 and not game.is_over:
            legal = game.legal_actions()
            game.act(next(a for a in legal if a.kind in ("check", "call")))
        assert _texts(game.state.zone(spec.board).cards) == board


def test_the_rest_of_the_deck_is_the_variants_deck_shuffled_by_seed() -> None:
    deck = rigged_deck("war", hands={0: "As"}, seed=4)
    assert sorted(deck) == sorted(Deck.standard())
    again = rigged_deck("war", hands={0: "As"}, seed=4)
    assert str(deck) == str(again) and str(rigged_deck("war", hands={0: "As"}, seed=5)) != str(deck)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": {0: "As As"}}, "card As asked for 'pile:0' is not in the 'war' deck, or asked twice"),
        ({"hands": {0: "As", 1: "As"}}, "card As asked for 'pile:1'"),
        ({"hands": {0: "Jk"}}, "card Jk asked for 'pile:0' is not in the 'war' deck"),
        ({"hands": {2: "As"}}, "hands: seat 2 is not one of 0..1"),
        ({"board": "As"}, "board='As': 'war' has no board"),
        ({"hands": {0: " ".join(str(c) for c in list(Deck.standard())[:27])}}, "'pile:0' is dealt 26 cards"),
    ],
)
def test_impossible_requests_raise(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidArgumentError) as info:
        rigged_deck("war", **kwargs)  # type: ignore[arg-type]
    assert message in str(info.value)


def _war_copy(name: str) -> Variant:
    war = hoyle.variants()["war"]
    return Variant(name=name, rules=war.rules, players=(2, 2), deck=war.deck, options=war.options)


def test_a_wrong_dealing_order_raises() -> None:
    """A variant whose stated order is not how it deals: the rigged deck is dealt and
    checked, so the mistake is an error, not a test that quietly plays other cards."""

    class WrongOrder:
        @hookimpl
        def hoyle_register_dealing_orders(self, register):  # type: ignore[no-untyped-def]
            register("war-2", lambda state: DealingOrder(order=("pile:1", "pile:0") * 26, hand="pile:{seat}"))

        @hookimpl
        def hoyle_register_variants(self, register):  # type: ignore[no-untyped-def]
            register(_war_copy("war-2"))

    pm, dists = load_plugins()
    pm.register(WrongOrder(), name="wrong")
    reg = Registry(pm, dists)
    with pytest.raises(InvalidArgumentError, match=r"does not deal As to 'pile:0'.*dealing order is wrong"):
        rigged_deck("war-2", hands={0: "As"}, registry=reg)
    assert sorted(rigged_deck("war", hands={0: "As"}, registry=reg)) == sorted(Deck.standard())


def test_a_variant_without_a_dealing_order_says_so() -> None:
    class NoOrder:
        @hookimpl
        def hoyle_register_variants(self, register):  # type: ignore[no-untyped-def]
            register(_war_copy("war-3"))

    pm, dists = load_plugins()
    pm.register(NoOrder(), name="none")
    with pytest.raises(InvalidArgumentError, match="'war-3' states no dealing order"):
        rigged_deck("war-3", registry=Registry(pm, dists))


class _BurnFirst:
    """House rule ``war-burn``: the top card is burned before War's deal."""

    @hookimpl(wrapper=True)
    def hoyle_deal(self, state):  # type: ignore[no-untyped-def]
        state.add_zone("burn", visibility=hoyle.Zone.HIDDEN)
        state.move_top("deck", "burn", event="burn")
        return (yield)


def test_a_rigged_deck_deals_under_the_house_rules_asked() -> None:
    """The dealing order is read from a deal under the house rules, and the deck is
    checked by dealing it under them: a house rule that changes the deal is rigged right."""
    pytest.importorskip("hoyle_war")
    from hoyle.registry import HouseRule

    class Plugin:
        @hookimpl
        def hoyle_register_house_rules(self, register):  # type: ignore[no-untyped-def]
            register(HouseRule(name="war-burn", rules=_BurnFirst(), variants=("war",), description="burn one"))

    pm, dists = load_plugins()
    pm.register(Plugin(), name="war-burn")
    reg = Registry(pm, dists)
    deck = rigged_deck("war", hands={0: "As Ks", 1: "2h"}, house_rules=["war-burn"], registry=reg, burn="7d")
    game = hoyle.new_game("war", seed=0, house_rules=["war-burn"], deck=deck, registry=reg)
    assert game.state.zone("burn").cards == [Card("7d")]
    to_pile = [(e.data["to"], c) for e in game.state.events if e.data.get("from") == "deck" for c in e.cards]
    assert [c for place, c in to_pile if place == "pile:0"][:2] == [Card("As"), Card("Ks")]
    assert [c for place, c in to_pile if place == "pile:1"][:1] == [Card("2h")]
    # rigged without the house rule, the same game burns the ace: a different deal
    plain = rigged_deck("war", hands={0: "As Ks"}, registry=reg)
    burned = hoyle.new_game("war", seed=0, house_rules=["war-burn"], deck=plain, registry=reg)
    assert burned.state.zone("burn").cards == [Card("As")]
