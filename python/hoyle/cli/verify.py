"""``hoyle verify TABLE_RECORD``: check that a finished server table's deal was fair.

    $ curl -s http://127.0.0.1:8000/api/tables/3f2c9a1be07d4c55/record > table.json
    $ hoyle verify table.json --commitment <the commitment shown when the table opened>

It checks that the revealed seed hashes, with the table id, to the commitment the
server published before the first deal, that the game replays legally from that seed
and that the replay reaches the result the server announced; it prints each seat's
first deal, to compare with the cards you were dealt. Exit status 0 when every check
passes, 1 when one fails (docs/server.md, "Fair shuffles").
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from hoyle.cli.common import CommandError


@click.command("verify")
@click.argument("table_record", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--commitment",
    default=None,
    help="The commitment you noted when the table opened: the record's must be the same.",
)
@click.pass_context
def verify(ctx: click.Context, table_record: Path, commitment: str | None) -> None:
    """Check a finished table's record (GET /api/tables/{table}/record): the seed, the
    commitment published before the first deal, and the replay of every action."""
    from hoyle.server.fairness import verify as check

    try:
        record = json.loads(table_record.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise CommandError(f"{table_record}: not a JSON table record ({exc})") from None
    found = check(record, expected_commitment=commitment)
    for what, passed in found.checks:
        click.echo(f"{'ok  ' if passed else 'FAIL'} {what}")
    for player, cards in found.hands.items():
        click.echo(f"     dealt to {player}: {' '.join(cards)}")
    click.echo("verified: the deal came from the committed seed" if found.ok else "NOT verified")
    ctx.exit(0 if found.ok else 1)


COMMANDS = [verify]
