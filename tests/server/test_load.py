"""Load: 200 bot-against-bot tables and 50 clients playing by the human protocol, all at
once over loopback against one real server. Every game completes, replays legally to the
server's result, and no acknowledged action is lost or applied twice. Prints the
throughput (durable, acknowledged actions per second, every seat's actions counted), the
p50 and p99 latency of the requests, the group commit's flushes and the machine's load.

``HOYLE_LOAD_SCALE`` multiplies the numbers of tables and clients (default 1)."""

from __future__ import annotations

import asyncio
import json
import os
import time
from typing import Any

import httpx
from hoyle.engine import Game
from server_helpers import Server

SCALE = float(os.environ.get("HOYLE_LOAD_SCALE", "1"))
BOT_TABLES = max(2, int(200 * SCALE))
HUMANS = max(2, int(50 * SCALE))
#: Connections, hence requests in flight from the test (the server sees them all at once).
IN_FLIGHT = 64


class Wire:
    """A lean HTTP/1.1 client over keep-alive connections: httpx's own cost per request,
    in this process, limited the figure more than the server did. Records every
    request's latency (from sending it to the whole answer read)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.pool: asyncio.Queue[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = asyncio.Queue()
        #: Per kind of request ("create", or "play": a view or an action), the latencies.
        self.latencies: dict[str, list[float]] = {"create": [], "play": []}

    async def open(self, connections: int) -> None:
        for _ in range(connections):
            self.pool.put_nowait(await asyncio.open_connection("127.0.0.1", self.port))

    async def close(self) -> None:
        while not self.pool.empty():
            _, writer = self.pool.get_nowait()
            writer.close()

    async def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        reader, writer = await self.pool.get()
        try:
            data = json.dumps(body).encode() if body is not None else b""
            head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(data)}\r\n"
            if token is not None:
                head += f"Authorization: Bearer {token}\r\n"
            if body is not None:
                head += "Content-Type: application/json\r\n"
            start = time.perf_counter()
            writer.write(head.encode() + b"\r\n" + data)
            status = int((await reader.readline()).split()[1])
            length = 0
            while (line := await reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            payload = await reader.readexactly(length)
            self.latencies["create" if path == "/api/tables" else "play"].append(time.perf_counter() - start)
        finally:
            self.pool.put_nowait((reader, writer))
        return status, json.loads(payload)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


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


async def _bot_table(wire: Wire, i: int) -> tuple[str, int]:
    status, made = await wire.call("POST", "/api/tables", _table(i, humans=False))
    assert status == 201, made
    return made["table"], 0


async def _human(wire: Wire, i: int) -> tuple[str, int]:
    status, made = await wire.call("POST", "/api/tables", _table(i, humans=True))
    assert status == 201, made
    table, token = made["table"], made["seats"][0]["token"]
    acked = 0
    while True:
        _, state = await wire.call("GET", f"/api/tables/{table}/view", token=token)
        if state["over"]:
            return table, acked
        legal = [a["text"] for a in state["legal_actions"]]
        choice = next((a for a in ("check", "call", "draw stock", "pass") if a in legal), legal[-1])
        status, reply = await wire.call("POST", f"/api/tables/{table}/actions", {"action": choice}, token=token)
        assert status == 200, reply
        acked += 1


def test_many_tables_at_once(server: Server) -> None:
    wire = Wire(server.port)

    async def run() -> tuple[list[tuple[str, int]], list[tuple[str, int]], float]:
        await wire.open(IN_FLIGHT)
        start = time.perf_counter()
        jobs = [_bot_table(wire, i) for i in range(BOT_TABLES)]
        jobs += [_human(wire, BOT_TABLES + i) for i in range(HUMANS)]
        done = await asyncio.wait_for(asyncio.gather(*jobs), timeout=900)
        elapsed = time.perf_counter() - start
        await wire.close()
        return done[:BOT_TABLES], done[BOT_TABLES:], elapsed

    bot_tables, humans, elapsed = asyncio.run(run())
    latencies = wire.latencies
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
        commit = client.get("/api/admin/store").json()["group_commit"]
    assert commit["lines"] >= actions  # every action on record went through a flush
    print(
        f"\nload: {BOT_TABLES} bot tables + {HUMANS} human clients, {actions} durable actions in {elapsed:.1f} s"
        f" = {actions / elapsed:.0f} actions/s; latency of {len(latencies['play'])} views and actions p50"
        f" {_percentile(latencies['play'], 0.5) * 1000:.0f} ms, p99 {_percentile(latencies['play'], 0.99) * 1000:.0f} ms,"
        f" of {len(latencies['create'])} table creations (a bots' table plays to its end in it) p50"
        f" {_percentile(latencies['create'], 0.5) * 1000:.0f} ms, p99 {_percentile(latencies['create'], 0.99) * 1000:.0f} ms;"
        f" {commit['flushes']} flushes, {commit['lines'] / max(1, commit['flushes']):.1f} lines each;"
        f" load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
