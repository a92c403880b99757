"""Head-to-head tables: every pair of bots heads-up, on the same deals from both seats.

Each pair plays ``games`` games with the first bot in seat 0 and the same ``games`` deals
(the same seeds) with the seats swapped, which cancels the luck of the cards and the seat
between the two. Cell ``(a, b)`` is ``a``'s settlement against ``b`` in the variant's unit
(bb/100 for poker, points per game otherwise) with a 95 % interval over the ``2 * games``
games; the two seatings of one deal are counted as separate games, which makes the
interval if anything wider than the truth (duplicate results are negatively correlated).

    >>> table = head_to_head("war", ["random", "random"], games=6, seed=1, options={"max_battles": 10})
    >>> table.bots, table.cell(0, 1).n
    (['random', 'random'], 12)
    >>> table.cell(0, 1) == table.cell(1, 0)     # one bot against itself: the same games both ways
    True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hoyle.errors import InvalidArgumentError
from hoyle.simulate.chunks import bot_name
from hoyle.simulate.play import BotSpec
from hoyle.simulate.run import simulate
from hoyle.simulate.stats import Estimate, SimulationResult, Unit, mean_ci95


@dataclass(frozen=True)
class HeadToHead:
    """The table: ``cells[(a, b)]`` is bot ``a`` against bot ``b`` (indices into ``bots``)."""

    variant: str
    bots: list[str]
    games: int
    unit: Unit
    cells: dict[tuple[int, int], Estimate]

    def cell(self, a: int, b: int) -> Estimate:
        if (a, b) not in self.cells:
            raise InvalidArgumentError(f"cell ({a}, {b}): the table pairs distinct bots 0 to {len(self.bots) - 1}")
        return self.cells[(a, b)]

    def overall(self, a: int) -> float:
        """Bot ``a``'s mean over its opponents (each opponent weighted alike)."""
        others = [self.cells[(a, b)].mean for b in range(len(self.bots)) if b != a]
        return sum(others) / len(others)


def _seat_estimate(first: SimulationResult, second: SimulationResult, seat_first: int, seat_second: int) -> Estimate:
    n = first.games + second.games
    total = first.settlement[seat_first] + second.settlement[seat_second]
    squares = first.settlement_squares[seat_first] + second.settlement_squares[seat_second]
    return mean_ci95(n, total, squares)


def head_to_head(
    variant: str,
    bots: Sequence[BotSpec],
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
    **run: Any,
) -> HeadToHead:
    """Every pair of ``bots`` heads-up for ``games`` deals from each seat; ``run`` goes
    to :func:`hoyle.simulate` (``backend``, ``jobs``, ``address``, ``chunk_size``...)."""
    if len(bots) < 2:
        raise InvalidArgumentError(f"bots={list(bots)!r}: a head-to-head table needs at least two bots")
    if "out" in run:
        raise InvalidArgumentError("out=: a head-to-head table plays several runs; write each with simulate()")
    cells: dict[tuple[int, int], Estimate] = {}
    unit = Unit("points/game", 1.0)
    for a in range(len(bots)):
        for b in range(a + 1, len(bots)):
            common = {"games": games, "seed": seed, "options": options, "house_rules": house_rules, **run}
            ab = simulate(variant, bots=[bots[a], bots[b]], **common)
            ba = simulate(variant, bots=[bots[b], bots[a]], **common)
            unit = ab.unit
            cells[(a, b)] = _seat_estimate(ab, ba, 0, 1).scaled(unit.scale)
            cells[(b, a)] = _seat_estimate(ab, ba, 1, 0).scaled(unit.scale)
    return HeadToHead(variant, [bot_name(b) for b in bots], games, unit, cells)
