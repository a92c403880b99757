"""A real server for the server tests: ``hoyle serve`` in a subprocess on a free
loopback port, with a fresh store directory."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_helpers import Server, free_port


@pytest.fixture(autouse=True)
def _collect_sockets() -> Iterator[None]:
    """Collect after each server test, so that a socket dropped by a killed server is
    finalised (and its ResourceWarning ignored, below) here, not in a later test."""
    yield
    gc.collect()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(port=free_port(), store=tmp_path / "store")
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def client(server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=30) as c:
        yield c


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The server tests talk to real servers over real sockets, and kill some of them:
    a client socket closed by the garbage collector after the server dropped it is a
    harness artifact, not a leak of hoyle's, so its ResourceWarning does not fail them
    (every other warning still does: pyproject's ``filterwarnings = error``)."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.filterwarnings("ignore::ResourceWarning"))
            item.add_marker(pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning"))
