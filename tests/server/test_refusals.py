"""Issue 31, item 1: every refusal is a JSON 4xx/5xx and changes nothing - deep JSON,
huge player counts, malformed PHH uploads, and a log write that fails (a full disk,
made with a file-size limit on a real server process)."""

from __future__ import annotations

from pathlib import Path

import hoyle
import httpx
import pytest
from hoyle.errors import InvalidOptionError
from server_helpers import Server, bearer, free_port

DEEP = "[" * 30_000 + "]" * 30_000  # under the 64 KiB body limit, far over the depth limit


def _is_json_error(reply: httpx.Response, status: int) -> dict[str, object]:
    assert reply.status_code == status, reply.text
    assert reply.headers["content-type"].startswith("application/json")
    body = reply.json()
    assert body["status"] == status and isinstance(body["error"], str)
    return body


@pytest.mark.parametrize("path", ["/api/tables", "/api/replays"])
def test_deeply_nested_bodies_are_a_json_400(client: httpx.Client, path: str) -> None:
    reply = client.post(path, content=DEEP, headers={"content-type": "application/json"})
    assert "nested deeper" in str(_is_json_error(reply, 400)["error"])


def test_a_deep_action_body_is_refused_and_the_table_unchanged(client: httpx.Client) -> None:
    made = client.post("/api/tables", json={"variant": "war", "players": 2, "seed": 3, "practice": True}).json()
    token = made["seats"][0]["token"]
    before = client.get(f"/api/tables/{made['table']}/view", headers=bearer(token)).json()
    reply = client.post(f"/api/tables/{made['table']}/actions", content=DEEP, headers=bearer(token))
    _is_json_error(reply, 400)
    assert client.get(f"/api/tables/{made['table']}/view", headers=bearer(token)).json() == before


def test_a_deep_hoyle_record_upload_is_a_json_422(client: httpx.Client) -> None:
    reply = client.post("/api/replays", json={"text": '{"a": ' + DEEP + "}", "format": "hoyle"})
    assert "nested deeper" in str(_is_json_error(reply, 422)["error"])


def test_a_billion_players_is_refused_before_anything_is_built(client: httpx.Client) -> None:
    reply = client.post("/api/tables", json={"variant": "texas-holdem", "players": 1_000_000_000})
    body = _is_json_error(reply, 422)
    assert "1000000000" in str(body["error"])
    assert client.get("/api/tables").json()["tables"] == []


@pytest.mark.parametrize("house_rules", [(), ("no-such-rule",)])
def test_the_engine_checks_the_player_count_before_naming_players(house_rules: tuple[str, ...]) -> None:
    # a billion names would take gigabytes: the refusal must come first (a bad house
    # rule is named before the players, so only the plain path reaches the count)
    with pytest.raises((InvalidOptionError, LookupError)) as caught:
        hoyle.new_game("texas-holdem", players=1_000_000_000, house_rules=list(house_rules))
    if not house_rules:
        assert "1000000000" in str(caught.value)


@pytest.mark.parametrize(
    "text",
    [
        "variant = 'NT'\nstarting_stacks = ['x', 200]\nblinds_or_straddles = [1, 2]\nactions = []\n",
        "variant = 'NT'\nstarting_stacks = [200, 200]\nblinds_or_straddles = [1, 2]\nactions = [5]\n",
        "this is not = = toml [[[",
    ],
)
def test_a_malformed_phh_upload_is_a_json_422(client: httpx.Client, text: str) -> None:
    _is_json_error(client.post("/api/replays", json={"text": text, "format": "phh"}), 422)


def test_a_record_with_bad_actions_is_a_json_422(client: httpx.Client) -> None:
    record = hoyle.new_game("war", players=2, seed=1).to_json()
    bad = record.replace('"actions":[]', '"actions":[5]').replace('"actions": []', '"actions": [5]')
    assert bad != record
    _is_json_error(client.post("/api/replays", json={"text": bad, "format": "hoyle"}), 422)


def _play_until_refused(client: httpx.Client, table: str, tokens: list[str]) -> tuple[int, dict[str, object]]:
    """Act (any seat that can) until an action is refused; returns how many were
    acknowledged and the refusal's body."""
    for acked in range(10_000):
        for token in tokens:
            state = client.get(f"/api/tables/{table}/view", headers=bearer(token)).json()
            if state["legal_actions"]:
                break
        assert not state["over"], "the game ended before the disk filled"
        action = state["legal_actions"][0]["text"]
        reply = client.post(f"/api/tables/{table}/actions", headers=bearer(token), json={"action": action})
        if reply.status_code != 200:
            body = _is_json_error(reply, 503)
            after = client.get(f"/api/tables/{table}/view", headers=bearer(token)).json()
            assert after == state, "a refused action changed the table"
            again = client.post(f"/api/tables/{table}/actions", headers=bearer(token), json={"action": action})
            _is_json_error(again, 503)
            return acked, body
    raise AssertionError("the file-size limit was never reached")


def test_a_failed_log_write_is_a_refused_action(tmp_path: Path) -> None:
    store = tmp_path / "store"
    full = Server(port=free_port(), store=store, fsize=2_000)
    full.start()
    try:
        with httpx.Client(base_url=full.url, timeout=30) as client:
            made = client.post("/api/tables", json={"variant": "war", "players": 2, "seed": 5, "practice": True}).json()
            tokens = [s["token"] for s in made["seats"]]
            acked, body = _play_until_refused(client, made["table"], tokens)
            assert "not taken" in str(body["error"])
            last = client.get(f"/api/tables/{made['table']}/view").json()
    finally:
        full.stop()
    log = (store / f"{made['table']}.jsonl").read_text()
    assert log.endswith("\n") and len(log.splitlines()) == 1 + acked  # no partial line left
    again = Server(port=free_port(), store=store)
    again.start()
    try:
        restored = httpx.get(f"{again.url}/api/tables/{made['table']}/view", timeout=30).json()
        assert restored == last
    finally:
        again.stop()
