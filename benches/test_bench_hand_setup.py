"""What a new hand of heads-up no-limit hold'em costs before anyone acts (the deck,
the options checked, the state, the blinds posted and the hole cards dealt), against a
whole random hand (``benches/test_bench_poker_games.py``'s), and a session's hands
(``hands=N``: the button moves, stacks carry over) against fresh games.

Run (after ``pip install ".[bench]"``)::

    pytest benches/test_bench_hand_setup.py --benchmark-enable --benchmark-columns=mean,ops
    python benches/test_bench_hand_setup.py 5000   # the setup's share of a hand, CPU time

The engine's setup fast paths this measures: ``hoyle.engine.game._SEATINGS`` (a new
game's ruleset, names, checked default options and unshuffled deck remembered per
registry, variant and number of players), ``hoyle.engine.game._default_registry``
(``hoyle.plugins`` imported once), ``State(deck=None)`` built by position, the deal's
``_DEAL_STARTS`` event, ``State.add_zones`` with the flop games' ``_TABLE_ZONES`` (the
extra runs' boards in the same template), the betting core's one store per public fact,
and its seat order and first turn read from a seat ring made once per table size
(``hoyle_poker.betting._RINGS``); a state's seats one shared ``range`` per table size
(``hoyle.engine.state._SEATS``), its deal's generator made only when drawn from (``State.rng``), and
the first deck shuffled straight from the seating's deck.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import hoyle

sys.path.insert(0, str(Path(__file__).parent))
from test_bench_poker_games import STACK, hoyle_hands

HANDS = 200


def new_hands(hands: int = HANDS, seed: int = 0) -> int:
    """Start ``hands`` heads-up hands (fresh games), nobody acting."""
    for i in range(hands):
        hoyle.new_game("texas-holdem", players=2, seed=seed * 1_000_003 + i, stacks=[STACK, STACK])
    return hands


def session_hands(hands: int = HANDS, seed: int = 0) -> int:
    """Play one heads-up session of ``hands`` hands (deep stacks), each player folding,
    checking or calling at random; returns the hands played."""
    rng = random.Random(seed)
    g = hoyle.new_game("texas-holdem", players=2, seed=seed, options={"hands": hands, "stack": 1000 * STACK})
    state = g.state
    while state.to_act is not None:
        legal = g.legal_actions()
        g.act(legal[rng.randrange(min(2, len(legal)))])  # fold or check or call: mostly setup
    return len(state.score_sheet)


def test_new_hand(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = f"heads-up hold'em, {HANDS} hands"
    assert benchmark(new_hands) == HANDS


def test_random_hands(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = f"heads-up hold'em, {HANDS} hands"
    assert benchmark(hoyle_hands, 2) > 0


def test_session_hands(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = f"heads-up hold'em, {HANDS} hands"
    assert benchmark(session_hands) > 0


def _cpu(f: object, *args: int) -> float:
    t = time.process_time()
    f(*args)  # type: ignore[operator]
    return time.process_time() - t


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    new_hands(100, 99)
    hoyle_hands(2, 100, 99)
    setup = min(_cpu(new_hands, n, r) for r in range(3)) / n
    hand = min(_cpu(hoyle_hands, 2, n, r) for r in range(3)) / n
    played = session_hands(n, 7)
    session = min(_cpu(session_hands, n, r) for r in range(3)) / played
    print(f"new hand {setup * 1e6:6.1f} us   random hand {hand * 1e6:6.1f} us   setup share {setup / hand:4.0%}")
    print(f"session hand {session * 1e6:6.1f} us (fold or check or call at random, {played} hands a session)")
