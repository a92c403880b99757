"""Kaluki and German Rommé (docs/rules/rummy.md#c7-1, #c7-10): the opening minimum, the
discard before opening, lay-offs and joker exchanges after it, the joker rules and the
scoring, scripted with rigged two-pack decks; both played through ``check_variant``."""

from __future__ import annotations

import functools

import hoyle
import pytest
from hoyle import Deck, rummy
from hoyle.testing import check_variant
from hoyle_rummy.kaluki import kaluki_rules
from hoyle_rummy.romme import romme_rules
from hoyle_rummy.turns import MeldingBot
from rummy_decks import card_value as value
from rummy_decks import cards, new, outcome, texts

KALUKI_DECK = Deck.standard(2, 4)
ROMME_DECK = Deck.standard(2, 6)


def face(card: object) -> str:
    """A card's text without its pack copy (a rigged deck numbers copies as dealt)."""
    return str(card).split("#")[0]


def meld_sets(game: hoyle.Game) -> set[tuple[str, ...]]:
    return {tuple(sorted(face(c) for c in a.cards)) for a in game.legal_actions() if a.kind == "meld"}


def m(text: str) -> tuple[str, ...]:
    return tuple(sorted(face(c) for c in text.split()))


def kinds(game: hoyle.Game) -> set[str]:
    return {a.kind for a in game.legal_actions()}


# ---- Kaluki -----------------------------------------------------------------------------------

# Seat 0: K-K-K 30 + Q-Q-Q 30 (+ 2-3-4c 9) opens; seat 1: K-K-K 30 + 2-3-4h 9 = 39 does not.
K0 = "Kh Kd Ks Qh Qd Qs 2c 3c 4c 7d 9s Jc 5h 6s 8d"
K1 = "Kh#1 Kd#1 Ks#1 2h 3h 4h 7c 8c Ts Td Jh 5s 6d 8h 2d"


def kaluki(hands: list[str], up: str, stock: str = "", **options: object) -> hoyle.Game:
    return new(hands, up, stock, variant="kaluki", base=KALUKI_DECK, **options)


def test_kaluki_first_meld_worth_51_in_one_turn() -> None:
    game = kaluki([K0, K1], "9h", "3d 4s 9d")
    assert len(cards(game, "hand:0")) == 15 and len(game.state.deck) == 108
    game.act("draw stock")  # 3d
    game.act("meld Kh Kd Ks")  # 30: not yet open
    assert not game.state.public["opened"][0]
    assert "discard" not in kinds(game)  # the opening turn must reach 51
    game.act("meld Qh Qd Qs")  # 60
    assert game.state.public["opened"][0]
    assert [e.data["points"] for e in game.events if e.type == "open"] == [60]
    assert "discard" in kinds(game)
    game.act("discard 3d")
    game.act("draw stock")  # seat 1: 4s; its melds are worth 39 at most
    assert "meld" not in kinds(game) and "lay off" not in kinds(game)  # no lay-off before opening
    assert kinds(game) == {"discard"}


def test_kaluki_meld_offered_only_while_51_is_reachable_and_the_ace_counts_15() -> None:
    # A-2-3-4c counts 15+2+3+4 = 24 (the ace 15 even when low) + K-K-K 30 = 54.
    hand = "Ac 2c 3c 4c Kh Kd Ks 7d 9s Jd 5h 6s 8d Th 2s"
    game = kaluki([hand, K1], "9h", "3d")
    game.act("draw stock")
    assert m("Ac 2c 3c 4c") in meld_sets(game)
    assert m("Kh Kd Ks") in meld_sets(game)
    assert rummy.opening_value("Ac 2c 3c 4c", kaluki_rules(), low_ace=15) == 24
    # Without the 4c: 20 + 30 = 50, short of 51 - nothing may be melded.
    short = kaluki([hand.replace("4c", "4d"), K1], "9h", "3d")
    short.act("draw stock")
    assert "meld" not in kinds(short)


def test_kaluki_discard_before_opening_only_to_open_with_it() -> None:
    useless = kaluki([K0.replace("Qs", "Ts#1"), K1], "9h", "3d")  # K-K-K + 2-3-4c: 39
    assert texts(useless) == ["draw stock"]
    useful = kaluki([K0.replace("Qs", "Ts#1"), K1], "Qs", "3d")  # the Qs makes Q-Q-Q: 69
    assert "draw discard" in texts(useful)
    useful.act("draw discard")
    assert all("Qs" in map(str, a.cards) for a in useful.legal_actions())  # used at once
    assert meld_sets(useful) == {m("Qh Qd Qs")}
    useful.act("meld Qh Qd Qs")
    assert "discard" not in kinds(useful)  # 30: the opening goes on
    useful.act("meld Kh Kd Ks")
    assert useful.state.public["opened"][0]


def test_kaluki_sets_of_one_suit_twice_and_the_options() -> None:
    hand = "7s 7s#1 7h Kh Kd Ks Qh Qd Qs 2c 9c Jc 5h 6s 8d"
    game = kaluki([hand, K1], "9h", "3d")
    game.act("draw stock")
    assert m("7s 7s#1 7h") in meld_sets(game)
    strict = kaluki([hand, K1], "9h", "3d", distinct_suits=True)
    strict.act("draw stock")
    assert m("7s 7s#1 7h") not in meld_sets(strict)
    jokers = "5h Jk Jk#1 Kh Kd Ks Qh Qd Qs 2c 9c Jc 4h#1 6s 8d"
    loose = kaluki([jokers, K1], "9h", "3d")
    loose.act("draw stock")
    assert m("5h Jk Jk#1") in meld_sets(loose)
    fewer = kaluki([jokers, K1], "9h", "3d", naturals_outnumber=True)
    fewer.act("draw stock")
    assert m("5h Jk Jk#1") not in meld_sets(fewer)
    assert m("4h 5h Jk") in meld_sets(fewer)


def test_kaluki_joker_exchange_after_opening_and_the_joker_reused_at_once() -> None:
    s0 = "9s Ts Js Jk Qh Qd Qs 2c 3d 5h 6c 7d 8h 4h Ah"
    s1 = "Kh Kh#1 Ks#1 Kc Ac Ad As 8s 2d 3s 5c 6d 7h 9d Td"
    game = kaluki([s0, s1], "9h", "4d 5d")
    game.act("draw stock")  # 4d
    game.act("meld Jk 9s Ts Js")  # named so, the joker is the 8s on the table (counting the Qs: 39)
    game.act("meld Qh Qd Qs")  # 69: open
    game.act("discard 4d")
    game.act("draw stock")  # seat 1: 5d
    assert "exchange" not in kinds(game) and "lay off" not in kinds(game)  # not opened yet
    game.act("meld Kh Kh#1 Ks#1 Kc")  # 40
    game.act("meld Ac Ad As")  # 85: open
    # the joker stands for the 8s on the table: the 8s is an exchange, never a lay-off
    # (docs/rules/rummy.md#c0)
    assert "exchange 8s on 0" in texts(game) and "lay off 8s on 0" not in texts(game)
    game.act("exchange 8s on 0")
    assert sorted(cards(game, "meld:0")) == sorted(["8s", "9s", "Ts", "Js"])
    assert "Jk" in cards(game, "hand:1")
    legal = game.legal_actions()
    assert legal and all("Jk" in map(str, a.cards) for a in legal)  # the joker goes back at once
    assert "discard" not in kinds(game)
    game.act("meld 9d Td Jk")
    assert "Jk" not in cards(game, "hand:1") and "discard" in kinds(game)


def test_kaluki_going_out_scores_the_hands_left() -> None:
    out = "Kh Kd Ks Qh Qd Qs 2c 3c 4c 7d 7s 7h 9s Ts Js"
    loser = "Kh#1 Kd#1 Ks#1 2h 3h 4h 7c 8c Ts#1 Td Jh 5s Ad Jk 2d"
    game = kaluki([out, loser], "9h", "5c")
    game.act("draw stock")  # 5c
    for meld in ("Kh Kd Ks", "Qh Qd Qs", "2c 3c 4c 5c", "7d 7s 7h", "9s Ts Js"):
        game.act(f"meld {meld}")
    assert outcome(game)["winner"] == 0  # out by melding: no final discard needed
    want = sum(value(c, ace=15, joker=25) for c in loser.split())
    assert game.state.score_sheet[-1] == [want, 0]
    assert want == 131
    assert hoyle.new_game("kaluki").state.options["target"] == 250


# ---- German Rommé -----------------------------------------------------------------------------

R1 = "Kh#1 Kd#1 Ks#1 2h 3h 4h 7c 8c Ts Td Jh 5s 2d"


def romme(hands: list[str], up: str, stock: str = "", **options: object) -> hoyle.Game:
    return new(hands, up, stock, variant="romme", base=ROMME_DECK, **options)


def test_romme_opening_40_with_the_low_ace_counting_1() -> None:
    hand = "Ah 2h#1 3h#1 Kc Kd Ks 7d 9s Jc 5c 6s 8d Tc"  # A-2-3 6 + K-K-K 30 = 36
    game = romme([hand, R1], "9h", "3d")
    game.act("draw stock")
    assert "meld" not in kinds(game)  # 36 < 40 (the ace counts 1 when low)
    thirty = romme([hand, R1], "9h", "3d", opening=30)
    thirty.act("draw stock")
    assert m("Ah 2h#1 3h#1") in meld_sets(thirty)
    high = romme([hand.replace("2h#1 3h#1", "Qh Kh"), R1], "9h", "3d")  # Q-K-A 31 + K-K-K 30
    high.act("draw stock")
    assert m("Qh Kh Ah") in meld_sets(high)
    assert rummy.opening_value("Qh Kh Ah", romme_rules()) == 31


def test_romme_jokers_never_outnumber_natural_cards_and_sets_have_different_suits() -> None:
    hand = "3h#1 3s Jk Jk#1 Kc Kd Ks 7s 7s#1 7h 9s Jc 5c"
    game = romme([hand, R1], "9h", "Qc")
    game.act("draw stock")
    melds = meld_sets(game)
    assert m("3h 3s Jk Jk#1") in melds
    assert m("3h Jk Jk#1") not in melds
    assert m("7s 7s#1 7h") not in melds and m("7s 7h Jk") in melds
    one = romme([hand, R1], "9h", "Qc", one_joker=True)
    one.act("draw stock")
    assert m("3h 3s Jk Jk#1") not in meld_sets(one)


def test_romme_discard_before_opening_free_or_only_to_open() -> None:
    hand = "Kh Kd Ks Qh Qd Ts#1 2c 3c 4c 7d 9s Jc 5h"  # K-K-K 30 + 2-3-4c 9: no opening
    free = romme([hand, R1], "9h", "3d")
    assert "draw discard" in texts(free)
    free.act("draw discard")
    assert "discard 9h" not in texts(free) and "discard 5h" in texts(free)  # kept this turn
    strict = romme([hand, R1], "9h", "3d", discard_only_to_open=True)
    assert texts(strict) == ["draw stock"]


OUT = "Kh Kd Ks Qh Qd Qs 2c 3c 4c 7d 7s 7h 9s"
LOSER = "Kh#1 Kd#1 Ks#1 2h 3h 4h 7c 8c Jk Td Jh Ad 2d"


@pytest.mark.parametrize("credit", [False, True])
def test_romme_losers_score_their_hands_as_penalties(credit: bool) -> None:
    """Option ``winner_credit``: the winner is credited with the sum of the penalties."""
    game = romme([OUT, LOSER], "9h", "9c 5c 5c#1", winner_credit=credit)
    game.act("draw stock")  # 9c
    game.act("meld Kh Kd Ks")
    game.act("meld Qh Qd Qs")  # 60: open
    game.act("discard 9c")
    game.act("draw stock")  # seat 1: 5c
    game.act("discard 5c")
    game.act("draw stock")  # 5c#1
    for a in ("meld 2c 3c 4c", "meld 7d 7s 7h", "lay off 5c#1 on 2", "discard 9s"):
        game.act(a)
    assert outcome(game)["winner"] == 0 and not outcome(game)["rummy"]
    want = sum(value(c, ace=11, joker=20) for c in LOSER.split())
    assert want == 107 and game.state.score_sheet[-1] == [-want if credit else 0, want]


def test_romme_hand_romme_doubles_the_penalties() -> None:
    game = romme([OUT, LOSER], "9h", "5c", joker_points=25)
    game.act("draw stock")  # 5c
    for a in ("meld Kh Kd Ks", "meld Qh Qd Qs", "meld 2c 3c 4c 5c", "meld 7d 7s 7h", "discard 9s"):
        game.act(a)
    assert outcome(game)["winner"] == 0 and outcome(game)["rummy"]
    want = sum(value(c, ace=11, joker=25) for c in LOSER.split())
    assert game.state.score_sheet[-1] == [0, 2 * want]
    assert game.state.deal_number == 1 and not game.is_over  # two players: two deals


def test_romme_dead_end_of_an_opening_allows_any_discard() -> None:
    # 6 + 6 + 6 + 22 = 40 exactly, but the last meld would leave only the 8c just taken.
    hand = "Ac 2c 3c Ad 2d 3d As 2s 3s 4h 5h 6h 7h"
    game = romme([hand, "Kh Kd Ks Qh Qd Qs Jh Jd Js Th Td Ts 9h"], "8c")
    game.act("draw discard")
    for a in ("meld Ac 2c 3c", "meld Ad 2d 3d", "meld 4h 5h 6h 7h"):
        game.act(a)
    assert not game.state.public["opened"][0]
    assert sorted(texts(game)) == ["discard 2s", "discard 3s", "discard 8c", "discard As"]


def test_romme_no_up_card_the_dealer_gets_14_and_starts() -> None:
    game = hoyle.new_game("romme", players=3, seed=3, options={"no_up_card": True, "first_dealer": 2})
    assert game.to_act == 2 and game.phase == "play"
    assert len(cards(game, "hand:2")) == 14 and not cards(game, "discard")
    assert len(cards(game, "hand:0")) == 13


@pytest.mark.parametrize("players", [2, 4])
def test_kaluki_and_romme_play_through(players: int) -> None:
    bot = functools.partial(MeldingBot, rules=kaluki_rules())
    check_variant("kaluki", games=2, seed=9, players=players, options={"target": 60}, bot=bot)
    bot = functools.partial(MeldingBot, rules=romme_rules())
    check_variant("romme", games=2, seed=9, players=players, bot=bot)
    check_variant(
        "romme",
        games=1,
        seed=10,
        players=players + 1,
        options={"no_up_card": True, "discard_only_to_open": True, "jokers": 4, "round_the_corner": True},
        bot=bot,
    )


# ---- Scala 40 and classic Ramino --------------------------------------------------------------

SCALA_DECK = Deck.standard(2, 4)


def scala(hands: list[str], up: str, stock: str = "", **options: object) -> hoyle.Game:
    return new(hands, up, stock, variant="scala-40", base=SCALA_DECK, **options)


S0 = "Qh Kh Ah 5c 5d 5s 2c 3c 9d Td 7s 8h Jk"  # Q-K-A 31 (the ace 11 after the K) + 5-5-5 15
S1 = "Kh#1 Kd Ks Qd Qs Jh Jd#1 Js Th Td#1 Ts 9h 5h"


def test_scala_a_jolly_turned_up_goes_back_under_the_tallone() -> None:
    game = scala([S0.replace("Jk", "6d"), S1], "Jk", "9c")
    assert cards(game, "discard") == ["9c"]
    assert face(cards(game, "stock")[0]) == "Jk"


def test_scala_opening_40_discard_only_to_open_and_discard_limits() -> None:
    plain = S0.replace("Jk", "6h")
    assert texts(scala([plain, S1], "9c", "8c")) == ["draw stock"]  # the 9c opens nothing
    assert "draw discard" in texts(scala([plain, S1], "5h#1", "8c"))  # 5-5-5-5 + Q-K-A opens
    game = scala([S0, S1], "4d", "8c")
    game.act("draw stock")  # 8c
    assert m("Qh Kh Ah") in meld_sets(game)
    assert rummy.opening_value("Qh Kh Ah", rummy.MeldRules.contract().replace(values={"A": 11})) == 31
    game.act("meld Qh Kh Ah")
    game.act("meld 5c 5d 5s")  # 46: open
    assert game.state.public["opened"][0]
    legal = texts(game)
    assert "discard Jk" not in legal  # a jolly only when closing
    assert "discard 8c" in legal
    game.act("discard 8c")
    game.act("draw stock")  # seat 1 draws; its 5h would attach to 5-5-5: never discarded
    assert "discard 5h" not in texts(game)
    anytime = scala([S0, S1], "4d", "8c", jolly_discard="any")
    for a in ("draw stock", "meld Qh Kh Ah", "meld 5c 5d 5s"):
        anytime.act(a)
    assert "discard Jk" in texts(anytime)
    short = scala([plain.replace("Ah", "4s"), S1], "4d", "8c")  # 5-5-5 15 only
    short.act("draw stock")
    assert "meld" not in kinds(short)


def test_scala_closing_in_mano_under_40_doubles_and_knocks_out_at_101() -> None:
    hand = "Ac 2c 3c Ad 2d 3d As 2s 3s 4h 5h 6h 9c"  # 6 + 6 + 6 + 3-4-5-6h 18 = 36 < 40
    loser = "Kh Kd Ks Qh Qd Qs Jh Jd Js Th Td Ts 9h"
    game = scala([hand, loser], "8c", "3h")
    game.act("draw stock")  # 3h
    assert m("Ac 2c 3c") in meld_sets(game)  # below 40, but the whole hand can close at once
    for a in ("meld Ac 2c 3c", "meld Ad 2d 3d", "meld As 2s 3s", "meld 3h 4h 5h 6h"):
        game.act(a)
    assert "discard 9c" in texts(game)
    game.act("discard 9c")  # closed in mano
    assert outcome(game)["winner"] == 0 and outcome(game)["rummy"]
    penalty = sum(value(c, ace=11, joker=25) for c in loser.split())
    assert game.state.score_sheet[-1] == [0, 2 * penalty] and 2 * penalty >= 101
    assert game.is_over  # seat 1 is out: the last player left wins
    result = game.result
    assert result is not None and result["winners"] == [0]
    assert result["settlement"][0] > 0 > result["settlement"][1]


def test_scala_closing_needs_a_final_discard() -> None:
    hand = "Qh Kh Ah 5c 5d 5s 2c 3c 4c 9d Td Jd 7s"  # all but the 7s melds
    game = scala([hand, S1.replace("Kh#1", "Kc")], "6d", "Qd#1")
    game.act("draw stock")  # Qd#1: 9-T-J-Q d
    assert m("9d Td Jd Qd") in meld_sets(game)
    for a in ("meld Qh Kh Ah", "meld 5c 5d 5s", "meld 2c 3c 4c"):
        game.act(a)
    game.act("meld 9d Td Jd Qd#1")
    assert texts(game) == ["discard 7s"]
    game.act("discard 7s")
    assert outcome(game)["winner"] == 0 and outcome(game)["rummy"]  # the whole hand at once: in mano


def test_classico_seven_cards_no_minimum_and_own_melds_only() -> None:
    c0 = "2c 3c 4c 7d 9s Jh Kd"
    c1 = "5c 8h 8d Qs Ts 6h 2s"
    game = scala([c0, c1], "Ac", "4s 5s", classico=True)
    assert len(cards(game, "hand:0")) == 7
    game.act("draw stock")  # 4s
    assert m("2c 3c 4c") in meld_sets(game)  # worth 9: no opening minimum
    game.act("meld 2c 3c 4c")
    game.act("discard Kd")
    game.act("draw stock")  # seat 1: 5s; its 5c would attach to 2-3-4c - but it is not its meld
    assert "lay off" not in kinds(game)
    assert rummy.MeldRules.basic().replace(values={"A": 1}).value(hoyle.Card("Ac")) == 1
    assert hoyle.new_game("scala-40", options={"classico": True}).state.options["limit"] == 101


def test_scala_40_plays_through() -> None:
    from hoyle_rummy.scala40 import scala_rules

    for players, options in ((2, {}), (3, {"classico": True})):
        bot = functools.partial(MeldingBot, rules=scala_rules(bool(options)))
        check_variant("scala-40", games=1, seed=11, players=players, options=options, bot=bot)
