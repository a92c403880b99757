"""Open Hand History (OHH, JSON, spec 1.4.x): write finished hoyle hands as OHH, read
OHH files (one ``{"ohh": {...}}`` object per hand, hands separated by a blank line) and
replay them in hoyle.

    >>> import hoyle
    >>> from hoyle import ohh
    >>> game = hoyle.new_game("texas-holdem", players=2, seed=5)
    >>> _ = game.act("raise to 6"), game.act("fold")
    >>> text = ohh.dumps(game)
    >>> ohh.replay(text).result["stacks"] == game.result["stacks"] == [198, 202]
    True

Amounts follow the spec: an action's ``amount`` is the chips it puts in (a raise from 2
to 20 is written 18), decimals as written. Rounds are ``Preflop``, ``Flop``, ``Turn``,
``River`` and ``Showdown``; the board cards of a round are its ``cards``. A round's
street met a second time starts a second board (a hand run twice). Players with
``is_sitting_out`` are not dealt in. ``Post Dead`` is a dead blind (dead money in the pot,
no bet) and ``Post Extra Blind`` a live blind posted out of position (the poster's bet). What the pots say (``player_wins``, ``rake``; the wins
leave out the uncalled bet, which goes back to its bettor) is checked against hoyle's own
finishing stacks when no rake was taken.

The game (``game_type``: ``Holdem``, ``Omaha``, ``OmahaHiLo``...) is replayed by the
plugin registered for it (see :mod:`hoyle.handhistory.games`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

from hoyle.engine.game import Game
from hoyle.errors import ReplayError
from hoyle.handhistory import games
from hoyle.handhistory.record import NOT_BETS, STREETS, ActionKind, HandRecord, Post, PostKind, RecordAction

__all__ = [
    "SPEC_VERSION",
    "dump",
    "dumps",
    "from_record",
    "load",
    "loads",
    "records",
    "replay",
    "replay_all",
    "to_record",
]

#: The OHH version hoyle writes.
SPEC_VERSION = "1.4.7"
_ROUNDS = ("Preflop", "Flop", "Turn", "River")
#: The board cards each round deals, as a slice of the board.
_CUTS = ((0, 0), (0, 3), (3, 4), (4, 5))
_BET_TYPES = {"no-limit": "NL", "pot-limit": "PL", "fixed-limit": "FL"}
_LIMITS = {v: k for k, v in _BET_TYPES.items()}
_POSTS: dict[str, PostKind] = {
    "Post Ante": "ante",
    "Post SB": "small blind",
    "Post BB": "big blind",
    "Straddle": "straddle",
    "Post Extra Blind": "live blind",
    "Post Dead": "dead blind",
}
_POST_NAMES = {v: k for k, v in _POSTS.items()}
_BETS: dict[str, ActionKind] = {"Fold": "fold", "Check": "check", "Call": "call", "Bet": "bet", "Raise": "raise"}
_IGNORED = ("Added Chips", "Sits Down", "Stands Up", "Player Adjustment")


# --- reading -----------------------------------------------------------------------------


def loads(text: str) -> list[dict[str, Any]]:
    """The hand objects (what is under ``"ohh"``) in OHH text: one JSON object, or
    several separated by blank lines. Raises :class:`~hoyle.errors.ReplayError` naming
    the line of text that is not OHH."""
    out = []
    for line, chunk in _chunks(text):
        try:
            data = json.loads(chunk, parse_float=Decimal)
        except json.JSONDecodeError as exc:
            raise ReplayError(f"line {line + exc.lineno - 1}: not JSON ({exc.msg})") from None
        hand = data.get("ohh") if isinstance(data, dict) else None
        if not isinstance(hand, dict):
            raise ReplayError(f'line {line}: an OHH hand is a JSON object {{"ohh": {{...}}}}')
        hand.setdefault("_line", line)
        out.append(hand)
    if not out:
        raise ReplayError("no OHH hand in the text")
    return out


def load(source: str | Path) -> list[dict[str, Any]]:
    """The hand objects of an ``.ohh`` file, or of OHH text (see :func:`loads`)."""
    return loads(_read(Path(source)) if _is_path(source) else str(source))


def _read(path: Path) -> str:
    """A file's text; a file that cannot be read is a :class:`~hoyle.errors.ReplayError`."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError, ValueError) as exc:  # ValueError: a NUL in the name
        raise ReplayError(f"{path}: cannot read the file ({exc})") from None


def _chunks(text: str) -> Iterator[tuple[int, str]]:
    """The JSON objects of a file: (first line number, text), split at blank lines
    between top-level objects."""
    lines = text.lstrip("\ufeff").splitlines()
    start, depth = 0, 0
    buf: list[str] = []
    for number, line in enumerate(lines, start=1):
        if not buf and not line.strip():
            continue
        if not buf:
            start = number
        buf.append(line)
        depth += _depth(line)
        if depth <= 0 and buf:
            yield start, "\n".join(buf)
            buf, depth = [], 0
    if buf:
        yield start, "\n".join(buf)


def _depth(line: str) -> int:
    """Braces opened minus closed on a line, outside strings."""
    text = re.sub(r'"(?:[^"\\]|\\.)*"', "", line)
    return text.count("{") + text.count("[") - text.count("}") - text.count("]")


def _field(hand: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in hand:
        raise ReplayError(f"{where}: no {key!r}")
    value = hand[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise ReplayError(f"{where}: {key!r} is {value!r}, not {getattr(kind, '__name__', kind)}")
    return value


def _decimal(value: Any, where: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, (int, Decimal, float, str)):
        raise ReplayError(f"{where}: {value!r} is not an amount")
    try:
        return Decimal(str(value))
    except ArithmeticError:
        raise ReplayError(f"{where}: {value!r} is not an amount") from None


def to_record(hand: dict[str, Any]) -> HandRecord:
    """One OHH hand object as a neutral record."""
    line = int(hand.get("_line", 1))
    where = f"OHH hand {hand.get('game_number', '?')} (line {line})"
    limit_obj = hand.get("bet_limit") or {}
    bet_type = limit_obj.get("bet_type", "NL") if isinstance(limit_obj, dict) else "NL"
    if bet_type not in _LIMITS:
        raise ReplayError(f"{where}: bet_type {bet_type!r} is not one of {', '.join(_LIMITS)}")
    players = [p for p in _field(hand, "players", list, where) if not p.get("is_sitting_out")]
    players.sort(key=lambda p: int(p["seat"]))
    index = {p["id"]: i for i, p in enumerate(players)}
    record = HandRecord(
        game=str(_field(hand, "game_type", str, where)),
        limit=_LIMITS[bet_type],
        seats=[int(p["seat"]) for p in players],
        players=[str(p.get("name", p["id"])) for p in players],
        stacks=[_decimal(p.get("starting_stack"), f"{where}, player {p.get('name')}") for p in players],
        button=int(_field(hand, "dealer_seat", int, where)),
        small_blind=_decimal(hand.get("small_blind_amount") or 0, where),
        big_blind=_decimal(hand.get("big_blind_amount") or 0, where),
        ante=_decimal(hand.get("ante_amount") or 0, where),
        site=str(hand.get("site_name", "")),
        hand_id=str(hand.get("game_number", "")),
        table=str(hand.get("table_name", "")),
        start_time=str(hand.get("start_date_utc", "")),
        currency=str(hand.get("currency", "")),
        max_seats=int(hand.get("table_size", 0) or 0),
        line=line,
    )
    if record.limit == "fixed-limit":
        record.small_bet = record.big_blind
        record.big_bet = _decimal(limit_obj.get("bet_cap") or 0, where) or 2 * record.big_blind
    if isinstance(hand.get("tournament_info"), dict):
        record.tournament = str(hand["tournament_info"].get("tournament_number", ""))
    bets: dict[int, Decimal] = {}
    for rnd in _field(hand, "rounds", list, where):
        street_name = rnd.get("street")
        if street_name in _ROUNDS:
            street = _ROUNDS.index(street_name)
            cut = _CUTS[street][0]
            if street and len(record.boards[-1]) > cut:  # the street dealt again: a further run
                record.boards.append(list(record.boards[-1][:cut]))
            bets = {} if street else bets
            record.boards[-1].extend(str(c) for c in rnd.get("cards") or [])
        elif street_name == "Showdown":
            street = len(_ROUNDS)
        else:
            raise ReplayError(f"{where}: round {rnd.get('id')} has street {street_name!r}")
        for act in rnd.get("actions") or []:
            _action(record, act, street, bets, index, f"{where}, action {act.get('action_number')}")
    pots = hand.get("pots")
    if isinstance(pots, list) and pots:
        record.collected = {}
        record.rake = Decimal(0)
        for pot in pots:
            record.rake += _decimal(pot.get("rake") or 0, where)
            for win in pot.get("player_wins") or []:
                p = index.get(win.get("player_id"))
                if p is None:
                    raise ReplayError(f"{where}: pot {pot.get('number')} pays unknown player {win.get('player_id')!r}")
                record.collected[p] = record.collected.get(p, Decimal(0)) + _decimal(win.get("win_amount"), where)
        record.returned = record.uncalled()  # OHH does not say; the pots' wins leave it out
    return record


def _action(
    record: HandRecord, act: dict[str, Any], street: int, bets: dict[int, Decimal], index: dict[Any, int], where: str
) -> None:
    kind = act.get("action")
    if kind in _IGNORED or kind == "Add to Pot":
        if kind == "Add to Pot":
            raise ReplayError(f"{where}: 'Add to Pot' (money the site adds) does not replay")
        return
    player = index.get(act.get("player_id"))
    if player is None:
        raise ReplayError(f"{where}: player_id {act.get('player_id')!r} is not a player dealt in")
    amount = _decimal(act.get("amount") or 0, where)
    number = int(act.get("action_number", 0) or 0)
    if kind == "Dealt Cards":
        record.holes[player] = [str(c) for c in act.get("cards") or []]
    elif kind == "Shows Cards":
        record.shows[player] = [str(c) for c in act.get("cards") or []]
    elif kind == "Mucks Cards":
        record.mucks.add(player)
    elif kind in _POSTS:
        record.posts.append(Post(player, _POSTS[kind], amount))
        if _POSTS[kind] not in NOT_BETS:
            bets[player] = bets.get(player, Decimal(0)) + amount
    elif kind in _BETS:
        if street >= len(_ROUNDS):
            raise ReplayError(f"{where}: a {kind!r} in the Showdown round")
        k = _BETS[kind]
        if k in ("bet", "raise"):
            bets[player] = bets.get(player, Decimal(0)) + amount
            amount = bets[player]
        elif k == "call":
            bets[player] = bets.get(player, Decimal(0)) + amount
        record.actions.append(RecordAction(street, player, k, amount, bool(act.get("is_allin")), number))
    else:
        raise ReplayError(f"{where}: action {kind!r} is not an OHH action")


def records(source: str | Path) -> list[HandRecord]:
    """The hands of OHH text or an ``.ohh`` file as neutral records."""
    return [to_record(h) for h in load(source)]


def replay_all(source: str | Path, *, conventions: str = "cardroom") -> list[Game]:
    """Replay every hand of OHH text or an ``.ohh`` file under the betting
    ``conventions``; each game finished."""
    return [games.replay(r, conventions=conventions) for r in records(source)]


def replay(source: str | Path, *, conventions: str = "cardroom") -> Game:
    """Replay a one-hand OHH text or file (see :func:`replay_all` for several)."""
    out = replay_all(source, conventions=conventions)
    if len(out) != 1:
        raise ReplayError(f"{len(out)} hands where one was expected (use replay_all)")
    return out[0]


def _is_path(source: str | Path) -> bool:
    return isinstance(source, Path) or (
        bool(source.strip()) and "\n" not in source and not source.lstrip().startswith("{")
    )


# --- writing -----------------------------------------------------------------------------


def _num(x: Decimal) -> int | float:
    """An amount for JSON: whole amounts as integers."""
    return int(x) if x == x.to_integral_value() else float(x)


def _camel(name: str) -> str:
    """``"Hold'em"`` -> ``"Holdem"``, ``"Omaha Hi/Lo"`` -> ``"OmahaHiLo"``."""
    return "".join(w[:1].upper() + w[1:] for w in re.split(r"[^A-Za-z0-9']+", name) if w).replace("'", "")


class _Actions:
    """The OHH action lists being written, one per round and the showdown last, numbered
    in the order they are added."""

    def __init__(self) -> None:
        self.by_round: list[list[dict[str, Any]]] = [[] for _ in range(len(_ROUNDS) + 1)]
        self.number = 0

    def add(self, street: int, player: int, action: str, amount: Decimal | None = None, **more: Any) -> None:
        """Append one action to ``street``'s list (``amount`` only when given)."""
        item: dict[str, Any] = {"action_number": self.number, "player_id": player, "action": action}
        if amount is not None:
            item["amount"] = _num(amount)
        item.update(more)
        self.by_round[street].append(item)
        self.number += 1


def _ohh_actions(record: HandRecord) -> list[list[dict[str, Any]]]:
    """The record's posts, deals, betting and showdown as OHH action lists, one per round
    and the showdown last; a bet or raise is written as the chips put in by it (the
    record holds the total it makes the bet)."""
    out = _Actions()
    for post in record.posts:
        out.add(0, post.player, _POST_NAMES[post.kind], post.amount)
    for p in record.position_order():
        if record.holes.get(p):
            out.add(0, p, "Dealt Cards", cards=list(record.holes[p]))
    bets: dict[int, Decimal] = {}
    for post in record.posts:
        if post.kind not in NOT_BETS:
            bets[post.player] = bets.get(post.player, Decimal(0)) + post.amount
    street = 0
    for a in record.actions:
        if a.street != street:
            street, bets = a.street, {}
        put = a.amount
        if a.kind in ("bet", "raise"):
            put = a.amount - bets.get(a.player, Decimal(0))
            bets[a.player] = a.amount
        elif a.kind == "call":
            bets[a.player] = bets.get(a.player, Decimal(0)) + a.amount
        kind = {v: k for k, v in _BETS.items()}[a.kind]
        if a.kind in ("call", "bet", "raise"):
            out.add(a.street, a.player, kind, put, is_allin=a.all_in)
        else:
            out.add(a.street, a.player, kind)
    for p in sorted(set(record.shows) | record.mucks):
        if p in record.shows:
            out.add(len(_ROUNDS), p, "Shows Cards", cards=list(record.shows[p]))
        else:
            out.add(len(_ROUNDS), p, "Mucks Cards")
    return out.by_round


def _ohh_rounds(record: HandRecord, actions: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The OHH rounds: each street dealt with its board cards and actions, then each
    further run of a hand run twice from the street where it parts from the first, then
    the showdown if anything happened in it."""
    board = record.boards[0]
    rounds = []
    for i, name in enumerate(_ROUNDS):
        lo, hi = _CUTS[i]
        if i and len(board) < hi:
            break
        rounds.append({"id": i, "street": name, "cards": board[lo:hi], "actions": actions[i]})
    for run in record.boards[1:]:  # a hand run twice: each further run's streets again, from where it parts
        parted = next(
            (i for i in range(1, len(_ROUNDS)) if run[_CUTS[i][0] : _CUTS[i][1]] != board[_CUTS[i][0] : _CUTS[i][1]]),
            None,
        )
        for i in range(parted or len(_ROUNDS), len(_ROUNDS)):
            lo, hi = _CUTS[i]
            rounds.append({"id": len(rounds), "street": _ROUNDS[i], "cards": run[lo:hi], "actions": []})
    if actions[len(_ROUNDS)]:
        rounds.append({"id": len(rounds), "street": "Showdown", "actions": actions[len(_ROUNDS)]})
    return rounds


def _ohh_pots(record: HandRecord) -> list[dict[str, Any]]:
    """The OHH pots: one, of everything committed less what was returned, with the rake
    and each player's winnings."""
    committed = record.committed()
    total = sum(committed, Decimal(0)) - sum(record.returned.values(), Decimal(0))
    wins = [
        {"player_id": p, "win_amount": _num(w), "cashout_amount": 0, "cashout_fee": 0, "bonus_amount": 0}
        for p, w in sorted((record.collected or {}).items())
        if w
    ]
    return [
        {
            "number": 0,
            "amount": _num(total),
            "rake": _num(record.rake or Decimal(0)),
            "jackpot": 0,
            "player_wins": wins,
        }
    ]


def from_record(record: HandRecord, start_date_utc: str = "1970-01-01T00:00:00Z") -> dict[str, Any]:
    """A record as an OHH hand object (``{"ohh": {...}}``)."""
    ids = list(range(len(record.players)))
    hand: dict[str, Any] = {
        "spec_version": SPEC_VERSION,
        "site_name": record.site or "hoyle",
        "network_name": record.site or "hoyle",
        "internal_version": "hoyle",
        "tournament": bool(record.tournament),
        "game_number": record.hand_id or "0",
        "start_date_utc": start_date_utc,
        "table_name": record.table or "hoyle",
        "game_type": _camel(record.game),
        "bet_limit": {
            "bet_type": _BET_TYPES[record.limit],
            "bet_cap": _num(record.big_bet) if record.limit == "fixed-limit" else 0,
        },
        "table_size": record.max_seats or len(record.players),
        "currency": record.currency or "CHIPS",
        "dealer_seat": record.button,
        "small_blind_amount": _num(record.small_blind),
        "big_blind_amount": _num(record.big_blind),
        "ante_amount": _num(record.ante),
        "hero_player_id": min(record.holes, default=0),
        "flags": ["Run_It_Twice"] if len(record.boards) > 1 else [],
        "players": [
            {"id": i, "seat": record.seats[i], "name": record.players[i], "starting_stack": _num(record.stacks[i])}
            for i in ids
        ],
        "rounds": _ohh_rounds(record, _ohh_actions(record)),
        "pots": _ohh_pots(record),
    }
    if record.tournament:
        hand["tournament_info"] = {"tournament_number": record.tournament, "name": record.tournament}
    return {"ohh": hand}


def dump(game: Game) -> dict[str, Any]:
    """A finished one-hand poker game as an OHH hand object (``{"ohh": {...}}``), through
    the plugin that plays its variant. Raises :class:`~hoyle.errors.ReplayError` for a
    game no plugin writes."""
    if not game.is_over:
        raise ReplayError("only a finished hand dumps to OHH")
    return from_record(games.record_of(game))


def dumps(game: Game) -> str:
    """:func:`dump` as JSON text (indented, as the spec's examples are)."""
    return json.dumps(dump(game), indent=2)


_ = STREETS  # the street numbers of RecordAction.street are those of hoyle.handhistory.record
