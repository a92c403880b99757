"""Chunks and backends: a run's games depend only on the root seed and the game's index,
never on the backend, the number of workers or the chunk size."""

from __future__ import annotations

import concurrent.futures as cf

import pytest
from hoyle.errors import InvalidArgumentError
from hoyle.simulate import game_seed, play_one, simulate
from hoyle.simulate.backends import ExecutorBackend, RayBackend, SerialBackend, make_backend, run_chunk
from hoyle.simulate.chunks import Job, play_chunk
from hoyle.simulate.run import in_chunk_order
from simulate_doubles import CountingExecutor

WAR = {"options": {"max_battles": 25}}


def job(games: int, chunk_size: int) -> Job:
    return Job(
        "war", seed=9, games=games, chunk_size=chunk_size, bots=("random", "random"), options={"max_battles": 25}
    )


@pytest.mark.parametrize(("games", "size"), [(1, 1), (10, 3), (12, 4), (12, 64), (65, 64)])
def test_chunks_cover_every_game_once_in_order(games: int, size: int) -> None:
    j = job(games, size)
    played = [g.index for c in range(j.chunks) for g in play_chunk(j, c)]
    assert played == list(range(games))
    assert all(1 <= j.games_in(c) <= size for c in range(j.chunks))


def test_a_chunk_plays_the_games_of_their_own_seeds() -> None:
    j = job(10, 4)
    for g in play_chunk(j, 1):
        expected = play_one("war", game_seed(9, g.index), ["random", "random"], {"max_battles": 25})
        assert g.record == expected


def test_chunk_size_does_not_change_the_games() -> None:
    ones = simulate("war", games=20, seed=2, chunk_size=1, **WAR)
    sevens = simulate("war", games=20, seed=2, chunk_size=7, **WAR)
    assert ones == sevens


def test_serial_process_and_any_executor_agree() -> None:
    serial = simulate("war", games=30, seed=4, chunk_size=4, **WAR)
    pooled = simulate("war", games=30, seed=4, chunk_size=4, backend="process", jobs=2, **WAR)
    three = simulate("war", games=30, seed=4, chunk_size=4, jobs=3, **WAR)
    with CountingExecutor(3) as pool:
        threads = simulate("war", games=30, seed=4, chunk_size=4, executor=pool, **WAR)
    assert serial == pooled == three == threads
    assert sorted(pool.chunks) == list(range(8))  # each chunk once


class SlowFirst(SerialBackend):
    """Finishes the chunks it has started in reverse order: the last started comes first."""

    def wait(self, handles):  # type: ignore[no-untyped-def]
        chunk = handles[-1]
        return [(chunk, run_chunk(self.job, chunk))]


def test_chunks_come_out_in_order_however_they_finish() -> None:
    backend = SlowFirst()
    j = job(30, 3)
    backend.open(j)
    order = [r.chunk for r in in_chunk_order(backend, range(j.chunks), ahead=4)]
    assert order == list(range(10))


def test_backend_choice() -> None:
    assert isinstance(make_backend(), SerialBackend)
    assert isinstance(make_backend(jobs=4), ExecutorBackend) and make_backend(jobs=4).workers == 4
    assert isinstance(make_backend(address="auto"), RayBackend)
    with cf.ThreadPoolExecutor(2) as pool:
        assert make_backend(executor=pool).workers == 2


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"backend": "spark"}, "backend='spark': choose one of serial, process, ray"),
        ({"backend": "serial", "address": "auto"}, "address='auto' is for backend='ray', not 'serial'"),
        ({"jobs": 0}, "jobs=0: at least one job"),
        ({"chunk_size": 0}, "chunk_size=0: a chunk holds at least one game"),
        ({"games": 0}, "games=0: simulate at least one game"),
        ({"bots": []}, "bots=(): one bot per seat, at least one"),
    ],
)
def test_bad_arguments_are_named(kwargs: dict, message: str) -> None:
    args = {"games": 3, "seed": 1, **WAR, **kwargs}
    with pytest.raises(InvalidArgumentError) as err:
        simulate("war", **args)
    assert str(err.value) == message


def test_an_executor_is_the_backend() -> None:
    with cf.ThreadPoolExecutor(1) as pool, pytest.raises(InvalidArgumentError, match="the executor is the backend"):
        simulate("war", games=2, executor=pool, backend="ray", **WAR)


def test_ray_and_pyarrow_are_imported_only_when_used() -> None:
    import subprocess
    import sys

    code = (
        "import sys, hoyle, hoyle.simulate.backends, hoyle.simulate.output, hoyle.cli.simulate\n"
        "hoyle.simulate('war', games=3, jobs=1, options={'max_battles': 5})\n"
        "print(sorted(m for m in ('ray', 'pyarrow') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_ray_missing_is_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(InvalidArgumentError, match=r"backend='ray' needs Ray: pip install 'hoyle\[ray\]'"):
        simulate("war", games=2, backend="ray", **WAR)


def test_no_cluster_at_the_address_is_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    import types

    fake = types.ModuleType("ray")
    fake.is_initialized = lambda: False  # type: ignore[attr-defined]

    def init(address: str | None = None, **_: object) -> None:
        raise ConnectionError("Could not find any running Ray instance.")

    fake.init = init  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ray", fake)
    with pytest.raises(InvalidArgumentError) as err:
        simulate("war", games=2, backend="ray", address="auto", **WAR)
    assert str(err.value) == "address='auto': no Ray cluster to join (Could not find any running Ray instance.)"
