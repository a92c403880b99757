"""The JSON API against a real server on loopback: tables, seats and tokens, views,
actions, replays, the WebSocket push, and every refusal (4xx JSON naming the problem,
the game unchanged)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import hoyle
import httpx
from hoyle.engine import Game
from server_helpers import Server, bearer
from websockets.sync.client import connect


def _holdem(client: httpx.Client, **extra: Any) -> tuple[str, str]:
    made = client.post("/api/tables", json={"variant": "texas-holdem", "seed": 11, "bots": {"1": "poker"}, **extra})
    assert made.status_code == 201, made.text
    body = made.json()
    assert [s["seat"] for s in body["seats"]] == [0]
    return body["table"], body["seats"][0]["token"]


def test_a_table_plays_to_the_end_and_replays(client: httpx.Client) -> None:
    table, token = _holdem(client)
    state = client.get(f"/api/tables/{table}/view", headers=bearer(token)).json()
    assert state["seat"] == 0 and state["view"]["zones"]["hole:0"]["cards"] is not None
    assert state["view"]["zones"]["hole:1"]["cards"] is None  # the bot's cards
    actions = 0
    while not state["over"]:
        legal = [a["text"] for a in state["legal_actions"]]
        choice = next((a for a in ("check", "call") if a in legal), legal[0])
        reply = client.post(f"/api/tables/{table}/actions", headers=bearer(token), json={"action": choice})
        assert reply.status_code == 200, reply.text
        state = reply.json()
        assert state["events"][0] == {"type": "action", "seat": 0, "action": choice}
        actions += 1
    record = json.loads(client.get(f"/api/tables/{table}/replay").text)
    # the record replays, in the engine, to the server's result; our actions are in it
    replayed = Game.from_json(json.dumps(record))
    assert replayed.result == state["view"]["result"]
    assert sum(1 for seat, _ in record["actions"] if seat == 0) == actions
    # an independent check of the same game: the same seed and actions in a fresh engine
    fresh = hoyle.new_game("texas-holdem", players=2, seed=11)
    for seat, text in record["actions"]:
        fresh.act(text, seat=seat)
    assert fresh.result == replayed.result


def test_the_spectator_sees_no_hole_cards_and_no_stock(client: httpx.Client) -> None:
    table, _ = _holdem(client)
    state = client.get(f"/api/tables/{table}/view").json()
    assert state["seat"] is None and state["legal_actions"] == []
    zones = state["view"]["zones"]
    assert zones["hole:0"]["cards"] is None and zones["hole:1"]["cards"] is None
    assert zones["deck"]["cards"] is None


def test_refusals_are_json_4xx_and_change_nothing(client: httpx.Client, server: Server) -> None:
    table, token = _holdem(client)
    before = client.get(f"/api/tables/{table}/view", headers=bearer(token)).json()

    def refused(status: int, method: str, path: str, fragment: str, **kw: Any) -> None:
        reply = client.request(method, path, **kw)
        assert reply.status_code == status, (reply.status_code, reply.text)
        body = reply.json()
        assert body["status"] == status and fragment in body["error"], body

    act = f"/api/tables/{table}/actions"
    refused(400, "POST", act, "not JSON", headers=bearer(token), content=b"{not json")
    refused(400, "POST", act, '{"action"', headers=bearer(token), json={"move": "call"})
    refused(401, "POST", act, "needs a seat's token", json={"action": "call"})
    refused(401, "POST", act, "Bearer", headers={"Authorization": "Basic abc"}, json={"action": "call"})
    refused(403, "POST", act, "not a seat's token", headers=bearer(token + "x"), json={"action": "call"})
    refused(422, "POST", act, "outside the legal range", headers=bearer(token), json={"action": "raise to 100000"})
    refused(422, "POST", act, "raise to lots", headers=bearer(token), json={"action": "raise to lots"})
    refused(422, "POST", act, "Zz", headers=bearer(token), json={"action": "discard Zz"})
    refused(400, "POST", act, "action's text", headers=bearer(token), json={"action": 7})
    refused(413, "POST", act, "over", headers=bearer(token), content=b'{"action": "' + b"x" * 70_000 + b'"}')
    refused(404, "GET", "/api/tables/0123456789abcdef/view", "no table '0123456789abcdef'")
    refused(404, "GET", "/api/no/such/thing", "no such endpoint")
    refused(405, "DELETE", f"/api/tables/{table}/view", "not allowed")
    refused(403, "GET", f"/api/tables/{table}/replay", "once the game is over")
    refused(400, "GET", f"/api/tables/{table}/view?since=x", "'since'")
    refused(422, "POST", "/api/tables", "unknown variant", json={"variant": "no-such-game"})
    refused(422, "POST", "/api/tables", "unknown bot", json={"variant": "war", "bots": {"1": "nobody"}})
    refused(422, "POST", "/api/tables", "not a seat", json={"variant": "war", "bots": {"5": "random"}})
    refused(422, "POST", "/api/tables", "does not play", json={"variant": "war", "bots": {"1": "gin"}})
    refused(400, "POST", "/api/tables", "unknown field", json={"variant": "war", "colour": "red"})
    refused(422, "POST", "/api/tables", "option", json={"variant": "war", "options": {"down_cards": "many"}})
    after = client.get(f"/api/tables/{table}/view", headers=bearer(token)).json()
    assert after == before


def test_out_of_turn_is_a_conflict(client: httpx.Client) -> None:
    made = client.post(
        "/api/tables", json={"variant": "texas-holdem", "players": 3, "seed": 2, "practice": True}
    ).json()
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    table = made["table"]
    to_act = client.get(f"/api/tables/{table}/view").json()["view"]["to_act"]
    other = next(s for s in tokens if s != to_act)
    reply = client.post(f"/api/tables/{table}/actions", headers=bearer(tokens[other]), json={"action": "fold"})
    assert reply.status_code == 409 and "seat" in reply.json()["error"]
    # each token acts for its own seat only: the right seat's token works
    ok = client.post(f"/api/tables/{table}/actions", headers=bearer(tokens[to_act]), json={"action": "fold"})
    assert ok.status_code == 200 and ok.json()["events"][0]["seat"] == to_act


def test_tokens_are_secret_unguessable_and_never_stored(client: httpx.Client, server: Server) -> None:
    made = [client.post("/api/tables", json={"variant": "war", "seed": 1, "practice": True}).json() for _ in range(3)]
    tokens = [s["token"] for m in made for s in m["seats"]]
    assert len(set(tokens)) == len(tokens) == 6
    assert all(len(t) >= 43 for t in tokens)  # 32 random bytes, url-safe base64
    logs = "".join(p.read_text() for p in server.store.glob("*.jsonl"))
    assert not any(t in logs for t in tokens)
    # a token of one table is no key to another
    other = made[1]["table"]
    reply = client.post(
        f"/api/tables/{other}/actions", headers=bearer(made[0]["seats"][0]["token"]), json={"action": "play"}
    )
    assert reply.status_code == 403


def test_the_socket_pushes_each_new_view(client: httpx.Client, server: Server) -> None:
    table, token = _holdem(client)

    uri = f"ws://127.0.0.1:{server.port}/ws/tables/{table}"
    with connect(uri) as sock:
        sock.send(json.dumps({"token": token}))
        first = json.loads(sock.recv(timeout=30))
        legal = [a["text"] for a in first["legal_actions"]]
        choice = next(a for a in ("check", "call") if a in legal)
        client.post(f"/api/tables/{table}/actions", headers=bearer(token), json={"action": choice})
        pushed = json.loads(sock.recv(timeout=30))
    assert first["version"] < pushed["version"]
    # the push carries exactly the events since the last message, as seat 0 sees them
    view = client.get(f"/api/tables/{table}/view?since={first['version']}", headers=bearer(token)).json()
    assert pushed["events"] == view["events"][: len(pushed["events"])]
    assert pushed["events"][0]["type"] == "action" and pushed["events"][0]["seat"] == 0


def test_a_socket_with_a_wrong_token_is_refused(client: httpx.Client, server: Server) -> None:
    table, _ = _holdem(client)

    with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table}") as sock:
        sock.send(json.dumps({"token": "wrong"}))
        reply = json.loads(sock.recv(timeout=30))
    assert reply["status"] == 403 and "not a seat's token" in reply["error"]


def test_uploaded_replays_step_through(client: httpx.Client, tmp_path: Path) -> None:
    game = hoyle.new_game("gin-rummy", seed=4, options={"deals": 1})
    bots = [hoyle.make_bot("gin", seed=1), hoyle.make_bot("gin", seed=2)]
    while not game.is_over:
        s = game.to_act
        assert s is not None
        game.act(bots[s].choose(game.view(s), game.legal_actions(s)), s)
    reply = client.post("/api/replays", json={"text": game.to_json()})
    assert reply.status_code == 200, reply.text
    data = reply.json()
    assert len(data["frames"]) == len(game.record["actions"]) + 1
    assert data["result"] == game.result
    last = data["frames"][-1]["view"]["zones"]
    # a finished game is shown face up: every card of the pack is somewhere, visible
    assert sum(len(z["cards"]) for z in last.values()) == 52
    bad = client.post("/api/replays", json={"text": '{"variant": "gin-rummy"}'})
    assert bad.status_code == 422 and "not a hoyle game record" in bad.json()["error"]


def test_variants_list_the_bots_that_play_each_and_their_levels(client: httpx.Client) -> None:
    from hoyle.plugins import default_registry

    registry = default_registry()
    listed = {v["name"]: v for v in client.get("/api/variants").json()["variants"]}
    assert set(listed) == set(registry.variants)
    for name, v in listed.items():
        names = [b["name"] for b in v["bots"]]
        assert "random" in names and v["default_bot"] in names, name
        for bot in v["bots"]:  # a bot listed can be seated, at each level listed
            for spec in [bot["name"], *(f"{bot['name']}:{level}" for level in bot["levels"])]:
                assert registry.make_bot(spec, seed=1) is not None
    gin = {b["name"]: b["levels"] for b in listed["gin-rummy"]["bots"]}
    assert gin["gin"] == ["easy", "medium", "hard"] and gin["random"] == []
    assert "poker" not in gin and listed["gin-rummy"]["default_bot"] == "gin"
    holdem = [b["name"] for b in listed["texas-holdem"]["bots"]]
    assert "poker" in holdem and "gin" not in holdem
    made = client.post("/api/tables", json={"variant": "texas-holdem", "players": 2, "bots": {"1": "gin:hard"}})
    assert made.status_code == 422 and "does not play" in made.json()["error"]


def test_variants_list_each_variants_house_rules_and_their_options(client: httpx.Client) -> None:
    listed = {v["name"]: v for v in client.get("/api/variants").json()["variants"]}
    installed = hoyle.house_rules()
    for name in listed:
        expected = sorted(r for r, rule in installed.items() if not rule.variants or name in rule.variants)
        assert [r["name"] for r in listed[name]["house_rules"]] == expected, name
    (cards_held,) = listed["war"]["house_rules"]
    assert cards_held["name"] == "war-cards-held" and cards_held["options"] == [] and cards_held["description"]
    assert listed["texas-holdem"]["house_rules"] == []
    minimums = {o["name"]: o["minimum"] for o in listed["war"]["options"]}
    assert minimums == {o.name: o.minimum for o in hoyle.variants()["war"].options}
