"""Pinochle rummy and 500 Rum's options, Michigan rummy and Boat House rummy
(docs/rules/rummy.md#c7-9, #c7-3, #c7-4), scripted with rigged decks; each also played
through ``check_variant``."""

from __future__ import annotations

import functools

import hoyle
import pytest
from hoyle import Card, Deck, Zone
from hoyle.testing import check_variant
from hoyle_rummy.boat_house import BOAT_HOUSE_RULES
from hoyle_rummy.five_hundred import five_hundred_rules
from hoyle_rummy.turns import MeldingBot
from rummy_decks import cards, new, outcome, texts


def meld_sets(game: hoyle.Game) -> set[frozenset[str]]:
    return {frozenset(str(c) for c in a.cards) for a in game.legal_actions() if a.kind == "meld"}


def value(card: str, ace: int = 15, low: str = "face") -> int:
    """An independent card count: ace ``ace``, pictures and tens 10, 2-9 face value (or 5)."""
    rank = card[0]
    if rank == "A":
        return ace
    if rank in "TJQK":
        return 10
    return 5 if low == "five" else int(rank)


# ---- Pinochle rummy and 500 Rum's options ---------------------------------------------------

P0 = "2h 3h 4h 5c 5d 5s 9c 9d 9s Kh Kd Ks 7c"
P1 = "Ac 2c 3d 4d 6h 6d 8h 8s Tc Jh Qs 3s 4s"


@pytest.mark.parametrize("variant", ["500-rum", "pinochle-rummy"])
@pytest.mark.parametrize("low", ["face", "five"])
def test_low_cards_count_five(variant: str, low: str) -> None:
    game = new([P0, P1], "Qd", "5h", variant=variant, low_cards=low)
    for a in ("draw stock", "meld 2h 3h 4h", "meld 5c 5d 5s", "lay off 5h on 1", "meld 9c 9d 9s", "meld Kh Kd Ks"):
        game.act(a)
    game.act("discard 7c")
    assert outcome(game)["reason"] == "out"
    melded = ["2h", "3h", "4h", "5c", "5d", "5s", "5h", "9c", "9d", "9s", "Kh", "Kd", "Ks"]
    want0 = sum(value(c, low=low) for c in melded)
    want1 = -sum(value(c, low=low) for c in P1.split())
    assert game.state.score_sheet[-1] == [want0, want1]
    assert (want0, want1) == ((86, -89) if low == "face" else (80, -90))


def test_jokers_are_wild_count_their_card_on_the_table_and_15_in_hand() -> None:
    loser = P1.replace("Qs", "Jk#1")
    game = new(
        ["5h Jk 7h 5c 5d 5s 9c 9d 9s Kh Kd Ks 7c", loser],
        "Qd",
        "Kc",
        variant="pinochle-rummy",
        base=Deck.standard(1, 2),
        jokers=2,
    )
    assert len(game.state.deck) == 54
    assert len(hoyle.new_game("pinochle-rummy", options={"jokers": 1}).state.deck) == 53
    game.act("draw stock")  # Kc
    assert frozenset(["5h", "Jk", "7h"]) in meld_sets(game)
    for a in ("meld 5h Jk 7h", "meld 5c 5d 5s", "meld 9c 9d 9s", "meld Kh Kd Ks", "lay off Kc on 3", "discard 7c"):
        game.act(a)
    assert outcome(game)["reason"] == "out"
    # The joker scores as the 6h it stands for; seat 1's joker in hand costs 15.
    table = sum(value(c) for c in ["5h", "7h", "5c", "5d", "5s", "9c", "9d", "9s", "Kh", "Kd", "Ks", "Kc"]) + 6
    hand = sum(value(c) for c in loser.split() if c != "Jk#1") + 15
    assert game.state.score_sheet[-1] == [table, -hand]
    assert (table, hand) == (100, 94)


def test_runs_of_four_only() -> None:
    game = new([P0.replace("7c", "6c"), P1], "Qd", "5h", variant="pinochle-rummy", min_run=4)
    game.act("draw stock")
    melds = meld_sets(game)
    assert frozenset(["2h", "3h", "4h"]) not in melds and frozenset(["5c", "5d", "5s"]) in melds
    three = new([P0.replace("7c", "6c"), P1], "Qd", "5h", variant="pinochle-rummy")
    three.act("draw stock")
    assert frozenset(["2h", "3h", "4h"]) in meld_sets(three)
    four = new([P0.replace("7c", "5h"), P1], "Qd", "Ah", variant="pinochle-rummy", min_run=4)
    four.act("draw stock")
    assert frozenset(["Ah", "2h", "3h", "4h"]) in meld_sets(four)


def test_complete_melds_are_turned_face_down() -> None:
    game = new([P0, P1], "Qd", "5h", variant="500-rum", face_down=True)
    game.act("draw stock")
    game.act("meld 5c 5d 5s")
    assert game.state.zone("meld:0").visibility == Zone.PUBLIC  # three fives can take the fourth
    game.act("lay off 5h on 0")
    assert game.state.zone("meld:0").visibility == Zone.HIDDEN
    assert [e.data for e in game.events if e.type == "turn_down"] == [{"meld": 0}]
    assert "5c" not in str(game.view(1)["zones"]["meld:0"])  # nobody sees its cards
    game.act("meld 2h 3h 4h")
    assert game.state.zone("meld:1").visibility == Zone.PUBLIC
    plain = new([P0, P1], "Qd", "5h", variant="500-rum")
    for a in ("draw stock", "meld 5c 5d 5s", "lay off 5h on 0"):
        plain.act(a)
    assert plain.state.zone("meld:0").visibility == Zone.PUBLIC


def test_pinochle_rummy_plays_through() -> None:
    for opts in ({"target": 100}, {"target": 100, "jokers": 2, "low_cards": "five", "min_run": 4, "face_down": True}):
        rules = five_hundred_rules(opts.get("low_cards", "face"), opts.get("jokers", 0), 1, opts.get("min_run", 3))
        bot = functools.partial(MeldingBot, rules=rules)
        check_variant("pinochle-rummy", games=2, seed=5, players=3, options=opts, bot=bot)
    rules = five_hundred_rules("face", 2, 2, 3)
    check_variant(
        "500-rum",
        games=1,
        seed=6,
        players=5,
        options={"target": 100, "packs": 2, "jokers": 2},
        bot=functools.partial(MeldingBot, rules=rules),
    )


# ---- Michigan rummy -------------------------------------------------------------------------

M0 = "2h 3h 4h 7s 8s Kd Kc 5d 6c Qh"
M1 = "9c Jc Ah Ad As 2s 3c 4d 5c 6d"


def test_michigan_draws_any_discard_used_in_a_new_meld_taking_those_above() -> None:
    game = new([M0, M1], "Tc", "Kh", variant="michigan-rummy")
    assert texts(game) == ["draw stock"]  # the Tc makes no meld with seat 0's hand
    game.act("draw stock")  # Kh
    game.act("meld 2h 3h 4h")
    game.act("discard Qh")
    assert cards(game, "discard") == ["Tc", "Qh"]  # spread, in discard order
    assert game.state.zone("discard").visibility == Zone.PUBLIC
    assert "draw discard Tc" in texts(game) and "draw discard Qh" not in texts(game)
    game.act("draw discard Tc")
    assert {"Tc", "Qh"} <= set(cards(game, "hand:1")) and cards(game, "discard") == []
    assert texts(game) == ["meld 9c Tc Jc"]  # the card must be melded at once
    game.act("meld 9c Tc Jc")
    game.act("discard Qh")
    game.act("draw stock")
    game.act("discard " + cards(game, "hand:0")[-1])
    game.act("draw stock")
    game.act("discard Ah")
    # The Ah would lay off on seat 0's 2-3-4h, but a lay-off does not use a drawn discard.
    assert "draw discard Ah" not in texts(game)


def test_michigan_going_out_needs_a_final_discard_and_scores_as_basic_rummy() -> None:
    hand = "2h 3h 4h 7c 7d 7s 9s Ts Js Qs"
    game = new([hand, M1.replace("5c", "Kc")], "Kd", "5h", variant="michigan-rummy")
    game.act("draw stock")  # 5h: all eleven cards would meld
    game.act("meld 2h 3h 4h 5h")
    game.act("meld 7c 7d 7s")  # several melds per turn
    assert "meld 9s Ts Js Qs" not in texts(game)  # it would leave no card to discard
    assert "meld 9s Ts Js" in texts(game)
    game.act("meld Ts Js Qs")
    game.act("discard 9s")
    assert outcome(game)["winner"] == 0
    left = M1.replace("5c", "Kc").split()
    assert game.state.score_sheet[-1] == [sum(value(c, ace=1) for c in left), 0]


def test_michigan_empty_stock_passes_end_the_deal_lowest_hand_wins() -> None:
    low = "2c 3d 4s 6h 8c Td Qs Ah 5d 9h"  # no melds: 2+3+4+6+8+10+10+1+5+9 = 58
    high = "Kc Kd Qh Jc Js 9s 7d 8h 6s Tc"  # 10+10+10+10+10+9+7+8+6+10 = 90
    game = new([low, high], "2h", "", variant="michigan-rummy")
    stock = len(game.state.zone("stock").cards)
    assert stock == 52 - 21
    # Everybody draws the stock and discards what they drew, until the stock is empty.
    for _ in range(stock):
        seat = game.to_act
        game.act("draw stock")
        game.act(f"discard {cards(game, f'hand:{seat}')[-1]}")
    assert not game.state.zone("stock").cards and game.state.deal_number == 0
    assert "pass" in texts(game) and "draw stock" not in texts(game)
    first = game.to_act
    game.act("pass")
    assert game.state.deal_number == 0 and game.to_act == 1 - first and game.phase == "draw"
    game.act("pass")
    assert outcome(game)["reason"] == "stock-out"
    assert game.state.score_sheet[-1] == [90 - 58, 0]


def test_michigan_plays_through() -> None:
    for players in (2, 4):
        check_variant("michigan-rummy", games=2, seed=7, players=players, options={"deals": 2}, bot=MeldingBot)


# ---- Boat House rummy -----------------------------------------------------------------------

B0 = "Kh Ah 2h 5c 5d 5s 9s Ts Js 3d"  # K-A-2 round the corner, 5-5-5, 9-T-J spades; 3d
B1 = "Ac Ad Ks 6d 7h 8s Qd Kc 2s 3s"  # K-A-2? no (Kc Ac needs 2c): 11+11+10+6+7+8+10+10+2+3 = 78


def test_boat_house_deal_sizes() -> None:
    for players, size in ((2, 10), (3, 7), (4, 7), (5, 6), (6, 6)):
        st = hoyle.new_game("boat-house-rummy", players=players, seed=players).state
        assert [len(st.zone(f"hand:{s}").cards) for s in st.seats] == [size] * players


def test_boat_house_takes_the_discard_and_a_second_card() -> None:
    game = new([B0, B1], "Qc", "4c 6c", variant="boat-house-rummy")
    game.act("draw stock")  # 4c
    assert all(a.kind in ("discard", "go out") for a in game.legal_actions())  # no melding in play
    assert not any(a.kind == "go out" for a in game.legal_actions())
    game.act("discard 4c")
    assert texts(game) == ["draw stock", "draw discard"]
    game.act("draw discard")  # the 4c...
    assert game.phase == "second" and sorted(texts(game)) == ["draw discard", "draw stock"]
    game.act("draw discard")  # ...and the Qc under it
    hand = cards(game, "hand:1")
    assert {"4c", "Qc"} <= set(hand) and len(hand) == 12
    assert "discard 4c" not in texts(game) and "discard Qc" in texts(game)
    game.act("discard Qc")
    assert len(cards(game, "hand:1")) == 11  # a two-card draw grows the hand by one
    lone = new([B0, B1], "Qc", "4c 6c", variant="boat-house-rummy")
    lone.act("draw discard")  # the up-card was the only discard
    assert texts(lone) == ["draw stock"]  # the second card comes from the stock
    lone.act("draw stock")
    assert lone.phase == "play" and len(cards(lone, "hand:0")) == 12


def test_boat_house_goes_out_with_the_whole_hand_and_charges_unmatched_cards() -> None:
    game = new([B0, B1], "Qc", "4d 8c 5h", variant="boat-house-rummy")
    game.act("draw stock")  # 4d: K-A-2h, 5-5-5, 9-T-J s; 3d 4d do not meld
    assert not any(a.kind == "go out" for a in game.legal_actions())
    game.act("discard 4d")
    game.act("draw stock")
    game.act("discard " + cards(game, "hand:1")[-1])
    game.act("draw stock")  # the 5h
    assert "go out 3d" in texts(game)  # every card but the 3d melds (the discard is optional)
    game.act("go out 3d")
    assert outcome(game)["winner"] == 0
    assert {frozenset(map(str, e.cards)) for e in game.events if e.type == "meld"} == {
        frozenset(["Kh", "Ah", "2h"]),
        frozenset(["5c", "5d", "5s", "5h"]),
        frozenset(["9s", "Ts", "Js"]),
    }
    assert game.state.score_sheet[-1] == [78, 0]
    assert game.state.public["ledger"] == [78, -78]


def test_boat_house_goes_out_without_a_discard_and_melds_held_are_not_charged() -> None:
    held = "Ac Ad As 6d 7h 8s Qd Kc 2s 3s"  # A-A-A held: 6+7+8+10+10+2+3 = 46
    game = new(["Kh Ah 2h 5c 5d 5s 9s Ts Js Qs", held], "Qc", "Kd", variant="boat-house-rummy")
    game.act("draw stock")  # Kd: 11 cards, K-A-2h 5-5-5 9-T-J-Q s and the Kd
    assert "go out Kd" in texts(game) and "go out" not in texts(game)
    game.act("go out Kd")
    assert game.state.score_sheet[-1] == [46, 0]
    whole = new(["Kh Ah 2h 5c 5d 5s 9s Ts Js Qs", held], "Qc", "3h", variant="boat-house-rummy")
    whole.act("draw stock")  # 3h: K-A-2-3h, 5-5-5, 9-T-J-Q s: every card melds
    assert "go out" in texts(whole)
    start = len(whole.events)
    whole.act("go out")
    assert outcome(whole)["winner"] == 0
    assert not [e for e in whole.events[start:] if e.type == "discard"]  # no final discard
    assert len([e for e in whole.events[start:] if e.type == "meld"]) == 3
    assert BOAT_HOUSE_RULES.value(Card("As")) == 11


def test_boat_house_plays_through() -> None:
    bot = functools.partial(MeldingBot, rules=BOAT_HOUSE_RULES)
    for players in (2, 4):
        check_variant("boat-house-rummy", games=2, seed=8, players=players, options={"deals": 2}, bot=bot)
