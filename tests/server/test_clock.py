"""Action clocks (issue 31 item 5): seconds per action plus a time bank, enforced by the
server; a seat out of time plays the variant's default action (check, else fold; in
rummy, draw from the stock and discard the card drawn), logged as a time-out.

The rules are checked on a :class:`TableRoom` with a clock the test moves by hand (no
waiting, no wall-clock thresholds); the last tests run a real server on loopback, where
nobody acts and the server's own clock plays the default."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from hoyle.server import TableError, TableRoom, TableStore
from server_helpers import Server, bearer
from websockets.sync.client import connect


class Hand:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def _room(tmp_path: Path, hand: Hand) -> TableRoom:
    return TableRoom(TableStore(tmp_path / "store"), now=hand)


def _holdem(room: TableRoom, clock: dict[str, float]) -> tuple[str, dict[int, str]]:
    return room.create({"variant": "texas-holdem", "players": 2, "clock": clock})


def _last(room: TableRoom, table: str) -> list[Any]:
    return list(room.tables[table].game.record["actions"][-1])


def test_a_seat_out_of_time_folds_facing_a_bet_after_its_seconds_and_its_bank(tmp_path: Path) -> None:
    hand = Hand()
    room = _room(tmp_path, hand)
    table, _ = _holdem(room, {"seconds": 10, "bank": 5})
    small_blind = room.tables[table].game.to_act  # heads-up: the small blind acts first, facing the big blind
    before = len(room.tables[table].game.record["actions"])
    hand.t += 14.9
    room.tick()
    assert len(room.tables[table].game.record["actions"]) == before  # 10 s and 5 s of bank: not yet
    hand.t += 0.1
    room.tick()
    assert _last(room, table) == [small_blind, "fold"] and room.tables[table].game.is_over
    assert [(t["seat"], t["action"]) for t in room.tables[table].timeouts] == [(small_blind, "fold")]
    line = json.loads((tmp_path / "store" / f"{table}.jsonl").read_text().splitlines()[-1])
    assert line == {"seat": small_blind, "action": "fold", "timeout": True, "bank": 0.0}


def test_time_over_the_seconds_comes_out_of_the_bank_and_a_late_action_is_refused(tmp_path: Path) -> None:
    hand = Hand()
    room = _room(tmp_path, hand)
    table, _ = _holdem(room, {"seconds": 10, "bank": 5})
    game = room.tables[table].game
    sb = game.to_act
    assert sb is not None
    bb = 1 - sb
    hand.t += 12
    room.act(table, sb, "call")  # 2 s over: 3 s of bank left
    assert room.state(table, sb)["clock"]["banks"][str(sb)] == 3.0
    hand.t += 1
    room.act(table, bb, "check")
    assert game.to_act == bb  # the flop: the big blind first, heads-up
    room.act(table, bb, "check")
    assert room.tables[table].game.to_act == sb
    hand.t += 12.9  # 10 s and the 3 s left
    room.tick()
    assert room.tables[table].game.to_act == sb
    hand.t += 0.1
    with pytest.raises(TableError) as refused:
        room.act(table, sb, "bet 10")  # too late: the default (check, nothing to call) comes first
    assert refused.value.status == 409
    assert _last(room, table) == [sb, "check"]
    # a restarted room has the time-outs and the banks back from the log
    again = _room(tmp_path, hand)
    assert [(t["seat"], t["action"]) for t in again.tables[table].timeouts] == [(sb, "check")]
    clock = again.tables[table].clock
    assert clock is not None and clock.banks == {sb: 0.0, bb: 5.0}


def test_in_gin_a_seat_out_of_time_passes_the_upcard_then_draws_from_the_stock_and_discards_that_card(
    tmp_path: Path,
) -> None:
    hand = Hand()
    room = _room(tmp_path, hand)
    table, _ = room.create({"variant": "gin-rummy", "players": 2, "options": {"deals": 1}, "clock": {"seconds": 5}})
    game = room.tables[table].game
    for _ in range(2):  # the upcard offered to each player in turn: declined
        seat = game.to_act
        hand.t += 5
        room.tick()
        assert _last(room, table) == [seat, "pass"]
    seat = room.tables[table].game.to_act
    game = room.tables[table].game
    start = len(game.events)
    hand.t += 5
    room.tick()
    drew, discarded = game.record["actions"][-2:]
    assert drew == [seat, "draw stock"]
    drawn = [e for e in game.events[start:] if e.type == "draw" and e.seat == seat]
    assert len(drawn) == 1 and discarded == [seat, f"discard {drawn[0].cards[-1]}"]
    assert [t["action"] for t in room.tables[table].timeouts][-2:] == ["draw stock", discarded[1]]
    # a seat that drew in time and then ran out discards the card it drew
    other = game.to_act
    assert other is not None and other != seat
    start = len(game.events)
    room.act(table, other, "draw stock")
    card = next(e for e in game.events[start:] if e.type == "draw").cards[-1]
    hand.t += 5
    room.tick()
    assert _last(room, table) == [other, f"discard {card}"]
    log = room.state(table, other, since=start)["log"]
    assert "You ran out of time" in log and log.index("You ran out of time") < len(log) - 1


@pytest.mark.parametrize(
    "clock",
    [{"seconds": 0}, {"seconds": "ten"}, {"seconds": 5, "extra": 1}, {"bank": 5}, {"seconds": 1e9}, [5], True],
)
def test_a_bad_clock_is_refused_naming_it_and_nothing_is_made(tmp_path: Path, clock: Any) -> None:
    room = _room(tmp_path, Hand())
    with pytest.raises(TableError, match="clock") as refused:
        room.create({"variant": "texas-holdem", "players": 2, "clock": clock})
    assert refused.value.status == 400
    assert room.tables == {} and list((tmp_path / "store").glob("*.jsonl")) == []


def _until(check: Any, what: str) -> Any:
    deadline = time.monotonic() + 60  # a hang guard, not a timing check
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"never: {what}")


def test_the_real_server_plays_the_default_when_nobody_acts_and_a_reconnected_seat_resumes(
    server: Server, client: httpx.Client
) -> None:
    made = client.post(
        "/api/tables", json={"variant": "texas-holdem", "players": 2, "clock": {"seconds": 1, "bank": 0.5}}
    ).json()
    table, tokens = made["table"], [s["token"] for s in made["seats"]]
    first = client.get(f"/api/tables/{table}/view", headers=bearer(tokens[0])).json()
    assert first["clock"]["seconds"] == 1 and first["clock"]["to_act"] == first["view"]["to_act"]
    url = server.url.replace("http", "ws") + f"/ws/tables/{table}"
    with connect(url) as socket:  # a seat that leaves and comes back with its token
        socket.send(json.dumps({"token": tokens[0]}))
        assert json.loads(socket.recv(timeout=30))["seat"] == 0
    with connect(url) as socket:
        socket.send(json.dumps({"token": tokens[0]}))
        states = [json.loads(socket.recv(timeout=30))]
        assert states[0]["seat"] == 0
        while not states[-1]["over"]:  # pushed by the server's own clock: nobody asks
            states.append(json.loads(socket.recv(timeout=30)))
    end = states[-1]
    mover = first["view"]["to_act"]
    assert end["timeouts"][0]["seat"] == mover and end["timeouts"][0]["action"] == "fold"
    said = [line for s in states for line in s.get("log", [])]
    assert ("You ran out of time" if mover == 0 else "player 2 ran out of time") in said
    record = json.loads(client.get(f"/api/tables/{table}/replay").text)
    assert record["actions"][-1] == [mover, "fold"]
    lines = [json.loads(x) for x in (server.store / f"{table}.jsonl").read_text().splitlines()]
    assert lines[-1] == {"seat": mover, "action": "fold", "timeout": True, "bank": 0.0}
    # after a crash and a restart the time-out is still told as one
    server.kill()
    server.start()
    again = httpx.get(f"{server.url}/api/tables/{table}/view", headers=bearer(tokens[0]), timeout=30).json()
    assert again["timeouts"] == end["timeouts"]
