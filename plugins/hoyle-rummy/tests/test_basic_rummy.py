"""Basic rummy (docs/rules/rummy.md#c0, #c1) and its house rules, scripted deal by deal."""

from __future__ import annotations

from typing import Any

import hoyle
import pytest
from hoyle.errors import IllegalActionError, InvalidOptionError
from hoyle.testing import check_variant
from hoyle_rummy.turns import MeldingBot
from rummy_decks import cards, cycle, new, outcome, texts

H0 = "2h 3h 4h 7c 7d 7s 9s Ts Js Kd"  # melds 2-3-4h, 7-7-7, 9-T-J s; Kd
H1 = "5h 6h 7h 8c 8d Ac 2c 3d Qc Kc"  # counts 60; 5h 6h 7h lay off on 2-3-4h
THREE = ["2h 3h 4h 7c 7d 7s 7h", "5h 6h 8c 8d Ac 2c 3d", "9s Ts Qc Kc Jd 4c 5s"]  # seat 1 counts 33, seat 2 58


def melds(game: hoyle.Game) -> set[str]:
    return {t for t in texts(game) if t.startswith("meld")}


def test_deal_sizes_up_card_and_who_starts() -> None:
    for players, size in ((2, 10), (3, 7), (4, 7), (5, 6), (6, 6)):
        game = hoyle.new_game("rummy", players=players, seed=players)
        st = game.state
        assert [len(st.zone(f"hand:{s}").cards) for s in st.seats] == [size] * players
        assert len(st.zone("discard").cards) == 1
        assert len(st.zone("stock").cards) == 52 - players * size - 1
        assert game.phase == "draw" and game.to_act == (st.public["dealer"] + 1) % players


def test_first_dealer_is_drawn_from_the_seed_then_the_deal_rotates() -> None:
    dealers = {hoyle.new_game("rummy", players=4, seed=s).state.public["dealer"] for s in range(20)}
    assert len(dealers) > 1
    assert all(
        hoyle.new_game("rummy", seed=s).state.public["dealer"] == hoyle.new_game("rummy", seed=s).state.public["dealer"]
        for s in range(5)
    )
    # Seat 1 deals; seat 0 goes out at once; seat 0 deals next, and seat 1 starts.
    game = new([H0, H1], "4s", "Qs", several_melds=True, target=1000)
    for a in ("draw stock", "meld 2h 3h 4h", "meld 7c 7d 7s", "meld 9s Ts Js Qs", "discard Kd"):
        game.act(a)
    assert game.state.deal_number == 1 and game.state.public["dealer"] == 0 and game.to_act == 1
    three = new(THREE, "4s", "Kd", several_melds=True, target=1000)
    assert three.state.public["dealer"] == 2 and three.to_act == 0
    for a in ("draw stock", "meld 2h 3h 4h", "meld 7c 7d 7s 7h", "discard Kd"):
        three.act(a)
    assert outcome(three)["winner"] == 0
    assert three.state.public["dealer"] == 0 and three.to_act == 1


def lay_off_deal(**options: object) -> hoyle.Game:
    """Seat 0 melds 2-3-4h; seat 1 lays 5h 6h 7h off on it; seat 0 melds 7-7-7 and lays
    off 8h; seat 0 then draws 9h, holding 9s Ts Js 9h."""
    game = new([H0, H1], "4s", "Qd Qh 8h Jh 9h", target=1000, **options)
    game.act("draw stock")  # Qd
    assert melds(game) == {"meld 2h 3h 4h", "meld 7c 7d 7s", "meld 9s Ts Js"}
    game.act("meld 4h 2h 3h")  # any order names the meld
    assert cards(game, "meld:0") == ["2h", "3h", "4h"] and game.state.zone("meld:0").owner == 0
    assert not melds(game)  # one meld per turn
    with pytest.raises(IllegalActionError):
        game.act("meld 7c 7d 7s")
    game.act("discard Qd")
    game.act("draw stock")  # seat 1 draws Qh
    assert [t for t in texts(game) if t.startswith("lay off")] == ["lay off 5h on 0"]
    for a in ("lay off 5h on 0", "lay off 6h on 0", "lay off 7h on 0"):  # any number of lay-offs
        game.act(a)
    assert cards(game, "meld:0") == ["2h", "3h", "4h", "5h", "6h", "7h"]
    game.act("discard Qh")
    game.act("draw stock")  # seat 0 draws 8h
    assert "lay off 8h on 0" in texts(game)
    game.act("meld 7c 7d 7s")
    game.act("lay off 8h on 0")
    game.act("discard Kd")
    game.act("draw stock")  # Jh
    game.act("discard Jh")
    game.act("draw stock")  # 9h
    return game


SEAT1_LEFT = 8 + 8 + 1 + 2 + 3 + 10 + 10  # 8c 8d Ac 2c 3d Qc Kc


def test_one_meld_per_turn_lay_offs_on_anyones_melds_and_going_out_by_lay_off() -> None:
    game = lay_off_deal()
    game.act("meld 9s Ts Js")
    assert "lay off 9h on 0" in texts(game)
    game.act("lay off 9h on 0")  # the last card: out at once
    out = outcome(game)
    assert out["reason"] == "out" and out["winner"] == 0 and not out["rummy"]
    assert game.state.score_sheet == [[SEAT1_LEFT, 0]]


def test_going_out_after_an_earlier_meld_is_not_rummy() -> None:
    game = lay_off_deal(going_rummy="double")
    game.act("meld 9s Ts Js")
    game.act("discard 9h")
    assert game.state.score_sheet == [[SEAT1_LEFT, 0]]  # not doubled


def test_the_last_card_must_be_discarded_to_go_out() -> None:
    game = lay_off_deal(discard_to_go_out=True)
    game.act("meld 9s Ts Js")
    assert texts(game) == ["discard 9h"]  # laying 9h off would go out without a discard
    game.act("discard 9h")
    assert outcome(game)["winner"] == 0
    rummy_ = new([H0, H1], "4s", "Qs", several_melds=True, discard_to_go_out=True, target=1000)
    for a in ("draw stock", "meld 2h 3h 4h", "meld 7c 7d 7s"):
        rummy_.act(a)
    assert "meld 9s Ts Js Qs" in texts(rummy_)  # Kd is left to discard
    rummy_.act("meld 9s Ts Js Qs")
    assert texts(rummy_) == ["discard Kd"]


def test_lay_melds_down_in_a_run_extend_downwards_too() -> None:
    game = new(["4h 5h 6h 7c 7d 7s 9s Ts Js Kd", "3h 2h 8c 8d Ac 2c 3d Qc Kc Qd"], "4s", "Jd Qh")
    for a in ("draw stock", "meld 4h 5h 6h", "discard Jd", "draw stock", "lay off 3h on 0", "lay off 2h on 0"):
        game.act(a)
    assert cards(game, "meld:0") == ["2h", "3h", "4h", "5h", "6h"]


def test_lay_off_only_after_a_meld_of_ones_own() -> None:
    game = new([H0, H1], "4s", "Qd Qh", layoff_after_meld=True)
    for a in ("draw stock", "meld 2h 3h 4h", "discard Qd", "draw stock"):
        game.act(a)
    assert not [t for t in texts(game) if t.startswith("lay off")]
    with pytest.raises(IllegalActionError):
        game.act("lay off 5h on 0")


def test_the_card_taken_from_the_discard_pile_stays_that_turn() -> None:
    game = new([H0, H1], "Qd")
    game.act("draw discard")
    assert "discard Qd" not in texts(game) and "discard Kd" in texts(game)
    with pytest.raises(IllegalActionError):
        game.act("discard Qd")


def test_no_meld_that_leaves_only_the_card_just_taken() -> None:
    hand = "2h 3h 4h 7c 7d 7s 8s 9s Ts Js"
    game = new([hand, H1], "Kd", several_melds=True)
    for a in ("draw discard", "meld 2h 3h 4h", "meld 7c 7d 7s"):
        game.act(a)
    # 8-9-T-J s would leave only Kd, which may not be discarded now.
    assert melds(game) == {"meld 8s 9s Ts", "meld 9s Ts Js"}
    lay = new([hand, H1], "Qs", several_melds=True)
    for a in ("draw discard", "meld 2h 3h 4h", "meld 7c 7d 7s"):
        lay.act(a)
    # Qs could still be laid off on 8-J s, so that meld is allowed; 8-Q s goes out at once.
    assert {"meld 8s 9s Ts Js", "meld 8s 9s Ts Js Qs"} <= melds(lay)
    lay.act("meld 8s 9s Ts Js")
    assert texts(lay) == ["lay off Qs on 2"]


def test_going_rummy_options() -> None:
    def rummy_hand(**options: object) -> hoyle.Game:
        game = new([H0, H1], "4s", "Qs", several_melds=True, target=1000, **options)
        for a in ("draw stock", "meld 2h 3h 4h", "meld 7c 7d 7s", "meld 9s Ts Js Qs", "discard Kd"):
            game.act(a)
        assert outcome(game)["rummy"]
        return game

    assert rummy_hand().state.score_sheet == [[60, 0]]
    assert rummy_hand(going_rummy="double").state.score_sheet == [[120, 0]]
    assert rummy_hand(going_rummy="plus-10").state.score_sheet == [[70, 0]]
    assert rummy_hand(going_rummy="double", scoring="penalty").state.score_sheet == [[0, 120]]


def test_ace_high_or_low_and_round_the_corner() -> None:
    hand = "Qh Kh Ah 2h 5d 7s 9s 4c 8s 6c"
    low = new([hand, H1], "Js", "3c")
    low.act("draw stock")
    assert "meld Ah 2h 3h" not in melds(low)
    assert not [m for m in melds(low) if "Kh" in m and "Ah" in m]
    high = new([hand, H1], "Js", "3c", ace="high-or-low")
    high.act("draw stock")
    assert "meld Qh Kh Ah" in melds(high) and not [m for m in melds(high) if "Kh" in m and "2h" in m]
    corner = new([hand, H1], "Js", "3c", ace="round-the-corner")
    corner.act("draw stock")
    assert {frozenset(m.split()[1:]) for m in melds(corner)} >= {
        frozenset(["Kh", "Ah", "2h"]),
        frozenset(["Qh", "Kh", "Ah"]),
    }
    # Aces count 15 when high or low: seat 1 holds Ac.
    game = new([H0, H1], "4s", "Qs", several_melds=True, ace="high-or-low", target=1000)
    for a in ("draw stock", "meld 2h 3h 4h", "meld 7c 7d 7s", "meld 9s Ts Js Qs", "discard Kd"):
        game.act(a)
    assert game.state.score_sheet == [[60 - 1 + 15, 0]]


def test_empty_stock_turns_the_discard_pile_over_unshuffled() -> None:
    game = new([H0, H1], "4s")
    cycle(game, 31)  # 52 - 20 - 1 stock cards
    assert game.to_act == 1 and not game.state.zone("stock").cards
    assert texts(game) == ["draw stock", "draw discard"]
    pile = cards(game, "discard")
    game.act("draw stock")
    assert any(e.type == "turn_over" for e in game.events)
    assert cards(game, "hand:1")[-1] == pile[0]  # the up-card was first into the pile: now on top
    assert list(reversed(cards(game, "stock"))) == pile[1:]
    assert not game.state.zone("discard").cards


def test_shuffle_the_discards_before_reuse() -> None:
    def turned(seed: int) -> tuple[list[str], list[str]]:
        game = hoyle.new_game(
            "rummy",
            seed=seed,
            deck=new([H0, H1], "4s").record["decks"][0],
            options={"first_dealer": 1, "stock_end": "shuffle"},
        )
        cycle(game, 31)
        pile = cards(game, "discard")
        game.act("draw stock")
        assert any(e.type == "shuffle_stock" for e in game.events)
        return pile, [cards(game, "hand:1")[-1], *reversed(cards(game, "stock"))]

    pile, stock = turned(5)
    assert sorted(stock) == sorted(pile) and stock != pile
    assert turned(5)[1] == stock  # the deal's seeded generator: reproducible


def test_stock_limit_ends_play_without_score() -> None:
    def to_second_run_out(**options: object) -> hoyle.Game:
        game = new([H0, H1], "4s", target=1000, **options)
        cycle(game, 32)  # the 32nd draw turns the pile over
        cycle(game, 31)
        assert not game.state.zone("stock").cards
        return game

    second = to_second_run_out(stock_limit=2)
    assert texts(second) == ["pass", "draw discard"]
    second.act("pass")
    assert outcome(second)["reason"] == "stock-out" and second.state.score_sheet == [[0, 0]]
    assert second.state.deal_number == 1 and second.state.public["dealer"] == 0
    third = to_second_run_out(stock_limit=3)
    assert texts(third) == ["draw stock", "draw discard"]


BLOCK = ["2s 3s 4s 5s 6s 7s 3h", "2d 3d 4d 5d 6d 9d Td", "2c 3c 4c 5c 6c 7c 4h", "Kc Qc Jc 8h Ad Ah 5h"]  # 30 39 31 45


def blocked(hands: list[str], **options: Any) -> hoyle.Game:
    """Block rummy from these hands: every turn draws and discards the card drawn until
    the stock is out, then the next player passes (the hand ends)."""
    game = new(hands, "Ks", stock_end="block", **{"target": 1000, **options})
    cycle(game, 52 - 1 - sum(len(h.split()) for h in hands))
    assert texts(game) == ["pass", "draw discard"]
    game.act("pass")
    return game


def test_block_rummy_lowest_hand_scores_the_differences() -> None:
    game = blocked(BLOCK)
    assert outcome(game)["reason"] == "stock-out"
    assert game.state.score_sheet == [[9 + 1 + 15, 0, 0, 0]]  # docs/rules/rummy.md#c1: A 6, B 15, C 7, D 21 -> 25
    assert blocked(BLOCK, scoring="penalty").state.score_sheet == [[0, 39, 31, 45]]
    ledger = blocked(BLOCK, settlement="per-hand", deals=1)
    assert ledger.result is not None and ledger.result["settlement"] == [25, -9, -1, -15]


def test_block_rummy_tied_lowest_share() -> None:
    game = blocked(["2s 3s 4s 5s 6s 7s 3h", "2c 3c 4c 5c 6c 7c 3d", "Kc Qc Jc 8h Ad Ah 7h"])
    # 47 - 30 = 17 shared: 8 each, and the odd point to the first tied player left of
    # the dealer (seat 2 deals: seat 0)
    assert game.state.score_sheet == [[9, 8, 0]]


TIED_BLOCK = ["2s 3s 4s 5s 6s 7s 3h", "2d 3d 4d 5d 6d 7d 3c", "2c 4c 5c 6c 7c 8c 7h", "Kc Qc Jc 8h Ad Ah 5h"]


def test_block_rummy_tied_lowest_share_the_sum_of_the_differences() -> None:
    """Counts 30 30 39 45 (as RULES' A 6, B 6, C 15, D 21): the differences 9 and 15
    make 24, 12 each - not 4 + 7 = 11 each, as shares of each difference rounded down."""
    counts = [sum(min(10, "A23456789TJQK".index(c[0]) + 1) for c in hand.split()) for hand in TIED_BLOCK]
    assert counts == [30, 30, 39, 45]
    assert blocked(TIED_BLOCK).state.score_sheet == [[12, 12, 0, 0]]
    ledger = blocked(TIED_BLOCK, settlement="per-hand", deals=1)
    assert ledger.result is not None and ledger.result["settlement"] == [12, 12, -9, -15]


def test_count_the_stock() -> None:
    plain = new([H0, H1], "4s")
    assert "count stock" not in texts(plain)
    game = new([H0, H1], "4s", count_stock=True)
    assert texts(game) == ["draw stock", "draw discard", "count stock"]
    game.act("count stock")
    seen = [e for e in game.view(1)["events"] if e["type"] == "count_stock"]
    assert seen == [{"type": "count_stock", "seat": 0, "count": 31}]
    assert "count stock" not in texts(game)  # once a turn
    game.act("draw stock")
    game.act("discard Kd")
    assert "count stock" in texts(game)


def test_penalty_scoring_lowest_wins() -> None:
    game = new([H0, H1], "4s", "Qs", several_melds=True, scoring="penalty", target=50)
    for a in ("draw stock", "meld 2h 3h 4h", "meld 7c 7d 7s", "meld 9s Ts Js Qs", "discard Kd"):
        game.act(a)
    assert game.result is not None
    assert game.result["scores"] == [0, 60] and game.result["settlement"] == [60, -60] and game.result["winners"] == [0]


def test_settlement_per_hand_and_fixed_number_of_deals() -> None:
    def play(**options: object) -> hoyle.Game:
        game = new(THREE, "4s", "Kd", several_melds=True, deals=1, **options)
        for a in ("draw stock", "meld 2h 3h 4h", "meld 7c 7d 7s 7h", "discard Kd"):
            game.act(a)
        assert game.is_over and game.result is not None
        return game

    assert play().result["settlement"] == [2 * 91, -91, -91]  # type: ignore[index]
    assert play(settlement="per-hand").result["settlement"] == [91, -33, -58]  # type: ignore[index]
    assert play(settlement="per-hand", going_rummy="double").result["settlement"] == [182, -66, -116]  # type: ignore[index]


def test_bad_options() -> None:
    with pytest.raises(InvalidOptionError):
        hoyle.new_game("rummy", options={"ace": "high"})
    with pytest.raises(InvalidOptionError):
        hoyle.new_game("rummy", players=2, options={"first_dealer": 3})
    with pytest.raises(InvalidOptionError):
        hoyle.new_game("rummy", players=7)


def test_conformance() -> None:
    check_variant("rummy", games=2, seed=1, options={"deals": 3}, bot=MeldingBot)
    check_variant(
        "rummy", games=2, players=4, options={"target": 40, "stock_limit": 2, "count_stock": True}, bot=MeldingBot
    )
    check_variant(
        "rummy",
        games=2,
        players=3,
        bot=MeldingBot,
        options={
            "deals": 2,
            "several_melds": True,
            "going_rummy": "double",
            "ace": "high-or-low",
            "stock_end": "shuffle",
            "layoff_after_meld": True,
            "stock_limit": 3,
        },
    )
    check_variant(
        "rummy",
        games=2,
        players=6,
        bot=MeldingBot,
        options={
            "deals": 2,
            "stock_end": "block",
            "scoring": "penalty",
            "settlement": "per-hand",
            "discard_to_go_out": True,
            "ace": "round-the-corner",
        },
    )
    check_variant("rummy", games=2, players=5, options={"deals": 2, "stock_limit": 2})


def test_melds_are_never_rearranged() -> None:
    # docs/rules/rummy.md#c0: with 2-2-2-2 and 3-4-5h down, the 2h may not move to take the ace.
    game = new(["2c 2d 2h 2s 3h 4h 5h 9c Tc Kd", "Ah 6c 8c 8d Jc 4d 3d Qc Kc Qd"], "4s", "Js Qh", several_melds=True)
    for a in ("draw stock", "meld 2c 2d 2h 2s", "meld 3h 4h 5h", "discard Js", "draw stock"):
        game.act(a)
    assert not [t for t in texts(game) if t.startswith("lay off Ah")]


def test_stock_limit_three_ends_at_the_third_run_out() -> None:
    game = new([H0, H1], "4s", target=1000, stock_limit=3)
    cycle(game, 32)  # first run-out: turned over
    cycle(game, 32)  # second run-out: turned over again
    cycle(game, 31)
    assert not game.state.zone("stock").cards and game.state.public["turnovers"] == 2
    assert texts(game) == ["pass", "draw discard"]


def test_lay_off_after_ones_own_meld_in_the_same_turn() -> None:
    # Seat 1 melds 8-8-8 and may then lay off 5h on seat 0's 2-3-4h in the same turn.
    game = new([H0, "5h 6h 7h 8c 8d 8s Ac 2c 3d Qc"], "4s", "Qd Qh", layoff_after_meld=True)
    for a in ("draw stock", "meld 2h 3h 4h", "discard Qd", "draw stock"):
        game.act(a)
    assert "lay off 5h on 0" not in texts(game)
    game.act("meld 8c 8d 8s")
    assert "lay off 5h on 0" in texts(game)
