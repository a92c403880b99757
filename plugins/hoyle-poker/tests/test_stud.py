"""Stud games (docs/rules/poker.md#b5): seven-card stud, stud hi-lo eight-or-better, razz. Scripted
deals with fixed decks; expected outcomes worked out by hand from the rules."""

from __future__ import annotations

import hoyle
import pytest
from hoyle import Card, Deck
from hoyle.testing import check_variant


def stud_deck(third: list[str], *streets: str) -> Deck:
    """Deals ``third`` (three cards per seat, seat 0 first: down, down, up), then each
    later street's cards for the players still in, in seat order; then the rest of the
    pack."""
    first = [Card(c) for h in third for c in h.split()] + [Card(c) for s in streets for c in s.split()]
    rest = [c for c in Deck.standard() if c not in set(first)]
    return Deck(" ".join(map(str, first + rest)))


def texts(game: hoyle.Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def passive(game: hoyle.Game) -> None:
    while not game.is_over:
        t = texts(game)
        game.act("bring-in" if "bring-in" in t else ("check" if "check" in t else "call"))


@pytest.mark.parametrize(
    "ups, bringer",
    [
        (["2d", "2c", "9s"], 1),  # equal ranks: clubs lowest
        (["2h", "2s", "9s"], 0),  # hearts below spades
        (["As", "3h", "Kd"], 1),  # ace high: the three is lowest
    ],
)
def test_stud_bring_in_lowest_up_card_suit_order(ups: list[str], bringer: int) -> None:
    downs = ["4c 4d", "5c 5d", "6c 6d"]
    game = hoyle.new_game("seven-card-stud", players=3, deck=stud_deck([f"{d} {u}" for d, u in zip(downs, ups)]))
    assert game.to_act == bringer
    assert texts(game) == ["bring-in", "bet to 2"]
    assert game.state.pot == 3  # antes


@pytest.mark.parametrize(
    "ups, bringer",
    [
        (["Kh", "Ks", "As"], 1),  # the highest card; ties: the higher suit
        (["Qd", "Ac", "2c"], 0),  # aces are low in razz: the queen is highest
    ],
)
def test_razz_bring_in_highest_up_card(ups: list[str], bringer: int) -> None:
    downs = ["4c 4d", "5c 5d", "6c 6d"]
    game = hoyle.new_game("razz", players=3, deck=stud_deck([f"{d} {u}" for d, u in zip(downs, ups)]))
    assert game.to_act == bringer


def test_bring_in_complete_and_reopen() -> None:
    game = hoyle.new_game("seven-card-stud", players=3, deck=stud_deck(["Ah Kh 9d", "2c 3c 5s", "Qs Qd 9h"]))
    assert game.to_act == 1
    game.act("bring-in")
    assert game.state.public["bets"] == [0, 1, 0]
    assert texts(game) == ["fold", "call", "raise to 2"]  # call the bring-in or complete
    game.act("raise to 2")
    assert texts(game) == ["fold", "call", "raise to 4"]  # after the completion: raises of the small bet
    game.act("call")
    # the completion reopened the betting for the bring-in
    assert texts(game) == ["fold", "call", "raise to 4"]
    game.act("call")
    assert game.phase == "fourth"


def test_bring_in_has_no_option_when_everyone_calls_and_first_to_act() -> None:
    deck = stud_deck(["Ah Kh 9d", "2c 3c 5s", "Qs Qd 9h"], "4d 6h 4s", "Jc 6d 2d")
    game = hoyle.new_game("seven-card-stud", players=3, deck=deck)
    game.act("bring-in")
    game.act("call")
    game.act("call")
    assert game.phase == "fourth"  # the bring-in does not act again
    # showing 9-4 (seat 0), 6-5 (seat 1), 9-4 (seat 2): a tie, the first left of the button acts
    assert game.to_act == 0
    assert texts(game) == ["check", "bet to 2"]  # small bet on fourth street
    for _ in range(3):
        game.act("check")
    assert game.phase == "fifth"
    assert game.to_act == 1  # a pair of sixes showing acts first
    assert texts(game) == ["check", "bet to 4"]  # big bet from fifth street
    assert game.state.zone("up:1").visibility == "public"
    assert game.state.zone("hole:1").visibility == "owner"
    assert [str(c) for c in game.state.zone("up:1").cards] == ["5s", "6h", "6d"]


def test_razz_best_low_showing_acts_first() -> None:
    deck = stud_deck(["5h 6h Qd", "7c 8c Ac", "9s Ts 2c"], "3d Kd 4s", "Qs 2d Kh")
    game = hoyle.new_game("razz", players=3, deck=deck)
    assert game.to_act == 0  # the queen brings in
    game.act("bring-in")
    game.act("call")
    game.act("call")
    assert game.to_act == 2  # 4-2 is the best low showing (Q-3, K-A)
    for _ in range(3):
        game.act("check")
    # showing Q-Q-3 (a pair: worst), K-2-A, K-4-2: K-2-A acts first
    assert game.to_act == 1


def test_stud_high_showdown() -> None:
    # seat 0: three kings wins against seat 1's two pair
    deck = stud_deck(["Kc Kd Kh", "2c 2d 3s"], "4c 3d", "5h 8d", "9c Qs", "Jd Qd")
    game = hoyle.new_game("seven-card-stud", players=2, deck=deck)
    passive(game)
    # pot: antes 2 + bring-in 1 + call 1
    assert game.result["stacks"] == [202, 198]


def _hi_lo_game(seat0_streets: list[str]) -> hoyle.Game:
    a, b, c, d = seat0_streets
    deck = stud_deck(["As 2s 3d", "Kc Kd Kh", "7c 7s Ac"], f"{a} 8h", f"{b} 8d", f"{c} Qs", f"{d} Qd")
    game = hoyle.new_game("seven-card-stud-hi-lo", players=3, deck=deck)
    assert game.to_act == 0  # 3d brings in
    game.act("bring-in")
    game.act("call")
    game.act("fold")
    passive(game)
    return game


def test_hi_lo_split_with_a_qualifying_low() -> None:
    # seat 1 full house (high), seat 0 wheel (low 5-4-3-2-A); pot 5: high half takes the odd chip
    game = _hi_lo_game(["4c", "5h", "9c", "Jd"])
    assert game.result["stacks"] == [200, 201, 199]


def test_hi_lo_no_qualifying_low_high_scoops() -> None:
    game = _hi_lo_game(["9h", "Th", "9c", "Jd"])  # seat 0: only A-2-3 of eight or lower
    assert game.result["stacks"] == [198, 203, 199]


def test_razz_showdown_lowest_wins() -> None:
    # seat 0 7-5-4-3-A (the pair of aces does not count twice) vs seat 1 8-6-4-3-2
    deck = stud_deck(["Ac 3c 7d", "2h 3h 8s"], "4d 4h", "5d 6h", "Ad Ks", "Kc Qd")
    game = hoyle.new_game("razz", players=2, deck=deck)
    passive(game)
    assert game.result["stacks"] == [202, 198]


HIGH_CARD = {"odd_chip": "high-card"}


@pytest.mark.parametrize(
    ("options", "stacks"),
    [
        # docs/rules/poker.md#b2 (the default): seat 0, first left of the button, gets the odd chip
        ({}, [201, 200, 199]),
        # the cardroom custom: seat 1's Kd is above seat 0's Kc
        (HIGH_CARD, [200, 201, 199]),
    ],
)
def test_stud_odd_chip(options: dict[str, str], stacks: list[int]) -> None:
    # seats 0 and 1 both make the 5-to-9 straight; seat 2 folds: pot 3 antes + bring-in
    # + call = 5, split 2 and 2 with one odd chip.
    deck = stud_deck(["5c 6d 2c", "5d 6h 2h", "Ah Ad Qs"], "7h 7s", "8s 8c", "9c 9d", "Kc Kd")
    game = hoyle.new_game("seven-card-stud", players=3, deck=deck, options=options)
    assert game.to_act == 0  # 2c brings in
    game.act("bring-in")
    game.act("call")
    game.act("fold")
    passive(game)
    assert game.result["stacks"] == stacks


def test_razz_odd_chip_to_the_lowest_card_by_suit() -> None:
    # both make 5-4-3-2-A; seat 1's Ac is below seat 0's Ad: seat 1 gets the odd chip
    deck = stud_deck(["Ad 2d Ks", "Ac 2c Kh", "9s 9h Qs"], "3h 3d", "4s 4h", "5c 5s", "Qc Qh")
    game = hoyle.new_game("razz", players=3, deck=deck, options=HIGH_CARD)
    assert game.to_act == 0  # Ks brings in (highest, spades above hearts)
    game.act("bring-in")
    game.act("call")
    game.act("fold")
    passive(game)
    assert game.result["stacks"] == [200, 201, 199]


def test_hi_lo_odd_chips_high_by_high_card_low_by_low_card() -> None:
    # seats 0 and 1 both have the wheel: the same high (5-high straight) and the same low.
    # Pot 6 (4 antes, bring-in, call): high half 3, low half 3, each with an odd chip.
    # High: seat 0's Ks beats seat 1's Kh; low: seat 1's Ac is below seat 0's Ad.
    deck = stud_deck(["Ad 2d 3h", "Ac 2c 3d", "9s 9h Qs", "Td Tc Js"], "4s 4h", "5c 5s", "Ks Kh", "Qc Qh")
    game = hoyle.new_game("seven-card-stud-hi-lo", players=4, deck=deck, options=HIGH_CARD)
    assert game.to_act == 1  # 3d brings in
    game.act("bring-in")
    game.act("fold")
    game.act("fold")
    game.act("call")
    passive(game)
    assert game.result["stacks"] == [201, 201, 199, 199]


def test_community_card_when_the_deck_runs_out() -> None:
    # eight players who all stay: 48 cards are out after sixth street, 4 remain for 8
    game = hoyle.new_game("seven-card-stud", players=8, seed=11)
    passive(game)
    board = game.state.zone("board").cards
    assert len(board) == 1
    assert all(len(game.state.zone(f"hole:{s}").cards) == 2 for s in range(8))  # no seventh down card
    assert game.state.zone("board").visibility == "public"


@pytest.mark.parametrize("name", ["seven-card-stud", "seven-card-stud-hi-lo", "razz"])
@pytest.mark.parametrize(
    "players, options",
    [(2, {}), (8, {"hands": 2, "stack": 30}), (5, {"showdown": "manual", "procedure": "cardroom"})],
)
def test_check_variant(name: str, players: int, options: dict) -> None:
    check_variant(name, games=8, players=players, options=options)


def test_doctest() -> None:
    import doctest

    import hoyle_poker.stud

    assert doctest.testmod(hoyle_poker.stud).failed == 0


def _open_pair_game(options: dict) -> hoyle.Game:
    # fourth street: seat 1 shows 5s 5h, an open pair
    deck = stud_deck(["Ah Kh 9d", "2c 3c 5s", "Qs Qd 9h"], "4d 5h 4s")
    game = hoyle.new_game("seven-card-stud", players=3, deck=deck, options=options)
    game.act("bring-in")
    game.act("call")
    game.act("call")
    return game


def test_open_pair_on_fourth_street_allows_the_big_bet() -> None:
    game = _open_pair_game({})
    assert game.phase == "fourth" and game.to_act == 1  # the pair showing acts first
    assert texts(game) == ["check", "bet to 2", "bet to 4"]
    with pytest.raises(hoyle.errors.IllegalActionError, match="fixed limit"):
        game.act("bet to 3")
    game.act("bet to 4")
    assert texts(game) == ["fold", "call", "raise to 8"]  # raises are big bets now


def test_open_pair_small_bet_first_keeps_small_raises() -> None:
    game = _open_pair_game({})
    game.act("bet to 2")
    assert texts(game) == ["fold", "call", "raise to 4"]


def test_open_pair_option_off_and_no_pair() -> None:
    game = _open_pair_game({"open_pair": "small-bet"})
    assert texts(game) == ["check", "bet to 2"]
    # no pair showing: small bet only (seat 0 and 2 tie 9-4, seat 1 shows 6-5)
    deck = stud_deck(["Ah Kh 9d", "2c 3c 5s", "Qs Qd 9h"], "4d 6h 4s")
    game = hoyle.new_game("seven-card-stud", players=3, deck=deck)
    for t in ("bring-in", "call", "call"):
        game.act(t)
    assert texts(game) == ["check", "bet to 2"]
