"""How often the Pai Gow house way sets a hand as well as the exact best setting.

    python plugins/hoyle-poker/benches/house_way_agreement.py [hands] [seed] [minutes]

Deals ``hands`` random seven-card hands from the 53-card pack (stopping early after
``minutes`` if given), solves each exactly (every one of the 53,524,680 dealer hands of
the other 46 cards, set by the house way; 5 % commission) and counts the hands where the
house way's setting has the best expected result (ties count as agreement: the same
integer score). Prints N, the agreement rate with its 95 % Wilson interval, the mean
expected cost (in wagers) of the house way where it falls short, and the time per solve.
"""

from __future__ import annotations

import math
import sys
import time

from hoyle import Deck, Rng
from hoyle_poker.pai_gow import house_way, tallies


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion k/n."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main(hands: int = 100, seed: int = 0, minutes: float = 0.0) -> None:
    rng = Rng(seed, 0xA6)
    pack = list(Deck.standard(1, 1))
    same = n = 0
    cost = 0.0
    start = time.perf_counter()
    for _ in range(hands):
        rng.shuffle(pack)
        seven = pack[:7]
        rows = tallies(seven)
        best = max(t.score() for t in rows)
        way = sorted(house_way(seven).low)
        mine = next(t for t in rows if sorted(t.setting.low) == way)
        n += 1
        if mine.score() == best:
            same += 1
        else:
            cost += (best - mine.score()) / (100 * mine.hands)
            print(f"  differs: {' '.join(map(str, seven))}: house way {house_way(seven)}, "
                  f"best {max(rows, key=lambda t: t.score()).setting}, cost {(best - mine.score()) / (100 * mine.hands):.4f}",
                  flush=True)
        if n % 250 == 0:
            report(same, n, cost, time.perf_counter() - start)
        if minutes and time.perf_counter() - start > 60 * minutes:
            break
    report(same, n, cost, time.perf_counter() - start)


def report(same: int, n: int, cost: float, took: float) -> None:
    lo, hi = wilson(same, n)
    print(
        f"house way as good as the exact best setting on {same}/{n} hands: {same / n:.2%} "
        f"(95% CI {lo:.2%} to {hi:.2%}); mean cost where they differ "
        f"{cost / max(1, n - same):.4f} wagers ({cost / n:.5f} a hand); "
        f"{took / n:.2f} s per exact solve",
        flush=True,
    )


if __name__ == "__main__":
    args = sys.argv[1:4]
    main(int(args[0]) if args else 100, int(args[1]) if len(args) > 1 else 0, float(args[2]) if len(args) > 2 else 0.0)
