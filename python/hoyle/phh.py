"""Poker hand histories in PHH, the Poker Hand History format of PokerKit and the PHH
dataset: read them, replay them in hoyle, write hoyle hands as PHH.

    >>> from hoyle import phh
    >>> text = '''
    ... variant = 'NT'
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... min_bet = 2
    ... starting_stacks = [200, 200]
    ... actions = ['d dh p1 AsAd', 'd dh p2 7c2d', 'p2 cbr 6', 'p1 f']
    ... '''
    >>> game = phh.replay(text)
    >>> game.result["stacks"]
    [198, 202]

A PHH file is TOML (``tomllib`` reads it: single-quoted literal strings, comments,
floats). :func:`loads` returns its table as a dict. :func:`replay` deals the recorded
cards (a deck is built to match them; unknown cards ``????`` are filled with cards
nobody saw, or with the cards a player shows later) and plays the recorded actions
through the installed variant, so every chip rule is hoyle's own: the finishing
stacks it produces are hoyle's verdict on the hand.

Conventions (as PokerKit's): ``p1`` is the first seat left of the button (the small
blind); heads-up ``p1`` posts the big blind and ``p2``, the button, the small blind.
hoyle seats the players in PHH order with the button on the last seat, which gives
exactly these positions. ``blinds_or_straddles`` and ``antes`` list forced bets by
position. Amounts with decimals (some historical files) are scaled to whole chips for
the replay and scaled back in ``result["stacks"]``.

Variant codes are dispatched through :data:`REPLAYERS`; :func:`register_replayer` adds
a code (the stud and draw games do so for theirs). Built in: the flop games ``NT``,
``PT``, ``FT`` (hold'em), ``NO``, ``PO``, ``FO``, ``NO/8``, ``PO/8``, ``FO/8`` (Omaha,
hi-lo), ``NS``, ``PS``, ``FS`` (short-deck hold'em), which need the ``hoyle-poker``
plugin.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

from hoyle._core import Card, Deck
from hoyle.engine.game import Game, new_game
from hoyle.errors import HoyleError, IllegalActionError, ReplayError

__all__ = ["REPLAYERS", "dump", "load", "loads", "register_replayer", "replay"]

HandHistory = dict[str, Any]


def loads(text: str) -> HandHistory:
    """Parse PHH text into its table (a dict: ``variant``, ``starting_stacks``,
    ``actions``...). Raises :class:`~hoyle.errors.ReplayError` if it is not PHH."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ReplayError(f"not PHH (TOML): {exc}") from exc
    for key in ("variant", "starting_stacks", "actions"):
        if key not in data:
            raise ReplayError(f"PHH without {key!r}")
    return data


def load(path: str | Path) -> HandHistory:
    """Read a ``.phh`` file (see :func:`loads`)."""
    return loads(Path(path).read_text(encoding="utf-8"))


#: Replayers by PHH variant code: each takes the parsed hand history (amounts already
#: whole chips) and returns the finished hoyle game.
REPLAYERS: dict[str, Callable[[HandHistory], Game]] = {}


def register_replayer(code: str, replayer: Callable[[HandHistory], Game]) -> None:
    """Replay PHH files of variant ``code`` with ``replayer`` (see :data:`REPLAYERS`)."""
    REPLAYERS[code] = replayer


def replay(source: str | Path | Mapping[str, Any]) -> Game:
    """Replay a hand history (a path, PHH text or a parsed table) and return the
    finished game; ``game.result["stacks"]`` lists the final stacks in PHH player order.
    Raises :class:`~hoyle.errors.ReplayError` naming the action that does not replay."""
    if isinstance(source, Mapping):
        hh = dict(source)
    elif isinstance(source, Path) or (isinstance(source, str) and "\n" not in source and source.endswith(".phh")):
        hh = load(source)
    else:
        hh = loads(str(source))
    code = hh["variant"]
    if code not in REPLAYERS:
        raise ReplayError(f"PHH variant {code!r} has no replayer (known: {', '.join(sorted(REPLAYERS))})")
    hh, scale = _whole_chips(hh)
    game = REPLAYERS[code](hh)
    if not game.is_over:
        raise ReplayError(f"the hand is not over after its last action (phase {game.phase}, seat {game.to_act} to act)")
    assert game.result is not None
    if scale != 1:
        game.result["stacks"] = [float(Decimal(x) / scale) for x in game.state.stacks]
        game.result["chip_scale"] = scale
    return game


# --- amounts -----------------------------------------------------------------------------

_AMOUNT_KEYS = ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks")
_SCALAR_KEYS = ("min_bet", "small_bet", "big_bet", "bring_in")


def _whole_chips(hh: HandHistory) -> tuple[HandHistory, int]:
    """Scale every amount by the smallest power of ten that makes them whole."""
    amounts: list[Any] = [x for k in _AMOUNT_KEYS for x in hh.get(k, [])]
    amounts += [hh[k] for k in _SCALAR_KEYS if k in hh]
    amounts += [a.split()[2] for a in hh["actions"] if a.split()[1:2] == ["cbr"]]
    places = max((-Decimal(str(x)).normalize().as_tuple().exponent for x in amounts), default=0)  # type: ignore[operator]
    scale = 10 ** max(places, 0)
    if scale == 1 and all(isinstance(x, int) or str(x).isdigit() for x in amounts):
        return hh, 1
    out = dict(hh)
    for k in _AMOUNT_KEYS:
        if k in hh:
            out[k] = [int(Decimal(str(x)) * scale) for x in hh[k]]
    for k in _SCALAR_KEYS:
        if k in hh:
            out[k] = int(Decimal(str(hh[k])) * scale)
    actions = []
    for a in hh["actions"]:
        w = a.split()
        if w[1:2] == ["cbr"]:
            w[2] = str(int(Decimal(w[2]) * scale))
        actions.append(" ".join(w))
    out["actions"] = actions
    return out, scale


# --- parsing actions ---------------------------------------------------------------------


def parse_cards(text: str) -> list[Card | None]:
    """``"AsKd"`` -> cards; ``"??"`` is an unknown card (None)."""
    if len(text) % 2:
        raise ReplayError(f"cards {text!r}: two characters per card")
    return [None if text[i : i + 2] == "??" else Card(text[i : i + 2]) for i in range(0, len(text), 2)]


def _player(word: str, n: int) -> int:
    if not (word.startswith("p") and word[1:].isdigit() and 1 <= int(word[1:]) <= n):
        raise ReplayError(f"{word!r} is not a player p1..p{n}")
    return int(word[1:]) - 1


def _strip_comment(action: str) -> str:
    return action.split("#", 1)[0].strip()


# --- the flop games ----------------------------------------------------------------------

_STRUCTURES = {"N": "no-limit", "P": "pot-limit", "F": "fixed-limit"}
_FLOP_GAMES = {
    "T": ("texas-holdem", {}),
    "O": ("omaha", {}),
    "O/8": ("omaha", {"hi_lo": True}),
    "S": ("short-deck-holdem", {}),
}


def _replay_flop(hh: HandHistory) -> Game:
    code = hh["variant"]
    variant, extra = _FLOP_GAMES[code[1:]]
    n = len(hh["starting_stacks"])
    names = list(hh.get("players") or [f"p{i + 1}" for i in range(n)])
    actions = [a for a in (_strip_comment(x) for x in hh["actions"]) if a]
    holes: list[list[Card | None]] = [[] for _ in range(n)]
    board: list[Card | None] = []
    shown: dict[int, list[Card | None]] = {}
    for a in actions:
        w = a.split()
        if w[:2] == ["d", "dh"]:
            holes[_player(w[2], n)] = parse_cards(w[3])
        elif w[:2] == ["d", "db"]:
            board += parse_cards(w[2])
        elif len(w) >= 2 and w[1] == "sm" and len(w) > 2 and w[2] != "-":
            shown[_player(w[0], n)] = parse_cards(w[2])
    for seat, cards in shown.items():  # unknown hole cards a player shows later
        holes[seat] = [h if h is not None else c for h, c in zip(holes[seat], cards)] if holes[seat] else cards
    options: dict[str, Any] = {
        "structure": _STRUCTURES[code[0]],
        "blinds": " ".join(str(int(x)) for x in hh.get("blinds_or_straddles", [])),
        "antes": " ".join(str(int(x)) for x in hh.get("antes", [])),
        "showdown": "manual",
        **extra,
    }
    if n == 2:  # heads-up: forced bets by position are (button, other); antes by player
        options["antes"] = " ".join(options["antes"].split()[::-1])
    for key in ("min_bet", "small_bet", "big_bet"):
        if key in hh:
            options[key] = int(hh[key])
    if variant == "omaha":
        size = max((len(h) for h in holes), default=4)
        options["hole_cards"] = size
    from hoyle.plugins import default_registry

    base = default_registry().variant(variant).deck(options)
    holes = [h if h else [None] * int(options.get("hole_cards", 2)) for h in holes]
    known = [c for h in holes for c in h if c is not None] + [c for c in board if c is not None]
    if len(set(known)) != len(known):
        raise ReplayError("a card is dealt twice")
    unknown = iter([c for c in base if c not in set(known)])
    board = board + [None] * (5 - len(board))
    # hoyle deals each player's hole cards in turn, left of the button (p1) first, then
    # burn, flop, burn, turn, burn, river.
    order: list[Card | None] = [c for h in holes for c in h]
    order += [None, *board[:3], None, *board[3:4], None, *board[4:5]]
    cards = [c if c is not None else next(unknown) for c in order]
    cards += list(unknown)
    game = new_game(
        variant,
        players=names,
        seed=0,
        options=options,
        deck=Deck(" ".join(map(str, cards))),
        stacks=[int(x) for x in hh["starting_stacks"]],
    )
    decisions: dict[int, str] = {}
    for i, a in enumerate(actions):
        w = a.split()
        if w[0] == "d":
            continue
        seat = _player(w[0], n)
        op = w[1]
        if op == "sm":
            decisions[seat] = "muck" if len(w) == 2 or w[2] == "-" else "show"
            continue
        p = game.state.public
        if op == "f":
            text = "fold"
        elif op == "cc":
            text = "call" if p["to_call"] > p["bets"][seat] else "check"
        elif op == "cbr":
            text = f"{'raise to' if p['to_call'] else 'bet'} {w[2]}"
        else:
            raise ReplayError(f"action {i} {a!r}: {op!r} is not an action of {code}")
        _act(game, seat, text, i, a)
    while not game.is_over and game.phase == "showdown" and (who := game.to_act) is not None:
        _act(game, who, decisions.get(who, "show"), len(actions), "showdown")
    return game


def _act(game: Game, seat: int, text: str, i: int, raw: str) -> None:
    try:
        game.act(text, seat=seat)
    except (IllegalActionError, HoyleError) as exc:
        raise ReplayError(f"action {i} ({raw!r} as {text!r} by p{seat + 1}) does not replay: {exc}") from exc


for _s in _STRUCTURES:
    for _g in _FLOP_GAMES:
        register_replayer(_s + _g, _replay_flop)


# --- writing -----------------------------------------------------------------------------

_CODES = {
    ("texas-holdem", False): "T",
    ("omaha", False): "O",
    ("omaha", True): "O/8",
    ("short-deck-holdem", False): "S",
}
_STUD_CODES = {"seven-card-stud": "F7S", "seven-card-stud-hi-lo": "F7S/8", "razz": "FR"}
_DRAW_CODES = {"deuce-to-seven-single-draw": "2L1D", "deuce-to-seven-triple-draw": "2L3D", "badugi": "B"}
_DEALS = ("deal", "deal_up", "draw")


def dump(game: Game) -> str:
    """A one-hand hoyle game as PHH text (PokerKit loads it): the flop games (``NT``,
    ``PO``, ``FO/8``, ``NS``...), the stud games (``F7S``, ``F7S/8``, ``FR``) and the draw
    games of PHH (``N2L1D``, ``F2L3D``, ``FB``...: deuce-to-seven single and triple draw,
    badugi). Five-card draw and the table-hand game have no PHH code.

    The game's seats are the PHH players in order, so the button must be the last seat
    (as in a game's first hand). A stud hand shows all seven cards, a draw hand the cards
    held at the showdown; each street's cards for a player are one ``d dh`` line (a draw's
    replacements too)."""
    state = game.state
    name = game.variant.name
    o = state.options
    n = len(state.players)
    flop = _CODES.get((name, bool(o.get("hi_lo"))))
    if state.deal_number != 0 or not (flop or name in _STUD_CODES or name in _DRAW_CODES):
        raise ReplayError(
            f"only a single hand of a flop, stud or PHH draw game dumps to PHH, not {name} deal {state.deal_number}"
        )
    p = state.public
    structure = {v: k for k, v in _STRUCTURES.items()}[o.get("structure", "fixed-limit")]
    if name in _STUD_CODES:
        small = o["small_bet"]
        lines = [
            f"variant = '{_STUD_CODES[name]}'",
            "ante_trimming_status = false",
            f"antes = {[o['ante']] * n}",
            f"bring_in = {o['bring_in']}",
            f"small_bet = {small}",
            f"big_bet = {o['big_bet'] or 2 * small}",
        ]
    else:
        blinds = [int(w) for w in o["blinds"].split()] or [o["small_blind"], o["big_blind"]] + (
            [o["straddle"]] if o["straddle"] else []
        )
        if o["antes"]:
            antes = [int(w) for w in o["antes"].split()]
        elif o["ante_type"] == "big-blind":
            antes = [0, o["ante"]]
        else:
            antes = [o["ante"]] * n
        antes = (antes + [0] * n)[:n]
        if n == 2:
            antes = antes[::-1]
        blinds = (blinds + [0] * n)[:n]
        code = structure + (flop if flop else _DRAW_CODES[name])
        lines = [
            f"variant = '{code}'",
            "ante_trimming_status = false",
            f"antes = {antes}",
            f"blinds_or_straddles = {blinds}",
        ]
        bb = max(blinds, default=0)
        if o["structure"] == "fixed-limit":
            small = o["small_bet"] or bb or (1 if flop else 2)
            lines += [f"small_bet = {small}", f"big_bet = {o['big_bet'] or 2 * small}"]
        else:
            lines.append(f"min_bet = {o['min_bet'] or bb or (1 if flop else o['small_bet'] or 2)}")
    lines.append(f"starting_stacks = {list(p['start'])}")
    lines.append(f"actions = {_actions(state)!r}")
    lines.append(f"players = {list(state.players)!r}")
    lines.append(f"finishing_stacks = {list(state.stacks)}")
    return "\n".join(lines) + "\n"


def _actions(state: Any) -> list[str]:
    """The PHH actions of a hand from its events."""
    acts: list[str] = []
    held: dict[int, list[str]] = {}  # each seat's cards, in the order dealt
    last_deal: int | None = None  # the seat of an open 'd dh' line
    replacements: dict[int, list[str]] = {}  # a draw round's, dealt after every discard
    for e in state.events:
        if e.type in _DEALS:
            cards = [str(c) for c in e.cards]
            held.setdefault(e.seat, []).extend(cards)
            if e.type == "draw":
                replacements.setdefault(e.seat, []).extend(cards)
            elif last_deal == e.seat:
                acts[-1] += "".join(cards)
            else:
                acts.append(f"d dh p{e.seat + 1} {''.join(cards)}")
            last_deal = e.seat
            continue
        last_deal = None
        if replacements and (
            e.type == "reveal" or (e.type == "action" and e.data["action"].split()[0] not in ("draw", "discard"))
        ):
            acts += _replacements(replacements)
            replacements = {}
        if e.type in ("flop", "turn", "river", "community_card"):
            acts.append(f"d db {''.join(map(str, e.cards))}")
        elif e.type == "action":
            seat = e.seat + 1
            kind, *rest = e.data["action"].split()
            if kind == "fold":
                acts.append(f"p{seat} f")
            elif kind in ("check", "call"):
                acts.append(f"p{seat} cc")
            elif kind in ("bet", "raise"):
                acts.append(f"p{seat} cbr {rest[-1]}")
            elif kind == "bring-in":
                acts.append(f"p{seat} pb")
            elif kind == "draw":
                acts.append(f"p{seat} sd")
            elif kind == "discard":
                acts.append(f"p{seat} sd {''.join(rest)}")
                held[e.seat] = [c for c in held[e.seat] if c not in rest]
            elif kind == "muck":
                acts.append(f"p{seat} sm")
        elif e.type == "reveal":
            acts.append(f"p{e.seat + 1} sm {''.join(held.get(e.seat) or map(str, e.cards))}")
    return acts + _replacements(replacements)


def _replacements(cards: dict[int, list[str]]) -> list[str]:
    return [f"d dh p{seat + 1} {''.join(c)}" for seat, c in cards.items() if c]


def _iter_corpus(root: str | Path, codes: Sequence[str] | None = None) -> list[Path]:
    """The ``.phh`` files under ``root`` (sorted), optionally of the given codes."""
    files = sorted(Path(root).rglob("*.phh"))
    if codes is None:
        return files
    return [f for f in files if load(f)["variant"] in codes]
