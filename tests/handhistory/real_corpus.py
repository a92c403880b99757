"""The real hand-history corpus (tests/handhistory/real/, SOURCES.md): reading every
PokerStars hand of it and replaying it, hand by hand, to the stacks the file records."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from hoyle.errors import HoyleError
from hoyle.handhistory import pokerstars
from hoyle.handhistory.games import finishing_stacks, history_games, replay
from hoyle.handhistory.record import game_key

REAL = Path(__file__).parent / "real"
_ARCHIVE = re.compile(r"^\*{3,} # \d+ \*{3,}\s*$")
#: A hand PokerStars wrote in another language (hoyle refuses it by name).
_FOREIGN = re.compile(r"^\s*(?:Mão|Main) PokerStars ")
_HEADER_GAME = re.compile(
    r"^\s*(PokerStars(?: Zoom| Home Game)?|POKERSTARS|Full Tilt(?: Rush)?|Run It Once Poker|PokerMaster|PokerBros)"
    r" (?:Hand|Game|HAND|GAME) #(\d+):"
)


@dataclass
class Outcome:
    file: str
    line: int
    hand_id: str
    game: str
    error: str  # "" when the hand replayed to the recorded stacks
    site: str = "PokerStars"  # the header's: PokerStars, or another site writing its format


def corpus_files() -> list[Path]:
    return sorted(p for p in REAL.rglob("*.txt"))


def hands(path: Path) -> Iterator[tuple[int, list[str]]]:
    """The hands of a file in PokerStars' format: PokerStars' own and other sites' that
    write it (fpdb keeps them beside PokerStars'; a file that starts otherwise is left
    out)."""
    text = pokerstars.decode(path.read_bytes())
    first = [line for line in text.lstrip("\ufeff").splitlines() if line.strip() and not _ARCHIVE.match(line)][:1]
    if not first or not (_HEADER_GAME.match(first[0]) or _FOREIGN.match(first[0])):
        return iter(())
    return pokerstars.split_hands(text)


def replay_checked(start: int, lines: list[str]) -> tuple[str, str, str]:
    """(hand id, game, error): the hand read and replayed; its finishing stacks must be
    the file's (start - put in + uncalled + collected), and where the site took rake the
    players who collected nothing must match exactly while the collectors' total is the
    file's plus the rake (hoyle takes none)."""
    record = pokerstars.read_hand(start, lines)
    game = replay(record)
    expected = record.expected_stacks()
    if expected is None:
        return record.hand_id, record.game, ""
    got = finishing_stacks(game)
    rake = record.rake or Decimal(0)
    collectors = set(record.collected or {})
    for i, (g, e) in enumerate(zip(got, expected, strict=True)):
        if i not in collectors and g != e:
            return (
                record.hand_id,
                record.game,
                f"hand {record.hand_id}: {record.players[i]} finishes {g}, the file says {e}",
            )
    if sum(got) - sum(expected) != rake:
        return (
            record.hand_id,
            record.game,
            f"hand {record.hand_id}: the collectors get {sum(got) - sum(expected)} more than the file, rake {rake}",
        )
    return record.hand_id, record.game, ""


def outcomes() -> list[Outcome]:
    out = []
    for path in corpus_files():
        name = str(path.relative_to(REAL))
        for start, lines in hands(path):
            header = _HEADER_GAME.match(lines[0])
            hand_id = header[2] if header else (m[1] if (m := re.search(r"#(\d+)", lines[0])) else "?")
            site = "PokerStars" if not header or header[1].upper().startswith("POKERSTARS") else header[1]
            try:
                hand_id, game, error = replay_checked(start, lines)
            except HoyleError as exc:
                game, error = "", str(exc)
            out.append(Outcome(name, start, hand_id, game, error, site))
    return out


def supported(game: str) -> bool:
    return bool(game) and game_key(game) in history_games()
