"""Every check of what a client sends, in one place: request bodies, table requests,
actions, query parameters, the socket's first message and uploaded records.

Each check either returns the value it accepts, in the form the server uses, or raises
:class:`TableError` naming the bad value, with the HTTP status that fits it; nothing is
built or changed before a request has passed its checks, so a refusal changes nothing.
The rules (docs/server.md, "Limits"):

- JSON is strict: nested at most :data:`MAX_DEPTH` deep, no ``NaN`` or ``Infinity``,
  numbers of at most :data:`MAX_DIGITS` digits, strings of well-formed Unicode (a lone
  surrogate such as ``"\\ud800"`` cannot be written out again as UTF-8).
- A table request names a variant, a player count in the variant's range (or distinct
  player names of 1..:data:`MAX_NAME` printable characters), a seed only where the
  creator may choose one, bots by seat number, and stacks of 1..:data:`MAX_CHIPS` chips
  per seat (a stack of 0 would be dealt in with the variant's default stack).

    >>> parse_json(b'{"variant": "war", "players": 2}', "the request body")
    {'variant': 'war', 'players': 2}
    >>> parse_json(b'{"seed": NaN}', "the request body")
    Traceback (most recent call last):
    ...
    hoyle.server.validate.TableError: the request body is not JSON: NaN is not a JSON number
    >>> table_request({"variant": "texas-holdem", "stacks": [0, 0]})
    Traceback (most recent call last):
    ...
    hoyle.server.validate.TableError: 'stacks' must be a list of chip counts, each 1..1000000000000, not [0, 0]
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from typing import Any

import hoyle
from hoyle.errors import HoyleError
from hoyle.server.fairness import SEED_BITS

#: The deepest nesting of arrays and objects a JSON body (or uploaded record) may have.
MAX_DEPTH = 32
#: The most digits a JSON number may have (a field's own check then names a number too big
#: for it; this one keeps the parser from converting a 100,000-digit number).
MAX_DIGITS = 100
#: The longest player name.
MAX_NAME = 40
#: The most chips a stack may hold: every amount at a table stays an exact JavaScript number.
MAX_CHIPS = 10**12
#: The longest clock a table may have, in seconds (a day), for the action and the bank.
MAX_SECONDS = 86_400.0
#: The fields of a table request.
FIELDS = ("variant", "players", "options", "house_rules", "seed", "practice", "bots", "stacks", "clock")
#: The longest text shown back in a refusal.
SHOWN = 80

_SEAT = re.compile(r"0|[1-9][0-9]{0,5}")
_NUMBER = re.compile(r"[0-9]{1,12}")


class TableError(HoyleError, ValueError):
    """A request a table cannot take. ``status`` is the HTTP status that fits it."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def shown(value: Any) -> str:
    """``repr(value)``, cut to :data:`SHOWN` characters (a refusal names the value, it
    does not echo a 60 KB one back).

    >>> shown("x" * 100)[-12:]
    '... (102 ch)'
    """
    text = repr(value)
    return text if len(text) <= SHOWN else f"{text[: SHOWN - 16]}... ({len(text)} ch)"


# --- JSON ------------------------------------------------------------------------------


def json_depth(text: str | bytes) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON text (strings skipped), counted
    without parsing, so a body nested a million deep is refused before ``json.loads``.

        >>> json_depth('{"a": [1, {"b": "[[["}]}')
        3
    """
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text)
    depth = deepest = 0
    in_string = escaped = False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


class _Refused(ValueError):
    pass


def _constant(name: str) -> Any:
    raise _Refused(f"{name} is not a JSON number")


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"the number {text[:20]}... has {len(text.lstrip('-'))} digits (at most {MAX_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    if len(text) > 2 * MAX_DIGITS:
        raise _Refused(f"the number {text[:20]}... has {len(text)} characters")
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"{text} is out of range")
    return value


def _unicode(value: Any, where: str) -> None:
    """Refuse a string that is not well-formed Unicode (a lone surrogate), anywhere."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise _Refused(f"{where} has a lone surrogate ({shown(value)})") from exc
    elif isinstance(value, dict):
        for key, item in value.items():
            _unicode(key, f"{where} key")
            _unicode(item, f"{where}[{key!r}]" if len(where) < SHOWN else where)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _unicode(item, f"{where}[{i}]" if len(where) < SHOWN else where)


def parse_json(text: str | bytes, what: str, status: int = 400) -> Any:
    """Strict ``json.loads`` with the depth limit (see the module); a refusal is a
    :class:`TableError` with ``status``, naming ``what``."""
    if json_depth(text) > MAX_DEPTH:
        raise TableError(f"{what} is nested deeper than {MAX_DEPTH} levels", status=status)
    try:
        value = json.loads(text, parse_constant=_constant, parse_int=_int, parse_float=_float)
        _unicode(value, "a string")
    except _Refused as exc:
        raise TableError(f"{what} is not JSON: {exc}", status=status) from exc
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, UnicodeDecodeError among them
        raise TableError(f"{what} is not JSON: {exc}", status=status) from exc
    return value


# --- a table request -------------------------------------------------------------------


def _names(players: list[Any]) -> list[str]:
    for name in players:
        if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME or not name.isprintable():
            raise TableError(
                f"'players' names must be 1..{MAX_NAME} printable characters, not {shown(name)}", status=422
            )
    if len(set(players)) != len(players):
        raise TableError(f"'players' names must differ, not {shown(players)}", status=422)
    return players


def _seat_number(text: str) -> int:
    if not _SEAT.fullmatch(text):
        raise TableError(f"'bots' seats must be seat numbers (0, 1, ...), not {shown(text)}")
    return int(text)


def parse_clock(value: Any) -> dict[str, float] | None:
    """A table request's ``clock``: ``{"seconds": S, "bank": B}`` (``bank`` defaults to
    0), or None for no clock. Raises :class:`TableError` naming the bad value.

        >>> parse_clock({"seconds": 30})
        {'seconds': 30.0, 'bank': 0.0}
    """
    if value is None:
        return None
    if not isinstance(value, Mapping) or set(value) - {"seconds", "bank"} or "seconds" not in value:
        raise TableError(f'\'clock\' must be {{"seconds": S, "bank": B}}, not {shown(value)}')
    out = {}
    for name in ("seconds", "bank"):
        number = value.get(name, 0)
        if isinstance(number, bool) or not isinstance(number, (int, float)) or not 0 <= number <= MAX_SECONDS:
            raise TableError(f"'clock' {name!r} must be a number of seconds in 0..{MAX_SECONDS:.0f}, not {number!r}")
        out[name] = float(number)
    if out["seconds"] <= 0:
        raise TableError(f"'clock' 'seconds' must be more than 0, not {value['seconds']!r}")
    return out


def _given(request: Mapping[str, Any], name: str, default: Any) -> Any:
    """A field's value, ``default`` if absent or null (a wrong type is never taken as absent)."""
    value = request.get(name)
    return default if value is None else value


def table_request(request: Any) -> dict[str, Any]:  # noqa: C901 - a flat guard per field, each naming its value
    """Check a table request (``POST /api/tables``) and return its spec, the seed
    still to be drawn (``seed`` None) unless chosen; the engine then checks the
    options and house rules against the variant's rules."""
    if not isinstance(request, Mapping):
        raise TableError("the request body must be a JSON object")
    unknown = set(request) - set(FIELDS)
    if unknown:
        raise TableError(f"unknown field(s) {shown(sorted(unknown))}: expected {', '.join(FIELDS)}")
    variant = request.get("variant")
    if not isinstance(variant, str):
        raise TableError(f"'variant' must be a variant name, not {shown(variant)}")
    known = hoyle.variants().get(variant)
    if known is None:
        raise TableError(f"unknown variant {shown(variant)} (GET /api/variants lists them)", status=422)
    players = request.get("players", known.players[0])
    if isinstance(players, bool) or not isinstance(players, (int, list)):
        raise TableError(f"'players' must be a number or a list of names, not {shown(players)}")
    count = players if isinstance(players, int) else len(players)
    if not known.players[0] <= count <= known.players[1]:  # before anything is built
        raise TableError(f"{variant!r} is for {known.players[0]}..{known.players[1]} players, not {count}", 422)
    if isinstance(players, list):
        players = _names(players)
    options = _given(request, "options", {})
    if not isinstance(options, Mapping):
        raise TableError(f"'options' must be an object, not {shown(options)}")
    house_rules = _given(request, "house_rules", [])
    if not isinstance(house_rules, list) or not all(isinstance(h, str) for h in house_rules):
        raise TableError(f"'house_rules' must be a list of names, not {shown(house_rules)}")
    bots = _given(request, "bots", {})
    if not isinstance(bots, Mapping) or not all(isinstance(b, str) for b in bots.values()):
        raise TableError(f"'bots' must map seats to bot names, not {shown(bots)}")
    bot_seats = {_seat_number(seat): name for seat, name in bots.items()}
    if len(bot_seats) != len(bots):
        raise TableError(f"'bots' names a seat twice: {shown(sorted(bots))}")
    outside = sorted(s for s in bot_seats if s >= count)
    if outside:
        raise TableError(f"bot seat {outside[0]} is not a seat of this {count}-player table", status=422)
    stacks = request.get("stacks")
    if stacks is not None and (
        not isinstance(stacks, list)
        or not all(isinstance(s, int) and not isinstance(s, bool) and 1 <= s <= MAX_CHIPS for s in stacks)
    ):
        raise TableError(f"'stacks' must be a list of chip counts, each 1..{MAX_CHIPS}, not {shown(stacks)}")
    if stacks is not None and len(stacks) != count:
        raise TableError(f"'stacks' must give one stack per player ({count}), not {len(stacks)}", status=422)
    practice = request.get("practice", False)
    if not isinstance(practice, bool):
        raise TableError(f"'practice' must be true or false, not {shown(practice)}")
    seed = _seed(request.get("seed"), humans=count - len(bot_seats), practice=practice)
    return {
        "variant": variant,
        "players": players,
        "options": dict(options),
        "house_rules": list(house_rules),
        "seed": seed,
        "bots": {str(s): n for s, n in sorted(bot_seats.items())},
        "stacks": stacks,
        "practice": practice,
        "seed_chosen": seed is not None,
        "clock": parse_clock(request.get("clock")),
    }


def _seed(chosen: Any, humans: int, practice: bool) -> int | None:
    """A chosen seed, checked: only a table with at most one human seat, or one marked
    practice, may choose it (whoever chose the seed knows every hidden card)."""
    if chosen is None:
        return None
    if isinstance(chosen, bool) or not isinstance(chosen, int) or not 0 <= chosen < 2**SEED_BITS:
        raise TableError(f"'seed' must be an integer in 0..2**{SEED_BITS}, not {shown(chosen)}")
    if humans > 1 and not practice:
        raise TableError(
            f"a table with {humans} human seats never uses a chosen seed (its creator would know every "
            "hidden card): leave 'seed' out for a server-drawn seed, or mark the table \"practice\": true",
            status=422,
        )
    return chosen


# --- the other requests -----------------------------------------------------------------


def action_body(body: Any) -> str:
    """The action text of ``POST .../actions``: the body must be ``{"action": "<text>"}``."""
    if not isinstance(body, Mapping) or set(body) != {"action"}:
        raise TableError(f'the request body must be {{"action": "<action text>"}}, not {shown(body)}')
    return action_text(body["action"])


def action_text(action: Any) -> str:
    """An action's text: a non-empty string (the engine then reads it)."""
    if not isinstance(action, str) or not action.strip():
        raise TableError(f"'action' must be an action's text (e.g. 'call'), not {shown(action)}")
    return action


def since(text: str | None) -> int | None:
    """The ``since`` query parameter: an event number, ASCII digits only."""
    if text is None:
        return None
    if not _NUMBER.fullmatch(text):
        raise TableError(f"'since' must be an event number, not {shown(text)}")
    return int(text)


def hello(first: Any) -> str | None:
    """The token in a socket's first message, ``{"token": "<token>"}`` (None: watch)."""
    if not isinstance(first, Mapping) or set(first) - {"token"}:
        raise TableError(f'the first message must be {{"token": "<token>"}} (or {{"token": null}}), not {shown(first)}')
    token = first.get("token")
    if token is not None and (not isinstance(token, str) or not token):
        raise TableError(f"the token must be a seat's token (a string) or null, not {shown(token)}")
    return token


def upload_body(body: Any) -> tuple[str, str]:
    """The text and format of ``POST /api/replays``: ``{"text": ..., "format": ...}``."""
    if not isinstance(body, Mapping) or not isinstance(body.get("text"), str) or set(body) - {"text", "format"}:
        raise TableError('the request body must be {"text": "<a hoyle JSON record or a PHH hand history>"}')
    text = body["text"]
    fmt = body.get("format") or ("hoyle" if text.lstrip().startswith("{") else "phh")
    if fmt not in ("hoyle", "phh"):
        raise TableError(f"unknown replay format {shown(fmt)}: expected 'hoyle' or 'phh'")
    return text, fmt


def _list_of(value: Any, kind: type) -> bool:
    return isinstance(value, list) and all(isinstance(v, kind) and not isinstance(v, bool) for v in value)


def game_record(record: Any, max_actions: int) -> dict[str, Any]:  # noqa: C901 - a flat guard per field, each naming its value
    """An uploaded hoyle game record's shape (the engine then replays it): its fields'
    types, seats in range and at most ``max_actions`` actions; a :class:`TableError`
    (422) naming the first bad field."""

    def bad(message: str, status: int = 422) -> TableError:
        return TableError(f"not a hoyle game record: {message}", status)

    if not isinstance(record, Mapping):
        raise bad("not an object")
    for name in ("variant", "players", "seed", "options", "actions"):
        if name not in record:
            raise bad(f"no {name!r}")
    players, actions = record["players"], record["actions"]
    if not isinstance(record["variant"], str):
        raise bad(f"'variant' must be a name, not {shown(record['variant'])}")
    if not _list_of(players, str) or not 1 <= len(players) <= 64:
        raise bad(f"'players' must be a list of names, not {shown(players)}")
    seed = record["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**SEED_BITS:
        raise bad(f"'seed' must be an integer in 0..2**{SEED_BITS}, not {shown(seed)}")
    if not isinstance(record["options"], Mapping):
        raise bad(f"'options' must be an object, not {shown(record['options'])}")
    if not _list_of(record.get("house_rules") or [], str):
        raise bad(f"'house_rules' must be a list of names, not {shown(record.get('house_rules'))}")
    if record.get("decks") is not None and not _list_of(record["decks"], str):
        raise bad(f"'decks' must be a list of card texts, not {shown(record['decks'])}")
    stacks = record.get("stacks")
    if stacks is not None and (not _list_of(stacks, int) or not all(0 <= s <= MAX_CHIPS for s in stacks)):
        raise bad(f"'stacks' must be a list of chip counts, each 0..{MAX_CHIPS}, not {shown(stacks)}")
    if not isinstance(actions, list):
        raise bad(f"'actions' must be a list of [seat, action text] pairs, not {shown(actions)}")
    if len(actions) > max_actions:
        raise bad(f"the replay has {len(actions)} actions; at most {max_actions} can be stepped through", 413)
    for i, action in enumerate(actions):
        if (
            not isinstance(action, list)
            or len(action) != 2
            or isinstance(action[0], bool)
            or not isinstance(action[0], int)
            or not 0 <= action[0] < len(players)
            or not isinstance(action[1], str)
        ):
            raise bad(f"action {i} must be [seat 0..{len(players) - 1}, action text], not {shown(action)}")
    return dict(record)
