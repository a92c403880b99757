"""Tables: games with seats, secret tokens, server-side bots and a durable log.

This module knows nothing of HTTP: :class:`TableRoom` is what the web app (and any
other front end) calls. Every view it hands out is the engine's per-seat view, so it
never carries another seat's hidden cards or the stock order.

    >>> room = TableRoom()
    >>> table, tokens = room.create({"variant": "war", "players": 2, "seed": 7, "bots": {"1": "random"}})
    >>> sorted(tokens)            # one secret token per human seat
    [0]
    >>> room.seat_of(table, tokens[0]), room.seat_of(table, "not the token")
    (0, None)
    >>> state = room.state(table, 0)
    >>> state["legal_actions"][0]["text"]
    'play'
"""

from __future__ import annotations

import asyncio
import hashlib
import heapq
import hmac
import json
import math
import secrets
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import hoyle
from hoyle.engine import Game
from hoyle.errors import HoyleError, IllegalActionError, InvalidArgumentError, InvalidOptionError
from hoyle.plugins import default_registry, make_bot
from hoyle.registry import bot_suits
from hoyle.server.bots import BotDriver
from hoyle.server.clock import Clock, default_action
from hoyle.server.fairness import commitment, draw_seed
from hoyle.server.store import TableStore
from hoyle.server.validate import TableError, action_text, shown, table_request
from hoyle.words import bet_range, describe_events, name_of, summary

#: How many tables one server holds at most (a full room refuses new tables).
MAX_TABLES = 10_000


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class Table:
    """One game and who sits at it. ``tokens`` maps a human seat to the SHA-256 of its
    token; ``bots`` maps a bot seat to its bot."""

    id: str
    spec: dict[str, Any]
    game: Game
    tokens: dict[int, str]
    bots: dict[int, Any]
    #: Woken whenever the game changes (a socket per viewer waits on it).
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    #: The SHA-256 of the owner token (closes and deletes the table), if any.
    owner: str | None = None
    #: Who created it (an IP address), for the per-client limit; None once restored.
    client: str | None = None
    #: ``time.monotonic()`` of the last action (or of creation / restore).
    touched: float = field(default_factory=time.monotonic)
    #: When the room's expiry heap next looks at this table (never later than it
    #: expires; ``inf``: not in the heap). See :meth:`TableRoom.expire`.
    due: float = math.inf
    #: The action clock, if the table has one.
    clock: Clock | None = None
    #: The actions the server played for a seat out of time: ``{"seat", "action", "event"}``
    #: (``event``: the number of the action's first event), and for a bot seat ``"reason"``
    #: (a move over the bot's time bound, a bot that failed or chose an illegal action).
    timeouts: list[dict[str, Any]] = field(default_factory=list)

    @property
    def version(self) -> int:
        """The number of events so far: it identifies the state between actions."""
        return len(self.game.events)

    def fairness(self) -> dict[str, Any]:
        """The shuffle's commitment (published from the start), whether the seed was
        chosen by the creator or the table is a practice table, and the seed itself once
        the game is over (see :mod:`hoyle.server.fairness`)."""
        return {
            "commitment": commitment(self.id, self.spec["seed"]),
            "seed_chosen": bool(self.spec.get("seed_chosen")),
            "practice": bool(self.spec.get("practice")),
            "seed": self.spec["seed"] if self.game.is_over else None,
        }


class TableRoom:
    """Every table of one server. With ``store``, each accepted action is on disk before
    it is acknowledged, and a new room over the same store restores every table."""

    def __init__(
        self,
        store: TableStore | None = None,
        idle_expiry: float | None = None,
        finished_expiry: float | None = None,
        per_client: int | None = None,
        now: Callable[[], float] = time.monotonic,
        bots: BotDriver | None = None,
    ) -> None:
        self.store = store
        #: Plays the bots from worker threads, each move within a time bound (the server's
        #: way); without it a bot moves in the call that makes it its turn.
        self.bots = bots
        if bots is not None:
            bots.room = self
        #: The clock the action clocks and expiries read (``time.monotonic``; tests pass their own).
        self.now = now
        self.tables: dict[str, Table] = {}
        #: Seconds without an action after which an unfinished table is deleted.
        self.idle_expiry = idle_expiry
        #: Seconds after its last action that a finished table is deleted.
        self.finished_expiry = finished_expiry
        #: How many unfinished tables one client (IP address) may hold at once.
        self.per_client = per_client
        self.last_owner_token: str | None = None
        #: ``(due, table id)``: a min-heap of when to look at each table (:meth:`expire`).
        self._expiries: list[tuple[float, str]] = []
        if store is not None:
            for table_id, spec, actions in store.load():
                try:
                    self._restore(table_id, spec, actions)
                except (HoyleError, LookupError, TypeError, ValueError) as exc:  # one table, not the server
                    self.tables.pop(table_id, None)
                    line = getattr(exc, "line", None)
                    store.quarantine(table_id, f"does not replay: {exc}", line)
            for problem in store.problems:
                print(f"hoyle serve: table store: {problem}", file=sys.stderr)

    # --- making tables -----------------------------------------------------------------

    def _build(self, table_id: str, spec: dict[str, Any]) -> Table:
        try:
            game = hoyle.new_game(
                spec["variant"],
                players=spec["players"],
                seed=spec["seed"],
                options=spec["options"],
                house_rules=spec["house_rules"],
                stacks=spec["stacks"],
            )
        except (InvalidOptionError, InvalidArgumentError, LookupError) as exc:
            raise TableError(str(exc), status=422) from exc
        seats = range(len(game.state.players))
        bots: dict[int, Any] = {}
        registry = default_registry()
        for seat_text, name in spec["bots"].items():
            seat = int(seat_text)
            if seat not in seats:
                raise TableError(f"bot seat {seat} is not a seat of this {len(seats)}-player table", status=422)
            factory = registry.bot_factory(name)
            if factory is not None and not bot_suits(factory, game.variant):
                raise TableError(f"bot {name!r} does not play {spec['variant']!r}", status=422)
            try:
                bots[seat] = make_bot(name, seed=spec["seed"] ^ (0x9E3779B97F4A7C15 * (seat + 1) % 2**64))
            except HoyleError as exc:
                raise TableError(f"bot {name!r}: {exc}", status=422) from exc
            except LookupError as exc:
                raise TableError(f"no bot named {name!r}", status=422) from exc
        clock = Clock(**spec["clock"]) if spec.get("clock") else None
        return Table(id=table_id, spec=spec, game=game, tokens={}, bots=bots, clock=clock, touched=self.now())

    def create(self, request: Mapping[str, Any], client: str | None = None) -> tuple[str, dict[int, str]]:
        """Open a table; returns its id and a fresh secret token per human seat (the
        owner token, which closes and deletes it, is then in :attr:`last_owner_token`)."""
        self.expire()
        if len(self.tables) >= MAX_TABLES:
            raise TableError(f"the server holds {MAX_TABLES} tables already", status=503)
        if client is not None and self.per_client is not None:
            held = sum(1 for t in self.tables.values() if t.client == client and not t.game.is_over)
            if held >= self.per_client:
                raise TableError(
                    f"this client holds {held} open tables already (the limit is {self.per_client}): "
                    "finish or delete one first",
                    status=429,
                )
        spec = table_request(request)
        if spec["seed"] is None:
            spec["seed"] = draw_seed()
        table_id = secrets.token_hex(8)
        table = self._build(table_id, spec)
        tokens = {s: secrets.token_urlsafe(32) for s in range(len(table.game.state.players)) if s not in table.bots}
        table.tokens = {s: _digest(t) for s, t in tokens.items()}
        owner = secrets.token_urlsafe(32)
        table.owner, table.client = _digest(owner), client
        if self.store is not None:
            try:
                digests = {str(s): d for s, d in table.tokens.items()}
                self.store.create(table_id, {**spec, "tokens": digests, "owner": table.owner})
            except OSError as exc:
                self.store.discard(table_id)
                raise TableError(f"the table log could not be written ({exc.strerror or exc})", status=503) from exc
        self.tables[table_id] = table
        self.last_owner_token = owner
        self._answer_bots(table)
        self._touch(table)
        return table_id, tokens

    def delete(self, table_id: str, owner_token: str | None) -> None:
        """Close and delete a table (its log too): the owner token's right only."""
        table = self.table(table_id)
        if owner_token is None:
            raise TableError("deleting a table needs its owner token (Authorization: Bearer <token>)", status=401)
        if table.owner is None or not hmac.compare_digest(_digest(owner_token), table.owner):
            raise TableError("that token is not this table's owner token", status=403)
        self._drop(table)

    def _drop(self, table: Table) -> None:
        del self.tables[table.id]
        if self.store is not None:
            self.store.discard(table.id)
        table.changed.set()  # wake the sockets: they see the table gone

    def _touch(self, table: Table, now: float | None = None) -> None:
        """``table`` was just made or acted at: note the time and keep it in the expiry
        heap no later than the soonest it could now expire."""
        table.touched = self.now() if now is None else now
        limits = [x for x in (self.idle_expiry, self.finished_expiry) if x is not None]
        if limits:
            self._look_at(table, table.touched + min(limits))

    def _look_at(self, table: Table, due: float) -> None:
        if due < table.due:  # an entry due later (if any) is stale from now on
            table.due = due
            heapq.heappush(self._expiries, (due, table.id))

    def expire(self, now: float | None = None) -> list[str]:
        """Delete the tables idle longer than :attr:`idle_expiry` (unfinished) or
        :attr:`finished_expiry` (finished) seconds; returns their ids.

        Only the tables due by ``now`` are looked at, not every table: each table is in
        a min-heap no later than it can expire (its last action plus the shorter
        expiry, set by every action, which also comes after any action that ends a
        game); a table found not yet expired goes back at its real expiry."""
        now = self.now() if now is None else now
        gone = []
        while self._expiries and self._expiries[0][0] <= now:
            due, table_id = heapq.heappop(self._expiries)
            table = self.tables.get(table_id)
            if table is None or due != table.due:
                continue  # deleted, or an earlier entry replaced this one
            table.due = math.inf
            limit = self.finished_expiry if table.game.is_over else self.idle_expiry
            if limit is None:
                continue  # back in the heap at its next action
            expires = table.touched + limit
            if expires <= now:
                self._drop(table)
                gone.append(table.id)
            else:
                self._look_at(table, expires)
        return gone

    def _restore(self, table_id: str, spec: dict[str, Any], actions: list[list[Any]]) -> None:
        tokens = {int(s): d for s, d in spec.pop("tokens", {}).items()}
        owner = spec.pop("owner", None)
        table = self._build(table_id, spec)
        table.tokens, table.owner = tokens, owner
        for number, (seat, text, marks) in enumerate(actions, 2):
            start = table.version
            try:
                table.game.act(text, seat=seat)
            except HoyleError as exc:
                exc.line = number  # type: ignore[attr-defined]
                raise
            if marks.get("timeout"):
                out = {"seat": seat, "action": text, "event": start}
                table.timeouts.append({**out, "reason": str(marks["bot"])} if "bot" in marks else out)
            if table.clock is not None and isinstance(marks.get("bank"), (int, float)):
                table.clock.banks[seat] = float(marks["bank"])
        self.tables[table_id] = table
        self._touch(table)
        self._answer_bots(table)  # a crash between a human action and the bots' answers

    # --- reading -------------------------------------------------------------------------

    def table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise TableError(f"no table {table_id!r}", status=404)
        return table

    def seat_of(self, table_id: str, token: str | None) -> int | None:
        """The seat a token belongs to (compared in constant time), or None."""
        if token is None:
            return None
        given = _digest(token)
        seat = None
        for s, digest in self.table(table_id).tokens.items():
            if hmac.compare_digest(given, digest):
                seat = s
        return seat

    def catch_up(self, table_id: str) -> None:
        """Play what is due at a table before it is shown: a bot move that could not be
        logged before, the default action of a seat out of time."""
        table = self.table(table_id)
        if not table.game.is_over and table.game.to_act in table.bots:
            self._answer_bots(table)
        self._quietly(self._enforce, table)

    def lost(self, table_id: str, kept: int) -> None:
        """The log kept only its first ``kept`` lines (a failed group commit): put the
        table back to them - gone if not even its creation record stayed."""
        table = self.tables.get(table_id)
        if table is None:
            return
        if kept == 0:
            self._drop(table)
            return
        self._rebuild(table, kept - 1)
        table.timeouts = [t for t in table.timeouts if t["event"] < table.version]
        table.changed.set()
        table.changed = asyncio.Event()

    def state(self, table_id: str, seat: int | None, since: int | None = None, catch_up: bool = True) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may know now: the view (without its event
        log), the legal actions with the bet range, the summary in words, and the events
        from number ``since`` on, as that seat saw them. With ``catch_up``, what is due
        is played first (:meth:`catch_up`)."""
        table = self.table(table_id)
        if catch_up:
            self.catch_up(table_id)
        game = table.game
        view = game.view(seat)
        events = view.pop("events", None)
        legal = game.legal_actions(seat) if seat is not None and not game.is_over else []
        out: dict[str, Any] = {
            "table": table.id,
            "seat": seat,
            "version": table.version,
            "bots": {str(s): table.spec["bots"][str(s)] for s in sorted(table.bots)},
            "view": view,
            "legal_actions": [{"text": str(a), "kind": a.kind} for a in legal],
            "bet_range": bet_range(view) if seat is not None and seat == game.to_act else None,
            "summary": summary(view),
            "over": game.is_over,
            "fairness": table.fairness(),
            "clock": table.clock.state(self.now()) if table.clock is not None else None,
            "timeouts": list(table.timeouts),
        }
        if since is not None:
            if isinstance(since, bool) or not 0 <= since <= table.version:
                raise TableError(f"'since' must be an event number in 0..{table.version}, not {since!r}")
            seen = [e.for_viewer(seat) for e in game.events[since:]] if events is None else events[since:]
            out["events"] = seen
            out["log"] = _words(seen, since, table.timeouts, view["players"], seat)
        return out

    def replay(self, table_id: str) -> str:
        """The finished game's JSON record (replay is the serialization)."""
        table = self.table(table_id)
        if not table.game.is_over:
            raise TableError("the replay is available once the game is over", status=403)
        return table.game.to_json()

    def record(self, table_id: str) -> dict[str, Any]:
        """The finished table's record, for ``hoyle verify``: its id, the commitment
        published at its creation, the game's record (the seed revealed) and result."""
        table = self.table(table_id)
        if not table.game.is_over:
            raise TableError("the table record (and its seed) is available once the game is over", status=403)
        return {
            "table": table.id,
            **table.fairness(),
            "game": json.loads(table.game.to_json()),
            "result": json.loads(json.dumps(table.game.result)),
        }

    # --- acting --------------------------------------------------------------------------

    def act(self, table_id: str, seat: int, action: Any) -> int:
        """Take ``action`` (its text) for ``seat``, log it, let the bots answer; returns
        the event number the action started at. An illegal action changes nothing."""
        table = self.table(table_id)
        action = action_text(action)
        self._enforce(table)  # out of time: the default action is played first
        game = table.game
        if game.is_over:
            raise TableError("the game is over", status=409)
        start = table.version
        try:
            game.act(action, seat=seat)
        except IllegalActionError as exc:
            status = 409 if game.to_act is not None and game.to_act != seat else 422
            reason = getattr(exc, "reason", None) or str(exc)  # Action.parse's errors carry no reason
            raise TableError(f"illegal action {action!r} for seat {seat}: {reason}", status=status) from exc
        except HoyleError as exc:  # unreadable action text: a bad card, an unknown word
            raise TableError(f"cannot read action {action!r}: {exc}", status=422) from exc
        now = self.now()
        bank = table.clock.charge(now) if table.clock is not None else None
        self._log(table, {"bank": bank} if bank is not None else None)  # a failed write: rolled back, refused
        if table.clock is not None and bank is not None:
            table.clock.banks[seat], table.clock.turn = bank, None
        self._touch(table, now)
        self._answer_bots(table)
        return start

    def tick(self) -> float | None:
        """Play the default action for every seat out of time (the server calls this
        often); returns the seconds until the next clock runs out, if any runs."""
        soonest = None
        for table in list(self.tables.values()):
            if table.clock is None or table.game.is_over:
                continue
            self._quietly(self._enforce, table)
            left = table.clock.remaining(self.now())
            if left is not None:
                soonest = left if soonest is None else min(soonest, left)
        return soonest

    def _quietly(self, step: Callable[[Table], object], table: Table) -> None:
        """Run a step the request does not depend on: a refusal (a log that could not be
        written) is reported on standard error, and the step runs again later."""
        try:
            step(table)
        except TableError as exc:
            print(f"hoyle serve: table {table.id}: {exc}", file=sys.stderr)

    def _time(self, table: Table) -> None:
        """Start the clock of the human seat whose decision it now is."""
        if table.clock is not None:
            game = table.game
            human = not game.is_over and game.to_act is not None and game.to_act not in table.bots
            table.clock.start(game.to_act if human else None, table.version, self.now())

    def _enforce(self, table: Table) -> None:
        """If the seat to act is out of time, play its default action (a draw, then the
        discard of the card drawn), logged as a time-out; its bank is then empty."""
        clock, game = table.clock, table.game
        if clock is None or game.is_over:
            return
        self._time(table)
        left = clock.remaining(self.now())
        if left is None or left > 0 or clock.turn is None:
            return
        seat = clock.turn[0]
        clock.banks[seat] = 0.0
        while not game.is_over and game.to_act == seat:
            start, text = table.version, default_action(game, seat)
            game.act(text, seat=seat)
            self._log(table, {"timeout": True, "bank": 0.0})
            table.timeouts.append({"seat": seat, "action": text, "event": start})
            game = table.game
            if text != "draw stock":  # a draw's time-out discards the card drawn too
                break
        clock.turn = None
        self._touch(table)
        self._answer_bots(table)

    def _answer_bots(self, table: Table) -> None:
        """Let the bots answer and wake the viewers: with :attr:`bots`, from worker
        threads (the moves come later), else here. A bot move whose log line cannot be
        written is rolled back (the human action before it stands, it is durable); the
        bot plays again at the next request to this table."""
        try:
            if self.bots is not None:
                if not table.game.is_over and table.game.to_act in table.bots:
                    self.bots.schedule(table)
            else:
                self._run_bots(table)
        finally:
            self._wake(table)

    def _wake(self, table: Table) -> None:
        """Start the clock of the seat now to act and wake the table's viewers."""
        self._time(table)
        table.changed.set()
        table.changed = asyncio.Event()

    def _run_bots(self, table: Table) -> None:
        game = table.game
        while not game.is_over and game.to_act in table.bots:
            seat = game.to_act
            try:
                choice, reason = table.bots[seat].choose(game.view(seat), game.legal_actions(seat)), None
            except Exception as exc:  # a bot's bug: the seat's default action, and the reason
                choice, reason = None, f"failed ({type(exc).__name__}: {str(exc)[:80]})"
            if not self.bot_move(table, seat, choice, reason):
                return
            game = table.game

    def bot_move(self, table: Table, seat: int, choice: Any, reason: str | None = None) -> bool:
        """Take a bot's ``choice`` for ``seat`` and log it; with no choice (``reason``
        says why: over its time bound, failed) or an illegal one, play the seat's
        default action instead, logged as a time-out with the reason. Returns False if
        the log line could not be written (the move is rolled back; the bot plays again
        at the table's next request)."""
        game, start = table.game, table.version
        if choice is not None:
            try:
                game.act(choice, seat=seat)
            except HoyleError as exc:
                reason = f"chose {shown(str(choice))}, which is not legal ({str(exc)[:80]})"
            else:
                reason = None
        if reason is not None:
            text = default_action(game, seat)
            game.act(text, seat=seat)
        try:
            self._log(table, {"timeout": True, "bot": reason} if reason is not None else None)
        except TableError as exc:
            print(f"hoyle serve: table {table.id}: a bot move was not taken: {exc}", file=sys.stderr)
            self._wake(table)
            return False
        if reason is not None:
            table.timeouts.append({"seat": seat, "action": text, "event": start, "reason": reason})
            print(f"hoyle serve: table {table.id}: the bot at seat {seat} {reason}: played {text!r}", file=sys.stderr)
        self._touch(table)
        self._wake(table)
        return True

    def _log(self, table: Table, marks: Mapping[str, Any] | None = None) -> None:
        """Put the action just taken on disk (the engine's own record of it). If the
        write fails, the game is rebuilt without that action (the log's last durable
        line is its last action) and the action is refused with a 503."""
        if self.store is None:
            return
        seat, text = table.game.record["actions"][-1]
        try:
            self.store.append(table.id, seat, text, marks)
        except OSError as exc:
            self._rebuild(table, len(table.game.record["actions"]) - 1)
            raise TableError(
                f"the table log could not be written ({exc.strerror or exc}); the action was not taken", status=503
            ) from exc

    def _rebuild(self, table: Table, count: int) -> None:
        """Put ``table`` back to its first ``count`` actions (replay is the serialization)."""
        actions = table.game.record["actions"][:count]
        fresh = self._build(table.id, table.spec)
        for seat, text in actions:
            fresh.game.act(text, seat=seat)
        table.game, table.bots = fresh.game, fresh.bots


def _words(
    seen: Sequence[Mapping[str, Any]],
    since: int,
    timeouts: Sequence[Mapping[str, Any]],
    players: Sequence[str],
    seat: int | None,
) -> list[str]:
    """The log in words of the events from number ``since`` on, a time-out told before
    the action the server played for the seat."""
    lines: list[str] = []
    cut = 0
    for out in timeouts:
        at = out["event"] - since
        if 0 <= at < len(seen):
            lines += describe_events(seen[cut:at], players, seat)
            who = name_of(out["seat"], players, seat)
            reason = out.get("reason")
            lines.append(f"{who}'s bot {reason}: the default action is played" if reason else f"{who} ran out of time")
            cut = at
    return lines + describe_events(seen[cut:], players, seat)
