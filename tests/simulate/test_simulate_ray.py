"""The Ray backend on a real local cluster: the same games as serial and process runs,
a killed worker costs only its chunk, and a resumed run writes the same file."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
import simulate_doubles as killer
from hoyle.simulate import simulate

pytestmark = pytest.mark.xdist_group("ray")

GIN = {"variant": "gin-rummy", "bots": ["gin", "random"], "options": {"target": 25}}
HOLDEM = {"variant": "texas-holdem", "bots": ["poker", "random", "random"], "options": {"stack": 200}}


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a killed one not yet reaped by its parent is a zombie)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


def rows(path: Path) -> list[dict[str, Any]]:
    return pq.read_table(path).to_pylist()


@pytest.mark.parametrize("game", [GIN, HOLDEM], ids=["gin-rummy", "texas-holdem"])
def test_serial_process_and_ray_play_the_same_games(ray_cluster: Any, tmp_path: Path, game: dict[str, Any]) -> None:
    common = {**game, "games": 90, "seed": 11, "chunk_size": 8, "keep_games": True}
    serial = simulate(**common, out=tmp_path / "serial.parquet")
    process = simulate(**common, backend="process", jobs=2, out=tmp_path / "process.parquet")
    on_ray = simulate(**common, backend="ray", out=tmp_path / "ray.parquet")
    assert serial == process == on_ray
    expected = rows(tmp_path / "serial.parquet")
    assert [r["index"] for r in expected] == list(range(90))  # chunk order, game by game
    assert rows(tmp_path / "process.parquet") == expected
    assert rows(tmp_path / "ray.parquet") == expected
    assert pq.ParquetFile(tmp_path / "ray.parquet").num_row_groups == 12  # one per chunk: 11 of 8, one of 2
    # The stream's summary is that of the games in memory.
    in_memory = simulate(**{**common, "keep_games": False}, backend="ray")
    assert in_memory.settlement == on_ray.settlement and in_memory.wins == on_ray.wins
    assert [r["settlement"] for r in expected] == [r.settlement for r in in_memory.records]


def test_a_killed_worker_costs_only_its_chunk(ray_cluster: Any, tmp_path: Path) -> None:
    ray_cluster.cloudpickle.register_pickle_by_value(killer)  # the workers cannot import the tests
    marker = tmp_path / "victim.pid"
    bots = [killer.KillMe(str(marker)), killer.KillMe(str(marker))]
    killed: list[int] = []

    def kill_when_seen() -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (marker.exists() and marker.read_text()):
            time.sleep(0.02)
        pid = int(marker.read_text())
        os.kill(pid, signal.SIGKILL)
        killed.append(pid)

    common = {"games": 40, "seed": 3, "chunk_size": 5, "options": {"target": 25}}
    assassin = threading.Thread(target=kill_when_seen)
    assassin.start()
    disturbed = simulate("gin-rummy", bots=bots, backend="ray", out=tmp_path / "disturbed.parquet", **common)
    assassin.join()
    assert killed and killed[0] != os.getpid()
    assert not alive(killed[0])  # the worker really is gone
    # The marker now exists, so these bots are plain random bots from the start.
    undisturbed = simulate("gin-rummy", bots=bots, out=tmp_path / "undisturbed.parquet", **common)
    assert disturbed == undisturbed
    assert rows(tmp_path / "disturbed.parquet") == rows(tmp_path / "undisturbed.parquet")


def test_resuming_on_ray_writes_the_uninterrupted_file(ray_cluster: Any, tmp_path: Path) -> None:
    common = {**HOLDEM, "games": 60, "seed": 5, "chunk_size": 6, "backend": "ray"}
    whole = simulate(**common, out=tmp_path / "whole.parquet")
    seen = 0

    def stop_after_four_chunks(k: int) -> None:
        nonlocal seen
        seen += k
        if seen >= 24:
            raise KeyboardInterrupt

    cut = tmp_path / "cut.parquet"
    with pytest.raises(KeyboardInterrupt):
        simulate(**common, out=cut, progress=stop_after_four_chunks)
    assert not cut.exists() and cut.with_name("cut.parquet.partial").exists()
    resumed = simulate(**common, out=cut)
    assert resumed == whole
    assert rows(cut) == rows(tmp_path / "whole.parquet")
    assert not cut.with_name("cut.parquet.partial").exists()
