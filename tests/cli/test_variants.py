"""``hoyle variants``."""

from __future__ import annotations

import json

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


def test_table_names_variant_distribution_and_defaults(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["variants"], terminal_width=200)
    assert result.exit_code == 0, result.stderr
    row = next(line for line in result.stdout.splitlines() if "│ war " in line)
    assert "parlor" in row and "hoyle-war" in row and "down_cards=3" in row
    assert "max_battles=1000" in result.stdout
    assert "war-cards-held" in result.stdout
