"""hoyle's game server: tables for any installed variant over HTTP and WebSocket, with
secret per-seat tokens, server-side bots, a durable action log and a browser page.

Install the extra (``pip install "hoyle[server]"``) and run ``hoyle serve``; the API is
documented in docs/server.md.

    >>> from hoyle.server import TableRoom
    >>> room = TableRoom()
    >>> table, tokens = room.create({"variant": "war", "seed": 3, "bots": {"1": "random"}})
    >>> room.state(table, None)["view"]["zones"]["pile:0"]["cards"] is None   # a spectator
    True
"""

from __future__ import annotations

from hoyle.server.store import TableStore
from hoyle.server.tables import Table, TableRoom
from hoyle.server.validate import TableError

__all__ = ["Table", "TableError", "TableRoom", "TableStore", "create_app", "serve"]


def __getattr__(name: str) -> object:
    # the web layer needs the `server` extra (starlette, uvicorn); the rest does not
    if name in ("create_app", "serve"):
        try:
            from hoyle.server import app
        except ImportError as exc:  # pragma: no cover - only without the extra
            raise ImportError(
                f"hoyle.server.{name} needs the server extra: pip install 'hoyle[server]' ({exc})"
            ) from exc
        return getattr(app, name)
    raise AttributeError(f"module 'hoyle.server' has no attribute {name!r}")
