"""hoyle.poker.evaluate: docs/rules/poker.md#b1, scripted, and against the slow reference."""

from __future__ import annotations

import pickle
import random

import hoyle
import pytest
from hoyle import errors, poker
from hoyle.poker import Category
from hypothesis import given, settings
from hypothesis import strategies as st
from poker_reference import RANKS, best, decode, parse

DECK = [r + s for s in "cdhs" for r in RANKS]


def ev(text: str) -> poker.HandValue:
    return poker.evaluate(text)


@pytest.mark.parametrize(
    ("cards", "category", "words"),
    [
        ("As Ks Qs Js Ts 2c 3d", Category.STRAIGHT_FLUSH, "Royal flush"),
        ("9h 8h 7h 6h 5h", Category.STRAIGHT_FLUSH, "Straight flush, nine high"),
        ("Qs Qd Qc Qh Ad 2c", Category.FOUR_OF_A_KIND, "Four of a kind, queens, ace kicker"),
        ("Kh Kd Ks 4c 4s 2d 9h", Category.FULL_HOUSE, "Full house, kings over fours"),
        ("Ah Qh 9h 7h 3h", Category.FLUSH, "Flush, ace-queen-nine-seven-three"),
        ("As 2d 3c 4h 5s", Category.STRAIGHT, "Straight, five high"),
        ("7s 7d 7c Kh 2s", Category.THREE_OF_A_KIND, "Three of a kind, sevens, king-deuce kickers"),
        ("Ah Ad 9c 9s Qh 3d 2c", Category.TWO_PAIR, "Two pair, aces and nines, queen kicker"),
        ("Jh Jd 9c 5s 3h", Category.PAIR, "Pair of jacks, nine-five-three kickers"),
        ("As Kd 9c 7h 4s", Category.HIGH_CARD, "Ace high, king-nine-seven-four"),
    ],
)
def test_every_category_in_words(cards: str, category: Category, words: str) -> None:
    v = ev(cards)
    assert v.category is category
    assert v.describe() == words
    assert str(v) == words
    assert len(v.cards) == 5


def test_category_order() -> None:
    ladder = [
        "As Kd 9c 7h 4s",
        "2s 2d 3c 4h 5s",
        "2s 2d 3c 3h 4s",
        "2s 2d 2c 3h 4s",
        "As 2d 3c 4h 5s",
        "2s 3s 4s 5s 7s",
        "2s 2d 2c 3h 3s",
        "2s 2d 2c 2h 3s",
        "As 2s 3s 4s 5s",
        "Jk As Ad Ac Ah",
    ]
    values = [ev(h) for h in ladder]
    assert values == sorted(values)
    assert len(set(values)) == len(values)


def test_kickers_decide_pairs_and_high_cards() -> None:
    assert ev("As Ad Kc 7h 3s") > ev("Ah Ac Qc Jh 9s")
    assert ev("As Ad Kc 7h 3s") > ev("Ah Ac Kd 7c 2s")
    assert ev("Ah Qh 9c 7h 3s") > ev("As Qd 9d 7d 2s")
    # Quads: the four first, then the kicker.
    assert ev("5s 5d 5c 5h Ad") > ev("5s 5d 5c 5h Kd")
    assert ev("6s 6d 6c 6h 2d") > ev("5s 5d 5c 5h Ad")
    # Full house: the three first, then the pair.
    assert ev("3s 3d 3c 2h 2d") > ev("2s 2d 2c Ah Ad")
    assert ev("3s 3d 3c Ah Ad") > ev("3s 3d 3c Kh Kd")
    # Two pair: higher pair, lower pair, kicker.
    assert ev("Ks Kd 3c 3h 2d") > ev("Qs Qd Jc Jh Ad")
    assert ev("Ks Kd 4c 4h 2d") > ev("Ks Kd 3c 3h Ad")


def test_wheel_and_no_wrap_around() -> None:
    assert ev("As 2d 3c 4h 5s").describe() == "Straight, five high"
    assert ev("2s 3d 4c 5h 6s") > ev("As 2d 3c 4h 5s")
    assert ev("Qs Kd Ac 2h 3s").category is Category.HIGH_CARD
    assert ev("Ts Jd Qc Kh As").describe() == "Straight, ace high"


def test_straights_by_top_card_and_suits_never_break_ties() -> None:
    assert ev("9s 8d 7c 6h 5s") == ev("9h 8h 7c 6c 5d")
    assert ev("Ah Kh Qh Jh 9h") == ev("As Ks Qs Js 9s")
    assert hash(ev("Ah Kh Qh Jh 9h")) == hash(ev("As Ks Qs Js 9s"))


def test_best_five_of_seven_play_the_board_and_no_three_pair() -> None:
    board = "As Ks Qs Js Ts"
    assert ev(board + " 2c 3d") == ev(board + " 4h 5h")
    assert ev("Ks Kd 9c 9h 4s 4d 2c").describe() == "Two pair, kings and nines, four kicker"
    assert ev("Ks Kd 9c 9h 4s 4d Qc").describe() == "Two pair, kings and nines, queen kicker"
    assert ev("Ks Kd Kc 4h 4d 4c 2s").describe() == "Full house, kings over fours"
    assert ev("2c 3c 4c 5c 6c 7c 8c").describe() == "Straight flush, eight high"
    assert [str(c) for c in ev("Ks Kd Kc 4h 4d 9c 2s").cards] == ["Ks", "Kd", "Kc", "4h", "4d"]


def test_six_card_hands_and_input_forms() -> None:
    v = ev("As Ad Kc Kh 2s 2d")
    assert v.describe() == "Two pair, aces and kings, deuce kicker"
    cards = ["As", "Ad", "Kc", "Kh", "2s", "2d"]
    assert poker.evaluate(cards) == v
    assert poker.evaluate([hoyle.Card(c) for c in cards]) == v
    assert poker.evaluate(hoyle.CardSet(" ".join(cards))) == v
    assert poker.evaluate("AsAdKcKh2s2d") == v


def _ref_key(text: str) -> tuple[int, list[int]]:
    return best(parse(text))


@settings(max_examples=300, deadline=None)
@given(st.permutations(DECK), st.integers(5, 7))
def test_random_hands_match_reference(deck: list[str], n: int) -> None:
    a, b = " ".join(deck[:n]), " ".join(deck[n : 2 * n])
    va, vb = ev(a), ev(b)
    ra, rb = _ref_key(a), _ref_key(b)
    assert va.category == ra[0]
    assert decode(va.value) == ra
    assert (va > vb) == (ra > rb)
    assert (va == vb) == (ra == rb)


def test_value_is_stable_and_hashable() -> None:
    v = ev("Kh Kd Ks 4c 4s 2d 9h")
    assert v.kind == "high"
    assert pickle.loads(pickle.dumps(v)) == v
    assert pickle.loads(pickle.dumps(v)).describe() == v.describe()
    assert len({v, ev("Kc Kd Ks 4c 4h 2d 9h")}) == 1
    assert "kings over fours" in repr(v)


class TestWildCards:
    def test_five_of_a_kind_needs_a_wild_duplicating_a_card(self) -> None:
        v = ev("As Ad Ah Ac Jk")
        assert v.category is Category.FIVE_OF_A_KIND
        assert v.describe() == "Five of a kind, aces"
        assert v > ev("As Ks Qs Js Ts")

    def test_wild_rank_and_wild_cards(self) -> None:
        assert poker.evaluate("2c 2d 2h 7s 8s", wild="2").describe() == "Straight flush, jack high"
        assert poker.evaluate("2c 2d 2h 7s 8s", wild="2c 2d 2h 2s") == poker.evaluate("2c 2d 2h 7s 8s", wild="2")
        assert (
            poker.evaluate("2c 2d 2h 7s 8s", wild=["2c"]).describe() == "Three of a kind, deuces, eight-seven kickers"
        )
        assert poker.evaluate("Tc Td 9h 9s 3c", wild="T").describe() == "Four of a kind, nines, three kicker"
        assert poker.evaluate("Tc Td 9h 9s 3c", wild="10") == poker.evaluate("Tc Td 9h 9s 3c", wild="T")

    def test_wild_in_a_flush_is_the_highest_missing_rank(self) -> None:
        assert ev("As Ks Qs 9s Jk 2d 3c").describe() == "Flush, ace-king-queen-jack-nine"

    def test_wild_card_brute_force(self) -> None:
        # Every substitution of the joker by any of the 52 cards, held ones included.
        rng = random.Random(7)
        for _ in range(120):
            naturals = rng.sample(DECK, rng.randint(4, 6))
            got = poker.evaluate(" ".join([*naturals, "Jk"]))
            want = max(_ref_key(" ".join([*naturals, sub])) for sub in DECK)
            assert decode(got.value) == want, naturals

    def test_pai_gow_bug(self) -> None:
        assert poker.evaluate("Kc Kd 7h 4s 2c Jk 9d", joker="bug").describe() == "Pair of kings, ace-nine-seven kickers"
        assert poker.evaluate("9h 8h 7c 6d 2c Jk Kd", joker="bug").describe() == "Straight, ten high"
        assert poker.evaluate("Ah Kh 7h 4h 2c Jk 9d", joker="bug").describe() == "Flush, ace-king-queen-seven-four"
        assert poker.evaluate("9h 8h 7c 6d 2c Jk Kd", joker="ace").describe() == "Ace high, king-nine-eight-seven"
        assert poker.evaluate("Ah Ad Ac As Jk", joker="bug").category is Category.FIVE_OF_A_KIND
        # Fully wild the joker would make quads; the bug makes an ace kicker.
        assert (
            poker.evaluate("Kc Kd Kh 4s 2c Jk 9d", joker="bug").describe() == "Three of a kind, kings, ace-nine kickers"
        )


class TestBadInput:
    def test_too_few_cards(self) -> None:
        with pytest.raises(errors.InvalidHandError, match="got 4"):
            ev("As Kd Qh Jc")

    def test_duplicate_cards(self) -> None:
        with pytest.raises(errors.DuplicateCardError) as e:
            ev("As As Qh Jc 2c")
        assert e.value.card == "As"

    def test_bad_card_text(self) -> None:
        with pytest.raises(errors.InvalidCardError) as e:
            ev("As Kd Qx Jc 2c")
        assert e.value.token == "Qx"

    def test_bad_wild_and_joker(self) -> None:
        with pytest.raises(errors.InvalidArgumentError) as e:
            poker.evaluate("As Kd Qh Jc 2c", wild="deuces")
        assert e.value.name == "wild"
        with pytest.raises(errors.InvalidArgumentError, match="joker"):
            poker.evaluate("As Kd Qh Jc 2c", joker="crazy")
        with pytest.raises(errors.InvalidArgumentError):
            poker.evaluate("As Kd Qh Jc 2c", wild=7)  # type: ignore[arg-type]

    def test_not_cards(self) -> None:
        with pytest.raises(errors.InvalidArgumentError):
            poker.evaluate(12345)  # type: ignore[arg-type]

    def test_different_kinds_do_not_order(self) -> None:
        high = ev("As Kd 9c 7h 4s")
        low = poker.evaluate_low("As Kd 9c 7h 4s")
        assert low is not None
        assert high != low
        with pytest.raises(TypeError):
            _ = high < low


# --- input forms: the fast paths (plain text, Cards, indices, CardSet) against the general path


def _general(cards: object) -> poker.HandValue:
    """The same hand through the general path: an empty wild-card list turns the fast
    paths off without changing the hand."""
    return poker.evaluate(cards, wild=[])  # type: ignore[arg-type]


def _spellings(cards: list[str], rng: random.Random) -> list[object]:
    seps = [" ", ",", ", ", "\t", "\n", "\r\n", "  "]
    text = rng.choice(seps).join(c.swapcase() if rng.random() < 0.3 else c for c in cards)
    return [
        text,
        "".join(cards),
        cards,
        tuple(cards),
        [hoyle.Card(c) for c in cards],
        tuple(hoyle.Card(c) for c in cards),
        [hoyle.Card(c).index for c in cards],
        hoyle.CardSet(cards),
        [hoyle.Card(cards[0]), *cards[1:]],  # mixed Card and text: general path
    ]


@settings(max_examples=200, deadline=None)
@given(st.permutations(DECK), st.integers(5, 7), st.randoms(use_true_random=False))
def test_every_input_form_gives_the_general_paths_value_and_cards(deck: list[str], n: int, rng: random.Random) -> None:
    cards = deck[:n]
    ref = _ref_key(" ".join(cards))
    general = _general(" ".join(cards))
    assert decode(general.value) == ref
    for form in _spellings(cards, rng):
        v = poker.evaluate(form)  # type: ignore[arg-type]
        assert (v.value, v.kind, v.category) == (general.value, "high", general.category), form
        assert v == general and hash(v) == hash(general)
        assert v.describe() == general.describe()
        played = [str(c) for c in v.cards]
        assert len(played) == 5 and set(played) <= set(cards)
        # the five cards that play make the same hand on their own
        assert poker.evaluate(played).value == v.value
        if not isinstance(form, hoyle.CardSet):
            # among equal ranks the cards that play are picked in the order given
            assert played == [str(c) for c in _general(form).cards], form
        assert pickle.loads(pickle.dumps(v)) == v


def test_card_indices_are_cards() -> None:
    assert poker.evaluate([51, 50, 49, 48, 47]).describe() == "Royal flush"
    assert [c.index for c in poker.evaluate([0, 13, 26, 39, 12]).cards] == [0, 13, 26, 39, 12]
    assert poker.evaluate([51, 38, 25, 12, 52]).describe() == "Five of a kind, aces"  # 52 is the joker
    assert hoyle.CardSet([0, 1, 51]) == hoyle.CardSet("2c 3c As")
    assert hoyle.Deck([51, 0]).cards == [hoyle.Card("As"), hoyle.Card("2c")]
    for bad, what in [(53, "53"), (-1, "-1"), (True, "True"), (2.0, "2.0")]:
        with pytest.raises(errors.InvalidArgumentError, match=what):
            poker.evaluate([0, 1, 2, 3, bad])


@pytest.mark.parametrize(
    ("cards", "error", "match"),
    [
        ("As Ks Qs Js As", errors.DuplicateCardError, "As"),
        (["As", "Ks", "Qs", "Js", "As"], errors.DuplicateCardError, "As"),
        ([51, 50, 49, 48, 51], errors.DuplicateCardError, "As"),
        ("As Ks Qs Js", errors.InvalidHandError, "4"),
        ("As Ks Qs Js T", errors.InvalidCardError, "suit"),
        ("As Ks Qs Js Xs", errors.InvalidCardError, "rank"),
    ],
)
def test_bad_hands_take_the_general_path_and_its_errors(cards: object, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        poker.evaluate(cards)  # type: ignore[arg-type]


def test_plain_text_errors_name_the_token_and_position() -> None:
    with pytest.raises(errors.InvalidCardError) as info:
        poker.evaluate("As Ks Qs Jx Ts")
    assert (info.value.token, info.value.position) == ("Jx", 9)
    with pytest.raises(errors.InvalidCardError) as info:
        hoyle.CardSet("AsKsQs1h")
    assert (info.value.token, info.value.position) == ("1h", 6)


def test_bad_joker_rule_is_refused_on_every_path() -> None:
    for cards in ["As Ks Qs Js Ts", hoyle.CardSet("As Ks Qs Js Ts"), "As Ks Qs Js 10s"]:
        with pytest.raises(errors.InvalidArgumentError, match="joker"):
            poker.evaluate(cards, joker="sometimes")
