"""Shared cases of the RL adapter tests: short games per variant, so that a full
PettingZoo API test of every installed variant stays quick."""

from __future__ import annotations

from typing import Any

import hoyle

#: Options that make a variant's match short (one deal, few rounds).
SHORT: dict[str, dict[str, Any]] = {
    "gin-rummy": {"deals": 1},
    "oklahoma-gin": {"deals": 1},
    "rummy": {"deals": 1},
    "seven-card-rummy": {"deals": 1},
    "egyptian-ratscrew": {"max_turns": 300},
    "war": {"max_battles": 100},
    "in-between": {"rounds": 1},
    "pai-gow": {"hands": 2},
}


def short_options(variant: str) -> dict[str, Any]:
    """The short-game options of ``variant`` that it declares (others are dropped)."""
    declared = {o.name for o in hoyle.variants()[variant].options}
    return {k: v for k, v in SHORT.get(variant, {}).items() if k in declared}


def players_of(variant: str) -> int:
    return max(2, hoyle.variants()[variant].players[0])


VARIANTS = sorted(hoyle.variants())
