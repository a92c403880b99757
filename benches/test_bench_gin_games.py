"""Random play of whole gin hands, hoyle side by side with OpenSpiel and RLCard; and
random play of basic rummy and contract rummy for four players (no peer).

Run (after ``pip install ".[bench]"``)::

    pytest benches/test_bench_gin_games.py --benchmark-enable --benchmark-group-by=group \
        --benchmark-columns=mean,ops,rounds
    python benches/test_bench_gin_games.py     # games per second and the ratios, one run

One game is one hand (one deal), as in the peers: OpenSpiel's ``gin_rummy`` and RLCard's
``gin-rummy`` environment both end after a single hand (a knock, gin, or the void hand
at two stock cards). In hoyle that is a ``gin-rummy`` game with option ``deals=1`` (the
game ends after one deal, void or not), played to its end. Every library gets the same player: each
decision is uniform among the legal actions (``legal[int(random() * len(legal))]``,
from one ``random.Random`` per run); OpenSpiel's chance nodes (the deal and the stock
draws) are sampled the same way. Each library checks every action it is given
(hoyle's ``Game.act`` refuses an action that is not legal).

Knock turns (hoyle only): the legal actions of discard turns at which a knock is
possible - where every discard's deadwood is searched - collected from games in which
both players discard the card that leaves the least deadwood and never knock
(:func:`knock_turns`). The split of a random-play action (:func:`action_split`): the
CPU spent in gin's two rule hooks (``hoyle_rummy.gin_table.legal_actions`` and
``apply_action``) and in the rest (the engine's ``Game.act`` and ``legal_actions``).

Basic rummy: ``rummy`` for four players, one deal (``deals=1``) with the Block rummy
ending (``stock_end="block"``: the hand ends when the stock runs out; random players
rarely go out). Contract rummy: the whole seven-deal game for four players with
``reshuffles=0`` (a deal nobody goes out in ends when the stock runs out).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping

import hoyle
import pytest

GAMES = 100


def hoyle_gin(games: int = GAMES, seed: int = 0) -> int:
    """Play ``games`` random gin hands in hoyle; returns the player actions taken."""
    pick = random.Random(seed).random
    actions = 0
    for i in range(games):
        game = hoyle.new_game("gin-rummy", seed=seed * 1_000_003 + i, options={"deals": 1})
        state = game.state
        legal_actions, act = game.legal_actions, game.act
        while state.result is None:
            legal = legal_actions()
            act(legal[int(pick() * len(legal))])
            actions += 1
    return actions


def openspiel_gin(games: int = GAMES, seed: int = 0) -> int:
    """The same in OpenSpiel (``pyspiel.load_game("gin_rummy")``); returns the player
    actions taken (chance nodes not counted)."""
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game("gin_rummy")
    pick = random.Random(seed).random
    actions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(pick() * len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(pick() * len(legal))])
                actions += 1
    return actions


def rlcard_gin(games: int = GAMES, seed: int = 0) -> int:
    """The same in RLCard (``rlcard.make("gin-rummy")``, ``reset``/``step``)."""
    import rlcard  # type: ignore[import-untyped]

    env = rlcard.make("gin-rummy", config={"seed": seed})
    pick = random.Random(seed).random
    actions = 0
    for _ in range(games):
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[int(pick() * len(legal))])
            actions += 1
    return actions


def hoyle_random(variant: str, options: Mapping[str, object], games: int, seed: int = 0, players: int = 4) -> int:
    """Whole random games of ``variant``; returns the actions taken."""
    pick = random.Random(seed).random
    actions = 0
    for i in range(games):
        game = hoyle.new_game(variant, players=players, seed=seed * 1_000_003 + i, options=options)
        state = game.state
        while state.result is None:
            legal = game.legal_actions()
            game.act(legal[int(pick() * len(legal))])
            actions += 1
    return actions


def knock_turn_states(turns: int = 200, seed: int = 0) -> list[tuple[hoyle.State, int]]:
    """``turns`` discard turns (copies of the state, and the seat to act) at which a knock
    is possible: from one-hand games in which each player discards the card that leaves
    the least deadwood (ties: the first such) and never knocks, draws at random."""
    from hoyle import rummy

    rules = rummy.MeldRules.gin()
    pick = random.Random(seed).random
    found: list[tuple[hoyle.State, int]] = []
    game_no = 0
    while len(found) < turns:
        game = hoyle.new_game("gin-rummy", seed=seed * 1_000_003 + game_no, options={"deals": 1})
        game_no += 1
        state = game.state
        while state.result is None and len(found) < turns:
            legal = game.legal_actions()
            if legal[0].kind != "discard":
                game.act(legal[int(pick() * len(legal))])
                continue
            seat = state.to_act
            assert seat is not None
            if any(a.kind == "knock" for a in legal):
                found.append((state.clone(), seat))
            hand = state.zones[f"hand:{seat}"].cards
            discards = [a for a in legal if a.kind == "discard"]
            game.act(min(discards, key=lambda a: rummy.deadwood([c for c in hand if c != a.cards[0]], rules)))
    return found


def knock_turns(states: list[tuple[hoyle.State, int]], repeat: int = 1) -> int:
    """The gin rules' legal actions of each knock turn, ``repeat`` times over; returns the
    calls made."""
    from hoyle_rummy.gin_table import legal_actions

    for _ in range(repeat):
        for state, seat in states:
            legal_actions(state, seat)
    return repeat * len(states)


def action_split(games: int = 200, seed: int = 0) -> tuple[float, float]:
    """µs per random-play gin action (the games of :func:`hoyle_gin`) spent in gin's two
    rule hooks, ``hoyle_rummy.gin_table.legal_actions`` and ``apply_action``: each game
    is played through the engine, then replayed on a fresh deal of the same seed by
    calling the two hooks directly, each call timed by the CPU clock of the thread
    (``time.thread_time_ns``: a busy machine does not count; the cost of reading it
    around an empty call is subtracted)."""
    from hoyle_rummy.gin_table import apply_action, legal_actions

    clock = time.thread_time_ns
    samples = []
    for _ in range(10_000):
        t = clock()
        samples.append(clock() - t)
    overhead = statistics.median(samples)
    spent_legal = spent_apply = 0.0
    pick = random.Random(seed).random
    actions = 0
    for i in range(games):
        options = {"deals": 1}
        game = hoyle.new_game("gin-rummy", seed=seed * 1_000_003 + i, options=options)
        played: list[tuple[int, hoyle.Action]] = []
        while game.state.result is None:
            seat = game.state.to_act
            assert seat is not None
            legal = game.legal_actions()
            played.append((seat, legal[int(pick() * len(legal))]))
            game.act(played[-1][1])
        state = hoyle.new_game("gin-rummy", seed=seed * 1_000_003 + i, options=options).state
        for seat, action in played:
            t = clock()
            legal_actions(state, seat)
            t2 = clock()
            apply_action(state, seat, action)
            t3 = clock()
            spent_legal += t2 - t - overhead
            spent_apply += t3 - t2 - overhead
        actions += len(played)
    return spent_legal / actions / 1e3, spent_apply / actions / 1e3


RUMMY_4 = {"deals": 1, "stock_end": "block"}
CONTRACT_4 = {"reshuffles": 0}


def basic_rummy_4(games: int = 20, seed: int = 0) -> int:
    return hoyle_random("rummy", RUMMY_4, games, seed)


def contract_rummy_4(games: int = 2, seed: int = 0) -> int:
    return hoyle_random("contract-rummy", CONTRACT_4, games, seed)


# --- pytest-benchmark -----------------------------------------------------------------------

GIN_GROUP = f"gin, random play, {GAMES} hands"


def test_hoyle_gin(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = GIN_GROUP
    assert benchmark(hoyle_gin) > 0


def test_openspiel_gin(benchmark) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("pyspiel")
    benchmark.group = GIN_GROUP
    assert benchmark(openspiel_gin) > 0


def test_rlcard_gin(benchmark) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("rlcard")
    benchmark.group = GIN_GROUP
    assert benchmark.pedantic(rlcard_gin, rounds=3, iterations=1) > 0


def test_hoyle_gin_knock_turns(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = "gin, the legal actions of 200 knock turns"
    states = knock_turn_states(200)
    assert benchmark(knock_turns, states) == 200


def test_hoyle_basic_rummy_4(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = "basic rummy, 4 players, random play, 20 one-deal games"
    assert benchmark.pedantic(basic_rummy_4, rounds=3, iterations=1) > 0


def test_hoyle_contract_rummy_4(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = "contract rummy, 4 players, random play, 2 seven-deal games"
    assert benchmark.pedantic(contract_rummy_4, rounds=3, iterations=1) > 0


# --- one run, side by side --------------------------------------------------------------------


def _rates(
    runs: Mapping[str, tuple[Callable[[int, int], int], int]], rounds: int
) -> dict[str, tuple[float, float, float]]:
    """Each library's games/s by the wall clock and by CPU time (``time.process_time``:
    what the process itself spent, which a busy machine disturbs much less) and its µs
    of CPU per player action: medians over ``rounds`` rounds, the libraries taking
    turns within each round (so that a change in the machine's load hits them alike)."""
    wall: dict[str, list[float]] = {name: [] for name in runs}
    cpu: dict[str, list[float]] = {name: [] for name in runs}
    per_action: dict[str, list[float]] = {name: [] for name in runs}
    for f, _ in runs.values():
        f(2, 99)  # warm up (imports, caches)
    for r in range(rounds):
        for name, (f, games) in runs.items():
            t, c = time.perf_counter(), time.process_time()
            actions = f(games, r + 1)
            dc, dt = time.process_time() - c, time.perf_counter() - t
            wall[name].append(games / dt)
            cpu[name].append(games / dc)
            per_action[name].append(dc / actions * 1e6)
    med = statistics.median
    return {name: (med(wall[name]), med(cpu[name]), med(per_action[name])) for name in runs}


def main(scale: float = 1.0, rounds: int = 5) -> None:
    """Print games/s of each library from one run (``scale`` multiplies the games per
    round)."""
    runs: dict[str, tuple[Callable[[int, int], int], int]] = {"hoyle": (hoyle_gin, int(400 * scale))}
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: F401

        runs["OpenSpiel"] = (openspiel_gin, int(100 * scale))
    except ImportError:
        print("OpenSpiel not installed")
    try:
        import rlcard  # type: ignore[import-untyped]  # noqa: F401

        runs["RLCard"] = (rlcard_gin, int(25 * scale))
    except ImportError:
        print("RLCard not installed")
    rates = _rates(runs, rounds)
    wall, cpu = rates["hoyle"][0], rates["hoyle"][1]
    print(f"gin, random play, one hand per game (medians of {rounds} interleaved rounds)")
    print(f"  {'':10} {'games/s wall':>13} {'games/s CPU':>12} {'µs CPU/action':>14}   hoyle/peer wall, CPU")
    for name, (w, c, us) in rates.items():
        ratio = "" if name == "hoyle" else f"   {wall / w:5.1f}x, {cpu / c:5.1f}x"
        print(f"  {name:10} {w:13.0f} {c:12.0f} {us:14.1f}{ratio}")
    states = knock_turn_states(200)
    knock_turns(states)  # warm up
    per_turn = []
    for _ in range(rounds):
        c = time.process_time()
        calls = knock_turns(states, max(1, int(5 * scale)))
        per_turn.append((time.process_time() - c) / calls * 1e6)
    print(f"gin knock turns (a knock possible): {statistics.median(per_turn):.1f} µs CPU per legal-actions call")
    splits = [action_split(max(1, int(100 * scale)), r + 1) for r in range(rounds)]
    legal, apply = (statistics.median(x) for x in zip(*splits))
    total = rates["hoyle"][2]
    print(
        f"gin random-play action: {total:.2f} µs CPU in all (above), of which gin's legal_actions "
        f"{legal:.2f} µs and apply_action {apply:.2f} µs; the rest (the engine, the player) {total - legal - apply:.2f} µs"
    )
    more = {
        "basic rummy 4p": (basic_rummy_4, max(1, int(20 * scale))),
        "contract rummy 4p": (contract_rummy_4, max(1, int(2 * scale))),
    }
    print("random play, four players (no peer)")
    for name, (w, c, us) in _rates(more, max(1, rounds // 2)).items():
        print(f"  {name:18} {w:8.1f} games/s wall {c:8.1f} games/s CPU {us:6.1f} µs CPU/action")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 1.0, int(sys.argv[2]) if len(sys.argv) > 2 else 5)
