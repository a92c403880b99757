"""Three-player gin and four-player partnership gin (RULES.md C2), scripted."""

from __future__ import annotations

import pytest

import hoyle
from hoyle import Deck
from hoyle.errors import IllegalActionError
from hoyle.testing import check_variant
from hoyle_rummy.bots import GinBot
from test_gin import KNOCKER, gin_deck

WEAK = "7h 8h 7c 7d Qc Qd Js Ts 5c 2c"  # against KNOCKER drawing 3d: the knocker scores 55 - 3 = 52
UNDERCUT = "2c 3c 4c 5d 6d 7d 8s 8c 8h Ad"  # against KNOCKER drawing Qd: undercut, 10 - 1 + 10 = 19


def texts(game: hoyle.Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


# --- three players -------------------------------------------------------------------------


def test_three_players_the_dealer_sits_out_and_the_loser_deals_next() -> None:
    # Seat 2 deals to seats 0 (left of the dealer: offered the up-card first) and 1.
    game = hoyle.new_game(
        "gin-rummy-3", players=3, deck=gin_deck(KNOCKER, WEAK, "Jh", "3d"), options={"first_dealer": 2, "target": 1000}
    )
    state = game.state
    assert state.public["players"] == [0, 1] and game.to_act == 0 and "hand:2" not in state.zones
    assert texts(game) == ["draw discard", "pass"]
    for a in ("pass", "pass", "draw stock", "knock Kc"):
        game.act(a)
    assert state.score_sheet == [[52, 0, 0]]
    # Seat 1 lost: it deals the next hand, between the winner (0) and the previous dealer (2).
    assert state.public["dealer"] == 1 and state.public["players"] == [2, 0]
    assert game.to_act == 2 and "hand:1" not in state.zones and len(state.zone("hand:0").cards) == 10


def test_three_players_an_undercut_makes_the_knocker_deal() -> None:
    game = hoyle.new_game(
        "gin-rummy-3", players=3, deck=gin_deck(KNOCKER, UNDERCUT, "Jh", "Qd"), options={"first_dealer": 2, "target": 1000}
    )
    for a in ("pass", "pass", "draw stock", "knock Kc"):
        game.act(a)
    assert game.state.score_sheet == [[0, 19, 0]]
    assert game.state.public["dealer"] == 0 and game.state.public["players"] == [1, 2]


def test_three_players_game_bonus_against_each_loser() -> None:
    game = hoyle.new_game(
        "gin-rummy-3", players=3, deck=gin_deck(KNOCKER, WEAK, "Jh", "3d"), options={"first_dealer": 2, "target": 50}
    )
    for a in ("pass", "pass", "draw stock", "knock Kc"):
        game.act(a)
    assert game.is_over and game.result
    # Seat 0: 52 + 100 game bonus doubled (200) against each shut-out loser + one box (20).
    assert game.result["settlement"] == [2 * (52 + 20 + 200), -(52 + 20 + 200), -(52 + 20 + 200)]


# --- four players --------------------------------------------------------------------------


def four_deck(a: tuple[str, str, str, str], b: tuple[str, str, str, str]) -> Deck:
    """Table ``a`` (pack 0) and table ``b`` (pack 1): each (first player's hand,
    dealer's hand, up-card, stock)."""
    first = [str(c) for c in gin_deck(*a)]
    second = [f"{c}#1" for c in gin_deck(*b)]
    return Deck(" ".join(first + second))


def four(a: tuple[str, str, str, str], b: tuple[str, str, str, str], **options: object) -> hoyle.Game:
    # first_dealer 1: seats 1 and 3 deal; seat 0 plays seat 1 at table a, seat 2 plays seat 3 at b.
    return hoyle.new_game("gin-rummy-4", players=4, deck=four_deck(a, b), options={"first_dealer": 1, **options})


def play(game: hoyle.Game, *steps: tuple[int, str]) -> None:
    for seat, text in steps:
        assert game.to_act == seat, (seat, text, game.to_act)
        game.act(text, seat)


def both_pass_then(game: hoyle.Game, a: list[str], b: list[str]) -> None:
    """Both tables decline the up-card (the turn passes between the tables each time
    a table's turn passes), then seat 0 plays ``a`` and seat 2 plays ``b``."""
    play(game, (0, "pass"), (2, "pass"), (1, "pass"), (3, "pass"))
    play(game, *[(0, t) for t in a])
    play(game, *[(2, t) for t in b])


def test_four_players_two_tables_with_prefixed_zones() -> None:
    game = four((KNOCKER, WEAK, "Jh", "3d"), (KNOCKER, WEAK, "Jh", "3d"))
    state = game.state
    tables = state.public["tables"]
    assert [(t["prefix"], t["players"]) for t in tables] == [("a:", [0, 1]), ("b:", [2, 3])]
    assert {str(c) for c in state.zone("b:hand:2").cards} == {f"{c}#1" for c in KNOCKER.split()}
    assert len(state.zone("a:stock").cards) == len(state.zone("b:stock").cards) == 31
    assert game.to_act == 0 and texts(game) == ["draw discard", "pass"]
    with pytest.raises(IllegalActionError):
        game.act("pass", 2)  # not seat 2's turn yet


def test_four_players_both_partners_win_the_team_scores_the_sum() -> None:
    game = four((KNOCKER, WEAK, "Jh", "3d"), (KNOCKER, WEAK, "Jh", "3d"), target=1000)
    both_pass_then(game, ["draw stock", "knock Kc"], ["draw stock", "knock Kc#1"])
    assert game.state.score_sheet == [[104, 0, 104, 0]]


def test_four_players_split_the_higher_team_scores_the_difference() -> None:
    game = four((KNOCKER, WEAK, "Jh", "3d"), (KNOCKER, UNDERCUT, "Jh", "Qd"), target=1000)
    both_pass_then(game, ["draw stock", "knock Kc"], ["draw stock", "knock Kc#1"])
    # Seat 0 wins 52 at table a; seat 3 undercuts seat 2 for 19 at table b.
    assert game.state.score_sheet == [[52 - 19, 0, 52 - 19, 0]]
    # Next deal: new opponents (0-3 and 2-1), and the other partnership deals.
    tables = game.state.public["tables"]
    assert sorted(sorted(t["players"]) for t in tables) == [[0, 3], [1, 2]]
    assert all(t["players"][1] in (0, 2) for t in tables)


def test_four_players_game_to_125() -> None:
    game = four((KNOCKER, WEAK, "Jh", "3d"), (KNOCKER, WEAK, "Jh", "3d"), target=100)
    both_pass_then(game, ["draw stock", "knock Kc"], ["draw stock", "knock Kc#1"])
    assert game.is_over and game.result and game.result["settlement"] == [104, -104, 104, -104]
    assert game.result["winners"] == [0, 2]
    assert hoyle.new_game("gin-rummy-4", players=4, seed=1).options["target"] == 125


def test_conformance() -> None:
    check_variant("gin-rummy-3", games=2, players=3, bot=GinBot, options={"target": 40})
    check_variant("gin-rummy-4", games=2, players=4, bot=GinBot, options={"target": 60})
    variations = {"eleven_card_start": True, "late_pickup": True, "retake": True}
    check_variant("gin-rummy-3", games=1, players=3, bot=GinBot, options={"target": 40, **variations})
    check_variant("gin-rummy-4", games=1, players=4, bot=GinBot, options={"target": 60, **variations})
