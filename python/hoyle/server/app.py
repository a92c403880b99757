"""The HTTP and WebSocket front of :class:`~hoyle.server.tables.TableRoom` (Starlette).

Every answer is JSON; every refusal is a 4xx JSON object ``{"error": "...", "status":
N}`` that names the problem, and leaves the game as it was. The API is documented in
docs/server.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import traceback
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from hoyle.engine import Game
from hoyle.errors import HoyleError
from hoyle.registry import Option
from hoyle.server.bots import BOT_SECONDS, BotDriver
from hoyle.server.commit import GroupCommit
from hoyle.server.store import TableStore
from hoyle.server.tables import Table, TableRoom
from hoyle.server.validate import (
    MAX_DEPTH,
    TableError,
    action_body,
    game_record,
    hello,
    json_depth,
    parse_json,
    since,
    upload_body,
)
from hoyle.words import describe_events, summary

STATIC = Path(__file__).parent / "static"
#: The largest request body accepted (a table request or an action); replays get more.
MAX_BODY = 64 * 1024
MAX_REPLAY_BODY = 4 * 1024 * 1024
#: The most frames one uploaded replay may step through.
MAX_FRAMES = 20_000
#: The most seconds an uploaded replay may take to read, replay and encode.
MAX_REPLAY_SECONDS = 20.0


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message, "status": status}, status_code=status)


async def _body(request: Request, limit: int = MAX_BODY) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and not (declared.isascii() and declared.isdigit()):
        raise TableError(f"Content-Length must be a number of bytes, not {declared[:40]!r}")
    if declared is not None and int(declared[:20]) > limit:
        raise TableError(f"the request body is over {limit} bytes", status=413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise TableError(f"the request body is over {limit} bytes", status=413)
    return bytes(body)


async def _json_body(request: Request, limit: int = MAX_BODY) -> Any:
    body = await _body(request, limit)
    return parse_json(body, "the request body") if body else {}


def _no_url_token(request: Request | WebSocket) -> None:
    """Refuse a token in the URL: URLs end up in logs and browser histories."""
    if "token" in request.query_params:
        where = (
            'send it as the socket\'s first message, {"token": "<token>"}'
            if isinstance(request, WebSocket)
            else "send it in the Authorization header, 'Authorization: Bearer <token>'"
        )
        raise TableError(f"a token in the URL (?token=) is refused: {where}", status=400)


def _token(request: Request) -> str | None:
    _no_url_token(request)
    header = request.headers.get("authorization")
    if header is not None:
        scheme, _, value = header.partition(" ")
        if scheme.lower() != "bearer" or not value:
            raise TableError("the Authorization header must be 'Bearer <token>'", status=401)
        return value.strip()
    return None


def _since(request: Request) -> int | None:
    return since(request.query_params.get("since"))


Handler = Callable[[Request], Awaitable[Response]]


def _refusals(handler: Handler) -> Handler:
    """Turn a refused request into its JSON error (nothing was changed)."""

    async def wrapped(request: Request) -> Response:
        try:
            _no_url_token(request)
            return await handler(request)
        except TableError as exc:
            return _error(str(exc), exc.status)
        except HoyleError as exc:
            return _error(str(exc), 422)
        except Exception as exc:  # a bug, never a plain-text 500: logged, answered in JSON
            traceback.print_exc()
            return _error(f"internal error ({type(exc).__name__}); nothing was changed", 500)

    return wrapped


def omniscient_frame(game: Game) -> dict[str, Any]:
    """A finished game's state with every card face up (replays only: once a game is
    over its record, seed included, is public)."""
    view = game.view(None)
    view.pop("events", None)
    view["zones"] = {
        name: {"owner": z.owner, "count": len(z.cards), "cards": [str(c) for c in z.cards]}
        for name, z in game.state.zones.items()
    }
    return view


def replay_frames(record: Mapping[str, Any], deadline: float | None = None) -> dict[str, Any]:
    """Step through a game record: one frame per action, each with the lines it added.
    An uploaded record is a stranger's: anything it makes the engine raise is a
    :class:`TableError` (422) naming the action; past ``deadline`` (``time.monotonic``)
    the replay stops with a 413."""
    checked = game_record(record, MAX_FRAMES - 1)
    actions = checked["actions"]
    try:
        game = Game.from_json(json.dumps({**checked, "actions": []}))
    except Exception as exc:  # a stranger's record: whatever the reader raises
        raise TableError(f"the record does not start a game: {type(exc).__name__}: {exc}", 422) from exc
    players = list(game.state.players)
    frames = [
        {
            "action": None,
            "log": describe_events([e.for_viewer(None) for e in game.events], players),
            "view": omniscient_frame(game),
        }
    ]
    for i, (seat, text) in enumerate(actions):
        if deadline is not None and time.monotonic() > deadline:
            raise TableError(
                f"the replay takes over {MAX_REPLAY_SECONDS:.0f} s to step through (stopped at action {i})", 413
            )
        start = len(game.events)
        try:
            game.act(text, seat=seat)
            new = [e.for_viewer(None) for e in game.events[start:]]
            frames.append(
                {"action": [seat, text], "log": describe_events(new, players), "view": omniscient_frame(game)}
            )
        except Exception as exc:  # as above
            raise TableError(f"action {i} ({text!r} by seat {seat}) does not replay: {exc}", 422) from exc
    return {"players": players, "variant": record.get("variant"), "frames": frames, "result": game.result}


def _options(options: tuple[Option, ...]) -> list[dict[str, Any]]:
    """A variant's or a house rule's options, as the page builds its inputs from them."""
    return [
        {"name": o.name, "default": o.default, "doc": o.doc, "choices": list(o.choices or ()), "minimum": o.minimum}
        for o in options
    ]


def read_upload(text: str, fmt: str) -> Mapping[str, Any]:
    """The game record of an uploaded replay: a hoyle JSON record, or a PHH hand
    history replayed into one; a :class:`TableError` (422) for what cannot be read."""
    if fmt == "hoyle":
        record = parse_json(text, "the hoyle JSON record", status=422)
        if not isinstance(record, Mapping):
            raise TableError("not a hoyle JSON record: not an object", 422)
        return record
    from hoyle import phh

    try:
        return dict(json.loads(phh.replay(text).to_json()))
    except Exception as exc:  # a stranger's history: whatever the reader raises
        raise TableError(f"not a replayable PHH hand history: {type(exc).__name__}: {exc}", 422) from exc


def _upload(body: bytes) -> bytes:
    """Everything an upload costs, in a worker thread: parse, read, replay, encode."""
    deadline = time.monotonic() + MAX_REPLAY_SECONDS
    text, fmt = upload_body(parse_json(body, "the request body") if body else {})
    return json.dumps(replay_frames(read_upload(text, fmt), deadline)).encode()


class Front:
    """The handlers of one app, in front of its :class:`TableRoom` (made when the app
    starts, with its store), its :class:`BotDriver` and, with a store, its group commit.
    :func:`create_app` builds one and routes to its methods."""

    def __init__(
        self,
        store: str | Path | None,
        idle_expiry: float | None,
        finished_expiry: float | None,
        per_client: int | None,
        bot_seconds: float,
    ) -> None:
        self.store, self.per_client = store, per_client
        self.idle_expiry, self.finished_expiry = idle_expiry, finished_expiry
        self.driver = BotDriver(bot_seconds)
        self.commit: GroupCommit | None = None
        self._room: TableRoom | None = None

    @property
    def room(self) -> TableRoom:
        """The app's tables (there once the app has started)."""
        if self._room is None:
            raise RuntimeError("the app has not started: its tables are made in its lifespan")
        return self._room

    async def settled(self, table: str) -> None:
        """Wait until the bots of ``table`` have answered (each within its bound) and
        everything written for it is durable (group commit)."""
        await self.driver.settle(table)
        if self.commit is not None:
            await self.commit.durable(table)

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """Open the store and restore its tables; run the group commit, the expiry sweep
        and the clocks while the app runs; close them all when it stops."""
        held = TableStore(self.store, group_commit=True) if self.store is not None else None
        room = TableRoom(held, self.idle_expiry, self.finished_expiry, self.per_client, bots=self.driver)
        self._room = room
        tasks = [asyncio.ensure_future(_clocks(room))]
        if held is not None:
            self.commit = GroupCommit(held, room.lost)
            tasks.append(asyncio.ensure_future(self.commit.run()))
        if self.idle_expiry or self.finished_expiry:
            tasks.append(asyncio.ensure_future(_sweep(room)))
        yield
        for task in tasks:
            task.cancel()
        self.driver.close()
        if held is not None:
            held.close()

    async def index(self, request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def variants(self, request: Request) -> Response:
        """Every installed variant with its options, house rules and the bots that play
        it (each with its levels; ``default_bot`` is the one seated when none is
        chosen), and every bot's name."""
        from hoyle.plugins import default_registry

        registry = default_registry()
        out = [
            {
                "name": name,
                "family": v.family,
                "players": list(v.players),
                "options": _options(v.options),
                "house_rules": [
                    {"name": r.name, "description": " ".join(r.description.split()), "options": _options(r.options)}
                    for r in registry.house_rules_for(name)
                ],
                "bots": [
                    {"name": b, "levels": list(getattr(registry.bots[b], "levels", ()))} for b in registry.bots_for(v)
                ],
                "default_bot": registry.default_bot(name),
            }
            for name, v in sorted(registry.variants.items())
        ]
        return JSONResponse({"variants": out, "bots": sorted(registry.bots)})

    async def tables(self, request: Request) -> Response:
        """``GET``: the tables; ``POST``: a new table, its seats' tokens and fairness."""
        if request.method == "GET":
            return JSONResponse({"tables": [_listing(t) for t in self.room.tables.values()]})
        client = request.client.host if request.client is not None else None
        table, tokens = self.room.create(await _json_body(request), client=client)
        owner = self.room.last_owner_token
        await self.settled(table)
        made = self.room.table(table)
        body = {
            "table": table,
            "owner_token": owner,
            "seats": [{"seat": s, "token": tokens[s]} for s in sorted(tokens)],
            "bots": made.spec["bots"],
            "fairness": made.fairness(),
        }
        return JSONResponse(body, status_code=201)

    async def delete(self, request: Request) -> Response:
        table = request.path_params["table"]
        self.room.delete(table, _token(request))
        return JSONResponse({"table": table, "deleted": True})

    def seat(self, request: Request, table: str, required: bool) -> int | None:
        """The seat the request's token holds at ``table`` (None without a token)."""
        token = _token(request)
        seat = self.room.seat_of(table, token)
        if token is not None and seat is None:
            raise TableError("that token is not a seat's token at this table", status=403)
        if required and seat is None:
            raise TableError("acting needs a seat's token (Authorization: Bearer <token>)", status=401)
        return seat

    async def view(self, request: Request) -> Response:
        table = request.path_params["table"]
        seat, since = self.seat(request, table, required=False), _since(request)
        self.room.catch_up(table)
        await self.settled(table)
        return JSONResponse(self.room.state(table, seat, since=since, catch_up=False))

    async def actions(self, request: Request) -> Response:
        table = request.path_params["table"]
        self.room.table(table)
        seat = self.seat(request, table, required=True)
        assert seat is not None
        start = self.room.act(table, seat, action_body(await _json_body(request)))
        await self.settled(table)  # acknowledged only once the action is durable
        return JSONResponse(self.room.state(table, seat, since=start, catch_up=False))

    async def replay(self, request: Request) -> Response:
        await self.settled(request.path_params["table"])
        return Response(self.room.replay(request.path_params["table"]), media_type="application/json")

    async def table_record(self, request: Request) -> Response:
        await self.settled(request.path_params["table"])
        return JSONResponse(self.room.record(request.path_params["table"]))

    async def upload(self, request: Request) -> Response:
        body = await _body(request, limit=MAX_REPLAY_BODY)
        # parse, read, replay and encode off the event loop: other tables are answered meanwhile
        return Response(await asyncio.to_thread(_upload, body), media_type="application/json")

    async def socket(self, websocket: WebSocket) -> None:
        """A table's states pushed to one seat (or a watcher) as they change, once the
        first message has named the seat's token."""
        await websocket.accept()
        table_id = websocket.path_params["table"]
        try:
            table = self.room.table(table_id)
            seat = await self._hello(websocket, table_id)
        except WebSocketDisconnect:
            return
        except (TableError, TimeoutError) as exc:
            status = getattr(exc, "status", 400)
            await websocket.send_json({"error": str(exc) or "no token given", "status": status})
            await websocket.close(code=4000 + status)
            return
        with contextlib.suppress(WebSocketDisconnect):
            await self._push(websocket, table, seat)

    async def _hello(self, websocket: WebSocket, table_id: str) -> int | None:
        """The seat the socket's first message names (None: a watcher);
        ``WebSocketDisconnect`` if the client left before saying anything."""
        _no_url_token(websocket)
        first = await asyncio.wait_for(websocket.receive(), timeout=10)
        if first["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(first.get("code", 1000))
        if first.get("text") is None:
            raise TableError('the first message must be text, {"token": "<token>"}')
        token = hello(parse_json(first["text"], "the first message"))
        seat = self.room.seat_of(table_id, token)
        if token is not None and seat is None:
            raise TableError("that token is not a seat's token at this table", status=403)
        return seat

    async def _push(self, websocket: WebSocket, table: Table, seat: int | None) -> None:
        """Send the state, then each change, until the game is over (or the table is
        deleted) or the client goes."""
        table_id = table.id
        sent = 0
        closed = asyncio.ensure_future(_until_closed(websocket))
        try:
            while True:
                try:
                    self.room.catch_up(table_id)
                    await self.settled(table_id)
                    # the event read with the state (no await between): a bot's move while
                    # settling is in this state, not a second push of it
                    changed = table.changed
                    state = self.room.state(table_id, seat, since=sent, catch_up=False)
                except TableError as exc:  # the table was deleted or expired
                    await websocket.send_json({"error": str(exc), "status": exc.status})
                    break
                sent = state["version"]
                await websocket.send_json(state)
                if state["over"]:
                    break
                waiter = asyncio.ensure_future(changed.wait())
                done, _ = await asyncio.wait({waiter, closed}, return_when=asyncio.FIRST_COMPLETED)
                if closed in done:
                    waiter.cancel()
                    return
        finally:
            closed.cancel()
        await websocket.close()

    async def store_report(self, request: Request) -> Response:
        """The store's directory, the tables it could not restore, the group commit's
        flushes (loopback only)."""
        if request.client is None or request.client.host not in ("127.0.0.1", "::1"):
            raise TableError("the admin endpoints answer on loopback only", status=403)
        held, commit = self.room.store, self.commit
        flushes = {"flushes": commit.flushes, "lines": commit.lines} if commit is not None else None
        return JSONResponse(
            {
                "store": str(held.directory) if held else None,
                "problems": held.problems if held else [],
                "group_commit": flushes,
            }
        )

    def routes(self) -> list[BaseRoute]:
        """The endpoints (docs/server.md); every HTTP one answers a refusal in JSON."""
        return [
            Route("/", self.index),
            Route("/api/admin/store", _refusals(self.store_report)),
            Route("/api/variants", self.variants),
            Route("/api/tables", _refusals(self.tables), methods=["GET", "POST"]),
            Route("/api/tables/{table}", _refusals(self.delete), methods=["DELETE"]),
            Route("/api/tables/{table}/view", _refusals(self.view)),
            Route("/api/tables/{table}/actions", _refusals(self.actions), methods=["POST"]),
            Route("/api/tables/{table}/replay", _refusals(self.replay)),
            Route("/api/tables/{table}/record", _refusals(self.table_record)),
            Route("/api/replays", _refusals(self.upload), methods=["POST"]),
            WebSocketRoute("/ws/tables/{table}", self.socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]


def _listing(t: Table) -> dict[str, Any]:
    """One table as ``GET /api/tables`` lists it."""
    return {
        "table": t.id,
        "variant": t.spec["variant"],
        "players": len(t.game.state.players),
        "over": t.game.is_over,
        "practice": bool(t.spec.get("practice")),
        "seed_chosen": bool(t.spec.get("seed_chosen")),
    }


async def _not_found(request: Request, exc: Exception) -> Response:
    return _error(f"no such endpoint: {request.method} {request.url.path}", 404)


async def _not_allowed(request: Request, exc: Exception) -> Response:
    return _error(f"{request.method} is not allowed on {request.url.path}", 405)


async def _internal(request: Request, exc: Exception) -> Response:
    return _error(f"internal error ({type(exc).__name__})", 500)


def create_app(
    store: str | Path | None = None,
    idle_expiry: float | None = None,
    finished_expiry: float | None = None,
    per_client: int | None = None,
    bot_seconds: float = BOT_SECONDS,
) -> Starlette:
    """The server as an ASGI app (run it with uvicorn, or :func:`serve`). With ``store``
    (a directory), tables are logged there and restored from it when the app starts.
    Bots move in worker threads, each move within ``bot_seconds`` (see
    :mod:`hoyle.server.bots`).

        >>> app = create_app()
        >>> sorted(r.path for r in app.routes)[:3]
        ['/', '/api/admin/store', '/api/replays']
    """
    front = Front(store, idle_expiry, finished_expiry, per_client, bot_seconds)
    handlers: dict[Any, Any] = {404: _not_found, 405: _not_allowed, Exception: _internal}
    return Starlette(routes=front.routes(), lifespan=front.lifespan, exception_handlers=handlers)


async def _sweep(room: TableRoom) -> None:
    """Expire idle and finished tables once a second."""
    while True:
        await asyncio.sleep(1)
        room.expire()


async def _clocks(room: TableRoom) -> None:
    """Play the default action of every seat out of time, soon after its time runs out
    (at most a second late, a twentieth of a second when a clock is about to run out)."""
    while True:
        try:
            left = room.tick()
        except Exception:  # a bug in one table's time-out must not stop every clock
            traceback.print_exc()
            left = None
        await asyncio.sleep(min(1.0, max(0.05, left if left is not None else 1.0)))


async def _until_closed(websocket: WebSocket) -> None:
    """Return when the client goes away (the socket is push-only: messages are ignored)."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    store: str | Path | None = None,
    idle_expiry: float | None = None,
    finished_expiry: float | None = None,
    per_client: int | None = None,
    bot_seconds: float = BOT_SECONDS,
) -> None:
    """Run the server with uvicorn until interrupted."""
    import uvicorn

    if store is not None:
        TableStore(store)  # an unwritable store is a clear error now, not a 500 at every table

    # keep idle connections open a while: a client pooling connections (a bot arena, the
    # load test) must not find one closed under it between two requests
    uvicorn.run(
        create_app(store, idle_expiry, finished_expiry, per_client, bot_seconds),
        host=host,
        port=port,
        log_level="warning",
        ws="websockets-sansio",
        ws_max_size=MAX_BODY,  # a socket message over 64 KiB closes it (1009) before it is read
        timeout_keep_alive=75,
    )


__all__ = ["MAX_DEPTH", "create_app", "json_depth", "parse_json", "replay_frames", "serve", "summary"]
