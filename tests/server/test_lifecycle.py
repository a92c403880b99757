"""Issue 31, item 4: the owner token closes and deletes a table; idle and finished
tables expire; one client may hold only so many open tables."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
from server_helpers import Server, bearer, free_port


def _war(client: httpx.Client) -> dict[str, object]:
    made: dict[str, object] = client.post(
        "/api/tables", json={"variant": "war", "players": 2, "seed": 1, "practice": True}
    ).json()
    return made


def _wait_until_gone(client: httpx.Client, table: str, failure: str) -> None:
    """Poll the table's view until the server no longer serves it (20 s at most)."""
    deadline = time.monotonic() + 20
    while client.get(f"/api/tables/{table}/view").status_code == 200:
        assert time.monotonic() < deadline, failure
        time.sleep(0.2)


def test_the_owner_token_deletes_the_table_and_its_log(client: httpx.Client, server: Server) -> None:
    made = _war(client)
    table, owner = str(made["table"]), str(made["owner_token"])
    seat_token = made["seats"][0]["token"]  # type: ignore[index]
    assert client.delete(f"/api/tables/{table}").status_code == 401
    refused = client.delete(f"/api/tables/{table}", headers=bearer(seat_token))
    assert refused.status_code == 403 and "owner token" in refused.json()["error"]
    assert client.get(f"/api/tables/{table}/view").status_code == 200  # the refusal changed nothing
    assert client.delete(f"/api/tables/{table}", headers=bearer(owner)).json() == {"table": table, "deleted": True}
    assert client.get(f"/api/tables/{table}/view").status_code == 404
    assert not (server.store / f"{table}.jsonl").exists()
    server.stop()
    server.start()
    assert httpx.get(f"{server.url}/api/tables/{table}/view", timeout=30).status_code == 404


def test_the_owner_token_survives_a_restart(client: httpx.Client, server: Server) -> None:
    made = _war(client)
    server.stop()
    server.start()
    reply = httpx.delete(
        f"{server.url}/api/tables/{made['table']}", headers=bearer(str(made["owner_token"])), timeout=30
    )
    assert reply.status_code == 200


def test_a_client_holds_only_so_many_open_tables(tmp_path: Path) -> None:
    srv = Server(port=free_port(), store=tmp_path / "store", args=("--max-tables-per-client", "2"))
    srv.start()
    try:
        with httpx.Client(base_url=srv.url, timeout=30) as c:
            first, _ = _war(c), _war(c)
            third = c.post("/api/tables", json={"variant": "war", "players": 2, "seed": 1, "practice": True})
            assert third.status_code == 429 and "limit is 2" in third.json()["error"]
            assert len(c.get("/api/tables").json()["tables"]) == 2
            c.delete(f"/api/tables/{first['table']}", headers=bearer(str(first["owner_token"])))
            assert (
                c.post("/api/tables", json={"variant": "war", "players": 2, "seed": 1, "practice": True}).status_code
                == 201
            )
    finally:
        srv.stop()


def test_idle_tables_expire(tmp_path: Path) -> None:
    srv = Server(port=free_port(), store=tmp_path / "store", args=("--idle-expiry", "1"))
    srv.start()
    try:
        with httpx.Client(base_url=srv.url, timeout=30) as c:
            made = _war(c)
            _wait_until_gone(c, str(made["table"]), "the idle table never expired")
        assert not (srv.store / f"{made['table']}.jsonl").exists()
    finally:
        srv.stop()


def test_finished_tables_expire_and_open_ones_stay(tmp_path: Path) -> None:
    srv = Server(port=free_port(), store=tmp_path / "store", args=("--finished-expiry", "1"))
    srv.start()
    try:
        with httpx.Client(base_url=srv.url, timeout=30) as c:
            done = c.post(
                "/api/tables", json={"variant": "war", "players": 2, "seed": 1, "bots": {"0": "random", "1": "random"}}
            ).json()
            view = c.get(f"/api/tables/{done['table']}/view").json()
            assert view["over"], view
            open_table = _war(c)
            _wait_until_gone(c, str(done["table"]), "the finished table never expired")
            assert c.get(f"/api/tables/{open_table['table']}/view").status_code == 200
    finally:
        srv.stop()
