"""Engine overhead per action and the cost of clone, on War (whose own rule work is a
card move or two).

Run: pytest benches/test_bench_engine.py --benchmark-enable
"""

import hoyle
import pytest

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


class _PassRules:
    """A variant with no rule work at all: each seat in turn passes, forever."""

    PASS = hoyle.Action("pass")

    @hoyle.hookimpl
    def hoyle_deal(self, state):  # type: ignore[no-untyped-def]
        state.phase, state.to_act = "play", 0
        return True

    @hoyle.hookimpl
    def hoyle_legal_actions(self, state, seat):  # type: ignore[no-untyped-def]
        return [self.PASS] if seat == state.to_act else []

    @hoyle.hookimpl
    def hoyle_apply_action(self, state, seat, action):  # type: ignore[no-untyped-def]
        state.to_act = 1 - seat
        return True


class _OneActionRules(_PassRules):
    """A variant with no rule work whose one action (a pass) ends the deal and the game."""

    @hoyle.hookimpl
    def hoyle_apply_action(self, state, seat, action):  # type: ignore[no-untyped-def]
        state.end_deal("ended")
        return True


def _registry(name: str, rules: object):  # type: ignore[no-untyped-def]
    """A registry holding only the variant ``name`` played by ``rules``."""
    from hoyle.plugins import get_plugin_manager
    from hoyle.registry import Registry

    class Plugin:
        @hoyle.hookimpl
        def hoyle_register_variants(self, register):  # type: ignore[no-untyped-def]
            register(hoyle.Variant(name=name, rules=rules, players=(2, 2), deck=lambda o: hoyle.Deck.standard()))

    pm = get_plugin_manager(load_entrypoints=False)
    pm.register(Plugin())
    return Registry(pm)


def test_engine_overhead_per_action(benchmark) -> None:  # type: ignore[no-untyped-def]
    """legal_actions + act on a variant that does nothing: the engine's own cost."""
    game = hoyle.new_game("pass", seed=1, registry=_registry("pass", _PassRules()))

    def step() -> None:
        game.act(game.legal_actions()[0])

    benchmark(step)


def test_engine_overhead_per_deal(benchmark) -> None:  # type: ignore[no-untyped-def]
    """A new game of one deal and one action on a variant that does nothing: the
    engine's own cost of a deal (new_game, the shuffle, the deal's start and its
    scoring and settlement), which a poker session pays every hand."""
    registry = _registry("one-action", _OneActionRules())

    def deal() -> None:
        game = hoyle.new_game("one-action", seed=1, registry=registry)
        game.act(game.legal_actions()[0])
        assert game.is_over

    benchmark(deal)
