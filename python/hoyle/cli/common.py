"""Pieces shared by the commands: the command-line error, ``--option key=value``
parsing, the shared options and JSON output.

    >>> parse_value("20"), parse_value("0.5"), parse_value("True"), parse_value("gin")
    (20, 0.5, True, 'gin')
    >>> parse_options(["max_battles=20", "name=a=b"])
    {'max_battles': 20, 'name': 'a=b'}
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import IO, Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


class CommandError(click.ClickException):
    """A command-line problem that is not a rules error (a missing optional module, an
    unreadable file): printed as ``hoyle: error: MESSAGE``, exit code 1."""

    exit_code = 1

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(f"hoyle: error: {one_line(self.format_message())}", err=True)


def one_line(message: str) -> str:
    """Collapse a message to one line."""
    return " ".join(str(message).split()) or "(no message)"


def parse_value(text: str) -> int | float | bool | str:
    """An option value from the command line: an int, else a float, else true/false
    (any case), else the text itself."""
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def parse_options(pairs: Iterable[str]) -> dict[str, Any]:
    """``["key=value", ...]`` to a dict of parsed values (see :func:`parse_value`)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"{pair!r} is not KEY=VALUE", param_hint="'--option'")
        options[key.strip()] = parse_value(value.strip())
    return options


def parse_bots(text: str | None) -> list[str]:
    """``"random,random"`` to ``["random", "random"]`` (an empty text: no bots)."""
    if text is None:
        return []
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise click.BadParameter(f"{text!r}: bot names separated by commas, e.g. random,random", param_hint="'--bots'")
    return names


def game_options(f: F) -> F:
    """The ``--option`` and ``--house-rule`` options, shared by play and simulate."""
    f = click.option(
        "--house-rule",
        "house_rules",
        multiple=True,
        metavar="NAME",
        help="Apply an installed house rule (repeatable; `hoyle variants` lists them).",
    )(f)
    f = click.option(
        "--option",
        "-o",
        "options",
        multiple=True,
        metavar="KEY=VALUE",
        help="Set a variant option (repeatable); the value is read as int, float, true/false or text.",
    )(f)
    return f


def require(module: str) -> ModuleType:
    """Import an optional part of hoyle, or fail with one clear line."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise CommandError(f"{module} is not available in this installation") from None


def echo_json(data: Any) -> None:
    """Machine-readable output: one JSON document on stdout."""
    click.echo(json.dumps(data, indent=2, default=str))
