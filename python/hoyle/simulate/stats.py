"""What a simulation adds up to: per-seat totals, means and 95 % confidence intervals.

A :class:`Tally` is fed one game at a time (from memory, from workers or read back from an
output file), keeps exact integer sums and never the games themselves, and becomes a
:class:`SimulationResult`. Settlement is reported in the variant's natural unit: big blinds
per 100 hands when the variant has a ``big_blind`` option (poker), else per game (points
for rummy).

    >>> from hoyle.simulate.play import GameRecord
    >>> t = Tally(seats=2)
    >>> t.add(GameRecord(1, [1, -1], [30, 22], [0], 40, 1))
    >>> t.add(GameRecord(2, [-1, 1], [20, 32], [1], 50, 1))
    >>> r = t.result("war", ["random", "random"])
    >>> r.games, r.wins, r.mean_settlement(0), r.mean_actions, r.stopped
    (2, [1.0, 1.0], 0.0, 45.0, 0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hoyle.errors import InvalidArgumentError
from hoyle.simulate.play import GameRecord

#: The two-sided 95 % quantile of the normal distribution.
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Unit:
    """How settlement is reported: ``scale`` times the mean per game, named ``name``.

    >>> Unit.for_options({"big_blind": 2})
    Unit(name='bb/100', scale=50.0)
    >>> Unit.for_options({"target": 100})
    Unit(name='points/game', scale=1.0)
    """

    name: str
    scale: float

    @classmethod
    def for_options(cls, options: Mapping[str, Any]) -> Unit:
        """Big blinds per 100 hands when ``options`` has a positive ``big_blind``, else per game."""
        bb = options.get("big_blind")
        if isinstance(bb, int | float) and not isinstance(bb, bool) and bb > 0:
            return cls("bb/100", 100 / bb)
        return cls("points/game", 1.0)


@dataclass(frozen=True)
class Estimate:
    """A mean with its 95 % confidence interval (normal approximation, sample variance)."""

    mean: float
    low: float
    high: float
    n: int

    def scaled(self, factor: float) -> Estimate:
        return Estimate(self.mean * factor, self.low * factor, self.high * factor, self.n)

    def __str__(self) -> str:
        return f"{self.mean:+.3f} [{self.low:+.3f}, {self.high:+.3f}]"


def mean_ci95(n: int, total: float, squares: float) -> Estimate:
    """The mean of ``n`` values from their sum and sum of squares, with a 95 % interval
    ``mean ± 1.96 s / sqrt(n)`` (infinite for one value, whose spread is unknown).

    >>> e = mean_ci95(4, 0 + 1 + 1 + 2, 0 + 1 + 1 + 4)     # the values 0, 1, 1, 2
    >>> e.mean, round(e.high - e.mean, 4)                   # 1.96 * sqrt((2/3) / 4)
    (1.0, 0.8002)
    """
    if n < 1:
        raise InvalidArgumentError(f"n={n}: a mean needs at least one value")
    mean = total / n
    if n == 1:
        return Estimate(mean, -math.inf, math.inf, 1)
    # Exact for integer sums: n * sum(x^2) - sum(x)^2 = n (n - 1) s^2.
    var = max(0.0, (n * squares - total * total) / (n * (n - 1)))
    half = Z95 * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n)


@dataclass
class SimulationResult:
    """Per-seat totals over all games. ``wins`` counts a shared win as 1/k for each of
    k winners; ``records`` holds the games only when they were kept in memory (no ``out``).
    ``stopped`` counts the games stopped at ``max_actions``: they count among ``games``
    with no winner and a settlement of zero.

    >>> import hoyle
    >>> r = hoyle.simulate("war", games=20, seed=1, options={"max_battles": 30})
    >>> r.games, round(sum(r.wins), 6), r.unit.name
    (20, 20.0, 'points/game')
    """

    variant: str
    games: int
    wins: list[float]
    settlement: list[int]
    records: list[GameRecord] = field(repr=False)
    bots: list[str] = field(default_factory=list)
    settlement_squares: list[int] = field(default_factory=list, repr=False)
    scores: list[int] = field(default_factory=list, repr=False)
    actions: int = 0
    deals: int = 0
    unit: Unit = field(default=Unit("points/game", 1.0))
    stopped: int = 0

    def win_rate(self, seat: int) -> float:
        return self.wins[seat] / self.games

    def mean_settlement(self, seat: int) -> float:
        return self.settlement[seat] / self.games

    def mean_score(self, seat: int) -> float:
        return self.scores[seat] / self.games

    def settlement_ci95(self, seat: int) -> Estimate:
        """The seat's mean settlement per game with its 95 % interval."""
        return mean_ci95(self.games, self.settlement[seat], self.settlement_squares[seat])

    def rate(self, seat: int) -> Estimate:
        """The seat's settlement in :attr:`unit` (bb/100 for poker, points per game otherwise), with its 95 % interval."""
        return self.settlement_ci95(seat).scaled(self.unit.scale)

    @property
    def mean_actions(self) -> float:
        return self.actions / self.games

    @property
    def mean_deals(self) -> float:
        return self.deals / self.games


class Tally:
    """Running sums over games, seat by seat; ``keep`` also keeps the records. Tallies of
    separate chunks add up (:meth:`merge`) to the tally of all their games, exactly."""

    def __init__(self, seats: int, keep: bool = False) -> None:
        self.keep = keep
        self.games = 0
        self.settlement = [0] * seats
        self.squares = [0] * seats
        self.scores = [0] * seats
        self.actions = 0
        self.deals = 0
        self.stopped = 0
        self.records: list[GameRecord] = []
        # Shared wins as exact fractions of games: shares[s][k] games won by s with k winners.
        self.shares: list[dict[int, int]] = [{} for _ in range(seats)]

    def add(self, record: GameRecord) -> None:
        self.games += 1
        for w in record.winners:
            k = len(record.winners)
            self.shares[w][k] = self.shares[w].get(k, 0) + 1
        for s, v in enumerate(record.settlement):
            self.settlement[s] += v
            self.squares[s] += v * v
        for s, v in enumerate(record.scores):
            self.scores[s] += v
        self.actions += record.actions
        self.deals += record.deals
        self.stopped += record.stopped
        if self.keep:
            self.records.append(record)

    def add_columns(self, won: Any, actions: Any) -> None:
        """Add one-deal games given as columns (numpy arrays): ``won[g, s]``, seat ``s``'s
        settlement (and score) in game ``g``, and ``actions[g]``; the winners of a game
        are the seats with its largest settlement. The same sums as :meth:`add` of each
        game's record (``tests/simulate/test_simulate_native.py``)."""
        import numpy as np

        games = len(actions)
        if not games:
            return
        self.games += games
        won = np.asarray(won, dtype=np.int64)
        for s in range(won.shape[1]):
            column = won[:, s]
            total = int(column.sum())  # a one-deal game's score is its settlement
            self.settlement[s] += total
            self.scores[s] += total
            if int(np.abs(column).max()) ** 2 * games < 2**62:  # no int64 overflow
                self.squares[s] += int((column * column).sum())
            else:
                self.squares[s] += sum(v * v for v in column.tolist())
        best = won.max(axis=1, keepdims=True)
        winners = won == best
        sizes = winners.sum(axis=1)
        for s in range(won.shape[1]):
            for k, count in zip(*np.unique(sizes[winners[:, s]], return_counts=True)):
                self.shares[s][int(k)] = self.shares[s].get(int(k), 0) + int(count)
        self.actions += int(np.asarray(actions, dtype=np.int64).sum())
        self.deals += games

    def add_all(self, records: Iterable[GameRecord]) -> None:
        for r in records:
            self.add(r)

    def merge(self, other: Tally) -> None:
        """Add ``other``'s games (after this tally's own, for the kept records)."""
        self.games += other.games
        for s in range(len(self.settlement)):
            self.settlement[s] += other.settlement[s]
            self.squares[s] += other.squares[s]
            self.scores[s] += other.scores[s]
            for k, count in other.shares[s].items():
                self.shares[s][k] = self.shares[s].get(k, 0) + count
        self.actions += other.actions
        self.deals += other.deals
        self.stopped += other.stopped
        if self.keep:
            self.records.extend(other.records)

    def result(self, variant: str, bots: Sequence[str], unit: Unit | None = None) -> SimulationResult:
        # Summed per share size, so the float is the same whatever order games came in.
        wins = [sum(count / k for k, count in sorted(shares.items())) for shares in self.shares]
        return SimulationResult(
            variant,
            self.games,
            wins,
            list(self.settlement),
            self.records,
            bots=list(bots),
            settlement_squares=list(self.squares),
            scores=list(self.scores),
            actions=self.actions,
            deals=self.deals,
            unit=unit or Unit("points/game", 1.0),
            stopped=self.stopped,
        )
