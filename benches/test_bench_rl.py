"""Random-play environment steps per second, hoyle's RL adapters side by side with the
peers, in one run; and the share of a hoyle step spent encoding.

Run (after ``pip install ".[bench,rl,openspiel]"``)::

    python benches/test_bench_rl.py      # steps/s, ratios and the encoding share, one run
    pytest benches/test_bench_rl.py --benchmark-enable --benchmark-group-by=group

A *step* is one decision with its observation: the agent to act reads its observation
and mask, picks a uniformly random legal action (``legal[int(random() * len(legal))]``,
one ``random.Random`` per run) and steps. Each library produces what an RL loop needs:

* gin rummy, one hand per episode: hoyle's PettingZoo AEC env (``aec_env("gin-rummy",
  options={"deals": 1})`` as users get it, the classic wrappers' checks built in, the
  deal played by the compiled gin table - ``hoyle.rl.kernel``, dealt by the Python
  rules; with ``compiled=False``, the Python table, whose rules run in Python; with
  ``wrap=True``, PettingZoo's own wrapper objects instead of the built-in checks; with
  ``checks=False``, none; ``env.last()`` then ``env.step``), OpenSpiel's ``gin_rummy`` (``legal_actions``,
  ``observation_tensor`` of the player to act, ``apply_action``; chance nodes sampled,
  not counted) and RLCard's ``gin-rummy`` (``env.step`` returns the next state with its
  observation);
* heads-up no-limit hold'em, one hand, blinds 1/2, stacks 200: hoyle's AEC env
  (``texas-holdem``, the same three forms), PettingZoo's ``texas_holdem_no_limit_v6``
  (RLCard underneath, its own default stacks, its classic wrappers; ``env.last()`` then
  ``env.step``) and OpenSpiel's PokerKit wrapper (``python_pokerkit_wrapper``; it has no
  observation tensor, so its steps are ``legal_actions`` and ``apply_action`` only).

The ratios are hoyle's default env over each peer. The encoding share: the part of a
hoyle AEC step spent making the observation dict (observation, mask, the legal actions
mapped to slots), measured by difference (:func:`encoding_share`). The vector rows: one
learner against the random bot in 16 gin games, ``gymnasium.vector.SyncVectorEnv`` over
``gym_env`` against ``hoyle.rl.vector_env``, learner steps per second.
"""

from __future__ import annotations

import logging
import os
import random
import statistics
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

STEPS = 3000


def _aec_steps(make: Callable[[], Any], steps: int, seed: int) -> int:
    """Random play of an AEC env for ``steps`` decisions (whole episodes, the last one
    finished); returns the decisions taken."""
    env = make()
    pick = random.Random(seed).random
    taken, episode = 0, 0
    while taken < steps:
        env.reset(seed=seed * 100_003 + episode)
        episode += 1
        for _ in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[int(pick() * len(legal))]))
            taken += 1
    return taken


def _hoyle(variant: str, **kwargs: Any) -> Callable[[int, int], int]:
    def run(steps: int = STEPS, seed: int = 0) -> int:
        import hoyle.rl

        options = {"deals": 1} if variant == "gin-rummy" else {}
        return _aec_steps(lambda: hoyle.rl.aec_env(variant, options=options, **kwargs), steps, seed)

    return run


#: hoyle's AEC env as users get it: the classic wrappers' checks built in.
hoyle_gin = _hoyle("gin-rummy")
hoyle_holdem = _hoyle("texas-holdem")
#: The same checks by PettingZoo's own wrapper objects (``wrap=True``).
hoyle_gin_wrapped = _hoyle("gin-rummy", wrap=True)
hoyle_holdem_wrapped = _hoyle("texas-holdem", wrap=True)
#: No checks at all (``checks=False``).
hoyle_gin_raw = _hoyle("gin-rummy", checks=False)
#: The Python table instead of the compiled one (``compiled=False``).
hoyle_gin_python = _hoyle("gin-rummy", compiled=False)
hoyle_holdem_raw = _hoyle("texas-holdem", checks=False)


def pettingzoo_holdem(steps: int = STEPS, seed: int = 0) -> int:
    import pettingzoo

    def make() -> Any:
        if hasattr(pettingzoo, "make"):
            return pettingzoo.make("aec", "classic/texas_holdem_no_limit-v6")
        from pettingzoo.classic import texas_holdem_no_limit_v6  # type: ignore[import-untyped]

        return texas_holdem_no_limit_v6.env()

    return _aec_steps(make, steps, seed)


def _spiel_steps(game: Any, steps: int, seed: int, observe: bool) -> int:
    pick = random.Random(seed).random
    taken = 0
    while taken < steps:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(pick() * len(outcomes))][0])
                continue
            if observe:
                state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[int(pick() * len(legal))])
            taken += 1
    return taken


def openspiel_gin(steps: int = STEPS, seed: int = 0) -> int:
    import pyspiel  # type: ignore[import-not-found]

    return _spiel_steps(pyspiel.load_game("gin_rummy"), steps, seed, observe=True)


def openspiel_pokerkit(steps: int = STEPS, seed: int = 0) -> int:
    import pyspiel  # type: ignore[import-not-found]
    from open_spiel.python.games import pokerkit_wrapper  # type: ignore[import-not-found]  # noqa: F401

    game = pyspiel.load_game("python_pokerkit_wrapper", {"blinds": "1 2", "stack_sizes": "200 200"})
    return _spiel_steps(game, steps, seed, observe=False)


def rlcard_gin(steps: int = STEPS, seed: int = 0) -> int:
    import rlcard  # type: ignore[import-untyped]

    env = rlcard.make("gin-rummy", config={"seed": seed})
    pick = random.Random(seed).random
    taken = 0
    while taken < steps:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[int(pick() * len(legal))])
            taken += 1
    return taken


def encoding_share(run: Callable[[int, int], int], steps: int, rounds: int = 5) -> float:
    """The share of a hoyle AEC step spent making the observation dict: the
    observation vector and the action mask, the mapping of the legal actions to
    catalogue slots included. Measured by difference, as no timer inside a 10 us step
    can be: ``run``'s CPU time with every observation made twice (the slots mapped
    again each time), less its time made once, over the latter (medians of
    ``rounds`` interleaved rounds)."""
    from hoyle.rl.aec import HoyleAECEnv

    observe = HoyleAECEnv.observe

    def twice(self: HoyleAECEnv, agent: str) -> Any:
        table = self.table
        if table is not None:
            table.unmap()
        observe(self, agent)
        if table is not None:
            table.unmap()
        return observe(self, agent)

    once_t: list[float] = []
    twice_t: list[float] = []
    run(200, 99)  # warm up
    for r in range(rounds):
        for times, method in ((once_t, observe), (twice_t, twice)):
            HoyleAECEnv.observe = method  # type: ignore[method-assign]
            try:
                c = time.process_time()
                run(steps, r + 7)
                times.append(time.process_time() - c)
            finally:
                HoyleAECEnv.observe = observe  # type: ignore[method-assign]
    once = statistics.median(once_t)
    return (statistics.median(twice_t) - once) / once


def vector_rates(num_envs: int = 16, steps: int = 200, seed: int = 0) -> dict[str, float]:
    """Learner steps per second: SyncVectorEnv of gym envs against hoyle's vector env."""
    import gymnasium
    import hoyle.rl

    kwargs = {"options": {"deals": 1}, "opponents": ["random"]}
    out = {}
    for name, make in (
        (
            "SyncVectorEnv",
            lambda: gymnasium.vector.SyncVectorEnv(
                [lambda: hoyle.rl.gym_env("gin-rummy", **kwargs) for _ in range(num_envs)],
                autoreset_mode=gymnasium.vector.AutoresetMode.NEXT_STEP,
            ),
        ),
        ("hoyle vector_env", lambda: hoyle.rl.vector_env("gin-rummy", num_envs, **kwargs)),
    ):
        envs = make()
        pick = random.Random(seed).random
        _, info = envs.reset(seed=seed)
        t = time.process_time()
        for _ in range(steps):
            actions = []
            for row in info["action_mask"]:
                legal = np.flatnonzero(row)
                actions.append(int(legal[int(pick() * len(legal))]) if len(legal) else 0)
            _, _, _, _, info = envs.step(np.array(actions))
        out[name] = num_envs * steps / (time.process_time() - t)
    return out


# --- pytest-benchmark ---------------------------------------------------------------------


def test_hoyle_aec_gin(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = "gin rummy env, random play"
    assert benchmark.pedantic(hoyle_gin, rounds=3, iterations=1) >= STEPS


def test_openspiel_gin(benchmark) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("pyspiel")
    benchmark.group = "gin rummy env, random play"
    assert benchmark.pedantic(openspiel_gin, rounds=3, iterations=1) >= STEPS


def test_hoyle_aec_holdem(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = "no-limit hold'em env, random play"
    assert benchmark.pedantic(hoyle_holdem, rounds=3, iterations=1) >= STEPS


def test_pettingzoo_holdem(benchmark) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("rlcard")
    benchmark.group = "no-limit hold'em env, random play"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert benchmark.pedantic(pettingzoo_holdem, rounds=3, iterations=1) >= STEPS


# --- one run, side by side ------------------------------------------------------------------


def _rates(runs: dict[str, tuple[Callable[[int, int], int], int]], rounds: int) -> dict[str, tuple[float, float]]:
    """Steps/s by the wall clock and by CPU time, medians over ``rounds`` rounds with
    the libraries taking turns in each round."""
    wall: dict[str, list[float]] = {n: [] for n in runs}
    cpu: dict[str, list[float]] = {n: [] for n in runs}
    for f, _ in runs.values():
        f(50, 99)  # warm up
    for r in range(rounds):
        for name, (f, steps) in runs.items():
            t, c = time.perf_counter(), time.process_time()
            taken = f(steps, r + 1)
            wall[name].append(taken / (time.perf_counter() - t))
            cpu[name].append(taken / (time.process_time() - c))
    return {n: (statistics.median(wall[n]), statistics.median(cpu[n])) for n in runs}


def _available(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def main(scale: float = 1.0, rounds: int = 5) -> None:
    warnings.simplefilter("ignore")
    logging.getLogger("absl").setLevel(logging.ERROR)  # OpenSpiel's PokerKit wrapper logs every shove
    n = int(STEPS * scale)
    groups: dict[str, dict[str, tuple[Callable[[int, int], int], int]]] = {
        "gin rummy": {
            "hoyle AEC": (hoyle_gin, n),
            "hoyle AEC wrap=True": (hoyle_gin_wrapped, n),
            "hoyle AEC checks=False": (hoyle_gin_raw, n),
            "hoyle AEC compiled=False": (hoyle_gin_python, n),
        },
        "no-limit hold'em": {
            "hoyle AEC": (hoyle_holdem, n),
            "hoyle AEC wrap=True": (hoyle_holdem_wrapped, n),
            "hoyle AEC checks=False": (hoyle_holdem_raw, n),
        },
    }
    if _available("pyspiel"):
        groups["gin rummy"]["OpenSpiel gin_rummy"] = (openspiel_gin, n)
        if _available("pokerkit"):
            groups["no-limit hold'em"]["OpenSpiel PokerKit"] = (openspiel_pokerkit, max(1, n // 10))
    if _available("rlcard"):
        groups["gin rummy"]["RLCard gin-rummy"] = (rlcard_gin, max(1, n // 4))
        groups["no-limit hold'em"]["PettingZoo NLHE v6"] = (pettingzoo_holdem, n)
    print(f"load average before: {os.getloadavg()}")
    for title, runs in groups.items():
        rates = _rates(runs, rounds)
        wall, cpu = rates["hoyle AEC"]
        print(f"{title}: random-play env steps/s (medians of {rounds} interleaved rounds)")
        print(f"  {'':24} {'steps/s wall':>13} {'steps/s CPU':>12}   hoyle AEC/peer wall, CPU")
        for name, (w, c) in rates.items():
            ratio = "" if name.startswith("hoyle") else f"   {wall / w:5.1f}x, {cpu / c:5.1f}x"
            print(f"  {name:24} {w:13.0f} {c:12.0f}{ratio}")
    for title, run in (("gin", hoyle_gin), ("gin compiled=False", hoyle_gin_python), ("hold'em", hoyle_holdem)):
        print(f"encoding share of a hoyle AEC {title} step (observation + mask): {100 * encoding_share(run, n):.1f} %")
    if _available("gymnasium"):
        for name, rate in vector_rates().items():
            print(f"vector, 16 gin games vs random, {name}: {rate:.0f} learner steps/s CPU")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
