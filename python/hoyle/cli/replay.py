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
    return Record(record.line, json.loads(game.to_json()), None, about)


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
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
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
    help="A hand of an OHH or PokerStars file that does not replay is reported and the next hands replayed.",
)
def replay(file: Path, step: bool, as_json: bool, fmt: str | None, conventions: str, keep_going: bool) -> None:
    """Replay the games in FILE (JSONL: one `Game.to_json()` per line, or the lines
    `hoyle simulate --out` writes; or a poker hand history: PHH, OHH, PokerStars text)
    and print each result.

    \b
    Examples:
      hoyle replay games.jsonl
      hoyle replay games.jsonl --step
      hoyle replay games.jsonl --json
      hoyle replay session.ohh
      hoyle replay HH20240301.txt --format pokerstars
      hoyle replay HH20240301.txt --keep-going
      hoyle replay hand.phh --conventions pokerkit
    """
    console = Console(highlight=False, markup=False)
    results = []
    found = False
    refused: list[Record] = []
    for record in read_records(file, fmt, conventions):
        found = True
        if record.error is not None:
            if not keep_going:
                raise record.error
            refused.append(record)
            first = (record.hand or {}).get("first_line", "")
            click.echo(
                f"record {record.index}: does not replay: {record.error}" + (f" [{first}]" if first else ""), err=True
            )
            continue
        actions = record.game.get("actions")
        on_action = (
            _stepper(console, len(actions), input) if step and isinstance(actions, list) and not as_json else None
        )
        if on_action is not None:
            console.print(
                Text(
                    f"record {record.index}: {record.game.get('variant')}, seed {record.game.get('seed')}", style="bold"
                )
            )
        game = replay_record(record, on_action)
        results.append(_summary(record, game))
        if not as_json:
            players = list(game.state.players)
            end = (
                result_line(game.result, players)
                if game.result is not None
                else f"not over after {len(game.record['actions'])} actions"
            )
            console.print(
                f"record {record.index}: {game.variant.name}, seed {game.record['seed']}, {len(game.record['actions'])} actions: {end}",
                soft_wrap=True,
            )
    if not found:
        raise ReplayError(f"{file}: no game records")
    if as_json:
        echo_json(results)
    if refused:
        reasons = Counter(refusal_reason(r.error) for r in refused if r.error is not None)
        by_reason = ", ".join(f"{n} {why}" for why, n in reasons.most_common())
        click.echo(
            f"{file}: read {len(refused) + len(results)}, replayed {len(results)}, refused {len(refused)} ({by_reason})",
            err=True,
        )
        raise ReplayError(f"{file}: {len(refused)} of {len(refused) + len(results)} hands do not replay")


COMMANDS = [replay]
