"""``hoyle simulate`` with backends, streamed output, resume and head-to-head tables."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hoyle.cli import cli
from hoyle.simulate import head_to_head, read_games, simulate

GIN = ["gin-rummy", "--bots", "gin,random", "-o", "target=25", "--seed", "4"]


def run(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["simulate", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_json_has_the_intervals_of_the_library() -> None:
    data = run(*GIN, "-n", "20")
    ref = simulate("gin-rummy", games=20, seed=4, bots=["gin", "random"], options={"target": 25})
    assert data["unit"] == "points/game"
    for s in (0, 1):
        seat = data["seats"][s]
        e = ref.rate(s)
        assert seat["rate"] == e.mean and seat["rate_ci95"] == [e.low, e.high]
        assert seat["mean_settlement_ci95"] == [ref.settlement_ci95(s).low, ref.settlement_ci95(s).high]


@pytest.mark.xdist_group("ray")
def test_ray_backend_and_parquet_out(ray_cluster: Any, tmp_path: Path) -> None:
    out = tmp_path / "games.parquet"
    on_ray = run(*GIN, "-n", "20", "--backend", "ray", "--chunk-size", "3", "--out", str(out))
    assert on_ray == run(*GIN, "-n", "20", "--chunk-size", "3")
    assert [g.index for g in read_games(out)] == list(range(20))
    assert all(g.record.game is not None for g in read_games(out))  # --out keeps the replayable records


def test_out_resumes_and_restart_starts_again(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    first = run(*GIN, "-n", "10", "--chunk-size", "4", "--out", str(out))
    more = run(*GIN, "-n", "16", "--chunk-size", "4", "--out", str(out))
    assert more == run(*GIN, "-n", "16", "--chunk-size", "4") and more != first
    result = CliRunner().invoke(cli, ["simulate", *GIN, "-n", "16", "--seed", "5", "--out", str(out)])
    assert result.exit_code == 2 and "another root seed" in result.stderr
    other = run(*GIN, "-n", "16", "--seed", "5", "--chunk-size", "4", "--out", str(out), "--restart")
    assert other == run(*GIN, "-n", "16", "--seed", "5", "--chunk-size", "4")


def test_plot_reads_the_streamed_file(tmp_path: Path) -> None:
    path = tmp_path / "p.png"
    result = CliRunner().invoke(
        cli, ["simulate", *GIN, "-n", "6", "--out", str(tmp_path / "g.parquet"), "--plot", str(path)]
    )
    assert result.exit_code == 0, result.output
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_head_to_head_table() -> None:
    data = run("gin-rummy", "--bots", "gin,random,random", "-o", "target=25", "-n", "6", "--head-to-head")
    ref = head_to_head("gin-rummy", ["gin", "random", "random"], games=6, options={"target": 25})
    assert data["bots"] == ["gin", "random", "random"] and data["unit"] == "points/game"
    cells = {(c["bot"], c["opponent"]): c for c in data["cells"]}
    assert len(data["cells"]) == 6
    assert cells[("gin", "random")]["rate"] == ref.cell(0, 1).mean
    assert cells[("gin", "random")]["games"] == 12
    shown = CliRunner().invoke(
        cli,
        ["simulate", "gin-rummy", "--bots", "gin,random", "-o", "target=25", "-n", "4", "--head-to-head"],
        terminal_width=200,
    )
    assert shown.exit_code == 0 and "head to head" in shown.stdout and str(ref.cell(0, 1))[:3] in shown.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "gin", "--head-to-head"], "--head-to-head needs at least two bots in --bots"),
        (["--bots", "gin,random", "--head-to-head", "--out", "x.jsonl"], "--head-to-head plays several runs"),
        (["--backend", "serial", "--address", "auto"], "address='auto' is for backend='ray'"),
    ],
)
def test_bad_combinations_are_one_clear_line(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["simulate", "gin-rummy", "-n", "2", *args])
    assert result.exit_code == 2 and message in result.stderr
