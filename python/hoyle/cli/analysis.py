"""``hoyle range``, ``hoyle icm`` and ``hoyle push-fold``: hand ranges, tournament equity
and the ICM value of a short stack's all-in from the command line (issue 29,
docs/poker-analysis.md). ``hoyle equity`` (in ``tools``) takes ranges too.

    >>> from click.testing import CliRunner
    >>> from hoyle.cli import cli
    >>> CliRunner().invoke(cli, ["icm", "5000", "3000", "2000", "--payouts", "50", "30", "20"]).exit_code
    0
"""

from __future__ import annotations

import dataclasses
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from hoyle.cli.common import echo_json, require

RANKS = "AKQJT98765432"


def _grid_cell(poker: Any, r: Any, i: int, j: int) -> tuple[str, float]:
    """The class at row i, column j of the 13 x 13 grid (suited above the diagonal) and
    the weighted share of its combos the range holds."""
    hi, lo = RANKS[min(i, j)], RANKS[max(i, j)]
    name = hi + lo if i == j else hi + lo + ("s" if i < j else "o")
    cls = poker.Range(name)
    return name, sum(r.weight(c) for c, _ in cls) / len(cls)


def range_data(r: Any) -> dict[str, Any]:
    """A ``hoyle.poker.Range`` as plain data."""
    return {
        "range": str(r),
        "combos": len(r),
        "size": r.size,
        "percent": r.percent,
        "hands": [{"cards": str(c), "weight": w} for c, w in r],
    }


@click.command(name="range")
@click.argument("text")
@click.option("--board", "-b", metavar="CARDS", help="Remove the combos these cards block (a board, known hands).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON on stdout.")
def range_command(text: str, board: str | None, as_json: bool) -> None:
    """A hand range: its combos, its share of all 1326 hands, and the 13 x 13 grid.

    \b
    Examples:
      hoyle range "ATs+,KQo"
      hoyle range "QQ+,AKs" --board "Ah 7c 2d" --json
      hoyle range "15%"
    """
    poker = require("hoyle.poker")
    r = poker.Range(text)
    if board:
        r = r.without(board)
    data = range_data(r)
    if as_json:
        echo_json(data)
        return
    console = Console(highlight=False, markup=False)
    table = Table(show_header=False, box=None, padding=(0, 1))
    for _ in RANKS:
        table.add_column(justify="center")
    for i in range(13):
        cells = []
        for j in range(13):
            name, share = _grid_cell(poker, r, i, j)
            style = "bold green" if share == 1 else ("yellow" if share > 0 else "dim")
            cells.append(f"[{style}]{name}[/{style}]")
        table.add_row(*cells)
    Console(highlight=False).print(table)
    console.print(f"{data['range'] or '(empty)'}")
    console.print(f"{data['combos']} combos, {data['size']:g} weighted, {data['percent']:.2f}% of 1326")


def _split_payouts(values: tuple[str, ...], example: str) -> tuple[list[float], list[float]]:
    if "--payouts" in values:
        k = values.index("--payouts")
    elif "-p" in values:
        k = values.index("-p")
    else:
        raise click.UsageError(f"give the prizes: {example}")
    try:
        return [float(v) for v in values[:k]], [float(v) for v in values[k + 1 :]]
    except ValueError as exc:
        raise click.UsageError(f"stacks and payouts are numbers: {exc}") from None


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("values", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON on stdout.")
def icm(values: tuple[str, ...], as_json: bool) -> None:
    """ICM (Malmuth-Harville) equity of chip STACKS for the prizes after --payouts.

    \b
    Examples:
      hoyle icm 5000 3000 2000 --payouts 50 30 20
      hoyle icm 12000 8000 4000 1500 --payouts 100 60 40 --json
    """
    poker = require("hoyle.poker")
    stacks, payouts = _split_payouts(values, "hoyle icm 5000 3000 2000 --payouts 50 30 20")
    equity = poker.icm(stacks, payouts)
    total = sum(stacks)
    players = [
        {"stack": s, "chips_share": s / total, "equity": e, "share_of_pool": e / sum(payouts) if sum(payouts) else 0.0}
        for s, e in zip(stacks, equity, strict=True)
    ]
    if as_json:
        echo_json({"payouts": payouts, "players": players})
        return
    table = Table(title="ICM equity", title_justify="left")
    for col in ("player", "stack", "chips %", "equity", "pool %"):
        table.add_column(col, justify="right")
    for i, p in enumerate(players):
        table.add_row(
            str(i + 1), f"{p['stack']:g}", f"{p['chips_share']:.2%}", f"{p['equity']:.2f}", f"{p['share_of_pool']:.2%}"
        )
    Console(highlight=False, markup=False).print(table)


@click.command(name="push-fold", context_settings={"ignore_unknown_options": True})
@click.argument("hand")
@click.argument("values", nargs=-1, required=True, metavar="STACKS... --payouts PRIZES...")
@click.option(
    "--calls",
    "-c",
    "calling",
    metavar="RANGE",
    multiple=True,
    required=True,
    help="The calling range of each player after the pusher, in order (repeat: one per player).",
)
@click.option("--blinds", nargs=2, type=float, required=True, metavar="SB BB", help="Small and big blind.")
@click.option("--ante", type=float, default=0.0, show_default=True, help="Every player's ante.")
@click.option("--exact", is_flag=True, help="Enumerate every showdown (the default when that is cheap).")
@click.option(
    "--samples", type=click.IntRange(min=1), default=100_000, show_default=True, help="Monte Carlo deals per call."
)
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=None, help="Seed for sampling.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON on stdout.")
def push_fold(
    hand: str,
    values: tuple[str, ...],
    calling: tuple[str, ...],
    blinds: tuple[float, float],
    ante: float,
    exact: bool,
    samples: int,
    seed: int | None,
    as_json: bool,
) -> None:
    """ICM $EV of pushing HAND all in against folding it, for the chip STACKS (pre-flop order
    of action, the blinds last) and the prizes after --payouts. The pusher is the player
    before the first of the --calls ranges.

    \b
    Examples:
      hoyle push-fold "Kc 9s" 1500 6500 --payouts 65 35 --calls "22+,A2+,K8+" --blinds 100 200
      hoyle push-fold "Ah 5h" 3000 310 2500 --payouts 50 30 20 --calls QQ+ --calls "TT+,AQ+" --blinds 100 200 --ante 10 --json
    """
    poker = require("hoyle.poker")
    stacks, payouts = _split_payouts(values, "hoyle push-fold HAND 1500 6500 --payouts 65 35 ...")
    d = poker.push_fold(
        hand,
        stacks,
        payouts,
        list(calling),
        small_blind=blinds[0],
        big_blind=blinds[1],
        ante=ante,
        samples=samples,
        seed=seed,
        exact=True if exact else None,
    )
    data = {"hand": hand, "stacks": stacks, "payouts": payouts, **dataclasses.asdict(d), "push": d.push}
    if as_json:
        echo_json(data)
        return
    console = Console(highlight=False, markup=False)
    console.print(
        f"{hand} from player {d.seat + 1}: {'PUSH' if d.push else 'FOLD'} (push {d.ev_push:.3f}, fold {d.ev_fold:.3f})"
    )
    equity = "-" if d.equity is None else f"{d.equity:.2%}"
    console.print(f"called {d.p_called:.2%} of the time, equity when called {equity}")
    console.print(f"chips: push {d.chips_push:.1f}, fold {d.chips_fold:.1f}{'' if d.exact else ' (Monte Carlo)'}")


COMMANDS = [range_command, icm, push_fold]
