"""``hoyle simulate VARIANT --games N``: bots against bots, through :func:`hoyle.simulate`.

>>> lo, hi = wilson(50, 100)
>>> round(lo, 4), round(hi, 4)
(0.4038, 0.5962)
"""

from __future__ import annotations

import json
import math
import time
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from hoyle.cli.common import CommandError, echo_json, game_options, parse_bots, parse_options
from hoyle.errors import InvalidArgumentError
from hoyle.simulate import SimulationResult
from hoyle.simulate import simulate as run_simulation

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / n`` (95 % by default).
    Shared wins count fractionally, as in :class:`hoyle.SimulationResult`."""
    if n <= 0:
        raise InvalidArgumentError(f"n={n}: an interval needs at least one trial")
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


class SpeedColumn(ProgressColumn):
    """Games per second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("- games/s" if speed is None else f"{speed:,.0f} games/s", style="cyan")


def summary(result: SimulationResult, bots: list[str], seed: int) -> dict[str, Any]:
    """The summary as plain data (``--json``)."""
    n = result.games
    seats = []
    for s, bot in enumerate(bots):
        lo, hi = wilson(result.wins[s], n)
        seats.append(
            {
                "seat": s,
                "bot": bot,
                "wins": result.wins[s],
                "win_rate": result.wins[s] / n,
                "win_rate_ci95": [lo, hi],
                "mean_settlement": result.settlement[s] / n,
                "mean_score": sum(r.scores[s] for r in result.records) / n,
            }
        )
    return {
        "variant": result.variant,
        "games": n,
        "seed": seed,
        "seats": seats,
        "mean_actions": result.mean_actions,
        "mean_deals": sum(r.deals for r in result.records) / n,
    }


def write_records(path: Path, result: SimulationResult) -> None:
    """One JSON line per game: seed, settlement, scores, winners, actions, deals and
    ``game``, the replayable record (``hoyle replay`` reads these lines)."""
    with path.open("w", encoding="utf-8") as f:
        for r in result.records:
            line = {
                "seed": r.seed,
                "settlement": r.settlement,
                "scores": r.scores,
                "winners": r.winners,
                "actions": r.actions,
                "deals": r.deals,
                "game": json.loads(r.game) if r.game is not None else None,
            }
            f.write(json.dumps(line, separators=(",", ":")) + "\n")


def plot(path: Path, result: SimulationResult, bots: list[str]) -> None:
    """The settlement distribution per seat and the cumulative settlement over games."""
    try:
        import matplotlib  # type: ignore[import-not-found, unused-ignore]

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise CommandError("--plot needs matplotlib: pip install 'hoyle[plot]'") from None
    fig, (hist, cumulative) = plt.subplots(1, 2, figsize=(11, 4.2))
    seats = range(len(bots))
    values = [[r.settlement[s] for r in result.records] for s in seats]
    lo = min(min(v) for v in values)
    hi = max(max(v) for v in values)
    bins = min(50, hi - lo + 1) if isinstance(lo, int) and hi > lo else 10
    labels = [f"seat {s} ({bots[s]})" for s in seats]
    # One call with every seat's values: side-by-side bars per settlement value.
    hist.hist(values, bins=bins, range=(lo - 0.5, hi + 0.5), label=labels)
    for s in seats:
        running, total = [], 0
        for v in values[s]:
            total += v
            running.append(total)
        cumulative.plot(range(1, len(running) + 1), running, label=labels[s])
    hist.set_title("settlement per game")
    hist.set_xlabel("settlement")
    hist.set_ylabel("games")
    hist.legend()
    cumulative.set_title("cumulative settlement")
    cumulative.set_xlabel("game")
    cumulative.set_ylabel("total settlement")
    cumulative.legend()
    fig.suptitle(f"{result.variant}: {result.games} games")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


@click.command()
@click.argument("variant")
@click.option("--games", "-n", type=click.IntRange(min=1), required=True, help="How many games to play.")
@click.option(
    "--bots",
    "bots_text",
    default=None,
    metavar="NAME[,NAME...]",
    help="One bot per seat (default: random in every seat).",
)
@click.option(
    "--players",
    "-p",
    type=click.IntRange(min=1),
    default=None,
    help="Seats, when --bots gives one name for all (default: the fewest the variant allows).",
)
@click.option(
    "--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True, help="Seed of the whole simulation."
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Processes (the results do not depend on it).",
)
@game_options
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write one JSON line per game (replayable by `hoyle replay`).",
)
@click.option(
    "--plot",
    "plot_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Draw the results to a PNG (needs matplotlib).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON on stdout.")
def simulate(
    variant: str,
    games: int,
    bots_text: str | None,
    players: int | None,
    seed: int,
    jobs: int,
    options: tuple[str, ...],
    house_rules: tuple[str, ...],
    out: Path | None,
    plot_path: Path | None,
    as_json: bool,
) -> None:
    """Play GAMES games of VARIANT between bots and summarise: win rate per seat with a
    95% Wilson interval, mean settlement and score, mean game length.

    \b
    Examples:
      hoyle simulate war --games 2000 --seed 1 --option max_battles=500
      hoyle simulate war -n 200 --out games.jsonl --plot war.png --json
    """
    from hoyle.plugins import default_registry

    v = default_registry().variant(variant)
    bots = parse_bots(bots_text) or ["random"]
    if len(bots) == 1:
        bots = bots * (players if players is not None else v.players[0])
    elif players is not None and players != len(bots):
        raise InvalidArgumentError(f"--players {players} but {len(bots)} bots in --bots")
    opts = parse_options(options)
    if plot_path is not None:  # check for matplotlib before playing, not after
        try:
            import matplotlib  # type: ignore[import-not-found, unused-ignore]  # noqa: F401
        except ImportError:
            raise CommandError("--plot needs matplotlib: pip install 'hoyle[plot]'") from None

    err = Console(stderr=True, highlight=False, markup=False)
    start = time.perf_counter()
    with Progress(
        TextColumn(f"{variant}"),
        BarColumn(),
        MofNCompleteColumn(),
        SpeedColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=err,
        disable=not err.is_terminal,
        transient=False,
    ) as progress:
        task = progress.add_task("games", total=games)
        result = run_simulation(
            variant,
            games=games,
            bots=bots,
            seed=seed,
            jobs=jobs,
            options=opts,
            house_rules=list(house_rules),
            progress=lambda k: progress.advance(task, k),
            keep_games=out is not None,
        )
    elapsed = time.perf_counter() - start

    data = summary(result, bots, seed)
    if out is not None:
        write_records(out, result)
    if plot_path is not None:
        plot(plot_path, result, bots)
    if as_json:
        echo_json(data)
        return
    console = Console(highlight=False, markup=False)
    table = Table(title=f"{variant}: {games} games, seed {seed}", title_justify="left")
    for col, justify in (
        ("seat", "right"),
        ("bot", "left"),
        ("wins", "right"),
        ("win rate", "right"),
        ("95% CI", "right"),
        ("mean settlement", "right"),
        ("mean score", "right"),
    ):
        table.add_column(col, justify=justify)  # type: ignore[arg-type]
    for s in data["seats"]:
        lo, hi = s["win_rate_ci95"]
        wins = s["wins"]
        table.add_row(
            str(s["seat"]),
            s["bot"],
            f"{wins:g}" if wins != int(wins) else str(int(wins)),
            f"{s['win_rate']:.1%}",
            f"{lo:.1%} - {hi:.1%}",
            f"{s['mean_settlement']:+.3f}",
            f"{s['mean_score']:.3f}",
        )
    console.print(table)
    console.print(
        f"mean game length: {data['mean_actions']:.1f} actions, {data['mean_deals']:.2f} deals; {games / elapsed:,.0f} games/s"
    )
    if out is not None:
        console.print(f"game records: {out}")
    if plot_path is not None:
        console.print(f"plot: {plot_path}")


COMMANDS = [simulate]
