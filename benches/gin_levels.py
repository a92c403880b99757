"""The gin bot's levels against each other: one deal per game in hoyle's gin rummy.

Each deal (seed ``seed * 1_000_003 + i``) is played twice on the same shuffle, the
first level in each seat. Points per deal are the deal's score to the first level minus
the other's (hoyle's gin scoring: the knock difference, gin bonus 20 plus the
defender's deadwood, undercut bonus 10); a void deal scores 0 and is not decided.

Run (one core; ``hard`` at its default 480 simulations thinks about 22 ms of CPU a move)::

    python benches/gin_levels.py hard medium --deals 300 --seed 1
    python benches/gin_levels.py medium easy --deals 300 --seed 1

It prints the points per deal to the first level with a 95 % interval (1.96 standard
errors over the games) and the share of decided deals it won with its interval.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence

import hoyle
from hoyle_rummy.bots import GinBot

LEVELS = ("easy", "medium", "hard")


def play(first: str, second: str, deal_seed: int, first_seat: int, bot_seed: int) -> int:
    """One deal; the points to the ``first`` level (negative: to the ``second``)."""
    game = hoyle.new_game("gin-rummy", seed=deal_seed, options={"deals": 1})
    levels = [second, second]
    levels[first_seat] = first
    bots = [GinBot(seed=bot_seed + s, level=levels[s]) for s in (0, 1)]
    while not game.is_over:
        s = game.to_act
        game.act(bots[s].choose(game.view(s), game.legal_actions(s)), seat=s)
    scores = game.result["scores"]
    return int(scores[first_seat]) - int(scores[1 - first_seat])


def match(first: str, second: str, deals: int, seed: int) -> dict[str, float]:
    """``deals`` shuffles, each played with ``first`` in both seats."""
    points: list[int] = []
    won = decided = 0
    for i in range(deals):
        for seat in (0, 1):
            p = play(first, second, seed * 1_000_003 + i, seat, seed * 7919 + 2 * i)
            points.append(p)
            if p:
                decided += 1
                won += p > 0
    n = len(points)
    mean = sum(points) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in points) / max(1, n - 1))
    rate = won / decided if decided else 0.0
    return {
        "games": n,
        "points_per_deal": mean,
        "ci95": 1.96 * sd / math.sqrt(n),
        "decided": decided,
        "win_rate_decided": rate,
        "win_rate_ci95": 1.96 * math.sqrt(rate * (1 - rate) / decided) if decided else 0.0,
    }


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("first", choices=LEVELS)
    ap.add_argument("second", choices=LEVELS)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    r = match(args.first, args.second, args.deals, args.seed)
    print(
        f"gin:{args.first} vs gin:{args.second}, {r['games']:.0f} games "
        f"({args.deals} deals x both seats, seed {args.seed}): "
        f"{r['points_per_deal']:+.2f} points/deal (95% +-{r['ci95']:.2f}); "
        f"won {r['win_rate_decided']:.1%} (+-{r['win_rate_ci95']:.1%}) of {r['decided']:.0f} decided deals"
    )


if __name__ == "__main__":
    sys.exit(main())
