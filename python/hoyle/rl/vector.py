"""Many games stepped at once: a Gymnasium ``VectorEnv`` of one learner against bots.

    >>> import hoyle.rl
    >>> envs = hoyle.rl.vector_env("gin-rummy", 4, options={"deals": 1}, opponents=["random"])
    >>> obs, info = envs.reset(seed=1)
    >>> obs.shape[0], info["action_mask"].shape[0]
    (4, 4)

It steps each game without observing it, then encodes every game's observation into
one batch array in a single call into the Rust core (``Layout.encode_batch``), with the
masks in another (no per-environment observation or info dict to stack, as
``gymnasium.vector.SyncVectorEnv`` does). It declares ``autoreset_mode = NEXT_STEP``:
the step after a game ends resets that game (its action is ignored, its reward 0).
Episode ``i`` of a ``reset(seed=s)`` uses seed ``s + i``. The arrays returned are new
each step.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from hoyle.errors import InvalidArgumentError
from hoyle.rl.gymnasium_env import HoyleGymEnv
from hoyle.rl.table import Table


class HoyleVectorEnv(VectorEnv):
    """``num_envs`` :class:`~hoyle.rl.gymnasium_env.HoyleGymEnv` games in one batch."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}  # noqa: RUF012 - the libraries' own attribute

    def __init__(self, variant: str, num_envs: int, **kwargs: Any) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise InvalidArgumentError(f"num_envs={num_envs!r}: must be a positive int")
        self.envs = [HoyleGymEnv(variant, **kwargs) for _ in range(num_envs)]
        first = self.envs[0]
        self.num_envs = num_envs
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(first.observation_space, num_envs)
        self.action_space = batch_space(first.action_space, num_envs)
        self._obs = np.zeros((num_envs, first.enc.observation_size), np.float32)
        self._masks = np.zeros((num_envs, first.enc.action_size), np.int8)
        self._done = np.zeros(num_envs, bool)
        self._layout = first.enc.layout
        self._seats = [env.seat for env in self.envs]

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        seeds = seed if isinstance(seed, list) else [None if seed is None else seed + i for i in range(self.num_envs)]
        for i, env in enumerate(self.envs):
            env._deal(seeds[i])
        self._done[:] = False
        return self._observe()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        rewards = np.zeros(self.num_envs, np.float64)
        terminated = np.zeros(self.num_envs, bool)
        truncated = np.zeros(self.num_envs, bool)
        done = self._done
        for i, env in enumerate(self.envs):
            if done[i]:
                env._deal(None)
                done[i] = False
            else:
                r, te, tr, _ = env._act(actions[i])
                rewards[i], terminated[i], truncated[i] = r, te, tr
                done[i] = te or tr
        obs, info = self._observe()
        return obs, rewards, terminated, truncated, info

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        """Every game's observation, encoded in one call, and its mask (new arrays)."""
        envs = self.envs
        tables = [e.table for e in envs]
        python_tables = [t for t in tables if isinstance(t, Table)]
        if len(python_tables) == len(tables):  # the Python tables: one batched call
            self._layout.encode_batch([t.game.state for t in python_tables], self._seats, self._obs)
        else:  # compiled tables write their own rows
            for i, t in enumerate(tables):
                assert t is not None
                t.observe_into(self._seats[i], self._obs[i])
        masks = self._masks
        for i, env in enumerate(envs):
            table = env.table
            assert table is not None
            masks[i] = table.mask_for(env.seat)
        return self._obs.copy(), {"action_mask": masks.copy()}

    def action_masks(self) -> np.ndarray:
        """The legal slots of every game, as booleans (``num_envs`` rows)."""
        return self._masks.astype(bool)
