"""One real Ray cluster for the whole test session (two CPUs, a small object store).

Ray's start-up takes seconds, so every Ray test shares it: they are marked
``xdist_group("ray")`` and the suite runs with ``--dist loadgroup``, which sends them all
to one xdist worker, which starts the cluster once.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

# Ray reads these when it is imported. A local test cluster: every Ray server on the
# loopback address (Ray's own switch for single-machine clusters), no token files in $HOME.
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
os.environ.setdefault("RAY_AUTH_MODE", "disabled")


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[Any]:
    import ray

    ray.init(
        num_cpus=2,
        object_store_memory=80 * 1024 * 1024,
        include_dashboard=False,
        log_to_driver=False,
        configure_logging=False,
    )
    try:
        yield ray
    finally:
        ray.shutdown()
