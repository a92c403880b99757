"""The unit of work of a simulation: fixed chunks of consecutive games.

A run of ``games`` games with ``chunk_size`` is cut into chunks ``0, 1, ...``; chunk ``c``
holds games ``c * chunk_size`` up to the next chunk (the last may be shorter). Game ``i``
is played from :func:`~hoyle.simulate.play.game_seed` ``(seed, i)``, so a chunk's games
depend only on the root seed and the chunk's index: never on the backend, the worker that
plays it or how many workers there are.

    >>> job = Job("war", seed=3, games=10, chunk_size=4, bots=("random", "random"), options={"max_battles": 10})
    >>> job.chunks, [job.games_in(c) for c in range(job.chunks)]
    (3, [4, 4, 2])
    >>> [r.index for r in play_chunk(job, 2)]
    [8, 9]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hoyle.errors import InvalidArgumentError
from hoyle.simulate.native import Runner, native_runner
from hoyle.simulate.play import DEFAULT_MAX_ACTIONS, BotSpec, GameRecord, game_seed, play_one

#: Games per chunk unless ``simulate(chunk_size=...)`` says otherwise: large enough that
#: a task's overhead is small against its games, small enough that a lost chunk is cheap.
DEFAULT_CHUNK_SIZE = 64


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play any chunk of one simulation; it is sent to each
    worker once (a process pool's initializer, Ray's object store), not once per game."""

    variant: str
    seed: int
    games: int
    chunk_size: int
    bots: tuple[BotSpec, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    house_rules: tuple[str, ...] = ()
    keep_games: bool = False
    #: How workers encode their chunks for the output file (``hoyle.simulate.rows``),
    #: or None: the records come back as they are.
    encoding: str | None = None
    #: A game still going after this many player actions is stopped and recorded as
    #: such (:data:`hoyle.simulate.play.DEFAULT_MAX_ACTIONS` by default).
    max_actions: int = DEFAULT_MAX_ACTIONS
    #: Whether the workers send back a record per game (else only the sums).
    keep_records: bool = True

    def __post_init__(self) -> None:
        if self.games < 1:
            raise InvalidArgumentError(f"games={self.games}: simulate at least one game")
        if self.chunk_size < 1:
            raise InvalidArgumentError(f"chunk_size={self.chunk_size}: a chunk holds at least one game")
        if not self.bots:
            raise InvalidArgumentError("bots=(): one bot per seat, at least one")
        if isinstance(self.max_actions, bool) or not isinstance(self.max_actions, int) or self.max_actions < 1:
            raise InvalidArgumentError(f"max_actions={self.max_actions!r}: a whole number of actions, at least 1")

    @property
    def chunks(self) -> int:
        """How many chunks the run has."""
        return -(-self.games // self.chunk_size)

    def first_game(self, chunk: int) -> int:
        """The index of the chunk's first game."""
        return chunk * self.chunk_size

    def games_in(self, chunk: int) -> int:
        """How many games the chunk holds (the last chunk may hold fewer)."""
        if not 0 <= chunk < self.chunks:
            raise InvalidArgumentError(f"chunk={chunk}: the run has chunks 0 to {self.chunks - 1}")
        return min(self.chunk_size, self.games - self.first_game(chunk))

    def bot_names(self) -> list[str]:
        """The bots as text: a name as given, a factory as ``module.qualname``."""
        return [bot_name(b) for b in self.bots]


@dataclass
class ChunkGame:
    """A game of a chunk: its index in the whole run and its record."""

    index: int
    record: GameRecord

    @property
    def seed(self) -> int:
        return self.record.seed


def bot_name(spec: BotSpec) -> str:
    """How a bot is named in output files: its name, or a factory's ``module.qualname``.

    >>> from hoyle.bots import RandomBot
    >>> bot_name("gin"), bot_name(RandomBot)
    ('gin', 'hoyle.bots.RandomBot')
    """
    if isinstance(spec, str):
        return spec
    module = getattr(spec, "__module__", None) or type(spec).__module__
    qualname = getattr(spec, "__qualname__", None) or type(spec).__qualname__
    return f"{module}.{qualname}"


def play_chunk(job: Job, chunk: int) -> list[ChunkGame]:
    """Play the chunk's games, in order (by their native form when a plugin has one:
    :mod:`hoyle.simulate.native`)."""
    first = job.first_game(chunk)
    bots: Sequence[BotSpec] = job.bots
    runner = native_runner(job)
    if runner is not None:
        return _native_chunk(job, runner, first, job.games_in(chunk))
    return [
        ChunkGame(
            i,
            play_one(
                job.variant,
                game_seed(job.seed, i),
                bots,
                job.options,
                job.house_rules,
                max_actions=job.max_actions,
                keep_game=job.keep_games,
            ),
        )
        for i in range(first, first + job.games_in(chunk))
    ]


def native_chunk(job: Job, chunk: int) -> tuple[Any, Any] | None:
    """The chunk's games played natively, ``(won, actions)`` (chips won per game and seat,
    actions per game), or None when the games have no native form or one of them runs
    past ``max_actions`` (the Python engine then plays the chunk, stopping that game
    where the run says)."""
    runner = native_runner(job)
    if runner is None:
        return None
    won, actions = runner(job.seed, job.first_game(chunk), job.games_in(chunk))
    if len(actions) and int(actions.max()) > job.max_actions:
        return None
    return won, actions


def _native_chunk(job: Job, runner: Runner, first: int, count: int) -> list[ChunkGame]:
    """The chunk's games played natively, a record each; a game longer than
    ``max_actions`` is played again by the Python engine, which stops it where the run
    says."""
    won, actions = runner(job.seed, first, count)
    out = []
    for k, (row, length) in enumerate(zip(won.tolist(), actions.tolist())):
        i = first + k
        seed = game_seed(job.seed, i)
        if length > job.max_actions:
            record = play_one(job.variant, seed, job.bots, job.options, job.house_rules, max_actions=job.max_actions)
        else:
            best = max(row)
            record = GameRecord(seed, row, list(row), [s for s, x in enumerate(row) if x == best], length, 1)
        out.append(ChunkGame(i, record))
    return out
