"""The heuristic poker bot against random bots at a 6-max no-limit hold'em table.

Run::

    python benches/test_bench_poker_bot.py [HANDS] [SEED] [VARIANT]
        # default 10,000 hands of texas-holdem, seed 1; omaha, short-deck-holdem too
    pytest benches/test_bench_poker_bot.py --benchmark-enable

Each hand is a new game (blinds 1/2, stacks of 100 big blinds); the bot's seat rotates
so it plays every position equally (:func:`hoyle_poker.bots.measure`). Prints its win
rate in big blinds per 100 hands with the standard error. Not part of the normal test
run (benches/ is outside ``testpaths``); the normal suite has a 1,500-hand check.
"""

from __future__ import annotations

import sys
import time

from hoyle_poker.bots import measure

HANDS = 10_000


def test_poker_bot_beats_random_bots(benchmark) -> None:  # type: ignore[no-untyped-def]
    bb100, se = benchmark.pedantic(measure, args=(HANDS,), kwargs={"seed": 1}, rounds=1, iterations=1)
    print(f"\npoker bot vs 5 random bots: {bb100:+.1f} bb/100 +- {se:.1f} over {HANDS} hands")
    assert bb100 > 3 * se


if __name__ == "__main__":
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else HANDS
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    variant = sys.argv[3] if len(sys.argv) > 3 else "texas-holdem"
    start = time.perf_counter()
    bb100, se = measure(hands, seed=seed, variant=variant)
    took = time.perf_counter() - start
    print(f"poker bot vs 5 random bots, 6-max {variant}, {hands} hands, seed {seed}:")
    print(
        f"  {bb100:+.1f} bb/100, standard error {se:.1f} ({bb100 / se:.1f} standard errors); {hands / took:.0f} hands/s"
    )
