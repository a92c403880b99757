"""Games streamed to disk as chunks finish, one row per game, and runs that resume.

``simulate(out="games.jsonl")`` appends one JSON line per game; ``out="games.parquet"``
(pyarrow) keeps a journal beside the file (``games.parquet.partial``, an Arrow stream with
one record batch per chunk) and turns it into the Parquet file, one row group per chunk,
when the run ends. Chunks are written in chunk order, so a file is always whole chunks
followed by at most one chunk cut short by a crash. Opening a file again with the same
simulation keeps its whole chunks, drops the cut one, and the run plays only the rest;
a file of another simulation (seed, variant, bots, options, chunk size, max_actions) is
refused.

The rows are those of :mod:`hoyle.simulate.rows`, encoded by the workers: this side
only appends their bytes (and, for Parquet, copies the journal into the file at the end).

    >>> import tempfile, pathlib
    >>> from hoyle.simulate.chunks import Job, play_chunk
    >>> from hoyle.simulate.rows import encode
    >>> job = Job("war", seed=2, games=3, chunk_size=2, bots=("random", "random"), options={"max_battles": 5})
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "games.jsonl"
    >>> sink = open_sink(path, job)
    >>> sink.resume(lambda games: None)
    0
    >>> sink.write(0, encode(sink.encoding, job, play_chunk(job, 0))); sink.close()
    >>> [r.index for r in read_games(path)]
    [0, 1]
"""

from __future__ import annotations

import contextlib
import json
import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, BinaryIO

from hoyle.errors import InvalidArgumentError
from hoyle.simulate.chunks import ChunkGame, Job
from hoyle.simulate.play import game_seed
from hoyle.simulate.rows import arrow, arrow_schema, decode_arrow, from_row, options_text

#: What ``resume`` hands back, chunk by chunk, for the summary: the games already written.
OnChunk = Callable[[list[ChunkGame]], None]


def check_row(job: Job, row: Mapping[str, Any], expected_index: int, path: Path) -> None:
    """Refuse a row that is not game ``expected_index`` of ``job``'s simulation."""
    where = f"out={str(path)!r}, game {expected_index}"
    if row.get("index") != expected_index:
        raise InvalidArgumentError(f"{where}: the row holds game {row.get('index')!r}; the file is not this run's")
    theirs = {
        "variant": row.get("variant"),
        "options": options_text(row["options"]) if isinstance(row.get("options"), dict) else row.get("options"),
        "house_rules": list(row.get("house_rules") or []),
        "bots": list(row.get("bots") or []),
        "chunk": row.get("chunk"),
        "seed": row.get("seed"),
        "keep_games": row.get("game") is not None,
        "max_actions": row.get("max_actions"),
    }
    ours = {
        "variant": job.variant,
        "options": options_text(job.options),
        "house_rules": list(job.house_rules),
        "bots": job.bot_names(),
        "chunk": expected_index // job.chunk_size,
        "seed": game_seed(job.seed, expected_index),
        "keep_games": job.keep_games,
        "max_actions": job.max_actions,
    }
    for key, value in ours.items():
        if theirs[key] != value:
            what = "root seed" if key == "seed" else "chunk size" if key == "chunk" else key
            raise InvalidArgumentError(
                f"{where}: the file was written with another {what} ({theirs[key]!r}, this run: {value!r}); "
                "remove it or write elsewhere"
            )


def too_many(path: Path, job: Job) -> InvalidArgumentError:
    """The error for a file with more games than the run asks for."""
    return InvalidArgumentError(f"out={str(path)!r} holds more than games={job.games}; remove it or write elsewhere")


class Sink(ABC):
    """Where a run's games go, chunk by chunk and in chunk order, as the bytes the
    workers encoded (:mod:`hoyle.simulate.rows`) in the sink's ``encoding``."""

    #: What the workers encode their chunks as (None: nothing, the sink writes nothing).
    encoding: str | None = None

    @abstractmethod
    def resume(self, on_chunk: OnChunk) -> int:
        """Keep the whole chunks already written (each handed to ``on_chunk``), drop a
        chunk cut short, and return how many chunks are done."""

    @abstractmethod
    def write(self, chunk: int, payload: bytes | None) -> None: ...

    @abstractmethod
    def close(self) -> None:
        """Finish the file (called once every chunk is written)."""

    def abort(self) -> None:
        """Stop without finishing: what is written stays, for a later resume."""
        self.close()


class Nowhere(Sink):
    """No file: the games stay in the summary only."""

    def resume(self, on_chunk: OnChunk) -> int:
        return 0

    def write(self, chunk: int, payload: bytes | None) -> None:
        pass

    def close(self) -> None:
        pass


class JsonlSink(Sink):
    """One JSON line per game, appended and flushed chunk by chunk."""

    encoding = "jsonl"

    def __init__(self, path: Path, job: Job) -> None:
        self.path = path
        self.job = job
        self.file: BinaryIO | None = None

    def resume(self, on_chunk: OnChunk) -> int:
        done, keep = 0, 0
        if self.path.exists():
            with self.path.open("rb") as f:
                pending: list[ChunkGame] = []
                offset = 0
                for line in f:
                    offset += len(line)
                    if not line.endswith(b"\n"):
                        break  # cut off mid-line
                    try:
                        row = json.loads(line)
                    except ValueError:
                        break
                    if done >= self.job.chunks:
                        raise too_many(self.path, self.job)
                    check_row(self.job, row, self.job.first_game(done) + len(pending), self.path)
                    pending.append(from_row(row))
                    if len(pending) == self.job.games_in(done):
                        on_chunk(pending)
                        pending, done, keep = [], done + 1, offset
        self.file = self.path.open("ab")
        self.file.truncate(keep)
        return done

    def write(self, chunk: int, payload: bytes | None) -> None:
        assert self.file is not None and payload is not None, "resume opens the file; workers encode"
        self.file.write(payload)
        self.file.flush()

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None


class ParquetSink(Sink):
    """A Parquet file, one row group per chunk, built from an Arrow-stream journal that
    survives a crash up to its last whole chunk."""

    encoding = "arrow"

    def __init__(self, path: Path, job: Job) -> None:
        self.pa, self.ipc, self.pq = arrow()
        self.path = path
        self.job = job
        self.journal = path.with_name(path.name + ".partial")
        self.schema = arrow_schema(self.pa)
        self.file: BinaryIO | None = None
        self.writer: Any = None

    def _old_batches(self) -> Iterator[Any]:
        """The batches of the journal (up to a cut-off one), else of a finished file."""
        if self.journal.exists():
            try:
                with self.journal.open("rb") as f:
                    reader = self.ipc.open_stream(f)
                    while True:
                        try:
                            yield reader.read_next_batch()
                        except StopIteration:
                            return
            except (OSError, self.pa.ArrowInvalid):
                return  # the rest of the journal was cut off by a crash
        elif self.path.exists():
            try:
                parquet = self.pq.ParquetFile(self.path)
            except (OSError, self.pa.ArrowInvalid) as exc:
                raise InvalidArgumentError(f"out={str(self.path)!r} is not a Parquet file: {exc}") from None
            for group in range(parquet.num_row_groups):  # a row group is a chunk: one batch
                yield from parquet.read_row_group(group).combine_chunks().to_batches()

    def resume(self, on_chunk: OnChunk) -> int:
        # The whole chunks go to a fresh journal, which then replaces the old one and
        # stays open for the new chunks; a crash before the swap leaves the old intact.
        fresh = self.journal.with_name(self.journal.name + ".new")
        self.file = fresh.open("wb")
        self.writer = self.ipc.new_stream(self.file, self.schema)
        done = 0
        batches = self._old_batches()
        for batch in batches:
            rows = batch.to_pylist()
            if done >= self.job.chunks:
                self.abort()
                fresh.unlink()
                raise too_many(self.path, self.job)
            first = self.job.first_game(done)
            try:
                for k, row in enumerate(rows):
                    check_row(self.job, row, first + k, self.path)
                if len(rows) > self.job.games_in(done):
                    raise too_many(self.path, self.job)
                if len(rows) < self.job.games_in(done):
                    # The short last chunk of a run with fewer games is played again, whole;
                    # a short chunk with more after it is another chunk size, refused.
                    following = next(batches, None)
                    if following is not None:
                        check_row(self.job, following.slice(0, 1).to_pylist()[0], first + len(rows), self.path)
                    break
            except InvalidArgumentError:
                self.abort()
                fresh.unlink()
                raise
            on_chunk([from_row(row) for row in rows])
            self.writer.write_batch(batch)
            done += 1
        self.file.flush()
        os.replace(fresh, self.journal)
        return done

    def write(self, chunk: int, payload: bytes | None) -> None:
        assert self.file is not None and payload is not None, "resume opens the journal; workers encode"
        self.writer.write_batch(decode_arrow(payload))
        self.file.flush()

    def close(self) -> None:
        self._close_journal()
        temporary = self.path.with_name(self.path.name + ".tmp")
        with self.pq.ParquetWriter(temporary, self.schema) as out, self.journal.open("rb") as f:
            for batch in self.ipc.open_stream(f):
                out.write_batch(batch, row_group_size=max(1, batch.num_rows))
        os.replace(temporary, self.path)
        self.journal.unlink()

    def abort(self) -> None:
        self._close_journal()

    def _close_journal(self) -> None:
        if self.writer is not None:
            with contextlib.suppress(Exception):
                self.writer.close()
            self.writer = None
        if self.file is not None:
            self.file.close()
            self.file = None


def open_sink(out: str | os.PathLike[str] | None, job: Job) -> Sink:
    """The sink for ``out``: by suffix, ``.parquet`` or ``.jsonl`` (also ``.json``, ``.ndjson``)."""
    if out is None:
        return Nowhere()
    path = Path(out)
    suffix = path.suffix.lower()
    if suffix in (".parquet", ".pq"):
        return ParquetSink(path, job)
    if suffix in (".jsonl", ".json", ".ndjson"):
        return JsonlSink(path, job)
    raise InvalidArgumentError(f"out={str(out)!r}: write .parquet or .jsonl")


def read_games(path: str | os.PathLike[str]) -> Iterator[ChunkGame]:
    """The games of an output file, in order, one at a time (JSONL or Parquet)."""
    p = Path(path)
    if p.suffix.lower() in (".parquet", ".pq"):
        _, _, pq = arrow()
        parquet = pq.ParquetFile(p)
        for group in range(parquet.num_row_groups):
            for row in parquet.read_row_group(group).to_pylist():
                yield from_row(row)
        return
    with p.open("rb") as f:
        for line in f:
            if line.strip():
                yield from_row(json.loads(line))
