"""Where chunks are played: in this process, on a ``concurrent.futures`` executor, or on Ray.

Every backend plays whole chunks (:func:`hoyle.simulate.chunks.play_chunk`) and nothing
else, so the games of a seed are the same on all of them. A backend gets the
:class:`~hoyle.simulate.chunks.Job` once in :meth:`Backend.open` (a process pool's
initializer, ``ray.put``), then only chunk numbers.

    >>> from hoyle.simulate.chunks import Job
    >>> job = Job("war", seed=1, games=3, chunk_size=2, bots=("random", "random"), options={"max_battles": 5})
    >>> backend = make_backend("serial")
    >>> backend.open(job)
    >>> [(r.chunk, r.tally.games) for _, r in backend.wait([backend.start(1)])]
    [(1, 1)]
    >>> backend.close()

Ray is imported only by :class:`RayBackend` (``pip install 'hoyle[ray]'``).
"""

from __future__ import annotations

import concurrent.futures as cf
import os
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hoyle.errors import InvalidArgumentError
from hoyle.simulate.chunks import Job, native_chunk, play_chunk
from hoyle.simulate.rows import encode
from hoyle.simulate.stats import Tally

BACKENDS = ("serial", "process", "ray")


@dataclass
class ChunkResult:
    """What a worker sends back for a chunk: the tally of its games (with the records when
    the run keeps them in memory) and, for an output file, the chunk's rows encoded."""

    chunk: int
    tally: Tally
    payload: bytes | None = None


def run_chunk(job: Job, chunk: int) -> ChunkResult:
    """Play the chunk, add it up and encode it as the job asks: all the per-game work
    happens in the worker, the collecting process only merges sums and appends bytes."""
    keep = job.encoding is None and job.keep_records
    if not keep and job.encoding is None and (native := native_chunk(job, chunk)) is not None:
        tally = Tally(len(job.bots))
        tally.add_columns(*native)  # no record per game: the sums straight from the arrays
        return ChunkResult(chunk, tally)
    games = play_chunk(job, chunk)
    tally = Tally(len(job.bots), keep=keep)
    tally.add_all(g.record for g in games)
    payload = encode(job.encoding, job, games) if job.encoding is not None else None
    return ChunkResult(chunk, tally, payload)


#: A finished chunk: the handle ``start`` returned and the chunk's result.
Finished = tuple[Any, ChunkResult]


class Backend(ABC):
    """Plays the chunks of one job. ``start`` must not block for long; ``wait`` blocks
    until at least one started chunk is finished and returns the finished ones."""

    #: How many chunks it plays at once (for how far ahead the runner starts chunks).
    workers: int = 1

    @abstractmethod
    def open(self, job: Job) -> None: ...

    @abstractmethod
    def start(self, chunk: int) -> Any: ...

    @abstractmethod
    def wait(self, handles: Sequence[Any]) -> list[Finished]: ...

    def close(self) -> None:  # noqa: B027 - most backends have nothing to release
        """Release workers the backend started (not an executor or cluster it was given)."""


class SerialBackend(Backend):
    """Plays each chunk in this process when it is waited for."""

    def open(self, job: Job) -> None:
        self.job = job

    def start(self, chunk: int) -> Any:
        return chunk

    def wait(self, handles: Sequence[Any]) -> list[Finished]:
        chunk = handles[0]
        return [(chunk, run_chunk(self.job, chunk))]


# The job of the pool this worker process belongs to (set once by the initializer).
_WORKER_JOB: Job | None = None


def _install_job(job: Job) -> None:
    global _WORKER_JOB
    _WORKER_JOB = job


def _run_installed(chunk: int) -> ChunkResult:
    assert _WORKER_JOB is not None, "the pool's initializer installs the job"
    return run_chunk(_WORKER_JOB, chunk)


class ExecutorBackend(Backend):
    """A ``concurrent.futures`` executor: a process pool of ``workers`` that it starts
    (the job sent once per process, by the initializer), or any executor given, which
    gets the job with each chunk (once per chunk, never per game)."""

    def __init__(self, executor: cf.Executor | None = None, workers: int | None = None) -> None:
        if workers is not None and workers < 1:
            raise InvalidArgumentError(f"jobs={workers}: at least one worker")
        self.given = executor
        self.workers = workers or getattr(executor, "_max_workers", None) or os.cpu_count() or 1
        self.pool: cf.Executor | None = None

    def open(self, job: Job) -> None:
        self.job = job
        if self.given is None:
            self.pool = cf.ProcessPoolExecutor(max_workers=self.workers, initializer=_install_job, initargs=(job,))

    def start(self, chunk: int) -> Any:
        if self.pool is not None:
            return self.pool.submit(_run_installed, chunk)
        assert self.given is not None
        return self.given.submit(run_chunk, self.job, chunk)

    def wait(self, handles: Sequence[Any]) -> list[Finished]:
        done, _ = cf.wait(handles, return_when=cf.FIRST_COMPLETED)
        return [(f, f.result()) for f in handles if f in done]

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
            self.pool = None


def _ray_run_chunk(job: Job, chunk: int) -> ChunkResult:
    # Ray resolves the job's object reference before the call: one copy per node.
    return run_chunk(job, chunk)


class RayBackend(Backend):
    """Ray tasks, one per chunk, on the cluster at ``address`` (``"auto"``: the one this
    machine belongs to) or a local cluster started for the run. A task whose worker dies
    is run again, up to ``retries`` times: a lost worker costs only its chunk."""

    def __init__(self, address: str | None = None, retries: int = 3, init: Mapping[str, Any] | None = None) -> None:
        self.address = address
        self.retries = retries
        self.init_options = dict(init or {})
        self.started = False
        self.running: set[Any] = set()

    def open(self, job: Job) -> None:
        try:
            import ray as ray_module
        except ImportError:
            raise InvalidArgumentError("backend='ray' needs Ray: pip install 'hoyle[ray]'") from None
        ray: Any = ray_module  # Ray's API is only partly typed
        if not ray.is_initialized():
            try:
                ray.init(address=self.address, **self.init_options)
            except ConnectionError as exc:
                raise InvalidArgumentError(f"address={self.address!r}: no Ray cluster to join ({exc})") from None
            self.started = True
        self.ray = ray
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self.job_ref = ray.put(job)
        self.task = ray.remote(num_cpus=1, max_retries=self.retries)(_ray_run_chunk)

    def start(self, chunk: int) -> Any:
        ref = self.task.remote(self.job_ref, chunk)
        self.running.add(ref)
        return ref

    def wait(self, handles: Sequence[Any]) -> list[Finished]:
        ready, rest = self.ray.wait(list(handles), num_returns=1)
        if rest:  # every other chunk already done comes too: one wait per batch, not per chunk
            more, _ = self.ray.wait(rest, num_returns=len(rest), timeout=0)
            ready += more
        self.running.difference_update(ready)
        return list(zip(ready, self.ray.get(ready)))

    def close(self) -> None:
        for ref in self.running:  # a run stopped early: its chunks still running are not wanted
            self.ray.cancel(ref)
        self.running.clear()
        if self.started:
            self.ray.shutdown()
            self.started = False


def make_backend(
    backend: str | None = None,
    jobs: int = 1,
    executor: cf.Executor | None = None,
    address: str | None = None,
    ray_init: Mapping[str, Any] | None = None,
) -> Backend:
    """The backend ``simulate`` uses: by name, or ``executor`` when given; with no name,
    ``"ray"`` when an ``address`` is given, a process pool when ``jobs > 1``, else serial.

    >>> type(make_backend(jobs=2)).__name__, make_backend(jobs=2).workers
    ('ExecutorBackend', 2)
    """
    if jobs < 1:
        raise InvalidArgumentError(f"jobs={jobs}: at least one job")
    if executor is not None:
        if backend not in (None, "process"):
            raise InvalidArgumentError(f"backend={backend!r} with an executor: the executor is the backend")
        return ExecutorBackend(executor)
    if backend is None:
        backend = "ray" if address is not None else "process" if jobs > 1 else "serial"
    if address is not None and backend != "ray":
        raise InvalidArgumentError(f"address={address!r} is for backend='ray', not {backend!r}")
    if backend == "serial":
        return SerialBackend()
    if backend == "process":
        return ExecutorBackend(workers=jobs)
    if backend == "ray":
        return RayBackend(address, init=ray_init)
    raise InvalidArgumentError(f"backend={backend!r}: choose one of {', '.join(BACKENDS)}")
