"""Gin rummy (docs/rules/rummy.md#c2) and Oklahoma gin.

Two players, 52 cards, ace low, cards count K Q J 10 = 10, ace 1, others face value.

The deal: the first dealer is chosen by a cut (drawn from the seeded generator; option
``first_dealer`` fixes it); after
that the loser of each hand deals (option ``dealer``: ``loser``, ``winner`` or
``alternate``); a void hand is dealt again by the same dealer. Ten cards each, one at a
time starting with the non-dealer; the next card face up starts the discard pile.

Actions, in the order the phases ask for them:

* ``offer`` (first turn): the non-dealer may ``draw discard`` (take the up-card) or
  ``pass``; then the dealer may; if both pass the non-dealer must ``draw stock``.
* ``draw``: ``draw stock`` or ``draw discard``.
* ``discard``: ``discard X``, or ``knock X`` (X goes face down) when the deadwood of the
  ten cards left is at most the knock limit (10; zero deadwood is gin). The card just
  taken from the discard pile may not be discarded (nor knocked with) that turn.
  ``knock X on N`` (not listed: a family) knocks and spreads spread N of
  :func:`hoyle.rummy.knock_spreads` of the ten cards left.

On a ``knock X`` the knocker's hand is spread as the arrangement best for the knocker
against the defender's best lay-offs, found exactly (:func:`hoyle.rummy.best_knock`).
Unless the knocker went gin, the opponent then lays off deadwood on the knocker's melds
- chosen jointly with the opponent's own melds to leave the least deadwood
(``hoyle.rummy.lay_off``), one card at a time onto the meld as it then stands (runs
stay in rank order); the knocker never lays off. Scoring: knocker lower - the difference; opponent equal or
lower (an undercut) - the difference plus the undercut bonus (10) to the opponent; gin -
the gin bonus (20) plus the opponent's count. When a discard without a knock leaves two
cards in the stock the hand is void (no score); with option ``late_pickup`` the other
player is first asked: ``draw discard`` (only when that card lets them knock; then they
must knock) or ``pass`` (the hand is void).

The match: to 100 (``target``); the winner adds the game bonus (100; 200 if the loser
scored nothing), each player adds the box bonus (20) per hand won; the lower total pays
the difference. Option ``deals`` ends the game after that many deals instead (void deals
count; ``deals=1`` is one hand, the unit OpenSpiel and RLCard call a game): then the game
bonus goes only to a winner who reached the target.

Three and four players are ``gin-rummy`` with ``players=3`` or ``players=4``: three play
the rotation (the dealer sits out), four the partnership game at two tables to 125 (the
seatings are :mod:`hoyle_rummy.gin_seating`). Option ``target`` defaults to None, which
means 100 - or 125 for four players. Option ``dealer`` is for two players (three always
play loser-deals, four alternate partnerships) and four players have no boxes or game
bonus, so a non-default ``dealer``, ``box_bonus``, ``game_bonus`` or ``shutout`` is
refused there (:class:`~hoyle.errors.InvalidOptionError`).

Oklahoma gin (variant ``oklahoma-gin``): the first up-card's points are the knock limit
(pictures 10; an ace allows a knock with 1, or with option ``ace_means_gin`` only gin);
a spade up-card doubles the deal's score and its boxes; game to 150.
"""

from __future__ import annotations

from typing import Any

from hoyle import Deck, Option, State, Variant, hookimpl
from hoyle.errors import InvalidOptionError

from hoyle_rummy.gin_seating import SEATINGS, target
from hoyle_rummy.gin_state import gin_public
from hoyle_rummy.gin_table import apply_action, check_action, legal_actions


def _points(value: Any) -> str | None:
    """Option check: None or a whole number of points, at least 1."""
    if value is None or (type(value) is int and value >= 1):
        return None
    return "a whole number of points (at least 1), or None for the usual target"


def _options(target: int | None, oklahoma: bool) -> tuple[Option, ...]:
    if target is None:
        first_dealer = Option(
            name="first_dealer",
            default=-1,
            doc="Who deals first: -1 by a cut (from the seed), or a seat (four players: that seat's partnership)",
            choices=(-1, 0, 1, 2, 3),
        )
        goal = Option(
            name="target",
            default=None,
            doc="Points that win the game: None is 100, or 125 for four players",
            check_value=_points,
        )
    else:
        first_dealer = Option(
            name="first_dealer",
            default=-1,
            doc="Who deals first: -1 by a cut (from the seed), or seat 0 or 1",
            choices=(-1, 0, 1),
        )
        goal = Option(name="target", default=target, doc="Points that win the game", minimum=1)
    opts = [
        goal,
        first_dealer,
        Option(name="gin_bonus", default=20, doc="Bonus for going gin", choices=(20, 25)),
        Option(name="undercut_bonus", default=10, doc="Bonus for an undercut", choices=(10, 20, 25)),
        Option(
            name="box_bonus",
            default=20,
            doc="Bonus per hand won, added at the end of the game (two or three players)",
            choices=(20, 25),
        ),
        Option(name="game_bonus", default=100, doc="Bonus for winning the game (two or three players)", choices=(100,)),
        Option(
            name="shutout",
            default="double-bonus",
            doc="A game won with the loser at 0: the game bonus doubles (200), or the winner's whole total doubles",
            choices=("double-bonus", "double-total"),
        ),
        Option(
            name="dealer",
            default="loser",
            doc="Who deals the next hand (two players)",
            choices=("loser", "winner", "alternate"),
        ),
        Option(
            name="deals",
            default=0,
            doc="End the game after this many deals, void ones included (0: play to the target); no game bonus unless the target was reached",
            minimum=0,
        ),
        Option(
            name="eleven_card_start", default=False, doc="Non-dealer gets 11 cards, no up-card; first turn is a discard"
        ),
        Option(
            name="late_pickup",
            default=False,
            doc="At two stock cards the other player may take the last discard, only to knock",
        ),
        Option(
            name="retake",
            default=False,
            doc="GRA rule: the card just taken from the discard pile may be discarded again; its first discarder may then retake it only to knock",
        ),
    ]
    if oklahoma:
        opts += [
            Option(name="ace_means_gin", default=False, doc="An ace up-card means only gin may end the hand"),
            Option(
                name="extra_boxes", default=False, doc="Undercut earns 1 extra box, gin 2 (doubled on a spade deal)"
            ),
        ]
    return tuple(opts)


#: The options four players may not change from their defaults (no boxes or game bonus).
_NO_BOXES = {
    o.name: o.default for o in _options(None, oklahoma=False) if o.name in ("box_bonus", "game_bonus", "shutout")
}


class GinRules:
    """The rule hooks of gin rummy (``oklahoma=True``: Oklahoma gin): the seating of the
    number of players (:data:`~hoyle_rummy.gin_seating.SEATINGS`) deals, scores and
    settles; every table is played by :mod:`hoyle_rummy.gin_table`."""

    def __init__(self, oklahoma: bool = False) -> None:
        self.oklahoma = oklahoma

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        if state.deal_number == 0:
            _check_seating(state)
            if not self.oklahoma:  # (Oklahoma gin's public facts have never had it)
                gin_public(state)["target"] = target(state)
        SEATINGS[len(state.players)].deal(state, self.oklahoma)
        return True

    #: The play of the table (plain functions, called on every action).
    hoyle_legal_actions = staticmethod(hookimpl(legal_actions))
    hoyle_apply_action = staticmethod(hookimpl(apply_action))
    #: ``knock X on N``: the knocker names the spread (see gin_table.check_action).
    hoyle_check_action = staticmethod(hookimpl(check_action))

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        return SEATINGS[len(state.players)].score_deal(state)

    @hookimpl
    def hoyle_match_over(self, state: State) -> bool:
        deals = state.options["deals"]
        return bool(max(state.scores) >= target(state) or (deals and len(state.score_sheet) >= deals))

    @hookimpl
    def hoyle_settle(self, state: State) -> dict[int, int]:
        return SEATINGS[len(state.players)].settle(state)


def _check_seating(state: State) -> None:
    """Refuse the options that the three- and four-player games do not have."""
    opts, players = state.options, len(state.players)
    if opts["first_dealer"] >= players:
        raise InvalidOptionError(
            f"option first_dealer={opts['first_dealer']}: a seat of 0..{players - 1} (or -1 for a cut)"
        )
    if players >= 3 and opts["dealer"] != "loser":
        who = "the loser of a hand deals the next" if players == 3 else "the partnerships deal in turn"
        raise InvalidOptionError(f"option dealer={opts['dealer']!r} is for two players; with {players} {who}")
    if players == 4:
        for name, default in _NO_BOXES.items():
            if opts[name] != default:
                raise InvalidOptionError(
                    f"option {name}={opts[name]!r}: the four-player partnership game has no boxes or game bonus"
                )


def _deck(options: Any, players: int = 2) -> Deck:
    """One pack; the four-player game deals each table its own pack."""
    return Deck.standard(2 if players == 4 else 1)


GIN = Variant(
    name="gin-rummy",
    rules=GinRules(),
    players=(2, 4),
    deck=_deck,
    options=_options(None, oklahoma=False),
    family="rummy",
    description="Gin rummy: knock with 10 or less, gin, undercuts, the game to 100 with boxes; three players rotate, four play partnerships to 125.",
)

OKLAHOMA = Variant(
    name="oklahoma-gin",
    rules=GinRules(oklahoma=True),
    players=(2, 2),
    deck=_deck,
    options=_options(150, oklahoma=True),
    family="rummy",
    description="Oklahoma gin: the up-card sets the knock limit, spades double, game to 150.",
)
