"""``hoyle variants``."""

from __future__ import annotations

import json

import hoyle
from click.testing import CliRunner
from hoyle.cli import cli


def test_json_lists_war_with_its_distribution_and_options(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["variants", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    war = next(v for v in data["variants"] if v["name"] == "war")
    assert war["distribution"] == "hoyle-war"
    assert war["family"] == "parlor"
    assert war["players"] == [2, 2]
    # The defaults documented in the War plugin's docstring.
    assert {o["name"]: o["default"] for o in war["options"]} == {"down_cards": 3, "max_battles": 1000}
    assert all(o["doc"] for o in war["options"])
    rule = next(h for h in data["house_rules"] if h["name"] == "war-cards-held")
    assert rule["variants"] == ["war"] and rule["distribution"] == "hoyle-war"


def test_the_listing_is_one_block_per_variant_in_80_columns(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["variants"], terminal_width=80)
    assert result.exit_code == 0, result.stderr
    assert max(map(len, result.stdout.splitlines())) <= 80
    blocks = result.stdout.split("\n\n")
    war = next(b for b in blocks if b.startswith("war "))
    assert war.splitlines()[0] == "war (parlor, 2 players, hoyle-war)"
    assert "options: down_cards, max_battles" in war
    rule = next(b for b in blocks if b.startswith("war-cards-held "))
    assert "house rule for war" in rule
    names = [b.split()[0] for b in blocks if "(" in b.splitlines()[0] and "house rule" not in b.splitlines()[0]]
    assert sorted(names) == sorted(hoyle.variants())


def test_one_variant_lists_every_option_and_its_house_rules(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["variants", "war"], terminal_width=80)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert max(map(len, lines)) <= 80
    assert "  down_cards = 3 (at least 1)" in lines and "  max_battles = 1000 (at least 1)" in lines
    assert any(line.startswith("  war-cards-held (hoyle-war)") for line in lines)
    data = json.loads(runner.invoke(cli, ["variants", "war", "--json"]).stdout)
    assert [r["name"] for r in data["house_rules"]] == ["war-cards-held"]
    assert {o["name"]: o["minimum"] for o in data["options"]} == {"down_cards": 1, "max_battles": 1}
    holdem = runner.invoke(cli, ["variants", "texas-holdem"], terminal_width=80).stdout
    assert "structure = 'no-limit' (one of 'no-limit', 'pot-limit', 'fixed-limit')" in holdem
    assert "war-cards-held" not in holdem  # a house rule for War only


def test_an_unknown_variant_is_a_usage_error_listing_the_installed(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["variants", "wra"])
    assert result.exit_code == 2
    assert "no variant named 'wra'" in result.stderr and "war" in result.stderr
