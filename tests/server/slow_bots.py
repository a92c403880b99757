"""Test bots for the server's bot time bound (a plugin the test server loads, see
``serve_with_test_bots.py``): ``gate`` thinks until a file says stop, ``broken`` raises,
``illegal`` chooses an action that no game has.

``gate`` writes ``thinking-N`` (N = 1, 2, ...) into the directory ``$HOYLE_TEST_GATE``
when its N-th move starts, and returns the first legal action once ``release`` exists
there: a test sees exactly when a bot is thinking and decides when it stops.
"""

from __future__ import annotations

import itertools
import os
import time
from pathlib import Path
from typing import Any

from hoyle import hookimpl

_calls = itertools.count(1)


class GateBot:
    def __init__(self, seed: int) -> None:
        self.gate = Path(os.environ["HOYLE_TEST_GATE"])

    def choose(self, view: Any, legal: list[Any]) -> Any:
        (self.gate / f"thinking-{next(_calls)}").touch()
        while not (self.gate / "release").exists():
            time.sleep(0.01)
        return legal[0]


class BrokenBot:
    def __init__(self, seed: int) -> None:
        pass

    def choose(self, view: Any, legal: list[Any]) -> Any:
        raise RuntimeError("this bot is broken")


class IllegalBot:
    def __init__(self, seed: int) -> None:
        pass

    def choose(self, view: Any, legal: list[Any]) -> Any:
        return "juggle the deck"


@hookimpl
def hoyle_register_bots(register: Any) -> None:
    register("gate", GateBot)
    register("broken", BrokenBot)
    register("illegal", IllegalBot)
