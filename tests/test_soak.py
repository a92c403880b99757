"""The soak: ``hoyle.testing.check_variant`` over a thousand games and more of every
shipped variant and its main option sets, in CI.

The plugins' own tests run ``check_variant`` over a handful of games next to their
scripted deals; this file plays many more, with bots that reach every phase (random
players mixed with the plugins' bots, so that deals end by knocks, melds and showdowns as
well as by folds and voids). A longer run found a stalled Egyptian Ratscrew game that ten
games never reached.

Every test is marked ``soak``; ``pytest -m "not soak"`` skips them for a quick run.
``HOYLE_SOAK_SCALE`` (default 1.0) multiplies the number of games, e.g. ``10`` for a
night's run. The seeds differ from the plugins' tests so that new games are played.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
from hoyle import Bot, RandomBot
from hoyle.testing import check_variant

pytestmark = pytest.mark.soak

SCALE = float(os.environ.get("HOYLE_SOAK_SCALE", "1"))
SEED = 2026


def mixed(factory: Callable[..., Bot]) -> Callable[..., Bot]:
    """A bot factory that seats ``factory``'s bot or a random player by the seed, so a
    table mixes both."""

    def make(seed: int) -> Bot:
        return factory(seed=seed) if seed % 3 else RandomBot(seed=seed)

    return make


def _gin_bot(seed: int) -> Bot:
    from hoyle_rummy.bots import GinBot

    return GinBot(seed=seed)


def _rummy_bot(seed: int) -> Bot:
    from hoyle_rummy.bots import RummyBot

    return RummyBot(seed=seed)


def _contract_bot(seed: int) -> Bot:
    from hoyle_rummy.bots import ContractBot

    return ContractBot(seed=seed)


def _slap_bot(seed: int) -> Bot:
    from hoyle_parlor.ratscrew import SlapBot

    return SlapBot(seed=seed, mistakes=0.05)


def _poker_bot(seed: int) -> Bot:
    from hoyle_poker.bots import PokerBot

    return PokerBot(seed=seed, trials=4, samples=4)


# (variant, players, options, games, bot factory or None for random play)
CASES: list[tuple[str, int, dict[str, Any], int, Callable[..., Bot] | None]] = [
    ("war", 2, {"max_battles": 40}, 300, None),
    ("texas-holdem", 2, {}, 1500, None),
    ("texas-holdem", 6, {}, 600, None),
    ("texas-holdem", 6, {"structure": "fixed-limit", "ante": 1, "straddle": 4, "short_all_in": "half-bet"}, 300, None),
    ("texas-holdem", 4, {"structure": "pot-limit", "hands": 4}, 200, mixed(_poker_bot)),
    ("texas-holdem", 4, {"procedure": "cardroom", "hands": 3}, 200, None),
    ("omaha", 4, {}, 500, None),
    ("omaha", 6, {"hole_cards": 5, "hi_lo": True}, 300, None),
    ("short-deck-holdem", 4, {}, 500, None),
    ("five-card-draw", 4, {}, 500, None),
    ("deuce-to-seven-triple-draw", 4, {}, 300, None),
    ("deuce-to-seven-single-draw", 3, {}, 300, None),
    ("badugi", 4, {}, 400, None),
    ("seven-card-stud", 5, {}, 400, None),
    ("seven-card-stud-hi-lo", 4, {"odd_chip": "high-card"}, 300, None),
    ("razz", 4, {}, 300, None),
    ("table-hand", 4, {"hands": 2}, 200, None),
    ("pai-gow", 4, {"hands": 2}, 200, None),
    ("in-between", 4, {"rounds": 2}, 500, None),
    ("egyptian-ratscrew", 2, {"max_turns": 300}, 300, mixed(_slap_bot)),
    ("egyptian-ratscrew", 4, {"max_turns": 300, "jokers": 2, "penalty": 2}, 150, mixed(_slap_bot)),
    ("gin-rummy", 2, {"target": 1}, 500, mixed(_gin_bot)),
    ("gin-rummy", 2, {"target": 1, "late_pickup": True, "eleven_card_start": True}, 200, mixed(_gin_bot)),
    ("gin-rummy", 3, {"deals": 3}, 150, mixed(_gin_bot)),
    ("gin-rummy", 4, {"deals": 2}, 100, mixed(_gin_bot)),
    ("oklahoma-gin", 2, {"target": 1}, 300, mixed(_gin_bot)),
    ("rummy", 4, {"deals": 1}, 150, mixed(_rummy_bot)),
    ("rummy", 2, {"deals": 1, "stock_end": "block", "ace": "round-the-corner"}, 150, mixed(_rummy_bot)),
    ("seven-card-rummy", 3, {"deals": 1}, 150, mixed(_rummy_bot)),
    ("500-rum", 3, {"target": 100}, 40, _rummy_bot),
    ("wrotham-rummy", 3, {}, 10, _rummy_bot),
    ("dime-rummy", 3, {"ante": 1}, 60, _rummy_bot),
    ("contract-rummy", 4, {"reshuffles": 1}, 20, _contract_bot),
    # The rummy catalogue (docs/rules/rummy.md#c7).
    ("round-the-corner-rummy", 3, {"deals": 1}, 60, mixed(_rummy_bot)),
    ("high-low-rummy", 2, {"deals": 1}, 60, mixed(_rummy_bot)),
    ("one-meld-rummy", 4, {"deals": 1}, 40, mixed(_rummy_bot)),
    (
        "wild-card-rummy",
        3,
        {"deals": 1, "deuces_wild": True},
        40,
        mixed(_rummy_bot),
    ),
    (
        "pinochle-rummy",
        3,
        {"target": 100, "jokers": 2, "min_run": 4, "face_down": True},
        20,
        mixed(_rummy_bot),
    ),
    ("michigan-rummy", 4, {"deals": 1}, 40, mixed(_rummy_bot)),
    ("boat-house-rummy", 3, {"deals": 1}, 40, mixed(_rummy_bot)),
    ("kaluki", 3, {"target": 60}, 20, mixed(_rummy_bot)),
    ("romme", 4, {"deals": 2}, 20, mixed(_rummy_bot)),
    ("scala-40", 3, {}, 4, mixed(_rummy_bot)),
    ("scala-40", 4, {"classico": True}, 4, mixed(_rummy_bot)),
    ("indian-rummy", 4, {"mode": "pool"}, 40, mixed(_rummy_bot)),
    (
        "indian-rummy",
        3,
        {"mode": "deals", "deals": 3, "one_joker": True, "no_wild_pickup": True},
        40,
        mixed(_rummy_bot),
    ),
    # The catalogue's further options (rummy-options).
    ("michigan-rummy", 3, {"deals": 1, "stop": True}, 20, mixed(_rummy_bot)),
    ("kaluki", 2, {"british": True}, 4, mixed(_rummy_bot)),
    ("romme", 3, {"deals": 2, "winner_credit": True}, 10, mixed(_rummy_bot)),
    ("scala-40", 4, {"pairs": True}, 4, mixed(_rummy_bot)),
    ("indian-rummy", 3, {"long_life": True}, 20, None),
]


@pytest.mark.parametrize(
    ("variant", "players", "options", "games", "bot"),
    CASES,
    ids=[f"{v}-{p}p-{'-'.join(f'{k}={o[k]}' for k in o) or 'default'}" for v, p, o, _, _ in CASES],
)
def test_check_variant_soak(
    variant: str, players: int, options: dict[str, Any], games: int, bot: Callable[..., Bot] | None
) -> None:
    played = check_variant(
        variant,
        games=max(1, round(games * SCALE)),
        seed=SEED,
        players=players,
        options=options,
        bot=bot or RandomBot,
        max_actions=50_000,
    )
    assert all(g.is_over for g in played)
