"""PettingZoo AEC environments for every variant, in the classic environments' style.

    >>> import hoyle.rl
    >>> env = hoyle.rl.aec_env("gin-rummy", options={"deals": 1})
    >>> env.reset(seed=7)
    >>> obs, reward, terminated, truncated, info = env.last()
    >>> obs["action_mask"].dtype.name, bool(env.action_space(env.agent_selection).n == len(obs["action_mask"]))
    ('int8', True)

Conventions (PettingZoo's classic games): agents ``player_0``...; observations are dicts
``{"observation": float32 vector, "action_mask": int8 vector}`` (docs/rl.md lists every
field); rewards come at the end of the match - the variant's settlement (chips or
points), or +1/-1 with ``reward="win-loss"``; an illegal action ends the game with
``illegal_reward`` (default -1) for the offender and 0 for the others, as the classic
environments do. The exact action taken and a bet's amount are in ``infos[agent]``.
A game in which nobody has a legal action (a rules bug) is truncated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from hoyle.rl.encoding import Encoding, encoding
from hoyle.rl.observation import BOUND
from hoyle.rl.table import Table, check_reward


class HoyleAECEnv(AECEnv):  # type: ignore[misc]
    """One hoyle match as a PettingZoo AEC environment (see the module docs)."""

    metadata = {"render_modes": ["ansi"], "name": "hoyle_v0", "is_parallelizable": False}  # noqa: RUF012 - the libraries' own attribute

    def __init__(
        self,
        variant: str,
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        house_rules: Sequence[str] = (),
        render_mode: str | None = None,
        reward: str = "settlement",
        illegal_reward: float = -1.0,
        bets: Sequence[str | float] | None = None,
        max_choices: int = 128,
    ) -> None:
        super().__init__()
        self.enc: Encoding = encoding(variant, players, options, house_rules, bets, max_choices)
        self.reward_mode = check_reward(reward, render_mode)
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"hoyle_{variant.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        n, size = self.enc.action_size, self.enc.observation_size
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-BOUND, BOUND, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._seed_rng = np.random.default_rng()
        self.table: Table | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a match; ``seed`` fixes the deal (and seeds the seeds of later resets)."""
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
            game_seed = int(seed) % 2**64
        else:
            game_seed = int(self._seed_rng.integers(0, 2**63))
        self.table = Table.new(self.enc, game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_step()

    def _after_step(self) -> None:
        table = self.table
        assert table is not None
        if table.over:
            done = self.truncations if table.stuck else self.terminations
            for a, r in zip(self.possible_agents, table.rewards(self.reward_mode)):
                self.rewards[a] = r
                done[a] = True
        else:
            seat = table.seat
            assert seat is not None
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        table = self.table
        assert table is not None
        seat = self._seat[agent]
        mask = table.mask() if seat == table.seat else np.zeros(self.enc.action_size, np.int8)
        return {"observation": table.observe(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        assert table is not None
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if action is None or not 0 <= int(action) < self.enc.action_size or int(action) not in table.slots():
            for a in self.agents:
                self.terminations[a] = True
            self.rewards[agent] = self.illegal_reward
            self.infos[agent] = {"illegal_action": action}
        else:
            taken = table.step(int(action))
            self.infos[agent] = table.info(taken)
            self._after_step()
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self) -> str | None:
        """The table as text (render_mode ``"ansi"``): the phase, the seat to act, each
        zone's cards as a spectator sees them, chips and scores."""
        if self.render_mode is None or self.table is None:
            return None
        view = self.table.game.view(None)
        lines = [f"{self.enc.variant} deal {view['deal']} phase {view['phase']} to act {view['to_act']}"]
        for name, z in view["zones"].items():
            cards = " ".join(z["cards"]) if z["cards"] is not None else f"[{z['count']} hidden]"
            lines.append(f"  {name:14} {cards}")
        lines.append(f"  stacks {view['stacks']} pot {view['pot']} scores {view['scores']}")
        return "\n".join(lines)

    def close(self) -> None:
        pass


def aec_env(variant: str, wrap: bool = True, **kwargs: Any) -> Any:
    """A PettingZoo AEC environment of ``variant`` with the classic wrappers (an
    out-of-bounds action is an error, order of calls checked); ``wrap=False`` gives the
    bare :class:`HoyleAECEnv` (PettingZoo's ``raw_env``), which steps about 1.6 times as
    fast (the wrappers forward every attribute; see benches/test_bench_rl.py).

    :param players: seats (the agents ``player_0``...). :param options: the variant's
        options (e.g. ``{"deals": 1}`` for one gin hand). :param house_rules: names.
    :param render_mode: None or ``"ansi"``. :param reward: ``"settlement"`` or ``"win-loss"``.
    :param illegal_reward: the offender's reward for an illegal action (the game ends).
    :param bets: the bet abstraction (docs/rl.md). :param max_choices: slots per choice template.
    """
    env: Any = HoyleAECEnv(variant, **kwargs)
    if not wrap:
        return env
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def register_aec_envs() -> list[str]:
    """Register ``hoyle/<variant>-v0`` with PettingZoo's environment registry (1.27+;
    ``pettingzoo.make("aec", "hoyle/gin-rummy-v0", options={"deals": 1})``) for every
    installed variant; returns the ids (none where PettingZoo has no registry)."""
    import pettingzoo

    import hoyle

    register = getattr(pettingzoo, "register", None)
    if register is None:
        return []
    ids = []
    for name in sorted(hoyle.variants()):
        env_id = f"hoyle/{name}-v0"
        if env_id not in pettingzoo.aec_registry:
            register("aec", env_id, entry_point="hoyle.rl.aec:aec_env", kwargs={"variant": name})
        ids.append(env_id)
    return ids


register_aec_envs()
