"""Python-side poker benches: hoyle beside its Python-callable peers, in one run.

Run (peers are the ``bench`` extra; a missing peer is skipped)::

    pip install -e '.[bench]'
    pytest benches/test_bench_poker.py --benchmark-enable

Each single-call bench evaluates the same 1,000 random seven-card hands, every peer in
its own fastest input form, prepared beforehand; the table printed at the end gives
hands per second and hoyle's ratio to each peer. hoyle is run in every form it takes:
text (as holdem-hand-evaluator's text call), a list of ``Card``s (as eval7's), a list of
card ints (as phevaluator's and treys'), and a ``CardSet``; compare each row with the
peer taking the same form (the ratio column is against hoyle's fastest form).
"""

from __future__ import annotations

import random
import sys
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
from hoyle import Card, CardSet, poker

RANKS = "23456789TJQKA"
SUITS = "cdhs"
N_SINGLE = 1_000
N_BATCH = 1_000_000

_rng = random.Random(2026)
HANDS = [_rng.sample(range(52), 7) for _ in range(N_SINGLE)]
TEXT = [[RANKS[i % 13] + SUITS[i // 13] for i in h] for h in HANDS]
RESULTS: dict[tuple[str, str], tuple[float, int]] = {}


def _run(benchmark: Any, group: str, name: str, per_call: int, fn: Callable[[], object]) -> None:
    benchmark.group = group
    benchmark.name = name
    benchmark(fn)
    if benchmark.stats is not None:
        RESULTS[(group, name)] = (benchmark.stats.stats.min, per_call)


@pytest.fixture(scope="module", autouse=True)
def _report() -> Iterator[None]:
    yield
    if not RESULTS:
        return
    out = sys.__stdout__
    assert out is not None
    out.write("\n\nhoyle vs peers (best round; rate = items / second)\n")
    for group in dict.fromkeys(g for g, _ in RESULTS):
        rows = {n: per / t for (g, n), (t, per) in RESULTS.items() if g == group}
        ours = max((r for n, r in rows.items() if n.startswith("hoyle")), default=None)
        out.write(f"\n{group}\n")
        for name, rate in sorted(rows.items(), key=lambda kv: -kv[1]):
            ratio = f"{ours / rate:8.1f}x" if ours and not name.startswith("hoyle") else ""
            per_call = RESULTS[(group, name)][1] == 1
            shown = f"{1e3 / rate:10.2f} ms " if per_call else f"{rate / 1e6:10.3f} M/s"
            out.write(f"  {name:<44} {shown} {ratio}\n")
    out.flush()


# --- single calls, seven cards --------------------------------------------------------


# hoyle in every input form it takes, each prepared beforehand: (row name, the 1,000 inputs).
HOYLE_FORMS: list[tuple[str, Callable[[], list[Any]]]] = [
    ("hoyle evaluate(CardSet)", lambda: [CardSet(" ".join(t)) for t in TEXT]),
    ("hoyle evaluate(str)", lambda: [" ".join(t) for t in TEXT]),
    ("hoyle evaluate(str, no spaces)", lambda: ["".join(t) for t in TEXT]),
    ("hoyle evaluate(list of Card)", lambda: [[Card.from_index(i) for i in h] for h in HANDS]),
    ("hoyle evaluate(list of int)", lambda: HANDS),
]


@pytest.mark.parametrize(("name", "prepare"), HOYLE_FORMS, ids=[n for n, _ in HOYLE_FORMS])
def test_single_hoyle(benchmark: Any, name: str, prepare: Callable[[], list[Any]]) -> None:
    hands = prepare()
    evaluate = poker.evaluate
    _run(benchmark, "single call, 7 cards", name, N_SINGLE, lambda: [evaluate(h) for h in hands])


def test_single_hoyle_cards_read(benchmark: Any) -> None:
    """The value and then its five cards: the lazy cards are built here."""
    texts = [" ".join(t) for t in TEXT]
    evaluate = poker.evaluate
    _run(
        benchmark,
        "single call, 7 cards",
        "hoyle evaluate(str).cards",
        N_SINGLE,
        lambda: [evaluate(s).cards for s in texts],
    )


def test_single_holdem_hand_evaluator(benchmark: Any) -> None:
    hhe = pytest.importorskip("holdem_hand_evaluator")
    texts = ["".join(t) for t in TEXT]
    f = hhe.evaluate_hand
    _run(benchmark, "single call, 7 cards", "holdem-hand-evaluator", N_SINGLE, lambda: [f(s) for s in texts])


def test_single_phevaluator(benchmark: Any) -> None:
    pytest.importorskip("phevaluator")
    from phevaluator.evaluator import evaluate_cards

    ints = [[(i % 13) * 4 + i // 13 for i in h] for h in HANDS]
    _run(benchmark, "single call, 7 cards", "phevaluator", N_SINGLE, lambda: [evaluate_cards(*h) for h in ints])


def test_single_treys(benchmark: Any) -> None:
    treys = pytest.importorskip("treys")
    ev = treys.Evaluator()
    cards = [[treys.Card.new(c) for c in t] for t in TEXT]
    _run(benchmark, "single call, 7 cards", "treys", N_SINGLE, lambda: [ev.evaluate(c[:2], c[2:]) for c in cards])


def test_single_eval7(benchmark: Any) -> None:
    eval7 = pytest.importorskip("eval7")
    cards = [[eval7.Card(c) for c in t] for t in TEXT]
    f = eval7.evaluate
    _run(benchmark, "single call, 7 cards", "eval7", N_SINGLE, lambda: [f(c) for c in cards])


def test_single_pokerkit(benchmark: Any) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    pairs = [("".join(t[:2]), "".join(t[2:])) for t in TEXT[:100]]
    f = pokerkit.StandardHighHand.from_game
    _run(benchmark, "single call, 7 cards", "pokerkit", 100, lambda: [f(h, b) for h, b in pairs])


# --- batch ----------------------------------------------------------------------------

_nprng = np.random.default_rng(7)
BATCH = np.argsort(_nprng.random((N_BATCH, 52)), axis=1)[:, :7].astype(np.uint8)


MASKS = (np.uint64(1) << BATCH.astype(np.uint64)).sum(axis=1, dtype=np.uint64)

# One thread, each input form, into a new array and (``out=``) into one buffer reused call
# after call, which saves allocating (and first touching) a new 4 MB array per call.
ONE_THREAD = [
    ("hoyle evaluate_batch, 1 thread", BATCH, False),
    ("hoyle evaluate_batch(out=), 1 thread", BATCH, True),
    ("hoyle evaluate_batch(uint64 masks), 1 thread", MASKS, False),
    ("hoyle evaluate_batch(uint64 masks, out=), 1 thread", MASKS, True),
]


@pytest.mark.parametrize(("name", "hands", "reuse"), ONE_THREAD, ids=[n for n, _, _ in ONE_THREAD])
def test_batch_hoyle_one_thread(benchmark: Any, name: str, hands: np.ndarray, reuse: bool) -> None:
    out = np.empty(len(hands), dtype=np.uint32) if reuse else None
    _run(benchmark, "batch, 7 cards", name, N_BATCH, lambda: poker.evaluate_batch(hands, threads=1, out=out))


def test_batch_hoyle_all_threads(benchmark: Any) -> None:
    _run(
        benchmark,
        "batch, 7 cards",
        "hoyle evaluate_batch, all threads",
        N_BATCH,
        lambda: poker.evaluate_batch(BATCH, threads=None),
    )


def test_batch_poker_equity(benchmark: Any) -> None:
    pe = pytest.importorskip("poker_equity")
    texts = ["".join(RANKS[i % 13] + SUITS[i // 13] for i in row) for row in BATCH[:100_000]]
    _run(benchmark, "batch, 7 cards", "poker-equity score_batch", 100_000, lambda: pe.score_batch("high", texts))


# --- equity ---------------------------------------------------------------------------


def test_equity_exact_hoyle(benchmark: Any) -> None:
    _run(
        benchmark,
        "equity AhKh vs QsQd exact (per call)",
        "hoyle, 1 thread",
        1,
        lambda: poker.equity(["Ah Kh", "Qs Qd"], threads=1),
    )


def test_equity_exact_hoyle_threads(benchmark: Any) -> None:
    _run(
        benchmark,
        "equity AhKh vs QsQd exact (per call)",
        "hoyle, 2 threads",
        1,
        lambda: poker.equity(["Ah Kh", "Qs Qd"], threads=2),
    )


def test_equity_exact_poker_equity(benchmark: Any) -> None:
    pe = pytest.importorskip("poker_equity")
    _run(
        benchmark,
        "equity AhKh vs QsQd exact (per call)",
        "poker-equity",
        1,
        lambda: pe.exact_from_text("holdem", ["AhKh", "QsQd"]),
    )


def test_equity_mc_hoyle(benchmark: Any) -> None:
    _run(
        benchmark,
        "equity Monte Carlo 100k (per call)",
        "hoyle, 1 thread",
        1,
        lambda: poker.equity(["Ah Kh", "Qs Qd"], exact=False, samples=100_000, seed=1, threads=1),
    )


def test_equity_mc_hoyle_threads(benchmark: Any) -> None:
    _run(
        benchmark,
        "equity Monte Carlo 100k (per call)",
        "hoyle, 2 threads",
        1,
        lambda: poker.equity(["Ah Kh", "Qs Qd"], exact=False, samples=100_000, seed=1, threads=2),
    )


def test_equity_mc_eval7(benchmark: Any) -> None:
    eval7 = pytest.importorskip("eval7")
    hand = [eval7.Card("Ah"), eval7.Card("Kh")]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # eval7's range parser uses deprecated pyparsing names
        villain = eval7.HandRange("QsQd")

    def run() -> object:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return eval7.py_hand_vs_range_monte_carlo(hand, villain, [], 100_000)

    _run(benchmark, "equity Monte Carlo 100k (per call)", "eval7", 1, run)


def test_equity_mc_poker_equity(benchmark: Any) -> None:
    pe = pytest.importorskip("poker_equity")
    _run(
        benchmark,
        "equity Monte Carlo 100k (per call)",
        "poker-equity, 1 thread",
        1,
        lambda: pe.chunk_from_text("holdem", ["AhKh", "QsQd"], samples=100_000, seed=1, threads=1),
    )
