"""The ``hoyle`` command: play, simulate, replay, and the poker and rummy tools.

    $ hoyle variants
    $ hoyle play war --option max_battles=20
    $ hoyle simulate war --games 2000 --seed 1 --option max_battles=500
    $ hoyle replay games.jsonl --json
    $ hoyle new-variant high-card --dir ./my-plugins

Each command group lives in its own module (``play``, ``simulate``, ``replay``,
``tools``, ``variants``, ``new_variant``, ``serve``, ``verify``); this module holds the Click group and the error policy:

* a :class:`~hoyle.errors.HoyleError` is one line on stderr, ``hoyle: error: ...``,
  and exit code 2;
* a :class:`CommandError` (a problem of the command line itself, e.g. a missing optional
  dependency) is one such line and exit code 1;
* Click's own usage errors keep Click's format (exit code 2);
* anything else is an internal error: one line naming it, exit code 1;
* ``hoyle --debug COMMAND ...`` lets every error propagate with its traceback.

    >>> from click.testing import CliRunner
    >>> r = CliRunner().invoke(cli, ["play", "no-such-game"])
    >>> r.exit_code, r.stderr.startswith("hoyle: error: unknown variant 'no-such-game'")
    (2, True)
"""

from __future__ import annotations

import sys
from typing import Any

import click

from hoyle.cli.common import CommandError, one_line
from hoyle.errors import HoyleError

__all__ = ["CommandError", "cli", "main"]

_DEBUG_KEY = "hoyle.debug"


class HoyleGroup(click.Group):
    """A Click group that turns exceptions into one line on stderr (see the module
    docstring) unless ``--debug`` was given."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except HoyleError as exc:
            if ctx.meta.get(_DEBUG_KEY):
                raise
            click.echo(f"hoyle: error: {one_line(str(exc))}", err=True)
            ctx.exit(2)
        except KeyboardInterrupt:
            if ctx.meta.get(_DEBUG_KEY):
                raise
            click.echo("hoyle: error: interrupted", err=True)
            ctx.exit(130)
        except Exception as exc:
            if ctx.meta.get(_DEBUG_KEY):
                raise
            click.echo(
                f"hoyle: error: internal error: {type(exc).__name__}: {one_line(str(exc))} (run with --debug for the traceback)",
                err=True,
            )
            ctx.exit(1)


@click.group(cls=HoyleGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--debug", is_flag=True, help="Show the full traceback of any error.")
@click.version_option(package_name="hoyle", prog_name="hoyle")
@click.pass_context
def cli(ctx: click.Context, debug: bool) -> None:
    """hoyle: card games by the rules - play against bots, simulate, replay, and rank,
    equity and meld tools."""
    ctx.meta[_DEBUG_KEY] = debug


def main(argv: list[str] | None = None) -> None:
    """The console-script entry point (``hoyle = "hoyle.cli:main"``)."""
    cli.main(args=argv if argv is not None else sys.argv[1:], prog_name="hoyle")


# Register the commands (each module adds its commands to ``cli``).
from hoyle.cli import analysis as _analysis  # noqa: E402
from hoyle.cli import new_variant as _new_variant  # noqa: E402, F401
from hoyle.cli import play as _play  # noqa: E402
from hoyle.cli import replay as _replay  # noqa: E402
from hoyle.cli import serve as _serve  # noqa: E402
from hoyle.cli import simulate as _simulate  # noqa: E402
from hoyle.cli import stats as _stats  # noqa: E402
from hoyle.cli import tools as _tools  # noqa: E402
from hoyle.cli import variants as _variants  # noqa: E402
from hoyle.cli import verify as _verify  # noqa: E402

for _module in (_variants, _play, _simulate, _replay, _tools, _analysis, _stats, _serve, _verify):
    for _command in _module.COMMANDS:
        cli.add_command(_command)
