"""The settings every hoyle environment takes (PettingZoo's and Gymnasium's alike):
the encoding's arguments, the reward and the render mode, checked in one place.

    >>> from hoyle.rl.settings import env_setup
    >>> setup = env_setup("war", {"reward": "win-loss"})
    >>> setup.enc.variant, setup.reward, setup.illegal_reward
    ('war', 'win-loss', -1.0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

from hoyle.errors import InvalidArgumentError
from hoyle.rl.encoding import Encoding, encoding
from hoyle.rl.limits import check_max_steps, episode_options

REWARD_MODES = ("settlement", "win-loss")


class EnvSettings(TypedDict, total=False):
    """The keyword settings of :func:`hoyle.rl.aec_env` and :func:`hoyle.rl.gym_env`.

    ``players`` (2), ``options`` (the variant's, e.g. ``{"deals": 1}``), ``house_rules``
    (names), ``render_mode`` (None or ``"ansi"``), ``reward`` (``"settlement"`` or
    ``"win-loss"``), ``illegal_reward`` (-1: the offender's reward for an illegal
    slot, which ends the game), ``bets`` (the bet abstraction, docs/rl.md) and
    ``max_choices`` (128: slots per choice template), ``omit`` (refinement features left
    out, e.g. ``["action_sequence"]``) and ``compiled`` (True: play the
    episode in compiled code where a plugin's kernel plays the encoding - plain
    two-player gin, one deal - :mod:`hoyle.rl.kernel`; False: always the Python table)
    and ``max_steps`` (None: the variant family's default, :mod:`hoyle.rl.limits`; the
    episode is truncated after that many decisions).
    """

    players: int
    options: Mapping[str, Any] | None
    house_rules: Sequence[str]
    render_mode: str | None
    reward: str
    illegal_reward: float
    bets: Sequence[str | float] | None
    max_choices: int
    omit: Sequence[str]
    compiled: bool
    max_steps: int | None


@dataclass(frozen=True)
class EnvSetup:
    """Checked settings: the encoding, the reward mode and penalty, the render mode,
    whether a compiled table may play, the step bound."""

    enc: Encoding
    reward: str
    illegal_reward: float
    render_mode: str | None
    compiled: bool = True
    max_steps: int = 20_000


def check_reward(mode: str, render_mode: str | None = None) -> str:
    """Check a ``reward`` mode (returned) and a ``render_mode``."""
    if mode not in REWARD_MODES:
        raise InvalidArgumentError(f"reward={mode!r}: choose one of {list(REWARD_MODES)}")
    if render_mode not in (None, "ansi"):
        raise InvalidArgumentError(f"render_mode={render_mode!r}: choose None or 'ansi'")
    return mode


def env_setup(variant: str, settings: EnvSettings) -> EnvSetup:
    """The encoding of ``variant`` and the checked settings (an unknown setting is an
    error naming it)."""
    unknown = sorted(set(settings) - set(EnvSettings.__annotations__))
    if unknown:
        raise InvalidArgumentError(
            f"unknown setting {', '.join(map(repr, unknown))}: the settings are {list(EnvSettings.__annotations__)}"
        )
    enc = encoding(
        variant,
        settings.get("players", 2),
        episode_options(variant, settings.get("options")),
        settings.get("house_rules", ()),
        settings.get("bets"),
        settings.get("max_choices", 128),
        settings.get("omit", ()),
    )
    render_mode = settings.get("render_mode")
    reward = check_reward(settings.get("reward", "settlement"), render_mode)
    compiled = settings.get("compiled", True)
    if not isinstance(compiled, bool):
        raise InvalidArgumentError(f"compiled={compiled!r}: True or False")
    max_steps = check_max_steps(settings.get("max_steps"), variant, enc.options)
    return EnvSetup(enc, reward, float(settings.get("illegal_reward", -1.0)), render_mode, compiled, max_steps)
