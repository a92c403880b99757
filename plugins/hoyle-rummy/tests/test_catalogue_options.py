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
from rummy_decks import card_value as value
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


# ---- German Rommé: the winner credited with the penalties (scripted in test_catalogue_opening.py)


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


# ---- Kaluki: option british (British club Kalookie) -------------------------------------------

KB0 = "Kh Kd Ks Qh Qd Qs 2c 3c 4c 5c 7d 7s 7h"
KB1 = "Ah Ad 9c Tc Jh 3h 5d 6s 8c 9h Th 2s 4d"


def kalookie(hands: list[str], up: str, stock: str = "", **options: object) -> hoyle.Game:
    return rigged("kaluki", hands, up, stock, british=True, **options)


def test_british_deck_deal_players_and_values() -> None:
    game = hoyle.new_game("kaluki", players=5, seed=3, options={"british": True})
    assert len(game.state.deck) == 106 and sum(c.is_joker for c in game.state.deck) == 2
    assert all(len(cards(game, f"hand:{s}")) == 13 for s in range(5))
    with pytest.raises(InvalidOptionError, match="british"):
        hoyle.new_game("kaluki", players=5, seed=3)
    with pytest.raises(InvalidOptionError, match="kalooki_51"):
        hoyle.new_game("kaluki", options={"kalooki_51": True})
    with pytest.raises(InvalidOptionError, match="british"):
        hoyle.new_game("kaluki", options={"british": "yes"})


def test_british_first_meld_40_or_51_and_the_ace_high_only() -> None:
    hand = "Kh Kd Ks 2c 3c 4c 9d Jh 5s 6d 8h Td Qc"  # K-K-K 30 + 2-3-4c 9 = 39
    other = "Kh#1 Kd#1 Ks#1 Ah Ad As 7c 8c Tc Th 9s 3d 4d"
    short = kalookie([hand, other], "Jd", "7s")
    short.act("draw stock")
    assert "meld" not in {a.kind for a in short.legal_actions()}  # 39 < 40
    game = kalookie([hand, other], "Jd", "5c")
    game.act("draw stock")  # 5c: 2-3-4-5c 14, 44 in all
    assert "meld 2c 3c 4c 5c" in texts(game)
    game.act("meld 2c 3c 4c 5c")
    game.act("meld Kh Kd Ks")
    assert game.state.public["opened"][0]
    fifty_one = kalookie([hand, other], "Jd", "5c", kalooki_51=True)
    fifty_one.act("draw stock")
    assert "meld" not in {a.kind for a in fifty_one.legal_actions()}  # 44 < 51
    aces = kalookie(["Ah 2h 3h Qh Kh Kd Ks Kc 9d 5s 6d 8h Td", other.replace("Ah", "7h")], "Jd", "4h")
    aces.act("draw stock")  # 4h: A-2-3-4h is no run, the ace being high only
    assert not any("2h" in t and "Ah" in t for t in texts(aces))
    assert "meld Qh Kh Ah" in texts(aces)
    assert rummy_value("Qh Kh Ah") == 31


def rummy_value(meld: str) -> int:
    from hoyle import rummy
    from hoyle_rummy.kaluki import british_rules

    return rummy.opening_value(meld, british_rules())


def test_british_sets_of_different_suits_only() -> None:
    game = kalookie(["7s 7s#1 7h Kh Kd Ks Qh Qd Qs 2c 9c#1 Jc 5h", KB1], "Jd", "3d")
    game.act("draw stock")
    melds = {frozenset(map(str, a.cards)) for a in game.legal_actions() if a.kind == "meld"}
    assert frozenset({"7s", "7s#1", "7h"}) not in melds
    assert frozenset({"Kh", "Kd", "Ks"}) in melds
    plain = rigged("kaluki", ["7s 7s#1 7h Kh Kd Ks Qh Qd Qs 2c 9c#1 Jc 5h Ac Ad#1", KB1 + " As 2h"], "Jd", "3d")
    plain.act("draw stock")  # the Bicycle game: two packs allow 7s 7s 7h
    assert frozenset({"7s", "7s#1", "7h"}) in {frozenset(map(str, a.cards)) for a in plain.legal_actions()}


def test_british_a_joker_in_a_set_of_three_needs_both_missing_cards() -> None:
    s0 = "7h 7d Jk Kh Kd Ks 2c 5d 8s 9h Qd 3s 4h"
    s1 = "Qh Qs Qc Ah As Ac 7c 7s 9s Ts 6c 2d 3d"
    game = kalookie([s0, s1], "Jd", "5h 6d")
    for a in ("draw stock", "meld 7h 7d Jk", "meld Kh Kd Ks", "discard 5h", "draw stock"):
        game.act(a)  # seat 0 opened with 21 + 30; seat 1 drew the 6d
    game.act("meld Qh Qs Qc")
    game.act("meld Ah As Ac")  # 63: open
    legal = texts(game)
    assert "exchange 7c on 0" not in legal and "exchange 7s on 0" not in legal
    assert "exchange 7c 7s on 0" in legal
    game.act("exchange 7c 7s on 0")
    assert sorted(cards(game, "meld:0")) == ["7c", "7d", "7h", "7s"]
    assert "Jk" in cards(game, "hand:1")
    assert all("Jk" in map(str, a.cards) for a in game.legal_actions())  # used again at once
    game.act("meld 9s Ts Jk")
    assert "discard 2d" in texts(game)
    # Without both cards, nothing: the same deal with the 7s elsewhere.
    one = kalookie([s0, s1.replace("7s", "8d")], "Jd", "5h 6d")
    for a in ("draw stock", "meld 7h 7d Jk", "meld Kh Kd Ks", "discard 5h", "draw stock", "meld Qh Qs Qc"):
        one.act(a)
    one.act("meld Ah As Ac")
    assert not any(t.startswith("exchange") for t in texts(one))


def test_british_a_joker_in_a_run_of_three_is_won_back_by_its_natural_card() -> None:
    s0 = "4h Jk 6h Kh Kd Ks 2c 5d 8s 9h Qd 3s 7d"
    s1 = "Qh Qs Qc Ah As Ac 5h 9s Ts 6c 2d 3d 8c"
    game = kalookie([s0, s1], "Jd", "5c 6d")
    for a in ("draw stock", "meld 4h Jk 6h", "meld Kh Kd Ks", "discard 5c", "draw stock"):
        game.act(a)  # seat 0 opened with 15 + 30; seat 1 drew the 6d
    game.act("meld Qh Qs Qc")
    game.act("meld Ah As Ac")  # 63: open
    assert "exchange 5h on 0" in texts(game)
    game.act("exchange 5h on 0")
    assert cards(game, "meld:0") == ["4h", "5h", "6h"] and "Jk" in cards(game, "hand:1")
    assert all("Jk" in map(str, a.cards) for a in game.legal_actions())  # used again at once
    game.act("meld 9s Ts Jk")
    # A set of three keeps its exclusion: 7h 7d Jk gives no joker for one seven.
    three = kalookie([s0.replace("4h Jk 6h", "7h Jk 7c"), s1.replace("5h", "7s")], "Jd", "5c 6d")
    for a in ("draw stock", "meld 7h 7c Jk", "meld Kh Kd Ks", "discard 5c", "draw stock", "meld Qh Qs Qc"):
        three.act(a)
    three.act("meld Ah As Ac")
    assert not any(t.startswith("exchange") for t in texts(three))


@pytest.mark.parametrize("kalookie_out", [False, True])
def test_british_going_out_needs_a_discard_penalties_and_the_stakes(kalookie_out: bool) -> None:
    if kalookie_out:
        game = kalookie([KB0, KB1], "Jd", "7c")
        game.act("draw stock")  # 7c: 7-7-7-7 would meld every card
        for a in ("meld Kh Kd Ks", "meld Qh Qd Qs", "meld 2c 3c 4c 5c"):
            game.act(a)
        assert "meld 7c 7d 7h 7s" not in texts(game)  # no card left to discard
        game.act("meld 7d 7s 7h")
        assert texts(game) == ["discard 7c"]
        game.act("discard 7c")
    else:
        game = kalookie([KB0, KB1], "Jd", "9s 8d 6h")
        for a in ("draw stock", "meld Kh Kd Ks", "meld Qh Qd Qs", "discard 9s", "draw stock", "discard 8d"):
            game.act(a)
        for a in ("draw stock", "meld 2c 3c 4c 5c", "meld 7d 7s 7h", "discard 6h"):
            game.act(a)
    assert outcome(game)["winner"] == 0 and outcome(game)["rummy"] is kalookie_out
    penalty = sum(value(c, ace=11, joker=15) for c in KB1.split())
    assert penalty == 98 and game.state.score_sheet[-1] == [0, penalty]  # under 150: still in
    assert not game.is_over
    units = 2 if kalookie_out else 1
    assert game.state.public["ledger"] == [units, -units]


@pytest.mark.parametrize("players", [2, 5])
def test_british_plays_through_to_the_last_survivor(players: int) -> None:
    from hoyle_rummy.kaluki import british_rules

    bot = functools.partial(MeldingBot, rules=british_rules())
    games = check_variant("kaluki", games=1, seed=14, players=players, options={"british": True}, bot=bot)
    for g in games:
        assert sum(score <= 150 for score in g.state.scores) == 1  # over 150 is out
        assert sum(g.state.public["ledger"]) == 0
        result = g.result
        assert result is not None and result["settlement"] == g.state.public["ledger"]


# ---- Scala 40: the 14-card run, four players in two pairs -------------------------------------


def test_scala_the_fourteen_card_run_ace_at_both_ends() -> None:
    s0 = "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh 5c"
    s1 = "Kh Ah#1 Ks Kd Kc Qs Qd Qc 3s 4s 6d 7d 8c"
    game = rigged("scala-40", [s0, s1], "Jc", "9d 2d")
    game.act("draw stock")  # 9d
    game.act("meld " + s0.replace(" 5c", ""))  # A..Q: 1 + 44 + 30 = 75, open
    game.act("discard 9d")
    game.act("draw stock")  # seat 1: 2d
    game.act("meld Ks Kd Kc")
    game.act("meld Qs Qd Qc")  # 60: open
    assert "lay off Ah#1 on 0" not in texts(game)  # A..Q and an ace: no run
    game.act("lay off Kh on 0")
    assert "lay off Ah#1 on 0" in texts(game)  # A-2-...-K-A, the ace at both ends
    assert "discard Ah#1" not in texts(game)  # it would attach: never discarded
    game.act("lay off Ah#1 on 0")
    assert len(cards(game, "meld:0")) == 14
    assert cards(game, "meld:0")[0] == "Ah" and cards(game, "meld:0")[-1] == "Ah#1"


PAIR_HANDS = [
    "Ac 2c 3c Ad 2d 3d As 2s 3s 4h 5h 6h 9c",  # closes in mano with the 3h
    "Kh Kd Ks Qh Qd Qs Jh Jd Js Th Td Ts 9h",  # 129
    "2h 4c 5d 6s 7c 8d 9s 4d 5s 6c 7d 8s 9d",  # 80: the closer's partner
    "Kh#1 Kd#1 Ks#1 Qh#1 Qd#1 Qs#1 Jh#1 Jd#1 Js#1 Th#1 Td#1 Ts#1 9h#1",  # 129
]


@pytest.mark.parametrize("pairs", [False, True])
def test_scala_pairs_add_the_partners_totals(pairs: bool) -> None:
    game = rigged("scala-40", PAIR_HANDS, "8c", "3h", pairs=pairs)
    game.act("draw stock")  # 3h
    for a in ("meld Ac 2c 3c", "meld Ad 2d 3d", "meld As 2s 3s", "meld 3h 4h 5h 6h", "discard 9c"):
        game.act(a)
    assert outcome(game)["winner"] == 0 and outcome(game)["rummy"]  # in mano: doubled
    counts = [sum(value(c.split("#")[0], ace=11, joker=25) for c in hand.split()) for hand in PAIR_HANDS[1:]]
    assert counts == [129, 80, 129]
    assert game.state.score_sheet[-1] == [0, 258, 160, 258]
    assert game.is_over
    result = game.result
    assert result is not None
    if pairs:  # 0 + 160 against 258 + 258: the first pair wins
        assert result["winners"] == [0, 2]
        assert result["settlement"] == [356, -356, 356, -356]
    else:  # everybody else reached 101: the last player left wins alone
        assert result["winners"] == [0]


def test_scala_option_checks() -> None:
    for options, players, word in (
        ({"pairs": True}, 3, "pairs"),
        ({"classico": True}, 6, "classico"),
        ({"classico": True, "limit": 501}, 2, "limit"),
        ({"cards": 10}, 2, "cards"),
    ):
        with pytest.raises(InvalidOptionError, match=word):
            hoyle.new_game("scala-40", players=players, options=options)
    assert hoyle.new_game("scala-40", players=5, options={"classico": True, "cards": 10}).state.deal_number == 0


def test_scala_pairs_and_the_long_run_play_through() -> None:
    from hoyle_rummy.scala40 import scala_rules

    bot = functools.partial(MeldingBot, rules=scala_rules())
    for g in check_variant("scala-40", games=2, seed=15, players=4, options={"pairs": True}, bot=bot):
        first, second = g.state.scores[0] + g.state.scores[2], g.state.scores[1] + g.state.scores[3]
        assert max(first, second) >= 101
        result = g.result
        assert result is not None and result["winners"] == ([0, 2] if first < second else [1, 3])
