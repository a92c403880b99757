"""Issue 31: an adversarial probe of every endpoint of a real server on loopback.

Junk goes at every HTTP endpoint and the socket - wrong types, negative and huge
numbers, ``NaN``, lone surrogates, unknown games and options, oversized and malformed
bodies, bad tokens - and every answer must be JSON with a 4xx status that names the bad
value: never a 500, never a plain-text page, never a traceback on the server's standard
error, and the tables as they were (every seat's view, the table list, the logs on disk).
Hypothesis makes the junk where it is natural; the cases known to have broken the server
are listed by hand.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import hoyle
import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import Server, bearer, free_port
from websockets.sync.client import connect

PROBE = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


class Room:
    """A server with two tables in play (war between two people, hold'em against a bot)
    and a way to see that nothing changed."""

    def __init__(self, server: Server, client: httpx.Client) -> None:
        self.server, self.client = server, client
        war = client.post("/api/tables", json={"variant": "war", "seed": 5, "practice": True}).json()
        holdem = client.post("/api/tables", json={"variant": "texas-holdem", "seed": 3, "bots": {"1": "random"}}).json()
        self.war, self.holdem = war["table"], holdem["table"]
        self.tokens = {self.war: [s["token"] for s in war["seats"]], self.holdem: [holdem["seats"][0]["token"]]}
        self.owner = {self.war: war["owner_token"], self.holdem: holdem["owner_token"]}
        self.token = self.tokens[self.war][0]
        self.before = self.snapshot()

    def snapshot(self) -> dict[str, Any]:
        views = {
            (table, i): self.client.get(f"/api/tables/{table}/view?since=0", headers=bearer(token)).json()
            for table, tokens in self.tokens.items()
            for i, token in enumerate(tokens)
        }
        for view in views.values():  # the clock's remaining time is the only thing that moves
            view.pop("clock", None)
        logs = {p.name: p.read_bytes() for p in sorted(self.server.store.glob("*"))}
        return {"views": views, "tables": self.client.get("/api/tables").json(), "logs": logs}

    def unchanged(self) -> None:
        assert self.snapshot() == self.before, "a refused request changed a table"
        assert "Traceback" not in self.server.log(), self.server.log()[-3000:]


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    srv = Server(port=free_port(), store=tmp_path_factory.mktemp("probe") / "store")
    srv.start()
    try:
        with httpx.Client(base_url=srv.url, timeout=30) as client:
            yield Room(srv, client)
    finally:
        srv.stop()


def refused(reply: httpx.Response, *named: str) -> dict[str, Any]:
    """A JSON 4xx whose message names each of ``named``."""
    assert 400 <= reply.status_code < 500, f"{reply.status_code}: {reply.text[:500]}"
    assert reply.headers["content-type"].startswith("application/json"), reply.text[:500]
    body = reply.json()
    assert body["status"] == reply.status_code and isinstance(body["error"], str)
    for name in named:
        assert name in body["error"], f"{name!r} not named in {body['error']!r}"
    return body


# --- junk -------------------------------------------------------------------------------

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([-1, 0, 2**31, 2**63, 2**64, -(2**64), 10**20])
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
junk = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8,
)
#: JSON texts the strict reader refuses, each with what the refusal names.
BAD_JSON = [
    (b'{"variant": "war", "seed": NaN}', "NaN"),
    (b'{"variant": "war", "seed": Infinity}', "Infinity"),
    (b'{"variant": "war", "seed": -Infinity}', "Infinity"),
    (b'{"variant": "war", "seed": 1e400}', "1e400"),
    (b'{"variant": "war", "seed": ' + b"1" * 5000 + b"}", "5000 digits"),
    (b'{"variant": "war", "players": ["\\ud800", "b"]}', "surrogate"),
    (b'{"variant": "\\udfff"}', "surrogate"),
    (b'{"variant": "war"', "not JSON"),
    (b"\xff\xfe\x00junk", "not JSON"),
    (b"[" * 40 + b"]" * 40, "nested deeper"),
]


@pytest.mark.parametrize(("body", "named"), BAD_JSON)
@pytest.mark.parametrize("path", ["/api/tables", "/api/replays", "actions"])
def test_json_that_is_not_strict_json_is_a_400(room: Room, path: str, body: bytes, named: str) -> None:
    url = f"/api/tables/{room.war}/actions" if path == "actions" else path
    refused(room.client.post(url, content=body, headers=bearer(room.token)), named)
    room.unchanged()


#: Table requests each refused, with what the refusal must name.
BAD_TABLES: list[tuple[dict[str, Any], tuple[str, ...]]] = [
    ({"variant": "texas-holdem", "stacks": [0, 0]}, ("stacks", "[0, 0]")),
    ({"variant": "texas-holdem", "stacks": [200, 0]}, ("stacks",)),
    ({"variant": "texas-holdem", "stacks": [-5, 100]}, ("stacks", "-5")),
    ({"variant": "texas-holdem", "stacks": [10**30, 100]}, ("stacks",)),
    ({"variant": "texas-holdem", "stacks": [True, 100]}, ("stacks", "True")),
    ({"variant": "texas-holdem", "stacks": [100]}, ("stacks", "2")),
    ({"variant": "texas-holdem", "stacks": "200"}, ("stacks",)),
    ({"variant": "texas-holdem", "players": 1_000_000_000}, ("1000000000",)),
    ({"variant": "texas-holdem", "players": -1}, ("-1",)),
    ({"variant": "texas-holdem", "players": 2.5}, ("2.5",)),
    ({"variant": "texas-holdem", "players": True}, ("True",)),
    ({"variant": "texas-holdem", "players": ["a", "a"]}, ("'a'",)),
    ({"variant": "texas-holdem", "players": ["", "b"]}, ("''",)),
    ({"variant": "texas-holdem", "players": ["x" * 5000, "b"]}, ("players",)),
    ({"variant": "texas-holdem", "players": ["a\nb", "c"]}, ("'a\\nb'",)),
    ({"variant": "texas-holdem", "players": [1, 2]}, ("players",)),
    ({"variant": "no-such-game"}, ("'no-such-game'",)),
    ({"variant": 5}, ("5",)),
    ({}, ("None",)),
    ({"variant": "war", "colour": "red"}, ("colour",)),
    ({"variant": "texas-holdem", "options": {"no_such_option": 1}}, ("no_such_option",)),
    ({"variant": "texas-holdem", "options": {"big_blind": -2}}, ("big_blind", "-2")),
    ({"variant": "texas-holdem", "options": {"big_blind": "two"}}, ("big_blind",)),
    ({"variant": "texas-holdem", "options": []}, ("options",)),
    ({"variant": "texas-holdem", "house_rules": ["no-such-rule"]}, ("no-such-rule",)),
    ({"variant": "texas-holdem", "house_rules": "no-such-rule"}, ("house_rules",)),
    ({"variant": "texas-holdem", "bots": {"1": "no-such-bot"}}, ("no-such-bot",)),
    ({"variant": "texas-holdem", "bots": {"5": "random"}}, ("5",)),
    ({"variant": "texas-holdem", "bots": {"-1": "random"}}, ("'-1'",)),
    ({"variant": "texas-holdem", "bots": {"\u0663": "random"}}, ("bots",)),
    ({"variant": "texas-holdem", "bots": {"1": "random", "01": "random"}}, ("'01'",)),
    ({"variant": "texas-holdem", "bots": {"99999999999999999999": "random"}}, ("bots",)),
    ({"variant": "texas-holdem", "bots": {"1": 5}}, ("bots",)),
    ({"variant": "war", "bots": {"1": "gin"}}, ("gin",)),
    ({"variant": "texas-holdem", "seed": -1}, ("-1",)),
    ({"variant": "texas-holdem", "seed": 2**64}, (str(2**64),)),
    ({"variant": "texas-holdem", "seed": 7}, ("seed",)),
    ({"variant": "texas-holdem", "seed": "7", "practice": True}, ("'7'",)),
    ({"variant": "texas-holdem", "practice": "yes"}, ("'yes'",)),
    ({"variant": "texas-holdem", "clock": {"seconds": 0}}, ("seconds",)),
    ({"variant": "texas-holdem", "clock": {"seconds": -5}}, ("-5",)),
    ({"variant": "texas-holdem", "clock": {"seconds": 10**9}}, ("1000000000",)),
    ({"variant": "texas-holdem", "clock": {"seconds": 5, "bank": -1}}, ("bank",)),
    ({"variant": "texas-holdem", "clock": 30}, ("clock",)),
]


@pytest.mark.parametrize(("request_", "named"), BAD_TABLES)
def test_a_bad_table_request_is_a_4xx_naming_the_value(
    room: Room, request_: dict[str, Any], named: tuple[str, ...]
) -> None:
    refused(room.client.post("/api/tables", json=request_), *named)
    room.unchanged()


FIELD_NAMES = ("variant", "players", "options", "house_rules", "seed", "practice", "bots", "stacks", "clock")


@PROBE
@given(field=st.sampled_from(FIELD_NAMES), value=junk)
def test_junk_in_any_field_of_a_table_request_is_never_a_500(room: Room, field: str, value: Any) -> None:
    request = {"variant": "texas-holdem", "players": 2, "bots": {"1": "random"}, field: value}
    reply = room.client.post("/api/tables", json=request)
    if reply.status_code == 201:  # the junk happened to be a valid value: the table is real
        made = reply.json()
        state = room.client.get(f"/api/tables/{made['table']}/view").json()
        assert state["view"]["variant"] == request["variant"]
        gone = room.client.delete(f"/api/tables/{made['table']}", headers=bearer(made["owner_token"]))
        assert gone.status_code == 200, gone.text
    else:
        refused(reply)
    assert "Traceback" not in room.server.log()


@PROBE
@given(body=junk)
def test_junk_action_bodies_are_refused_and_change_nothing(room: Room, body: Any) -> None:
    reply = room.client.post(f"/api/tables/{room.war}/actions", json=body, headers=bearer(room.token))
    refused(reply)
    room.unchanged()


@PROBE
@given(text=st.text(max_size=40) | st.sampled_from(["\x00", "play" * 10_000, " ", "bet -1", "raise to 1e9"]))
def test_junk_action_text_is_a_4xx_and_changes_nothing(room: Room, text: str) -> None:
    # at the hold'em table (the human to act, legal actions to mistype): nothing but the
    # legal texts is taken, and those the probe leaves out
    state = room.client.get(f"/api/tables/{room.holdem}/view", headers=bearer(room.tokens[room.holdem][0])).json()
    if text in {a["text"] for a in state["legal_actions"]} or text.strip() in {"fold", "call", "check"}:
        return
    token = room.tokens[room.holdem][0]
    reply = room.client.post(f"/api/tables/{room.holdem}/actions", json={"action": text}, headers=bearer(token))
    if reply.status_code == 200:  # a spelling of a legal action (case, spaces): undo by hand is impossible
        pytest.fail(f"the probe took {text!r} as a legal action; keep it out of the probe")
    refused(reply)
    room.unchanged()


@PROBE
@given(since=st.text(max_size=30) | st.sampled_from(["-1", "²", "٣", "1" * 5000, "99999999999999", "1.5", "0x10"]))
def test_junk_since_is_a_400_naming_it(room: Room, since: str) -> None:
    reply = room.client.get(f"/api/tables/{room.war}/view", params={"since": since})
    if (
        since.isascii()
        and since.isdigit()
        and len(since) <= 12
        and int(since) <= room.before["views"][(room.war, 0)]["version"]
    ):
        assert reply.status_code == 200
        return
    refused(reply, "since")
    room.unchanged()


BAD_AUTH = [
    ("Bearer", "Bearer <token>"),
    ("Basic dXNlcjpwYXNz", "Bearer <token>"),
    ("Bearer not-a-token", "not a seat's token"),
    ("Bearer " + "x" * 8000, "not a seat's token"),
    ("bearer \xff\xfe", "not a seat's token"),
]


@pytest.mark.parametrize(("header", "named"), BAD_AUTH)
@pytest.mark.parametrize("endpoint", ["view", "actions", "delete"])
def test_a_bad_token_is_a_401_or_403_and_changes_nothing(room: Room, header: str, named: str, endpoint: str) -> None:
    headers = {"Authorization": header.encode("latin-1")}
    url = f"/api/tables/{room.war}"
    if endpoint == "view":
        reply = room.client.get(f"{url}/view", headers=headers)
    elif endpoint == "actions":
        reply = room.client.post(f"{url}/actions", json={"action": "play"}, headers=headers)
    else:
        reply = room.client.delete(url, headers=headers)
        named = "owner token" if "seat's" in named else named
    assert refused(reply, named)["status"] in (401, 403)
    room.unchanged()


def test_another_tables_token_opens_nothing_here(room: Room) -> None:
    other = room.tokens[room.holdem][0]
    refused(
        room.client.post(f"/api/tables/{room.war}/actions", json={"action": "play"}, headers=bearer(other)), "token"
    )
    refused(room.client.delete(f"/api/tables/{room.war}", headers=bearer(room.token)), "owner token")
    room.unchanged()


@pytest.mark.parametrize(
    ("method", "path", "named"),
    [
        ("GET", "/api/tables/0123456789abcdef/view", "0123456789abcdef"),
        ("GET", "/api/tables/../../etc/passwd/view", "no such endpoint"),
        ("GET", "/api/tables/%00/view", "'\\x00'"),
        ("POST", "/api/tables/nope/actions", "'nope'"),
        ("GET", "/api/tables/nope/replay", "'nope'"),
        ("GET", "/api/tables/nope/record", "'nope'"),
        ("DELETE", "/api/tables/nope", "'nope'"),
        ("GET", "/api/nothing", "no such endpoint"),
        ("GET", "/static/../tables.py", "no such endpoint"),
        ("PUT", "/api/tables", "PUT"),
        ("DELETE", "/api/tables", "DELETE"),
        ("GET", "/api/replays", "GET"),
    ],
)
def test_unknown_tables_endpoints_and_methods_are_json(room: Room, method: str, path: str, named: str) -> None:
    refused(room.client.request(method, path, headers=bearer(room.token)), named)
    room.unchanged()


def test_a_replay_or_record_asked_for_too_early_is_a_403(room: Room) -> None:
    for endpoint in ("replay", "record"):
        refused(room.client.get(f"/api/tables/{room.war}/{endpoint}"), "once the game is over")
    room.unchanged()


@pytest.mark.parametrize("path", ["/api/tables", "/api/replays", "actions"])
def test_an_oversized_body_is_a_413_whatever_the_length_header_says(room: Room, path: str) -> None:
    url = f"/api/tables/{room.war}/actions" if path == "actions" else path
    big = b'{"text": "' + b"x" * (5 * 1024 * 1024) + b'"}'
    refused(room.client.post(url, content=big, headers=bearer(room.token)), "over")
    # a chunked body (no Content-Length) is counted as it arrives
    refused(room.client.post(url, content=iter([big[:70_000], big[70_000:]]), headers=bearer(room.token)), "over")
    room.unchanged()


@pytest.mark.parametrize("length", ["-1", "abc", "1e3", "\xb2"])
def test_a_bad_content_length_is_a_400(room: Room, length: str) -> None:
    with socket.create_connection(("127.0.0.1", room.server.port), timeout=30) as sock:
        sock.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: " + length.encode("latin-1") + b"\r\nConnection: close\r\n\r\n{}"
        )
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    status = int(answer.split(b" ", 2)[1])
    assert 400 <= status < 500, answer[:300]  # uvicorn's own parser refuses most before hoyle sees them
    room.unchanged()


# --- replay uploads ---------------------------------------------------------------------


def _record() -> dict[str, Any]:
    game = hoyle.new_game("war", players=2, seed=1)
    for _ in range(4):
        game.act("play", seat=game.to_act)
    return dict(json.loads(game.to_json()))


RECORD_FIELDS = ("variant", "players", "seed", "options", "house_rules", "decks", "stacks", "actions")


@PROBE
@given(field=st.sampled_from(RECORD_FIELDS), value=junk)
def test_a_record_with_junk_in_a_field_is_a_4xx_never_a_500(room: Room, field: str, value: Any) -> None:
    record = {**_record(), field: value}
    reply = room.client.post("/api/replays", json={"text": json.dumps(record), "format": "hoyle"})
    if reply.status_code != 200:
        refused(reply)
    assert "Traceback" not in room.server.log()


@PROBE
@given(seat=junk, text=junk)
def test_a_record_with_junk_actions_is_a_4xx_naming_the_action(room: Room, seat: Any, text: Any) -> None:
    record = _record()
    record["actions"] = [*record["actions"], [seat, text]]
    reply = room.client.post("/api/replays", json={"text": json.dumps(record), "format": "hoyle"})
    refused(reply, "action 4")
    assert "Traceback" not in room.server.log()


@pytest.mark.parametrize(
    ("record", "named"),
    [
        ({"actions": 5}, "actions"),
        ({"actions": [[10**30, "play"]]}, "action 0"),
        ({"actions": [[True, "play"]]}, "action 0"),
        ({"actions": [[-1, "play"]]}, "action 0"),
        ({"seed": -1}, "seed"),
        ({"players": ["a"] * 100}, "players"),
        ({"stacks": [10**30, 1]}, "stacks"),
        ({"options": {"no_such_option": 1}}, "no_such_option"),
        ({"options": []}, "options"),
        ({"variant": "no-such-game"}, "no-such-game"),
    ],
)
def test_known_bad_records_are_a_4xx_naming_the_field(room: Room, record: dict[str, Any], named: str) -> None:
    reply = room.client.post("/api/replays", json={"text": json.dumps({**_record(), **record}), "format": "hoyle"})
    refused(reply, named)
    assert "Traceback" not in room.server.log()


@PROBE
@given(text=st.text(max_size=200), fmt=st.sampled_from([None, "phh", "hoyle"]))
def test_junk_text_to_the_replay_reader_is_a_4xx(room: Room, text: str, fmt: str | None) -> None:
    reply = room.client.post("/api/replays", json={"text": text, **({"format": fmt} if fmt else {})})
    refused(reply)
    assert "Traceback" not in room.server.log()


@pytest.mark.parametrize(
    "body",
    [{"text": 5}, {"text": "x", "format": 5}, {"text": "x", "format": "ohh"}, {"text": "x", "extra": 1}, [], "text"],
)
def test_a_bad_upload_body_is_a_400(room: Room, body: Any) -> None:
    refused(room.client.post("/api/replays", json=body))


# --- the socket -------------------------------------------------------------------------


def _first_answer(room: Room, table: str, message: str | bytes | None) -> tuple[dict[str, Any], int | None]:
    with connect(f"ws://127.0.0.1:{room.server.port}/ws/tables/{table}", max_size=2**24) as sock:
        if message is not None:
            sock.send(message)
        answer = json.loads(sock.recv(timeout=30))
        if "error" in answer:
            with pytest.raises(Exception):  # noqa: B017 - the server closes it: ConnectionClosed
                sock.recv(timeout=30)
        return answer, sock.close_code


@pytest.mark.parametrize(
    ("message", "named"),
    [
        ("not json", "not JSON"),
        ("[" * 100 + "]" * 100, "nested deeper"),
        ('{"token": NaN}', "NaN"),
        ('{"token": "\\ud800"}', "surrogate"),
        ('{"token": 5}', "5"),
        ('{"token": ""}', "''"),
        ('{"token": "nope"}', "not a seat's token"),
        ('{"token": null, "seat": 0}', "seat"),
        ("[]", "[]"),
        (b"\x00\x01 binary", "text"),
    ],
)
def test_a_bad_first_socket_message_is_a_json_4xx_then_the_socket_closes(
    room: Room, message: str | bytes, named: str
) -> None:
    answer, code = _first_answer(room, room.war, message)
    assert 400 <= answer["status"] < 500 and named in answer["error"], answer
    assert code == 4000 + answer["status"]
    room.unchanged()


@PROBE
@given(first=junk)
def test_junk_first_socket_messages_never_break_the_socket(room: Room, first: Any) -> None:
    answer, code = _first_answer(room, room.war, json.dumps(first))
    if "error" not in answer:  # {"token": null} or {}: a spectator is pushed the state
        assert answer["seat"] is None
        return
    assert 400 <= answer["status"] < 500 and code == 4000 + answer["status"]
    assert "Traceback" not in room.server.log()


def test_an_unknown_tables_socket_is_a_404_message(room: Room) -> None:
    answer, code = _first_answer(room, "nope", None)  # refused before the first message
    assert answer["status"] == 404 and "'nope'" in answer["error"] and code == 4404


def test_an_oversized_socket_message_closes_the_socket(room: Room) -> None:
    with connect(f"ws://127.0.0.1:{room.server.port}/ws/tables/{room.war}", max_size=2**24) as sock:
        sock.send(json.dumps({"token": "x" * 200_000}))
        with pytest.raises(Exception):  # noqa: B017 - closed (1009, message too big)
            sock.recv(timeout=30)
    room.unchanged()


def test_the_probe_left_every_table_as_it_was(room: Room) -> None:
    room.unchanged()
    assert Path(room.server.store, f"{room.war}.jsonl").exists()
