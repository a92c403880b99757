"""Reading PokerStars hand histories into finished hands, hoyle side by side with
PokerKit's own PokerStars parser.

Run (after ``pip install ".[bench]"``)::

    pytest benches/test_bench_hand_histories.py --benchmark-enable --benchmark-group-by=group
    python benches/test_bench_hand_histories.py 20   # hands per second and the ratio

Both read the same text: the three no-limit hold'em hands of
``tests/handhistory/data/pokerstars_cash_holdem.txt`` that PokerKit 0.7 reads (sitting-out
player, side pots, a showdown with a muck, chat), repeated ``COPIES`` times, and play
each hand to its end: hoyle through ``pokerstars.parse`` (read, replay in the engine,
check the stacks against the text), PokerKit through ``HandHistory.from_pokerstars`` and
iterating each hand history to its last state. The script measures CPU time
(``time.process_time``), alternating the two three times and keeping each one's best.
"""

from __future__ import annotations

import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import pytest
from hoyle.handhistory import pokerstars

COPIES = 10
SAMPLE = Path(__file__).resolve().parents[1] / "tests" / "handhistory" / "data" / "pokerstars_cash_holdem.txt"


def sample(copies: int = COPIES) -> str:
    """The three no-limit hands, ``copies`` times (3 x copies hands)."""
    hands = [text for _, text in _hands(SAMPLE.read_text())][:3]
    return "\n\n\n".join(hands * copies)


def _hands(text: str) -> list[tuple[int, str]]:
    return [(start, "\n".join(lines)) for start, lines in pokerstars.split_hands(text)]


def hoyle_read(text: str) -> int:
    """Replay every hand of ``text`` in hoyle; the number of hands."""
    return len(pokerstars.parse(text))


def pokerkit_read(text: str) -> int:
    """The same with PokerKit's PokerStars parser."""
    from pokerkit import HandHistory

    count = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for hh in HandHistory.from_pokerstars(text):
            for _state in hh:
                pass
            count += 1
    return count


def test_hoyle(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = f"PokerStars text, {3 * COPIES} no-limit hold'em hands"
    assert benchmark(hoyle_read, sample()) == 3 * COPIES


def test_pokerkit(benchmark) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("pokerkit")
    benchmark.group = f"PokerStars text, {3 * COPIES} no-limit hold'em hands"
    assert benchmark(pokerkit_read, sample()) == 3 * COPIES


def _rate(f: Callable[[str], int], text: str) -> float:
    t = time.process_time()
    hands = f(text)
    return hands / (time.process_time() - t)


def ratio(copies: int, rounds: int = 3) -> tuple[float, float]:
    """``(hoyle hands/s, pokerkit hands/s)``, each the best of ``rounds`` taken alternately."""
    text = sample(copies)
    hoyle_read(sample(1))
    pokerkit_read(sample(1))
    ours = theirs = 0.0
    for _ in range(rounds):
        ours = max(ours, _rate(hoyle_read, text))
        theirs = max(theirs, _rate(pokerkit_read, text))
    return ours, theirs


if __name__ == "__main__":
    ours, theirs = ratio(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
    print(f"hoyle {ours:7.0f} hands/s   pokerkit {theirs:7.0f} hands/s   ratio {ours / theirs:5.1f}x")
