"""``hoyle variants``: the installed variants and house rules, with their options."""

from __future__ import annotations

from typing import Any

import click
from rich.console import Console
from rich.table import Table

import hoyle
from hoyle.cli.common import echo_json
from hoyle.registry import HouseRule, Option, Variant


def _option(o: Option) -> dict[str, Any]:
    out: dict[str, Any] = {"name": o.name, "default": o.default, "doc": o.doc}
    if o.choices is not None:
        out["choices"] = list(o.choices)
    return out


def variant_data(v: Variant) -> dict[str, Any]:
    """A variant as plain data (``hoyle variants --json``)."""
    return {
        "name": v.name,
        "family": v.family,
        "players": list(v.players),
        "distribution": v.distribution,
        "description": v.description,
        "options": [_option(o) for o in v.options],
    }


def house_rule_data(r: HouseRule) -> dict[str, Any]:
    """A house rule as plain data."""
    return {
        "name": r.name,
        "variants": list(r.variants),
        "distribution": r.distribution,
        "description": " ".join(r.description.split()),
        "options": [_option(o) for o in r.options],
    }


def _options_cell(options: list[dict[str, Any]]) -> str:
    return "\n".join(f"{o['name']}={o['default']!r}: {o['doc']}" for o in options) or "-"


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON on stdout.")
def variants(as_json: bool) -> None:
    """List the installed variants and house rules, their options and defaults, and
    the distribution that provides each."""
    vs = [variant_data(v) for _, v in sorted(hoyle.variants().items())]
    hs = [house_rule_data(r) for _, r in sorted(hoyle.house_rules().items())]
    if as_json:
        echo_json({"variants": vs, "house_rules": hs})
        return
    console = Console(highlight=False, markup=False)
    if not vs:
        console.print("No variants installed: install a plugin, e.g. pip install ./plugins/hoyle-war")
    else:
        table = Table(title="variants", title_justify="left")
        for col in ("name", "family", "players", "distribution", "options (default: doc)"):
            table.add_column(col)
        for v in vs:
            lo, hi = v["players"]
            table.add_row(
                v["name"],
                v["family"] or "-",
                str(lo) if lo == hi else f"{lo}-{hi}",
                v["distribution"] or "-",
                _options_cell(v["options"]),
            )
        console.print(table)
    if hs:
        table = Table(title="house rules", title_justify="left")
        for col in ("name", "for", "distribution", "options (default: doc)", "description"):
            table.add_column(col)
        for h in hs:
            table.add_row(
                h["name"],
                ", ".join(h["variants"]) or "any",
                h["distribution"] or "-",
                _options_cell(h["options"]),
                h["description"],
            )
        console.print(table)


COMMANDS = [variants]
