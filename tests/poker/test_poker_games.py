"""Omaha, short-deck, lows, badugi and the Pai Gow two-card hand (docs/rules/poker.md#b1, #b5, #b6)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hoyle import errors, poker
from hoyle.poker import Category
from poker_reference import RANKS, classify5, decode, parse

DECK = [r + s for s in "cdhs" for r in RANKS]


class TestOmaha:
    def test_exactly_two_hole_cards(self) -> None:
        # Four hearts in the hand and one on the board: no flush.
        assert poker.evaluate_omaha("Ah Kh Qh Jh", "Th 2c 3d 8s 4s").category is Category.HIGH_CARD
        # A board straight needs two hole cards to play.
        assert (
            poker.evaluate_omaha("Ac 7d 2s 2h", "Qs Jd Tc 9h 8c").describe() == "Pair of deuces, queen-jack-ten kickers"
        )
        assert poker.evaluate_omaha("Ac Kd 2s 2h", "Qs Jd Tc 9h 8c").describe() == "Straight, ace high"
        # Quads on the board play only as three of them.
        assert (
            poker.evaluate_omaha("Ac Kd 7s 2h", "9s 9d 9c 9h 8c").describe()
            == "Three of a kind, nines, ace-king kickers"
        )

    @pytest.mark.parametrize("holes", [4, 5, 6])
    def test_matches_all_combinations(self, holes: int) -> None:
        rng = random.Random(holes)
        for _ in range(60):
            cards = rng.sample(DECK, holes + 5)
            hole, board = cards[:holes], cards[holes:]
            got = poker.evaluate_omaha(" ".join(hole), " ".join(board))
            want = max(classify5(parse(" ".join(h + b))) for h in combinations(hole, 2) for b in combinations(board, 3))
            assert decode(got.value) == want

    def test_hi_lo_low(self) -> None:
        low = poker.evaluate_omaha_low("As 2d Kc Kh", "3s 4d 8c Qh Jc")
        assert low is not None and low.describe() == "Eight-four low: 8-4-3-2-A"
        assert poker.evaluate_omaha_low("As 2d Kc Kh", "3s 9d Tc Qh Jc") is None
        # Three low board cards but only one low hole card: no low.
        assert poker.evaluate_omaha_low("As Kd Kc Qh", "3s 4d 5c 9h Jc") is None

    def test_bad_counts(self) -> None:
        with pytest.raises(errors.InvalidHandError):
            poker.evaluate_omaha("As 2d Kc Kh 3c 4c 5c", "3s 9d Tc")
        with pytest.raises(errors.InvalidHandError):
            poker.evaluate_omaha("As 2d Kc Kh", "3s 9d")
        with pytest.raises(errors.DuplicateCardError):
            poker.evaluate_omaha("As 2d Kc Kh", "As 9d Tc")


class TestShortDeck:
    def test_rules(self) -> None:
        assert poker.evaluate_short_deck("As 6d 7c 8h 9s").describe() == "Straight, nine high"
        assert poker.evaluate_short_deck("As Ks 7s 8s 9s") > poker.evaluate_short_deck("Ac Ad Ah Kc Kd")
        assert poker.evaluate_short_deck("Ts 9d 8c 7h 6s") > poker.evaluate_short_deck("Ac Ad Ah Kc Qd")
        assert poker.evaluate_short_deck("7s 6d 8c 9h Ts") > poker.evaluate_short_deck("As 6d 7c 8h 9s")
        assert poker.evaluate_short_deck("As 6s 7s 8s 9s").category is Category.STRAIGHT_FLUSH
        assert poker.evaluate_short_deck("As Ks 7s 8s 9s").category is Category.FLUSH
        assert poker.evaluate_short_deck("As Ks 7s 8s 9s").kind == "short-deck"

    def test_small_cards_refused(self) -> None:
        with pytest.raises(errors.InvalidHandError, match="5d"):
            poker.evaluate_short_deck("As 5d 7c 8h 9s")


class TestLows:
    def test_ace_to_five(self) -> None:
        wheel = poker.evaluate_low("As 2d 3c 4h 5s Kd Kc")
        assert wheel is not None and wheel.describe() == "Five-four low: 5-4-3-2-A"
        six = poker.evaluate_low("6s 4d 3c 2h As")
        assert six is not None and wheel > six
        same_suit = poker.evaluate_low("As 2s 3s 4s 5s")
        assert same_suit == wheel
        pair = poker.evaluate_low("As Ad 2c 3h 4s")
        king = poker.evaluate_low("Ks Qd Jc 9h 8s")
        assert pair is not None and king is not None and king > pair
        assert pair.category is Category.PAIR
        # Razz: seven cards, the best five.
        razz = poker.evaluate_low("Kc Kd 7h 5s 4c 2d Ah")
        assert razz is not None and razz.describe() == "Seven-five low: 7-5-4-2-A"

    def test_eight_or_better(self) -> None:
        assert poker.evaluate_low("9s 7d 6c 4h 2s Kd Qc", rule="eight-or-better") is None
        low = poker.evaluate_low("8s 7d 6c 4h 2s Kd Qc", rule="eight-or-better")
        assert low is not None and low.describe() == "Eight-seven low: 8-7-6-4-2"
        assert poker.evaluate_low("As Ad 2c 3h 3s 4d 9c", rule="eight-or-better") is None

    def test_deuce_to_seven(self) -> None:
        best = poker.evaluate_low("7s 5d 4c 3h 2s", rule="deuce-to-seven")
        wheel = poker.evaluate_low("As 2d 3c 4h 5s", rule="deuce-to-seven")
        flush = poker.evaluate_low("7s 5s 4s 3s 2s", rule="deuce-to-seven")
        straight = poker.evaluate_low("7s 6d 5c 4h 3s", rule="deuce-to-seven")
        eight = poker.evaluate_low("8s 6d 4c 3h 2s", rule="deuce-to-seven")
        assert best is not None and wheel is not None and flush is not None
        assert straight is not None and eight is not None
        assert best.describe() == "Seven-five low: 7-5-4-3-2"
        assert best > eight > flush and eight > straight
        assert wheel.category is Category.HIGH_CARD and best > wheel

    def test_bad_rule(self) -> None:
        with pytest.raises(errors.InvalidArgumentError, match="rule"):
            poker.evaluate_low("As 2d 3c 4h 5s", rule="california")


class TestBadugi:
    def test_rules(self) -> None:
        best = poker.evaluate_badugi("4c 3d 2h As")
        assert best.category is Category.FOUR_CARD and best.describe() == "Badugi: 4-3-2-A"
        king = poker.evaluate_badugi("Kc Qd Jh Ts")
        three = poker.evaluate_badugi("Ac 2d 3h 4h")
        assert three.category is Category.THREE_CARD
        assert best > king > three
        assert poker.evaluate_badugi("8c 5d 3h As") > poker.evaluate_badugi("8c 6d 2h As")
        assert poker.evaluate_badugi("Ac Ad 2h 3s").category is Category.THREE_CARD
        assert poker.evaluate_badugi("Ac 2c 3c 4c").describe() == "One-card hand: A"
        # Three-card hands: the lower highest card wins, then the next.
        assert poker.evaluate_badugi("5c 4c 3d 2h") > poker.evaluate_badugi("6c 6d 3d 2h")

    def test_needs_four(self) -> None:
        with pytest.raises(errors.InvalidHandError):
            poker.evaluate_badugi("4c 3d 2h")


class TestPaiGow:
    def test_two_card_hand(self) -> None:
        assert poker.evaluate_pai_gow_low("2c 2d") > poker.evaluate_pai_gow_low("As Kd")
        assert poker.evaluate_pai_gow_low("As Qd") > poker.evaluate_pai_gow_low("Ks Qd")
        assert poker.evaluate_pai_gow_low("As Qd") > poker.evaluate_pai_gow_low("Ac Jd")
        assert poker.evaluate_pai_gow_low("As Qd") == poker.evaluate_pai_gow_low("Ac Qh")
        assert poker.evaluate_pai_gow_low("Jk Ad").describe() == "Pair of aces"
        assert poker.evaluate_pai_gow_low("Jk Kd").describe() == "Ace-king"
