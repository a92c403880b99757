"""Rummy meld search from Python, side by side with OpenSpiel and RLCard in one run.

Run (after ``pip install ".[bench]"``)::

    pytest benches/test_bench_rummy.py --benchmark-enable --benchmark-group-by=group \
        --benchmark-columns=mean,ops,rounds

Every library gets the same hands, each converted beforehand to its own native form
(hoyle: ``CardSet``, and text as users pass it, parsed on every call; OpenSpiel: card
ints; RLCard: ``Card`` objects), and each test runs
one Python loop of calls over ``N`` hands, so ``ops`` x ``N`` is hands per second.
Uniform hands are dealt from a shuffled pack; dense hands come from a 4-rank window of
all four suits, where sets and runs overlap. OpenSpiel's exact best discard is the
minimum of ``min_deadwood`` over the 11 hands of 10 (its own 11-card ``min_deadwood``
is a shortcut, wrong on some hands); RLCard's is the same loop over its melding module.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hoyle import CardSet, rummy

pytest.importorskip("pytest_benchmark")

N = 1000
RANKS = "23456789TJQKA"


def deal(n: int, size: int, dense: bool, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    hands = []
    for _ in range(n):
        if dense:
            start = rng.randrange(10)
            pool = [r + s for r in RANKS[start : start + 4] for s in "cdhs"]
        else:
            pool = [r + s for r in RANKS for s in "cdhs"]
        hands.append(rng.sample(pool, size))
    return hands


HANDS = {
    (size, kind): deal(N, size, kind == "dense", seed=size * 10 + (kind == "dense"))
    for size in (10, 11)
    for kind in ("uniform", "dense")
}
CASES = [("uniform", 10), ("dense", 10)]


# ---- hoyle ---------------------------------------------------------------------------------


# hoyle's input forms: a CardSet prepared beforehand, or the text users pass, parsed on every call.
FORMS = {"CardSet": CardSet, "text": " ".join}


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("kind", ["uniform", "dense"])
def test_hoyle_deadwood10(benchmark, kind: str, form: str) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = f"deadwood of 10 cards, {kind}"
    hands = [FORMS[form](h) for h in HANDS[10, kind]]
    f = rummy.deadwood
    benchmark(lambda: [f(h) for h in hands])


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("kind", ["uniform", "dense"])
def test_hoyle_best_discard11(benchmark, kind: str, form: str) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = f"exact best discard of 11 cards, {kind}"
    hands = [FORMS[form](h) for h in HANDS[11, kind]]
    f = rummy.best_discard
    benchmark(lambda: [f(h).deadwood_value for h in hands])


@pytest.mark.parametrize("kind", ["uniform", "dense"])
def test_hoyle_batch10_one_thread(benchmark, kind: str) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = f"batch deadwood of 10 cards x100, {kind}"
    masks = np.array([CardSet(h).mask for h in HANDS[10, kind]] * 100, dtype=np.uint64)
    benchmark(rummy.deadwood_batch, masks, threads=1)


@pytest.mark.parametrize("kind", ["uniform", "dense"])
def test_hoyle_batch10_all_threads(benchmark, kind: str) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = f"batch deadwood of 10 cards x100, {kind}"
    masks = np.array([CardSet(h).mask for h in HANDS[10, kind]] * 100, dtype=np.uint64)
    benchmark(rummy.deadwood_batch, masks)


# ---- OpenSpiel -----------------------------------------------------------------------------


def _openspiel():  # type: ignore[no-untyped-def]
    pyspiel = pytest.importorskip("pyspiel")
    return pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)


@pytest.mark.parametrize("kind", ["uniform", "dense"])
def test_openspiel_deadwood10(benchmark, kind: str) -> None:  # type: ignore[no-untyped-def]
    u = _openspiel()
    benchmark.group = f"deadwood of 10 cards, {kind}"
    hands = [u.card_strings_to_card_ints(h) for h in HANDS[10, kind]]
    # Same answers as hoyle (a sanity check of the comparison, not a test of hoyle).
    assert [u.min_deadwood(h) for h in hands[:200]] == [rummy.deadwood(h) for h in HANDS[10, kind][:200]]
    f = u.min_deadwood
    benchmark(lambda: [f(h) for h in hands])


@pytest.mark.parametrize("kind", ["uniform", "dense"])
def test_openspiel_best_discard11_exact(benchmark, kind: str) -> None:  # type: ignore[no-untyped-def]
    u = _openspiel()
    benchmark.group = f"exact best discard of 11 cards, {kind}"
    hands = [u.card_strings_to_card_ints(h) for h in HANDS[11, kind]]
    f = u.min_deadwood

    def exact(h: list[int]) -> int:
        return min(f(h[:i] + h[i + 1 :]) for i in range(11))

    assert [exact(h) for h in hands[:100]] == [rummy.best_discard(h).deadwood_value for h in HANDS[11, kind][:100]]
    benchmark(lambda: [exact(h) for h in hands])


@pytest.mark.parametrize("kind", ["uniform", "dense"])
def test_openspiel_min_deadwood11_shortcut(benchmark, kind: str) -> None:  # type: ignore[no-untyped-def]
    u = _openspiel()
    benchmark.group = f"exact best discard of 11 cards, {kind}"
    hands = [u.card_strings_to_card_ints(h) for h in HANDS[11, kind]]
    f = u.min_deadwood
    benchmark(lambda: [f(h) for h in hands])


# ---- RLCard --------------------------------------------------------------------------------


def _rlcard():  # type: ignore[no-untyped-def]
    pytest.importorskip("rlcard")
    from rlcard.games.gin_rummy.utils import melding, utils

    def min_deadwood(hand: list) -> int:  # type: ignore[type-arg]
        clusters = melding.get_best_meld_clusters(hand)
        if not clusters:
            return sum(utils.get_deadwood_value(c) for c in hand)
        return int(utils.get_deadwood_count(hand, clusters[0]))

    def convert(h: list[str]) -> list:  # type: ignore[type-arg]
        return [utils.card_from_text(c[0] + c[1].upper()) for c in h]

    return min_deadwood, convert


@pytest.mark.parametrize("kind", ["uniform", "dense"])
def test_rlcard_deadwood10(benchmark, kind: str) -> None:  # type: ignore[no-untyped-def]
    min_deadwood, convert = _rlcard()
    benchmark.group = f"deadwood of 10 cards, {kind}"
    hands = [convert(h) for h in HANDS[10, kind]]
    assert [min_deadwood(h) for h in hands[:100]] == [rummy.deadwood(h) for h in HANDS[10, kind][:100]]
    benchmark.pedantic(lambda: [min_deadwood(h) for h in hands], rounds=3, iterations=1)


@pytest.mark.parametrize("kind", ["uniform", "dense"])
def test_rlcard_best_discard11_exact(benchmark, kind: str) -> None:  # type: ignore[no-untyped-def]
    min_deadwood, convert = _rlcard()
    benchmark.group = f"exact best discard of 11 cards, {kind}"
    hands = [convert(h) for h in HANDS[11, kind]]

    def exact(h: list) -> int:  # type: ignore[type-arg]
        return min(min_deadwood(h[:i] + h[i + 1 :]) for i in range(11))

    benchmark.pedantic(lambda: [exact(h) for h in hands], rounds=3, iterations=1)
