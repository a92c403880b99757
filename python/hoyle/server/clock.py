"""Action clocks: seconds per action plus a time bank per seat, and the default action a
seat that runs out of time plays.

A table's clock is ``{"seconds": S, "bank": B}`` (checked by
:func:`hoyle.server.validate.parse_clock`). Each decision of a human seat (a bet, a
draw, a discard) has ``S`` seconds; time over that comes out of the seat's bank, which
starts at ``B`` and does not refill. A seat whose ``S`` seconds and bank are both gone
has timed out: the server plays :func:`default_action` for it (its bank is then empty).

    >>> clock = Clock(seconds=10, bank=5)
    >>> clock.start(seat=0, version=3, now=100.0)
    >>> clock.remaining(now=112.0)          # 10 s for the action, then the bank
    3.0
    >>> clock.charge(now=112.0)              # the bank left after deciding then
    3.0
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hoyle.engine import Game
from hoyle.server.validate import MAX_SECONDS, parse_clock

__all__ = ["MAX_SECONDS", "Clock", "default_action", "parse_clock"]

#: Poker's defaults first, then declining an offered card (gin's upcard), in this order.
_PREFERRED = ("check", "fold", "pass")


@dataclass
class Clock:
    """One table's clock: the seat whose decision is timed, since when, and every
    seat's bank left."""

    seconds: float
    bank: float
    banks: dict[int, float] = field(default_factory=dict)
    #: (seat, version) of the decision being timed, and when it started.
    turn: tuple[int, int] | None = None
    started: float = 0.0

    def start(self, seat: int | None, version: int, now: float) -> None:
        """Time the decision of ``seat`` at event number ``version`` (a decision already
        being timed keeps its start; None: nobody's turn, or a bot's)."""
        if seat is None:
            self.turn = None
        elif self.turn != (seat, version):
            self.turn, self.started = (seat, version), now

    def remaining(self, now: float) -> float | None:
        """Seconds left for the decision being timed, bank included (None: none)."""
        if self.turn is None:
            return None
        left = self.started + self.seconds + self.banks.get(self.turn[0], self.bank) - now
        return max(0.0, left)

    def charge(self, now: float) -> float | None:
        """The timed seat's bank after deciding at ``now`` (time over the action's
        seconds comes out of it); None if no decision is timed. Changes nothing: the
        caller keeps it once the decision is on record."""
        if self.turn is None:
            return None
        over = max(0.0, now - self.started - self.seconds)
        return max(0.0, self.banks.get(self.turn[0], self.bank) - over)

    def state(self, now: float) -> dict[str, Any]:
        """What every viewer is told: the clock, whose decision is timed and how long is
        left, and each timed seat's bank."""
        left = self.remaining(now)
        return {
            "seconds": self.seconds,
            "bank": self.bank,
            "banks": {str(s): round(b, 3) for s, b in sorted(self.banks.items())},
            "to_act": self.turn[0] if self.turn is not None else None,
            "remaining": round(left, 3) if left is not None else None,
        }


def _drawn_card(game: Game, seat: int) -> str | None:
    """The card ``seat`` drew in its turn so far (the last draw since its last discard
    or its previous turn), as the seat saw it."""
    for event in reversed(game.events):
        if event.seat != seat:
            return None
        seen = event.for_viewer(seat)
        if seen.get("type") == "draw" and seen.get("cards"):
            return str(seen["cards"][-1])
    return None


def default_action(game: Game, seat: int) -> str:
    """What a seat that runs out of time plays: check, else fold (poker); else pass (an
    offered card declined); else discard the card it drew this turn; else draw from the
    stock (the next decision then discards that card); else the first legal action in
    the engine's order (war's ``play``, a trick game's first legal card).

        >>> import hoyle
        >>> game = hoyle.new_game("texas-holdem", players=2, seed=1)
        >>> default_action(game, game.to_act)   # the small blind facing the big blind
        'fold'
    """
    legal = [str(a) for a in game.legal_actions(seat)]
    for text in _PREFERRED:
        if text in legal:
            return text
    drawn = _drawn_card(game, seat)
    if drawn is not None and f"discard {drawn}" in legal:
        return f"discard {drawn}"
    if "draw stock" in legal:
        return "draw stock"
    return legal[0]
