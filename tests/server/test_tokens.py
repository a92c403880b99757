"""Issue 31, item 7: tokens only in the Authorization header (HTTP) and the socket's
first message; a token in the URL is refused with a message saying where it goes."""

from __future__ import annotations

import json

import httpx
import pytest
from server_helpers import Server, bearer
from websockets.sync.client import connect


def _war(client: httpx.Client) -> tuple[str, str]:
    made = client.post("/api/tables", json={"variant": "war", "players": 2, "seed": 2, "bots": {"1": "random"}}).json()
    return made["table"], made["seats"][0]["token"]


@pytest.mark.parametrize("endpoint", ["view", "replay"])
def test_a_token_in_the_url_is_refused_over_http(client: httpx.Client, endpoint: str) -> None:
    table, token = _war(client)
    reply = client.get(f"/api/tables/{table}/{endpoint}?token={token}")
    assert reply.status_code == 400
    assert "Authorization: Bearer <token>" in reply.json()["error"]
    assert client.get(f"/api/tables/{table}/view", headers=bearer(token)).json()["seat"] == 0


def test_a_token_in_the_url_refuses_an_action_and_changes_nothing(client: httpx.Client) -> None:
    table, token = _war(client)
    before = client.get(f"/api/tables/{table}/view", headers=bearer(token)).json()
    reply = client.post(f"/api/tables/{table}/actions?token={token}", json={"action": "play"})
    assert reply.status_code == 400 and "Authorization" in reply.json()["error"]
    assert client.get(f"/api/tables/{table}/view", headers=bearer(token)).json() == before


def test_a_token_in_the_socket_url_is_refused(client: httpx.Client, server: Server) -> None:
    table, token = _war(client)
    with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table}?token={token}") as sock:
        reply = json.loads(sock.recv(timeout=30))
    assert reply["status"] == 400 and "first message" in reply["error"]


def test_the_first_message_carries_the_token_or_null_to_watch(client: httpx.Client, server: Server) -> None:
    table, token = _war(client)
    for given, seat in ((token, 0), (None, None)):
        with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table}") as sock:
            sock.send(json.dumps({"token": given}))
            assert json.loads(sock.recv(timeout=30))["seat"] == seat
