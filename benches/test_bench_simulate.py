"""``hoyle.simulate`` on each backend, side by side: games per second serial, on a
process pool of 2 and on a local Ray cluster of 2 CPUs, and Ray's cost per chunk.

Run (after ``pip install ".[test]"``, which brings Ray)::

    pytest benches/test_bench_simulate.py --benchmark-enable --benchmark-group-by=group \
        --benchmark-columns=mean,ops,rounds
    python benches/test_bench_simulate.py      # games/s per backend and Ray's overhead, one run

The workloads: heads-up Texas hold'em hands (the ``poker`` bot against ``random``, one
hand per game) and one-deal gin rummy hands (the ``gin`` bot against ``random``). The Ray
cluster is started once, before the timings (its start-up is printed apart). Ray's cost
per chunk (one task) is the extra wall time of the same Ray run with one-game chunks
instead of 64-game chunks (the default), divided by the extra tasks: the workers and
the games are the same, so what else loads the machine cancels out. And the CPU the
driver (the process that called ``simulate``) spends per chunk of a Ray run writing
Parquet: one driver collects every chunk, so that bounds one run's games per second.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

import pytest
from hoyle.simulate import simulate

# Ray reads these when it is imported: its servers on the loopback address only (Ray's
# switch for single-machine clusters), no token files in $HOME.
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
os.environ.setdefault("RAY_AUTH_MODE", "disabled")

WORKLOADS: dict[str, dict[str, Any]] = {
    "texas-holdem": {"variant": "texas-holdem", "bots": ["poker", "random"]},
    "gin-rummy": {"variant": "gin-rummy", "bots": ["gin", "random"], "options": {"deals": 1}},
}
GAMES = 2048


def run(
    workload: str, backend: str, games: int = GAMES, chunk_size: int = 64, seed: int = 0, out: str | None = None
) -> int:
    """Play ``games`` games of the workload on ``backend``; returns the actions played."""
    jobs = 2 if backend == "process" else 1
    r = simulate(
        **WORKLOADS[workload], games=games, seed=seed, backend=backend, jobs=jobs, chunk_size=chunk_size, out=out
    )
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


def _driver_cpu(f: Callable[..., object], *args: Any, **kwargs: Any) -> float:
    t = time.process_time()  # this process only: on Ray, the games are played elsewhere
    f(*args, **kwargs)
    return time.process_time() - t


def main(games: int = GAMES, rounds: int = 3) -> None:
    import ray

    print(f"load before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} (1, 5, 15 min)")
    start = _timed(ray.init, num_cpus=2, include_dashboard=False, log_to_driver=False)
    print(f"Ray local cluster start-up: {start:.1f} s (not in the figures below)")
    run("gin-rummy", "ray", games=8)  # warm the workers up (imports, plugin registry)
    for workload in WORKLOADS:
        times: dict[str, list[float]] = {"serial": [], "process": [], "ray": [], "ray, 1-game chunks": []}
        driver: dict[int, list[float]] = {64: [], 1024: []}
        with tempfile.TemporaryDirectory() as tmp:
            for r in range(rounds):  # interleaved, so the machine's load falls on all alike
                times["serial"].append(_timed(run, workload, "serial", games, seed=r))
                times["process"].append(_timed(run, workload, "process", games, seed=r))
                times["ray"].append(_timed(run, workload, "ray", games, seed=r))
                times["ray, 1-game chunks"].append(_timed(run, workload, "ray", games, chunk_size=1, seed=r))
                for size, cpu in driver.items():
                    out = os.path.join(tmp, f"{workload}-{r}-{size}.parquet")
                    cpu.append(_driver_cpu(run, workload, "ray", games, chunk_size=size, seed=r, out=out))
        med = {k: statistics.median(v) for k, v in times.items()}
        print(f"{workload}: {games} games, medians of {rounds} interleaved rounds")
        for name, t in med.items():
            print(f"  {name:20} {games / t:9.0f} games/s   {t / med['serial']:5.2f}x serial time")
        # The same Ray run with 1-game and 64-game chunks: the difference is the cost of
        # the extra tasks (same workers, same games), whatever else loads the machine.
        extra_tasks = games - -(-games // 64)
        per_task = (med["ray, 1-game chunks"] - med["ray"]) / extra_tasks
        print(
            f"  Ray cost per task (chunk): {per_task * 1e3:6.2f} ms; per game with 64-game chunks: {per_task / 64 * 1e6:6.1f} µs"
        )
        # What the one driver spends per chunk (submit, collect, merge the tally, append
        # the Parquet batch): the ceiling on one run's games per second, however big the
        # cluster. It includes Ray's own threads in this process.
        for size, cpu in driver.items():
            per_chunk = statistics.median(cpu) / -(-games // size)
            print(
                f"  driver CPU per {size:4}-game chunk, --out .parquet: {per_chunk * 1e3:6.2f} ms, "
                f"{per_chunk / size * 1e6:5.1f} µs per game ({size / per_chunk:,.0f} games/s ceiling)"
            )
    ray.shutdown()
    print(f"load after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else GAMES, int(sys.argv[2]) if len(sys.argv) > 2 else 3)
