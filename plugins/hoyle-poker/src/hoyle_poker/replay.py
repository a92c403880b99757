"""Replay a recorded flop-game hand (hold'em, Omaha, short-deck) from a neutral record,
whatever format it was read from: PHH (:mod:`hoyle.phh`), Open Hand History or
PokerStars text. A reader fills a :class:`FlopHand`; :func:`replay_flop_hand` deals the
recorded cards and plays the recorded actions through the installed variant, so every
chip rule is hoyle's own.

    >>> from hoyle_poker.replay import FlopHand, HandAction, replay_flop_hand
    >>> hand = FlopHand(
    ...     game="texas-holdem",
    ...     structure="no-limit",
    ...     stacks=[200, 200],
    ...     blinds=[1, 2],
    ...     holes=["AsAd", "7c2d"],
    ...     actions=[HandAction(1, "raise", 6), HandAction(0, "fold")],
    ... )
    >>> replay_flop_hand(hand).result["stacks"]
    [198, 202]

Seats: the players sit in the record's order, the button on the last seat (so seat 0
is the first player left of the button, the small blind; heads-up seat 0 is the big
blind and seat 1, the button, posts the small blind), as in PHH.

Actions (:class:`HandAction`): ``fold``; ``check`` and ``call`` (either word: the one
that applies is played, as PHH's ``cc``); ``bet`` and ``raise`` with the total the bet
is to this round (either word, as PHH's ``cbr``); ``show`` and ``muck`` at the showdown
(a player who says neither shows). Cards are given as text, ``"AsKd"``, ``"??"`` for a
card nobody saw; unknown hole cards are taken from the cards the player shows, else
from cards nobody saw.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hoyle import Card, Deck, Game, new_game
from hoyle.errors import HoyleError, ReplayError
from hoyle.phh import parse_cards

from hoyle_poker.betting_public import flop_public, public
from hoyle_poker.names import SHOWDOWN

__all__ = ["FLOP_GAMES", "FlopHand", "HandAction", "act", "betting_text", "play_showdown", "replay_flop_hand"]

#: The flop games a record may name, with the options each one implies.
FLOP_GAMES: Mapping[str, tuple[str, Mapping[str, Any]]] = {
    "texas-holdem": ("texas-holdem", {}),
    "omaha": ("omaha", {}),
    "omaha-hi-lo": ("omaha", {"hi_lo": True}),
    "short-deck-holdem": ("short-deck-holdem", {}),
    "split-holdem": ("split-holdem", {}),
}


@dataclass(frozen=True)
class HandAction:
    """One recorded action: ``seat`` (0 = first player left of the button), ``kind``
    (``fold``, ``check``, ``call``, ``bet``, ``raise``, ``show``, ``muck``) and for a bet
    or raise the total ``amount`` it is to this round. ``label`` names it in errors (e.g.
    the file's line)."""

    seat: int
    kind: str
    amount: int | None = None
    label: str = ""
    cards: str = ""


@dataclass(frozen=True)
class FlopHand:
    """A recorded flop-game hand, in the seats' order (the button last).

    :param game: ``texas-holdem``, ``omaha``, ``omaha-hi-lo`` or ``short-deck-holdem``.
    :param structure: ``no-limit``, ``pot-limit`` or ``fixed-limit``.
    :param stacks: each seat's stack before the forced bets.
    :param blinds: forced bets by position: small blind, big blind, straddles.
    :param antes: antes by position, as the blinds (small blind first; heads-up the
        button's first, as PHH and PokerKit); empty for none.
    :param holes: each seat's hole cards as text (``""``: unknown).
    :param board: the board cards as text, in the order dealt (the first run's).
    :param runs: the board of each further run, whole (the cards shared before the runs
        started included), when the hand was run twice or three times (option ``runs``);
        in Split Hold'em, the second board.
    :param posts: blinds posted out of position, ``(seat, live, dead)`` (option ``posts``).
    :param actions: the betting and showdown actions, in order.
    :param min_bet, small_bet, big_bet: the structure's sizes (0: from the blinds).
    :param options: further options of the variant (e.g. ``conventions``).
    """

    game: str
    structure: str
    stacks: Sequence[int]
    blinds: Sequence[int] = ()
    antes: Sequence[int] = ()
    holes: Sequence[str] = ()
    board: str = ""
    runs: Sequence[str] = ()
    posts: Sequence[tuple[int, int, int]] = ()
    actions: Sequence[HandAction] = ()
    players: Sequence[str] = ()
    min_bet: int = 0
    small_bet: int = 0
    big_bet: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)


def act(game: Game, seat: int, text: str, label: str) -> None:
    """Play ``text`` for ``seat``; an action hoyle refuses raises
    :class:`~hoyle.errors.ReplayError` naming ``label`` and hoyle's reason."""
    try:
        game.act(text, seat=seat)
    except HoyleError as exc:
        raise ReplayError(f"{label} ({text!r} by p{seat + 1}) does not replay: {exc}") from exc


def betting_text(game: Game, seat: int, kind: str, amount: int | None) -> str:
    """The hoyle action for a recorded betting action: check or call as the bet faced,
    bet or raise as there is a bet to raise."""
    p = public(game.state)
    if kind == "fold":
        return "fold"
    if kind in ("check", "call"):
        return "call" if p["to_call"] > p["bets"][seat] else "check"
    if kind in ("bet", "raise"):
        if amount is None:
            raise ReplayError(f"a {kind} by p{seat + 1} without an amount")
        return f"{'raise to' if p['to_call'] else 'bet'} {amount}"
    raise ReplayError(f"{kind!r} is not a betting action (fold, check, call, bet, raise)")


def play_showdown(game: Game, decisions: Mapping[int, str], label: str = "showdown") -> None:
    """Answer a manual showdown: each seat shows or mucks as recorded (shows if not)."""
    while not game.is_over and game.phase == SHOWDOWN and (who := game.to_act) is not None:
        act(game, who, decisions.get(who, "show"), label)


def replay_flop_hand(hand: FlopHand) -> Game:
    """Deal ``hand``'s cards, play its actions and return the game (over, unless the
    record stops early). Raises :class:`~hoyle.errors.ReplayError` naming the first action
    hoyle refuses."""
    if hand.game not in FLOP_GAMES:
        raise ReplayError(f"unknown flop game {hand.game!r} (known: {', '.join(FLOP_GAMES)})")
    variant, extra = FLOP_GAMES[hand.game]
    n = len(hand.stacks)
    holes = [parse_cards(h) for h in hand.holes] + [[] for _ in range(n - len(hand.holes))]
    board = parse_cards(hand.board)
    for a in hand.actions:  # unknown hole cards a player shows later
        if a.kind == "show" and a.cards and 0 <= a.seat < n:
            shown = parse_cards(a.cards)
            held = holes[a.seat]
            holes[a.seat] = [h if h is not None else c for h, c in zip(held, shown)] if held else shown
    for a in hand.actions:
        if not 0 <= a.seat < n:
            raise ReplayError(f"{a.label or a.kind}: seat {a.seat} is not a player p1..p{n}")
    antes = list(hand.antes)
    options: dict[str, Any] = {
        "structure": hand.structure,
        "blinds": " ".join(str(int(x)) for x in hand.blinds),
        "antes": " ".join(str(int(x)) for x in antes),
        "showdown": "manual",
        **extra,
        **hand.options,
    }
    for key in ("min_bet", "small_bet", "big_bet"):
        if getattr(hand, key):
            options[key] = int(getattr(hand, key))
    if hand.posts:
        options["posts"] = " ".join(f"{s}:{live}+{dead}" for s, live, dead in hand.posts)
    split = variant == "split-holdem"
    if split:  # two boards dealt street by street, not runs of one
        runs, shared = [_second_board(hand.runs)], 0
    else:
        runs, shared = _runs(board, hand.runs)
    if runs and not split:
        options["runs"] = len(runs) + 1
    if variant == "omaha":
        options["hole_cards"] = max((len(h) for h in holes), default=4) or 4
    from hoyle.plugins import default_registry

    base = default_registry().variant(variant).deck(options)
    size = int(options.get("hole_cards", 2))
    holes = [h if h else [None] * size for h in holes]
    known = [c for h in holes for c in h if c is not None] + [c for c in board if c is not None]
    known += [c for r in runs for c in r if c is not None]
    if len(set(known)) != len(known):
        raise ReplayError("a card is dealt twice")
    unseen = iter([c for c in base if c not in set(known)])
    board = board + [None] * (5 - len(board))
    # hoyle deals each player's hole cards in turn, left of the button (seat 0) first,
    # then burn, flop, burn, turn, burn, river
    order: list[Card | None] = [c for h in holes for c in h]
    if split:  # Split Hold'em: burn, the first board's cards of the street, the second's
        second = runs[0] + [None] * (5 - len(runs[0]))
        for lo, hi in ((0, 3), (3, 4), (4, 5)):
            order += [None, *board[lo:hi], *second[lo:hi]]
        runs = []
    else:
        order += [None, *board[:3], None, *board[3:4], None, *board[4:5]]
    for run in runs:  # each further run after the first, a burn before each street
        cut = iter(run)
        for count in _STREET_CARDS[_STREET_AT[shared] - 1 :]:
            order += [None, *(next(cut) for _ in range(count))]
    cards = [c if c is not None else next(unseen) for c in order] + list(unseen)
    try:
        game = new_game(
            variant,
            players=list(hand.players) or [f"p{i + 1}" for i in range(n)],
            seed=0,
            options=options,
            deck=Deck(" ".join(map(str, cards))),
            stacks=[int(x) for x in hand.stacks],
        )
    except HoyleError as exc:
        raise ReplayError(f"the hand cannot be set up: {exc}") from exc
    decisions: dict[int, str] = {}
    for i, a in enumerate(hand.actions):
        label = a.label or f"action {i}"
        if a.kind in ("show", "muck"):
            decisions[a.seat] = a.kind
            continue
        act(game, a.seat, betting_text(game, a.seat, a.kind, a.amount), label)
    play_showdown(game, decisions)
    ran = flop_public(game.state).get("run_from")
    if runs and game.is_over and ran != _STREET_AT[shared]:
        raise ReplayError(
            f"the record runs the board {len(runs) + 1} times from its card {shared + 1}, but in hoyle "
            + (
                "the betting was not closed by all-ins"
                if ran is None
                else f"the runs part at board card {_SHARED[ran] + 1}"
            )
        )
    return game


#: The cards of each street after the deal, the street (1: the flop) that starts at each
#: board card, and the board cards before each street.
_STREET_CARDS = (3, 1, 1)
_STREET_AT = {0: 1, 3: 2, 4: 3}
_SHARED = {street: cards for cards, street in _STREET_AT.items()}


def _second_board(runs: Sequence[str]) -> list[Card | None]:
    """Split Hold'em's second board (the cards dealt of it: fewer than five when the
    hand ended before the river)."""
    if len(runs) > 1:
        raise ReplayError(f"a Split Hold'em hand has two boards, not {len(runs) + 1}")
    return parse_cards(runs[0]) if runs else []


def _runs(board: list[Card | None], runs: Sequence[str]) -> tuple[list[list[Card | None]], int]:
    """The cards each further run dealt of its own (after the cards shared by every run)
    and how many board cards the runs share; a run that is no whole board, or that
    shares no street boundary with the first, raises :class:`~hoyle.errors.ReplayError`."""
    if not runs:
        return [], 0
    boards = [parse_cards(r) for r in runs]
    for b in boards:
        if len(b) != 5 or len(board) != 5:
            raise ReplayError(f"a hand run {len(runs) + 1} times needs five cards on each board, not {len(b)}")
    shared = 0
    while shared < 5 and all(b[shared] == board[shared] for b in boards):
        shared += 1
    if shared not in _STREET_AT:
        raise ReplayError(f"the runs of the board share {shared} cards: they must part at the flop, turn or river")
    return [b[shared:] for b in boards], shared
