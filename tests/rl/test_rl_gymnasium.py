"""The Gymnasium environment and the batched vector environment."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
import hoyle.rl  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from hoyle.errors import InvalidArgumentError  # noqa: E402


@pytest.mark.parametrize(
    ("variant", "options", "opponents"),
    [
        ("gin-rummy", {"deals": 1}, ["gin"]),
        ("texas-holdem", {}, ["poker"]),
        ("egyptian-ratscrew", {"max_turns": 300}, ["random"]),
        ("500-rum", {}, ["random"]),
    ],
)
def test_check_env_passes(variant: str, options: dict[str, object], opponents: list[str]) -> None:
    env = hoyle.rl.gym_env(variant, options=options, opponents=opponents)
    check_env(env, skip_render_check=True)


def test_masked_episode_rewards_the_learners_settlement() -> None:
    env = hoyle.rl.gym_env("texas-holdem", seat=1, opponents=["random"])
    rng = np.random.default_rng(0)
    for episode in range(20):
        _, info = env.reset(seed=episode)
        total, done = 0.0, False
        while not done:
            mask = env.action_masks()
            assert mask.any() and np.array_equal(mask, info["action_mask"].astype(bool))
            assert env.table.seat == 1
            _, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            total += reward
            done = terminated or truncated
        assert total == env.table.game.result["settlement"][1]


def test_illegal_slot_ends_the_episode() -> None:
    env = hoyle.rl.gym_env("gin-rummy", options={"deals": 1}, illegal_reward=-3)
    env.reset(seed=2)
    bad = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, _, info = env.step(bad)
    assert terminated and reward == -3 and info["illegal_action"] == bad


def test_bad_arguments() -> None:
    with pytest.raises(InvalidArgumentError, match="seat 2"):
        hoyle.rl.gym_env("war", seat=2)
    with pytest.raises(InvalidArgumentError, match="opponents"):
        hoyle.rl.gym_env("texas-holdem", players=3, opponents=["random", "random", "random"])
    with pytest.raises(InvalidArgumentError, match="unknown bot 'nobody'"):
        hoyle.rl.gym_env("war", opponents=["nobody"]).reset(seed=1)


def test_registered_with_gymnasium() -> None:
    env = gymnasium.make("hoyle/gin-rummy-v0", options={"deals": 1}, opponents=["gin"])
    obs, _ = env.reset(seed=1)
    assert obs.shape == env.observation_space.shape


def test_vector_env_matches_single_envs_and_autoresets_next_step() -> None:
    kwargs = {"options": {"deals": 1}, "opponents": ["random"]}
    envs = hoyle.rl.vector_env("gin-rummy", 3, **kwargs)
    assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP
    singles = [hoyle.rl.gym_env("gin-rummy", **kwargs) for _ in range(3)]
    obs, info = envs.reset(seed=10)
    ones = [e.reset(seed=10 + i) for i, e in enumerate(singles)]
    assert np.array_equal(obs, np.stack([o for o, _ in ones]))
    done = [False] * 3
    ended = 0
    for _ in range(400):
        actions = [int(np.flatnonzero(m)[0]) if m.any() else 0 for m in info["action_mask"]]
        obs, rewards, terminated, truncated, info = envs.step(actions)
        for i, env in enumerate(singles):
            if done[i]:  # NEXT_STEP: this step reset game i
                o, _ = env.reset()
                r, te, tr = 0.0, False, False
            else:
                o, r, te, tr, _ = env.step(actions[i])
            done[i] = te or tr
            ended += done[i]
            assert np.array_equal(obs[i], o) and rewards[i] == r and terminated[i] == te and truncated[i] == tr
    assert ended >= 3
    assert envs.action_masks().shape == (3, envs.single_action_space.n)
