"""No response of the server ever carries a card that its viewer has not been shown.

The model here is independent of the engine's event redaction: after every action the
test looks at the omniscient state and notes, for each seat, the cards lying in zones
that seat may see. A card a seat has never been able to see is *secret* from it; no
state the server hands that seat (a view, its legal actions, the log, the events, on
HTTP or on the socket) may contain a secret card's text. Secret cards include the whole
stock order.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
from hoyle.server import TableRoom
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import Server, bearer
from websockets.sync.client import connect

#: Variants and player counts covering every zone layout: hole cards and a board, draw
#: discards, stud up-cards, rummy hands and melds, a spread discard pile, contract buys,
#: a face-down pile, Pai Gow settings, In-Between posts.
TABLES = [
    ("texas-holdem", 3, {}),
    ("omaha", 2, {}),
    ("five-card-draw", 3, {}),
    ("seven-card-stud", 3, {}),
    ("badugi", 2, {}),
    ("table-hand", 2, {}),
    ("gin-rummy", 2, {"deals": 1}),
    ("rummy", 3, {}),
    ("500-rum", 2, {}),
    ("contract-rummy", 4, {}),
    ("egyptian-ratscrew", 2, {}),
    ("in-between", 3, {}),
    ("pai-gow", 2, {}),
    ("war", 2, {}),
]

_SPLIT = re.compile(r"[\s,\[\]()|>:]+")


def _texts(value: Any, key: str = "") -> Iterator[str]:
    """Every word of every string in a JSON value - but the table id (hex digits, which
    can spell "2d") and the cards that melded jokers stand for (contract rummy declares
    them in public, ``jokers`` and each meld's ``plays``: a name, not a card)."""
    if key in ("jokers", "plays"):
        return
    if isinstance(value, str):
        if key != "table":
            yield from (w for w in _SPLIT.split(value) if w)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _texts(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from _texts(v, key)


def _note_seen(room: TableRoom, table: str, seen: dict[int | None, set[str]]) -> None:
    """Note, for each seat (None: a spectator), the cards it may see now, and the cards
    of every card move it watched (a move between hidden zones shows only a count: the
    engine declares who saw each move from the zones' visibility when it happened). A
    cut for the deal (contract rummy: each player cuts a card from a pack of its own,
    face up) is shown to everyone by the rules."""
    state = room.table(table).game.state
    cuts = {
        c
        for e in state.events
        if e.type == "cut" and isinstance(e.data.get("cards"), dict)
        for c in e.data["cards"].values()
    }
    for seat, cards in seen.items():
        cards.update(cuts)
        for e in state.events:
            if e.cards and (e.visible is None or (seat is not None and seat in e.visible)):
                cards.update(str(c) for c in e.cards)
        for zone in state.zones.values():
            if zone.visible_to(seat):
                cards.update(str(c) for c in zone.cards)


def _check(room: TableRoom, table: str, seen: dict[int | None, set[str]]) -> None:
    every = {str(c) for z in room.table(table).game.state.zones.values() for c in z.cards}
    for seat, cards in seen.items():
        state = room.state(table, seat, since=0)
        leaked = (every - cards) & set(_texts(state))
        assert not leaked, f"seat {seat} was shown {sorted(leaked)} (never visible to it)"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32), data=st.data())
def test_no_state_shows_a_seat_a_card_it_never_saw(
    table: tuple[str, int, dict[str, Any]], seed: int, data: st.DataObject
) -> None:
    variant, players, options = table
    room = TableRoom()
    table_id, _ = room.create(
        {"variant": variant, "players": players, "seed": seed, "practice": True, "options": options}
    )
    game = room.table(table_id).game
    seen: dict[int | None, set[str]] = {s: set() for s in [*range(players), None]}
    _note_seen(room, table_id, seen)
    _check(room, table_id, seen)
    for _ in range(data.draw(st.integers(5, 60), label="actions")):
        if game.is_over or game.to_act is None:
            break
        seat = game.to_act
        legal = game.legal_actions(seat)
        choice = legal[data.draw(st.integers(0, len(legal) - 1), label="choice")]
        room.act(table_id, seat, str(choice))
        _note_seen(room, table_id, seen)
        _check(room, table_id, seen)


def _play_on_the_wire(server: Server, client: httpx.Client, variant: str, bot: str, options: dict[str, Any]) -> int:
    """Play seat 0 against a bot over HTTP, watching the socket; check every answer and
    push against an in-process twin of the game. Returns the number of pushes."""
    request = {"variant": variant, "seed": 9, "options": options, "bots": {"1": bot}}
    made = client.post("/api/tables", json=request).json()
    table, token = made["table"], made["seats"][0]["token"]
    twin_room = TableRoom()
    twin, _ = twin_room.create(request)
    state = twin_room.table(twin).game.state
    seen: set[str] = set()

    def check(answer: Any) -> None:
        seen.update(str(c) for z in state.zones.values() if z.visible_to(0) for c in z.cards)
        seen.update(str(c) for e in state.events if e.cards and (e.visible is None or 0 in e.visible) for c in e.cards)
        hidden = {str(c) for z in state.zones.values() if not z.visible_to(0) for c in z.cards} - seen
        leaked = hidden & set(_texts(answer))
        assert not leaked, f"{variant}: seat 0 was shown {sorted(leaked)}"

    pushes = 0
    uri = f"ws://127.0.0.1:{server.port}/ws/tables/{table}"
    with connect(uri, max_size=2**24) as sock:
        sock.send(json.dumps({"token": token}))
        while True:
            message = json.loads(sock.recv(timeout=30))
            pushes += 1
            check(message)
            if message["over"]:
                break
            legal = [a["text"] for a in message["legal_actions"]]
            if not legal:
                continue
            choice = next((a for a in ("check", "call", "draw", "draw stock") if a in legal), legal[-1])
            reply = client.post(f"/api/tables/{table}/actions", headers=bearer(token), json={"action": choice})
            assert reply.status_code == 200, reply.text
            twin_room.act(twin, 0, choice)
            check(reply.json())
    final = client.get(f"/api/tables/{table}/view", headers=bearer(token)).json()
    assert final["over"] and final["view"]["result"] == twin_room.table(twin).game.result
    return pushes


def test_http_and_socket_responses_hide_the_bots_cards(server: Server) -> None:
    """The same check on the wire: a human against a bot, every HTTP answer and every
    socket push to the human, through a whole hand of five-card draw and of gin."""
    with httpx.Client(base_url=server.url, timeout=30) as client:
        assert _play_on_the_wire(server, client, "five-card-draw", "random", {}) > 1
        assert _play_on_the_wire(server, client, "gin-rummy", "gin", {"deals": 1}) > 1
