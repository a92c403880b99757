"""``hoyle stats FILES_OR_DIRS``: tracker statistics per player (and per position) from
poker hand histories (issue 29, docs/hand-history-stats.md), read and replayed by
:func:`hoyle.handhistory.stats.read`.

    >>> from click.testing import CliRunner
    >>> from hoyle.cli import cli
    >>> CliRunner().invoke(cli, ["stats", "no/such/file.txt"]).exit_code
    2
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from hoyle.cli.common import CommandError, echo_json
from hoyle.handhistory.stats import STAT_NAMES, Report, Stats, read

#: The table's columns: header, statistic, format, shown without --all.
_COLUMNS = (
    ("hands", "hands", "d", True),
    ("VPIP", "vpip", "%", True),
    ("PFR", "pfr", "%", True),
    ("3B", "three_bet", "%", True),
    ("F3B", "fold_to_three_bet", "%", False),
    ("CB", "cbet", "%", True),
    ("FCB", "fold_to_cbet", "%", False),
    ("AF", "aggression_factor", "f", True),
    ("AFq", "aggression_frequency", "%", False),
    ("WTSD", "wtsd", "%", True),
    ("W$SD", "wsd", "%", True),
    ("WWSF", "wwsf", "%", False),
    ("net", "net", "n", False),
    ("bb/100", "bb_per_100", "f", True),
    ("±95%", "bb_per_100_interval", "i", True),
    ("EV", "ev_bb_per_100", "f", True),
)


def _cell(value: Any, kind: str) -> str:
    if value is None:
        return "-"
    if kind == "%":
        return f"{100 * value:.0f}"
    if kind == "f":
        return f"{value:.1f}"
    if kind == "n":
        return f"{value.normalize():f}"
    if kind == "i":
        return f"{(value[1] - value[0]) / 2:.0f}"
    return str(value)


def _rows(report: Report, by_position: bool, players: tuple[str, ...], min_hands: int) -> list[tuple[str, str, Stats]]:
    if by_position:
        rows = [(p, pos, s) for (p, pos), s in report.positions.items()]
    else:
        rows = [(p, "", s) for p, s in report.players.items()]
    if players:
        unknown = [p for p in players if p not in report.players]
        if unknown:
            raise CommandError(f"no hands of {', '.join(map(repr, unknown))} in these files")
        rows = [r for r in rows if r[0] in players]
    rows = [r for r in rows if r[2].hands >= min_hands]
    order = {"SB": 0, "BB": 1, "UTG": 2, "LJ": 90, "HJ": 91, "CO": 92, "BTN": 93}

    def key(r: tuple[str, str, Stats]) -> tuple[int, str, int, str]:
        pos = r[1]
        rank = order.get(pos, 2 + int(pos[4:]) if pos.startswith("UTG+") else 99)
        return (-report.players[r[0]].hands, r[0], rank, pos)

    return sorted(rows, key=key)


def _plot(path: Path, report: Report, players: list[str]) -> None:
    try:
        import matplotlib  # type: ignore[import-not-found, unused-ignore]

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise CommandError("--plot needs matplotlib: pip install 'hoyle[plot]'") from None
    fig, ax = plt.subplots(figsize=(9, 4.5))
    for player in players:
        net, ev = report.cumulative(player)
        (line,) = ax.plot(range(1, len(net) + 1), net, label=f"{player} (won)")
        ax.plot(range(1, len(ev) + 1), ev, linestyle="--", color=line.get_color(), label=f"{player} (all-in EV)")
    ax.set_xlabel("hands")
    ax.set_ylabel("cumulative net (the files' units)")
    ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print JSON on stdout.")
@click.option(
    "--all", "all_columns", is_flag=True, help="Every column: fold to 3-bet and to c-bet, AFq, WWSF, net (wider)."
)
@click.option("--by-position", is_flag=True, help="One row per player and position (SB, BB, UTG ... CO, BTN).")
@click.option("--player", "players", multiple=True, metavar="NAME", help="Only this player (repeatable).")
@click.option(
    "--min-hands", type=click.IntRange(min=1), default=1, show_default=True, help="Leave out players with fewer hands."
)
@click.option(
    "--out", type=click.Path(path_type=Path), metavar="FILE.parquet", help="Write the rows to Parquet (needs pyarrow)."
)
@click.option(
    "--plot",
    "plot_path",
    type=click.Path(path_type=Path),
    metavar="FILE.png",
    help="Plot cumulative winnings and all-in EV (needs matplotlib).",
)
@click.option(
    "--conventions",
    type=click.Choice(["cardroom", "pokerkit"]),
    default="cardroom",
    show_default=True,
    help="The betting conventions hands replay under.",
)
def stats(
    paths: tuple[Path, ...],
    as_json: bool,
    all_columns: bool,
    by_position: bool,
    players: tuple[str, ...],
    min_hands: int,
    out: Path | None,
    plot_path: Path | None,
    conventions: str,
) -> None:
    """Player statistics (VPIP, PFR, 3-bet, c-bet, aggression, showdowns, bb/100) from
    hand histories: PokerStars text, PHH, OHH files or directories of them. Percentages
    are of the hands with the chance; definitions in docs/hand-history-stats.md. Hands
    hoyle does not replay are left out and counted (listed with --json).

    \b
    Examples:
      hoyle stats ~/hands/
      hoyle stats session.txt --player Hero --by-position
      hoyle stats hands/ --json --min-hands 100
      hoyle stats hands/ --out stats.parquet --plot winnings.png --player Hero
    """
    if plot_path is not None:
        try:
            import matplotlib  # type: ignore[import-not-found, unused-ignore]  # noqa: F401
        except ImportError:
            raise CommandError("--plot needs matplotlib: pip install 'hoyle[plot]'") from None
    report = read(paths, conventions=conventions)
    rows = _rows(report, by_position, players, min_hands)
    data = [{"player": p, **({"position": pos} if by_position else {}), **s.as_dict()} for p, pos, s in rows]
    if out is not None:
        _write_parquet(out, data, by_position)
    if plot_path is not None:
        _plot(plot_path, report, list(players) or [p for p, _, _ in rows[:5]])
    if as_json:
        echo_json(
            {
                "hands": report.hands,
                "players": data,
                "refused": [{"file": r.file, "line": r.line, "reason": r.reason} for r in report.refused],
            }
        )
        return
    table = Table(
        title=f"{report.hands} hands", title_justify="left", box=None, padding=(0, 1, 0, 0), header_style="bold"
    )
    table.add_column("player", max_width=16, overflow="ellipsis", no_wrap=True)
    if by_position:
        table.add_column("pos", min_width=5, no_wrap=True)
    columns = [c for c in _COLUMNS if all_columns or c[3]]
    for header, _, _, _ in columns:
        table.add_column(header, justify="right")
    for p, pos, s in rows:
        cells = [_cell(getattr(s, name), kind) for _, name, kind, _ in columns]
        table.add_row(p, *([pos or "-"] if by_position else []), *cells)
    console = Console(highlight=False, markup=False)
    if all_columns:  # wider than 80 columns: not squeezed
        console = Console(highlight=False, markup=False, width=max(console.width, 130))
    console.print(table)
    console.print("%: of the hands with the chance; ±95%: half its interval; EV: all-in adjusted")
    if report.refused:
        click.echo(f"{len(report.refused)} hand(s) left out: hoyle does not replay them (--json lists them)", err=True)


def _write_parquet(path: Path, data: list[dict[str, Any]], by_position: bool) -> None:
    try:
        import pyarrow as pa  # type: ignore[import-untyped, unused-ignore]
        import pyarrow.parquet as pq  # type: ignore[import-untyped, unused-ignore]
    except ImportError:
        raise CommandError("--out needs pyarrow: pip install pyarrow") from None
    names = ["player", *(["position"] if by_position else []), *STAT_NAMES]
    columns: dict[str, list[Any]] = {}
    for name in names:
        if name == "bb_per_100_interval":
            columns["bb_per_100_low"] = [None if d[name] is None else d[name][0] for d in data]
            columns["bb_per_100_high"] = [None if d[name] is None else d[name][1] for d in data]
        else:
            columns[name] = [d[name] for d in data]
    pq.write_table(pa.table(columns), path)


COMMANDS = [stats]
