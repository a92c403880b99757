"""``hoyle new-variant NAME``: write a working variant skeleton, a distribution of its own.

    $ hoyle new-variant high-card --dir ./plugins-of-mine
    $ pip install -e ./plugins-of-mine/hoyle-high-card && pytest ./plugins-of-mine/hoyle-high-card

The skeleton (from the template files shipped in ``hoyle/templates/variant``) is a small
but real game with typed public state and a dealing order: ``pyproject.toml`` with the
``hoyle`` entry point, ``src/hoyle_NAME/__init__.py``, ``py.typed``, a README and tests
(``check_variant``, "is installed", and two rules on rigged decks).

    >>> from click.testing import CliRunner
    >>> r = CliRunner().invoke(new_variant, ["Bad Name"])
    >>> r.exit_code, "lower-case letters, digits and dashes" in r.output
    (2, True)
"""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path
from string import Template

import click

from hoyle.cli import cli

#: A variant name: what ``new_game`` takes, and the distribution's ``hoyle-NAME``.
NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


def skeleton(name: str) -> dict[str, str]:
    """The files of the skeleton of variant ``name``, by path inside the distribution.

    >>> sorted(skeleton("high-card"))[:2]
    ['README.md', 'pyproject.toml']
    """
    module = "hoyle_" + name.replace("-", "_")
    values = {
        "name": name,
        "dist": f"hoyle-{name}",
        "module": module,
        "title": name.replace("-", " ").capitalize(),
    }
    template = files("hoyle") / "templates" / "variant"

    def fill(file: str) -> str:
        return Template((template / file).read_text(encoding="utf-8")).substitute(values)

    return {
        "pyproject.toml": fill("pyproject.toml.tmpl"),
        "README.md": fill("README.md.tmpl"),
        f"src/{module}/__init__.py": fill("module.py.tmpl"),
        f"src/{module}/py.typed": "",
        f"tests/test_{module.removeprefix('hoyle_')}.py": fill("test_variant.py.tmpl"),
    }


@cli.command("new-variant")
@click.argument("name")
@click.option(
    "--dir",
    "directory",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("."),
    show_default=True,
    help="Where to create the distribution's folder (hoyle-NAME).",
)
def new_variant(name: str, directory: Path) -> None:
    """Write a working variant skeleton NAME (a distribution, hoyle-NAME) to --dir."""
    if not NAME.fullmatch(name):
        raise click.BadParameter(
            f"{name!r}: a variant name is lower-case letters, digits and dashes, starting with a letter",
            param_hint="NAME",
        )
    root = directory / f"hoyle-{name}"
    if root.exists():
        raise click.BadParameter(f"{root} already exists: choose another name or --dir", param_hint="NAME")
    for path, text in skeleton(name).items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    click.echo(f"wrote {root}: pip install -e {root} && pytest {root / 'tests'}")
