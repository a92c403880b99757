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
def serve(host: str, port: int, store: Path | None) -> None:
    """Host tables for any installed variant over HTTP and WebSocket, with a web page."""
    try:
        from hoyle.server.app import serve as run
    except ImportError as exc:
        raise CommandError(f"hoyle serve needs the server extra: pip install 'hoyle[server]' ({exc})") from None
    click.echo(f"hoyle: serving on http://{host}:{port}/" + (f" (tables logged in {store})" if store else ""), err=True)
    from hoyle.server.store import StoreError

    try:
        run(host=host, port=port, store=store)
    except StoreError as exc:
        raise CommandError(str(exc)) from None


COMMANDS = [serve]
