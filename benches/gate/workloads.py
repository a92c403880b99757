"""The speed gate's workloads: each a fixed, seeded amount of work (CONTRIBUTING.md,
"Speed gate").

Run as a program under callgrind by ``benches/gate/gate.py``, not on its own for a
figure::

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=sys_call_tracing \
        --dump-after=sys_call_tracing python benches/gate/workloads.py holdem-python gin-deal

A workload is a function of a seed that prepares its inputs and returns the work as a
call of no arguments. For each named workload the program runs that work once on another
seed (the warm-up: imports, caches, interned objects and CPython's specialised bytecodes
in place), then prepares it on seed 0 and runs it inside ``sys.call_tracing(work, ())``.
``sys.call_tracing`` calls its argument exactly as a plain call does when no tracer is
set (it only saves and restores the thread's tracing flags), and its C function
``sys_call_tracing`` is called nowhere else, so callgrind, told to collect only inside
that function and to dump on leaving it, writes one profile per workload holding the
measured work's instructions and nothing else: no interpreter start-up, no imports, no
warm-up, no input preparation. Each workload prints one line, ``name check``, a digest of
what it computed, so that a workload that silently does other work shows as a changed
check as well as a changed count.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

import numpy as np

Work = Callable[[], int]


def holdem_python(seed: int, hands: int = 12) -> Work:
    """Heads-up no-limit hold'em through the Python API (``new_game`` + ``act``), blinds
    1/2, stacks 200, each decision uniform among the listed legal actions."""
    import hoyle

    def work() -> int:
        pick = random.Random(seed).random
        total = 0
        for i in range(hands):
            game = hoyle.new_game("texas-holdem", players=2, seed=seed * 1_000_003 + i, stacks=[200, 200])
            state = game.state
            while state.to_act is not None:
                legal = game.legal_actions()
                game.act(legal[int(pick() * len(legal))])
                total += 1
            total += 1_000 * state.stacks[0]
        return total

    return work


def holdem_compiled(seed: int, hands: int = 400) -> Work:
    """Heads-up no-limit hold'em played whole in Rust by the compiled hand and its native
    random bots (``hoyle._core.simulate_flop_random``), one thread."""
    from hoyle._core import simulate_flop_random

    def work() -> int:
        results, actions = simulate_flop_random([200, 200], seed, 0, hands, threads=1)
        return int(np.asarray(actions).sum()) * 1_000 + int(np.abs(np.asarray(results)).sum())

    return work


def holdem_flophand(seed: int, hands: int = 30) -> Work:
    """The compiled hand (``hoyle._core.FlopHand``) driven from Python, one call per
    action, each decision uniform among the listed legal actions."""
    from hoyle import Deck
    from hoyle._core import FlopHand

    decks = [Deck.standard().shuffled(seed * 1_000_003 + i) for i in range(hands)]

    def work() -> int:
        pick = random.Random(seed).random
        total = 0
        for deck in decks:
            hand = FlopHand(deck, [200, 200])
            while not hand.over:
                legal = hand.legal_actions()
                hand.act(legal[int(pick() * len(legal))])
                total += 1
            total += 1_000 * hand.stacks[0]
        return total

    return work


def gin_deal(seed: int, games: int = 2) -> Work:
    """One-deal gin rummy games through the Python API, random legal play."""
    import hoyle

    def work() -> int:
        pick = random.Random(seed).random
        total = 0
        for i in range(games):
            game = hoyle.new_game("gin-rummy", seed=seed * 1_000_003 + i, options={"deals": 1})
            state = game.state
            while state.result is None:
                legal = game.legal_actions()
                game.act(legal[int(pick() * len(legal))])
                total += 1
        return total

    return work


def rl_step(seed: int, steps: int = 150) -> Work:
    """Steps of the gin-rummy PettingZoo AEC env as users get it (the compiled gin table,
    the classic wrappers' checks built in): ``env.last()`` then ``env.step``, episodes
    reset with their seeds."""
    import hoyle.rl

    env = hoyle.rl.aec_env("gin-rummy", options={"deals": 1})

    def work() -> int:
        pick = random.Random(seed).random
        taken, episode, total = 0, 0, 0
        while taken < steps:
            env.reset(seed=seed * 100_003 + episode)
            episode += 1
            for _ in env.agent_iter():
                obs, reward, term, trunc, _ = env.last()
                if term or trunc:
                    env.step(None)
                    total += int(reward)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[int(pick() * len(legal))]))
                taken += 1
                if taken >= steps:
                    break
        return taken * 1_000 + total

    return work


def _hands(seed: int, n: int, size: int) -> list[list[str]]:
    rng = random.Random(seed)
    pack = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    return [rng.sample(pack, size) for _ in range(n)]


def meld_search(seed: int, hands: int = 150) -> Work:
    """Gin meld search from Python: the least deadwood of 10 cards and the exact best
    discard of 11 (``hoyle.rummy.deadwood``, ``hoyle.rummy.best_discard``) on seeded
    uniform hands given as ``CardSet``."""
    from hoyle import CardSet, rummy

    tens = [CardSet(h) for h in _hands(seed, hands, 10)]
    elevens = [CardSet(h) for h in _hands(seed + 1, hands, 11)]

    def work() -> int:
        total = 0
        for h in tens:
            total += rummy.deadwood(h)
        for h in elevens:
            total += rummy.best_discard(h).deadwood_value
        return total

    return work


def batch_eval(seed: int, hands: int = 20_000) -> Work:
    """Seven-card poker evaluation of a numpy batch of card-index rows
    (``hoyle.poker.evaluate_batch``), one thread."""
    from hoyle import poker

    rng = np.random.default_rng(seed)
    rows = np.argsort(rng.random((hands, 52)), axis=1)[:, :7].astype(np.uint8)

    def work() -> int:
        return int(poker.evaluate_batch(rows, threads=1).astype(np.int64).sum() % 1_000_003)

    return work


#: The workloads by name, in the order the gate runs them.
WORKLOADS: dict[str, Callable[[int], Work]] = {
    "holdem-python": holdem_python,
    "holdem-compiled": holdem_compiled,
    "holdem-flophand": holdem_flophand,
    "gin-deal": gin_deal,
    "rl-step": rl_step,
    "meld-search": meld_search,
    "batch-eval": batch_eval,
}


def main(names: list[str]) -> None:
    unknown = [n for n in names if n not in WORKLOADS]
    if unknown:
        raise SystemExit(f"unknown workload(s) {unknown}: known {list(WORKLOADS)}")
    for name in names:
        make = WORKLOADS[name]
        make(1)()  # the warm-up, on another seed
        work = make(0)
        check = sys.call_tracing(work, ())
        print(name, check, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:] or list(WORKLOADS))
