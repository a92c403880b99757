r"""PokerStars text hand histories: hold'em and Omaha, cash games and tournaments,
several hands per file.

:func:`records` reads the text into :class:`~hoyle.handhistory.record.HandRecord`
(one per hand, format-neutral); :func:`parse` replays each record into a finished hoyle
game through the installed plugin (``hoyle-poker``), whose chip rules are hoyle's own.
When the text says who collected what and no rake was taken, the finishing stacks hoyle
computes must match it, or the hand is reported.

    >>> text = '''PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2024/01/05 20:00:00 ET
    ... Table 'Alpha' 6-max Seat #2 is the button
    ... Seat 1: Ann ($200 in chips)
    ... Seat 2: Bo ($200 in chips)
    ... Bo: posts small blind $1
    ... Ann: posts big blind $2
    ... *** HOLE CARDS ***
    ... Bo: raises $4 to $6
    ... Ann: folds
    ... Uncalled bet ($4) returned to Bo
    ... Bo collected $4 from pot
    ... *** SUMMARY ***
    ... Total pot $4 | Rake $0
    ... '''
    >>> [r.players for r in records(text)]
    [['Ann', 'Bo']]
    >>> parse(text)[0].result["stacks"]
    [198, 202]

Tolerated: sitting-out players (not dealt in unless they post or act, as in
tournaments), dead buttons, antes, all-in markers, uncalled bets returned, several
"collected" lines (side pots), currency symbols and codes, thousands separators,
tournament headers with buy-ins and levels, Zoom hands, hands run twice (both boards
are read and replayed, each pot split between the runs), dead blinds ("posts small & big
blinds": a live big blind and a dead small blind) and big blinds posted out of
position (live), chat and table-traffic lines. A line that cannot be read raises
:class:`~hoyle.errors.ReplayError` naming its line number and text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from decimal import Decimal
from typing import TypeVar

from hoyle.engine.game import Game
from hoyle.errors import ReplayError
from hoyle.handhistory.games import replay
from hoyle.handhistory.record import NOT_BETS, HandRecord, Post, RecordAction, game_key

__all__ = ["decode", "parse", "read_hand", "records", "split_hands"]

_V = TypeVar("_V")

_AMOUNT = r"[^\d\s()\[\]/,.]{0,3}(\d[\d,]*(?:\.\d+)?)"
#: The line PokerStars' hand-history archives (the client's "request" by e-mail) put
#: before each hand.
_SEPARATOR = re.compile(r"^\*{3,} # \d+ \*{3,}\s*$")
#: Who wrote a hand: PokerStars (its Zoom and Home Game hands; a tracker's upper-case
#: export), or another site writing PokerStars' format (trackers convert to it).
_SITE = (
    r"(?P<site>PokerStars(?: Zoom| Home Game)?|POKERSTARS|Full Tilt(?: Rush)?|Run It Once Poker|PokerMaster|PokerBros)"
)
_HAND_START = re.compile(rf"^\s*{_SITE} (?:Hand|Game|HAND|GAME) #")
#: A header behind a few marks (a hand quoted from a forum post, "> PokerStars Hand #1:"):
#: it starts a hand, which is refused naming its header, and ends the hand before.
_MARKED_START = re.compile(rf"^\W{{1,3}}\s*{_SITE} (?:Hand|Game|HAND|GAME) #\d+:")
#: The header of a hand the client wrote in another language ("Mão PokerStars #1:",
#: "Main PokerStars n°1 :"): a hand of its own, refused by name (hoyle reads English).
_FOREIGN_START = re.compile(r"^\s*(?P<word>\w+) PokerStars (?:(?:Zoom )?#|n°|Nr\.|n\.º ?)\s*\d+")
_LANGUAGES = {"Mão": "Portuguese", "Main": "French", "Mano": "Spanish or Italian", "Раздача": "Russian"}
_HEADER = re.compile(
    rf"^\s*{_SITE} (?:Hand|Game|HAND|GAME) #(?P<id>\d+):\s+(?:\{{[^}}]*\}}\s+)?"  # a home game's club: {Club}
    r"(?:(?i:(?:Zoom )?Tournament) #(?P<tournament>\d+),\s+)?"
    r"(?P<rest>.*?)\s+-\s+(?P<time>\d{4}/\d\d/\d\d .*)$"
)
_LIMITS = {"no limit": "no-limit", "pot limit": "pot-limit", "limit": "fixed-limit", "fixed limit": "fixed-limit"}
#: (Game names and limits in any case: a tracker's export writes "7 CARD STUD HI/LO LIMIT".)
_GAME = re.compile(r"^(?P<game>.+?) (?P<limit>No Limit|Pot Limit|Fixed Limit|Limit)\b(?P<after>.*)$", re.IGNORECASE)
#: A mixed game's header names the mix, then the hand's game in parentheses:
#: "Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD)", "HORSE (Razz Limit, $1/$2)",
#: "Mixed Hold'em (Hold'em Limit) - Level I (40/80)".
_MIXED = re.compile(
    r"^(?P<mix>[^()]+?)\s+\((?P<game>[^(),]+?(?:No Limit|Pot Limit|Fixed Limit|Limit))(?:,\s*(?P<stakes>[^()]*))?\)(?P<after>.*)$"
)
_STAKES = re.compile(rf"\({_AMOUNT}/{_AMOUNT}(?:\s+(?P<currency>[A-Z]{{3}}))?\)")
#: 6+ Hold'em's stakes: a button blind and an ante from everyone.
_BUTTON_STAKES = re.compile(rf"\(Button Blind {_AMOUNT} - Ante {_AMOUNT}(?:\s+(?P<currency>[A-Z]{{3}}))?\)")
_LEVEL = re.compile(rf"Level (?P<level>[IVXLCDM\d]+) \({_AMOUNT}/{_AMOUNT}\)", re.IGNORECASE)
_TABLE = re.compile(
    r"^Table (?:ID )?'(?P<table>.*)'(?: (?P<max>\d+)-[Mm]ax)?.*?(?:Seat #(?P<button>\d+) is the button)?\s*$"
)  # (Run It Once writes "Table ID '30263259' 6-Max")
_SEAT = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+?) \({_AMOUNT} in chips(?P<bounty>[^)]*)\)(?P<rest>.*)$")
_CARDS = re.compile(r"\[([^\]]*)\]")
_STREET = re.compile(
    r"^\*\*\* (?:(?P<draw>FIRST|SECOND|THIRD) DRAW|(?P<stud>3rd|4th|5th|6th|7th) STREET"
    r"|(?:(?P<run>FIRST|SECOND|THIRD) )?(?P<street>HOLE CARDS|DEALING HANDS|PRE-FLOP|DRAW|FLOP|TURN|RIVER|SHOW ?DOWN|SUMMARY)) \*\*\*"
)
#: The betting rounds of the draw games (after the deal, each draw) and of stud (third
#: street to the river, seventh street), by number.
_DRAWS = {"FIRST": 1, "SECOND": 2, "THIRD": 3}
_STUD_STREETS = {"3rd": 0, "4th": 1, "5th": 2, "6th": 3, "7th": 4}
_DISCARD = re.compile(r"discards (?P<n>\d+) cards?(?: \[(?P<cards>[^\]]*)\])?")
_STAND_PAT = re.compile(r"stands pat(?: on \[[^\]]*\])?")
_UNCALLED = re.compile(rf"^Uncalled bet \({_AMOUNT}\) returned to (?P<name>.+)$")
_COLLECTED = re.compile(rf"^(?P<name>.+?) collected {_AMOUNT} from (?:the )?(?:main |side )?pot(?:[- ]\d+)?\s*$")
_MUCKED = re.compile(r"^Seat \d+: (?P<name>.+?) (?:\([^)]*\) )*mucked \[(?P<cards>[^\]]*)\]")
#: PokerStars' all-in cash out: the site pays the player a sum (less a fee) outside the
#: pot, which is still played out and won by the cards.
_CASH_OUT = re.compile(rf"^(?P<name>.+?) cashed out the hand for {_AMOUNT}(?: \| Cash Out Fee {_AMOUNT})?\s*$")
#: The summary's line of a player who cashed out and whose hand won: the pot the cards
#: gave them, which the site kept (it paid the cash out instead).
_NOT_AWARDED = re.compile(
    rf"^Seat \d+: (?P<name>.+?) (?:\([^)]*\) )*showed \[[^\]]*\] and won \({_AMOUNT}\)"
    r".*\(pot not awarded as player cashed out\)"
)
_TOTAL = re.compile(rf"^Total pot {_AMOUNT}.*?\| Rake {_AMOUNT}")
_ALL_IN = " and is all-in"
#: A word of a tournament's buy-in: an amount ("$1.40+$0.10"), a currency code, "Freeroll",
#: "FPP", or the dash some exports put after it ("$125+$10 - Hold'em No Limit").
_BUY_IN_WORD = re.compile(r".*\d.*|[A-Z]{3}|Freeroll|FPP|SC|-")
#: Table traffic and talk that says nothing about the hand.
_CHATTER = re.compile(
    r"( said, \".*\"$| joins the table at seat #\d+$| leaves the table$| is disconnected$| is connected$"
    r"| has timed out(?: while disconnected| while being disconnected)?$| has returned$| was removed from the table.*$"
    r"| finished the tournament.*$| wins the tournament.*$| re-buys and receives .*$| takes the add-on.*$"
    r"| will be allowed to play after the button$|^Hand was run (?:twice|three times)$|^Board \[|^(?:FIRST|SECOND|THIRD) Board \["
    r"|:? is sitting out$|: sits out$|^No low hand qualified$|^Betting is capped$|^Pair on board - a double bet is allowed$"
    r"| wins (?:the )?\S+ bounty for eliminating .*$| split the \S+ bounty for eliminating .*$| wins \S+ for (?:splitting the )?eliminat.*$"
    r"| wins an entry to tournament #\d+$)"
)
#: What a raise line may end with besides the all-in marker (a capped no-limit table).
_CAP = re.compile(rf" and has reached the {_AMOUNT} cap$")
#: A betting action's line after 'Name: ': its pattern, its kind, and the group holding
#: its amount (a raise's is the total it raises to; a stud completion is a raise).
_BET_LINES: tuple[tuple[re.Pattern[str], str, int], ...] = (
    (re.compile(rf"calls {_AMOUNT}"), "call", 1),
    (re.compile(rf"bets {_AMOUNT}"), "bet", 1),
    (re.compile(rf"raises {_AMOUNT} to {_AMOUNT}"), "raise", 2),
    (re.compile(rf"completes it to {_AMOUNT}"), "raise", 1),
)
_PLAYER_CHATTER = (
    "is sitting out",
    "sits out",
    "is disconnected",
    "is connected",
    "has timed out",
    "has returned",
    "doesn't show hand",
    "doesn't show",
    "leaves the table",
    "shows hand",
)
_RUNS = {"FIRST": 0, "SECOND": 1, "THIRD": 2}
_STREETS = {"HOLE CARDS": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}


def decode(data: bytes) -> str:
    r"""A hand-history file's text, its encoding detected once for the whole file: UTF-8
    with or without a byte-order mark, else cp1252 (the Windows client's), bytes cp1252
    leaves undefined read as Latin-1. Windows line ends become plain ones.

    >>> decode("\ufeffPokerStars Hand #1\r\n".encode("utf-8"))
    'PokerStars Hand #1\n'
    >>> decode("Seat 1: Jos\u00e9 ($2 in chips)".encode("cp1252"))
    'Seat 1: José ($2 in chips)'
    """
    if data.startswith(b"\xef\xbb\xbf"):
        text = data[3:].decode("utf-8", errors="replace")
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = "".join(
                chunk.decode("cp1252") if ok else chunk.decode("latin-1") for ok, chunk in _cp1252_chunks(data)
            )
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _cp1252_chunks(data: bytes) -> Iterator[tuple[bool, bytes]]:
    """``data`` cut where cp1252 leaves a byte undefined (0x81, 0x8d, 0x8f, 0x90, 0x9d)."""
    start = 0
    for i, b in enumerate(data):
        if b in (0x81, 0x8D, 0x8F, 0x90, 0x9D):
            yield True, data[start:i]
            yield False, data[i : i + 1]
            start = i + 1
    yield True, data[start:]


def read_hand(start: int, lines: list[str]) -> HandRecord:
    """One hand of :func:`split_hands` (its header's line number, its lines) as a record.

    Raises :class:`~hoyle.errors.ReplayError` naming the line that cannot be read."""
    return _HandReader(start, lines).read()


def split_hands(text: str) -> Iterator[tuple[int, list[str]]]:
    """The hands of a file: (line number of the header, the hand's lines). Hands follow
    one another with or without blank lines between them, or after the archives'
    ``*********** # 2 **************`` lines."""
    start: int | None = None
    lines = text.lstrip("\ufeff").splitlines()
    for number, line in enumerate(lines, start=1):
        if _HAND_START.match(line) or _FOREIGN_START.match(line) or _MARKED_START.match(line):
            if start is not None:
                yield start, lines[start - 1 : number - 1]
            start = number
        elif _SEPARATOR.match(line):  # the archive's "*********** # 2 **************"
            if start is not None:
                yield start, lines[start - 1 : number - 1]
            start = None
        elif start is None and line.strip():
            raise ReplayError(f"line {number}: {line.strip()!r} is not the start of a PokerStars hand")
    if start is not None:
        yield start, lines[start - 1 :]


def records(text: str) -> list[HandRecord]:
    """The hands in PokerStars hand-history text, as records.

    Raises :class:`~hoyle.errors.ReplayError` naming the line that cannot be read."""
    out = [_HandReader(start, lines).read() for start, lines in split_hands(text)]
    if not out:
        raise ReplayError("no PokerStars hand in the text (a hand starts 'PokerStars Hand #')")
    return out


def parse(text: str, *, conventions: str = "cardroom") -> list[Game]:
    """The hands in PokerStars hand-history text, each replayed into a finished hoyle
    game (``game.result["stacks"]`` by seat, the button last) under the betting
    ``conventions``.

    Raises :class:`~hoyle.errors.ReplayError` naming the line that cannot be read or the
    hand that does not replay."""
    return [replay(r, conventions=conventions) for r in records(text)]


def _amount(text: str) -> Decimal:
    return Decimal(text.replace(",", ""))


def _cards(text: str) -> list[str]:
    return [c for c in text.split() if c]


def _buy_in(rest: str) -> tuple[str, str]:
    """A tournament header's buy-in ("$1.40+$0.10 USD", "Freeroll", "10+1 FPP"), which
    comes before the game, and the rest of the header after it.

    >>> _buy_in("$1.40+$0.10 USD Hold'em No Limit - Level I (10/20)")
    ('$1.40+$0.10 USD', "Hold'em No Limit - Level I (10/20)")
    """
    words = rest.split()
    i = 0
    while (
        i < len(words)
        and _BUY_IN_WORD.fullmatch(words[i])
        and words[i + 1 : i + 2] not in (["Card"], ["CARD"])
        and not "".join(words[i + 1 : i + 2]).startswith("(")  # "8-Game (Razz Limit)": the mix's name
    ):
        i += 1
    return " ".join(words[:i]), " ".join(words[i:])


def _stakes(after: str, level: re.Match[str] | None) -> tuple[Decimal, Decimal, str]:
    """The small and big blinds (or bets) and the currency, from the stakes after the
    game's name: both blinds, or only a button blind (no small blind), or else a
    tournament's level; zero and no currency when none is written."""
    if stakes := _STAKES.search(after):
        return _amount(stakes[1]), _amount(stakes[2]), stakes["currency"] or _symbol(after)
    if button := _BUTTON_STAKES.search(after):  # no small blind; the button blind is the bet
        return Decimal(0), _amount(button[1]), button["currency"] or _symbol(after)
    if level:
        return _amount(level[2]), _amount(level[3]), ""
    return Decimal(0), Decimal(0), ""


class _HandReader:
    """Reads one hand's lines (``start`` is the header's line number in the file)."""

    def __init__(self, start: int, lines: list[str]) -> None:
        self.start = start
        # some exports double-space every line: the table line is the first non-blank one
        # after the header
        self.table_at = next((i for i in range(1, len(lines)) if lines[i].strip()), 1)
        self.lines = lines
        self.names: list[str] = []
        self.seats: list[int] = []
        self.stacks: list[Decimal] = []
        self.out: set[int] = set()  # players sitting out (dealt in only if they post or act)
        self.involved: set[int] = set()
        self.posts: list[Post] = []
        self.actions: list[RecordAction] = []
        self.holes: dict[int, list[str]] = {}
        self.shows: dict[int, list[str]] = {}
        self.mucks: set[int] = set()
        self.all_in: set[int] = set()  # players with nothing behind
        self.collected: dict[int, Decimal] = {}
        self.returned: dict[int, Decimal] = {}
        self.boards: list[list[str]] = [[]]
        self.rake: Decimal | None = None
        self.street = -1  # before the hole cards
        self.family = "flop"  # or "stud", "draw": which streets and lines the game has
        self.split = False  # Split Hold'em: two boards, dealt street by street
        self.dealt: dict[int, dict[int, list[str]]] = {}
        self.draws: dict[int, int] = {}  # how many times each player has drawn
        self.cash_outs: dict[int, tuple[Decimal, Decimal]] = {}
        self.reshuffled = 0  # the line of 'The deck is reshuffled' (0: none)
        self.bets: dict[int, Decimal] = {}
        self.big_blind = Decimal(0)

    def error(self, offset: int, why: str) -> ReplayError:
        return ReplayError(f"line {self.start + offset}: cannot read {self.lines[offset].strip()!r}: {why}")

    def read(self) -> HandRecord:
        record = self._header()
        section = "setup"
        for offset, raw in enumerate(self.lines[self.table_at + 1 :], start=self.table_at + 1):
            line = raw.strip()
            if not line:
                continue
            if m := _STREET.match(line):
                section = self._street(m, offset, line)
                continue
            if section == "summary":
                self._summary(line)
                continue
            if m := _SEAT.match(line):
                if section != "setup":
                    raise self.error(offset, "a seat line after the cards were dealt")
                self._seat(m)
                continue
            self._line(offset, line)
        return self._finish(record)

    # --- the header ------------------------------------------------------------------

    def _header(self) -> HandRecord:
        m = _HEADER.match(self.lines[0])
        if not m and (foreign := _FOREIGN_START.match(self.lines[0])):
            language = _LANGUAGES.get(foreign["word"], "another language")
            raise self.error(
                0,
                f"a PokerStars hand written in {language} ({foreign['word']!r} PokerStars): hoyle reads the"
                " hand histories PokerStars writes in English (the client's hand-history language)",
            )
        if not m:
            raise self.error(0, "expected 'PokerStars Hand #N: <game> <limit> (<stakes>) - <date>'")
        rest = m["rest"]
        tournament = m["tournament"] or ""
        buyin, rest = _buy_in(rest) if tournament else ("", rest)
        mix = ""
        if m_mix := _MIXED.match(rest):
            mix = m_mix["mix"]
            stakes_text = f" ({m_mix['stakes']})" if m_mix["stakes"] else ""
            rest = f"{m_mix['game']}{stakes_text}{m_mix['after']}"
        g = _GAME.match(rest)
        if not g:
            raise self.error(0, "no game and betting limit (e.g. \"Hold'em No Limit\", 'Omaha Pot Limit')")
        level = _LEVEL.search(self.lines[0])
        small, big, currency = _stakes(g["after"], level)
        record = HandRecord(
            game=g["game"],
            limit=_LIMITS[g["limit"].lower()],
            seats=[],
            players=[],
            stacks=[],
            button=0,
            site="PokerStars" if m["site"].upper().startswith("POKERSTARS") else m["site"],
            hand_id=m["id"],
            start_time=m["time"].strip(),
            currency=currency,
            tournament=tournament,
            level=level["level"] if level else "",
            line=self.start,
        )
        if buyin:
            record.extra["buy_in"] = buyin
        if mix:
            record.extra["mixed_game"] = mix
        self.big_blind = small if record.limit == "fixed-limit" else big
        if record.limit == "fixed-limit":
            record.small_bet, record.big_bet = small, big
        else:
            record.small_blind, record.big_blind = small, big
        self._table(record)
        return record

    def _table(self, record: HandRecord) -> None:
        """Read the table line (name, size, button seat) into ``record``, and the game's
        family and whether it is Split Hold'em; an error for a missing table line, or a
        game with a button that names none."""
        at = self.table_at
        if len(self.lines) <= at or not (t := _TABLE.match(self.lines[at].strip())):
            raise self.error(
                min(at, len(self.lines) - 1), "expected \"Table '<name>' <n>-max Seat #<n> is the button\""
            )
        self.family = _family(self.lines)
        # Split Hold'em deals two boards at every street, each with a betting round:
        # '*** FIRST FLOP ***' starts the street, '*** SECOND FLOP ***' is its other board
        self.split = game_key(record.game) == "splitholdem"
        if t["button"] is None and self.family != "stud":  # stud has no button
            raise self.error(at, "no 'Seat #<n> is the button'")
        record.table, record.button = t["table"], int(t["button"] or 0)
        record.max_seats = int(t["max"]) if t["max"] else 0

    # --- the body --------------------------------------------------------------------

    def _seat(self, m: re.Match[str]) -> None:
        self.seats.append(int(m["seat"]))
        self.names.append(m["name"])
        self.stacks.append(_amount(m[3]))
        rest = m["rest"].strip()
        if rest:
            self.out.add(len(self.names) - 1)

    def _who(self, line: str) -> tuple[int, str] | None:
        """The player a line starts with ('Name: ...') and the rest of the line."""
        best = None
        for i, name in enumerate(self.names):
            if line.startswith(name + ":") and (best is None or len(name) > len(self.names[best])):
                best = i
        if best is None:
            return None
        return best, line[len(self.names[best]) + 1 :].strip()

    def _player(self, offset: int, name: str) -> int:
        if name in self.names:
            return self.names.index(name)
        raise self.error(offset, f"{name!r} has no seat in this hand")

    def _street(self, m: re.Match[str], offset: int, line: str) -> str:
        if m["draw"] or m["stud"]:
            self.street = _DRAWS[m["draw"]] if m["draw"] else _STUD_STREETS[m["stud"]]
            self.bets = {}
            return "play"
        street = m["street"]
        if street == "DRAW":  # single draw
            self.street, self.bets = 1, {}
            return "play"
        if street == "RIVER" and self.family == "stud":  # seventh street, no board...
            self.street, self.bets = 4, {}
            # ... but when the deck runs out (eight players): one card face up for all
            self.boards[0] = [c for g in _CARDS.findall(line) for c in _cards(g)]
            return "play"
        if street == "SUMMARY":
            return "summary"
        if street in ("SHOW DOWN", "SHOWDOWN"):  # (Run It Once: SHOWDOWN)
            return "showdown"
        if street in ("HOLE CARDS", "DEALING HANDS"):
            self.street = 0
            return "play"
        if street == "PRE-FLOP":  # Courchevel: the first flop card, face up before the betting
            self.boards[0] = [c for g in _CARDS.findall(line) for c in _cards(g)]
            return "play"
        groups = _CARDS.findall(line)
        if not groups:
            raise self.error(offset, "a street without its cards")
        cards = [c for g in groups for c in _cards(g)]
        run = _RUNS[m["run"]] if m["run"] else 0
        while len(self.boards) <= run:
            self.boards.append(list(self.boards[0]))
        self.boards[run] = cards
        if m["run"] is None or (self.split and run == 0):
            self.street, self.bets = _STREETS[street], {}
        return "play"

    def _line(self, offset: int, line: str) -> None:
        if m := _CASH_OUT.match(line):
            self._cash_out(offset, m)
            return
        if line.startswith("STP added: "):
            raise self.error(
                offset, "the site added money to the pot (Run It Once's splash the pot): no player put it in"
            )
        if line == "The deck is reshuffled":  # the stock ran out in a draw: the replay reshuffles alike
            self.reshuffled = self.start + offset
            return
        if line == "Hand cancelled":
            raise self.error(offset, "the hand was cancelled: the client replayed none of it and moved no chips")
        if m := _UNCALLED.match(line):
            p = self._player(offset, m["name"])
            self.returned[p] = self.returned.get(p, Decimal(0)) + _amount(m[1])
            return
        if m := _COLLECTED.match(line):
            p = self._player(offset, m["name"])
            self.collected[p] = self.collected.get(p, Decimal(0)) + _amount(m[2])
            return
        if line.startswith("Dealt to "):
            self._dealt(offset, line)
            return
        who = self._who(line)
        if who is None:
            if _CHATTER.search(line):
                return
            raise self.error(offset, "not a line of a PokerStars hand hoyle knows")
        player, what = who
        if what:  # 'Name:' alone: an export that left out what followed (the cards shown all in)
            self._player_line(offset, player, what)

    def _player_line(self, offset: int, player: int, what: str) -> None:
        """A line of what ``player`` did (``what``, after 'Name: '): a post, a betting
        action (all in marked), a draw, a show or a muck; chatter is skipped, anything
        else an error naming the player."""
        what = _CAP.sub("", what)
        all_in = what.endswith(_ALL_IN)
        if all_in:
            what = what[: -len(_ALL_IN)]
        if what.startswith("posts "):
            self._post(offset, player, what[len("posts ") :])
            if all_in:
                self.all_in.add(player)
        elif what.startswith("folds") and player in self.all_in:
            # a player all in (for a blind, sitting out) is folded by the client: the
            # chips stay in the pot and the hand cannot win - at the showdown, a muck
            self.mucks.add(player)
        elif what in ("folds", "checks") or what.startswith("folds ["):
            self._act(offset, player, "fold" if what.startswith("folds") else "check", Decimal(0), False)
        elif bet := self._bet(player, what):
            self._act(offset, player, bet[0], bet[1], all_in)
        elif m := re.fullmatch(rf"brings in for {_AMOUNT}", what):
            self._bring_in(offset, player, _amount(m[1]))
            if all_in:
                self.all_in.add(player)
        elif (m := _DISCARD.fullmatch(what)) or _STAND_PAT.fullmatch(what):
            self._draw(offset, player, m)
        elif what.startswith("shows ["):
            groups = _CARDS.findall(what)
            if not groups:
                raise self.error(offset, "'shows' without its cards in brackets")
            self.shows[player] = _cards(groups[0])
        elif what.startswith("mucks hand") or what.startswith("mucks ["):
            self.mucks.add(player)
        elif what in _PLAYER_CHATTER or what.startswith("is sitting out") or what.startswith("sits out"):
            return
        else:
            raise self.error(offset, f"{self.names[player]!r} does something hoyle does not know")

    def _bet(self, player: int, what: str) -> tuple[str, Decimal] | None:
        """A call, bet, raise or (stud) completion of the bring-in in ``what``: its kind
        and amount, a bet's and a raise's as the total they make the player's bet this
        round (the file writes a bet as the chips it adds); None for any other line."""
        for pattern, kind, group in _BET_LINES:
            if m := pattern.fullmatch(what):
                amount = _amount(m[group])
                return kind, (self.bets.get(player, Decimal(0)) + amount if kind == "bet" else amount)
        return None

    def _draw(self, offset: int, player: int, discard: re.Match[str] | None) -> None:
        """A draw: the cards ``discard`` names thrown (unknown ones as ``??``), or none
        when the player stands pat (``discard`` None); the draw round started here when
        the file writes no '*** FIRST DRAW ***' (files before about 2010)."""
        thrown = _cards(discard["cards"] or "") if discard else []
        if discard and len(thrown) != int(discard["n"]):
            thrown = ["??"] * int(discard["n"])
        if self.draws.get(player, 0) + 1 > self.street:
            self.street, self.bets = self.draws.get(player, 0) + 1, {}
        self._act(offset, player, "draw", Decimal(0), False, tuple(thrown))
        self.draws[player] = self.draws.get(player, 0) + 1

    def _cash_out(self, offset: int, m: re.Match[str]) -> None:
        """'X cashed out the hand for $N | Cash Out Fee $F': kept in ``extra["cash_out"]``
        (player -> (sum, fee)), paid by the site outside the pot. The pot is played out by
        the cards all the same; what it gave a player who cashed out (the summary's 'won
        ($X) ... (pot not awarded as player cashed out)') counts as collected, though the
        site kept it."""
        p = self._player(offset, m["name"])
        fee = _amount(m[3]) if m[3] else Decimal(0)
        self.cash_outs[p] = (_amount(m[2]), fee)

    def _dealt(self, offset: int, line: str) -> None:
        m = re.fullmatch(r"Dealt to (?P<name>.+?)(?: \[(?P<cards>[^\]]*)\])*", line)
        if not m:
            raise self.error(offset, "expected 'Dealt to <name> [cards]'")
        rest = line[len("Dealt to ") :]
        seated = [n for n in self.names if rest == n or rest.startswith(n + " [")]
        # a name may hold brackets ('PC [Mittel]'): the longest seated name the line starts with
        name = max(seated, key=len) if seated else rest.split("[")[0].rstrip()
        groups = _CARDS.findall(rest[len(name) :])
        p = self._player(offset, name)
        self.involved.add(p)
        if groups and self.family == "flop":
            self.holes[p] = [c for g in groups for c in _cards(g)]
        elif groups:  # stud and draw: the cards of this street are the last group
            new = _cards(groups[-1])
            if self.family == "stud" and self.street == 0 and len(groups) == 1 and len(new) == 1:
                new = ["??", "??", *new]  # another player's third street: the up card only
            # stud: by street; draw: the deal (0), then the cards of each draw (1, 2, 3)
            key = max(self.street, 0) if self.family == "stud" else self.draws.get(p, 0)
            self.dealt.setdefault(p, {})[key] = new

    def _post(self, offset: int, player: int, what: str) -> None:
        for prefix, kind in (
            ("small & big blinds ", "dead"),
            ("small blind ", "small blind"),
            ("big blind ", "big blind"),
            ("the ante ", "ante"),
            ("straddle ", "straddle"),
            ("button blind ", "button blind"),
        ):
            if what.startswith(prefix) and (m := re.fullmatch(_AMOUNT, what[len(prefix) :])):
                amount = _amount(m[1])
                if self.street > 0:
                    raise self.error(offset, "a forced bet after the flop")
                self.involved.add(player)
                if kind == "dead":  # a live big blind plus a dead small blind, out of position
                    self._dead_blinds(offset, player, amount)
                    return
                if kind in ("small blind", "big blind") and any(p.kind == kind for p in self.posts):
                    # a second blind of its kind: posted out of position (a returning or new
                    # player), a big blind live, a small blind dead
                    kind = "live blind" if kind == "big blind" else "dead blind"
                self.posts.append(Post(player, kind, amount, self.start + offset))  # type: ignore[arg-type]
                if kind not in NOT_BETS:
                    self.bets[player] = self.bets.get(player, Decimal(0)) + amount
                return
        raise self.error(offset, "an unknown forced bet")

    def _dead_blinds(self, offset: int, player: int, amount: Decimal) -> None:
        """'posts small & big blinds X': the big blind live, the rest (the small blind)
        dead."""
        big = self.big_blind
        if not big or amount < big:
            raise self.error(offset, f"small and big blinds of {amount} are less than the big blind ({big})")
        self.posts.append(Post(player, "live blind", big, self.start + offset))
        if amount > big:
            self.posts.append(Post(player, "dead blind", amount - big, self.start + offset))
        self.bets[player] = self.bets.get(player, Decimal(0)) + big

    def _bring_in(self, offset: int, player: int, amount: Decimal) -> None:
        """A stud game's bring-in: a forced bet of the lowest (razz: highest) up card."""
        if self.street != 0 or self.family != "stud":
            raise self.error(offset, "a bring-in outside a stud game's third street")
        self.involved.add(player)
        self.posts.append(Post(player, "bring-in", amount, self.start + offset))
        self.bets[player] = self.bets.get(player, Decimal(0)) + amount

    def _act(
        self, offset: int, player: int, kind: str, amount: Decimal, all_in: bool, cards: tuple[str, ...] = ()
    ) -> None:
        if self.street < 0:
            raise self.error(offset, "an action before '*** HOLE CARDS ***'")
        if kind == "draw" and self.family != "draw":
            raise self.error(offset, "a draw in a game without draws")
        self.involved.add(player)
        action = RecordAction(self.street, player, kind, amount, all_in, self.start + offset, cards)  # type: ignore[arg-type]
        self.actions.append(action)
        if all_in:
            self.all_in.add(player)
        if kind == "call":
            self._live_second_small_blind(offset, player, amount, all_in)
            self.bets[player] = self.bets.get(player, Decimal(0)) + amount
        elif kind in ("bet", "raise"):
            self.bets[player] = amount

    def _live_second_small_blind(self, offset: int, player: int, amount: Decimal, all_in: bool) -> None:
        """A call that is short unless the player's second small blind counted: PokerStars
        makes that blind dead, other sites (and files converted from them) live. The
        difference is reported by name, not replayed."""
        if self.street != 0 or all_in:
            return
        dead = [p for p in self.posts if p.player == player and p.kind == "dead blind"]
        to_call = max(self.bets.values(), default=Decimal(0))
        had = self.bets.get(player, Decimal(0))
        if dead and had + amount < to_call and had + amount + sum(p.amount for p in dead) == to_call:
            raise self.error(
                offset,
                f"the call counts the second small blind (line {dead[0].line}) as live: PokerStars makes it"
                " dead, another site's convention (a file converted from another site?)",
            )

    def _summary(self, line: str) -> None:
        if m := _TOTAL.match(line):
            self.rake = _amount(m[2])
        elif (m := _NOT_AWARDED.match(line)) and m["name"] in self.names:  # won by the cards, cashed out
            p = self.names.index(m["name"])
            self.collected[p] = self.collected.get(p, Decimal(0)) + _amount(m[2])
        elif (m := _MUCKED.match(line)) and m["name"] in self.names and self.family == "flop":  # a mucked hand
            self.holes.setdefault(self.names.index(m["name"]), _cards(m["cards"]))

    # --- the record ------------------------------------------------------------------

    def _finish(self, record: HandRecord) -> HandRecord:
        if not self.names:
            raise ReplayError(f"line {self.start}: a hand without seats")
        dealt = [i for i in range(len(self.names)) if i not in self.out or i in self.involved]
        index = {old: new for new, old in enumerate(dealt)}

        record.seats = [self.seats[i] for i in dealt]
        record.players = [self.names[i] for i in dealt]
        record.stacks = [self.stacks[i] for i in dealt]
        record.posts = [replace(p, player=index[p.player]) for p in self.posts]
        record.actions = [replace(a, player=index[a.player]) for a in self.actions]
        record.holes = _remap(index, self.holes)
        record.shows = _remap(index, self.shows)
        record.mucks = {index[p] for p in self.mucks if p in index}
        record.dealt = _remap(index, self.dealt)
        if self.cash_outs:
            record.extra["cash_out"] = _remap(index, self.cash_outs)
        if self.reshuffled:
            record.extra["reshuffled"] = self.reshuffled
        record.collected = _remap(index, self.collected)
        record.returned = _remap(index, self.returned)
        record.boards = self.boards
        record.rake = self.rake
        if not record.returned:
            record.returned = _unrecorded_uncalled(record)
        antes = [p.amount for p in self.posts if p.kind == "ante"]
        record.ante = max(antes, default=Decimal(0))
        if record.limit == "fixed-limit":
            blinds = sorted(p.amount for p in self.posts if p.kind in ("small blind", "big blind"))
            record.big_blind = record.small_bet
            record.small_blind = blinds[0] if len(blinds) > 1 else record.small_bet / 2
        return record


def _unrecorded_uncalled(record: HandRecord) -> dict[int, Decimal]:
    """The uncalled bet of a hand that has no "Uncalled bet ... returned" line (clients
    before about 2006 wrote none): the pot must balance, so when what was put in exceeds
    what was collected plus the rake by exactly the uncalled excess, that excess went
    back to its bettor."""
    if not record.collected:
        return {}
    put_in = sum(record.committed(), Decimal(0))
    taken = sum(record.collected.values(), Decimal(0)) + (record.rake or Decimal(0))
    uncalled = record.uncalled()
    if put_in != taken and sum(uncalled.values(), Decimal(0)) == put_in - taken:
        return uncalled
    return {}


def _remap(index: dict[int, int], d: dict[int, _V]) -> dict[int, _V]:
    """``d`` keyed by the new player indexes (players not dealt in left out)."""
    return {index[k]: v for k, v in d.items() if k in index}


def _family(lines: list[str]) -> str:
    """Which streets a hand has, from the lines that start them: ``stud`` (third street
    to the river), ``draw`` (the deal, then the draws) or ``flop``.

    >>> _family(["*** 3rd STREET ***"]), _family(["*** DEALING HANDS ***"]), _family(["*** HOLE CARDS ***"])
    ('stud', 'draw', 'flop')
    """
    for line in lines:
        if line.startswith("*** 3rd STREET ***"):
            return "stud"
        if line.startswith("*** DEALING HANDS ***"):
            return "draw"
    return "flop"


def _symbol(text: str) -> str:
    m = re.search(r"([^\d\s(),./A-Za-z])\d", text)
    return m[1] if m else ""
