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
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from hoyle.engine import Game
from hoyle.errors import HoyleError
from hoyle.registry import Option
from hoyle.server.bots import BOT_SECONDS, BotDriver
from hoyle.server.commit import GroupCommit
from hoyle.server.store import TableStore
from hoyle.server.tables import TableRoom
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
    room_box: dict[str, TableRoom] = {}
    commit_box: dict[str, GroupCommit] = {}
    driver = BotDriver(bot_seconds)

    def room() -> TableRoom:
        return room_box["room"]

    async def settled(table: str) -> None:
        """Wait until the bots of ``table`` have answered (each within its bound) and
        everything written for it is durable (group commit)."""
        await driver.settle(table)
        if "commit" in commit_box:
            await commit_box["commit"].durable(table)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        held = TableStore(store, group_commit=True) if store is not None else None
        room_box["room"] = TableRoom(held, idle_expiry, finished_expiry, per_client, bots=driver)
        committer = None
        if held is not None:
            commit_box["commit"] = GroupCommit(held, room().lost)
            committer = asyncio.ensure_future(commit_box["commit"].run())
        sweeper = asyncio.ensure_future(_sweep(room())) if idle_expiry or finished_expiry else None
        clocks = asyncio.ensure_future(_clocks(room()))
        yield
        clocks.cancel()
        driver.close()
        if committer is not None:
            committer.cancel()
        if sweeper is not None:
            sweeper.cancel()
        if room().store is not None:
            room().store.close()  # type: ignore[union-attr]

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def variants(request: Request) -> Response:
        from hoyle.plugins import default_registry

        registry = default_registry()
        out = []
        for name, v in sorted(registry.variants.items()):
            out.append(
                {
                    "name": name,
                    "family": v.family,
                    "players": list(v.players),
                    "options": _options(v.options),
                    "house_rules": [
                        {"name": r.name, "description": " ".join(r.description.split()), "options": _options(r.options)}
                        for r in registry.house_rules_for(name)
                    ],
                }
            )
        return JSONResponse({"variants": out, "bots": sorted(registry.bots)})

    @_refusals
    async def tables(request: Request) -> Response:
        if request.method == "GET":
            return JSONResponse(
                {
                    "tables": [
                        {
                            "table": t.id,
                            "variant": t.spec["variant"],
                            "players": len(t.game.state.players),
                            "over": t.game.is_over,
                            "practice": bool(t.spec.get("practice")),
                            "seed_chosen": bool(t.spec.get("seed_chosen")),
                        }
                        for t in room().tables.values()
                    ]
                }
            )
        client = request.client.host if request.client is not None else None
        table, tokens = room().create(await _json_body(request), client=client)
        owner = room().last_owner_token
        await settled(table)
        seats = [{"seat": s, "token": tokens[s]} for s in sorted(tokens)]
        made = room().table(table)
        return JSONResponse(
            {
                "table": table,
                "owner_token": owner,
                "seats": seats,
                "bots": made.spec["bots"],
                "fairness": made.fairness(),
            },
            status_code=201,
        )

    @_refusals
    async def delete(request: Request) -> Response:
        table = request.path_params["table"]
        room().delete(table, _token(request))
        return JSONResponse({"table": table, "deleted": True})

    def _seat(request: Request, table: str, required: bool) -> int | None:
        token = _token(request)
        seat = room().seat_of(table, token)
        if token is not None and seat is None:
            raise TableError("that token is not a seat's token at this table", status=403)
        if required and seat is None:
            raise TableError("acting needs a seat's token (Authorization: Bearer <token>)", status=401)
        return seat

    @_refusals
    async def view(request: Request) -> Response:
        table = request.path_params["table"]
        seat, since = _seat(request, table, required=False), _since(request)
        room().catch_up(table)
        await settled(table)
        return JSONResponse(room().state(table, seat, since=since, catch_up=False))

    @_refusals
    async def actions(request: Request) -> Response:
        table = request.path_params["table"]
        room().table(table)
        seat = _seat(request, table, required=True)
        assert seat is not None
        start = room().act(table, seat, action_body(await _json_body(request)))
        await settled(table)  # acknowledged only once the action is durable
        return JSONResponse(room().state(table, seat, since=start, catch_up=False))

    @_refusals
    async def replay(request: Request) -> Response:
        await settled(request.path_params["table"])
        return Response(room().replay(request.path_params["table"]), media_type="application/json")

    @_refusals
    async def table_record(request: Request) -> Response:
        await settled(request.path_params["table"])
        return JSONResponse(room().record(request.path_params["table"]))

    @_refusals
    async def upload(request: Request) -> Response:
        body = await _body(request, limit=MAX_REPLAY_BODY)
        # parse, read, replay and encode off the event loop: other tables are answered meanwhile
        return Response(await asyncio.to_thread(_upload, body), media_type="application/json")

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        table_id = websocket.path_params["table"]
        try:
            table = room().table(table_id)
            _no_url_token(websocket)
            first = await asyncio.wait_for(websocket.receive(), timeout=10)
            if first["type"] == "websocket.disconnect":
                return
            if first.get("text") is None:
                raise TableError('the first message must be text, {"token": "<token>"}')
            token = hello(parse_json(first["text"], "the first message"))
            seat = room().seat_of(table_id, token)
            if token is not None and seat is None:
                raise TableError("that token is not a seat's token at this table", status=403)
        except (TableError, TimeoutError) as exc:
            status = getattr(exc, "status", 400)
            await websocket.send_json({"error": str(exc) or "no token given", "status": status})
            await websocket.close(code=4000 + status)
            return
        sent = 0
        closed = asyncio.ensure_future(_until_closed(websocket))
        try:
            while True:
                try:
                    room().catch_up(table_id)
                    await settled(table_id)
                    # the event read with the state (no await between): a bot's move while
                    # settling is in this state, not a second push of it
                    changed = table.changed
                    state = room().state(table_id, seat, since=sent, catch_up=False)
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
        except WebSocketDisconnect:
            return
        finally:
            closed.cancel()
        await websocket.close()

    @_refusals
    async def store_report(request: Request) -> Response:
        if request.client is None or request.client.host not in ("127.0.0.1", "::1"):
            raise TableError("the admin endpoints answer on loopback only", status=403)
        held, commit = room().store, commit_box.get("commit")
        flushes = {"flushes": commit.flushes, "lines": commit.lines} if commit is not None else None
        return JSONResponse(
            {
                "store": str(held.directory) if held else None,
                "problems": held.problems if held else [],
                "group_commit": flushes,
            }
        )

    routes = [
        Route("/", index),
        Route("/api/admin/store", store_report),
        Route("/api/variants", variants),
        Route("/api/tables", tables, methods=["GET", "POST"]),
        Route("/api/tables/{table}", delete, methods=["DELETE"]),
        Route("/api/tables/{table}/view", view),
        Route("/api/tables/{table}/actions", actions, methods=["POST"]),
        Route("/api/tables/{table}/replay", replay),
        Route("/api/tables/{table}/record", table_record),
        Route("/api/replays", upload, methods=["POST"]),
        WebSocketRoute("/ws/tables/{table}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    async def not_found(request: Request, exc: Exception) -> Response:
        return _error(f"no such endpoint: {request.method} {request.url.path}", 404)

    async def not_allowed(request: Request, exc: Exception) -> Response:
        return _error(f"{request.method} is not allowed on {request.url.path}", 405)

    async def internal(request: Request, exc: Exception) -> Response:
        return _error(f"internal error ({type(exc).__name__})", 500)

    handlers: dict[Any, Any] = {404: not_found, 405: not_allowed, Exception: internal}
    return Starlette(routes=routes, lifespan=lifespan, exception_handlers=handlers)


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
