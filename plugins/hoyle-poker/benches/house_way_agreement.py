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

import collections
import math
import sys
import time

from hoyle import Card, Deck, Rng
from hoyle.poker import Category, evaluate
from hoyle_poker.pai_gow import _rv, house_way, tallies

_STRAIGHT_OR_FLUSH = (Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH)


def hand_class(seven: list[Card]) -> str:
    """The house-way rule a hand falls under (the joker grouped as an ace), and for
    pair hands whether a straight or flush is among the seven cards."""
    sizes = sorted(collections.Counter(_rv(c) for c in seven).values(), reverse=True)
    if sizes[0] >= 4:
        return "five aces" if sizes[0] == 5 else "four of a kind"
    if sizes[0] == 3:
        return "two trips" if sizes[1] == 3 else "full house, trips and two pair" if sizes[1] == 2 else "trips"
    name = ("no pair", "one pair", "two pair", "three pair")[sizes.count(2)]
    if evaluate(seven, joker="bug").category in _STRAIGHT_OR_FLUSH:
        name += ", straight or flush"
    return name


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
    by_class: dict[str, list[float]] = collections.defaultdict(lambda: [0, 0, 0.0])  # hands, agree, cost
    start = time.perf_counter()
    for _ in range(hands):
        rng.shuffle(pack)
        seven = pack[:7]
        rows = tallies(seven)
        best = max(t.score() for t in rows)
        way = sorted(house_way(seven).low)
        mine = next(t for t in rows if sorted(t.setting.low) == way)
        n += 1
        row = by_class[hand_class(seven)]
        row[0] += 1
        if mine.score() == best:
            same += 1
            row[1] += 1
        else:
            row[2] += (best - mine.score()) / (100 * mine.hands)
            cost += (best - mine.score()) / (100 * mine.hands)
            print(
                f"  differs: {' '.join(map(str, seven))}: house way {house_way(seven)}, "
                f"best {max(rows, key=lambda t: t.score()).setting}, cost {(best - mine.score()) / (100 * mine.hands):.4f}",
                flush=True,
            )
        if n % 250 == 0:
            report(same, n, cost, time.perf_counter() - start)
        if minutes and time.perf_counter() - start > 60 * minutes:
            break
    report(same, n, cost, time.perf_counter() - start)
    print("by hand (hands, agreement, mean cost of the house way per hand of the class):")
    for name, (k, agree, lost) in sorted(by_class.items(), key=lambda item: -item[1][0]):
        print(f"  {name:32s} {int(k):6d}  {agree / k:7.1%}  {lost / k:.4f}")


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
