"""``simulate``: chunks handed to a backend, results written in chunk order, a summary.

>>> from hoyle.simulate import simulate
>>> a = simulate("war", games=12, seed=4, options={"max_battles": 20}, chunk_size=5)
>>> b = simulate("war", games=12, seed=4, options={"max_battles": 20}, chunk_size=5, backend="process", jobs=2)
>>> a.settlement == b.settlement and a.wins == b.wins
True
"""

from __future__ import annotations

import concurrent.futures as cf
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from hoyle.simulate.backends import Backend, ChunkResult, make_backend
from hoyle.simulate.chunks import DEFAULT_CHUNK_SIZE, ChunkGame, Job
from hoyle.simulate.output import Sink, open_sink
from hoyle.simulate.play import DEFAULT_MAX_ACTIONS, BotSpec
from hoyle.simulate.stats import SimulationResult, Tally, Unit


def in_chunk_order(backend: Backend, chunks: Sequence[int], ahead: int) -> Iterator[ChunkResult]:
    """Play ``chunks`` on ``backend`` and yield their results in the order given, however
    they finish; at most ``ahead`` chunks are running or waiting to be yielded at a time,
    so one slow chunk never makes the others pile up in memory."""
    pending: dict[Any, int] = {}
    finished: dict[int, ChunkResult] = {}
    todo = iter(chunks)
    for chunk in chunks:
        while chunk not in finished:
            while len(pending) + len(finished) < ahead and (nxt := next(todo, None)) is not None:
                pending[backend.start(nxt)] = nxt
            for handle, result in backend.wait(list(pending)):
                del pending[handle]
                finished[result.chunk] = result
        yield finished.pop(chunk)


def unit_for(variant: str, options: Mapping[str, Any]) -> Unit:
    """The settlement unit of ``variant`` with ``options`` (defaults filled in)."""
    from hoyle.plugins import default_registry

    defaults = {o.name: o.default for o in default_registry().variant(variant).options}
    return Unit.for_options({**defaults, **options})


def simulate(
    variant: str,
    games: int,
    bots: Sequence[BotSpec] | None = None,
    seed: int = 0,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
    progress: Callable[[int], None] | None = None,
    keep_games: bool = False,
    *,
    backend: str | None = None,
    executor: cf.Executor | None = None,
    address: str | None = None,
    out: str | os.PathLike[str] | None = None,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    ray_init: Mapping[str, Any] | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    keep_records: bool = True,
    bounded: bool = True,
) -> SimulationResult:
    """Play ``games`` games of ``variant`` between ``bots`` (names from
    :attr:`hoyle.registry.Registry.bots` or factories taking ``seed=``; one per seat;
    default: the variant's default bot in each of the fewest seats it allows,
    :meth:`hoyle.registry.Registry.default_lineup`).

    Game ``i`` is played from :func:`game_seed` ``(seed, i)`` and the games are cut into
    chunks of ``chunk_size``, so the result is bit-identical whatever the backend and the
    number of workers:

    - ``backend="serial"`` (this process), ``"process"`` (a pool of ``jobs`` processes),
      ``"ray"`` (Ray tasks on the cluster at ``address``, e.g. ``"auto"``, or on a local
      one started with ``ray_init`` as ``ray.init`` options), or any ``concurrent.futures``
      ``executor``. By default: Ray with an ``address``, a process pool with ``jobs > 1``.
    - ``out="games.parquet"`` or ``"games.jsonl"`` writes one row per game as chunks
      finish (see :mod:`hoyle.simulate.output`) and the summary is computed from the
      stream, with no games kept in memory. Run again with the same ``seed`` and ``out``
      and only the chunks not yet written are played.
    - ``keep_games`` keeps each game's replayable record (``records[i].game`` in memory,
      the ``game`` column in a file).
    - ``max_actions`` (default :data:`hoyle.simulate.play.DEFAULT_MAX_ACTIONS`, 100,000):
      a game still going after that many player actions is stopped and recorded as
      such (``GameRecord.stopped``, the ``stopped`` column; ``result.stopped`` counts
      them), never played on for ever.
    - ``keep_records=False`` keeps only the sums the summary needs, not one record per
      game (``records`` is then empty): a long run's memory stays flat, and games with a
      native form (docs/simulate.md, "Native games") are added up without a record each.
    - ``bounded`` (default True): every option with a :attr:`~hoyle.Option.bounded`
      value that ``options`` does not give is played at that value, so games whose
      rules text lets play go on without end end by the rules (seven-card rummy:
      ``stock_limit=3``, ``deals=3``; docs/simulate.md, "Games that must end");
      ``bounded=False`` plays the rules text's defaults, stopped at ``max_actions``.

    ``progress`` is called with the number of games finished since its last call (games
    read back from ``out`` included).

        >>> r = simulate("war", games=8, seed=2, options={"max_battles": 20})
        >>> r.games, len(r.records), r.rate(0).n
        (8, 8, 8)
    """
    job = _job(
        variant,
        bots,
        options,
        bounded=bounded,
        seed=seed,
        games=games,
        chunk_size=chunk_size,
        house_rules=tuple(house_rules),
        keep_games=keep_games,
        max_actions=max_actions,
        keep_records=keep_records,
    )
    chosen = make_backend(backend, jobs, executor, address, ray_init)
    sink = open_sink(out, job)
    job = replace(job, encoding=sink.encoding)  # the workers encode the rows for the file
    tally = Tally(len(job.bots), keep=out is None and keep_records)
    _play_into(chosen, job, sink, tally, progress)
    return tally.result(variant, job.bot_names(), unit_for(variant, job.options))


def _job(
    variant: str, bots: Sequence[BotSpec] | None, options: Mapping[str, Any] | None, *, bounded: bool, **fields: Any
) -> Job:
    """The :class:`Job` of a simulation: ``bots`` the variant's default lineup when not
    given, and with ``bounded`` each option's bounded value where ``options`` gives none
    (see :func:`simulate`); ``fields`` the rest of the job as given."""
    from hoyle.plugins import default_registry

    if bots is None:
        bots = default_registry().default_lineup(variant)
    found = default_registry().variants.get(variant) if bounded else None
    chosen = found.bounded_options(options) if found is not None else dict(options or {})
    return Job(variant, bots=tuple(bots), options=chosen, **fields)


def _play_into(backend: Backend, job: Job, sink: Sink, tally: Tally, progress: Callable[[int], None] | None) -> None:
    """Add to ``tally`` the chunks ``sink`` already holds (a resumed run), then play the
    rest on ``backend`` and write each to ``sink`` in chunk order; the sink is closed when
    every chunk is written, else aborted. ``progress`` hears of each chunk's games."""

    def read_back(part: list[ChunkGame]) -> None:
        tally.add_all(g.record for g in part)
        if progress:
            progress(len(part))

    done = sink.resume(read_back)
    finished = False
    try:
        if done < job.chunks:
            backend.open(job)
            try:
                for result in in_chunk_order(backend, range(done, job.chunks), ahead=2 * backend.workers + 2):
                    sink.write(result.chunk, result.payload)
                    tally.merge(result.tally)
                    if progress:
                        progress(result.tally.games)
            finally:
                backend.close()
        finished = True
    finally:
        if finished:
            sink.close()
        else:
            sink.abort()
