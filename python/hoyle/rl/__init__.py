"""Reinforcement-learning environments for every installed variant (extra ``rl``:
PettingZoo, Gymnasium; extra ``openspiel``: OpenSpiel). See docs/rl.md.

Nothing here imports PettingZoo, Gymnasium or OpenSpiel until an adapter is asked for.

    >>> import hoyle.rl
    >>> hoyle.rl.encoding("war").action_size
    1
"""

from __future__ import annotations

from typing import Any

from hoyle.rl.encoding import Encoding, Refinement, encoding
from hoyle.rl.table import Table


def aec_env(variant: str, **kwargs: Any) -> Any:
    """A PettingZoo AEC environment (see :func:`hoyle.rl.aec.aec_env`)."""
    from hoyle.rl.aec import aec_env as make

    return make(variant, **kwargs)


def gym_env(variant: str, **kwargs: Any) -> Any:
    """A Gymnasium environment (see :func:`hoyle.rl.gymnasium_env.gym_env`)."""
    from hoyle.rl.gymnasium_env import gym_env as make

    return make(variant, **kwargs)


def vector_env(variant: str, num_envs: int, **kwargs: Any) -> Any:
    """A batched Gymnasium vector environment (see :class:`hoyle.rl.vector.HoyleVectorEnv`)."""
    from hoyle.rl.vector import HoyleVectorEnv

    return HoyleVectorEnv(variant, num_envs, **kwargs)


def openspiel_game(variant: str, **params: Any) -> Any:
    """An OpenSpiel game (see :func:`hoyle.rl.openspiel.openspiel_game`)."""
    from hoyle.rl.openspiel import openspiel_game as make

    return make(variant, **params)


__all__ = ["Encoding", "Refinement", "Table", "aec_env", "encoding", "gym_env", "openspiel_game", "vector_env"]
