"""Streamed output: one row per game in chunk order, a summary from the stream, and runs
that resume after an interruption or a crash to exactly the file of an uninterrupted run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import hoyle
import pyarrow.parquet as pq
import pytest
from hoyle.errors import InvalidArgumentError
from hoyle.simulate import game_seed, read_games, simulate
from simulate_doubles import CountingExecutor

RUN: dict[str, Any] = {"games": 23, "seed": 8, "chunk_size": 4, "options": {"max_battles": 25}}
SUFFIXES = ["jsonl", "parquet"]


def content(path: Path) -> Any:
    if path.suffix == ".parquet":
        return pq.read_table(path).to_pylist()
    return path.read_bytes()


def interrupted(path: Path, after_games: int, **run: Any) -> None:
    seen = 0

    def stop(k: int) -> None:
        nonlocal seen
        seen += k
        if seen >= after_games:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate("war", out=path, progress=stop, **{**RUN, **run})


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_rows_are_the_games_in_order(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"games.{suffix}"
    streamed = simulate("war", out=path, keep_games=True, **RUN)
    memory = simulate("war", keep_games=True, **RUN)
    games = list(read_games(path))
    assert [g.index for g in games] == list(range(23))
    assert [g.record for g in games] == memory.records
    assert [g.seed for g in games] == [game_seed(8, i) for i in range(23)]
    assert streamed.records == [] and streamed.settlement == memory.settlement and streamed.wins == memory.wins
    assert streamed.settlement_squares == memory.settlement_squares and streamed.actions == memory.actions
    for g in games[:3]:  # the replayable record reproduces the row's result
        assert g.record.game is not None
        assert hoyle.Game.from_json(g.record.game).result["settlement"] == g.record.settlement


def test_parquet_columns_and_row_groups(tmp_path: Path) -> None:
    path = tmp_path / "games.parquet"
    simulate("war", out=path, bots=["random", "random"], **RUN)
    table = pq.read_table(path)
    first = table.slice(0, 1).to_pylist()[0]
    assert first["variant"] == "war" and json.loads(first["options"]) == {"max_battles": 25}
    assert first["bots"] == ["random", "random"] and first["house_rules"] == [] and first["game"] is None
    assert table.column("chunk").to_pylist() == [i // 4 for i in range(23)]
    assert pq.ParquetFile(path).num_row_groups == 6


def test_jsonl_lines_replay_with_hoyle_replay(tmp_path: Path) -> None:
    from click.testing import CliRunner
    from hoyle.cli import cli

    path = tmp_path / "games.jsonl"
    simulate("war", out=path, keep_games=True, **RUN)
    result = CliRunner().invoke(cli, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_resume_plays_only_the_missing_chunks(tmp_path: Path, suffix: str) -> None:
    whole = tmp_path / f"whole.{suffix}"
    uninterrupted = simulate("war", out=whole, **RUN)
    path = tmp_path / f"cut.{suffix}"
    interrupted(path, after_games=12)  # chunks 0, 1, 2 written
    with CountingExecutor() as pool:
        resumed = simulate("war", out=path, executor=pool, **RUN)
    assert sorted(pool.chunks) == [3, 4, 5]
    assert resumed == uninterrupted
    assert content(path) == content(whole)
    with CountingExecutor() as pool:  # a finished run: nothing left to play
        again = simulate("war", out=path, executor=pool, **RUN)
    assert pool.chunks == [] and again == uninterrupted


def test_a_jsonl_chunk_cut_by_a_crash_is_played_again(tmp_path: Path) -> None:
    whole = tmp_path / "whole.jsonl"
    simulate("war", out=whole, **RUN)
    data = whole.read_bytes()
    lines = data.splitlines(keepends=True)
    path = tmp_path / "cut.jsonl"
    # A crash while writing chunk 2: two of its four lines and half of the third.
    path.write_bytes(b"".join(lines[:10]) + lines[10][: len(lines[10]) // 2])
    with CountingExecutor() as pool:
        simulate("war", out=path, executor=pool, **RUN)
    assert sorted(pool.chunks) == [2, 3, 4, 5]
    assert path.read_bytes() == data


def test_a_parquet_journal_cut_by_a_crash_is_played_again(tmp_path: Path) -> None:
    whole = tmp_path / "whole.parquet"
    simulate("war", out=whole, **RUN)
    path = tmp_path / "cut.parquet"
    interrupted(path, after_games=16)  # chunks 0 to 3 in the journal
    journal = tmp_path / "cut.parquet.partial"
    size = journal.stat().st_size
    with journal.open("r+b") as f:  # the crash: the end of the stream and half a batch gone
        f.truncate(size - 300)
    with CountingExecutor() as pool:
        simulate("war", out=path, executor=pool, **RUN)
    assert pool.chunks[0] == 3 and sorted(pool.chunks) == [3, 4, 5]
    assert content(path) == content(whole)
    assert not journal.exists()


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_more_games_extend_a_finished_run(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"games.{suffix}"
    simulate("war", out=path, **RUN)  # 23 games: the last chunk holds 3
    with CountingExecutor() as pool:
        more = simulate("war", out=path, executor=pool, **{**RUN, "games": 30})
    assert sorted(pool.chunks) == [5, 6, 7]  # the short chunk 5 is played again, whole
    assert more == simulate("war", **{**RUN, "games": 30}, out=tmp_path / f"fresh.{suffix}")
    assert [g.index for g in read_games(path)] == list(range(30))


@pytest.mark.parametrize("suffix", SUFFIXES)
@pytest.mark.parametrize(
    ("change", "what"),
    [
        ({"seed": 9}, "another root seed"),
        ({"options": {"max_battles": 26}}, "another options"),
        ({"bots": ["random", hoyle.RandomBot]}, "another bots"),
        ({"chunk_size": 5}, "another chunk size"),
        ({"keep_games": True}, "another keep_games"),
        ({"games": 7}, "holds more than games=7"),
    ],
)
def test_a_file_of_another_run_is_refused_and_kept(tmp_path: Path, suffix: str, change: dict, what: str) -> None:
    path = tmp_path / f"games.{suffix}"
    simulate("war", out=path, **RUN)
    before = content(path)
    with pytest.raises(InvalidArgumentError, match=what) as err:
        simulate("war", out=path, **{**RUN, **change})
    assert str(path) in str(err.value)
    assert content(path) == before
    assert not (tmp_path / f"games.{suffix}.partial").exists()


def test_unknown_suffix(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgumentError, match=r"write \.parquet or \.jsonl"):
        simulate("war", out=tmp_path / "games.csv", **RUN)


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_a_failing_chunk_stops_the_run_and_keeps_the_chunks_before_it(tmp_path: Path, suffix: str) -> None:
    from simulate_doubles import Breaks

    bot = Breaks(broken_after=2 * 4 * 2)  # two bots a game: chunks 0 and 1 play, chunk 2 breaks
    Breaks.built[0], Breaks.broken[0] = 0, True
    path = tmp_path / f"games.{suffix}"
    with pytest.raises(RuntimeError, match="the bot broke"):
        simulate("war", bots=[bot, bot], out=path, **RUN)
    Breaks.broken[0] = False
    with CountingExecutor() as pool:
        resumed = simulate("war", bots=[bot, bot], out=path, executor=pool, **RUN)
    assert sorted(pool.chunks) == [2, 3, 4, 5]
    whole = tmp_path / f"whole.{suffix}"
    assert resumed == simulate("war", bots=[bot, bot], out=whole, **RUN)
    assert content(path) == content(whole)
