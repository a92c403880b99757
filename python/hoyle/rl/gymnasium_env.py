"""A Gymnasium environment: one learner seat against hoyle bots.

    >>> import hoyle.rl
    >>> env = hoyle.rl.gym_env("texas-holdem", opponents=["random"])
    >>> obs, info = env.reset(seed=3)
    >>> bool((env.action_masks() == info["action_mask"].astype(bool)).all())
    True

``reset(seed=...)`` deals the game of that seed and plays the opponents up to the
learner's first decision (a game that ends before it - everyone else folds - is skipped:
the next seed drawn from a generator seeded with ``seed`` is dealt instead; when each of
``DEAL_TRIES`` games is, as with hold'em stacks smaller than the blinds, ``reset`` raises
``InvalidArgumentError``).
``step(a)`` plays the learner's slot, then every opponent (and every reaction) until the
learner must decide again or the match ends. The reward is the learner's settlement
(or +1/-1 with ``reward="win-loss"``) at the end, 0 before. ``action_masks()`` (the
MaskablePPO convention) and ``info["action_mask"]`` give the legal slots; ``info`` also
holds the learner's action text and exact ``amount``. An illegal slot ends the episode
with ``illegal_reward``. An episode still going after ``max_steps`` decisions (every
seat's, the opponents' and reactions included; :mod:`hoyle.rl.limits`) is truncated
(``truncated=True``, reward 0, ``info["truncated"] = "max_steps"``). The ids ``hoyle/<variant>-v0`` are registered with Gymnasium's
registry (``gymnasium.make("hoyle/gin-rummy-v0", opponents=["gin"])``) when this module
is imported.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Unpack

import gymnasium
import numpy as np
from gymnasium import spaces

from hoyle.engine.state import LazyView
from hoyle.errors import InvalidArgumentError
from hoyle.plugins import make_bot
from hoyle.rl.encoding import Encoding
from hoyle.rl.kernel import AnyTable, new_table
from hoyle.rl.observation import BOUND
from hoyle.rl.settings import EnvSettings, env_setup

#: How many games ``reset`` deals, at most, looking for one the learner gets to act in.
DEAL_TRIES = 100


class HoyleGymEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One learner against bots (see the module docs)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - the libraries' own attribute

    def __init__(
        self, variant: str, seat: int = 0, opponents: Sequence[Any] = ("random",), **settings: Unpack[EnvSettings]
    ) -> None:
        setup = env_setup(variant, settings)
        players = setup.enc.players
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise InvalidArgumentError(f"seat {seat!r} is not one of 0..{players - 1}")
        opponents = list(opponents)
        if len(opponents) == 1:
            opponents = opponents * (players - 1)
        if len(opponents) != players - 1:
            raise InvalidArgumentError(f"opponents {opponents!r}: give one bot, or one per other seat ({players - 1})")
        self.enc: Encoding = setup.enc
        self.seat = seat
        self.opponent_specs = opponents
        self.reward_mode, self.illegal_reward, self.render_mode = setup.reward, setup.illegal_reward, setup.render_mode
        self.observation_space = spaces.Box(-BOUND, BOUND, (self.enc.observation_size,), np.float32)
        self.action_space = spaces.Discrete(self.enc.action_size)
        self.table: AnyTable | None = None
        self.compiled = setup.compiled
        self.max_steps = setup.max_steps
        self.steps = 0
        self._bots: dict[int, Any] = {}
        self._episode_rng = np.random.default_rng()

    # --- gymnasium API ---------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self._deal(seed)
        return self._observe(), self._info(None)

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        reward, terminated, truncated, info = self._act(action)
        return self._observe(), reward, terminated, truncated, info

    def _deal(self, seed: int | None) -> None:
        """Deal the game of ``seed`` (or of the next seed drawn) and play the opponents
        up to the learner's first decision."""
        if seed is not None:
            self._episode_rng = np.random.default_rng(seed)
            game_seed = int(seed) % 2**64
        else:
            game_seed = int(self._episode_rng.integers(0, 2**63))
        for _ in range(DEAL_TRIES):
            self.table = new_table(self.enc, game_seed, self.compiled)
            self.steps = 0
            seats = [s for s in range(self.enc.players) if s != self.seat]
            self._bots = {
                s: make_bot(spec, seed=(game_seed + 7919 * (s + 1)) % 2**63) if isinstance(spec, str) else spec
                for s, spec in zip(seats, self.opponent_specs)
            }
            self._play_opponents(bounded=False)  # up to the learner's first decision
            if not self.table.over:
                return
            # the game ended before the learner's first decision: deal the next one
            game_seed = int(self._episode_rng.integers(0, 2**63))
        raise InvalidArgumentError(
            f"{self.enc.variant} with options {self.enc.options}: each of {DEAL_TRIES} games dealt was over"
            f" before seat {self.seat}'s first decision (e.g. stacks smaller than the blinds)"
        )

    def _act(self, action: Any) -> tuple[float, bool, bool, dict[str, Any]]:
        """Play the learner's slot and the opponents after it: the step without its
        observation (the vector env encodes every game's in one call)."""
        table = self.table
        if table is None:
            raise InvalidArgumentError("call reset() before step()")
        if table.over or self.truncated:
            raise InvalidArgumentError("the episode is over: call reset()")
        slot = int(action)
        try:
            taken = table.action_at(slot)
        except (KeyError, TypeError, OverflowError):
            info = self._info(None)
            info["illegal_action"] = slot
            return self.illegal_reward, True, False, info
        table.take(taken)
        self.steps += 1
        self._play_opponents()
        info = self._info(table.info(taken))
        if table.over:
            return table.rewards(self.reward_mode)[self.seat], not table.stuck, table.stuck, info
        if self.truncated:
            info["truncated"] = "max_steps"
            return 0.0, False, True, info
        return 0.0, False, False, info

    @property
    def truncated(self) -> bool:
        """The episode reached ``max_steps`` decisions before its end."""
        return self.steps >= self.max_steps

    def action_masks(self) -> np.ndarray:
        """The legal slots as booleans (MaskablePPO's convention)."""
        return self._mask().astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None or self.table is None:
            return None
        view = self.table.game.view(self.seat)
        zones = ", ".join(
            f"{n}: {' '.join(z['cards']) if z['cards'] is not None else z['count']}" for n, z in view["zones"].items()
        )
        return f"{self.enc.variant} phase {view['phase']} to act {view['to_act']} pot {view['pot']} | {zones}"

    # --- helpers ----------------------------------------------------------------------------

    def _mask(self) -> np.ndarray:
        assert self.table is not None
        return self.table.mask_for(self.seat)

    def _observe(self, out: np.ndarray | None = None) -> np.ndarray:
        table = self.table
        assert table is not None
        if out is None:
            obs: np.ndarray = table.observe(self.seat)
            return obs
        table.observe_into(self.seat, out)
        return out

    def _info(self, step: dict[str, Any] | None) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._mask()}
        if step is not None:
            info.update(step)
        return info

    def _play_opponents(self, bounded: bool = True) -> None:
        """Play the other seats until the learner decides, the match ends or (when
        ``bounded``) ``max_steps`` decisions have been made."""
        table = self.table
        assert table is not None
        while not table.over and table.seat != self.seat and (not bounded or self.steps < self.max_steps):
            self.steps += 1
            seat = table.seat
            assert seat is not None
            bot, game = self._bots[seat], table.game
            if table.reacting:
                legal = table.reactions(seat)
                react = getattr(bot, "react", None)
                answer = react(LazyView(game.state, seat), legal) if react is not None else None
                table.take(answer[0] if answer is not None else None)
            else:
                table.take(bot.choose(LazyView(game.state, seat), game.legal_actions()))


def gym_env(variant: str, **kwargs: Any) -> HoyleGymEnv:
    """A Gymnasium environment of ``variant`` for one learner.

    :param seat: the learner's seat. :param opponents: bot names (``hoyle.registry.Registry.bots``
        and the plugins' bots: ``"random"``, ``"gin"``, ``"poker"``...) or bot objects,
        one for every other seat or one for all. The other parameters are
        :func:`hoyle.rl.aec.aec_env`'s.
    """
    return HoyleGymEnv(variant, **kwargs)


def register_gym_envs() -> list[str]:
    """Register ``hoyle/<variant>-v0`` with Gymnasium for every installed variant."""
    import hoyle

    ids = []
    for name in sorted(hoyle.variants()):
        env_id = f"hoyle/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="hoyle.rl.gymnasium_env:HoyleGymEnv", kwargs={"variant": name})
        ids.append(env_id)
    return ids


register_gym_envs()
