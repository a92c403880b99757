"""``hoyle.simulate`` on each backend, side by side: games per second serial, on a
process pool of 2 and on a local Ray cluster of 2 CPUs, and Ray's cost per chunk.

Run (after ``pip install ".[test]"``, which brings Ray)::

    pytest benches/test_bench_simulate.py --benchmark-enable --benchmark-group-by=group \
        --benchmark-columns=mean,ops,rounds
    python benches/test_bench_simulate.py      # games/s per backend and Ray's overhead, one run

The workloads: heads-up Texas hold'em hands (the ``poker`` bot against ``random``, one
hand per game) and one-deal gin rummy hands (the ``gin`` bot against ``random``). The Ray
cluster is started once, before the timings (its start-up is printed apart). Ray's cost
per chunk is the extra wall time of a Ray run over the serial run divided by the workers,
per chunk: ``(T_ray - T_serial / 2) / chunks``, measured with 64-game chunks (the default)
and with one-game chunks, where it is nearly all overhead.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import pytest
from hoyle.simulate import simulate

WORKLOADS: dict[str, dict[str, Any]] = {
    "texas-holdem": {"variant": "texas-holdem", "bots": ["poker", "random"]},
    "gin-rummy": {"variant": "gin-rummy", "bots": ["gin", "random"], "options": {"deals": 1}},
}
GAMES = 512


def run(workload: str, backend: str, games: int = GAMES, chunk_size: int = 64, seed: int = 0) -> int:
    """Play ``games`` games of the workload on ``backend``; returns the actions played."""
    jobs = 2 if backend == "process" else 1
    r = simulate(**WORKLOADS[workload], games=games, seed=seed, backend=backend, jobs=jobs, chunk_size=chunk_size)
    return r.actions


@pytest.fixture(scope="module")
def local_ray() -> Any:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


@pytest.mark.parametrize("workload", list(WORKLOADS))
@pytest.mark.parametrize("backend", ["serial", "process", "ray"])
def test_simulate(benchmark, local_ray, workload: str, backend: str) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = f"simulate {workload}, {GAMES} games"
    assert benchmark.pedantic(run, args=(workload, backend), rounds=3, iterations=1) > 0


def _timed(f: Callable[..., object], *args: Any, **kwargs: Any) -> float:
    t = time.perf_counter()
    f(*args, **kwargs)
    return time.perf_counter() - t


def main(games: int = GAMES, rounds: int = 3) -> None:
    import ray

    print(f"load before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} (1, 5, 15 min)")
    start = _timed(ray.init, num_cpus=2, include_dashboard=False, log_to_driver=False)
    print(f"Ray local cluster start-up: {start:.1f} s (not in the figures below)")
    run("gin-rummy", "ray", games=8)  # warm the workers up (imports, plugin registry)
    for workload in WORKLOADS:
        times: dict[str, list[float]] = {"serial": [], "process": [], "ray": [], "ray, 1-game chunks": []}
        for r in range(rounds):  # interleaved, so the machine's load falls on all alike
            times["serial"].append(_timed(run, workload, "serial", games, seed=r))
            times["process"].append(_timed(run, workload, "process", games, seed=r))
            times["ray"].append(_timed(run, workload, "ray", games, seed=r))
            times["ray, 1-game chunks"].append(_timed(run, workload, "ray", games, chunk_size=1, seed=r))
        med = {k: statistics.median(v) for k, v in times.items()}
        print(f"{workload}: {games} games, medians of {rounds} interleaved rounds")
        for name, t in med.items():
            print(f"  {name:20} {games / t:9.0f} games/s   {t / med['serial']:5.2f}x serial time")
        for name, size in (("ray", 64), ("ray, 1-game chunks", 1)):
            chunks = -(-games // size)
            per_chunk = (med[name] - med["serial"] / 2) / chunks
            print(
                f"  Ray overhead, {size:2}-game chunks: {per_chunk * 1e3:7.2f} ms per chunk, "
                f"{per_chunk / size * 1e6:8.1f} µs per game"
            )
    ray.shutdown()
    print(f"load after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else GAMES, int(sys.argv[2]) if len(sys.argv) > 2 else 3)
