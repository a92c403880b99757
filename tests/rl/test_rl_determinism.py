"""The same seed gives the same episode, in each adapter and across the three."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import hoyle.rl
import numpy as np
import pytest
from hoyle import Action
from hoyle.rl.encoding import PASS_REACTION

pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

CASES = [("gin-rummy", {"deals": 1}), ("texas-holdem", {}), ("egyptian-ratscrew", {"max_turns": 200})]


def pick(slots: Sequence[int], events: int) -> int:
    """A deterministic policy that varies with the state and ends games: the largest
    legal slot (gin: draw from the stock, knock when it can; poker: all in) except
    every third event count, the one at the event count modulo their number."""
    ordered = sorted(slots)
    return ordered[events % len(ordered)] if events % 3 == 0 else ordered[-1]


class EventCountBot:
    """:func:`pick` as a bot (its view's event log is the game's, redacted)."""

    def __init__(self, enc: hoyle.rl.Encoding) -> None:
        self.enc = enc

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        slots = self.enc.catalogue.slots(legal, view["public"], view["pot"], view["seat"])
        return slots[pick(list(slots), len(view["events"]))]

    def react(self, view: Mapping[str, Any], legal: Sequence[Action]) -> tuple[Action, float] | None:
        slots = dict(self.enc.catalogue.slots(legal, view["public"], view["pot"], view["seat"]))
        slots[self.enc.catalogue.base[PASS_REACTION]] = None  # type: ignore[assignment]
        chosen = slots[pick(list(slots), len(view["events"]))]
        return None if chosen is None else (chosen, 0.0)


def aec_record(variant: str, options: dict[str, Any], seed: int) -> str:
    env = hoyle.rl.aec_env(variant, options=options)
    env.reset(seed=seed)
    for _ in env.agent_iter(20_000):
        obs, _, term, trunc, _ = env.last()
        events = len(env.unwrapped.table.game.events)
        env.step(None if term or trunc else pick(list(np.flatnonzero(obs["action_mask"])), events))
    assert env.unwrapped.table.over
    return str(env.unwrapped.table.game.to_json())


def gym_record(variant: str, options: dict[str, Any], seed: int) -> str:
    enc = hoyle.rl.encoding(variant, 2, options)
    env = hoyle.rl.gym_env(variant, options=options, opponents=[EventCountBot(enc)])
    env.reset(seed=seed)
    done = env.table.over
    while not done:
        _, _, te, tr, _ = env.step(pick(list(np.flatnonzero(env.action_masks())), len(env.table.game.events)))
        done = te or tr
    return str(env.table.game.to_json())


def spiel_record(variant: str, options: dict[str, Any], seed: int) -> str:
    game = hoyle.rl.openspiel_game(variant, options=options, seeds=seed + 1)
    state = game.new_initial_state()
    state.apply_action(seed)
    while not state.is_terminal():
        state.apply_action(pick(state.legal_actions(), len(state.table.game.events)))
    return str(state.table.game.to_json())


@pytest.mark.parametrize(("variant", "options"), CASES)
def test_same_seed_same_episode_in_all_three_adapters(variant: str, options: dict[str, Any]) -> None:
    for seed in (0, 5):
        a = aec_record(variant, options, seed)
        assert json.loads(a)["actions"]  # a whole game was played
        assert a == gym_record(variant, options, seed) == spiel_record(variant, options, seed)
        assert a == aec_record(variant, options, seed)
    assert aec_record(variant, options, 0) != aec_record(variant, options, 5)


@pytest.mark.parametrize(("variant", "options"), CASES)
def test_same_seed_same_random_episode_with_bots(variant: str, options: dict[str, Any]) -> None:
    def run(seed: int) -> tuple[str, list[int]]:
        env = hoyle.rl.gym_env(variant, options=options, opponents=["random"])
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        slots, done = [], env.table.over
        while not done:
            slot = int(rng.choice(np.flatnonzero(env.action_masks())))
            slots.append(slot)
            _, _, te, tr, _ = env.step(slot)
            done = te or tr
        return str(env.table.game.to_json()), slots

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_unseeded_resets_follow_the_first_seed() -> None:
    def episodes() -> list[str]:
        env = hoyle.rl.aec_env("war", options={"max_battles": 5})
        env.reset(seed=9)
        out = []
        for _ in range(3):
            env.reset()
            out.append(str(env.unwrapped.table.game.record["seed"]))
        return out

    assert episodes() == episodes()
