"""Bots off the event loop, each move within a time bound.

A bot's ``choose(view, legal_actions)`` may search for seconds (``gin:hard``) or, a
third party's, never return. The server therefore never calls it on the event loop:
:class:`BotDriver` hands each move to a worker thread and waits for it without blocking,
so every other table is answered meanwhile. A move that takes longer than the bound
(``hoyle serve --bot-seconds``, default :data:`BOT_SECONDS`), or that raises, or that is
not a legal action, is replaced by the seat's default action
(:func:`hoyle.server.clock.default_action`: check, else fold; pass; discard the card
drawn; draw from the stock; else the first legal action), logged and shown like a
human's time-out, with the reason (``"took over 10 s"``). A bot still thinking about an
earlier move when its seat is to act again plays the default action at once: one bot
never holds more than one thread. Python cannot stop a thread, so a bot that never
returns keeps its thread; :data:`BOT_THREADS` bounds how many run at once.

    >>> driver = BotDriver(seconds=2.5)
    >>> driver.seconds
    2.5
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import sys
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hoyle.server.tables import Table, TableRoom

#: The seconds a bot's move may take before the server plays the seat's default action.
BOT_SECONDS = 10.0
#: How many bots' moves are computed at once (the rest wait for a thread).
BOT_THREADS = 8


def _retrieve(future: asyncio.Future[Any]) -> None:
    """Read a late move's outcome, so a bot that raised after its bound is not reported
    as an exception never retrieved."""
    if not future.cancelled():
        future.exception()


class BotDriver:
    """Plays the bots of a :class:`~hoyle.server.tables.TableRoom` from worker threads:
    :meth:`schedule` starts (or keeps) a table's bot task, :meth:`settle` waits for it."""

    def __init__(self, seconds: float = BOT_SECONDS, threads: int = BOT_THREADS) -> None:
        self.seconds = seconds
        self._pool = concurrent.futures.ThreadPoolExecutor(threads, thread_name_prefix="hoyle-bot")
        self._tasks: dict[str, asyncio.Task[None]] = {}
        #: A bot move that overran its bound and is still running, per (table, seat).
        self._busy: dict[tuple[str, int], concurrent.futures.Future[Any]] = {}
        self.room: TableRoom | None = None

    def schedule(self, table: Table) -> None:
        """Make sure the bots of ``table`` answer (a task per table, at most one)."""
        task = self._tasks.get(table.id)
        if task is None or task.done():
            self._tasks[table.id] = asyncio.ensure_future(self._drive(table))

    async def settle(self, table_id: str) -> None:
        """Return once the bots of ``table_id`` have played up to a human's decision (or
        the end); a client that goes away meanwhile does not stop them."""
        task = self._tasks.get(table_id)
        if task is not None and not task.done():
            await asyncio.shield(task)

    def close(self) -> None:
        """Stop taking moves (a thread still in a bot's move is left to finish)."""
        for task in self._tasks.values():
            task.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def _drive(self, table: Table) -> None:
        try:
            await self._play(table)
        except Exception:  # a bug here must stop this table's bots only, and say so
            traceback.print_exc()
        finally:
            if self._tasks.get(table.id) is asyncio.current_task():
                del self._tasks[table.id]

    async def _play(self, table: Table) -> None:
        room = self.room
        assert room is not None
        while room.tables.get(table.id) is table:
            game = table.game
            if game.is_over or game.to_act not in table.bots:
                return
            seat, version, bot = game.to_act, table.version, table.bots[game.to_act]
            choice, reason = await self._choose(table.id, seat, bot.choose, game.view(seat), game.legal_actions(seat))
            if room.tables.get(table.id) is not table or table.game is not game or table.version != version:
                continue  # the table changed meanwhile (rebuilt, deleted, acted at): think again
            if not room.bot_move(table, seat, choice, reason):
                return  # not logged: the bot plays again at the table's next request

    async def _choose(
        self, table: str, seat: int, choose: Callable[..., Any], view: Any, legal: Any
    ) -> tuple[Any, str | None]:
        """The bot's choice, or None and why there is none."""
        busy = self._busy.get((table, seat))
        if busy is not None:
            if not busy.done():
                return None, f"is still thinking about an earlier move (over {self.seconds:g} s)"
            del self._busy[(table, seat)]
        work = self._pool.submit(choose, view, legal)
        waited = asyncio.wrap_future(work)
        done, _ = await asyncio.wait({waited}, timeout=self.seconds)
        if not done:
            self._busy[(table, seat)] = work
            waited.add_done_callback(_retrieve)
            return None, f"took over {self.seconds:g} s"
        try:
            return waited.result(), None
        except Exception as exc:
            print(f"hoyle serve: table {table}: the bot at seat {seat} failed:", file=sys.stderr)
            traceback.print_exception(exc)
            return None, f"failed ({type(exc).__name__}: {str(exc)[:80]})"
