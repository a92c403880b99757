"""Play many games between bots and summarise the results, on one core, a process pool
or a Ray cluster, optionally streaming every game to a Parquet or JSONL file.

>>> from hoyle.simulate import simulate
>>> r = simulate("war", games=4, seed=1, options={"max_battles": 20})
>>> r.games, len(r.wins)
(4, 2)

The parts: :mod:`~hoyle.simulate.play` (one game), :mod:`~hoyle.simulate.chunks` (the
fixed chunks of a run), :mod:`~hoyle.simulate.backends` (where chunks are played),
:mod:`~hoyle.simulate.output` (files, resuming), :mod:`~hoyle.simulate.stats` (totals and
confidence intervals), :mod:`~hoyle.simulate.headtohead` (bots against each other) and
:mod:`~hoyle.simulate.run` (``simulate`` itself). See docs/simulate.md.
"""

from __future__ import annotations

from hoyle.simulate.backends import BACKENDS
from hoyle.simulate.chunks import DEFAULT_CHUNK_SIZE
from hoyle.simulate.headtohead import HeadToHead, head_to_head
from hoyle.simulate.output import read_games
from hoyle.simulate.play import DEFAULT_MAX_ACTIONS, BotSpec, GameRecord, game_seed, play_one, react
from hoyle.simulate.run import simulate
from hoyle.simulate.stats import Estimate, SimulationResult, Unit

__all__ = [
    "BACKENDS",
    "DEFAULT_CHUNK_SIZE",
    "DEFAULT_MAX_ACTIONS",
    "BotSpec",
    "Estimate",
    "GameRecord",
    "HeadToHead",
    "SimulationResult",
    "Unit",
    "game_seed",
    "head_to_head",
    "play_one",
    "react",
    "read_games",
    "simulate",
]
