"""Which plugin replays which game of a hand history, found through the hook
``hoyle_register_hand_history_games(register)``.

The core names no variant: a plugin registers a :class:`HistoryGame` for each game name
hand histories use (``"Hold'em"``, ``"Omaha"``...), with the function that turns a
:class:`~hoyle.handhistory.record.HandRecord` into a finished hoyle game and, for
writing hand histories, the function that turns a finished game back into a record.

    >>> from hoyle.handhistory.games import history_games
    >>> "holdem" in history_games()
    True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from hoyle.engine.game import Game
from hoyle.errors import PluginError, ReplayError
from hoyle.handhistory.record import HandRecord, game_key

__all__ = [
    "SITE_OPTIONS",
    "HistoryGame",
    "check_finishing_stacks",
    "finishing_stacks",
    "history_games",
    "record_of",
    "replay",
    "site_options",
]


@dataclass(frozen=True)
class HistoryGame:
    """A game hand histories record, as a plugin replays it.

    ``name`` is the game as hand histories write it (matched by
    :func:`~hoyle.handhistory.record.game_key`, so spelling and case do not matter);
    ``replay(record, conventions="cardroom")`` returns the finished game (``conventions``
    is the betting games' option of that name); ``variants`` are the hoyle variants
    whose finished games ``record(game)`` turns into records (for writing them)."""

    name: str
    replay: Callable[..., Game]
    record: Callable[[Game], HandRecord] | None = None
    variants: tuple[str, ...] = ()


@lru_cache(maxsize=1)
def history_games() -> Mapping[str, HistoryGame]:
    """The installed hand-history games by :func:`~hoyle.handhistory.record.game_key`."""
    from hoyle.plugins import default_registry

    pm = default_registry().plugin_manager
    games: dict[str, HistoryGame] = {}
    for impl in pm.hook.hoyle_register_hand_history_games.get_hookimpls():

        def register(item: HistoryGame, plugin: str = impl.plugin_name) -> None:
            if not isinstance(item, HistoryGame):
                raise PluginError(f"plugin {plugin!r} registered {item!r}, not a HistoryGame")
            key = game_key(item.name)
            if key in games:
                raise PluginError(f"plugin {plugin!r} registers hand-history game {item.name!r} twice")
            games[key] = item

        impl.function(register=register)
    return games


#: The betting options each site's recorded play needs (docs/hand-histories.md): a
#: site's convention is history, not a proposal, so the replayer plays it. PokerStars
#: and Full Tilt let a player fold when a check was possible and record the fold.
SITE_OPTIONS: Mapping[str, Mapping[str, str]] = {
    "PokerStars": {"fold_when_check": "allow"},
    "Full Tilt": {"fold_when_check": "allow"},
    "Full Tilt Rush": {"fold_when_check": "allow"},
}


def site_options(site: str) -> dict[str, str]:
    """The betting options a site's hand histories are replayed under.

    >>> site_options("PokerStars")
    {'fold_when_check': 'allow'}
    >>> site_options("PHH")
    {}
    """
    return dict(SITE_OPTIONS.get(site, {}))


def replay(record: HandRecord, *, conventions: str = "cardroom") -> Game:
    """Replay a record through the plugin registered for its game and return the
    finished game (``conventions``: the betting games' option of that name). When the source says who collected what (and took no rake),
    hoyle's finishing stacks must agree with it. Raises
    :class:`~hoyle.errors.ReplayError` naming the hand and what does not replay."""
    games = history_games()
    key = game_key(record.game)
    if key not in games:
        known = ", ".join(sorted(g.name for g in games.values())) or "none installed"
        raise ReplayError(
            f"{record.describe()}, line {record.line}: no plugin replays {record.game!r} (known: {known})"
        )
    game = games[key].replay(record, conventions=conventions)
    check_finishing_stacks(record, game)
    return game


def check_finishing_stacks(record: HandRecord, game: Game) -> None:
    """Raise :class:`~hoyle.errors.ReplayError` if the record says who collected what,
    took no rake, and hoyle's finishing stacks differ."""
    expected = record.expected_stacks()
    if expected is None or record.rake:
        return
    got = finishing_stacks(game)
    if got != expected:
        diffs = ", ".join(
            f"{record.players[i]} {got[i]} (the history says {expected[i]})"
            for i in range(len(got))
            if got[i] != expected[i]
        )
        raise ReplayError(f"{record.describe()}, line {record.line}: hoyle's finishing stacks differ: {diffs}")


def finishing_stacks(game: Game) -> list[Decimal]:
    """A replayed hand's finishing stacks in the record's player order, in the
    record's units (``game.result["chip_scale"]`` chips to one unit)."""
    assert game.result is not None
    scale = Decimal(game.result.get("chip_scale", 1))
    order: list[int] = game.result.get("record_order", list(range(len(game.state.stacks))))
    return [Decimal(game.state.stacks[seat]) / scale for seat in order]


def record_of(game: Game) -> HandRecord:
    """The record of a finished one-hand game, by the plugin that registered its
    variant. Raises :class:`~hoyle.errors.ReplayError` if none did."""
    for item in history_games().values():
        if game.variant.name in item.variants and item.record is not None:
            return item.record(game)
    raise ReplayError(f"no installed plugin writes {game.variant.name!r} games as hand histories")
