"""PettingZoo's own API and seed tests for every installed variant, and the AEC
conventions they do not check (illegal moves, rewards, render)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
with warnings.catch_warnings():  # pettingzoo.test imports a classic game the deprecated way
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

import hoyle.rl
from rl_cases import players_of, short_options

# PettingZoo warns that a dict observation is not a Box (its classic games do the same).
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def test_api_test_passes(variant: str) -> None:
    env = hoyle.rl.aec_env(variant, players=players_of(variant), options=short_options(variant))
    api_test(env, num_cycles=150)


def test_seed_test_passes(variant: str) -> None:
    seed_test(
        lambda: hoyle.rl.aec_env(variant, players=players_of(variant), options=short_options(variant)),
        num_cycles=100,
    )


def test_illegal_slot_ends_the_game_with_the_penalty() -> None:
    env = hoyle.rl.aec_env("gin-rummy", options={"deals": 1}, illegal_reward=-5)
    env.reset(seed=3)
    offender = env.agent_selection
    mask = env.observe(offender)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards[offender] == -5
    assert all(r == 0 for a, r in env.rewards.items() if a != offender)


def test_rewards_are_the_settlement_or_win_loss() -> None:
    for reward in ("settlement", "win-loss"):
        env = hoyle.rl.aec_env("texas-holdem", reward=reward)
        env.reset(seed=11)
        total = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, r, term, trunc, _ = env.last()
            total[agent] += r
            env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[-1]))
        result = env.unwrapped.table.game.result
        if reward == "settlement":
            assert [total[a] for a in env.possible_agents] == result["settlement"]
        else:
            assert [total[a] for a in env.possible_agents] == [
                1.0 if s in result["winners"] else -1.0 for s in range(2)
            ]


def test_spaces_are_the_same_objects_and_render_is_text() -> None:
    env = hoyle.rl.aec_env("war", render_mode="ansi")
    env.reset(seed=1)
    a = env.possible_agents[0]
    assert env.observation_space(a) is env.observation_space(a)
    assert env.action_space(a) is env.action_space(a)
    text = env.render()
    assert "war deal 0" in text and "pile:0" in text
    with pytest.raises(hoyle.errors.InvalidArgumentError, match="render_mode"):
        hoyle.rl.aec_env("war", render_mode="human")


def test_ids_are_in_pettingzoos_registry() -> None:
    import pettingzoo

    if not hasattr(pettingzoo, "make"):
        pytest.skip("this PettingZoo has no environment registry")
    env = pettingzoo.make("aec", "hoyle/gin-rummy-v0", options={"deals": 1})
    env.reset(seed=1)
    assert env.unwrapped.enc.variant == "gin-rummy"


def test_unwrapped_env_is_the_bare_env_and_passes_the_api_test() -> None:
    from hoyle.rl.aec import HoyleAECEnv

    env = hoyle.rl.aec_env("texas-holdem", wrap=False)
    assert type(env) is HoyleAECEnv
    api_test(env, num_cycles=100)


def test_a_game_where_nobody_can_act_is_truncated(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rules bug (the seat to act has no legal action, the game not over) truncates
    the episode instead of asking an agent with an all-zero mask."""
    env = hoyle.rl.aec_env("war", wrap=False)
    env.reset(seed=1)
    slot = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])
    monkeypatch.setattr(env.table.game, "legal_actions", lambda seat=None: [])
    env.step(slot)
    assert env.table.stuck and not env.table.game.is_over
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert all(r == 0 for r in env.rewards.values())


def test_kept_observations_never_change() -> None:
    """Every observation is a new array: one kept by the agent is not overwritten."""
    env = hoyle.rl.aec_env("gin-rummy", options={"deals": 1})
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    kept = []
    for _agent in env.agent_iter(300):  # a bounded loop: a random gin hand may be long
        obs, _, term, trunc, _ = env.last()
        kept.append((obs, {k: v.copy() for k, v in obs.items()}))
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert len(kept) > 20
    for obs, copy in kept:
        assert all(np.array_equal(obs[k], copy[k]) for k in copy)
    assert len({id(obs["observation"]) for obs, _ in kept}) == len(kept)


@pytest.mark.parametrize("wrap", [False, True])
def test_the_classic_wrappers_checks(wrap: bool) -> None:
    """The built-in checks raise what PettingZoo's wrappers raise (wrap=True)."""
    env = hoyle.rl.aec_env("war", wrap=wrap)
    with pytest.raises(AssertionError, match="reset\\(\\) needs to be called before step"):
        env.step(0)
    with pytest.raises(AssertionError, match="before observe"):
        env.observe("player_0")
    with pytest.raises(AssertionError, match="before agent_iter"):
        env.agent_iter()
    with pytest.raises(AttributeError):
        _ = env.rewards
    env.reset(seed=1)
    with pytest.raises(AssertionError, match="action is not in action space"):
        env.step(env.action_space(env.agent_selection).n)
    with pytest.raises(AssertionError, match="action is not in action space"):
        env.step(None)
    turns = iter(env.agent_iter())
    next(turns)
    with pytest.raises(AssertionError, match="need to call step"):
        next(turns)
    env.step(np.int64(0))  # a numpy integer is in the space
    assert next(turns) in env.possible_agents


def test_wrap_true_is_pettingzoos_wrappers_and_checks_false_is_bare() -> None:
    from hoyle.rl.aec import HoyleAECEnv
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    wrapped = hoyle.rl.aec_env("texas-holdem", wrap=True)
    assert isinstance(wrapped, OrderEnforcingWrapper) and type(wrapped.unwrapped) is HoyleAECEnv
    api_test(wrapped, num_cycles=60)
    bare = hoyle.rl.aec_env("texas-holdem", checks=False)
    bare.reset(seed=2)
    bare.step(None)  # no checks: None is an illegal move, which ends the game
    assert all(bare.terminations.values()) and bare.rewards[bare.agent_selection] == -1


def test_an_unknown_setting_is_an_error_naming_it() -> None:
    with pytest.raises(hoyle.errors.InvalidArgumentError, match="'reward_mode'"):
        hoyle.rl.aec_env("war", reward_mode="win-loss")
    with pytest.raises(hoyle.errors.InvalidArgumentError, match="'player'"):
        hoyle.rl.gym_env("war", player=3)
