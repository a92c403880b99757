"""Gin's knock search: ``hoyle.rummy.best_knock`` (Rust) side by side with the Python
search it replaced (``knock_reference.best_spread``: Python over the Rust lay-off
search, kept in plugins/hoyle-rummy/tests as the model the Rust search is checked
against). Both get the same knocks and give the same spreads.

Run (after ``pip install ".[bench]"``)::

    pytest benches/test_bench_gin_knock.py --benchmark-enable --benchmark-group-by=group \
        --benchmark-columns=mean,ops,rounds
    python benches/test_bench_gin_knock.py     # knocks per second and the ratio, one run

The knocks are ``test_gin_knock.knocks``: ten-card hands within the knock limit, a
third from the 5-6-7s of every suit (three sets or three runs), a third from 4s to 9s,
a third from the whole pack, each against a defender of ten from the rest of the pack
(often holding the knocker's ranks, so there is something to lay off).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hoyle import Card, rummy

sys.path.insert(0, str(Path(__file__).parent.parent / "plugins" / "hoyle-rummy" / "tests"))
from knock_reference import best_spread
from test_gin_knock import knocks

N = 500
GIN = rummy.MeldRules.gin()
KNOCKS = knocks(2026, N)


def rust(deals: list[tuple[list[Card], list[Card]]]) -> int:
    f = rummy.best_knock
    return sum(f(h, d, GIN, limit=10, undercut_bonus=10)[1].deadwood_value for h, d in deals)


def python(deals: list[tuple[list[Card], list[Card]]]) -> int:
    return sum(best_spread(h, d, GIN, 10, 10)[1].deadwood_value for h, d in deals)


def test_rust_best_knock(benchmark) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("pytest_benchmark")
    benchmark.group = f"gin knock search, {N} knocks"
    benchmark(rust, KNOCKS)


def test_python_best_spread(benchmark) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("pytest_benchmark")
    benchmark.group = f"gin knock search, {N} knocks"
    benchmark(python, KNOCKS)


def test_both_give_the_same_answers() -> None:
    assert rust(KNOCKS) == python(KNOCKS)


def best_of(f: Callable[[list[tuple[list[Card], list[Card]]]], int], rounds: int = 5) -> float:
    times = []
    for _ in range(rounds):
        start = time.process_time()  # CPU time: the machine is shared
        f(KNOCKS)
        times.append(time.process_time() - start)
    return min(times)


if __name__ == "__main__":
    r, p = [], []
    for _ in range(3):  # interleaved, so a busy machine slows both alike
        r.append(best_of(rust))
        p.append(best_of(python))
    rt, pt = min(r), min(p)
    print(f"rust   best_knock : {N / rt:10.0f} knocks/s CPU")
    print(f"python best_spread: {N / pt:10.0f} knocks/s CPU")
    print(f"ratio: rust {pt / rt:.1f}x the Python search")
