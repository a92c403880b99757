"""Card parsing and CardSet operations from Python.

Run: pytest benches/test_bench_cards.py --benchmark-enable
"""

import random

import pytest

from hoyle import Card, CardSet, Deck

pytest.importorskip("pytest_benchmark")

TEXT = " ".join(str(c) for c in Deck.standard().shuffled(1)[:7])


def test_parse_card(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark(Card, "Qh")


def test_parse_seven_card_set(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark(CardSet, TEXT)


def test_cardset_union_and_len(benchmark) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(1)
    sets = [CardSet.from_mask(rng.getrandbits(52)) for _ in range(1000)]

    def run() -> int:
        total = 0
        for a, b in zip(sets, sets[1:]):
            total += len(a | b)
        return total

    benchmark(run)


def test_frozenset_union_and_len_for_comparison(benchmark) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(1)
    sets = [frozenset(i for i in range(52) if rng.random() < 0.5) for _ in range(1000)]

    def run() -> int:
        total = 0
        for a, b in zip(sets, sets[1:]):
            total += len(a | b)
        return total

    benchmark(run)


def test_shuffle_deck(benchmark) -> None:  # type: ignore[no-untyped-def]
    d = Deck.standard()
    benchmark(d.shuffled, 12345)
