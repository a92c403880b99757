"""Replayed hands as a table: one row per hand and seat (``hoyle replay DIR --out
hands.parquet``), for analysis in any dataframe tool.

    >>> from hoyle.handhistory import pokerstars, replay
    >>> text = '''PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2024/01/05 20:00:00 ET
    ... Table 'Alpha' 6-max Seat #2 is the button
    ... Seat 1: Ann ($200 in chips)
    ... Seat 2: Bo ($200 in chips)
    ... Bo: posts small blind $1
    ... Ann: posts big blind $2
    ... *** HOLE CARDS ***
    ... Dealt to Bo [As Kd]
    ... Bo: raises $4 to $6
    ... Ann: folds
    ... Uncalled bet ($4) returned to Bo
    ... Bo collected $4 from pot
    ... '''
    >>> (record,) = pokerstars.records(text)
    >>> [(r["player"], r["position"], r["cards"], r["actions"][0], r["net"]) for r in hand_rows(record, replay(record))]
    [('Ann', 0, '', 'fold', -2.0), ('Bo', 1, 'AsKd', 'raise 6', 2.0)]

Columns (:data:`COLUMNS`): the hand (``site``, ``hand``, ``game``, ``limit``,
``currency``, ``small_blind``, ``big_blind``, ``ante``, ``small_bet``, ``big_bet``,
``tournament``, ``table``), the seat (``seat``, the table's number; ``player``;
``position``, 0 the first left of the button and the button last; ``button``), the
cards when known (``cards``: dealt face down and seen, or shown), ``actions`` (one
string per betting round, the player's actions in order: ``"call"``, ``"raise 6"``,
``"draw 2"``; amounts in the file's units, bets and raises "to"), and the result:
``start``, ``finish`` (hoyle's finishing stack), ``net`` and ``collected`` (what the file
says the player took from the pot).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

from hoyle.engine.game import Game
from hoyle.errors import ReplayError
from hoyle.handhistory.games import finishing_stacks
from hoyle.handhistory.record import HandRecord

__all__ = ["COLUMNS", "hand_rows", "write_parquet"]

#: The columns of a row and their types (``str``, ``float``, ``int``, ``bool``, ``list``: strings).
COLUMNS: dict[str, type] = {
    "site": str,
    "hand": str,
    "game": str,
    "limit": str,
    "currency": str,
    "small_blind": float,
    "big_blind": float,
    "ante": float,
    "small_bet": float,
    "big_bet": float,
    "tournament": str,
    "table": str,
    "seat": int,
    "player": str,
    "position": int,
    "button": bool,
    "cards": str,
    "actions": list,
    "start": float,
    "finish": float,
    "net": float,
    "collected": float,
}


def hand_rows(record: HandRecord, game: Game) -> list[dict[str, Any]]:
    """One row per player dealt in, in seat order (see the module's columns)."""
    finish = finishing_stacks(game)
    order = record.position_order()
    streets = 1 + max((a.street for a in record.actions), default=0)
    rows = []
    for i, player in enumerate(record.players):
        acts: list[list[str]] = [[] for _ in range(streets)]
        for a in record.actions:
            if a.player == i:
                acts[a.street].append(_action_text(a.kind, a.amount, len(a.cards)))
        rows.append(
            {
                "site": record.site,
                "hand": record.hand_id,
                "game": record.game,
                "limit": record.limit,
                "currency": record.currency,
                "small_blind": float(record.small_blind),
                "big_blind": float(record.big_blind),
                "ante": float(record.ante),
                "small_bet": float(record.small_bet),
                "big_bet": float(record.big_bet),
                "tournament": record.tournament,
                "table": record.table,
                "seat": record.seats[i],
                "player": player,
                "position": order.index(i),
                "button": record.seats[i] == record.button,
                "cards": "".join(_known_cards(record, i)),
                "actions": [", ".join(a) for a in acts],
                "start": float(record.stacks[i]),
                "finish": float(finish[i]),
                "net": float(finish[i] - record.stacks[i]),
                "collected": float((record.collected or {}).get(i, Decimal(0))),
            }
        )
    return rows


def _action_text(kind: str, amount: Decimal, thrown: int) -> str:
    if kind in ("bet", "raise"):
        return f"{kind} {amount.normalize():f}"
    if kind == "draw":
        return f"draw {thrown}"
    return kind


def _known_cards(record: HandRecord, player: int) -> list[str]:
    """The player's cards as far as the file shows them: shown at the showdown, else
    dealt face down and seen (the hero's), else a stud hand's up cards."""
    if player in record.shows:
        return record.shows[player]
    if player in record.holes:
        return record.holes[player]
    dealt = record.dealt.get(player, {})
    return [c for street in sorted(dealt) for c in dealt[street] if c != "??"]


def write_parquet(rows: Iterable[dict[str, Any]], path: Path, batch: int = 10_000) -> int:
    """Stream ``rows`` to a Parquet file in batches of ``batch`` rows; the rows written.
    Needs ``pyarrow``; raises :class:`~hoyle.errors.ReplayError` without it."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as exc:  # pragma: no cover - pyarrow is a test dependency
        raise ReplayError(f"writing {path} needs pyarrow (pip install pyarrow)") from exc
    types = {str: pa.string(), float: pa.float64(), int: pa.int64(), bool: pa.bool_(), list: pa.list_(pa.string())}
    schema = pa.schema([(name, types[kind]) for name, kind in COLUMNS.items()])
    written = 0
    with pq.ParquetWriter(path, schema) as out:
        for chunk in _chunks(rows, batch):
            out.write_table(pa.Table.from_pylist(chunk, schema=schema))
            written += len(chunk)
    return written


def _chunks(rows: Iterable[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    chunk: list[dict[str, Any]] = []
    for row in rows:
        chunk.append(row)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk
