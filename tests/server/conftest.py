"""A real server for the server tests: ``hoyle serve`` in a subprocess on a free
loopback port, with a fresh store directory."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_helpers import Server, free_port


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
