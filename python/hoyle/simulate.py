"""Play many games between bots and summarise the results.

>>> from hoyle.simulate import simulate
>>> r = simulate("war", games=4, seed=1)                 # doctest: +SKIP
>>> r.games, len(r.wins)                                 # doctest: +SKIP
(4, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from hoyle._core import Rng
from hoyle.bots import Bot
from hoyle.errors import InvalidArgumentError
from hoyle.plugins import make_bot

BotSpec = str | Callable[..., Bot]


@dataclass
class GameRecord:
    """One simulated game: its seed, settlement per seat, winners and length; with
    ``simulate(keep_games=True)`` also ``game``, its replayable ``Game.to_json()``."""

    seed: int
    settlement: list[int]
    scores: list[int]
    winners: list[int]
    actions: int
    deals: int
    game: str | None = None


@dataclass
class SimulationResult:
    """Per-seat totals over all games. ``wins`` counts a shared win as 1/k for each of
    k winners."""

    variant: str
    games: int
    wins: list[float]
    settlement: list[int]
    records: list[GameRecord] = field(repr=False)

    def win_rate(self, seat: int) -> float:
        return self.wins[seat] / self.games

    def mean_settlement(self, seat: int) -> float:
        return self.settlement[seat] / self.games

    @property
    def mean_actions(self) -> float:
        return sum(r.actions for r in self.records) / self.games


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
    max_actions: int = 1_000_000,
    keep_game: bool = False,
) -> GameRecord:
    """Play one game with fresh bots (bot ``i`` seeded from stream ``i`` of ``seed``);
    ``keep_game`` keeps its record (``Game.to_json()``) in the result."""
    from hoyle.engine.game import new_game
    from hoyle.engine.state import LazyView

    game = new_game(variant, players=len(bots), seed=seed, options=options, house_rules=house_rules)
    players = [make_bot(spec, Rng(seed, 1 + i).next_u64()) for i, spec in enumerate(bots)]
    reactors = any(hasattr(p, "react") for p in players)
    n = 0
    while not game.is_over:
        if n >= max_actions:
            raise InvalidArgumentError(f"game with seed {seed} did not end within max_actions={max_actions}")
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


def _play_chunk(args: tuple[Any, ...]) -> list[GameRecord]:
    variant, seeds, bots, options, house_rules, keep_games = args
    return [play_one(variant, s, bots, options, house_rules, keep_game=keep_games) for s in seeds]


def simulate(
    variant: str,
    games: int,
    bots: Sequence[BotSpec] = ("random", "random"),
    seed: int = 0,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
    progress: Callable[[int], None] | None = None,
    keep_games: bool = False,
) -> SimulationResult:
    """Play ``games`` games of ``variant`` between ``bots`` (names from
    :attr:`hoyle.registry.Registry.bots` or factories taking ``seed=``; one per seat). Game ``i`` uses
    :func:`game_seed`, so the result is the same for any ``jobs`` (processes).
    ``progress`` is called with the number of games finished since its last call;
    ``keep_games`` keeps each game's replayable record in ``records[i].game``."""
    if games < 1:
        raise InvalidArgumentError(f"games={games}: simulate at least one game")
    if jobs < 1:
        raise InvalidArgumentError(f"jobs={jobs}: at least one job")
    seeds = [game_seed(seed, i) for i in range(games)]
    records: list[GameRecord] = []
    chunk = max(1, min(256, games // (jobs * 8) or 1))
    chunks = [seeds[i : i + chunk] for i in range(0, games, chunk)]
    args = [(variant, c, list(bots), dict(options or {}), list(house_rules), keep_games) for c in chunks]
    if jobs == 1:
        results = map(_play_chunk, args)
        for part in results:
            records.extend(part)
            if progress:
                progress(len(part))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(_play_chunk, args):
                records.extend(part)
                if progress:
                    progress(len(part))
    n = len(bots)
    wins = [0.0] * n
    settlement = [0] * n
    for r in records:
        for w in r.winners:
            wins[w] += 1 / len(r.winners)
        for s in range(n):
            settlement[s] += r.settlement[s]
    return SimulationResult(variant, games, wins, settlement, records)
