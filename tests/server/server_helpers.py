"""The server tests' helpers: ``hoyle serve`` in a subprocess on a free loopback port."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """A running ``hoyle serve``: its URL, its store, and a way to kill and restart it."""

    port: int
    store: Path
    process: subprocess.Popen[bytes] | None = None
    #: A file-size limit (RLIMIT_FSIZE, bytes) for the server process: a full disk.
    fsize: int | None = None
    #: More ``hoyle serve`` options.
    args: tuple[str, ...] = ()
    #: What runs ``hoyle serve``: its arguments after the Python interpreter.
    launcher: tuple[str, ...] = ("-m", "hoyle.cli")
    #: Environment variables for the server process (added to the test's own).
    env: dict[str, str] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        with (self.store.parent / f"server-{self.port}.log").open("ab") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    *self.launcher,
                    "serve",
                    "--port",
                    str(self.port),
                    "--store",
                    str(self.store),
                    *self.args,
                ],
                stdout=subprocess.DEVNULL,
                stderr=log,
                env={**os.environ, **self.env} if self.env is not None else None,
                preexec_fn=self._limits if self.fsize is not None else None,
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"the server exited: {self.process.stderr.read().decode() if self.process.stderr else ''}"
                )
            try:
                if httpx.get(self.url + "/api/variants", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start within 60 s")

    def _limits(self) -> None:
        import resource

        assert self.fsize is not None
        resource.setrlimit(resource.RLIMIT_FSIZE, (self.fsize, self.fsize))

    def log(self) -> str:
        path = self.store.parent / f"server-{self.port}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush - a crash."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
