"""Round the Corner, High-Low, One Meld and Wild Card rummy (docs/rules/rummy.md#c7-5 to
#c7-8), scripted with rigged decks; each also played through ``check_variant``."""

from __future__ import annotations

import functools

import hoyle
import pytest
from hoyle import Deck
from hoyle.errors import IllegalActionError, InvalidOptionError
from hoyle.testing import check_variant
from hoyle_rummy.turns import MeldingBot
from hoyle_rummy.wild_card import wild_card_rules
from rummy_decks import cards, new, outcome, texts

# Seat 0 can meld K-A-2 hearts only round the corner, Q-K-A or A-2-3 hearts when aces
# are high or low, and 5-5-5 and 9-T-J spades anywhere.
CORNER = "Qh Kh Ah 2h 3h 5c 5d 5s 9s Ts"
# Seat 1 holds two aces and nothing that melds: 15 + 15 + 4+6+7+8+10+10+2+3 = 80 with
# aces at 15, 52 with aces at 1.
ACES = "Ac Ad 4c 6d 7h 8s Qd Kc 2s 3s"
ACES_15, ACES_1, ACES_11 = 80, 52, 72


def meld_sets(game: hoyle.Game) -> set[frozenset[str]]:
    return {frozenset(str(c) for c in a.cards) for a in game.legal_actions() if a.kind == "meld"}


def first_turn(variant: str, **options: object) -> hoyle.Game:
    game = new([CORNER, ACES], "4d", "Js", variant=variant, target=1000, **options)
    game.act("draw stock")
    return game


def test_round_the_corner_runs_wrap_and_the_ace_counts_15() -> None:
    game = first_turn("round-the-corner-rummy", several_melds=True)
    melds = meld_sets(game)
    for run in ("Kh Ah 2h", "Qh Kh Ah 2h", "Kh Ah 2h 3h", "Qh Kh Ah 2h 3h", "Ah 2h 3h", "Qh Kh Ah"):
        assert frozenset(run.split()) in melds, run
    # Seat 0 goes out: Q-K-A-2-3h, 5-5-5, 9-T-J spades.
    for a in ("meld Qh Kh Ah 2h 3h", "meld 5c 5d 5s", "meld 9s Ts Js"):
        game.act(a)
    assert outcome(game)["winner"] == 0
    assert game.state.score_sheet[-1] == [ACES_15, 0]
    one = first_turn("round-the-corner-rummy", several_melds=True, ace_points=1)
    for a in ("meld Qh Kh Ah 2h 3h", "meld 5c 5d 5s", "meld 9s Ts Js"):
        one.act(a)
    assert one.state.score_sheet[-1] == [ACES_1, 0]
    with pytest.raises(InvalidOptionError):
        hoyle.new_game("round-the-corner-rummy", options={"ace": "low"})


def test_high_low_ace_high_or_low_never_round_the_corner() -> None:
    melds = meld_sets(first_turn("high-low-rummy"))
    assert frozenset(["Qh", "Kh", "Ah"]) in melds and frozenset(["Ah", "2h", "3h"]) in melds
    assert not any({"Kh", "Ah", "2h"} <= m for m in melds)  # no K-A-2
    low = meld_sets(first_turn("rummy"))  # basic rummy: aces low only
    assert frozenset(["Ah", "2h", "3h"]) in low and frozenset(["Qh", "Kh", "Ah"]) not in low
    with pytest.raises(InvalidOptionError):
        hoyle.new_game("high-low-rummy", options={"ace": "round-the-corner"})


# Seat 0 goes out with Q-K-A hearts, 2-3-4 diamonds, four fives (drawing the 5c) and a
# discard.
HIGH_LOW = "Qh Kh Ah 2d 3d 4d 5d 5s 5h 9s"


@pytest.mark.parametrize(("points", "want"), [(None, ACES_15), (15, ACES_15), (11, ACES_11)])
def test_high_low_ace_in_hand_counts_15_or_11(points: int | None, want: int) -> None:
    options = {} if points is None else {"ace_points": points}
    game = new([HIGH_LOW, ACES], "Jc", "5c", variant="high-low-rummy", target=1000, several_melds=True, **options)
    for a in ("draw stock", "meld Qh Kh Ah", "meld 2d 3d 4d", "meld 5c 5d 5s 5h", "discard 9s"):
        game.act(a)
    assert outcome(game)["winner"] == 0
    assert game.state.score_sheet[-1] == [want, 0]


def test_one_meld_per_turn_is_fixed() -> None:
    game = first_turn("one-meld-rummy")
    game.act("meld 5c 5d 5s")
    assert not meld_sets(game)
    with pytest.raises(IllegalActionError):
        game.act("meld 9s Ts Js")
    assert [t for t in texts(game) if t.startswith("lay off")] == []  # nothing fits 5-5-5
    with pytest.raises(InvalidOptionError):
        hoyle.new_game("one-meld-rummy", options={"several_melds": True})


WILD_BASE = Deck.standard(1, 2)
W0 = "5h 6h Jk 7c 7d 7s 9d Td Jd 3c"
W1 = "4h Jk#1 As 2d 4s 6c 8c Qh Kd 3s"  # 15 + 15 + 1+2+4+6+8+10+10+3 = 74 (jokers 15, ace 1)


def wild_game(**options: object) -> hoyle.Game:
    return new([W0, W1], "Kc", "Qd 8d 7h", variant="wild-card-rummy", base=WILD_BASE, target=1000, **options)


def test_wild_card_rummy_jokers_melds_exchange_and_scoring() -> None:
    game = wild_game()
    assert len(game.state.deck) == 54
    game.act("draw stock")  # Qd
    melds = meld_sets(game)
    assert frozenset(["5h", "6h", "Jk"]) in melds and frozenset(["7c", "7d", "7s", "Jk"]) in melds
    game.act("meld Jk 5h 6h")  # named low to high: the joker is the 4h
    game.act("meld 7c 7d 7s")  # any number of melds per turn
    game.act("discard 3c")
    game.act("draw stock")  # seat 1: 8d
    assert "exchange 4h on 0" in texts(game)  # the joker stands for the 4h (as named)
    game.act("exchange 4h on 0")
    assert cards(game, "meld:0") == ["4h", "5h", "6h"]
    assert "Jk" in cards(game, "hand:1")
    game.act("discard 8d")
    game.act("draw stock")  # seat 0: 7h
    game.act("meld 9d Td Jd Qd")
    game.act("lay off 7h on 0")
    assert outcome(game)["winner"] == 0
    # Seat 1 holds both jokers (15 each), the ace 1: 74.
    assert game.state.score_sheet[-1] == [74, 0]


def test_wild_card_rummy_no_wild_limit_one_meld_option_and_deuces() -> None:
    game = new(
        ["5h Jk Jk#1 7c 7d 7s 9d Td Jd 3c", W1.replace("Jk#1", "Ks")],
        "Kc",
        "Qd",
        variant="wild-card-rummy",
        base=WILD_BASE,
        target=1000,
        several_melds=False,
    )
    game.act("draw stock")
    assert frozenset(["5h", "Jk", "Jk#1"]) in meld_sets(game)  # two wild cards with one natural
    game.act("meld 7c 7d 7s")
    assert not meld_sets(game)  # option: one meld per turn
    deuces = new(
        ["5h 6h 2c 7c 7d 7s 9d Td Jd 3c", W1],
        "Kc",
        "Qd",
        variant="wild-card-rummy",
        base=WILD_BASE,
        target=1000,
        deuces_wild=True,
    )
    deuces.act("draw stock")
    assert frozenset(["5h", "6h", "2c"]) in meld_sets(deuces)
    no_deuces = new(
        ["5h 6h 2c 7c 7d 7s 9d Td Jd 3c", W1], "Kc", "Qd", variant="wild-card-rummy", base=WILD_BASE, target=1000
    )
    no_deuces.act("draw stock")
    assert frozenset(["5h", "6h", "2c"]) not in meld_sets(no_deuces)
    rules = wild_card_rules("low", 0, True)
    assert rules.value(hoyle.Card("2d")) == 15 and rules.value(hoyle.Card("Jk")) == 15
    assert wild_card_rules("high-or-low", 0, False).value(hoyle.Card("As")) == 15


def test_wild_card_rummy_a_joker_is_won_back_only_by_the_card_it_stands_for() -> None:
    game = new([W0, W1.replace("4h", "7h")], "Kc", "Qd 8d", variant="wild-card-rummy", base=WILD_BASE, target=1000)
    game.act("draw stock")
    game.act("meld Jk 5h 6h")  # named low to high: the joker is the 4h
    game.act("discard 3c")
    game.act("draw stock")
    assert cards(game, "meld:0") == ["Jk", "5h", "6h"]
    assert "exchange 7h on 0" not in texts(game)  # the 7h is not the card the joker stands for
    assert "lay off 7h on 0" in texts(game)


def test_wild_card_rummy_naturals_outnumber_option() -> None:
    hands = ["5h Jk Jk#1 7c 7d 7s 9d Td Jd 3c", W1.replace("Jk#1", "Ks")]
    game = new(hands, "Kc", "Qd", variant="wild-card-rummy", base=WILD_BASE, target=1000, naturals_outnumber=True)
    game.act("draw stock")
    melds = meld_sets(game)
    assert frozenset(["5h", "Jk", "Jk#1"]) not in melds  # one natural, two wild: no meld
    assert frozenset(["7c", "7d", "Jk"]) in melds  # two natural, one wild
    assert frozenset(["7c", "Jk", "Jk#1"]) not in melds and frozenset(["7c", "7d", "Jk", "Jk#1"]) not in melds
    game.act("meld 7c 7d Jk")
    assert "lay off Jk#1 on 0" not in texts(game)  # two and two: not more natural cards
    assert "lay off 7s on 0" in texts(game)
    deuces = new(
        ["5h 6h 2c 7c 7d 7s 9d Td Jd 3c", W1.replace("Jk#1", "Ks")],
        "Kc",
        "Qd",
        variant="wild-card-rummy",
        base=WILD_BASE,
        target=1000,
        deuces_wild=True,
        naturals_outnumber=True,
    )
    deuces.act("draw stock")
    assert frozenset(["5h", "6h", "2c"]) in meld_sets(deuces)
    assert wild_card_rules("low", 0, False, True).wild_share == "fewer_than_naturals"


@pytest.mark.parametrize("variant", ["round-the-corner-rummy", "high-low-rummy", "one-meld-rummy"])
def test_presets_play_through(variant: str) -> None:
    check_variant(variant, games=2, seed=3, options={"deals": 2}, bot=MeldingBot)
    check_variant(variant, games=1, players=4, options={"deals": 1}, bot=MeldingBot)


def test_wild_card_rummy_plays_through() -> None:
    for deuces in (False, True):
        bot = functools.partial(MeldingBot, rules=wild_card_rules("low", 0, deuces))
        check_variant(
            "wild-card-rummy", games=2, seed=4, players=3, options={"deals": 2, "deuces_wild": deuces}, bot=bot
        )
