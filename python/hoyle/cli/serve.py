"""``hoyle serve``: the game server and its web page (the ``server`` extra).

    $ pip install "hoyle[server]"
    $ hoyle serve --port 8000 --store tables/

Then open http://127.0.0.1:8000/ to start a table against bots. The JSON API and the
WebSocket are documented in docs/server.md.
"""

from __future__ import annotations

from pathlib import Path

import click

from hoyle.cli.common import CommandError


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option(
    "--store",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Directory of table logs: every accepted action is fsync-ed there before it is acknowledged, "
    "and a restarted server restores every table from it.",
)
@click.option(
    "--idle-expiry",
    type=click.FloatRange(min=0, min_open=True),
    default=None,
    help="Delete an unfinished table after this many seconds without an action (default: never).",
)
@click.option(
    "--finished-expiry",
    type=click.FloatRange(min=0, min_open=True),
    default=None,
    help="Delete a finished table this many seconds after its last action (default: never).",
)
@click.option(
    "--max-tables-per-client",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    help="How many unfinished tables one client (IP address) may hold at once.",
)
@click.option(
    "--bot-seconds",
    type=click.FloatRange(min=0, min_open=True),
    default=10.0,
    show_default=True,
    help="The seconds a bot's move may take; past it the server plays the seat's default action "
    "(check, else fold; in rummy draw and discard the card drawn) and logs why.",
)
def serve(
    host: str,
    port: int,
    store: Path | None,
    idle_expiry: float | None,
    finished_expiry: float | None,
    max_tables_per_client: int,
    bot_seconds: float,
) -> None:
    """Host tables for any installed variant over HTTP and WebSocket, with a web page."""
    try:
        from hoyle.server.app import serve as run
    except ImportError as exc:
        raise CommandError(f"hoyle serve needs the server extra: pip install 'hoyle[server]' ({exc})") from None
    click.echo(f"hoyle: serving on http://{host}:{port}/" + (f" (tables logged in {store})" if store else ""), err=True)
    from hoyle.server.store import StoreError

    try:
        run(
            host=host,
            port=port,
            store=store,
            idle_expiry=idle_expiry,
            finished_expiry=finished_expiry,
            per_client=max_tables_per_client,
            bot_seconds=bot_seconds,
        )
    except StoreError as exc:
        raise CommandError(str(exc)) from None


COMMANDS = [serve]
