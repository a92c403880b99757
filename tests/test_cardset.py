"""CardSet: a 64-bit bitset that behaves like a frozenset of cards."""

import pickle

import pytest
from hoyle import Card, CardSet
from hoyle.errors import DuplicateCardError, InvalidArgumentError
from hypothesis import given
from hypothesis import strategies as st

ALL = [Card.from_index(i) for i in range(52)] + [Card.joker(c) for c in range(12)]
subsets = st.frozensets(st.sampled_from(ALL))


def bit(card: Card) -> int:
    return 52 + card.copy if card.is_joker else card.index


@given(subsets, subsets)
def test_algebra_agrees_with_frozenset(a: frozenset[Card], b: frozenset[Card]) -> None:
    x, y = CardSet(a), CardSet(b)
    assert set(x | y) == a | b
    assert set(x & y) == a & b
    assert set(x - y) == a - b
    assert set(x ^ y) == a ^ b
    assert len(x) == len(a)
    assert (x <= y) == (a <= b) and (x < y) == (a < b) and (x >= y) == (a >= b)
    assert x.isdisjoint(y) == a.isdisjoint(b)
    assert (x == y) == (a == b)
    assert all(c in x for c in a) and all((c in x) == (c in a) for c in ALL)
    assert x.mask == sum(1 << bit(c) for c in a)
    assert CardSet.from_mask(x.mask) == x and CardSet(str(x)) == x
    assert pickle.loads(pickle.dumps(x)) == x and hash(CardSet(a)) == hash(x)


@given(subsets)
def test_iteration_order_is_by_bit(a: frozenset[Card]) -> None:
    assert [bit(c) for c in CardSet(a)] == sorted(bit(c) for c in a)
    assert CardSet(a).sorted() == sorted(a)


def test_helpers() -> None:
    s = CardSet("As Ah Ac 2s Kd Jk")
    assert s.suit_mask("s") == s.suit_mask(3) == s.suit_mask("♠") == (1 << 12) | 1
    assert s.rank_counts() == [1] + [0] * 10 + [1, 3]
    assert s.rank_mask() == (1 << 12) | (1 << 11) | 1
    assert s.jokers == 1
    assert str(s) == "2s Kd Ac Ah As Jk"
    assert repr(CardSet("Kd As")) == "CardSet('Kd As')"
    assert len(~CardSet("As Jk")) == 51 and len(CardSet.standard()) == 52
    assert CardSet() == CardSet("") and not CardSet()
    assert CardSet("As Kd") | "Qh" == CardSet("As Kd Qh")


def test_operations_with_non_sets() -> None:
    assert CardSet("As") != "unrelated"
    with pytest.raises(TypeError):
        CardSet("As") < 5  # type: ignore[operator]


def test_bad_input() -> None:
    with pytest.raises(DuplicateCardError) as info:
        CardSet("As Kd As")
    assert info.value.card == "As"
    with pytest.raises(InvalidArgumentError, match="one pack"):
        CardSet("As#1")
    with pytest.raises(InvalidArgumentError, match="from_mask"):
        CardSet(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        CardSet.from_mask(-1)
    with pytest.raises(InvalidArgumentError):
        CardSet.from_mask(2**64)
    with pytest.raises(InvalidArgumentError, match="suit"):
        CardSet("As").suit_mask("x")
