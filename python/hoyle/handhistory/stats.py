r"""Player statistics from hand histories: the figures a poker tracker shows (VPIP, PFR,
3-bet, c-bet, aggression, showdowns, winnings), per player and per position.

:func:`hand_facts` reads one :class:`~hoyle.handhistory.record.HandRecord` (PokerStars
text, OHH, or a replayed PHH game through :func:`~hoyle.handhistory.record_of`) into one
:class:`HandFacts` per player: what the player had the chance to do and what they did.
:class:`Stats` adds facts up and gives the percentages; :func:`compute` does it for many
hands; :func:`read` reads files and directories, replaying every hand (a hand hoyle's
rules refuse is left out and named in :attr:`Report.refused`). The definitions are in
docs/hand-history-stats.md.

    >>> from hoyle.handhistory import pokerstars
    >>> text = '''PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2024/01/05 20:00:00 ET
    ... Table 'Alpha' 6-max Seat #3 is the button
    ... Seat 1: Ann ($200 in chips)
    ... Seat 2: Bo ($200 in chips)
    ... Seat 3: Cy ($200 in chips)
    ... Ann: posts small blind $1
    ... Bo: posts big blind $2
    ... *** HOLE CARDS ***
    ... Cy: raises $4 to $6
    ... Ann: folds
    ... Bo: calls $4
    ... *** FLOP *** [2c 7d Th]
    ... Bo: checks
    ... Cy: bets $8
    ... Bo: folds
    ... Uncalled bet ($8) returned to Cy
    ... Cy collected $13 from pot
    ... *** SUMMARY ***
    ... Total pot $13 | Rake $0
    ... '''
    >>> report = compute(pokerstars.records(text))
    >>> cy, bo = report.players["Cy"], report.players["Bo"]
    >>> cy.vpip, cy.pfr, cy.cbet, bo.fold_to_cbet, str(cy.net)
    (1.0, 1.0, 1.0, 1.0, '7')
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from decimal import Decimal
from pathlib import Path
from typing import Any

from hoyle.engine.game import Game
from hoyle.errors import HoyleError, InvalidArgumentError, ReplayError
from hoyle.handhistory.games import finishing_stacks, record_of, replay
from hoyle.handhistory.record import HandRecord, game_key

__all__ = [
    "STAT_NAMES",
    "HandFacts",
    "Refusal",
    "Report",
    "Stats",
    "compute",
    "hand_facts",
    "positions",
    "read",
]

_BETS = ("bet", "raise")
_DECISIONS = ("fold", "check", "call", "bet", "raise")
#: Board cards dealt before each betting round of a flop game.
_BOARD_AT = (0, 3, 4, 5)
#: All-in EV is rounded to this (equity is a float).
_EV_PLACES = Decimal("0.0001")
#: The equity game of a flop game's key (game_key of its name), for all-in EV.
_EQUITY_GAMES = {
    "holdem": "holdem",
    "6holdem": "short-deck",
    "omaha": "omaha",
    "omahahilo": "omaha-hi-lo",
    "5cardomaha": "omaha",
    "5cardomahahilo": "omaha-hi-lo",
    "6cardomaha": "omaha",
    "6cardomahahilo": "omaha-hi-lo",
}


@dataclass(slots=True)
class HandFacts:
    """One player's hand, as the statistics count it. The ``*_chance`` fields say the
    player had the opportunity (the denominator), the others that they took it.
    ``net`` is in the history's units (after rake when the history says who collected
    what), ``net_bb`` in big blinds (None without a big blind or a small bet); ``ev_net``
    is ``net`` with an all-in's pot shared by equity (see docs/hand-history-stats.md)."""

    player: str
    position: str
    hand: str = ""
    game: str = ""
    decision: bool = False
    vpip: bool = False
    pfr: bool = False
    three_bet_chance: bool = False
    three_bet: bool = False
    fold_to_three_bet_chance: bool = False
    fold_to_three_bet: bool = False
    cbet_chance: bool = False
    cbet: bool = False
    fold_to_cbet_chance: bool = False
    fold_to_cbet: bool = False
    saw_flop: bool = False
    showdown: bool = False
    won: bool = False
    bets: int = 0
    raises: int = 0
    calls: int = 0
    folds: int = 0
    checks: int = 0
    net: Decimal | None = None
    ev_net: Decimal | None = None
    big_blind: Decimal = Decimal(0)

    @property
    def net_bb(self) -> float | None:
        """The net result in big blinds (None without a net or a big blind)."""
        return None if self.net is None or not self.big_blind else float(self.net / self.big_blind)

    @property
    def ev_bb(self) -> float | None:
        """The all-in adjusted result in big blinds."""
        return None if self.ev_net is None or not self.big_blind else float(self.ev_net / self.big_blind)


#: The statistics of :meth:`Stats.as_dict`, in table order.
STAT_NAMES = (
    "hands",
    "vpip",
    "pfr",
    "three_bet",
    "fold_to_three_bet",
    "cbet",
    "fold_to_cbet",
    "aggression_factor",
    "aggression_frequency",
    "wtsd",
    "wsd",
    "wwsf",
    "net",
    "bb_per_100",
    "bb_per_100_interval",
    "ev_bb_per_100",
)


@dataclass
class Stats:
    """Counts added up over hands (:meth:`add`) and the statistics they give. A
    percentage is a share in [0, 1], None when the player never had the chance.

    >>> s = Stats()
    >>> s.add(HandFacts("Ann", "BTN", decision=True, vpip=True, pfr=True, calls=1, bets=2))
    >>> s.add(HandFacts("Ann", "SB", decision=True))
    >>> s.hands, s.vpip, s.pfr, s.aggression_factor, s.three_bet
    (2, 0.5, 0.5, 2.0, None)
    """

    hands: int = 0
    decisions: int = 0
    vpip_hands: int = 0
    pfr_hands: int = 0
    three_bet_chances: int = 0
    three_bets: int = 0
    fold_to_three_bet_chances: int = 0
    folds_to_three_bet: int = 0
    cbet_chances: int = 0
    cbets: int = 0
    fold_to_cbet_chances: int = 0
    folds_to_cbet: int = 0
    flops: int = 0
    showdowns: int = 0
    showdowns_won: int = 0
    flops_won: int = 0
    bets: int = 0
    raises: int = 0
    calls: int = 0
    folds: int = 0
    checks: int = 0
    net: Decimal = Decimal(0)
    ev_net: Decimal = Decimal(0)
    #: Hands with a result in big blinds, and the sums of that result and of its square.
    bb_hands: int = 0
    bb_sum: float = 0.0
    bb_square_sum: float = 0.0
    ev_bb_sum: float = 0.0

    def add(self, f: HandFacts) -> None:
        """Count one player's hand."""
        self.hands += 1
        self.decisions += f.decision
        self.vpip_hands += f.vpip
        self.pfr_hands += f.pfr
        self.three_bet_chances += f.three_bet_chance
        self.three_bets += f.three_bet
        self.fold_to_three_bet_chances += f.fold_to_three_bet_chance
        self.folds_to_three_bet += f.fold_to_three_bet
        self.cbet_chances += f.cbet_chance
        self.cbets += f.cbet
        self.fold_to_cbet_chances += f.fold_to_cbet_chance
        self.folds_to_cbet += f.fold_to_cbet
        self.flops += f.saw_flop
        self.showdowns += f.showdown
        self.showdowns_won += f.showdown and f.won
        self.flops_won += f.saw_flop and f.won
        self.bets += f.bets
        self.raises += f.raises
        self.calls += f.calls
        self.folds += f.folds
        self.checks += f.checks
        if f.net is not None:
            self.net += f.net
            self.ev_net += f.ev_net if f.ev_net is not None else f.net
        bb, ev = f.net_bb, f.ev_bb
        if bb is not None:
            self.bb_hands += 1
            self.bb_sum += bb
            self.bb_square_sum += bb * bb
            self.ev_bb_sum += ev if ev is not None else bb

    @property
    def vpip(self) -> float | None:
        """Voluntarily put money in the pot: hands the player called or raised in the
        first betting round, of the hands they had a decision in it."""
        return _share(self.vpip_hands, self.decisions)

    @property
    def pfr(self) -> float | None:
        """Pre-flop raise: hands the player raised in the first betting round."""
        return _share(self.pfr_hands, self.decisions)

    @property
    def three_bet(self) -> float | None:
        """Re-raised the first raise of the first betting round, when facing it."""
        return _share(self.three_bets, self.three_bet_chances)

    @property
    def fold_to_three_bet(self) -> float | None:
        """Having made the first raise, folded to a re-raise."""
        return _share(self.folds_to_three_bet, self.fold_to_three_bet_chances)

    @property
    def cbet(self) -> float | None:
        """Continuation bet: the last raiser of the first round bet first in the second."""
        return _share(self.cbets, self.cbet_chances)

    @property
    def fold_to_cbet(self) -> float | None:
        """Folded when facing a continuation bet (before any raise of it)."""
        return _share(self.folds_to_cbet, self.fold_to_cbet_chances)

    @property
    def aggression_factor(self) -> float | None:
        """(Bets + raises) / calls after the first betting round (None with no calls)."""
        return None if not self.calls else (self.bets + self.raises) / self.calls

    @property
    def aggression_frequency(self) -> float | None:
        """(Bets + raises) / (bets + raises + calls + folds) after the first round."""
        return _share(self.bets + self.raises, self.bets + self.raises + self.calls + self.folds)

    @property
    def wtsd(self) -> float | None:
        """Went to showdown, of the hands the player saw the flop (the second round)."""
        return _share(self.showdowns, self.flops)

    @property
    def wsd(self) -> float | None:
        """Won money at showdown (any part of a pot), of the showdowns."""
        return _share(self.showdowns_won, self.showdowns)

    @property
    def wwsf(self) -> float | None:
        """Won money when the player saw the flop, of the flops seen."""
        return _share(self.flops_won, self.flops)

    @property
    def bb_per_100(self) -> float | None:
        """The net result in big blinds per 100 hands."""
        return None if not self.bb_hands else 100 * self.bb_sum / self.bb_hands

    @property
    def bb_per_100_interval(self) -> tuple[float, float] | None:
        """The 95 % interval of :attr:`bb_per_100`: the mean per hand plus or minus
        1.96 sample standard deviations over the square root of the hands (None under
        two hands)."""
        n = self.bb_hands
        if n < 2:
            return None
        mean = self.bb_sum / n
        variance = max(0.0, (self.bb_square_sum - n * mean * mean) / (n - 1))
        half = 1.96 * math.sqrt(variance / n)
        return (100 * (mean - half), 100 * (mean + half))

    @property
    def ev_bb_per_100(self) -> float | None:
        """The all-in adjusted result in big blinds per 100 hands."""
        return None if not self.bb_hands else 100 * self.ev_bb_sum / self.bb_hands

    def as_dict(self) -> dict[str, Any]:
        """The statistics (:data:`STAT_NAMES`) and the counts behind them, as plain
        data (amounts as floats)."""
        out: dict[str, Any] = {name: getattr(self, name) for name in STAT_NAMES}
        out["net"] = float(self.net)
        out["ev_net"] = float(self.ev_net)
        interval = self.bb_per_100_interval
        out["bb_per_100_interval"] = None if interval is None else list(interval)
        out["counts"] = {
            f.name: (float(v) if isinstance(v, Decimal) else v)
            for f in fields(self)
            if not isinstance(v := getattr(self, f.name), float)
        }
        return out


def _share(k: int, n: int) -> float | None:
    return None if not n else k / n


def positions(record: HandRecord) -> list[str]:
    """Each player's position: ``SB`` and ``BB`` (who posted the blinds), ``BTN``,
    then ``CO``, ``HJ``, ``LJ`` counting back from the button and ``UTG``, ``UTG+1``...
    from the first seat after the big blind; heads-up the button (who posts the small
    blind) is ``BTN``. Games without blinds (stud, a draw game with antes only) have no
    positions (``""``).

    >>> from hoyle.handhistory import Post
    >>> r = HandRecord(game="Hold'em", limit="no-limit", seats=[1, 2, 3, 4, 5, 6],
    ...                players=list("abcdef"), stacks=[Decimal(100)] * 6, button=6,
    ...                posts=[Post(0, "small blind", Decimal(1)), Post(1, "big blind", Decimal(2))])
    >>> positions(r)
    ['SB', 'BB', 'UTG', 'HJ', 'CO', 'BTN']
    """
    order = record.position_order()
    n = len(order)
    names = [""] * n
    blinds = {p.kind: p.player for p in reversed(record.posts) if p.kind in ("small blind", "big blind")}
    if not blinds:
        return names
    button = order[-1]
    names[button] = "BTN"
    for kind, name in (("small blind", "SB"), ("big blind", "BB")):
        if kind in blinds and not names[blinds[kind]]:
            names[blinds[kind]] = name
    rest = [i for i in order if not names[i]]
    back = ["CO", "HJ", "LJ"]
    # the first seat after the blinds is UTG; the seats before the button CO, HJ, LJ
    if rest:
        names[rest[0]] = "UTG"
        rest = rest[1:]
    for i, name in zip(reversed(rest), back, strict=False):
        names[i] = name
    for k, i in enumerate(r for r in rest if not names[r]):
        names[i] = f"UTG+{k + 1}"
    return names


def hand_facts(record: HandRecord, game: Game | None = None, *, scale: Decimal = Decimal(1)) -> list[HandFacts]:
    """One :class:`HandFacts` per player of a hand, in the record's player order.
    ``game`` is the replayed hand (for the result when the record does not say who
    collected what); ``scale`` divides the amounts (a replayed PHH game's chip scale).

    >>> from hoyle.handhistory import pokerstars
    >>> text = '''PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2024/01/05 20:00:00 ET
    ... Table 'Alpha' 6-max Seat #2 is the button
    ... Seat 1: Ann ($200 in chips)
    ... Seat 2: Bo ($200 in chips)
    ... Bo: posts small blind $1
    ... Ann: posts big blind $2
    ... *** HOLE CARDS ***
    ... Bo: folds
    ... Uncalled bet ($1) returned to Ann
    ... Ann collected $2 from pot
    ... '''
    >>> [(f.player, f.position, f.decision, f.vpip, str(f.net)) for f in hand_facts(pokerstars.records(text)[0])]
    [('Ann', 'BB', False, False, '1'), ('Bo', 'BTN', True, False, '-1')]
    """
    n = len(record.players)
    names = positions(record)
    bb = record.big_blind or record.small_bet
    facts = [
        HandFacts(record.players[i], names[i], record.hand_id, record.game, big_blind=bb / scale) for i in range(n)
    ]
    folded: set[int] = set()
    aggressor = _first_round(record, facts, folded)
    in_after_first = [i for i in range(n) if i not in folded]
    if len(in_after_first) >= 2:
        for i in in_after_first:
            facts[i].saw_flop = True
    _later_rounds(record, facts, folded, aggressor)
    alive = [i for i in range(n) if i not in folded]
    if len(alive) >= 2:
        for i in alive:
            facts[i].showdown = True
    _results(record, game, facts, alive, scale)
    return facts


def _first_round(record: HandRecord, facts: list[HandFacts], folded: set[int]) -> int | None:
    """Mark the first betting round's facts (a decision, VPIP, PFR, the 3-bet and
    fold-to-3-bet chances and what was done with them), adding who folded to
    ``folded``; return the last raiser (the aggressor), if any."""
    raises = 0
    first_raiser: int | None = None
    aggressor: int | None = None
    faced: set[int] = set()  # players who have answered a 3-bet chance
    for a in record.actions:
        if a.street != 0 or a.kind not in _DECISIONS:
            continue
        f, p = facts[a.player], a.player
        f.decision = True
        if raises == 1 and p not in faced:
            faced.add(p)
            f.three_bet_chance = True
            f.three_bet = a.kind in _BETS
        if raises == 2 and p == first_raiser and not f.fold_to_three_bet_chance:
            f.fold_to_three_bet_chance = True
            f.fold_to_three_bet = a.kind == "fold"
        if a.kind in ("call", *_BETS):
            f.vpip = True
        if a.kind in _BETS:
            f.pfr = True
            raises += 1
            aggressor = p
            if raises == 1:
                first_raiser = p
        elif a.kind == "fold":
            folded.add(p)
    return aggressor


def _later_rounds(record: HandRecord, facts: list[HandFacts], folded: set[int], aggressor: int | None) -> None:
    """Mark the later rounds' facts: each player's bets, raises, calls, folds and
    checks, and in the second round the first round's ``aggressor``'s c-bet chance and
    the fold-to-c-bet chances; adding who folded to ``folded``."""
    cbet_made = False
    street_bets = 0
    street = 0
    acted: set[int] = set()
    answered: set[int] = set()
    for a in record.actions:
        if a.street == 0 or a.kind not in _DECISIONS:
            continue
        if a.street != street:
            street, street_bets, acted = a.street, 0, set()
        f, p = facts[a.player], a.player
        if a.kind == "bet":
            f.bets += 1
        elif a.kind == "raise":
            f.raises += 1
        elif a.kind == "call":
            f.calls += 1
        elif a.kind == "fold":
            f.folds += 1
            folded.add(p)
        else:
            f.checks += 1
        if street == 1:
            if p == aggressor and p not in acted and street_bets == 0:
                f.cbet_chance = True
                f.cbet = cbet_made = a.kind in _BETS
            elif cbet_made and street_bets == 1 and p != aggressor and p not in answered:
                answered.add(p)
                f.fold_to_cbet_chance = True
                f.fold_to_cbet = a.kind == "fold"
        acted.add(p)
        if a.kind in _BETS:
            street_bets += 1


def _results(record: HandRecord, game: Game | None, facts: list[HandFacts], alive: list[int], scale: Decimal) -> None:
    """Mark who won, and each player's result and all-in adjusted result (``alive``
    the players who did not fold) divided by ``scale``, when the record or the replayed
    ``game`` tells them."""
    collected = _collected(record, game)
    for i, f in enumerate(facts):
        f.won = collected is not None and collected[i] > 0
    net = _net(record, game)
    if net is not None:
        ev = _all_in_ev(record, net, collected, alive)
        for i, f in enumerate(facts):
            f.net = net[i] / scale
            f.ev_net = ev[i] / scale


def _net(record: HandRecord, game: Game | None) -> list[Decimal] | None:
    """Each player's result: by the history's accounting when it says who collected
    what (after rake), else by hoyle's replay."""
    expected = record.expected_stacks()
    if expected is None and game is not None:
        expected = finishing_stacks(game)
    if expected is None:
        return None
    return [e - s for e, s in zip(expected, record.stacks, strict=True)]


def _collected(record: HandRecord, game: Game | None) -> list[Decimal] | None:
    """What each player took from the pots (not counting an uncalled bet back)."""
    n = len(record.players)
    if record.collected is not None:
        return [record.collected.get(i, Decimal(0)) for i in range(n)]
    if game is None:
        return None
    finish = finishing_stacks(game)
    committed = record.committed()
    returned = record.returned or record.uncalled()
    return [finish[i] - record.stacks[i] + committed[i] - returned.get(i, Decimal(0)) for i in range(n)]


def _all_in_ev(
    record: HandRecord, net: list[Decimal], collected: list[Decimal] | None, alive: list[int]
) -> list[Decimal]:
    """The results with an all-in's pot shared by equity instead of by the board that
    came: when the betting ended before the last board card with two or more players
    in, every one of them all in or matched (one pot, no side pot) and every one's
    cards known, in a flop game hoyle computes the equity of. Else the results."""
    equity_game = _EQUITY_GAMES.get(game_key(record.game))
    if equity_game is None or collected is None or len(alive) < 2:
        return net
    last = max((a.street for a in record.actions if a.kind in _DECISIONS), default=0)
    if last >= len(_BOARD_AT) - 1:
        return net
    returned = record.returned or record.uncalled()
    committed = record.committed()
    put_in = {i: committed[i] - returned.get(i, Decimal(0)) for i in alive}
    if len(set(put_in.values())) != 1:
        return net  # side pots: left as they fell
    hands = []
    for i in alive:
        cards = record.shows.get(i) or record.holes.get(i)
        if not cards or "??" in cards:
            return net
        hands.append(" ".join(cards))
    board = record.boards[0][: _BOARD_AT[last]] if record.boards else []
    try:
        from hoyle import poker

        equities = poker.equity(hands, " ".join(board) or None, game=equity_game, seed=0).equity
    except HoyleError:
        return net
    pot = sum(collected)
    ev = list(net)
    for i, e in zip(alive, equities, strict=True):
        ev[i] = (net[i] - collected[i] + Decimal(repr(e)) * pot).quantize(_EV_PLACES)
    return ev


@dataclass(frozen=True)
class Refusal:
    """A hand left out: where it is and why hoyle did not replay it."""

    file: str
    line: int
    reason: str


@dataclass
class Report:
    """Statistics over many hands: by player, by (player, position), the facts of every
    hand in the order read (for a plot of the winnings), and the hands left out."""

    players: dict[str, Stats] = field(default_factory=dict)
    positions: dict[tuple[str, str], Stats] = field(default_factory=dict)
    facts: list[HandFacts] = field(default_factory=list)
    refused: list[Refusal] = field(default_factory=list)
    hands: int = 0

    def add(self, facts: Sequence[HandFacts]) -> None:
        """Count one hand (its players' facts)."""
        self.hands += 1
        for f in facts:
            self.players.setdefault(f.player, Stats()).add(f)
            self.positions.setdefault((f.player, f.position), Stats()).add(f)
            self.facts.append(f)

    def cumulative(self, player: str) -> tuple[list[float], list[float]]:
        """A player's running net result and all-in adjusted result, hand by hand."""
        net, ev, total, total_ev = [], [], Decimal(0), Decimal(0)
        for f in self.facts:
            if f.player == player and f.net is not None:
                total += f.net
                total_ev += f.ev_net if f.ev_net is not None else f.net
                net.append(float(total))
                ev.append(float(total_ev))
        return net, ev


def compute(hands: Iterable[HandRecord | Game | tuple[HandRecord, Game | None]]) -> Report:
    """Statistics over hands given as records, replayed games (their records are read
    back with :func:`~hoyle.handhistory.record_of`), or (record, replayed game) pairs.
    Records are not replayed here (:func:`read` replays what it reads)."""
    report = Report()
    for item in hands:
        report.add(_facts_of(item))
    return report


def _facts_of(item: HandRecord | Game | tuple[HandRecord, Game | None]) -> list[HandFacts]:
    if isinstance(item, HandRecord):
        return hand_facts(item)
    if isinstance(item, Game):
        scale = Decimal((item.result or {}).get("chip_scale", 1))
        return hand_facts(record_of(item), item, scale=scale)
    if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], HandRecord):
        return hand_facts(item[0], item[1])
    raise InvalidArgumentError(f"not a hand record, a replayed game or a (record, game) pair: {item!r}")


#: The files :func:`read` reads in a directory, by suffix.
SUFFIXES = (".txt", ".phh", ".ohh", ".json")


def read(paths: Iterable[str | Path], *, conventions: str = "cardroom") -> Report:
    """Statistics over the hand histories in ``paths`` (files, or directories searched
    for ``.txt`` PokerStars text, ``.phh``, ``.ohh`` and OHH ``.json`` files). Every
    hand is replayed under the betting ``conventions``; a hand that does not replay is
    left out and listed in :attr:`Report.refused`. A path that does not exist raises
    :class:`~hoyle.errors.InvalidArgumentError` naming it."""
    report = Report()
    for path in _files(paths):
        for item in _hands(path, conventions):
            if isinstance(item, Refusal):
                report.refused.append(item)
            else:
                report.add(_facts_of(item))
    return report


def _files(paths: Iterable[str | Path]) -> Iterator[Path]:
    for p in map(Path, paths):
        if p.is_dir():
            yield from sorted(f for f in p.rglob("*") if f.is_file() and f.suffix.lower() in SUFFIXES)
        elif p.is_file():
            yield p
        else:
            raise InvalidArgumentError(f"no such file or directory: {str(p)!r}")


def _hands(path: Path, conventions: str) -> Iterator[Game | tuple[HandRecord, Game] | Refusal]:
    suffix = path.suffix.lower()
    if suffix == ".phh":
        from hoyle import phh

        try:
            yield phh.replay(path, conventions=conventions)
        except HoyleError as exc:
            yield Refusal(str(path), 1, str(exc))
        return
    if suffix in (".ohh", ".json"):
        from hoyle import ohh

        try:
            records = ohh.records(path.read_text(encoding="utf-8"))
        except HoyleError as exc:
            yield Refusal(str(path), 1, str(exc))
            return
        for record in records:
            yield _replayed(path, record, conventions)
        return
    from hoyle.handhistory import pokerstars

    hands = pokerstars.split_hands(pokerstars.decode(path.read_bytes()))
    while True:
        try:
            start, lines = next(hands)
        except StopIteration:
            return
        except ReplayError as exc:  # not PokerStars text from here on: the rest of the file is left out
            yield Refusal(str(path), 0, str(exc))
            return
        try:
            record = pokerstars.read_hand(start, lines)
        except ReplayError as exc:
            yield Refusal(str(path), start, str(exc))
            continue
        yield _replayed(path, record, conventions)


def _replayed(path: Path, record: HandRecord, conventions: str) -> tuple[HandRecord, Game] | Refusal:
    try:
        return record, replay(record, conventions=conventions)
    except HoyleError as exc:
        return Refusal(str(path), record.line, str(exc))
