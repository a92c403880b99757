"""Engine overhead per action and the cost of clone, on War (whose own rule work is a
card move or two).

Run: pytest benches/test_bench_engine.py --benchmark-enable
"""

import pytest

import hoyle

pytest.importorskip("pytest_benchmark")
pytest.importorskip("hoyle_war")


def test_legal_actions_plus_act(benchmark) -> None:  # type: ignore[no-untyped-def]
    game = hoyle.new_game("war", seed=1, options={"max_battles": 10**6})

    def step() -> None:
        nonlocal game
        if game.is_over:
            game = hoyle.new_game("war", seed=1, options={"max_battles": 10**6})
        game.act(game.legal_actions()[0])

    benchmark(step)


def test_clone(benchmark) -> None:  # type: ignore[no-untyped-def]
    game = hoyle.new_game("war", seed=1)
    for _ in range(40):
        game.act("play")
    benchmark(game.clone)


def test_view(benchmark) -> None:  # type: ignore[no-untyped-def]
    game = hoyle.new_game("war", seed=1)
    for _ in range(40):
        game.act("play")
    benchmark(game.view, 0)


def test_whole_game(benchmark) -> None:  # type: ignore[no-untyped-def]
    def play() -> None:
        g = hoyle.new_game("war", seed=3, options={"max_battles": 200})
        while not g.is_over:
            g.act(g.legal_actions()[0])

    benchmark(play)
