"""PettingZoo AEC environments for every variant, in the classic environments' style.

    >>> import hoyle.rl
    >>> env = hoyle.rl.aec_env("gin-rummy", options={"deals": 1})
    >>> env.reset(seed=7)
    >>> obs, reward, terminated, truncated, info = env.last()
    >>> obs["action_mask"].dtype.name, bool(env.action_space(env.agent_selection).n == len(obs["action_mask"]))
    ('int8', True)

Conventions (PettingZoo's classic games): agents ``player_0``...; observations are dicts
``{"observation": float32 vector, "action_mask": int8 vector}`` (docs/rl.md lists every
field), new arrays on every call (an observation kept is never changed by later steps);
rewards come at the end of the match - the variant's settlement (chips or
points), or +1/-1 with ``reward="win-loss"``; an illegal action ends the game with
``illegal_reward`` (default -1) for the offender and 0 for the others, as the classic
environments do. The exact action taken and a bet's amount are in ``infos[agent]``.
A game in which nobody has a legal action (a rules bug) is truncated, and so is one
still going after ``max_steps`` decisions (every seat's, reactions included; default per
variant family, :mod:`hoyle.rl.limits`): every agent's truncation flag is set, with
reward 0 and ``infos[agent]["truncated"] = "max_steps"``.

The checks of the classic wrappers (PettingZoo's ``OrderEnforcingWrapper`` and
``AssertOutOfBoundsWrapper``: nothing before ``reset``, ``step`` or ``reset`` between
two ``agent_iter`` turns, an action outside the space an ``AssertionError``) are built
into the environment, with the wrappers' errors: wrapper objects forward every attribute
read, which cost more than hoyle's whole step (``benches/test_bench_rl.py``).
``wrap=True`` gives PettingZoo's own wrappers instead, ``checks=False`` neither.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Unpack

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from hoyle.rl.kernel import AnyTable, new_table
from hoyle.rl.observation import BOUND
from hoyle.rl.settings import EnvSettings, env_setup


class HoyleAECEnv(AECEnv):
    """One hoyle match as a PettingZoo AEC environment (see the module docs).

    :param checks: enforce the classic wrappers' call order and action bounds (True).
    """

    metadata = {"render_modes": ["ansi"], "name": "hoyle_v0", "is_parallelizable": False}  # noqa: RUF012 - the libraries' own attribute

    def __init__(self, variant: str, checks: bool = True, **settings: Unpack[EnvSettings]) -> None:
        super().__init__()
        setup = env_setup(variant, settings)
        self.enc = setup.enc
        self.reward_mode, self.illegal_reward, self.render_mode = setup.reward, setup.illegal_reward, setup.render_mode
        self.checks = checks
        self.compiled = setup.compiled
        self.max_steps = setup.max_steps
        self.steps = 0
        self.metadata = {**self.metadata, "name": f"hoyle_{variant.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(self.enc.players)]
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
        # Unseeded resets draw their seeds from a generator seeded by the last seed given,
        # made when first needed (making one costs more than a hold'em hand).
        self._seed_source: int | None = None
        self._seed_rng: np.random.Generator | None = None
        self._has_reset = self._has_updated = self._over_at_deal = False
        self.table: AnyTable | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a match; ``seed`` fixes the deal (and seeds the seeds of later resets)."""
        if seed is not None:
            self._seed_source, self._seed_rng = int(seed), None
            game_seed = int(seed) % 2**64
        else:
            if self._seed_rng is None:
                self._seed_rng = np.random.default_rng(self._seed_source)
            game_seed = int(self._seed_rng.integers(0, 2**63))
        self._has_reset = self._has_updated = True
        self.table = new_table(self.enc, game_seed, self.compiled)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self.agent_selection = self.possible_agents[0]
        # A game over at the deal (hold'em stacks smaller than the blinds): PettingZoo's
        # API has every agent live after a reset, so player_0 is asked once with an
        # all-zero mask, and its step (any action, None included) ends the episode.
        self._over_at_deal = self.table.over and not self.table.stuck
        if self._over_at_deal:
            self.infos = {a: {"over_at_deal": True} for a in self.agents}
        else:
            self._after_step()

    def _after_step(self) -> None:
        """Point at the next agent, or hand out the rewards once the match is over."""
        table = self.table
        assert table is not None
        if table.over:
            done = self.truncations if table.stuck else self.terminations
            for a, r in zip(self.possible_agents, table.rewards(self.reward_mode)):
                self.rewards[a] = r
                done[a] = True
            self._accumulate_rewards()
        elif self.steps >= self.max_steps:
            for a in self.possible_agents:
                self.truncations[a] = True
                self.infos[a] = {**self.infos[a], "truncated": "max_steps"}
        else:
            seat = table.seat
            assert seat is not None
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        table = self.table
        if table is None:
            EnvLogger.error_observe_before_reset()
        assert table is not None
        return table.observation(self._seat[agent])

    def step(self, action: Any) -> None:
        if self.checks:
            if not self._has_reset:
                EnvLogger.error_step_before_reset()
            self._has_updated = True
            if not self.agents:
                EnvLogger.warn_step_after_terminated_truncated()
                return
        agent = self.agent_selection
        if self._over_at_deal:
            if self.checks and action is not None:
                assert self.action_spaces[agent].contains(action), "action is not in action space"
            self._over_at_deal = False
            self._after_step()
            return
        if self.terminations[agent] or self.truncations[agent]:
            if self.checks and action is not None:
                assert self.action_spaces[agent].contains(action), "action is not in action space"
            self._was_dead_step(action)
            return
        table = self.table
        assert table is not None
        if action.__class__ is not int and self.checks:
            assert self.action_spaces[agent].contains(action), "action is not in action space"
        try:
            chosen = table.action_at(action if action.__class__ is int else int(action))
        except (KeyError, TypeError, ValueError, OverflowError):
            if self.checks and not 0 <= action < self.enc.action_size:
                raise AssertionError("action is not in action space") from None
            self._illegal(agent, action)
        else:
            # Rewards are zero while the match goes on (they come at its end), so the
            # step needs no clearing or summing of them until then.
            table.take(chosen)
            self.steps += 1
            self.infos[agent] = table.info(chosen)
            self._after_step()
        if self.render_mode == "ansi":
            print(self.render())

    def _illegal(self, agent: str, action: Any) -> None:
        """An illegal slot ends the game: the offender gets ``illegal_reward``."""
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        for a in self.agents:
            self.terminations[a] = True
        self.rewards[agent] = self.illegal_reward
        self.infos[agent] = {"illegal_action": action}
        self._accumulate_rewards()

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """The agent to act, until the match is over (with ``checks``: ``step`` must
        be called between two turns, as PettingZoo's order-enforcing wrapper asks)."""
        if not self.checks:
            return iter(super().agent_iter(max_iter))
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _CheckedTurns(self, max_iter)

    def render(self) -> str | None:
        """The table as text (render_mode ``"ansi"``): the phase, the seat to act, each
        zone's cards as a spectator sees them, chips and scores."""
        if self.checks and not self._has_reset:
            EnvLogger.error_render_before_reset()
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


class _CheckedTurns(Iterator[str]):
    """``agent_iter`` with the order-enforcing wrapper's check: a turn must be stepped."""

    def __init__(self, env: HoyleAECEnv, max_iter: int) -> None:
        self.env, self.left = env, max_iter

    def __next__(self) -> str:
        env = self.env
        if not env.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        return str(env.agent_selection)


def aec_env(variant: str, wrap: bool = False, checks: bool = True, **settings: Unpack[EnvSettings]) -> Any:
    """A PettingZoo AEC environment of ``variant``, with the classic wrappers' checks
    built in (see the module docs); ``wrap=True`` wraps it in PettingZoo's own
    ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper`` instead (the same checks,
    about half the speed), ``checks=False`` gives the bare environment.

    :param players: seats (the agents ``player_0``...). :param options: the variant's
        options (e.g. ``{"deals": 1}`` for one gin hand). :param house_rules: names.
    :param render_mode: None or ``"ansi"``. :param reward: ``"settlement"`` or ``"win-loss"``.
    :param illegal_reward: the offender's reward for an illegal action (the game ends).
    :param bets: the bet abstraction (docs/rl.md). :param max_choices: slots per choice template.
    :param compiled: False forces the Python table where a compiled one would play
        (:mod:`hoyle.rl.kernel`; the same episodes either way).
    :param max_steps: decisions before the episode is truncated (None: the family's
        default, :func:`hoyle.rl.limits.default_max_steps`).
    """
    if not wrap:
        return HoyleAECEnv(variant, checks=checks, **settings)
    env: Any = HoyleAECEnv(variant, checks=False, **settings)
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
