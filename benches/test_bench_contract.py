"""Contract rummy, 4 players, whole seven-deal games between ContractBots (issue 6
asks for games/s; no peer). ``reshuffles=2`` bounds deals the bots cannot finish.

Run: pytest benches/test_bench_contract.py --benchmark-enable
"""

import hoyle
import pytest

pytest.importorskip("pytest_benchmark")
pytest.importorskip("hoyle_rummy")


def test_contract_rummy_4_players_games(benchmark) -> None:  # type: ignore[no-untyped-def]
    def run() -> None:
        hoyle.simulate("contract-rummy", games=5, bots=["contract"] * 4, seed=1, options={"reshuffles": 2})

    benchmark.pedantic(run, rounds=3, iterations=1)
    benchmark.extra_info["games_per_round"] = 5


def test_gin_4_players_games(benchmark) -> None:  # type: ignore[no-untyped-def]
    def run() -> None:
        hoyle.simulate("gin-rummy", games=5, bots=["gin"] * 4, seed=1)

    benchmark.pedantic(run, rounds=3, iterations=1)
    benchmark.extra_info["games_per_round"] = 5
