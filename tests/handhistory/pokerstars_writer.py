"""A PokerStars hand-history writer for the tests: a finished hoyle hand written as the
PokerStars client writes its text (written from the documented format, independently of
the reader), so that random hands exercise the reader on every variation the betting
produces: antes, short blinds, all-in markers, side pots, uncalled bets."""

from __future__ import annotations

from typing import Any

import hoyle

GAMES = {("texas-holdem", False): "Hold'em", ("omaha", False): "Omaha", ("omaha", True): "Omaha Hi/Lo"}
LIMITS = {"no-limit": "No Limit", "pot-limit": "Pot Limit", "fixed-limit": "Limit"}
STREETS = {"flop": "FLOP", "turn": "TURN", "river": "RIVER"}


def write(game: hoyle.Game, number: int, hero: int = 0) -> str:
    """``game`` (one finished hand, the button on the last seat) as PokerStars text."""
    state = game.state
    o: dict[str, Any] = state.options
    names = list(state.players)
    n = len(names)
    start = list(state.public["start"])
    left = list(start)
    fixed = o["structure"] == "fixed-limit"
    blinds = [int(w) for w in o["blinds"].split()] or [o["small_blind"], o["big_blind"]]
    stakes = (o["small_bet"] or blinds[1], o["big_bet"] or 2 * (o["small_bet"] or blinds[1])) if fixed else blinds[:2]
    game_name = GAMES[game.variant.name, bool(o.get("hi_lo"))]
    if game.variant.name == "omaha" and o["hole_cards"] != 4:  # "5 Card Omaha", "6 Card Omaha"
        game_name = f"{o['hole_cards']} Card {game_name}"
    title = f"{game_name} {LIMITS[o['structure']]}"
    lines = [
        f"PokerStars Hand #{number}:  {title} ({stakes[0]}/{stakes[1]}) - 2024/01/01 00:00:00 ET",
        f"Table 'Test' {n}-max Seat #{n} is the button",
        *(f"Seat {i + 1}: {names[i]} ({start[i]} in chips)" for i in range(n)),
    ]
    bets = [0] * n
    posting = True
    pending: tuple[int, str] | None = None
    held: dict[int, list[str]] = {}
    board: list[str] = []
    returned: dict[int, int] = {}
    awards: dict[int, int] = {}
    antes_left = (1 if o["ante_type"] == "big-blind" else n) if o["ante"] else 0  # the big blind's ante, or everyone's

    def all_in(seat: int) -> str:
        return " and is all-in" if left[seat] == 0 else ""

    for e in state.events:
        if e.type == "commit" and posting:
            left[e.seat] -= e.data["amount"]
            if antes_left:
                antes_left -= 1
                lines.append(f"{names[e.seat]}: posts the ante {e.data['amount']}{all_in(e.seat)}")
            else:
                small = n - 1 if n == 2 else 0  # heads-up the button posts the small blind
                kind = "small blind" if e.seat == small else "big blind"
                bets[e.seat] += e.data["amount"]
                lines.append(f"{names[e.seat]}: posts {kind} {e.data['amount']}{all_in(e.seat)}")
        elif e.type == "deal":
            if posting:
                lines.append("*** HOLE CARDS ***")
                posting = False
            held.setdefault(e.seat, []).extend(str(c) for c in e.cards)
            if e.seat == hero and len(held[hero]) == len(e.cards):
                lines.append(f"Dealt to {names[hero]} [{' '.join(str(c) for c in e.cards)}]")
        elif e.type in STREETS:
            before = list(board)
            board += [str(c) for c in e.cards]
            shown = f"[{' '.join(before)}] " if before else ""
            lines.append(f"*** {STREETS[e.type]} *** {shown}[{' '.join(str(c) for c in e.cards)}]")
            bets = [0] * n
        elif e.type == "action":
            kind = e.data["action"].split()[0]
            if kind in ("fold", "check"):
                lines.append(f"{names[e.seat]}: {kind}s")
            elif kind in ("call", "bet", "raise"):
                pending = (e.seat, kind)
        elif e.type == "commit" and pending is not None:
            seat, kind = pending
            pending = None
            amount = e.data["amount"]
            top = max(bets)
            bets[seat] += amount
            left[seat] -= amount
            if kind == "call":
                lines.append(f"{names[seat]}: calls {amount}{all_in(seat)}")
            elif kind == "bet":
                lines.append(f"{names[seat]}: bets {amount}{all_in(seat)}")
            else:
                lines.append(f"{names[seat]}: raises {bets[seat] - top} to {bets[seat]}{all_in(seat)}")
        elif e.type == "reveal":
            if not any(line == "*** SHOW DOWN ***" for line in lines):
                lines.append("*** SHOW DOWN ***")
            lines.append(f"{names[e.seat]}: shows [{' '.join(str(c) for c in e.cards)}] (a hand)")
        elif e.type == "uncalled_bet_returned":
            returned[e.seat] = returned.get(e.seat, 0) + e.data["amount"]
            lines.append(f"Uncalled bet ({e.data['amount']}) returned to {names[e.seat]}")
        elif e.type == "award":
            awards[e.seat] = awards.get(e.seat, 0) + e.data["amount"]
    for seat, amount in sorted(awards.items()):
        if amount - returned.get(seat, 0):
            lines.append(f"{names[seat]} collected {amount - returned.get(seat, 0)} from pot")
    total = sum(awards.values()) - sum(returned.values())
    lines += ["*** SUMMARY ***", f"Total pot {total} | Rake 0"]
    if board:
        lines.append(f"Board [{' '.join(board)}]")
    return "\n".join(lines) + "\n"
