"""The row of one game in an output file, and a chunk's rows encoded for a file.

A worker encodes the chunk it played (:func:`encode`: JSON lines, or one Arrow record
batch as an IPC stream) so that the process collecting the chunks only appends bytes:
its cost per chunk does not grow with the games in it.

A row: ``chunk``, ``index`` (the game's number in the run), ``seed``, ``variant``,
``options`` (JSON text in Parquet, JSON in JSONL), ``house_rules``, ``bots``,
``settlement``, ``scores``, ``winners``, ``actions``, ``deals``, ``stopped`` (the game
reached the run's ``max_actions`` without ending), ``max_actions`` (the run's cap) and
``game`` (the replayable record with ``keep_games``, else null; in JSONL the record
itself, so ``hoyle replay games.jsonl`` replays the file).

    >>> from hoyle.simulate.chunks import Job, play_chunk
    >>> job = Job("war", seed=2, games=3, chunk_size=2, bots=("random", "random"), options={"max_battles": 5})
    >>> line = encode("jsonl", job, play_chunk(job, 1)).decode()
    >>> row = json.loads(line)
    >>> row["chunk"], row["index"], row["options"], from_row(row).index
    (1, 2, {'max_battles': 5}, 2)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from hoyle.errors import InvalidArgumentError
from hoyle.simulate.chunks import ChunkGame, Job
from hoyle.simulate.play import GameRecord

#: The encodings a sink can ask workers for.
ENCODINGS = ("jsonl", "arrow")


def options_text(options: Mapping[str, Any]) -> str:
    """The options as canonical JSON (sorted keys), as stored in every Parquet row."""
    return json.dumps(dict(options), sort_keys=True, separators=(",", ":"))


def to_row(job: Job, game: ChunkGame) -> dict[str, Any]:
    """The JSONL row of one game."""
    r = game.record
    return {
        "chunk": game.index // job.chunk_size,
        "index": game.index,
        "seed": r.seed,
        "variant": job.variant,
        "options": dict(job.options),
        "house_rules": list(job.house_rules),
        "bots": job.bot_names(),
        "settlement": list(r.settlement),
        "scores": list(r.scores),
        "winners": list(r.winners),
        "actions": r.actions,
        "deals": r.deals,
        "stopped": r.stopped,
        "max_actions": job.max_actions,
        "game": json.loads(r.game) if r.game is not None else None,
    }


def from_row(row: Mapping[str, Any]) -> ChunkGame:
    """The game of a row (JSONL or Parquet)."""
    game = row.get("game")
    if isinstance(game, dict):  # JSONL holds the record itself: back to Game.to_json()'s text
        game = json.dumps(game)
    record = GameRecord(
        row["seed"],
        list(row["settlement"]),
        list(row["scores"]),
        list(row["winners"]),
        row["actions"],
        row["deals"],
        game,
        stopped=bool(row.get("stopped", False)),
    )
    return ChunkGame(row["index"], record)


def arrow() -> tuple[Any, Any, Any]:
    """pyarrow, its IPC and its Parquet modules (imported on first use)."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
        from pyarrow import ipc
    except ImportError:
        raise InvalidArgumentError("Parquet output needs pyarrow: pip install 'hoyle[ray]' (or pyarrow)") from None
    return pa, ipc, pq


def arrow_schema(pa: Any) -> Any:
    """The columns of a Parquet file (and of its journal)."""
    ints = pa.list_(pa.int64())
    return pa.schema(
        [
            ("chunk", pa.int64()),
            ("index", pa.int64()),
            ("seed", pa.uint64()),
            ("variant", pa.string()),
            ("options", pa.string()),
            ("house_rules", pa.list_(pa.string())),
            ("bots", pa.list_(pa.string())),
            ("settlement", ints),
            ("scores", ints),
            ("winners", ints),
            ("actions", pa.int64()),
            ("deals", pa.int64()),
            ("stopped", pa.bool_()),
            ("max_actions", pa.int64()),
            ("game", pa.string()),
        ]
    )


def arrow_batch(job: Job, games: list[ChunkGame]) -> Any:
    """The chunk as one Arrow record batch, built column by column."""
    pa, _, _ = arrow()
    schema = arrow_schema(pa)
    n = len(games)
    records = [g.record for g in games]
    columns = {
        "chunk": [g.index // job.chunk_size for g in games],
        "index": [g.index for g in games],
        "seed": [r.seed for r in records],
        "variant": [job.variant] * n,
        "options": [options_text(job.options)] * n,
        "house_rules": [list(job.house_rules)] * n,
        "bots": [job.bot_names()] * n,
        "settlement": [r.settlement for r in records],
        "scores": [r.scores for r in records],
        "winners": [r.winners for r in records],
        "actions": [r.actions for r in records],
        "deals": [r.deals for r in records],
        "stopped": [r.stopped for r in records],
        "max_actions": [job.max_actions] * n,
        "game": [r.game for r in records],
    }
    return pa.RecordBatch.from_arrays([pa.array(columns[f.name], type=f.type) for f in schema], schema=schema)


def encode(encoding: str, job: Job, games: list[ChunkGame]) -> bytes:
    """The chunk's rows as bytes: JSON lines, or an Arrow IPC stream of one record batch."""
    if encoding == "jsonl":
        return "".join(json.dumps(to_row(job, g), separators=(",", ":")) + "\n" for g in games).encode()
    if encoding == "arrow":
        pa, ipc, _ = arrow()
        batch = arrow_batch(job, games)
        sink = pa.BufferOutputStream()
        with ipc.new_stream(sink, batch.schema) as writer:
            writer.write_batch(batch)
        return bytes(sink.getvalue().to_pybytes())
    raise InvalidArgumentError(f"encoding={encoding!r}: choose one of {', '.join(ENCODINGS)}")


def decode_arrow(payload: bytes) -> Any:
    """The record batch of :func:`encode` ``("arrow", ...)``."""
    pa, ipc, _ = arrow()
    return ipc.open_stream(pa.py_buffer(payload)).read_next_batch()
