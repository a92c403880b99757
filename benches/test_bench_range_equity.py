"""Range-against-range equity pre-flop, exact: hoyle beside PokerKit in one run (issue 29).

Run (PokerKit is in the test extras; skipped when missing)::

    pytest benches/test_bench_range_equity.py --benchmark-enable -s

The matchup is ``QQ+,AKs`` against ``random`` with no board. hoyle enumerates every deal
and every board (``exact=True``). PokerKit's ``calculate_equities`` only samples, so "the
same precision" is a stated standard error: PokerKit's time per sample, measured here on
``PK_SAMPLES`` samples, times the samples it needs for a standard error of ``TARGET_SE``
on the first player's equity (the per-sample variance taken from hoyle's exact win and
tie shares: a pot share is 1, 1/2 or 0). hoyle's Monte Carlo at the same target is shown
beside it. The table printed at the end gives each engine's time for one answer at that
precision, wall-clock and CPU (the process's CPU seconds: steadier on a loaded machine;
for two threads, both threads' CPU), and the ratio of CPU times to hoyle's exact one
thread.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest
from hoyle import poker

RANGES = ["QQ+,AKs", "random"]
TARGET_SE = 1e-4
PK_SAMPLES = 1_000
HOYLE_MC_SAMPLES = 1_000_000
#: name -> (wall, CPU) seconds for one answer at the target precision
SECONDS: dict[str, tuple[float, float]] = {}


def _exact() -> poker.Equity:
    return poker.equity(RANGES, exact=True, threads=1)


@cache
def _samples_needed() -> float:
    """Samples for a standard error of TARGET_SE on player 0's equity."""
    e = _exact()
    variance = e.win[0] + e.tie[0] / 4 - e.equity[0] ** 2
    return variance / TARGET_SE**2


def _time(benchmark: Any, fn: Callable[[], object], scale: float = 1.0) -> tuple[float, float]:
    """(wall, CPU) seconds of one call, times ``scale``."""
    cpu = [0.0]

    def timed() -> None:
        start = time.process_time()
        fn()
        cpu[0] = time.process_time() - start

    start = time.perf_counter()
    benchmark.pedantic(timed, rounds=1, iterations=1)
    wall = time.perf_counter() - start
    if benchmark.stats is not None:
        wall = float(benchmark.stats.stats.min)
    return wall * scale, cpu[0] * scale


@pytest.fixture(scope="module", autouse=True)
def _report() -> Iterator[None]:
    yield
    if "hoyle exact, 1 thread" not in SECONDS:
        return
    out = sys.__stdout__
    assert out is not None
    ours = SECONDS["hoyle exact, 1 thread"][1]
    out.write(f"\n\n{' vs '.join(RANGES)} pre-flop: seconds for one answer at standard error {TARGET_SE:g}\n")
    out.write(f"  {'':<40} {'wall':>12}   {'CPU':>12}   CPU / hoyle exact (1 thread)\n")
    for name, (wall, cpu) in sorted(SECONDS.items(), key=lambda kv: kv[1][1]):
        out.write(f"  {name:<40} {wall:12.3f}   {cpu:12.3f}   {cpu / ours:10.1f}x\n")


def test_range_exact_hoyle(benchmark: Any) -> None:
    SECONDS["hoyle exact, 1 thread"] = _time(benchmark, _exact)


def test_range_exact_hoyle_threads(benchmark: Any) -> None:
    SECONDS["hoyle exact, 2 threads"] = _time(benchmark, lambda: poker.equity(RANGES, exact=True, threads=2))


def test_range_monte_carlo_hoyle(benchmark: Any) -> None:
    run = lambda: poker.equity(RANGES, exact=False, samples=HOYLE_MC_SAMPLES, seed=1, threads=1)  # noqa: E731
    SECONDS["hoyle Monte Carlo, 1 thread (scaled)"] = _time(benchmark, run, _samples_needed() / HOYLE_MC_SAMPLES)


def test_range_pokerkit(benchmark: Any) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    ranges = [pokerkit.parse_range(r) for r in ("QQ+,AKs", "22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32")]
    assert [len(r) for r in ranges] == [len(poker.Range(r)) for r in RANGES]

    def run() -> object:
        return pokerkit.calculate_equities(
            ranges, (), 2, 5, pokerkit.Deck.STANDARD, (pokerkit.StandardHighHand,), sample_count=PK_SAMPLES
        )

    SECONDS["PokerKit calculate_equities (scaled)"] = _time(benchmark, run, _samples_needed() / PK_SAMPLES)
