"""GinBot against RandomBot: 1,000 gin matches to 100, the bot in seat 0 for half of
them and seat 1 for the other half. Issue 7 asks for a win rate of at least 90 %.

Run: pytest benches/test_bench_gin_bot.py --benchmark-enable -s
"""

import hoyle
import pytest

pytest.importorskip("pytest_benchmark")
pytest.importorskip("hoyle_rummy")

GAMES = 1000


def test_gin_bot_beats_random(benchmark) -> None:  # type: ignore[no-untyped-def]
    def run() -> float:
        half = GAMES // 2
        first = hoyle.simulate("gin-rummy", games=half, bots=["gin", "random"], seed=1)
        second = hoyle.simulate("gin-rummy", games=GAMES - half, bots=["random", "gin"], seed=2)
        return (first.wins[0] + second.wins[1]) / GAMES

    rate = benchmark.pedantic(run, rounds=1, iterations=1)
    benchmark.extra_info["gin_bot_win_rate"] = rate
    print(f"\nGinBot beat RandomBot in {rate:.1%} of {GAMES} matches to 100")
    assert rate >= 0.90
