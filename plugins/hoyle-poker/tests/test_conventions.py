"""The ``conventions`` option: each rule where the cardroom's conventions (the default)
and PokerKit 0.7's differ, as a scripted hand played both ways, outcomes worked out by
hand (docs/poker-games.md, "Conventions")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import hoyle
import pytest
from click.testing import CliRunner
from hoyle import phh
from hoyle.cli import cli
from hoyle.errors import ReplayError
from test_betting import game, play

ROYAL = "As Ks Qs Js Ts"  # everyone plays the board


def both(holes: list[str], board: str = "2c 5d 9h 8s 3c", **options: Any) -> tuple[hoyle.Game, hoyle.Game]:
    return game(holes, board, **options), game(holes, board, conventions="pokerkit", **options)


def legal(g: hoyle.Game) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def test_short_big_blind_call_and_raise_from_what_was_posted() -> None:
    # 1/2 blinds, the big blind (seat 1) has 1 chip: the cardroom's call is the full big
    # blind and the least raise to 4; PokerKit's call is the 1 posted, the least raise to 3
    cardroom, pokerkit = both(["As Ad", "Ks Kd", "Qs Qd"], stacks=[200, 1, 200])
    assert cardroom.state.public["to_call"] == 2 and cardroom.state.public["range"] == [4, 200]
    assert pokerkit.state.public["to_call"] == 1 and pokerkit.state.public["range"] == [3, 200]
    play(cardroom, "call")
    play(pokerkit, "call")
    assert cardroom.state.committed[2] == 2 and pokerkit.state.committed[2] == 1


def test_a_straddle_does_not_set_the_raise_increment() -> None:
    # 1/2 and a straddle of 4, least bet 2: the cardroom's least raise is to 8 (the
    # straddle is a full raise), PokerKit's to 4 + 2
    cardroom, pokerkit = both(["As Ad", "Ks Kd", "Qs Qd", "Js Jd"], blinds="1 2 4", min_bet=2)
    assert cardroom.to_act == pokerkit.to_act == 3
    assert cardroom.state.public["range"] == [8, 200]
    assert pokerkit.state.public["range"] == [6, 200]


def test_a_short_all_in_bet_reopens_the_betting_for_a_player_who_checked() -> None:
    # Seat 1 has 1 chip on the flop and bets it (less than the least bet, 2); seat 2 calls.
    # Seat 0 checked: the cardroom lets it call or fold only, PokerKit lets it raise (the
    # round's increment starts at 0, so any bet is a full one), to 1 + 2.
    cardroom, pokerkit = both(["As Ad", "Ks Kd", "Qs Qd"], stacks=[200, 3, 200])
    for g in (cardroom, pokerkit):
        play(g, "call", "call", "check")  # pre-flop: everyone in for 2
        assert g.phase == "flop"
        play(g, "check", "bet 1", "call")
    assert legal(cardroom) == ["fold", "call"]
    assert legal(pokerkit)[:3] == ["fold", "call", "raise to 3"]


def test_the_big_blind_checks_though_nobody_else_can_act() -> None:
    # The button calls all in for 2, the small blind folds: the cardroom's big blind has
    # nothing to decide and the board is dealt; PokerKit asks it (and records its check).
    cardroom, pokerkit = both(["As Ad", "Ks Kd", "Qs Qd"], stacks=[200, 200, 2])
    for g in (cardroom, pokerkit):
        play(g, "call", "fold")
    assert cardroom.is_over
    assert pokerkit.to_act == 1 and legal(pokerkit) == ["check"]
    play(pokerkit, "check")
    assert pokerkit.is_over
    assert cardroom.result["stacks"] == pokerkit.result["stacks"] == [199, 203, 0]  # seat 1's kings


def test_odd_chips_all_go_to_the_first_winner() -> None:
    # 2/3 blinds, seats 2 and 3 call, the small blind folds: 11 chips split three ways by
    # seats 1, 2, 3 on a royal board. The cardroom's two odd chips go one each to seats 1
    # and 2; PokerKit's both to seat 1.
    cardroom, pokerkit = both(["9c 9d", "8c 8d", "7c 7d", "6c 6d"], ROYAL, blinds="2 3")
    for g in (cardroom, pokerkit):
        play(g, "call", "call", "fold", "check")
        while not g.is_over:
            play(g, "check")
    assert cardroom.result["stacks"] == [198, 201, 201, 200]
    assert pokerkit.result["stacks"] == [198, 202, 200, 200]


def test_pots_with_the_same_winners_are_merged_before_they_split() -> None:
    # Seat 1 is all in for 4, seat 4 (the button) for 5, seats 2 and 3 put in 6 and tie
    # with a straight; seat 0 folded its small blind. Main pot 17 and side pot 3 are split
    # apart by the cardroom (9/8 and 2/1: both odd chips to seat 2), as one pot of 20 by
    # PokerKit (10/10); the last side pot of 2 splits 1/1 either way.
    holes = ["9c 9d", "5d 6d", "Tc 3d", "Th 3c", "7h 8h"]
    cardroom, pokerkit = both(holes, "As Kd Qh Jc 2s", stacks=[200, 4, 200, 200, 5])
    for g in (cardroom, pokerkit):
        play(g, "raise to 6", "call", "call", "fold", "call")
        while not g.is_over:
            play(g, "check")
    assert cardroom.result["stacks"] == [199, 0, 206, 204, 0]
    assert pokerkit.result["stacks"] == [199, 0, 205, 205, 0]


def test_antes_are_dead_money() -> None:
    # Antes of 2 heads-up, the button (seat 1, the best hand) has 1 chip: the cardroom
    # layers the antes (seat 1 wins the 1 + 1 it matched, seat 0's other chip comes
    # back); PokerKit's antes are dead money in the main pot, all 3 to seat 1 (seat 0's
    # big blind, unmatched, comes back either way).
    cardroom, pokerkit = both(["Ks Kd", "As Ad"], stacks=[100, 1], ante=2)
    assert cardroom.result["stacks"] == [99, 2]
    assert pokerkit.result["stacks"] == [98, 3]


def test_fixed_limit_blinds_do_not_count_toward_the_cap() -> None:
    # 1/2 fixed limit: the cardroom counts the big blind as the bet, so three raises take
    # it to 8; PokerKit counts four raises after the blinds, to 10.
    cardroom, pokerkit = both(["As Ad", "Ks Kd", "Qs Qd"], structure="fixed-limit")
    tops = []
    for g in (cardroom, pokerkit):
        while g.state.public["range"] is not None:
            g.act(legal(g)[-1])
        tops.append(g.state.public["to_call"])
    assert tops == [8, 10]


def test_equal_blinds_the_later_blind_is_the_largest() -> None:
    # Heads-up blinds 2 and 2: the cardroom's button (the small blind) acts first pre-flop;
    # PokerKit's opener sits left of the largest blind, the later seat on a tie: seat 0.
    cardroom, pokerkit = both(["As Ad", "Ks Kd"], blinds="2 2")
    assert cardroom.to_act == 1 and pokerkit.to_act == 0


# PokerKit's record of the hand above where the big blind checks with nobody left
BB_CHECKS = """
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 2]
actions = ['d dh p1 QsQd', 'd dh p2 KsKd', 'd dh p3 AsAd', 'p3 cc', 'p1 f', 'p2 cc',
           'd db 2c5d9h', 'd db 8s', 'd db Kc']
finishing_stacks = [199, 203, 0]
"""


def test_phh_replay_takes_the_conventions_and_names_the_rule() -> None:
    assert phh.replay(BB_CHECKS, conventions="pokerkit").result["stacks"] == [199, 203, 0]
    with pytest.raises(ReplayError, match=r"conventions='pokerkit'.*has not acted checks"):
        phh.replay(BB_CHECKS)


def test_hoyle_replay_takes_conventions(tmp_path: Path) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(BB_CHECKS)
    runner = CliRunner()
    done = runner.invoke(cli, ["replay", str(path), "--json", "--conventions", "pokerkit"])
    assert done.exit_code == 0, done.output
    (record,) = json.loads(done.output)
    assert record["result"]["stacks"] == [199, 203, 0]
    done = runner.invoke(cli, ["replay", str(path), "--json"])
    assert done.exit_code != 0 and "conventions='pokerkit'" in done.output


def test_conventions_is_an_option_of_every_betting_game() -> None:
    # random play under PokerKit's conventions finishes every hand and keeps every chip
    for name in ("texas-holdem", "omaha", "short-deck-holdem", "badugi", "razz", "five-card-draw", "table-hand"):
        for seed in range(5):
            g = hoyle.new_game(name, players=3, seed=seed, options={"conventions": "pokerkit"})
            rng = hoyle.Rng(seed)
            for _ in range(500):
                if g.is_over:
                    break
                actions = g.legal_actions()
                g.act(actions[rng.below(len(actions))])
            assert g.is_over, name
            assert sum(g.result["stacks"]) == 600, name
