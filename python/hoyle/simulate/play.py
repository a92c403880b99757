"""One game between bots: its seed, the bots' moves and reactions, and its record.

>>> from hoyle.simulate.play import play_one
>>> record = play_one("war", seed=5, bots=["random", "random"], options={"max_battles": 20})
>>> len(record.settlement), record.actions > 0, record.stopped
(2, True, False)

A game still going after ``max_actions`` actions (:data:`DEFAULT_MAX_ACTIONS` by
default) is stopped there and recorded as such: ``stopped`` true, no winners, a
settlement of zero for every seat, the scores and deals as they stood.

>>> record = play_one("war", seed=5, bots=["random", "random"], max_actions=3)
>>> record.stopped, record.actions, record.winners, record.settlement
(True, 3, [], [0, 0])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hoyle._core import Rng
from hoyle.bots import Bot
from hoyle.errors import InvalidArgumentError
from hoyle.plugins import make_bot

BotSpec = str | Callable[..., Bot]

#: The player actions (reactions included) after which ``simulate`` stops a game that
#: has not ended and records it as stopped: far longer than any rummy game between its
#: bots (a few thousand actions at most), short enough that a game random play cannot
#: end costs seconds, not hours.
DEFAULT_MAX_ACTIONS = 100_000


@dataclass
class GameRecord:
    """One simulated game: its seed, settlement per seat, winners and length; with
    ``simulate(keep_games=True)`` also ``game``, its replayable ``Game.to_json()``.
    ``stopped``: the game reached the run's ``max_actions`` without ending (no winners,
    settlement zero, ``scores`` and ``deals`` as they stood)."""

    seed: int
    settlement: list[int]
    scores: list[int]
    winners: list[int]
    actions: int
    deals: int
    game: str | None = None
    stopped: bool = False


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation: the first draw of stream ``index``."""
    return Rng(seed, index).next_u64()


def react(game: Any, players: Sequence[Any], views: Callable[[int], Any] | None = None, limit: int = 1_000_000) -> int:
    """Offer out-of-turn reactions until nobody takes one; returns how many were taken.

    Each seat whose bot has a ``react`` method (:class:`hoyle.bots.Reactor`) and which
    has legal actions now - the seat to act included - is asked for ``(action, delay)``;
    the fastest (smallest delay, then lowest seat) acts, and the offer is repeated on
    the new state, at most ``limit`` times. ``views(seat)`` builds the view handed to
    the bot (default ``game.view``).

        >>> import hoyle
        >>> game = hoyle.new_game("war", seed=1)
        >>> react(game, [hoyle.RandomBot(), hoyle.RandomBot()])    # RandomBot never reacts
        0
    """
    taken = 0
    view = views or game.view
    while not game.is_over and taken < limit:
        best: tuple[float, int, Any] | None = None
        for seat, bot in enumerate(players):
            answer = getattr(bot, "react", None)
            if answer is None:
                continue
            legal = game.legal_actions(seat)
            if not legal:
                continue
            reaction = answer(view(seat), legal)
            if reaction is not None and (best is None or (reaction[1], seat) < best[:2]):
                best = (reaction[1], seat, reaction[0])
        if best is None:
            return taken
        game.act(best[2], best[1])
        taken += 1
    return taken


def play_one(
    variant: str,
    seed: int,
    bots: Sequence[BotSpec],
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
    max_actions: int = DEFAULT_MAX_ACTIONS,
    keep_game: bool = False,
) -> GameRecord:
    """Play one game with fresh bots (bot ``i`` seeded from stream ``i`` of ``seed``),
    at most ``max_actions`` player actions (reactions included): a game not over by
    then is stopped and recorded with ``stopped`` true. ``keep_game`` keeps its record
    (``Game.to_json()``) in the result."""
    from hoyle.engine.game import new_game
    from hoyle.engine.state import LazyView

    if isinstance(max_actions, bool) or not isinstance(max_actions, int) or max_actions < 1:
        raise InvalidArgumentError(f"max_actions={max_actions!r}: a whole number of actions, at least 1")
    game = new_game(variant, players=len(bots), seed=seed, options=options, house_rules=house_rules)
    players = [make_bot(spec, Rng(seed, 1 + i).next_u64()) for i, spec in enumerate(bots)]
    reactors = any(hasattr(p, "react") for p in players)
    n = 0
    while not game.is_over:
        if n >= max_actions:
            state = game.state
            return GameRecord(
                seed,
                [0] * len(players),
                list(state.scores),
                [],
                n,
                len(state.score_sheet),
                game.to_json() if keep_game else None,
                stopped=True,
            )
        if reactors:
            n += react(game, players, lambda s: LazyView(game.state, s), limit=max_actions - n)
            if game.is_over:
                break
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions(seat)
        game.act(players[seat].choose(LazyView(game.state, seat), legal), seat)
        n += 1
    result = game.result
    assert result is not None
    return GameRecord(
        seed,
        result["settlement"],
        result["scores"],
        result["winners"],
        n,
        result["deals"],
        game.to_json() if keep_game else None,
    )
