"""In-Between (docs/rules/parlor.md#b7): scripted deals for every rule and option."""

from __future__ import annotations

import hoyle
import pytest
from hoyle import Deck
from hoyle.errors import IllegalActionError, InvalidOptionError
from hoyle.testing import check_variant


def deck(cards: str) -> Deck:
    """A full pack whose top cards are ``cards`` (the rest in a fixed order)."""
    top = [hoyle.Card(c) for c in cards.split()]
    return Deck(top + [c for c in Deck.standard() if c not in top])


def game(cards: str | list[str], players: int = 2, **options: object) -> hoyle.Game:
    decks = [deck(c) for c in ([cards] if isinstance(cards, str) else cards)]
    return hoyle.new_game("in-between", players=players, options=options, deck=decks, seed=1)


def test_everyone_antes_and_high_card_deals_first() -> None:
    g = game("5c Kd  3h Jh")  # seat 1 cuts the king and deals: seat 0 (on the left) plays first
    assert g.state.public["dealer"] == 1
    assert g.state.stacks == [19, 19] and g.state.pot == 2
    assert g.to_act == 0
    assert [str(c) for c in g.state.zone("table").cards] == ["3h", "Jh"]


def test_tied_cut_cards_cut_again() -> None:
    g = game("Kc Kd 4s 9h 3h  2c 9d", players=3)
    # seat 0: Kc, seat 1: Kd, seat 2: 4s; seats 0 and 1 tie and cut again: 9h, 3h -> seat 0 deals
    assert g.state.public["dealer"] == 0
    assert g.to_act == 1


def test_third_card_between_wins_the_bet_from_the_pot() -> None:
    g = game("5c Kd  3h Jh 7s  4c 9c")
    g.act("bet 2")
    # seat 0 staked 2 of 19 and took back 4: 21; the pot (2 + 2 - 4) emptied and everyone re-anted
    assert g.state.stacks == [20, 18] and g.state.pot == 2
    assert [e.type for e in g.events].count("ante") == 2


def test_third_card_outside_or_on_a_post_loses() -> None:
    g = game("5c Kd  3h Jh Qs  4c 9c 9d")
    g.act("bet 1")  # Q is outside 3..J
    assert g.state.stacks == [18, 19] and g.state.pot == 3
    assert g.to_act == 1  # the dealer takes the last turn
    g.act("bet 3")  # 9 equals a post: a loss
    assert g.state.stacks == [18, 16] and g.state.pot == 6


def test_bets_run_from_one_chip_to_the_pot() -> None:
    g = game("5c Kd  3h Jh")
    with pytest.raises(IllegalActionError, match="from 1 chip up to 2"):
        g.act("bet 3")  # the pot holds 2
    with pytest.raises(IllegalActionError):
        g.act("bet 0")
    assert [str(a) for a in g.legal_actions()] == ["bet to 1", "bet to 2"]


def test_a_bet_is_limited_by_the_chips_held() -> None:
    g2 = hoyle.new_game("in-between", players=4, deck=deck("2c Ad 3h 4s  5h Jh"), stacks=[20, 20, 20, 3], seed=1)
    assert g2.state.public["dealer"] == 1 and g2.to_act == 2
    # seat 2 is to act with 19 chips and a pot of 4: the limit is the pot
    assert str(g2.legal_actions()[-1]) == "bet to 4"
    g3 = hoyle.new_game("in-between", players=4, deck=deck("Ac 2d 3h 4s  5h Jh"), stacks=[20, 3, 20, 20], seed=1)
    assert g3.to_act == 1 and str(g3.legal_actions()[-1]) == "bet to 2"  # holds 2 after the ante
    with pytest.raises(IllegalActionError):
        g3.act("bet 3")


def test_a_pair_wins_two_chips_and_no_third_card_is_turned() -> None:
    g = game("Ac 2d 4c  8c 8d  3h Jh", players=3)  # dealer 0; seat 1 gets the pair
    assert g.state.stacks == [19, 21, 19] and g.state.pot == 1
    assert g.to_act == 2
    assert [str(c) for c in g.state.zone("discards").cards][-2:] == ["8c", "8d"]
    assert [str(c) for c in g.state.zone("table").cards] == ["3h", "Jh"]


def test_the_pair_option_pays_three() -> None:
    g = game("Ac 2d 3c 4d  8c 8d  3h Jh", players=4, pair_pays=3)
    assert g.state.stacks == [19, 22, 19, 19] and g.state.pot == 1
    with pytest.raises(InvalidOptionError):
        game("Ac 2d", pair_pays=4)


def test_a_pair_never_takes_more_than_the_pot() -> None:
    g = game("Ac 2d  8c 8d  3h Jh", players=2, pair_pays=3)  # pot 2: seat 1 takes 2, everyone re-antes
    assert g.state.stacks == [19 - 1, 21 - 1] and g.state.pot == 2 and g.to_act == 0


def test_consecutive_cards_lose_the_minimum_bet_at_once() -> None:
    g = game("Ac 2d 4c  7c 8d  3h Jh", players=3)
    assert g.state.stacks == [19, 18, 19] and g.state.pot == 4 and g.to_act == 2
    g = game("Ac 2d 4c  Kc Ad  3h Jh", players=3)  # aces high: king-ace is consecutive
    assert g.state.stacks == [19, 18, 19]


def test_the_consecutive_option() -> None:
    g = game("Ac 2d 4c  7c 8d  3h Jh", players=3, consecutive_pays=0)
    assert g.state.stacks == [19, 19, 19] and g.state.pot == 3 and g.to_act == 2


def test_aces_are_high_so_ace_deuce_is_the_widest_spread() -> None:
    g = game("5c Kd  Ah 2c Ks  4c 9c")
    assert g.to_act == 0
    g.act("bet 2")
    assert g.state.stacks[0] == 21 - 1  # won 2, then re-anted


def test_the_deal_passes_left_and_rounds_end_the_match() -> None:
    g = game(["5c Kd  3h Jh Qs  4c Tc 8d", "3h Jh 7s  4c 9c 9d"], rounds=2)
    g.act("bet 1")  # seat 0 loses 1
    g.act("bet 1")  # seat 1 (the dealer) wins 1
    assert g.state.deal_number == 1 and g.state.public["dealer"] == 0
    assert g.to_act == 1  # the new dealer's left; the dealer plays last
    g.act("bet 1")  # seat 1 wins 1
    g.act("bet 1")  # seat 0 loses 1: a 9 on a post
    assert g.is_over and g.result is not None and g.result["deals"] == 2
    assert g.state.score_sheet == [[-1, 1], [-1, 1]]
    assert g.result["settlement"] == [-3, 1] and g.result["winners"] == [1]  # the antes are in the pot


def test_a_round_without_a_decision_still_ends_and_the_match_goes_on() -> None:
    g = game(["5c Kd  8c 8d  Kc Kh", "3h Jh"], rounds=2)
    # seat 0 takes the 2 chips of the pot, everyone re-antes, seat 1 takes those 2, everyone re-antes
    types = [e.type for e in g.events]
    assert types.count("pair") == 2 and types.count("ante") == 3
    assert g.state.deal_number == 1 and g.state.score_sheet == [[0, 0]]
    assert g.state.stacks == [19, 19] and g.state.pot == 2
    assert g.to_act == 1


def test_most_chips_wins_and_broke_players_take_no_turn() -> None:
    g = hoyle.new_game(
        "in-between",
        players=3,
        deck=deck("Ac 2d 3c  3h Jh 7s  2h 9c 5s"),
        stacks=[20, 20, 1],
        seed=1,
        options={"rounds": 1},
    )
    assert g.state.stacks == [19, 19, 0]
    g.act("bet 3")  # seat 1 wins 3
    # seat 2 has no chips: no turn; the dealer (seat 0) plays last
    assert g.to_act == 0
    g.act("bet 1")  # and wins 1
    assert g.is_over and g.result is not None
    assert g.state.stacks == [19, 21, 0] and g.state.pot == 1
    assert g.result["settlement"] == [-1, 1, -1] and g.result["winners"] == [1]


@pytest.mark.parametrize("players", [2, 5])
def test_conformance(players: int) -> None:
    check_variant("in-between", games=4, players=players, options={"rounds": 3})
