"""A game over at the deal (hold'em stacks of 1 chip cannot post the blinds): the
PettingZoo env passes PettingZoo's own checkers and hands out the result; the Gymnasium
env refuses to deal for ever; OpenSpiel's game ends at its deal."""

from __future__ import annotations

import warnings

import hoyle
import hoyle.rl
import pytest
from hoyle.errors import InvalidArgumentError

with warnings.catch_warnings():  # pettingzoo.test imports a classic game the deprecated way
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

# PettingZoo warns that a dict observation is not a Box (its classic games do the same).
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

OVER = {"stack": 1}


def test_the_rules_end_this_game_at_the_deal() -> None:
    assert hoyle.new_game("texas-holdem", seed=1, options=OVER).is_over


def test_over_at_the_deal_passes_pettingzoo_api_test() -> None:
    api_test(hoyle.rl.aec_env("texas-holdem", options=OVER), num_cycles=10)


def test_over_at_the_deal_passes_pettingzoo_seed_test() -> None:
    seed_test(lambda: hoyle.rl.aec_env("texas-holdem", options=OVER), num_cycles=10)


@pytest.mark.parametrize("first_action", [None, 0, 3])
def test_over_at_the_deal_through_agent_iter(first_action: int | None) -> None:
    """Every agent is live after reset (PettingZoo's API), player_0 has no legal slot,
    its one step - whatever the action - ends the episode: each agent then steps out
    with the game's settlement (the blinds went all-in and were shown down), nobody
    penalised."""
    settlement = hoyle.new_game("texas-holdem", seed=1, options=OVER).result["settlement"]
    env = hoyle.rl.aec_env("texas-holdem", options=OVER)
    env.reset(seed=1)
    assert not any(env.terminations.values()) and not any(env.truncations.values())
    seen = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        seen.append((agent, reward, terminated, truncated))
        if not seen[1:]:
            assert agent == "player_0" and not obs["action_mask"].any() and info == {"over_at_deal": True}
            env.step(first_action)
        else:
            env.step(None)
    assert seen[1:] == [("player_0", settlement[0], True, False), ("player_1", settlement[1], True, False)]
    assert settlement != [0, 0]  # the rewards are the game's, not a default
    assert not env.agents


def test_over_at_the_deal_refuses_an_action_outside_the_space() -> None:
    env = hoyle.rl.aec_env("texas-holdem", options=OVER)
    env.reset(seed=1)
    with pytest.raises(AssertionError, match="action space"):
        env.step(env.action_space("player_0").n)


def test_gym_reset_refuses_when_every_game_is_over_before_the_learner_acts() -> None:
    env = hoyle.rl.gym_env("texas-holdem", options=OVER)
    with pytest.raises(InvalidArgumentError, match=r"texas-holdem with options \{'stack': 1\}.*over"):
        env.reset(seed=1)


def test_openspiel_game_over_at_the_deal_is_terminal_after_its_chance_node() -> None:
    state = hoyle.rl.openspiel_game("texas-holdem", options=OVER, seeds=2, seed=1).new_initial_state()
    state.apply_action(0)
    settlement = hoyle.new_game("texas-holdem", seed=1, options=OVER).result["settlement"]
    assert state.is_terminal() and state.returns() == settlement
