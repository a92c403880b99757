"""``hoyle replay FILE``: replay recorded games, step by step or straight to the end.

A record file is read by the reader registered for its suffix in :data:`READERS`
(anything else is read as JSONL). A JSONL line is either a game record
(``Game.to_json()``) or a line written by ``hoyle simulate --out`` (the record under
``"game"``, next to the recorded result, which the replay must reproduce).
Poker hand histories are replayed into hoyle games (which needs the poker plugin) and
then shown like any game record: PHH (``.phh``, :mod:`hoyle.phh`), Open Hand History
(``.ohh``, or a ``.json`` file whose first object is ``{"ohh": ...}``, :mod:`hoyle.ohh`)
and PokerStars text (``.txt``, :mod:`hoyle.handhistory.pokerstars`), several hands per
file where the format allows; ``--format`` names the format whatever the suffix.

    >>> import io
    >>> [r.index for r in read_jsonl_lines(io.StringIO('{"variant": "war"}\\n\\n{"variant": "war"}\\n'), "x")]
    [1, 3]
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from hoyle.cli.common import echo_json
from hoyle.cli.render import describe_events, result_line
from hoyle.engine.game import Game
from hoyle.engine.state import Event
from hoyle.errors import IllegalActionError, ReplayError


@dataclass
class Record:
    """One game to replay: its record (``Game.to_json()`` as data), the line it came
    from, and the result recorded with it (if any) to check against."""

    index: int
    game: dict[str, Any]
    expected: dict[str, Any] | None = None
    #: What a hand history says of the hand (site, hand number, chips per unit of its amounts).
    hand: dict[str, Any] | None = None
    #: Why a hand of a hand history does not replay (the reader read it, hoyle refused it).
    error: ReplayError | None = None
    #: A hand history's hand: the record read (:class:`~hoyle.handhistory.HandRecord`)
    #: and the game it replayed into.
    source: Any = None
    finished: Game | None = None


Reader = Callable[[Path], Iterator[Record]]


def read_jsonl_lines(lines: Iterable[str], name: str) -> Iterator[Record]:
    """Records from JSONL text; ``index`` is the line number (blank lines skipped)."""
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ReplayError(f"{name}, line {number}: not JSON ({exc.msg})") from None
        if not isinstance(data, dict):
            raise ReplayError(f"{name}, line {number}: expected a JSON object, got {type(data).__name__}")
        if isinstance(data.get("game"), dict):
            expected = {k: data[k] for k in ("settlement", "scores", "winners", "deals") if k in data}
            yield Record(number, data["game"], expected or None)
        elif isinstance(data.get("game"), str):
            yield Record(number, json.loads(data["game"]), None)
        elif "game" in data and data["game"] is None:
            raise ReplayError(f"{name}, line {number}: the line holds no game record")
        else:
            yield Record(number, data, None)


def read_jsonl(path: Path) -> Iterator[Record]:
    """The JSONL reader (``.jsonl``, ``.json``, ``.ndjson`` and unknown suffixes)."""
    with path.open(encoding="utf-8") as f:
        yield from read_jsonl_lines(f, str(path))


def read_phh(path: Path, conventions: str = "cardroom") -> Iterator[Record]:
    """A PHH poker hand history: replayed into a hoyle game (the deck arranged to deal the
    recorded cards), whose record is then replayed like any other."""
    from hoyle import phh

    game = phh.replay(path, conventions=conventions)
    yield Record(1, json.loads(game.to_json()), None)


def read_ohh(path: Path, conventions: str = "cardroom") -> Iterator[Record]:
    """An Open Hand History file: each hand replayed into a hoyle game; a record's index
    is the line its hand starts on."""
    from hoyle import ohh

    for record in ohh.records(path.read_text(encoding="utf-8")):
        yield _hand_record(record, conventions)


def read_pokerstars(path: Path, conventions: str = "cardroom") -> Iterator[Record]:
    """A PokerStars text hand history: each hand replayed into a hoyle game; a record's
    index is the line of the hand's header."""
    from hoyle.handhistory import pokerstars

    for start, lines in pokerstars.split_hands(pokerstars.decode(path.read_bytes())):
        first = lines[0].strip() if lines else ""
        try:
            record = pokerstars.read_hand(start, lines)
        except ReplayError as exc:  # one bad hand costs one hand (--keep-going)
            hand = {"site": "PokerStars", "hand": _hand_number(first), "first_line": first}
            yield Record(start, {}, None, hand, exc)
            continue
        result = _hand_record(record, conventions)
        if result.hand is not None:
            result.hand["first_line"] = first
        yield result


def _hand_number(header: str) -> str:
    m = re.search(r"#(\d+)", header)
    return m[1] if m else ""


def refusal_reason(error: BaseException) -> str:
    """The kind of a refusal, for the summary: what went wrong, without the where.

    >>> refusal_reason(ReplayError("line 4: cannot read 'x': not a line of a PokerStars hand hoyle knows"))
    'a line hoyle cannot read'
    >>> refusal_reason(ReplayError("PokerStars hand 1 (Razz fixed-limit), line 1: no plugin replays 'Razz' (known: ...)"))
    'a game no plugin replays'
    """
    text = str(error)
    for needle, reason in _REASONS:
        if needle in text:
            return reason
    return "other"


_REASONS = (
    ("no plugin replays", "a game no plugin replays"),
    ("cannot read", "a line hoyle cannot read"),
    ("finishing stacks differ", "finishing stacks differ from the file's"),
    ("does not replay", "an action hoyle's rules refuse"),
    ("not over after its last action", "the hand stops before its end"),
)


def _hand_record(record: Any, conventions: str) -> Record:
    from hoyle.handhistory import replay as replay_hand

    try:
        game = replay_hand(record, conventions=conventions)
    except ReplayError as exc:  # the next hands of the file may still replay (--keep-going)
        return Record(record.line, {}, None, {"site": record.site, "hand": record.hand_id}, exc)
    assert game.result is not None
    about = {"site": record.site, "hand": record.hand_id, "chip_scale": game.result.get("chip_scale", 1)}
    return Record(record.line, json.loads(game.to_json()), None, about, source=record, finished=game)


def read_json(path: Path, conventions: str = "cardroom") -> Iterator[Record]:
    """A ``.json`` file: OHH if its first object is ``{"ohh": ...}``, else JSONL."""
    with path.open(encoding="utf-8") as f:
        head = f.read(4096)
    if re.match(r'\s*\{\s*"ohh"\s*:', head.lstrip("\ufeff")):
        return read_ohh(path, conventions)
    return read_jsonl(path)


#: Readers by file suffix; a plugin may add more.
READERS: dict[str, Reader] = {
    ".jsonl": read_jsonl,
    ".json": read_json,
    ".ndjson": read_jsonl,
    ".phh": read_phh,
    ".ohh": read_ohh,
    ".txt": read_pokerstars,
}
#: Readers by ``--format`` name.
FORMATS: dict[str, Reader] = {"jsonl": read_jsonl, "phh": read_phh, "ohh": read_ohh, "pokerstars": read_pokerstars}


#: The readers of poker hand histories: they take the betting ``conventions`` too.
HAND_HISTORY_READERS = (read_phh, read_ohh, read_pokerstars, read_json)


def read_records(path: Path, fmt: str | None = None, conventions: str = "cardroom") -> Iterator[Record]:
    """The records in ``path``, by the reader for ``fmt`` or else for its suffix; hand
    histories replay under the betting ``conventions``."""
    reader = FORMATS[fmt] if fmt is not None else READERS.get(path.suffix.lower(), read_jsonl)
    if reader in HAND_HISTORY_READERS:
        return reader(path, conventions)
    return reader(path)


def _omniscient(event: Event) -> dict[str, Any]:
    """An event with every card shown: a replay is read after the game."""
    out: dict[str, Any] = {"type": event.type, "seat": event.seat, **event.data}
    if event.cards:
        out["cards"] = [str(c) for c in event.cards]
    return out


def replay_record(record: Record, on_action: Callable[[Game, int, list[dict[str, Any]]], bool] | None = None) -> Game:
    """Replay a record action by action. ``on_action(game, i, events)`` runs after
    action ``i`` with the events it caused (and those of the deal before the first);
    returning False stops calling it. Raises ReplayError naming the failing action, or a
    result different from the one recorded."""
    data = dict(record.game)
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise ReplayError(f"record {record.index}: not a hoyle game record (no list of actions)")
    game = Game.from_json(json.dumps({**data, "actions": []}))
    seen = 0
    for i, item in enumerate(actions):
        try:
            seat, text = item
            game.act(text, seat=seat)
        except IllegalActionError as exc:
            raise ReplayError(
                f"record {record.index}: action {i} ({item!r}) does not replay: {getattr(exc, 'reason', exc)}"
            ) from None
        except (TypeError, ValueError) as exc:
            raise ReplayError(f"record {record.index}: action {i} ({item!r}) is not [seat, text]: {exc}") from None
        if on_action is not None:
            events = [_omniscient(e) for e in game.events[seen:]]
            seen = len(game.events)
            if not on_action(game, i, events):
                on_action = None
    if record.expected is not None and game.result is not None:
        for key, value in record.expected.items():
            if game.result.get(key) != value:
                raise ReplayError(
                    f"record {record.index}: replayed {key} {game.result.get(key)} differs from the recorded {value}"
                )
    return game


def _stepper(
    console: Console, total: int, read: Callable[[str], str]
) -> Callable[[Game, int, list[dict[str, Any]]], bool]:
    def step(game: Game, i: int, events: list[dict[str, Any]]) -> bool:
        for line in describe_events(events, list(game.state.players)):
            console.print(Text("  ") + line)
        if game.is_over:
            return True
        try:
            answer = read(f"[{i + 1}/{total}] Enter for the next action, c to continue to the end, q to stop> ")
        except EOFError:
            return False
        if answer.strip().lower() == "q":
            raise click.exceptions.Exit(0)
        return answer.strip().lower() != "c"

    return step


def _summary(record: Record, game: Game) -> dict[str, Any]:
    out = {
        "index": record.index,
        "variant": game.variant.name,
        "seed": game.record["seed"],
        "actions": len(game.record["actions"]),
        "result": game.result,
    }
    if record.hand is not None:
        out["hand_history"] = record.hand
    return out


@click.command()
@click.argument("file", type=click.Path(exists=True, path_type=Path))
@click.option("--step", is_flag=True, help="Show every action and its events, waiting for Enter between actions.")
@click.option("--json", "as_json", is_flag=True, help="Print the final results as JSON on stdout.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(sorted(FORMATS)),
    default=None,
    help="The file's format (default: by suffix: .phh, .ohh, .txt PokerStars, .json/.jsonl).",
)
@click.option(
    "--conventions",
    type=click.Choice(["cardroom", "pokerkit"]),
    default="cardroom",
    help="Betting conventions a poker hand history replays under (docs/poker-games.md).",
)
@click.option(
    "--keep-going",
    is_flag=True,
    help="A hand of an OHH or PokerStars file that does not replay (in a folder: a file that cannot be read) is reported and the next hands replayed.",
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Stream the replayed hands of hand histories to FILE.parquet, one row per hand and seat (docs/hand-histories.md).",
)
def replay(
    file: Path, step: bool, as_json: bool, fmt: str | None, conventions: str, keep_going: bool, out: Path | None
) -> None:
    """Replay the games in FILE (JSONL: one `Game.to_json()` per line, or the lines
    `hoyle simulate --out` writes; or a poker hand history: PHH, OHH, PokerStars text)
    and print each result. FILE may be a folder: every file in it (and below) with a
    suffix hoyle reads, or every file with --format.

    \b
    Examples:
      hoyle replay games.jsonl
      hoyle replay games.jsonl --step
      hoyle replay games.jsonl --json
      hoyle replay session.ohh
      hoyle replay HH20240301.txt --format pokerstars
      hoyle replay HH20240301.txt --keep-going
      hoyle replay hand.phh --conventions pokerkit
      hoyle replay histories/ --keep-going --out hands.parquet
    """
    if out is not None and out.suffix.lower() != ".parquet":
        raise ReplayError(f"--out {out}: the table is written as Parquet: name a .parquet file")
    paths = _paths(file, fmt)
    run = _Run(Console(highlight=False, markup=False), step, as_json, keep_going, quiet=out is not None)
    with _progress(len(paths), file.is_dir() or out is not None) as advance:
        rows = run.rows(paths, fmt, conventions, advance)
        if out is not None:
            from hoyle.handhistory.table import write_parquet

            written = write_parquet(rows, out)
            click.echo(f"{out}: {written} rows", err=True)
        else:
            for _ in rows:
                pass
    run.finish(file)


def _paths(file: Path, fmt: str | None) -> list[Path]:
    """The files to replay: ``file``, or those in the folder ``file`` (and below) whose
    suffix has a reader (every file when ``fmt`` names the format), in name order."""
    if not file.is_dir():
        return [file]
    return sorted(p for p in file.rglob("*") if p.is_file() and (fmt is not None or p.suffix.lower() in READERS))


class _progress:
    """A progress bar over the files (on stderr, when it is a terminal), or nothing."""

    def __init__(self, total: int, shown: bool) -> None:
        from hoyle.cli.simulate import progress_bar

        self.bar = progress_bar("replaying", Console(stderr=True)) if shown else None
        self.total = total

    def __enter__(self) -> Callable[[], None]:
        if self.bar is None:
            return lambda: None
        self.bar.__enter__()
        task = self.bar.add_task("files", total=self.total)
        bar = self.bar
        return lambda: bar.advance(task)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


class _Run:
    """One ``hoyle replay`` run: what it replayed and refused, printed as it goes."""

    def __init__(self, console: Console, step: bool, as_json: bool, keep_going: bool, quiet: bool) -> None:
        self.console, self.step, self.as_json, self.keep_going, self.quiet = console, step, as_json, keep_going, quiet
        self.results: list[dict[str, Any]] = []
        self.refused: list[Record] = []
        self.unreadable: list[tuple[Path, ReplayError]] = []
        self.found = False

    def rows(
        self, paths: list[Path], fmt: str | None, conventions: str, advance: Callable[[], None]
    ) -> Iterator[dict[str, Any]]:
        """Replay every file; yield the table rows of each hand-history hand replayed."""
        from hoyle.handhistory.table import hand_rows

        for path in paths:
            try:
                for record in read_records(path, fmt, conventions):
                    game = self.record(record)
                    if game is not None and record.source is not None:
                        yield from hand_rows(record.source, game)
            except ReplayError as exc:  # a file that cannot be read at all
                if not (self.keep_going and len(paths) > 1):
                    raise
                self.unreadable.append((path, exc))
                click.echo(f"{path}: cannot be read: {exc}", err=True)
            advance()

    def record(self, record: Record) -> Game | None:
        """Replay one record and print it; None when it is refused (--keep-going)."""
        self.found = True
        if record.error is not None:
            if not self.keep_going:
                raise record.error
            self.refused.append(record)
            first = (record.hand or {}).get("first_line", "")
            click.echo(
                f"record {record.index}: does not replay: {record.error}" + (f" [{first}]" if first else ""), err=True
            )
            return None
        actions = record.game.get("actions")
        on_action = (
            _stepper(self.console, len(actions), input)
            if self.step and isinstance(actions, list) and not self.as_json
            else None
        )
        if on_action is not None:
            self.console.print(
                Text(
                    f"record {record.index}: {record.game.get('variant')}, seed {record.game.get('seed')}", style="bold"
                )
            )
        game = replay_record(record, on_action)
        self.results.append(_summary(record, game))
        if not self.as_json and not self.quiet:
            players = list(game.state.players)
            end = (
                result_line(game.result, players)
                if game.result is not None
                else f"not over after {len(game.record['actions'])} actions"
            )
            self.console.print(
                f"record {record.index}: {game.variant.name}, seed {game.record['seed']}, {len(game.record['actions'])} actions: {end}",
                soft_wrap=True,
            )
        return record.finished or game

    def finish(self, file: Path) -> None:
        """The JSON results, and the summary of what was refused (an error if any was)."""
        if not self.found and not self.unreadable:
            raise ReplayError(f"{file}: no game records")
        if self.as_json:
            echo_json(self.results)
        if self.refused or self.unreadable:
            reasons = Counter(refusal_reason(r.error) for r in self.refused if r.error is not None)
            if self.unreadable:
                reasons["a file hoyle cannot read"] = len(self.unreadable)
            by_reason = ", ".join(f"{n} {why}" for why, n in reasons.most_common())
            read = len(self.refused) + len(self.results)
            files = f", {len(self.unreadable)} files unread" if self.unreadable else ""
            click.echo(
                f"{file}: read {read}, replayed {len(self.results)}, refused {len(self.refused)}{files} ({by_reason})",
                err=True,
            )
            raise ReplayError(f"{file}: {len(self.refused)} of {read} hands do not replay{files}")


COMMANDS = [replay]
