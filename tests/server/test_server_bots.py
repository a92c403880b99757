"""Bots off the event loop, each move within a time bound (issue 31 item 2): a bot that
thinks never delays another table's answers, and a bot over its bound, one that raises
and one that chooses an illegal action all give way to the seat's default action
(check, else fold), logged as a time-out with the reason.

A real server on loopback with the test bots of ``slow_bots.py``: ``gate`` thinks until
the test creates a ``release`` file, so the test knows when a bot is thinking and decides
when it stops (ordering, never wall-clock thresholds)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import Server, bearer, free_port

LAUNCHER = (str(Path(__file__).with_name("serve_with_test_bots.py")),)


def _server(tmp_path: Path, bot_seconds: float) -> Server:
    gate = tmp_path / "gate"
    gate.mkdir()
    srv = Server(
        port=free_port(),
        store=tmp_path / "store",
        args=("--bot-seconds", str(bot_seconds)),
        launcher=LAUNCHER,
        env={"HOYLE_TEST_GATE": str(gate)},
    )
    srv.start()
    return srv


@pytest.fixture
def gated(tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    srv = _server(tmp_path, bot_seconds=600)  # the bound never matters here: the test releases the bot
    try:
        yield srv, tmp_path / "gate"
    finally:
        (tmp_path / "gate" / "release").touch()
        srv.stop()


def _wait_for(path: Path) -> None:
    deadline = time.monotonic() + 60
    while not path.exists():
        assert time.monotonic() < deadline, f"{path.name} never appeared"
        time.sleep(0.01)


def test_a_thinking_bot_never_delays_another_tables_answers(gated: tuple[Server, Path]) -> None:
    srv, gate = gated
    answered: dict[str, Any] = {}

    def create_slow() -> None:  # heads-up hold'em: seat 1 (the small blind) acts first, the gate bot
        with httpx.Client(base_url=srv.url, timeout=120) as c:
            answered["slow"] = c.post(
                "/api/tables", json={"variant": "texas-holdem", "players": 2, "bots": {"1": "gate"}}
            )

    slow = threading.Thread(target=create_slow)
    slow.start()
    _wait_for(gate / "thinking-1")
    with httpx.Client(base_url=srv.url, timeout=120) as c:
        made = c.post("/api/tables", json={"variant": "texas-holdem", "players": 2})
        assert made.status_code == 201
        other, seats = made.json()["table"], made.json()["seats"]
        first = c.get(f"/api/tables/{other}/view", headers=bearer(seats[1]["token"])).json()
        acted = c.post(f"/api/tables/{other}/actions", json={"action": "call"}, headers=bearer(seats[1]["token"]))
        assert acted.status_code == 200 and acted.json()["version"] > first["version"]
        views = [c.get(f"/api/tables/{other}/view").status_code for _ in range(20)]
    # all of that was answered while the bot of the first table was still thinking
    assert views == [200] * 20
    assert slow.is_alive() and "slow" not in answered and not (gate / "release").exists()
    (gate / "release").touch()
    slow.join(timeout=120)
    assert answered["slow"].status_code == 201
    table = answered["slow"].json()["table"]
    with httpx.Client(base_url=srv.url, timeout=120) as c:
        state = c.get(f"/api/tables/{table}/view").json()
    assert state["version"] > 0 and state["timeouts"] == []  # the bot's own move (legal[0]: fold), no default


def test_a_bot_over_its_bound_gives_way_to_the_default_action_and_then_still_thinking(tmp_path: Path) -> None:
    srv = _server(tmp_path, bot_seconds=0.5)
    gate = tmp_path / "gate"
    try:
        with httpx.Client(base_url=srv.url, timeout=120) as c:
            # the human is the small blind (seat 1) and calls; the gate bot, the big blind, never answers
            made = c.post("/api/tables", json={"variant": "texas-holdem", "players": 2, "bots": {"0": "gate"}}).json()
            token = made["seats"][0]["token"]
            acted = c.post(f"/api/tables/{made['table']}/actions", json={"action": "call"}, headers=bearer(token))
            assert acted.status_code == 200
            state = c.get(f"/api/tables/{made['table']}/view", headers=bearer(token)).json()
        assert (gate / "thinking-1").exists() and not (gate / "thinking-2").exists()
        # preflop: over its bound, the bot checks; on the flop (the big blind first heads-up)
        # it is still thinking about the first move, so it checks again at once
        reasons = [(t["seat"], t["action"], t["reason"]) for t in state["timeouts"]]
        assert reasons == [
            (0, "check", "took over 0.5 s"),
            (0, "check", "is still thinking about an earlier move (over 0.5 s)"),
        ]
        assert "check" in [a["text"] for a in state["legal_actions"]]  # the human to act on the flop
        lines = (srv.store / f"{made['table']}.jsonl").read_text().splitlines()
        assert json.loads(lines[-1]) == {"seat": 0, "action": "check", "timeout": True, "bot": reasons[1][2]}
        assert "took over 0.5 s" in srv.log()
    finally:
        (gate / "release").touch()
        srv.stop()


@pytest.mark.parametrize(
    ("bot", "reason"),
    [
        ("broken", "failed (RuntimeError: this bot is broken)"),
        ("illegal", "chose 'juggle the deck', which is not legal"),
    ],
)
def test_a_bot_that_raises_or_chooses_an_illegal_action_plays_the_default(
    tmp_path: Path, bot: str, reason: str
) -> None:
    srv = _server(tmp_path, bot_seconds=600)
    try:
        with httpx.Client(base_url=srv.url, timeout=120) as c:
            made = c.post("/api/tables", json={"variant": "texas-holdem", "players": 2, "bots": {"1": bot}})
            assert made.status_code == 201
            got = c.get(f"/api/tables/{made.json()['table']}/view")
            assert got.status_code == 200, got.text
            state = got.json()
        # the small blind faces the big blind: no check, so the default is fold
        assert state["over"] and [(t["seat"], t["action"]) for t in state["timeouts"]] == [(1, "fold")]
        assert state["timeouts"][0]["reason"].startswith(reason)
    finally:
        srv.stop()
