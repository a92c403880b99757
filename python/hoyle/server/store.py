"""The table log: what makes a server restart lose nothing it acknowledged.

One file per table, ``<table>.jsonl``, in the store directory. The first line is the
table's creation record (variant, players, seed, options, house rules, stacks, bots and
the SHA-256 of each human seat's token - never a token itself); every further line is
one accepted action, ``{"seat": 1, "action": "raise to 30"}`` (at a table with a clock, with the
seat's time bank left, ``"bank"``, and ``"timeout": true`` for a time-out). Each line is written,
flushed and ``fsync``-ed before the action is acknowledged, so an acknowledged action
is on disk. Replay is the serialization: reading the file back and replaying the
actions rebuilds the game exactly.

A crash can leave a last line half written. That action was never acknowledged (the
acknowledgement follows the ``fsync``), so :meth:`TableStore.load` drops an unparsable
last line, truncates it away and reports it; a bad line anywhere else is corruption:
that one log is quarantined (renamed, kept) and every other table still loads.

    >>> import tempfile
    >>> store = TableStore(tempfile.mkdtemp())
    >>> store.create("a1", {"variant": "war", "players": 2, "seed": 1})
    >>> store.append("a1", 0, "play")
    >>> [(spec["variant"], actions) for _, spec, actions in store.load()]
    [('war', [[0, 'play', {}]])]
    >>> store.close()
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from hoyle.errors import HoyleError, ReplayError


class StoreError(HoyleError, OSError):
    """The table store cannot be used (a directory the server cannot write)."""


def _damage(message: str, line: int) -> ReplayError:
    error = ReplayError(message)
    error.line = line  # type: ignore[attr-defined]
    return error


def _is_action(record: Mapping[str, Any]) -> bool:
    seat, action = record.get("seat"), record.get("action")
    return isinstance(seat, int) and not isinstance(seat, bool) and isinstance(action, str)


#: Table ids are the server's own (``secrets.token_hex``); anything else is refused so a
#: name can never reach outside the store directory.
_ID_CHARS = frozenset("0123456789abcdef")


def _checked_id(table: str) -> str:
    if not table or len(table) > 64 or not set(table) <= _ID_CHARS:
        raise ValueError(f"table id {table!r} is not a server table id (hex digits)")
    return table


@dataclass
class Batch:
    """The lines written and not yet durable when a group commit starts: per table, a
    duplicate of its file descriptor and the (bytes, lines) the ``fsync`` makes durable."""

    files: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    #: A table file was created since the last commit: the directory is synced too.
    names: bool = False


class TableStore:
    """An append-only, fsync-ed log per table in ``directory`` (created if missing).

    With ``group_commit``, :meth:`append` writes a line to the operating system and
    returns; :meth:`pending`, :meth:`sync` and :meth:`settle` then make every table's
    new lines durable at once (see :mod:`hoyle.server.commit`), and only then is an
    action acknowledged. Without it, each line is ``fsync``-ed before :meth:`append`
    returns."""

    def __init__(self, directory: str | os.PathLike[str], group_commit: bool = False) -> None:
        self.directory = Path(directory)
        self.group_commit = group_commit
        self._files: dict[str, IO[str]] = {}
        #: Per table, (bytes, lines) written, and (bytes, lines) known durable.
        self.written: dict[str, tuple[int, int]] = {}
        self.durable: dict[str, tuple[int, int]] = {}
        self._names = False
        #: Tables with lines written and not yet in a batch.
        self._dirty: set[str] = set()
        #: Called after each line written (a group committer wakes on it).
        self.on_write: Callable[[], None] | None = None
        #: What the last :meth:`load` found wrong: quarantined logs and torn last lines,
        #: each ``{"table", "file", "problem", ...}`` (the server reports them at start
        #: and on ``GET /api/admin/store``).
        self.problems: list[dict[str, Any]] = []
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            probe = self.directory / ".hoyle-write-check"
            with probe.open("w", encoding="utf-8") as f:
                f.write("ok\n")
                f.flush()
                os.fsync(f.fileno())
            probe.unlink()
        except OSError as exc:
            raise StoreError(f"the table store {self.directory} is not writable: {exc.strerror or exc}") from exc

    def _path(self, table: str) -> Path:
        return self.directory / f"{_checked_id(table)}.jsonl"

    def _write(self, table: str, record: Mapping[str, Any]) -> None:
        f = self._files.get(table)
        if f is None:
            f = self._files[table] = self._path(table).open("a", encoding="utf-8")
        line = json.dumps(record, separators=(",", ":")) + "\n"
        start = f.tell()
        try:
            f.write(line)
            f.flush()
            if not self.group_commit:
                os.fsync(f.fileno())
        except BaseException:
            self._undo(table, f, start)
            raise
        lines = self.written.get(table, (0, 0))[1] + 1
        self.written[table] = (f.tell(), lines)
        if not self.group_commit:
            self.durable[table] = self.written[table]
            return
        self._dirty.add(table)
        if self.on_write is not None:
            self.on_write()

    # --- group commit ----------------------------------------------------------------

    def pending(self) -> Batch:
        """What a commit now would make durable (file descriptors duplicated, so that a
        table deleted meanwhile cannot close them under the ``fsync``)."""
        batch = Batch(names=self._names)
        self._names = False
        dirty, self._dirty = self._dirty, set()
        for table in dirty:
            f = self._files.get(table)
            size, lines = self.written.get(table, (0, 0))
            if f is not None and self.durable.get(table, (0, 0))[1] < lines:
                batch.files[table] = (os.dup(f.fileno()), size, lines)
        return batch

    def sync(self, batch: Batch, pool: Executor) -> dict[str, OSError]:
        """``fsync`` the batch's files all at once (from ``pool``'s threads: the file
        system makes concurrent ``fsync`` s durable in one journal commit), and the
        directory if a file is new. Blocking; returns the tables whose ``fsync`` failed."""

        def one(fd: int) -> OSError | None:
            try:
                os.fsync(fd)
                return None
            except OSError as exc:
                return exc
            finally:
                os.close(fd)

        tables = list(batch.files)
        errors = list(pool.map(one, [batch.files[t][0] for t in tables]))
        failed = {t: e for t, e in zip(tables, errors, strict=True) if e is not None}
        if batch.names:
            try:
                self._sync_directory()
            except OSError as exc:
                failed.update({t: exc for t in tables if self.durable.get(t, (0, 0))[1] == 0})  # the new ones
        return failed

    def settle(self, batch: Batch, failed: Mapping[str, OSError]) -> dict[str, int]:
        """Record what the batch made durable. A table whose ``fsync`` failed is cut
        back to its last durable line (file and counts); returns those tables with the
        number of lines that stay (0: not even the creation record)."""
        lost = {}
        for table, (_, size, lines) in batch.files.items():
            if table not in self.written:  # deleted meanwhile
                continue
            if table in failed:
                keep = self.durable.get(table, (0, 0))
                f = self._files.get(table)
                if f is not None:
                    self._undo(table, f, keep[0])
                self.written[table] = keep
                lost[table] = keep[1]
            elif self.durable.get(table, (0, 0))[1] < lines:
                self.durable[table] = (size, lines)
        return lost

    def _sync_directory(self) -> None:
        dir_fd = os.open(self.directory, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)

    def _undo(self, table: str, f: IO[str], start: int) -> None:
        """Cut a failed write's partial line off (best effort) and reopen the file, so
        the log holds exactly the lines that were made durable."""
        self._files.pop(table, None)
        with contextlib.suppress(OSError):
            f.close()
        with contextlib.suppress(OSError), self._path(table).open("r+", encoding="utf-8") as g:
            g.truncate(start)

    def create(self, table: str, spec: Mapping[str, Any]) -> None:
        """Write a new table's creation record (and make the file's name durable)."""
        path = self._path(table)
        if path.exists():
            raise ValueError(f"table {table!r} is already in the store")
        self._write(table, {"type": "table", **spec})
        if self.group_commit:
            self._names = True
        else:
            self._sync_directory()

    def discard(self, table: str) -> None:
        """Remove a table whose creation record could not be written (best effort)."""
        f = self._files.pop(table, None)
        self.written.pop(table, None)
        self.durable.pop(table, None)
        with contextlib.suppress(OSError):
            if f is not None:
                f.close()
            self._path(table).unlink(missing_ok=True)

    def append(self, table: str, seat: int, action: str, marks: Mapping[str, Any] | None = None) -> None:
        """Append one accepted action, with its ``marks`` (a time-out, the seat's time
        bank left) if any; returns once it is on disk."""
        self._write(table, {"seat": seat, "action": action, **(marks or {})})

    def load(self) -> Iterator[tuple[str, dict[str, Any], list[list[Any]]]]:
        """Every stored table as ``(table, creation record, [[seat, action, marks], ...])``.
        Each log is read on its own: a damaged one is quarantined (see
        :meth:`quarantine`) and the others still load; a torn last line is cut off and
        reported in :attr:`problems`."""
        self.problems = []
        for path in sorted(self.directory.glob("*.jsonl")):
            try:
                loaded = self._read(path)
            except ReplayError as exc:
                self.quarantine(path.stem, str(exc), getattr(exc, "line", None))
                continue
            yield loaded

    def _read(self, path: Path) -> tuple[str, dict[str, Any], list[list[Any]]]:
        table = path.stem
        data = path.read_bytes()
        cut = data.rfind(b"\n") + 1  # the bytes after the last newline were never acknowledged
        if cut < len(data):
            with path.open("r+b") as f:
                f.truncate(cut)
            self.problems.append(
                {"table": table, "file": path.name, "problem": "torn last line dropped", "bytes": len(data) - cut}
            )
        records = []
        for number, raw in enumerate(data[:cut].split(b"\n")[:-1], 1):
            try:
                record = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
                raise _damage(f"line {number} is not JSON ({type(exc).__name__})", number) from exc
            if not isinstance(record, dict) or (number > 1 and not _is_action(record)):
                raise _damage(f"line {number} is not an action record", number)
            records.append(record)
        if not records or records[0].get("type") != "table":
            raise _damage("the first line is not a table record", 1)
        spec = {k: v for k, v in records[0].items() if k != "type"}
        self.written[table] = self.durable[table] = (cut, len(records))
        marks = [{k: v for k, v in r.items() if k not in ("seat", "action")} for r in records[1:]]
        return table, spec, [[r["seat"], r["action"], m] for r, m in zip(records[1:], marks, strict=True)]

    def quarantine(self, table: str, reason: str, line: int | None = None) -> None:
        """Set a damaged log aside, kept whole: renamed ``<table>.jsonl.quarantined``
        (no longer loaded), and reported in :attr:`problems` with the file and line."""
        path = self._path(table)
        f = self._files.pop(table, None)
        if f is not None:
            f.close()
        self.written.pop(table, None)
        self.durable.pop(table, None)
        target = path.with_name(path.name + ".quarantined")
        number = 1
        while target.exists():
            number += 1
            target = path.with_name(f"{path.name}.quarantined-{number}")
        path.rename(target)
        self.problems.append(
            {"table": table, "file": path.name, "line": line, "problem": reason, "quarantined_as": target.name}
        )

    def close(self) -> None:
        for f in self._files.values():
            f.close()
        self._files.clear()
