"""``hoyle play VARIANT``: a human against bots in a plain terminal.

The table is drawn from ``game.view(seat)`` alone, so every variant plays without code
here. At the prompt, type an action's text (tab completes the legal actions), or
``help`` (list them), ``hint`` (what each suitable bot would do), ``table`` (draw the
table again) or ``quit``. An illegal entry prints the reason and asks again.

Bots come from the plugin registry (:attr:`hoyle.registry.Registry.bots`). A bot factory may declare
``families = ("rummy", ...)`` or ``variants = ("gin-rummy", ...)``; ``hint`` and
``--bots`` then use it only for those games (a factory without them suits any game).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from hoyle import words
from hoyle._core import Rng
from hoyle.bots import Bot
from hoyle.cli.common import game_options, parse_bots, parse_options
from hoyle.cli.render import render_view, result_line
from hoyle.engine.actions import Action
from hoyle.engine.game import Game, new_game
from hoyle.errors import HoyleError, IllegalActionError, InvalidArgumentError
from hoyle.plugins import default_registry, make_bot
from hoyle.registry import Variant, bot_suits

COMMANDS_HELP = "Type an action (tab completes), or: help, hint, table, quit."
META = ("help", "hint", "table", "quit")


def hint_bots(variant: Variant) -> list[str]:
    """The registered bots suited to ``variant``, specialised ones first, ``random`` last."""
    return sorted(default_registry().bots_for(variant), key=lambda n: (n == "random", n))


def bet_sizes(view: Mapping[str, Any], legal: Sequence[Action]) -> str | None:
    """When the legal actions include a bet or raise and the view publishes the legal
    range (``public["range"] = [least, most]``, as the betting games do), the sizes in
    words: only some sizes are listed, any in the range is accepted.

    >>> bet_sizes({"public": {"range": [4, 200]}}, [Action("fold"), Action("raise", amount=4)])
    'raise to 4..200'
    >>> bet_sizes({"public": {"range": None}}, [Action("check")]) is None
    True
    """
    rng = (view.get("public") or {}).get("range")
    kinds = [a.kind for a in legal if a.kind in ("bet", "raise") and a.amount is not None]
    if not kinds or not isinstance(rng, (list, tuple)) or len(rng) != 2 or rng[0] == rng[1]:
        return None
    return f"{kinds[0]} to {rng[0]}..{rng[1]}"


class Session:
    """One game at the terminal: the human's seat, the bots, what has been shown."""

    def __init__(
        self, game: Game, seat: int, bots: dict[int, Bot], console: Console, read: Callable[[str], str]
    ) -> None:
        self.game = game
        self.seat = seat
        self.bots = bots
        self.console = console
        self.read = read
        self.shown = 0
        self.players: list[str] = list(game.state.players)
        self.hint_rng = Rng(game.record["seed"], 1 << 40)

    # --- output ----------------------------------------------------------------------

    def show_new_events(self) -> None:
        events = self.game.view(self.seat)["events"]
        new = events[self.shown :]
        self.shown = len(events)
        for line in words.describe_events(new, self.players, self.seat):
            self.console.print(Text("  " + line), soft_wrap=True)

    def show_table(self, details: bool = False) -> None:
        """The table with the player's summary; ``details`` adds every public fact."""
        view = self.game.view(self.seat)
        title = f"{self.game.variant.name} - deal {view['deal'] + 1}, {view['phase']}"
        self.console.print()
        self.console.print(render_view(view, title=title, details=details))

    def show_legal(self) -> None:
        legal = self.game.legal_actions(self.seat)
        line = Text("legal: ", style="bold") + Text(", ".join(map(str, legal)))
        sizes = bet_sizes(self.game.view(self.seat), legal)
        if sizes:
            line.append(f" (or any {sizes})", style="dim")
        self.console.print(line)

    # --- the loop ----------------------------------------------------------------------

    def run(self) -> dict[str, Any] | None:
        """Play until the game ends (returns the result) or the human quits (None)."""
        from hoyle.simulate import react

        game = self.game
        reactors = [self.bots.get(s) for s in game.state.seats]  # the human's seat: None, never reacts
        while not game.is_over:
            react(game, reactors)  # bots' out-of-turn actions (a slap), fastest first
            if game.is_over:
                break
            seat = game.to_act
            if seat is None:
                raise InvalidArgumentError("no seat is to act in a game that is not over")
            if seat != self.seat:
                bot = self.bots[seat]
                game.act(bot.choose(game.view(seat), game.legal_actions(seat)), seat)
                continue
            self.show_new_events()
            self.show_table()
            self.show_legal()
            if not self.human_turn():
                self.console.print("You left the game.")
                return None
        self.show_new_events()
        self.show_table()
        result = game.result
        assert result is not None
        self.console.print(Text(result_line(result, self.players, self.seat), style="bold"), soft_wrap=True)
        return result

    def human_turn(self) -> bool:
        """Read entries until one legal action is taken (True) or the human quits."""
        while True:
            try:
                text = self.read("your move> ").strip()
            except EOFError:
                return False
            word = text.lower()
            if word in ("quit", "exit", "q"):
                return False
            if word in ("", "help", "?"):
                self.show_legal()
                if word:
                    self.console.print(COMMANDS_HELP)
                continue
            if word == "table":
                self.show_table(details=True)
                continue
            if word == "hint":
                self.hint()
                continue
            try:
                self.game.act(text, self.seat)
            except IllegalActionError as exc:
                self.console.print(Text(f"illegal: {getattr(exc, 'reason', None) or exc}", style="red"))
                continue
            except HoyleError as exc:  # e.g. a card that does not parse
                self.console.print(Text(f"not understood: {exc}", style="red"))
                continue
            return True

    def hint(self) -> None:
        view = self.game.view(self.seat)
        legal = self.game.legal_actions(self.seat)
        for name in hint_bots(self.game.variant):
            bot = make_bot(name, self.hint_rng.next_u64())
            self.console.print(
                Text(f"{name} bot would play: ") + Text(str(bot.choose(view, legal)), style="bold yellow")
            )


def _readline_input(session_legal: Callable[[], Sequence[str]]) -> Callable[[str], str]:
    """``input`` with tab completion of the legal actions' text (when readline exists
    and stdin is a terminal)."""
    if not sys.stdin.isatty():
        return input
    try:
        import readline
    except ImportError:  # pragma: no cover - platforms without readline
        return input
    matches: list[str] = []

    def complete(text: str, state: int) -> str | None:
        nonlocal matches
        if state == 0:
            line = readline.get_line_buffer().lstrip().lower()
            options = [*session_legal(), *META]
            matches = [o for o in options if o.lower().startswith(line)]
        return matches[state] if state < len(matches) else None

    readline.set_completer_delims("")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")
    return input


def _bots_for(names: list[str], players: int, seat: int, seed: int, variant: Variant) -> dict[int, Bot]:
    others = [s for s in range(players) if s != seat]
    if not names:
        names = ["random"]
    if len(names) == 1:
        names = names * len(others)
    if len(names) != len(others):
        raise InvalidArgumentError(
            f"--bots: {len(names)} bots for {len(others)} other seats (give one name, or one per other seat)"
        )
    bots: dict[int, Bot] = {}
    for s, name in zip(others, names):
        factory = default_registry().bot_factory(name)
        if factory is not None and not bot_suits(factory, variant):
            raise InvalidArgumentError(f"bot {name!r} does not play {variant.name!r}")
        bots[s] = make_bot(name, Rng(seed, 1 + s).next_u64())
    return bots


@click.command()
@click.argument("variant")
@click.option(
    "--players", "-p", type=int, default=None, help="Number of players (default: the fewest the variant allows)."
)
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat (0 acts first in most games).")
@click.option(
    "--bots",
    "bots_text",
    default=None,
    metavar="NAME[,NAME...]",
    help="Bots for the other seats: one name for all, or one per seat (default: random).",
)
@click.option(
    "--seed",
    type=click.IntRange(0, 2**64 - 1),
    default=None,
    help="Seed for the shuffles (default: random; printed at the start).",
)
@click.option(
    "--record",
    "record_path",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    metavar="FILE",
    help="Write the game record (one JSON line, as `hoyle replay` reads) when the game ends or you quit.",
)
@game_options
def play(
    variant: str,
    players: int | None,
    seat: int,
    bots_text: str | None,
    seed: int | None,
    record_path: str | None,
    options: tuple[str, ...],
    house_rules: tuple[str, ...],
) -> None:
    """Play VARIANT against bots in the terminal.

    \b
    Examples:
      hoyle play war --option max_battles=20
      hoyle play war --seat 1 --seed 7
      hoyle play gin-rummy --bots gin --record game.jsonl
    """
    from hoyle.plugins import default_registry

    v = default_registry().variant(variant)
    n = players if players is not None else v.players[0]
    if not 0 <= seat < n:
        raise InvalidArgumentError(f"--seat {seat}: seats are 0..{n - 1}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    game = new_game(variant, players=n, seed=seed, options=parse_options(options), house_rules=house_rules)
    bots = _bots_for(parse_bots(bots_text), n, seat, seed, v)
    console = Console(highlight=False, markup=False)
    console.print(Text(f"{v.name}: {v.description}".rstrip(": "), style="bold"))
    console.print(f"You are seat {seat} ({game.state.players[seat]}); seed {seed}. {COMMANDS_HELP}")
    read = _readline_input(lambda: [str(a) for a in game.legal_actions(seat)])
    try:
        Session(game, seat, bots, console, read).run()
    finally:
        if record_path is not None:
            with open(record_path, "w", encoding="utf-8") as out:
                out.write(game.to_json() + "\n")


COMMANDS = [play]
