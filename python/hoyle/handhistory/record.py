"""The neutral hand record: one poker hand as a hand history tells it, whatever the format.

A format's reader (:mod:`hoyle.handhistory.pokerstars`, :mod:`hoyle.ohh`) turns text into
:class:`HandRecord`; a plugin turns a record into a hoyle game (see
:mod:`hoyle.handhistory.games`). Amounts are :class:`~decimal.Decimal` as written
(cents stay cents); players are listed in seat order, only those dealt in.

    >>> from decimal import Decimal
    >>> r = HandRecord(game="Hold'em", limit="no-limit", seats=[1, 2], players=["Ann", "Bo"],
    ...                stacks=[Decimal(100), Decimal(100)], button=1)
    >>> r.position_order()
    [1, 0]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Literal

__all__ = ["LIMITS", "NOT_BETS", "STREETS", "HandRecord", "Post", "RecordAction", "game_key"]

#: The betting structures a record may name.
LIMITS = ("no-limit", "pot-limit", "fixed-limit")
#: The betting rounds of a flop game, by number.
STREETS = ("preflop", "flop", "turn", "river")

#: A forced bet: an ante, a blind in position, a straddle, a button blind (6+ Hold'em:
#: the button's, the only blind), a stud game's bring-in; or,
#: posted out of position, a ``live blind`` (a returning player's big blind: the poster's
#: bet) or a ``dead blind`` (a missed small blind: dead money in the pot, no bet).
PostKind = Literal[
    "ante", "small blind", "big blind", "straddle", "button blind", "bring-in", "live blind", "dead blind"
]
#: The forced bets that are no bet of the poster's.
NOT_BETS = ("ante", "dead blind")
#: A betting decision, or a draw game's ``draw`` (the cards thrown; none: standing pat).
ActionKind = Literal["fold", "check", "call", "bet", "raise", "draw"]


def game_key(name: str) -> str:
    """The spelling-free key of a game name as hand histories write it: lower case,
    letters and digits only, so ``"Hold'em"``, ``"Holdem"`` and ``"HOLD'EM"`` agree.

    >>> game_key("Omaha Hi/Lo"), game_key("OmahaHiLo")
    ('omahahilo', 'omahahilo')
    """
    return re.sub(r"[^a-z0-9]", "", name.lower())


@dataclass(frozen=True)
class Post:
    """A forced bet: ``player`` (an index into :attr:`HandRecord.players`) posts
    ``amount`` as ``kind``; ``line`` is where the source wrote it (0: not known)."""

    player: int
    kind: PostKind
    amount: Decimal
    line: int = 0


@dataclass(frozen=True)
class RecordAction:
    """A betting decision or a draw. ``amount``: for a bet or raise, the player's whole
    wager on the street after it ("raise to"); for a call, the chips it adds; else 0.
    ``cards``: for a draw, the cards thrown (``"??"`` for one the source did not name;
    none when the player stood pat). ``line`` is where the source wrote it (a line
    number, or an OHH action number)."""

    street: int
    player: int
    kind: ActionKind
    amount: Decimal = Decimal(0)
    all_in: bool = False
    line: int = 0
    cards: tuple[str, ...] = ()


@dataclass
class HandRecord:
    """One hand, format-neutral. ``button`` is the button's seat number (it may be a
    seat nobody is dealt in from: a dead button). ``boards`` has one list of board
    cards per run (two when the hand was run twice). ``holes`` are the hole cards known
    from the start (the hero's), ``shows`` those shown later, ``mucks`` the players who
    mucked at the showdown. ``dealt`` (stud and draw games) are the cards dealt to each
    player: in stud by street (``dealt[player][street]``, third street 0), in a draw game
    the hand (``dealt[player][0]``) and the cards of each draw (``[1]``, ``[2]``...);
    ``"??"`` for a card the source did not show (a stud down card). ``collected`` (the pots each player took, rake already
    deducted), ``returned`` (uncalled bets) and ``rake`` are what the source says
    happened; :meth:`expected_stacks` follows from them."""

    game: str
    limit: str
    seats: list[int]
    players: list[str]
    stacks: list[Decimal]
    button: int
    small_blind: Decimal = Decimal(0)
    big_blind: Decimal = Decimal(0)
    ante: Decimal = Decimal(0)
    small_bet: Decimal = Decimal(0)
    big_bet: Decimal = Decimal(0)
    posts: list[Post] = field(default_factory=list)
    holes: dict[int, list[str]] = field(default_factory=dict)
    boards: list[list[str]] = field(default_factory=lambda: [[]])
    actions: list[RecordAction] = field(default_factory=list)
    shows: dict[int, list[str]] = field(default_factory=dict)
    mucks: set[int] = field(default_factory=set)
    dealt: dict[int, dict[int, list[str]]] = field(default_factory=dict)
    collected: dict[int, Decimal] | None = None
    returned: dict[int, Decimal] = field(default_factory=dict)
    rake: Decimal | None = None
    site: str = ""
    hand_id: str = ""
    table: str = ""
    start_time: str = ""
    currency: str = ""
    tournament: str = ""
    level: str = ""
    max_seats: int = 0
    line: int = 1
    extra: dict[str, Any] = field(default_factory=dict)

    def position_order(self) -> list[int]:
        """Player indexes from the first seat left of the button round to the button
        (the button, or the last seat before a dead button, comes last)."""
        after = [i for i, s in enumerate(self.seats) if s > self.button]
        rest = [i for i, s in enumerate(self.seats) if s <= self.button]
        return after + rest

    def committed(self) -> list[Decimal]:
        """The chips each player put in (posts and wagers), before any uncalled bet
        came back."""
        total = [Decimal(0)] * len(self.players)
        street_bets: list[Decimal] = [Decimal(0)] * len(self.players)
        street = 0
        for post in self.posts:
            total[post.player] += post.amount
            if post.kind not in NOT_BETS:
                street_bets[post.player] += post.amount
        for a in self.actions:
            if a.street != street:
                street, street_bets = a.street, [Decimal(0)] * len(self.players)
            if a.kind == "call":
                add = a.amount
            elif a.kind in ("bet", "raise"):
                add = a.amount - street_bets[a.player]
            else:
                continue
            street_bets[a.player] += add
            total[a.player] += add
        return total

    def uncalled(self) -> dict[int, Decimal]:
        """The uncalled bet, for sources that do not say: what the player who put in the
        most put in beyond the next largest contribution. Antes count when several
        players posted one (uniform antes are live money); a lone ante (the big blind's
        ante for the table) is dead money and does not, nor does a dead blind."""
        ante_posters = {p.player for p in self.posts if p.kind == "ante"}
        committed = self.committed()
        for post in self.posts:
            if post.kind == "dead blind" or (post.kind == "ante" and len(ante_posters) < 2):
                committed[post.player] -= post.amount
        if len(committed) < 2:
            return {}
        order = sorted(range(len(committed)), key=committed.__getitem__, reverse=True)
        excess = committed[order[0]] - committed[order[1]]
        return {order[0]: excess} if excess > 0 else {}

    def expected_stacks(self) -> list[Decimal] | None:
        """The finishing stacks the source implies: start - committed + returned +
        collected (None when the source says nothing of who collected)."""
        if self.collected is None:
            return None
        committed = self.committed()
        return [
            self.stacks[i] - committed[i] + self.returned.get(i, Decimal(0)) + self.collected.get(i, Decimal(0))
            for i in range(len(self.players))
        ]

    def describe(self) -> str:
        """A one-line name for messages: site, hand number, game."""
        parts = [p for p in (self.site, f"hand {self.hand_id}" if self.hand_id else "") if p]
        return " ".join([*parts, f"({self.game} {self.limit})"])
