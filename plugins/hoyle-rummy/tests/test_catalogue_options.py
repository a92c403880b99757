"""The catalogue's further options (docs/rules/rummy.md#c7-2, #c7-3, #c7-10): Michigan
rummy's stop rule, German Rommé's winner credit and Indian Rummy's long life - scripted
with decks from :func:`hoyle.testing.rigged_deck`, and each played through
``check_variant`` with the option on."""

from __future__ import annotations

import functools

import hoyle
import pytest
from hoyle.errors import InvalidOptionError
from hoyle.testing import check_variant, rigged_deck
from hoyle_rummy.romme import romme_rules
from hoyle_rummy.turns import MeldingBot
from rummy_decks import cards, outcome, texts


def rigged(variant: str, hands: list[str], up: str, stock: str = "", seed: int = 0, **options: object) -> hoyle.Game:
    """A game whose first deal gives seat i ``hands[i]``; the last seat deals, so seat 0
    plays first."""
    options = {"first_dealer": len(hands) - 1, **options}
    deck = rigged_deck(
        variant,
        players=len(hands),
        hands=dict(enumerate(hands)),
        up_card=up,
        options=options,
        seed=seed,
        stock=stock,
    )
    return hoyle.new_game(variant, players=len(hands), seed=seed, deck=deck, options=options)


def value(card: str, ace: int, joker: int) -> int:
    """An independent count of a card left in hand."""
    if card.startswith("Jk"):
        return joker
    rank = card[0]
    return ace if rank == "A" else 10 if rank in "TJQK" else int(rank)


# ---- Michigan rummy: the stop rule ------------------------------------------------------------

S0 = "2h 3h 4h Kd Qs 8d 9c"
S1 = "5h 7c 7d Js Tc 6s 3c"
S2 = "Ac 2d 5s 9h Jh Kc 4s"


def michigan(**options: object) -> hoyle.Game:
    game = rigged("michigan-rummy", [S0, S1, S2], "Th", "Jd 8c 6h", **options)
    game.act("draw stock")  # Jd
    game.act("meld 2h 3h 4h")
    game.act("discard Kd")
    game.act("draw stock")  # seat 1: 8c
    game.act("discard 5h")  # it would lay off on seat 0's 2-3-4h
    return game


def test_michigan_stop_the_others_are_asked_in_turn_and_the_stopper_lays_off_and_discards() -> None:
    game = michigan(stop=True)
    assert game.phase == "stop" and game.to_act == 2  # the discarder's left first
    assert texts(game) == ["stop 5h on 0", "pass"]
    game.act("pass")
    assert game.to_act == 0 and texts(game) == ["stop 5h on 0", "pass"]
    game.act("stop 5h on 0")
    assert cards(game, "meld:0") == ["2h", "3h", "4h", "5h"]
    assert "5h" not in cards(game, "discard") and "5h" not in cards(game, "hand:0")
    assert game.phase == "stop discard" and game.to_act == 0
    assert sorted(texts(game)) == sorted(f"discard {c}" for c in ["Qs", "8d", "9c", "Jd"])
    game.act("discard Qs")
    assert cards(game, "discard")[-1] == "Qs" and len(cards(game, "hand:0")) == 3
    assert game.phase == "draw" and game.to_act == 2  # play resumes left of the discarder
    assert [e.type for e in game.events].count("stop") == 1


def test_michigan_without_the_stop_rule_or_when_nobody_stops_play_goes_on() -> None:
    plain = michigan()
    assert plain.phase == "draw" and plain.to_act == 2 and cards(plain, "discard")[-1] == "5h"
    game = michigan(stop=True)
    game.act("pass")
    game.act("pass")
    assert game.phase == "draw" and game.to_act == 2 and cards(game, "discard")[-1] == "5h"
    # Only the players who may lay off are asked: with layoff_after_meld, seat 0 alone.
    strict = michigan(stop=True, layoff_after_meld=True)
    assert strict.phase == "stop" and strict.to_act == 0
    strict.act("pass")
    assert strict.phase == "draw" and strict.to_act == 2


def test_michigan_a_discard_that_lays_off_nowhere_opens_no_stop_round() -> None:
    game = rigged("michigan-rummy", [S0, S1, S2], "Th", "Jd 8c 6h", stop=True)
    for a in ("draw stock", "meld 2h 3h 4h", "discard Kd", "draw stock", "discard Js"):
        game.act(a)
    assert game.phase == "draw" and game.to_act == 2


def test_michigan_stop_plays_through() -> None:
    for players in (2, 4):
        check_variant(
            "michigan-rummy", games=2, seed=8, players=players, options={"deals": 2, "stop": True}, bot=MeldingBot
        )


# ---- German Rommé: the winner credited with the penalties -------------------------------------

OUT = "Kh Kd Ks Qh Qd Qs 2c 3c 4c 7d 7s 7h 9s"
LOSER = "Kh#1 Kd#1 Ks#1 2h 3h 4h 7c 8c Jk Td Jh Ad 2d"


@pytest.mark.parametrize("credit", [False, True])
def test_romme_winner_credit(credit: bool) -> None:
    game = rigged("romme", [OUT, LOSER], "9h", "9c 5c 5c#1", winner_credit=credit)
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
    penalty = sum(value(c, ace=11, joker=20) for c in LOSER.split())
    assert penalty == 107
    assert game.state.score_sheet[-1] == ([-penalty, penalty] if credit else [0, penalty])


def test_romme_winner_credit_plays_through() -> None:
    bot = functools.partial(MeldingBot, rules=romme_rules())
    games = check_variant("romme", games=2, seed=9, players=3, options={"winner_credit": True}, bot=bot)
    for g in games:
        for row in g.state.score_sheet:
            assert sum(row) == 0  # the winner's credit is the losers' penalties


# ---- Indian Rummy: one life of four cards or more ---------------------------------------------

# 2-3-4c pure, 5-6-7d pure, 9-9-9, J-Q-K-Ah: the J-Q-K-A is a life of four.
LONG = "2c 3c 4c 5d 6d 7d 9h 9s 9c#1 Jh Qh Kh Ah"
# 3-4-5h and 7-8-9c pure, K-K-K-K, T-T-T: a valid show, but no life of four.
SHORT = "3h 4h 5h 7c 8c 9c Kd Ks Kc Kh#1 Td Ts Th"


def indian(hands: list[str], **options: object) -> hoyle.Game:
    return rigged("indian-rummy", hands, "8d", "5s", seed=27, **options)


@pytest.mark.parametrize("long_life", [False, True])
def test_indian_a_show_without_a_life_of_four_is_wrong_under_the_option(long_life: bool) -> None:
    game = indian([SHORT, LONG, "Ac#1 2d#1 3h#1 4s 5c 6h 7h 8s 9d Td#1 Js Qs Kc#1"], long_life=long_life)
    wild = game.state.public["wild_rank"]
    assert wild not in "345789KTQ"  # else a wild card could make a run of four
    game.act("draw stock")
    game.act(f"declare {cards(game, 'hand:0')[-1]}")
    if long_life:
        assert [e.type for e in game.events].count("wrong_show") == 1 and game.to_act == 1
        game.act("draw stock")
        game.act(f"declare {cards(game, 'hand:1')[-1]}")  # the J-Q-K-A life: valid
        assert outcome(game)["winner"] == 1
    else:
        assert outcome(game)["winner"] == 0


@pytest.mark.parametrize("long_life", [False, True])
def test_indian_a_loser_without_a_life_of_four_counts_every_card(long_life: bool) -> None:
    game = indian([LONG, SHORT], long_life=long_life, two_packs=True)
    assert game.state.public["wild_rank"] not in "345789KTQ"
    game.act("draw stock")
    game.act(f"declare {cards(game, 'hand:0')[-1]}")
    assert outcome(game)["winner"] == 0
    every = sum(10 if c[0] in "AKQJT" else int(c[0]) for c in SHORT.split())
    assert every > 80
    assert game.state.score_sheet[-1] == [0, 80 if long_life else 0]


def test_indian_long_life_plays_through() -> None:
    for players, options in ((2, {"long_life": True}), (4, {"long_life": True, "mode": "pool"})):
        check_variant("indian-rummy", games=2, seed=13, players=players, options=options)


def test_option_values_are_checked() -> None:
    with pytest.raises(InvalidOptionError, match="stop"):
        hoyle.new_game("michigan-rummy", options={"stop": "yes"})
    with pytest.raises(InvalidOptionError, match="long_life"):
        hoyle.new_game("indian-rummy", options={"long_life": 4})
