"""``hoyle rank``, ``hoyle equity`` and ``hoyle meld``: the poker evaluators and the
rummy meld search from the command line.

They wrap :mod:`hoyle.poker` and :mod:`hoyle.rummy`, imported only when a command runs,
so the rest of the command line works in an installation without them.
"""

from __future__ import annotations

from typing import Any

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from hoyle.cli.common import echo_json, require
from hoyle.cli.render import cards_text
from hoyle.errors import HoyleError, InvalidArgumentError

LOW_KINDS = ("ace-to-five", "eight-or-better", "deuce-to-seven", "badugi")


def _join(*parts: str | None) -> str:
    return " ".join(p for p in parts if p)


def hand_value_data(value: Any) -> dict[str, Any]:
    """A ``hoyle.poker.HandValue`` as plain data."""
    category = value.category
    return {
        "description": value.describe(),
        "category": getattr(category, "name", str(category)),
        "cards": [str(c) for c in value.cards],
        "kind": value.kind,
        "value": value.value,
    }


def _console() -> Console:
    return Console(highlight=False, markup=False)


@click.command()
@click.argument("cards", required=False)
@click.option(
    "--omaha",
    "hole",
    metavar="HOLE",
    help="Omaha: these four hole cards play two, with three from the board (CARDS and --board).",
)
@click.option("--board", "-b", metavar="CARDS", help="Board cards (added to the hand; with --omaha, the board).")
@click.option(
    "--wild", "-w", metavar="W", help="Wild cards for a high hand: a rank (2) or cards (2c 2d); jokers are always wild."
)
@click.option("--low", type=click.Choice(LOW_KINDS), help="Rank as a low hand instead (Omaha: eight-or-better only).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON on stdout.")
def rank(
    cards: str | None, hole: str | None, board: str | None, wild: str | None, low: str | None, as_json: bool
) -> None:
    """Rank a poker hand: the best five cards of CARDS (with --board).

    \b
    Examples:
      hoyle rank "Kh Kd Ks 4c 4s 2d 9h"
      hoyle rank "Ah Kh" --board "Qh Jh Th 2c 3d"
      hoyle rank "Th 2c 3d 8s 4s" --omaha "Ah Kh Qh Jh"
      hoyle rank "As 2d 3c 4h 5s Kd Kc" --low ace-to-five
      hoyle rank "2c 2d 2h 7s 8s" --wild 2
    """
    poker = require("hoyle.poker")
    if wild and (low or hole):
        raise InvalidArgumentError("--wild applies to high hands, not with --low or --omaha")
    value: Any
    if hole:
        table = _join(cards, board)
        if not table:
            raise click.UsageError("--omaha needs the board: give it as CARDS or --board")
        if low is None:
            value = poker.evaluate_omaha(hole, table)
        elif low == "eight-or-better":
            value = poker.evaluate_omaha_low(hole, table)
        else:
            raise InvalidArgumentError(f"--low {low} with --omaha: Omaha lows are eight-or-better")
    else:
        hand = _join(cards, board)
        if not hand:
            raise click.UsageError('give the cards to rank, e.g. hoyle rank "As Ks Qs Js Ts"')
        if low == "badugi":
            value = poker.evaluate_badugi(hand)
        elif low is not None:
            value = poker.evaluate_low(hand, rule=low)
        else:
            value = poker.evaluate(hand, wild=wild) if wild else poker.evaluate(hand)
    data = hand_value_data(value) if value is not None else None
    if as_json:
        echo_json(data if data is not None else {"description": None, "qualifies": False})
        return
    console = _console()
    if data is None:
        console.print("No qualifying low.")
        return
    console.print(Text(data["description"], style="bold"))
    console.print(
        Text("plays: ")
        + cards_text(data["cards"])
        + Text(f"   ({data['category'].lower().replace('_', ' ')}, {data['kind']} value {data['value']})", style="dim")
    )


def _hand_cell(hand: str) -> Text:
    """Hole cards in colour, a range as its text."""
    from hoyle._core import CardSet

    try:
        CardSet(hand)
    except HoyleError:
        return Text(hand)
    return cards_text(hand.replace(",", " ").split())


@click.command()
@click.argument("hands", nargs=-1, required=True)
@click.option("--board", "-b", metavar="CARDS", help="Known board cards.")
@click.option("--dead", "-d", metavar="CARDS", help="Cards out of play (folded, burned, seen).")
@click.option("--game", "-g", default="holdem", show_default=True, help="holdem, omaha or short-deck.")
@click.option("--exact", is_flag=True, help="Enumerate every board (the default when that is cheap).")
@click.option("--samples", type=click.IntRange(min=1), default=None, help="Sample this many boards (Monte Carlo).")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=None, help="Seed for sampling.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON on stdout.")
def equity(
    hands: tuple[str, ...],
    board: str | None,
    dead: str | None,
    game: str,
    exact: bool,
    samples: int | None,
    seed: int | None,
    as_json: bool,
) -> None:
    """All-in equity of two or more HANDS (each quoted: "Ah Kh" "Qs Qd"), each hole cards
    or a range ("QQ+,AKs", "random", "15%"; see docs/poker-analysis.md).

    \b
    Examples:
      hoyle equity "Ah Kh" "Qs Qd"
      hoyle equity "AKs" "QQ+,AK" --board "Ah 7c 2d"
      hoyle equity "Ah Kh" "Qs Qd" "7c 7d" --board "Qh 7h 2c"
      hoyle equity "Ah Kh Qd Jd" "As Ac 2s 3c" --game omaha --samples 200000 --seed 1
    """
    if exact and samples is not None:
        raise click.UsageError("--exact and --samples exclude each other")
    poker = require("hoyle.poker")
    kwargs: dict[str, Any] = {"board": board, "dead": dead, "game": game, "seed": seed}
    if exact:
        kwargs["exact"] = True
    elif samples is not None:
        kwargs["exact"], kwargs["samples"] = False, samples
    err = Console(stderr=True)
    if err.is_terminal:
        with err.status("computing equity..."):
            r = poker.equity(list(hands), **kwargs)
    else:
        r = poker.equity(list(hands), **kwargs)
    players = [
        {"hand": h, "win": r.win[i], "tie": r.tie[i], "equity": r.equity[i], "std_error": r.std_error[i]}
        for i, h in enumerate(hands)
    ]
    if as_json:
        echo_json({"game": game, "board": board, "dead": dead, "exact": r.exact, "boards": r.boards, "hands": players})
        return
    table = Table(title=f"{game} equity" + (f", board {board}" if board else ""), title_justify="left")
    for col in ("hand", "win", "tie", "equity"):
        table.add_column(col, justify="left" if col == "hand" else "right")
    if not r.exact:
        table.add_column("± std err", justify="right")
    for p in players:
        row: list[Text | str] = [
            _hand_cell(p["hand"]),
            f"{p['win']:.2%}",
            f"{p['tie']:.2%}",
            f"{p['equity']:.2%}",
        ]
        if not r.exact:
            row.append(f"{p['std_error']:.2%}")
        table.add_row(*row)
    console = _console()
    console.print(table)
    console.print(f"{r.boards:,} boards, " + ("exact" if r.exact else "sampled"))


@click.command()
@click.argument("cards")
@click.option(
    "--rules",
    "preset",
    default="gin",
    show_default=True,
    metavar="PRESET",
    help="Meld rules preset: gin, oklahoma, basic, seven_card, wrotham, contract, five_hundred, dime.",
)
@click.option("--discard", is_flag=True, help="The hand holds one card over size: choose the discard too.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON on stdout.")
def meld(cards: str, preset: str, discard: bool, as_json: bool) -> None:
    """The arrangement of a rummy hand with the least deadwood.

    \b
    Examples:
      hoyle meld "7d 7s 7h 8h 9h"
      hoyle meld "2c 2h 3d 4d 4s 5d 5h 5s 6d 6h 6s" --discard
      hoyle meld "5h Jk 7h 9c 9d" --rules wrotham
    """
    rummy = require("hoyle.rummy")
    presets = dict(rummy.MeldRules.presets())
    key = preset.replace("-", "_")
    if key not in presets:
        raise InvalidArgumentError(f"unknown meld rules {preset!r} (presets: {', '.join(presets)})")
    rules = presets[key]
    arrangement = rummy.best_discard(cards, rules) if discard else rummy.best_melds(cards, rules)
    melds = [
        {"kind": m.kind, "cards": [str(c) for c in m.cards], "plays_as": [str(c) for c in m.plays_as]}
        for m in arrangement.melds
    ]
    data = {
        "rules": key,
        "melds": melds,
        "deadwood": [str(c) for c in arrangement.deadwood],
        "deadwood_value": arrangement.deadwood_value,
        "discard": str(arrangement.discard) if arrangement.discard is not None else None,
        "gin": arrangement.is_gin,
    }
    if as_json:
        echo_json(data)
        return
    console = _console()
    for m in melds:
        line = Text(f"{m['kind']:<4} ") + cards_text(m["cards"])
        if m["plays_as"] != m["cards"]:
            line += Text(f"  (as {' '.join(m['plays_as'])})", style="dim")
        console.print(line)
    if data["discard"]:
        console.print(Text("discard ") + cards_text([data["discard"]]))
    console.print(Text("deadwood ") + cards_text(data["deadwood"]) + Text(f" = {data['deadwood_value']}", style="bold"))
    if data["gin"]:
        console.print(Text("gin", style="bold green"))


COMMANDS = [rank, equity, meld]
