"""Split Hold'em (docs/rules/poker.md#b5): two boards dealt street by street, each pot
split between the best hand on each board, the odd chip to the first board's. Scripted
deals with fixed decks; every expected outcome is worked out by hand from the rules."""

from __future__ import annotations

import doctest

import hoyle
import pytest
from hoyle import Card, Deck
from hoyle.testing import check_variant


def split_deck(holes: list[str], first: str, second: str) -> Deck:
    """A deck dealing ``holes`` (seat 0 first, two cards each), then each street: a
    burn, the first board's cards, the second board's."""
    a, b = first.split(), second.split()
    wanted = [Card(c) for c in " ".join(holes).split() + a + b]
    rest = iter([c for c in Deck.standard() if c not in set(wanted)])
    order = [Card(c) for c in " ".join(holes).split()]
    for lo, hi in ((0, 3), (3, 4), (4, 5)):
        order += [next(rest), *(Card(c) for c in a[lo:hi]), *(Card(c) for c in b[lo:hi])]
    return Deck(" ".join(map(str, order + list(rest))))


def check_down(game: hoyle.Game) -> None:
    while not game.is_over:
        kinds = {a.kind for a in game.legal_actions()}
        game.act("check" if "check" in kinds else "call")


def test_the_two_boards_are_dealt_street_by_street_with_a_betting_round_each() -> None:
    deck = split_deck(["As Ad", "Kc Kd"], "2c 7d 9h Jc 3s", "4h 8s Ts Qd 5c")
    game = hoyle.new_game("split-holdem", players=2, deck=deck)
    game.act("call")
    game.act("check")
    boards = []
    while not game.is_over:
        boards.append(
            (
                game.phase,
                [str(c) for c in game.state.zone("board").cards],
                [str(c) for c in game.state.zone("board:2").cards],
            )
        )
        game.act("check")
        game.act("check")
    assert boards == [
        ("flop", ["2c", "7d", "9h"], ["4h", "8s", "Ts"]),
        ("turn", ["2c", "7d", "9h", "Jc"], ["4h", "8s", "Ts", "Qd"]),
        ("river", ["2c", "7d", "9h", "Jc", "3s"], ["4h", "8s", "Ts", "Qd", "5c"]),
    ]


def test_the_best_hand_on_both_boards_scoops() -> None:
    deck = split_deck(["As Ad", "Kc Kd"], "2c 7d 9h Jc 3s", "4h 8s Ts Qd 5c")
    game = hoyle.new_game("split-holdem", players=2, deck=deck)
    check_down(game)
    assert game.result["stacks"] == [202, 198]  # aces beat kings on both boards


def test_each_board_wins_half_and_the_odd_chip_goes_to_the_first_board() -> None:
    # seat 0 (small blind) folds after posting 1; seats 1 and 2 see a 5-chip pot down.
    # Board one: Jh 9d 9h Jc 3s - seat 1's Jd makes jacks full over seat 2's two pair,
    # kings and jacks: 3 chips. Board two: Kh 8s 2c Qd 5c - seat 2's trip kings: 2 chips.
    deck = split_deck(["7c 6c", "Jd 4d", "Ks Kd"], "Jh 9d 9h Jc 3s", "Kh 8s 2s Qd 5c")
    game = hoyle.new_game("split-holdem", players=3, deck=deck)
    assert game.to_act == 2  # left of the big blind (seat 1), the button
    game.act("call")
    game.act("fold")  # seat 0, the small blind
    check_down(game)
    assert game.result["stacks"] == [199, 201, 200]


def test_a_tie_on_one_board_splits_that_half() -> None:
    # board one plays for both (a royal flush on the board): its 2 chips split 1 and 1;
    # board two: seat 1's aces beat seat 0's queens, 2 chips
    deck = split_deck(["Qc Qd", "Ac Ad"], "As Ks Qs Js Ts", "2h 5d 8c 9h 3s")
    game = hoyle.new_game("split-holdem", players=2, deck=deck)
    check_down(game)
    assert game.result["stacks"] == [199, 201]


def test_a_side_pot_is_split_between_the_boards_among_its_players() -> None:
    # seat 0 is all in for 20; seats 1 and 2 put in 100 each. Main pot 60: board one to
    # seat 0 (aces), board two to seat 2 (trip fives): 30 each. Side pot 160 between
    # seats 1 and 2: board one to seat 1 (kings over seat 2's fives), board two to seat 2.
    deck = split_deck(["As Ad", "Kc Kd", "5c 5d"], "2h 7s 9c Jh 3d", "5h 8s Tc Qh 4s")
    game = hoyle.new_game("split-holdem", players=3, deck=deck, stacks=[20, 200, 200])
    game.act("raise to 100")  # seat 2, the button
    game.act("call")  # seat 0, all in for 20
    game.act("call")  # seat 1
    check_down(game)
    assert game.result["stacks"] == [30, 180, 210]


def test_a_hand_all_in_before_the_flop_deals_both_boards() -> None:
    deck = split_deck(["As Ad", "Kc Kd"], "2c 7d 9h Jc 3s", "Kh 8s Ts Qd 5c")
    game = hoyle.new_game("split-holdem", players=2, deck=deck, stacks=[50, 50])
    game.act("raise to 50")
    game.act("call")
    assert game.is_over
    assert len(game.state.zone("board").cards) == len(game.state.zone("board:2").cards) == 5
    assert game.result["stacks"] == [50, 50]  # aces on board one, trip kings on board two


@pytest.mark.parametrize("players, options", [(2, {}), (6, {"hands": 3}), (10, {"structure": "pot-limit"})])
def test_check_variant(players: int, options: dict) -> None:
    check_variant("split-holdem", games=12, players=players, options=options)


def test_doctest() -> None:
    import hoyle_poker.split_holdem

    assert doctest.testmod(hoyle_poker.split_holdem).failed == 0
