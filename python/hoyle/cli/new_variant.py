"""``hoyle new-variant NAME``: write a working variant skeleton, a distribution of its own.

    $ hoyle new-variant high-card --dir ./plugins-of-mine
    $ pip install -e ./plugins-of-mine/hoyle-high-card && pytest ./plugins-of-mine/hoyle-high-card

The skeleton (from the template files shipped in ``hoyle/templates/variant``) is a small
but real game with typed public state and a dealing order: ``pyproject.toml`` with the
``hoyle`` entry point, ``src/hoyle_NAME/__init__.py``, ``py.typed``, a README and tests
(``check_variant``, "is installed", and two rules on rigged decks).

    $ hoyle new-variant --house-rule double-gin --variant gin-rummy

writes a house rule instead (``hoyle/templates/house_rule``): a wrapper of one rule hook
(every deal scores ``factor`` times), an option, and tests (installed, ``check_variant``
under the rule, the rule on the same seeded games).

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


def skeleton(name: str, house_rule_for: str | None = None) -> dict[str, str]:
    """The files of the skeleton of variant ``name`` (or, with ``house_rule_for``, of a
    house rule ``name`` of that variant), by path inside the distribution.

    >>> sorted(skeleton("high-card"))[:2]
    ['README.md', 'pyproject.toml']
    >>> sorted(skeleton("double-gin", house_rule_for="gin-rummy"))[-1]
    'tests/test_double_gin.py'
    """
    module = "hoyle_" + name.replace("-", "_")
    values = {
        "name": name,
        "dist": f"hoyle-{name}",
        "module": module,
        "title": name.replace("-", " ").capitalize(),
        "variant": house_rule_for or name,
    }
    kind = "variant" if house_rule_for is None else "house_rule"
    template = files("hoyle") / "templates" / kind

    def fill(file: str) -> str:
        return Template((template / file).read_text(encoding="utf-8")).substitute(values)

    return {
        "pyproject.toml": fill("pyproject.toml.tmpl"),
        "README.md": fill("README.md.tmpl"),
        f"src/{module}/__init__.py": fill("module.py.tmpl"),
        f"src/{module}/py.typed": "",
        f"tests/test_{module.removeprefix('hoyle_')}.py": fill(f"test_{kind}.py.tmpl"),
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
@click.option(
    "--house-rule",
    "house_rule",
    is_flag=True,
    help="Write a house rule NAME of an installed --variant instead of a new variant.",
)
@click.option("--variant", "variant", default=None, help="The installed variant the house rule changes.")
def new_variant(name: str, directory: Path, house_rule: bool, variant: str | None) -> None:
    """Write a working variant skeleton NAME (a distribution, hoyle-NAME) to --dir; with
    --house-rule --variant V, a house rule NAME of V with its tests."""
    if not NAME.fullmatch(name):
        raise click.BadParameter(
            f"{name!r}: a variant name is lower-case letters, digits and dashes, starting with a letter",
            param_hint="NAME",
        )
    if house_rule != (variant is not None):
        raise click.UsageError("--house-rule and --variant V go together: a house rule changes one variant")
    if variant is not None:
        import hoyle

        if variant not in hoyle.variants():
            raise click.BadParameter(f"{variant!r} is not an installed variant", param_hint="--variant")
    root = directory / f"hoyle-{name}"
    if root.exists():
        raise click.BadParameter(f"{root} already exists: choose another name or --dir", param_hint="NAME")
    for path, text in skeleton(name, house_rule_for=variant).items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    click.echo(f"wrote {root}: pip install -e {root} && pytest {root / 'tests'}")
