"""Fair shuffles: a seed nobody at the table chose, committed to before the first deal
and revealed when the game ends, so that anyone can check the deal.

The server draws a table's seed (64 random bits from :mod:`secrets`) and publishes
``commitment(table, seed)``, the SHA-256 of ``"<table id>:<seed>"``, with the table's
creation, before any card is shown. When the game is over the seed is revealed in the
table record; :func:`verify` (``hoyle verify TABLE_RECORD``) checks that the revealed
seed hashes to the commitment and that the game record replays, from that seed, to the
result the server announced - so the cards dealt were the seed's cards.

    >>> commitment("3f2c9a1be07d4c55", 7)[:16]   # printf '3f2c9a1be07d4c55:7' | sha256sum
    '32a7c67bec4d0f02'
    >>> import json, hoyle
    >>> game = json.loads(hoyle.new_game("war", players=2, seed=7).to_json())
    >>> verify({"table": "3f2c9a1be07d4c55", "commitment": commitment("3f2c9a1be07d4c55", 7), "game": game}).ok
    True
    >>> verify({"table": "3f2c9a1be07d4c55", "commitment": commitment("3f2c9a1be07d4c55", 8), "game": game}).ok
    False
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from hoyle.errors import HoyleError, InvalidArgumentError

#: The seed range the engine takes (and the server draws from).
SEED_BITS = 64


def draw_seed() -> int:
    """A seed nobody chose: 64 bits from the operating system's random source."""
    return secrets.randbits(SEED_BITS)


def commitment(table: str, seed: int) -> str:
    """The SHA-256 (hex) of ``"<table>:<seed>"`` (the seed in decimal): published before
    the first deal, it binds the server to the seed without revealing it."""
    return hashlib.sha256(f"{table}:{seed}".encode("ascii")).hexdigest()


@dataclass
class Verification:
    """What :func:`verify` found: ``ok`` when every check passed; ``checks`` lists each
    check in words with its outcome; ``hands`` is each seat's first deal."""

    ok: bool = True
    checks: list[tuple[str, bool]] = field(default_factory=list)
    hands: dict[str, list[str]] = field(default_factory=dict)

    def check(self, what: str, passed: bool) -> bool:
        self.checks.append((what, passed))
        self.ok = self.ok and passed
        return passed


def _field(record: Mapping[str, Any], name: str, kind: type) -> Any:
    value = record.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise InvalidArgumentError(f"the table record's {name!r} must be a {kind.__name__}, not {value!r}")
    return value


def verify(record: Mapping[str, Any], expected_commitment: str | None = None) -> Verification:
    """Check a finished table's record (``GET /api/tables/{table}/record``): the revealed
    seed hashes, with the table id, to the commitment (and to ``expected_commitment``,
    the one you noted at the start, if given); the game replays legally from that seed;
    the replay reaches the result the server announced.

    Raises :class:`~hoyle.errors.InvalidArgumentError` for a record that is not a table
    record at all; a record that fails a check is a :class:`Verification` with ``ok``
    false, naming the check.
    """
    from hoyle.engine import Game

    if not isinstance(record, Mapping):
        raise InvalidArgumentError("a table record must be a JSON object")
    table = _field(record, "table", str)
    published = _field(record, "commitment", str)
    game_record = _field(record, "game", Mapping)
    seed = _field(game_record, "seed", int)
    out = Verification()
    out.check(
        f"the seed {seed} and table {table} hash to the commitment {published}",
        hmac.compare_digest(commitment(table, seed), published.lower()),
    )
    if expected_commitment is not None:
        out.check(
            f"the record's commitment is the one published at the start ({expected_commitment})",
            hmac.compare_digest(expected_commitment.lower(), published.lower()),
        )
    try:
        dealt = Game.from_json(json.dumps({**game_record, "actions": []}))
        game = Game.from_json(json.dumps(game_record))
    except (HoyleError, LookupError, TypeError, ValueError) as exc:
        out.check(f"the game replays from the seed ({exc})", False)
        return out
    out.check(f"the game replays from the seed: {len(game_record.get('actions') or [])} actions, all legal", True)
    players = list(dealt.state.players)
    for zone in dealt.state.zones.values():
        if zone.owner is not None and zone.cards:
            out.hands.setdefault(players[zone.owner], []).extend(str(c) for c in zone.cards)
    if "result" in record:
        replayed = json.loads(json.dumps(game.result))
        out.check("the replay reaches the result the server announced", replayed == record["result"])
    return out
