"""Heads-up no-limit hold'em between random bots played whole in native code: hoyle's
compiled hand (``hoyle._core.simulate_flop_random``, the betting machine of
``rust/betting/``) side by side with rs_poker's arena (crates.io ``rs_poker`` 4.1, its
``RandomAgent``s as its own ``benches/arena.rs`` runs them), built here from its crate.

Run::

    python benches/test_bench_native_holdem.py 500000     # hands per second and the ratio
    pytest benches/test_bench_native_holdem.py --benchmark-enable

The peer is ``benches/peers/rs_poker_arena`` (a small program of ours over the crate),
built with ``cargo build --release``; rs_poker's arena needs a nightly feature
(``assert_matches``), enabled on the stable toolchain by ``RUSTC_BOOTSTRAP=1`` for this
build only. The script measures CPU time (the peer's through ``RUSAGE_CHILDREN``), one
core each, alternating the two three times and keeping each one's best. The hands are
alike, not equal: blinds 1/2, stacks 200, a new hand each time; hoyle's random bot
chooses uniformly among its listed actions (fold, check or call, the least raise, pot
fractions, all-in), rs_poker's folds 15 % and calls 50 % of the time and otherwise
raises a random amount; both deal, bet, show down and push the pots.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from hoyle._core import simulate_flop_random

PEER = Path(__file__).parent / "peers" / "rs_poker_arena"
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", PEER / "target"))


def build_peer() -> Path | None:
    """Build the rs_poker arena program; None when there is no cargo."""
    if shutil.which("cargo") is None:
        return None
    env = {**os.environ, "RUSTC_BOOTSTRAP": "1", "CARGO_TARGET_DIR": str(TARGET)}
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=PEER, env=env, check=True)
    return TARGET / "release" / "rs_poker_arena_bench"


def hoyle_rate(hands: int) -> float:
    """Hands per CPU second of the compiled hand, one thread."""
    start = time.process_time()
    _, actions = simulate_flop_random([200, 200], 1, 0, hands, threads=1)
    assert len(actions) == hands
    return hands / (time.process_time() - start)


def peer_rate(program: Path, hands: int) -> float:
    """Hands per CPU second of rs_poker's arena (the child's user and system time)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([str(program), str(hands), "2"], check=True, capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert int(out.split()[0]) == hands
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return hands / cpu


def test_bench_compiled_heads_up(benchmark: Any) -> None:
    benchmark(simulate_flop_random, [200, 200], 1, 0, 10_000, threads=1)


def main(hands: int) -> None:
    program = build_peer()
    best_hoyle = best_peer = 0.0
    for _ in range(3):
        best_hoyle = max(best_hoyle, hoyle_rate(hands))
        if program is not None:
            best_peer = max(best_peer, peer_rate(program, hands))
    print(f"hoyle compiled hand: {best_hoyle:12,.0f} hands/s (one core, CPU time)")
    if program is None:
        print("rs_poker arena: not built (no cargo)")
        return
    print(f"rs_poker arena:      {best_peer:12,.0f} hands/s (one core, CPU time)")
    print(f"hoyle / rs_poker:    {best_hoyle / best_peer:12.2f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200_000)
