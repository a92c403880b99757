"""The ``stock_limit`` option of the games that turn the discard pile over as a new stock
(docs/rules/rummy.md#c1, #c5, #c7-4, #c7-6): 0 (the rules texts' own play) turns it over
without end; 2 or 3 ends play when the stock runs out for that time and the next player
declines the discard - the deal is void, nothing scored, and the deal passes on. Scripted
with rigged two-player deals in which nobody can meld: each player draws from the stock
and discards the card drawn."""

from __future__ import annotations

import hoyle
import pytest
from hoyle.testing import check_variant
from rummy_decks import cycle, new, outcome, texts

H0 = "2c 4d 6h 8s Tc Qd Kh 3s 5c 9d"  # no two of a rank, no three in suit
H1 = "2d 4h 6s 8c Th Qs Kc 3c 5d 9h"
UP = "7c"
GAMES = {"seven-card-rummy": 7, "boat-house-rummy": 10, "high-low-rummy": 10}


def deal(variant: str, **options: object) -> hoyle.Game:
    size = GAMES[variant]
    return new([" ".join(H0.split()[:size]), " ".join(H1.split()[:size])], UP, variant=variant, **options)


def run_out(game: hoyle.Game) -> None:
    """Play the stock out: draw and discard the card drawn until the stock is empty (the
    first draw turning the pile over when it is empty already)."""
    cycle(game, 1)
    cycle(game, len(game.state.zone("stock").cards))
    assert not game.state.zone("stock").cards and game.phase == "draw"


@pytest.mark.parametrize("variant", list(GAMES))
def test_at_the_limit_the_next_player_passes_and_the_deal_is_void(variant: str) -> None:
    game = deal(variant, stock_limit=2)
    run_out(game)
    assert "draw stock" in texts(game)  # the first time the pile is turned over
    run_out(game)
    assert texts(game) == ["pass", "draw discard"]  # the second time it is not
    game.act("pass")
    assert outcome(game)["reason"] == "stock-out" and "winner" not in outcome(game)
    assert game.state.score_sheet[-1] == [0, 0] and game.state.public["ledger"] == [0, 0]
    assert not game.is_over and game.state.public["dealer"] == 0  # seat 1 dealt; the deal passes on


@pytest.mark.parametrize("variant", list(GAMES))
def test_without_the_option_the_pile_is_turned_over_again_and_again(variant: str) -> None:
    game = deal(variant)
    for _ in range(4):
        run_out(game)
        assert "draw stock" in texts(game) and "pass" not in texts(game)


@pytest.mark.parametrize("variant", list(GAMES))
def test_the_option_is_checked_and_bounded_runs_use_it(variant: str) -> None:
    with pytest.raises(hoyle.errors.InvalidOptionError, match="stock_limit"):
        deal(variant, stock_limit=1)
    assert hoyle.variants()[variant].bounded_options()["stock_limit"] == 3


@pytest.mark.parametrize("variant", ["seven-card-rummy", "boat-house-rummy"])
def test_random_play_ends(variant: str) -> None:
    """Random legal play in these games rarely goes out; with the bounded options
    (``stock_limit`` 3, ``deals`` 3) every game ends."""
    games = check_variant(variant, games=2, seed=3, players=2)
    assert all(g.is_over for g in games)
