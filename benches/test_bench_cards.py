"""Card parsing and CardSet operations from Python.

Run: pytest benches/test_bench_cards.py --benchmark-enable
"""

import random
from itertools import pairwise

import pytest
from hoyle import Card, CardSet, Deck

pytest.importorskip("pytest_benchmark")

TEXT = " ".join(str(c) for c in Deck.standard().shuffled(1)[:7])


def test_parse_card(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark(Card, "Qh")


def test_parse_seven_card_set(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark(CardSet, TEXT)


_rng = random.Random(2026)
SEVENS = [" ".join(str(Card.from_index(i)) for i in _rng.sample(range(52), 7)) for _ in range(1000)]


def test_parse_seven_card_sets_per_second(benchmark) -> None:  # type: ignore[no-untyped-def]
    """1,000 different seven-card texts per round: the parse rate is 1,000 / mean."""
    benchmark(lambda: [CardSet(t) for t in SEVENS])


def test_parse_seven_card_lists_eval7(benchmark) -> None:  # type: ignore[no-untyped-def]
    """The peer: eval7 parses one card per call."""
    eval7 = pytest.importorskip("eval7")
    texts = [t.split() for t in SEVENS]
    make = eval7.Card
    benchmark(lambda: [[make(c) for c in t] for t in texts])


def _random_sets(make):  # type: ignore[no-untyped-def]
    rng = random.Random(1)
    return [make(rng.getrandbits(52)) for _ in range(1000)]


@pytest.mark.parametrize(
    "make",
    [CardSet.from_mask, lambda mask: frozenset(i for i in range(52) if mask >> i & 1)],
    ids=["CardSet", "frozenset"],
)
def test_union_and_len(benchmark, make) -> None:  # type: ignore[no-untyped-def]
    """CardSet against Python's frozenset of card indices: the same work."""
    sets = _random_sets(make)

    def run() -> int:
        return sum(len(a | b) for a, b in pairwise(sets))

    benchmark(run)


def test_shuffle_deck(benchmark) -> None:  # type: ignore[no-untyped-def]
    d = Deck.standard()
    benchmark(d.shuffled, 12345)
