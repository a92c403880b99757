"""Load: 200 bot-against-bot tables and 50 clients playing by the human protocol, all at
once over loopback against one real server. Every game completes, replays legally to the
server's result, and no acknowledged action is lost or applied twice. Prints the
throughput (actions per second, every seat's actions counted).

``HOYLE_LOAD_SCALE`` multiplies the numbers of tables and clients (default 1)."""

from __future__ import annotations

import asyncio
import json
import os
import time
from typing import Any

import httpx
from hoyle.engine import Game
from server_helpers import Server, bearer

SCALE = float(os.environ.get("HOYLE_LOAD_SCALE", "1"))
BOT_TABLES = max(2, int(200 * SCALE))
HUMANS = max(2, int(50 * SCALE))
#: At most this many requests in flight from the test (the server sees them all at once).
IN_FLIGHT = 64


def _table(i: int, humans: bool) -> dict[str, Any]:
    if i % 2:
        return {
            "variant": "gin-rummy",
            "seed": i,
            "options": {"deals": 1},
            "bots": {"1": "gin"} if humans else {"0": "gin", "1": "gin"},
        }
    bots = {"1": "poker"} if humans else {"0": "poker", "1": "poker"}
    return {"variant": "texas-holdem", "seed": i, "options": {"hands": 3}, "bots": bots}


async def _bot_table(client: httpx.AsyncClient, gate: asyncio.Semaphore, i: int) -> tuple[str, int]:
    async with gate:
        made = await client.post("/api/tables", json=_table(i, humans=False))
    assert made.status_code == 201, made.text
    return made.json()["table"], 0


async def _human(client: httpx.AsyncClient, gate: asyncio.Semaphore, i: int) -> tuple[str, int]:
    async with gate:
        made = (await client.post("/api/tables", json=_table(i, humans=True))).json()
    table, token = made["table"], made["seats"][0]["token"]
    acked = 0
    while True:
        async with gate:
            state = (await client.get(f"/api/tables/{table}/view", headers=bearer(token))).json()
        if state["over"]:
            return table, acked
        legal = [a["text"] for a in state["legal_actions"]]
        choice = next((a for a in ("check", "call", "draw stock", "pass") if a in legal), legal[-1])
        async with gate:
            reply = await client.post(f"/api/tables/{table}/actions", headers=bearer(token), json={"action": choice})
        assert reply.status_code == 200, reply.text
        acked += 1


def test_many_tables_at_once(server: Server) -> None:
    async def run() -> tuple[list[tuple[str, int]], list[tuple[str, int]], float]:
        gate = asyncio.Semaphore(IN_FLIGHT)
        limits = httpx.Limits(max_connections=IN_FLIGHT)
        async with httpx.AsyncClient(base_url=server.url, timeout=120, limits=limits) as client:
            start = time.perf_counter()
            jobs = [_bot_table(client, gate, i) for i in range(BOT_TABLES)]
            jobs += [_human(client, gate, BOT_TABLES + i) for i in range(HUMANS)]
            done = await asyncio.wait_for(asyncio.gather(*jobs), timeout=900)
            elapsed = time.perf_counter() - start
        return done[:BOT_TABLES], done[BOT_TABLES:], elapsed

    bot_tables, humans, elapsed = asyncio.run(run())
    actions = 0
    with httpx.Client(base_url=server.url, timeout=60) as client:
        for table, acked in [*bot_tables, *humans]:
            record = client.get(f"/api/tables/{table}/replay")
            assert record.status_code == 200, record.text  # the game is over
            data = json.loads(record.text)
            replayed = Game.from_json(record.text)  # every action legal on replay
            final = client.get(f"/api/tables/{table}/view").json()
            assert replayed.result == final["view"]["result"]
            actions += len(data["actions"])
            if (table, acked) in humans:
                # the human seat's actions on record: exactly those acknowledged
                assert sum(1 for seat, _ in data["actions"] if seat == 0) == acked
    print(
        f"\nload: {BOT_TABLES} bot tables + {HUMANS} human clients, {actions} actions in {elapsed:.1f} s"
        f" = {actions / elapsed:.0f} actions/s"
    )
