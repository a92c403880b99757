"""``hoyle simulate VARIANT --games N``: bots against bots, through :func:`hoyle.simulate`.

>>> lo, hi = wilson(50, 100)
>>> round(lo, 4), round(hi, 4)
(0.4038, 0.5962)
"""

from __future__ import annotations

import math
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich import box
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
from hoyle.simulate import (
    BACKENDS,
    DEFAULT_CHUNK_SIZE,
    DEFAULT_MAX_ACTIONS,
    HeadToHead,
    SimulationResult,
    head_to_head,
    read_games,
)
from hoyle.simulate import simulate as run_simulation

if TYPE_CHECKING:
    from hoyle.registry import Registry

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
    """Games per second (over the whole run once it is finished: games arrive a chunk at a
    time, so a short run may have had too few updates for rich's running estimate)."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        if speed is None and task.finished and task.elapsed:
            speed = task.completed / task.elapsed
        return Text("- games/s" if speed is None else f"{speed:,.0f} games/s", style="cyan")


def summary(result: SimulationResult, bots: list[str], seed: int) -> dict[str, Any]:
    """The summary as plain data (``--json``): per seat the win rate with its Wilson
    interval and the settlement per game, and in the variant's unit (``bb/100`` for
    poker, ``points/game`` otherwise), each with its 95 % interval."""
    n = result.games
    seats = []
    for s, bot in enumerate(bots):
        lo, hi = wilson(result.wins[s], n)
        per_game = result.settlement_ci95(s)
        rate = result.rate(s)
        seats.append(
            {
                "seat": s,
                "bot": bot,
                "wins": result.wins[s],
                "win_rate": result.wins[s] / n,
                "win_rate_ci95": [lo, hi],
                "mean_settlement": result.settlement[s] / n,
                "mean_settlement_ci95": [per_game.low, per_game.high],
                "rate": rate.mean,
                "rate_ci95": [rate.low, rate.high],
                "mean_score": result.mean_score(s),
            }
        )
    return {
        "variant": result.variant,
        "games": n,
        "seed": seed,
        "unit": result.unit.name,
        "seats": seats,
        "mean_actions": result.mean_actions,
        "mean_deals": result.mean_deals,
        "stopped": result.stopped,
    }


def head_to_head_data(table: HeadToHead) -> dict[str, Any]:
    """The head-to-head table as plain data (``--json``)."""
    cells = [
        {"bot": table.bots[a], "opponent": table.bots[b], "rate": e.mean, "rate_ci95": [e.low, e.high], "games": e.n}
        for (a, b), e in sorted(table.cells.items())
    ]
    return {"variant": table.variant, "games": table.games, "unit": table.unit.name, "bots": table.bots, "cells": cells}


def settlements(result: SimulationResult, out: Path | None) -> list[list[int]]:
    """Each seat's settlement per game, from memory or read back from ``out``."""
    games = (
        [r.settlement for r in result.records]
        if result.records
        else [g.record.settlement for g in read_games(out)]
        if out
        else []
    )
    return [[g[s] for g in games] for s in range(len(result.wins))]


def plot(path: Path, result: SimulationResult, bots: list[str], out: Path | None = None) -> None:
    """The settlement distribution per seat and the cumulative settlement over games."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise CommandError("--plot needs matplotlib: pip install 'hoyle[plot]'") from None
    fig, (hist, cumulative) = plt.subplots(1, 2, figsize=(11, 4.2))
    seats = range(len(bots))
    values = settlements(result, out)
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


def progress_bar(label: str, console: Console) -> Progress:
    """One bar for the whole run, however many workers play it."""
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        SpeedColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=not console.is_terminal,
        transient=False,
    )


def print_head_to_head(table: HeadToHead) -> None:
    console = Console(highlight=False, markup=False)
    grid = Table(
        title=f"{table.variant}: head to head, {table.games} deals from each seat ({table.unit.name}, row against column)",
        title_justify="left",
    )
    grid.add_column("bot", justify="left")
    for name in table.bots:
        grid.add_column(name, justify="right")
    grid.add_column("overall", justify="right")
    for a, name in enumerate(table.bots):
        cells = ["-" if a == b else str(table.cells[(a, b)]) for b in range(len(table.bots))]
        grid.add_row(name, *cells, f"{table.overall(a):+.3f}")
    console.print(grid)


@click.command()
@click.argument("variant")
@click.option("--games", "-n", type=click.IntRange(min=1), required=True, help="How many games to play.")
@click.option(
    "--bots",
    "bots_text",
    default=None,
    metavar="NAME[,NAME...]",
    help="One bot per seat (default: the variant's default bot, e.g. rummy for the rummy games, in every seat).",
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
    help="Processes for --backend process (the results do not depend on it).",
)
@click.option(
    "--backend",
    type=click.Choice(BACKENDS),
    default=None,
    help="Where games are played: serial, process (--jobs), ray (default: process with --jobs > 1, ray with --address).",
)
@click.option(
    "--address",
    default=None,
    metavar="ADDRESS",
    help="Ray cluster to join (auto: this machine's); default a local one.",
)
@click.option(
    "--chunk-size",
    type=click.IntRange(min=1),
    default=DEFAULT_CHUNK_SIZE,
    show_default=True,
    help="Games per task (part of the run's identity when resuming --out).",
)
@click.option(
    "--max-actions",
    type=click.IntRange(min=1),
    default=DEFAULT_MAX_ACTIONS,
    show_default=True,
    help="Stop a game still going after this many actions and count it as stopped (no winner).",
)
@game_options
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Stream one row per game (replayable) to FILE.jsonl or FILE.parquet; an existing file of this run is resumed.",
)
@click.option("--restart", is_flag=True, help="With --out: discard what the file holds and start again.")
@click.option(
    "--unbounded",
    is_flag=True,
    help="Play the rules text's defaults even where play may not end (default: options with a bound, "
    "e.g. seven-card rummy's stock_limit, play at it; see docs/simulate.md).",
)
@click.option(
    "--head-to-head",
    "versus",
    is_flag=True,
    help="Every pair of --bots heads-up on the same deals from both seats: a table of results.",
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
    backend: str | None,
    address: str | None,
    chunk_size: int,
    max_actions: int,
    options: tuple[str, ...],
    house_rules: tuple[str, ...],
    out: Path | None,
    restart: bool,
    unbounded: bool,
    versus: bool,
    plot_path: Path | None,
    as_json: bool,
) -> None:
    """Play GAMES games of VARIANT between bots and summarise: win rate per seat with a
    95% Wilson interval, settlement per game (bb/100 for poker) with a 95% interval,
    mean score, mean game length, and how many games were stopped at --max-actions.

    \b
    Examples:
      hoyle simulate war --games 2000 --seed 1 --option max_battles=500
      hoyle simulate war -n 200 --out games.jsonl --plot war.png --json
      hoyle simulate texas-holdem -n 100000 --bots poker,random --backend ray --address auto --out hands.parquet
      hoyle simulate gin-rummy -n 200 --bots gin,random,random --head-to-head
    """
    from hoyle.plugins import default_registry

    registry = default_registry()
    v = registry.variant(variant)
    bots = _seat_bots(
        registry, variant, bots_text, players, versus=versus, writes=out is not None or plot_path is not None
    )
    opts = parse_options(options)
    _ready_outputs(out, plot_path, restart=restart)
    run = {"jobs": jobs, "backend": backend, "address": address, "chunk_size": chunk_size, "max_actions": max_actions}
    run["bounded"] = not unbounded
    bounded = {} if unbounded else {k: x for k, x in v.bounded_options(opts).items() if k not in opts}

    err = Console(stderr=True, highlight=False, markup=False)
    if versus:
        table = _play_head_to_head(variant, bots, games, seed, opts, list(house_rules), run, err)
        if as_json:
            echo_json(head_to_head_data(table))
        else:
            print_head_to_head(table)
        return

    start = time.perf_counter()
    result = _play(variant, bots, games, seed, opts, list(house_rules), run, err, out=out, plot_path=plot_path)
    elapsed = time.perf_counter() - start

    data = summary(result, bots, seed)
    data["bounded_options"] = bounded
    if plot_path is not None:
        plot(plot_path, result, bots, out)
    if as_json:
        echo_json(data)
        return
    _print_summary(
        variant,
        data,
        result,
        games=games,
        seed=seed,
        seconds=elapsed,
        bounded=bounded,
        max_actions=max_actions,
        out=out,
        plot_path=plot_path,
    )


def _ready_outputs(out: Path | None, plot_path: Path | None, *, restart: bool) -> None:
    """Before the first deal: ``--plot`` has matplotlib (or a :class:`CommandError`
    says how to install it), and ``--restart`` has removed what ``--out`` (and its
    ``.partial`` file) held."""
    if plot_path is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise CommandError("--plot needs matplotlib: pip install 'hoyle[plot]'") from None
    if restart and out is not None:
        out.unlink(missing_ok=True)
        out.with_name(out.name + ".partial").unlink(missing_ok=True)


def _play(
    variant: str,
    bots: list[str],
    games: int,
    seed: int,
    opts: dict[str, Any],
    house_rules: list[str],
    run: dict[str, Any],
    err: Console,
    *,
    out: Path | None,
    plot_path: Path | None,
) -> SimulationResult:
    """The simulation, with a progress bar on ``err``; the games are kept for ``--out``
    and every game's record only for ``--plot`` (the one reader of them all)."""
    with progress_bar(variant, err) as bar:
        task = bar.add_task("games", total=games)
        return run_simulation(
            variant,
            games=games,
            bots=bots,
            seed=seed,
            options=opts,
            house_rules=house_rules,
            progress=lambda k: bar.advance(task, k),
            keep_games=out is not None,
            keep_records=plot_path is not None,
            out=out,
            **run,
        )


def _seat_bots(
    registry: Registry, variant: str, bots_text: str | None, players: int | None, *, versus: bool, writes: bool
) -> list[str]:
    """The bots of ``--bots`` (the variant's default bot if none), one per seat: a single
    name fills ``--players`` seats (default the fewest the variant allows). Refuses,
    before the first deal, a bot for a variant it does not play, an unknown bot or level,
    ``--players`` that disagrees with the bots, and for ``--head-to-head`` fewer than two
    bots or ``--out``/``--plot`` (``writes``)."""
    from hoyle.registry import bot_suits

    v = registry.variant(variant)
    bots = parse_bots(bots_text) or [registry.default_bot(variant)]
    for name in dict.fromkeys(bots):
        factory = registry.bot_factory(name)
        if factory is not None and not bot_suits(factory, v):
            raise InvalidArgumentError(f"bot {name!r} does not play {variant!r}")
        registry.make_bot(name, seed=0)  # an unknown name or level fails here, by name
    if versus:
        if len(bots) < 2:
            raise InvalidArgumentError("--head-to-head needs at least two bots in --bots")
        if writes:
            raise InvalidArgumentError("--head-to-head plays several runs: no --out or --plot")
    elif len(bots) == 1:
        bots = bots * (players if players is not None else v.players[0])
    elif players is not None and players != len(bots):
        raise InvalidArgumentError(f"--players {players} but {len(bots)} bots in --bots")
    return bots


def _play_head_to_head(
    variant: str,
    bots: list[str],
    games: int,
    seed: int,
    opts: dict[str, Any],
    house_rules: list[str],
    run: dict[str, Any],
    err: Console,
) -> HeadToHead:
    """Every ordered pair of ``bots`` heads-up for ``games`` deals, with a progress bar
    on ``err`` over all the pairs' games."""
    pairs = len(bots) * (len(bots) - 1)
    with progress_bar(f"{variant} head to head", err) as bar:
        task = bar.add_task("games", total=games * pairs)
        return head_to_head(
            variant,
            bots,
            games,
            seed,
            options=opts,
            house_rules=house_rules,
            progress=lambda k: bar.advance(task, k),
            **run,
        )


def _print_summary(
    variant: str,
    data: dict[str, Any],
    result: SimulationResult,
    *,
    games: int,
    seed: int,
    seconds: float,
    bounded: dict[str, Any],
    max_actions: int,
    out: Path | None,
    plot_path: Path | None,
) -> None:
    """The run's summary for a terminal: what was played (and the bounded options it was
    played with), the wins and settlement tables, the mean game length and speed, the
    games stopped at ``--max-actions``, and where the records and plot went."""
    console = Console(highlight=False, markup=False)
    console.print(f"{variant}: {games} games, seed {seed}")
    if bounded:
        played = ", ".join(f"{k}={x}" for k, x in bounded.items())
        console.print(f"played with {played}, so that every game ends (--unbounded: the rules text's defaults)")
    for table_ in _summary_tables(data):
        console.print(table_)
    console.print(
        f"mean game length: {data['mean_actions']:.1f} actions, {data['mean_deals']:.2f} deals; {games / seconds:,.0f} games/s"
    )
    if result.stopped:
        console.print(f"stopped at --max-actions {max_actions}: {result.stopped} games (no winner, settlement 0)")
    if out is not None:
        console.print(f"game records: {out}")
    if plot_path is not None:
        console.print(f"plot: {plot_path}")


def _summary_tables(data: dict[str, Any]) -> tuple[Table, Table]:
    """The summary as two narrow tables (wins, then what was won), so it fits an
    80-column terminal without cutting a header."""
    wins = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    won = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for col, justify in (("seat", "right"), ("bot", "left"), ("wins", "right"), ("win rate", "right")):
        wins.add_column(col, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    wins.add_column("95% CI", justify="right", no_wrap=True)
    wins.add_column("mean score", justify="right", no_wrap=True)
    for col in ("seat", "mean settlement", data["unit"], "95% CI"):
        won.add_column(col, justify="right", no_wrap=True)
    for s in data["seats"]:
        lo, hi = s["win_rate_ci95"]
        rlo, rhi = s["rate_ci95"]
        count = s["wins"]
        wins.add_row(
            str(s["seat"]),
            s["bot"],
            f"{count:g}" if count != int(count) else str(int(count)),
            f"{s['win_rate']:.1%}",
            f"{lo:.1%} - {hi:.1%}",
            f"{s['mean_score']:.3f}",
        )
        won.add_row(str(s["seat"]), f"{s['mean_settlement']:+.3f}", f"{s['rate']:+.2f}", f"{rlo:+.2f} to {rhi:+.2f}")
    return wins, won


COMMANDS = [simulate]
