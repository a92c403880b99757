"""PHH replay of the stud and draw games: every F7S, F7S/8, FR, F2L3D and N2L1D file of
../shared/conformance/phh reproduces its recorded finishing stacks; the historical
triple-draw and badugi hands replay."""

from __future__ import annotations

import doctest

import pytest

import hoyle_poker.phh_games
from hoyle import phh
from hoyle.errors import ReplayError
from phh_corpus import replay_corpus

CODES = {"F7S", "F7S/8", "FR", "F2L3D", "N2L1D", "FB"}



def test_corpus_stud_and_draw_replay_to_recorded_stacks() -> None:
    counts, failures = replay_corpus(CODES)
    assert not failures
    assert counts == {
        "wsop F7S": 13,
        "wsop F7S/8": 7,
        "wsop FR": 9,
        "wsop F2L3D": 7,
        "wsop N2L1D": 7,
        "historical F2L3D": 1,
        "historical FB": 1,
    }


def test_wrong_bring_in_does_not_replay() -> None:
    # p2's 2c is the lowest up card: p1 cannot bring in
    text = """
variant = 'F7S'
antes = [1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [50, 50]
actions = ['d dh p1 AsAd3c', 'd dh p2 KcKd2c', 'p1 pb']
"""
    with pytest.raises(ReplayError, match="bring"):
        phh.replay(text)


def test_draw_replay_with_unknown_discards_learned_from_the_show() -> None:
    # p1's hand is unknown; it discards one unknown card and shows its final hand
    text = """
variant = 'N2L1D'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 ??????????', 'd dh p2 7s5d4c3h2s', 'p2 cc', 'p1 cc', 'p1 sd ??', 'p2 sd', 'd dh p1 8c',
           'p1 cc', 'p2 cc', 'p1 sm 8c6d5s3d2c', 'p2 sm 7s5d4c3h2s']
"""
    game = phh.replay(text)
    assert game.result["stacks"] == [98, 102]  # 7-5-4-3-2 beats 8-6-5-3-2


def test_doctests() -> None:
    assert doctest.testmod(hoyle_poker.phh_games).failed == 0
