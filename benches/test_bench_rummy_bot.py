"""RummyBot against random players, in every game of the straight-rummy family: whole
games (each variant's default options), the bot in each seat in turn (the games split
evenly between the seats), every other seat a RandomBot. Issue 20 asks that the bot win
at least 95 % of games of each variant; the figure is stated with its Wilson 95 %
interval. Also the bot against itself: how long whole games are (player actions).

Run::

    pytest benches/test_bench_rummy_bot.py --benchmark-enable -s
    python benches/test_bench_rummy_bot.py 500     # games per case, one table
"""

from __future__ import annotations

import statistics
import sys
import time

import hoyle
import pytest
from hoyle.cli.simulate import wilson

pytest.importorskip("hoyle_rummy")

#: (variant, players): two players, and a larger table of each game.
CASES = [
    ("rummy", 2),
    ("rummy", 4),
    ("seven-card-rummy", 2),
    ("seven-card-rummy", 4),
    ("500-rum", 2),
    ("500-rum", 3),
    ("wrotham-rummy", 2),
    ("wrotham-rummy", 3),
    ("dime-rummy", 2),
    ("dime-rummy", 3),
]
GAMES = 500
SEED = 20_261_201  # not the seeds the bot was tuned on (0..199)


def bot_wins(variant: str, players: int, games: int, seed: int = SEED) -> float:
    """Games won by the bot (shared wins fractionally), seated in each seat in turn."""
    won = 0.0
    per_seat = games // players
    for seat in range(players):
        bots = ["random"] * players
        bots[seat] = "rummy"
        n = per_seat if seat < players - 1 else games - per_seat * (players - 1)
        result = hoyle.simulate(variant, games=n, bots=bots, seed=seed + seat)
        won += result.wins[seat]
    return won


def self_play_lengths(variant: str, players: int, games: int, seed: int = SEED) -> list[int]:
    """Player actions per whole game, the bot in every seat."""
    result = hoyle.simulate(variant, games=games, bots=["rummy"] * players, seed=seed)
    return [r.actions for r in result.records]


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_rummy_bot_beats_random(benchmark, variant: str, players: int) -> None:  # type: ignore[no-untyped-def]
    won = benchmark.pedantic(bot_wins, args=(variant, players, GAMES), rounds=1, iterations=1)
    low, high = wilson(won, GAMES)
    benchmark.extra_info["win_rate"] = won / GAMES
    print(f"\nRummyBot {variant} {players}p: {won / GAMES:.1%} of {GAMES} (95 % CI {low:.1%}-{high:.1%})")
    assert won / GAMES >= 0.95


def main(games: int = GAMES) -> None:
    print(f"RummyBot against random players, {games} games each (bot in each seat in turn)")
    for variant, players in CASES:
        start = time.process_time()
        won = bot_wins(variant, players, games)
        low, high = wilson(won, games)
        lengths = self_play_lengths(variant, players, max(1, games // 5))
        print(
            f"  {variant:17} {players}p  wins {won / games:6.1%}  (95 % CI {low:6.1%} - {high:6.1%})"
            f"   bot v bot actions: median {statistics.median(lengths):5.0f}, max {max(lengths):5d}"
            f"   {time.process_time() - start:5.1f} s CPU",
            flush=True,
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else GAMES)
