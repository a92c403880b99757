"""Random legal play of no-limit hold'em hands, hoyle side by side with PokerKit.

Run (after ``pip install ".[bench]"``)::

    pytest benches/test_bench_poker_games.py --benchmark-enable --benchmark-group-by=group \
        --benchmark-columns=mean,ops,rounds
    python benches/test_bench_poker_games.py 2000   # hands per second and the ratios

The script measures CPU time (``time.process_time``), alternating hoyle and PokerKit
three times and keeping each one's best, so that other processes on a busy machine
distort the ratio less than wall-clock time would.

Both play the same kind of hand: blinds 1/2, stacks 200, every player chooses uniformly
among fold (when facing a bet), check or call, the minimum bet or raise, a random legal
size and all-in; cards are dealt, burned, shown and pots pushed by each library (PokerKit
with every automation on). One benchmark round plays ``HANDS`` hands, each a new game,
so ``ops`` x ``HANDS`` is hands per second.

The betting core's fast paths this measures (``hoyle_poker.betting``): the turn found in
one pass over a seat ring made once per table size (``_first_to_act``, ``_RINGS``) and
set by ``_advance`` itself, the listed bet sizes remembered per situation
(``_BET_CHOICES``) and the live seats built by a plain loop (``live_seats``: a
comprehension is a function call on Python 3.11); the pots, the uncalled bet and the
awards are the betting machine's (``rust/betting/pots.rs``). Every hand is a new game,
so the setup's fast paths count too (``benches/test_bench_hand_setup.py``), and these:
the deck shuffled with its draws read 64 at a time (``Rng::shuffle``), no generator made
for a deal that never draws from it (``State.rng``), the flop games' deal calling the
engine and the betting core by position (``FlopRules.hoyle_deal``), the deal's hooks
called positionally (``_FastHooks``) and the run choice answered in the one action hook
(``BettingGameRules._choose_runs``).

Instructions per hand (callgrind, ``PYTHONHASHSEED=0``, ASLR off, 300 hands after a
3,000-hand warm-up with the collector frozen, minus the same run without them) are the
finer measure of a change: load makes sub-microsecond timing unreadable.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

import hoyle
import pytest
from hoyle import Action

HANDS = 200
STACK = 200


def hoyle_hands(players: int, hands: int = HANDS, seed: int = 0) -> int:
    """Play ``hands`` hands in hoyle; returns the number of actions taken."""
    rng = random.Random(seed)
    stacks = [STACK] * players
    actions = 0
    for i in range(hands):
        g = hoyle.new_game("texas-holdem", players=players, seed=seed * 1_000_003 + i, stacks=stacks)
        state = g.state
        while state.to_act is not None:
            legal = g.legal_actions()
            rng_ = state.public["range"]
            choice = rng.randrange(5)
            if choice == 3 and rng_ is not None:  # a random legal size
                kind = "raise" if state.public["to_call"] else "bet"
                g.act(Action(kind, amount=rng.randint(rng_[0], rng_[1])))
            else:
                g.act(legal[min(choice, len(legal) - 1)] if choice < 3 else legal[-1])
            actions += 1
    return actions


def pokerkit_hands(players: int, hands: int = HANDS, seed: int = 0) -> int:
    """The same in PokerKit (every automation on)."""
    from hoyle_poker.pokerkit_peer import automations as pokerkit_automations
    from pokerkit import NoLimitTexasHoldem

    automations = pokerkit_automations()
    rng = random.Random(seed)
    actions = 0
    for _ in range(hands):
        state = NoLimitTexasHoldem.create_state(automations, True, 0, (1, 2), 2, (STACK,) * players, players)
        while state.status:
            choice = rng.randrange(5)
            can_raise = state.can_complete_bet_or_raise_to()
            if choice == 0 and state.can_fold():
                state.fold()
            elif choice == 2 and can_raise:
                state.complete_bet_or_raise_to(state.min_completion_betting_or_raising_to_amount)
            elif choice == 3 and can_raise:
                lo = state.min_completion_betting_or_raising_to_amount
                hi = state.max_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(rng.randint(lo, hi))
            elif choice == 4 and can_raise:
                state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
            else:
                state.check_or_call()
            actions += 1
    return actions


TABLES = [("6-max", 6), ("heads-up", 2)]


@pytest.mark.parametrize(("table", "players"), TABLES)
def test_hoyle(benchmark, table: str, players: int) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = f"no-limit hold'em {table}, {HANDS} random hands"
    assert benchmark(hoyle_hands, players) > 0


@pytest.mark.parametrize(("table", "players"), TABLES)
def test_pokerkit(benchmark, table: str, players: int) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("pokerkit")
    benchmark.group = f"no-limit hold'em {table}, {HANDS} random hands"
    assert benchmark(pokerkit_hands, players) > 0


def _rate(f: Callable[[int, int, int], int], players: int, hands: int, seed: int) -> float:
    """Hands per second of CPU time (this process's own: on a loaded machine the waiting
    for a core is not counted)."""
    t = time.process_time()
    f(players, hands, seed)
    return hands / (time.process_time() - t)


def ratios(hands: int, rounds: int = 3) -> list[tuple[str, float, float]]:
    """``(table, hoyle hands/s, pokerkit hands/s)``, each the best of ``rounds``
    measurements taken alternately (hoyle ``hands``, PokerKit a quarter as many)."""
    out = []
    for table, players in TABLES:
        hoyle_hands(players, 20, 99)  # warm up
        pokerkit_hands(players, 5, 99)
        ours = theirs = 0.0
        for r in range(rounds):
            ours = max(ours, _rate(hoyle_hands, players, hands, r + 1))
            theirs = max(theirs, _rate(pokerkit_hands, players, max(hands // 4, 1), r + 1))
        out.append((table, ours, theirs))
    return out


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for table, ours, theirs in ratios(n):
        print(f"{table:9} hoyle {ours:8.0f} hands/s   pokerkit {theirs:6.0f} hands/s   ratio {ours / theirs:5.1f}x")
