"""Cards: parsing and formatting per docs/rules/cards.md, order, hashing, pickling, bad input."""

import copy
import pickle

import hoyle
import pytest
from hoyle import Card, Deck
from hoyle.errors import HoyleError, InvalidArgumentError, InvalidCardError
from hypothesis import given
from hypothesis import strategies as st

RANKS = "23456789TJQKA"
SUITS = "cdhs"
cards = st.builds(lambda i, c: Card.from_index(i, c), st.integers(0, 52), st.integers(0, 63))


@given(cards)
def test_format_parse_round_trip(card: Card) -> None:
    assert Card(str(card)) == card
    assert Card(card.symbol() + (f"#{card.copy}" if card.copy else "")) == card


def test_every_standard_card_has_the_documented_index() -> None:
    for s, suit in enumerate(SUITS):
        for r, rank in enumerate(RANKS):
            c = Card(rank + suit)
            assert (c.index, c.rank, c.suit, c.rank_value) == (s * 13 + r, rank, suit, r + 2)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10h", "Th"),
        ("7♠", "7s"),
        ("a♦", "Ad"),
        ("Q♣", "Qc"),
        ("tS", "Ts"),
        ("JK", "Jk"),
        ("Joker", "Jk"),
        ("🃏", "Jk"),
        ("As#1", "As#1"),
    ],
)
def test_accepted_spellings(text: str, expected: str) -> None:
    assert str(Card(text)) == expected


def test_joker_is_a_distinct_card() -> None:
    j = Card("Jk")
    assert j.is_joker and j.rank is None and j.suit is None and j.index == 52
    assert Card("Jk#1") != j and Card("Jk#1").face == j
    assert all(j > Card(r + s) for r in RANKS for s in SUITS)


def test_order_is_rank_then_suit() -> None:
    assert Card("2s") < Card("3c") < Card("3d") < Card("3h") < Card("3s") < Card("Ac")
    assert sorted(Card(t) for t in ["Ah", "Kd", "2c", "Ac"]) == [Card("2c"), Card("Kd"), Card("Ac"), Card("Ah")]


def test_hashable_immutable_picklable() -> None:
    c = Card("Qh")
    assert len({c, Card("Qh"), Card("Qh#1")}) == 2
    # every physical card of a 64-pack deck with jokers hashes apart (the hash is the card's code)
    every = Deck.standard(64, 64).cards
    assert len({hash(x) for x in every}) == len(every) == 64 * 53
    assert pickle.loads(pickle.dumps(c)) == c and copy.deepcopy(c) == c
    with pytest.raises(AttributeError):
        c.rank = "K"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        ("Zz", "Zz", 0),
        ("  Ax", "Ax", 2),
        ("11h", "11h", 0),
        ("As#", "As#", 0),
        ("As#64", "As#64", 0),
        ("💥", "💥", 0),
        ("Jx", "Jx", 0),
    ],
)
def test_bad_cards_name_the_token_and_position(text: str, token: str, position: int) -> None:
    with pytest.raises(InvalidCardError) as info:
        Card(text)
    assert (info.value.token, info.value.position) == (token, position)
    assert isinstance(info.value, ValueError) and isinstance(info.value, HoyleError)
    assert repr(token) in str(info.value) or token in str(info.value)


def test_one_card_expected() -> None:
    with pytest.raises(InvalidCardError, match="2 cards"):
        Card("As Kd")
    with pytest.raises(InvalidCardError, match="empty"):
        Card("")
    with pytest.raises(InvalidArgumentError):
        Card(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="index"):
        Card.from_index(53)
    with pytest.raises(InvalidArgumentError, match="copy"):
        Card.from_index(3, -1)


@given(st.text(max_size=30))
def test_garbage_text_never_crashes(text: str) -> None:
    try:
        parsed = hoyle.CardSet(text) if text.count("#") == 0 else None
    except HoyleError:
        return
    if parsed is not None:
        assert hoyle.CardSet(str(parsed)) == parsed


def test_huge_input_is_an_error_not_a_crash() -> None:
    with pytest.raises(InvalidCardError) as info:
        hoyle.Deck("As " * 100_000 + "x" * 1_000_000)
    assert info.value.position == 300_000
    assert len(info.value.token) <= 40
