"""Writing poker hands as PHH (registered for :func:`hoyle.phh.dump` through the
``hoyle_register_phh_writers`` hook): the flop, stud and PHH draw games.

    >>> import hoyle
    >>> from hoyle import phh
    >>> game = hoyle.new_game("texas-holdem", players=2, seed=3)
    >>> _ = game.act("fold")
    >>> phh.dump(game).splitlines()[0]
    "variant = 'NT'"
"""

from __future__ import annotations

from typing import Any

from hoyle import Game
from hoyle.errors import ReplayError

from hoyle_poker.betting_public import flop_public

__all__ = [
    "DRAW_CODES",
    "FLOP_CODES",
    "FLOP_HOLE_CARDS",
    "STRUCTURE_LETTERS",
    "STUD_CODES",
    "VARIANTS",
    "dump",
    "forced_bets",
]

#: The PHH letter of each betting structure.
STRUCTURE_LETTERS = {"no-limit": "N", "pot-limit": "P", "fixed-limit": "F"}
FLOP_CODES = {
    ("texas-holdem", False): "T",
    ("omaha", False): "O",
    ("omaha", True): "O/8",
    ("short-deck-holdem", False): "S",
}
#: The hole cards each PHH flop code deals (PHH has no five- or six-card Omaha).
FLOP_HOLE_CARDS = {"T": 2, "O": 4, "O/8": 4, "S": 2}
STUD_CODES = {"seven-card-stud": "F7S", "seven-card-stud-hi-lo": "F7S/8", "razz": "FR"}
DRAW_CODES = {"deuce-to-seven-single-draw": "2L1D", "deuce-to-seven-triple-draw": "2L3D", "badugi": "B"}
_DEALS = ("deal", "deal_up", "draw")


def dump(game: Game) -> str:
    """A one-hand poker game as PHH text (PokerKit loads it): the flop games (``NT``,
    ``PO``, ``FO/8``, ``NS``...), the stud games (``F7S``, ``F7S/8``, ``FR``) and the draw
    games of PHH (``N2L1D``, ``F2L3D``, ``FB``...: deuce-to-seven single and triple draw,
    badugi). Five-card draw, five- and six-card Omaha and the table-hand game have no PHH
    code: they raise :class:`~hoyle.errors.ReplayError`.

    The game's seats are the PHH players in order, so the button must be the last seat
    (as in a game's first hand). A stud hand shows all seven cards, a draw hand the cards
    held at the showdown; each street's cards for a player are one ``d dh`` line (a draw's
    replacements too)."""
    state = game.state
    name = game.variant.name
    o = state.options
    n = len(state.players)
    flop = FLOP_CODES.get((name, bool(o.get("hi_lo"))))
    if state.deal_number != 0 or not (flop or name in STUD_CODES or name in DRAW_CODES):
        raise ReplayError(
            f"only a single hand of a flop, stud or PHH draw game dumps to PHH, not {name} deal {state.deal_number}"
        )
    if flop and int(o.get("hole_cards", 2)) != FLOP_HOLE_CARDS[flop]:
        raise ReplayError(
            f"PHH's {flop!r} deals {FLOP_HOLE_CARDS[flop]} hole cards: {name} with hole_cards={o['hole_cards']}"
            " has no PHH code and does not dump to PHH (OHH writes it)"
        )
    p = flop_public(state)
    if p.get("run_from") is not None:
        raise ReplayError(f"PHH records one board: a hand run {o['runs']} times does not dump to PHH (OHH writes it)")
    if any(e.type == "posts_out_of_position" for e in state.events):
        raise ReplayError("PHH has no blinds posted out of position (dead blinds): the hand does not dump to PHH")
    structure = STRUCTURE_LETTERS[o.get("structure", "fixed-limit")]
    if name in STUD_CODES:
        small = o["small_bet"]
        lines = [
            f"variant = '{STUD_CODES[name]}'",
            "ante_trimming_status = false",
            f"antes = {[o['ante']] * n}",
            f"bring_in = {o['bring_in']}",
            f"small_bet = {small}",
            f"big_bet = {o['big_bet'] or 2 * small}",
        ]
    else:
        antes, blinds = forced_bets(game)
        code = structure + (flop if flop else DRAW_CODES[name])
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


def forced_bets(game: Game) -> tuple[list[int], list[int]]:
    """A flop or draw game's antes and blinds by position, one per player, as PHH lists
    them (the small blind's first; PokerKit: heads-up too)."""
    o = game.state.options
    n = len(game.state.players)
    blinds = [int(w) for w in o["blinds"].split()] or [o["small_blind"], o["big_blind"]] + (
        [o["straddle"]] if o["straddle"] else []
    )
    if o["antes"]:
        antes = [int(w) for w in o["antes"].split()]
    elif o["ante_type"] == "big-blind":
        antes = [0, o["ante"]]
    else:
        antes = [o["ante"]] * n
    return (antes + [0] * n)[:n], (blinds + [0] * n)[:n]


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
            kind, *rest = e.data["action"].split()
            if (line := _action_line(e.seat + 1, kind, rest)) is not None:
                acts.append(line)
            if kind == "discard":
                held[e.seat] = [c for c in held[e.seat] if c not in rest]
        elif e.type == "reveal":
            acts.append(f"p{e.seat + 1} sm {''.join(held.get(e.seat) or map(str, e.cards))}")
    return acts + _replacements(replacements)


#: PHH's code for each player action written without an amount or cards.
_PHH_CODES = {"fold": "f", "check": "cc", "call": "cc", "bring-in": "pb", "draw": "sd", "muck": "sm"}


def _action_line(seat: int, kind: str, rest: list[str]) -> str | None:
    """The PHH line of player ``seat``'s (counted from 1) action ``kind`` with its
    words ``rest``; None for an action PHH does not write.

    >>> _action_line(2, "raise", ["to", "60"]), _action_line(1, "discard", ["As", "Kd"]), _action_line(1, "call", [])
    ('p2 cbr 60', 'p1 sd AsKd', 'p1 cc')
    """
    if kind in ("bet", "raise"):
        return f"p{seat} cbr {rest[-1]}"
    if kind == "discard":
        return f"p{seat} sd {''.join(rest)}"
    code = _PHH_CODES.get(kind)
    return None if code is None else f"p{seat} {code}"


def _replacements(cards: dict[int, list[str]]) -> list[str]:
    return [f"d dh p{seat + 1} {''.join(c)}" for seat, c in cards.items() if c]


#: The variants this module writes.
VARIANTS = ("texas-holdem", "omaha", "short-deck-holdem", *STUD_CODES, *DRAW_CODES)
