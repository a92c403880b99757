"""The error policy: one line on stderr, exit code 2 for rules errors, tracebacks only
with --debug, Click's usage errors untouched."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from hoyle.cli import cli
from hoyle.cli.common import parse_options, parse_value
from hoyle.errors import UnknownVariantError


def one_error_line(result: object) -> str:
    stderr = result.stderr  # type: ignore[attr-defined]
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert "Traceback" not in stderr
    assert lines[0].startswith("hoyle: error: ")
    return lines[0]


@pytest.mark.parametrize("command", [["play", "no-such-game"], ["simulate", "no-such-game", "--games", "1"]])
def test_unknown_variant_is_one_line_exit_2(runner: CliRunner, command: list[str]) -> None:
    result = runner.invoke(cli, command)
    assert result.exit_code == 2
    line = one_error_line(result)
    assert "unknown variant 'no-such-game'" in line and "war" in line  # names what is installed
    assert result.stdout == ""


def test_bad_option_value_names_the_option(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["simulate", "war", "--games", "1", "--option", "max_battles=many"])
    assert result.exit_code == 2
    assert "max_battles='many': expected int" in one_error_line(result)


def test_unknown_option_lists_the_known_ones(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["play", "war", "-o", "speed=3"])
    assert result.exit_code == 2
    line = one_error_line(result)
    assert "unknown option 'speed'" in line and "max_battles" in line


def test_unknown_house_rule(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["simulate", "war", "-n", "1", "--house-rule", "aces-wild"])
    assert result.exit_code == 2
    assert "unknown house rule 'aces-wild'" in one_error_line(result)


def test_unknown_bot(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["simulate", "war", "-n", "1", "--bots", "random,genius"])
    assert result.exit_code == 2
    assert "unknown bot 'genius'" in one_error_line(result)


def test_debug_lets_the_exception_through(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["--debug", "play", "no-such-game"])
    assert isinstance(result.exception, UnknownVariantError)
    assert "hoyle: error" not in result.stderr


def test_internal_error_is_one_line_exit_1(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    import hoyle

    def broken() -> None:
        raise RuntimeError("disk on fire\nsecond line")

    monkeypatch.setattr(hoyle, "variants", broken)
    result = runner.invoke(cli, ["variants"])
    assert result.exit_code == 1
    line = one_error_line(result)
    assert "internal error: RuntimeError: disk on fire second line" in line and "--debug" in line


def test_click_usage_errors_stay_clicks(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["simulate", "war"])
    assert result.exit_code == 2
    assert "Missing option '--games'" in result.stderr
    assert "Usage:" in result.stderr


def test_option_without_equals_is_a_usage_error(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["simulate", "war", "-n", "1", "-o", "max_battles"])
    assert result.exit_code == 2
    assert "'max_battles' is not KEY=VALUE" in result.stderr


@pytest.mark.parametrize(
    ("text", "value"),
    [("20", 20), ("-3", -3), ("0.5", 0.5), ("1e3", 1000.0), ("true", True), ("FALSE", False), ("gin", "gin"), ("", "")],
)
def test_parse_value_tries_int_float_bool_then_text(text: str, value: object) -> None:
    parsed = parse_value(text)
    assert parsed == value and type(parsed) is type(value)


def test_parse_options_keeps_equals_in_values() -> None:
    assert parse_options(["a=1", "b = x=y"]) == {"a": 1, "b": "x=y"}
