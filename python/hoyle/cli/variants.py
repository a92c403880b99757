"""``hoyle variants``: the installed variants and house rules, with their options."""

from __future__ import annotations

import textwrap
from typing import Any

import click

import hoyle
from hoyle.cli.common import echo_json
from hoyle.plugins import default_registry
from hoyle.registry import HouseRule, Option, Variant


def _option(o: Option) -> dict[str, Any]:
    out: dict[str, Any] = {"name": o.name, "default": o.default, "doc": o.doc}
    if o.choices is not None:
        out["choices"] = list(o.choices)
    if o.minimum is not None:
        out["minimum"] = o.minimum
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


#: The listing's width: it reads in an 80-column terminal.
WIDTH = 80


def _wrap(text: str, indent: str) -> list[str]:
    return textwrap.wrap(" ".join(text.split()), WIDTH, initial_indent=indent, subsequent_indent=indent) or [indent]


def _players(players: list[int]) -> str:
    lo, hi = players
    return f"{lo} player{'s' if lo != 1 else ''}" if lo == hi else f"{lo}-{hi} players"


def _summary(description: str) -> str:
    """The first sentence of a description."""
    text = " ".join(description.split())
    return text.split(". ")[0].rstrip(".") + "." if text else ""


def _option_lines(o: dict[str, Any], indent: str = "  ") -> list[str]:
    limits = []
    if "choices" in o:
        limits.append("one of " + ", ".join(map(repr, o["choices"])))
    if o.get("minimum") is not None:
        limits.append(f"at least {o['minimum']}")
    head = f"{o['name']} = {o['default']!r}" + (f" ({'; '.join(limits)})" if limits else "")
    return [*_wrap(head, indent), *_wrap(o["doc"], indent + "    ")]


def _heading(item: dict[str, Any]) -> str:
    """A variant's or a house rule's first line: its name, what it is, who provides it."""
    if "family" in item:
        what = f"{item['family'] or '-'}, {_players(item['players'])}"
    else:
        what = f"house rule for {', '.join(item['variants']) or 'any variant'}"
    return f"{item['name']} ({what}, {item['distribution'] or '-'})"


def _brief(item: dict[str, Any]) -> str:
    """A variant or house rule in the listing: its heading, summary and option names."""
    lines = [*_wrap(_heading(item), ""), *_wrap(_summary(item["description"]), "  ")]
    if item["options"]:
        lines += _wrap("options: " + ", ".join(o["name"] for o in item["options"]), "  ")
    return "\n".join(lines)


def _details(v: dict[str, Any], rules: list[dict[str, Any]]) -> list[str]:
    """One variant in full: description, every option, the house rules for it."""
    lines = [*_wrap(_heading(v), ""), *_wrap(v["description"], "  "), "", "options (name = default):"]
    lines += [line for o in v["options"] for line in _option_lines(o)] or ["  none"]
    lines += ["", "house rules:"]
    for r in rules:
        lines += _wrap(f"{r['name']} ({r['distribution'] or '-'}): {r['description']}", "  ")
        lines += [line for o in r["options"] for line in _option_lines(o, "    ")]
    if not rules:
        lines.append("  none")
    return lines


@click.command()
@click.argument("name", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print JSON on stdout.")
def variants(name: str | None, as_json: bool) -> None:
    """List the installed variants and house rules (one block each), or with NAME one
    variant's options in full and the house rules that apply to it."""
    vs = [variant_data(v) for _, v in sorted(hoyle.variants().items())]
    hs = [house_rule_data(r) for _, r in sorted(hoyle.house_rules().items())]
    if name is not None:
        v = next((v for v in vs if v["name"] == name), None)
        if v is None:
            raise click.UsageError(f"no variant named {name!r}; installed: {', '.join(x['name'] for x in vs)}")
        rules = [house_rule_data(r) for r in default_registry().house_rules_for(name)]
        if as_json:
            echo_json({**v, "house_rules": rules})
        else:
            click.echo("\n".join(_details(v, rules)))
        return
    if as_json:
        echo_json({"variants": vs, "house_rules": hs})
        return
    if not vs:
        click.echo("No variants installed: install a plugin, e.g. pip install ./plugins/hoyle-war")
    blocks = [_brief(item) for item in (*vs, *hs)]
    blocks.append("Options and house rules of one variant: hoyle variants NAME")
    click.echo("\n\n".join(blocks))


COMMANDS = [variants]
