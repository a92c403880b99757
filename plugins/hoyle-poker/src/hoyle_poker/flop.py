"""The flop games (docs/rules/poker.md#b2, #b5): Texas hold'em, Omaha (4, 5 or 6 hole cards, high or
hi-lo eight-or-better) and short-deck hold'em, one rules class over the shared betting
core (:mod:`hoyle_poker.betting`).

    >>> import hoyle
    >>> game = hoyle.new_game("texas-holdem", players=3, seed=1)
    >>> game.state.public["button"], game.to_act          # seat 0 small blind, 1 big blind
    (2, 2)
    >>> [str(a) for a in game.legal_actions()][:3]
    ['fold', 'call', 'raise to 4']

Flow of a hand: antes and blinds are posted; each player dealt in gets their hole cards
(face down, seen only by the holder; dealt in batches, starting left of the button);
pre-flop betting; the flop (three board cards), turn and river (one each), each after a
burn card and followed by a betting round; then the showdown. When at most one player
still has chips behind, the remaining board is dealt without betting. A hand won by
folds shows no cards: every hole card stays face down.

Dealing conventions (a fixed ``deck=`` deals in this order): the hole cards of each
player in turn, left of the button first, then burn, three flop cards, burn, turn,
burn, river.

A session: ``hands=N`` plays N hands; the button moves one seat left after every hand
(to the next player with chips), stacks carry over, busted players are dealt out, and
the match ends early when one player has every chip. The first hand's button is the
last seat, so seat 0 posts the small blind (heads-up: seat 1 is the button and posts
the small blind). Scores per hand and the settlement are chips won or lost.

Showdown: ``showdown="auto"`` (default) turns up every live hand in showdown order;
``showdown="manual"`` asks each player in that order to ``show`` or ``muck`` (a mucked
hand gives up its claim; the last hand left wins without showing), as hand histories
record it.

Irregularities: ``procedure="strict"`` (default) refuses an out-of-turn or malformed
action; ``procedure="cardroom"`` applies docs/rules/poker.md#b3 (see :mod:`hoyle_poker.betting`
and docs/poker-games.md): frozen out-of-turn actions, out-of-turn folds, chip
announcements (``bet to 10 on 6``), exposed cards and looking at the stub, with the
``penalty`` option.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from typing import Any, NamedTuple, Protocol

from hoyle import Action, Card, Deck, Option, State, Variant, Zone, hookimpl
from hoyle import poker as ev
from hoyle.engine.cache import BoundedCache
from hoyle.engine.names import OVER
from hoyle.errors import InvalidOptionError

from hoyle_poker import betting
from hoyle_poker.betting import MUCK, NO_LIMIT, POT_LIMIT, SHOW, STRUCTURES
from hoyle_poker.betting_public import flop_public, public
from hoyle_poker.names import RUNOUT, SHOWDOWN, STREETS

BOARD_CARDS = (0, 3, 1, 1)


def _chip_list(v: Any) -> str | None:
    return None if all(w.isdigit() for w in v.split()) else "chip amounts separated by spaces, e.g. '50 100'"


def chip_list(text: str) -> list[int]:
    """``"50 100 0"`` -> ``[50, 100, 0]`` (the ``blinds`` and ``antes`` options)."""
    return [int(w) for w in text.split()]


def betting_options(structure: str) -> tuple[Option, ...]:
    """The options every flop game shares (``structure`` is the default structure)."""
    others = tuple(s for s in STRUCTURES if s != structure)
    return (
        Option(name="structure", default=structure, doc="Betting structure", choices=(structure, *others)),
        Option(name="small_blind", default=1, doc="Small blind", minimum=0),
        Option(name="big_blind", default=2, doc="Big blind", minimum=0),
        Option(name="ante", default=0, doc="Ante (0: none)", minimum=0),
        Option(
            name="ante_type",
            default="uniform",
            doc="Who posts the ante: every player, or the big blind for the table",
            choices=("uniform", "big-blind"),
        ),
        Option(
            name="straddle",
            default=0,
            doc="Straddle posted left of the big blind (0: none; usually twice the big blind)",
            minimum=0,
        ),
        Option(
            name="blinds",
            default="",
            doc="Forced bets by position, e.g. '50 100 200' (small blind, big blind, straddle...); overrides small_blind/big_blind/straddle",
            check_value=_chip_list,
        ),
        Option(
            name="antes",
            default="",
            doc="Antes by position, e.g. '0 25' (small blind first); overrides ante/ante_type",
            check_value=_chip_list,
        ),
        Option(name="min_bet", default=0, doc="Smallest bet in no-limit and pot-limit (0: the big blind)", minimum=0),
        Option(
            name="small_bet", default=0, doc="Fixed-limit bet on the first two rounds (0: the big blind)", minimum=0
        ),
        Option(
            name="big_bet", default=0, doc="Fixed-limit bet on the last two rounds (0: twice the small bet)", minimum=0
        ),
        Option(
            name="newcomer",
            default="post",
            doc="A player who sits down ('sit 200' at an empty seat) posts a live big blind to be dealt in at the next hand (post; on the small blind they wait a hand) or waits until the big blind reaches them (wait)",
            choices=("post", "wait"),
        ),
        *session_options(),
    )


def session_options() -> tuple[Option, ...]:
    """The options every betting game shares: stacks, sessions, the irregularity
    procedure and how the showdown goes."""
    return (
        Option(name="stack", default=200, doc="Starting stack when new_game gets no stacks", minimum=1),
        Option(name="hands", default=1, doc="Hands in the session (button moves, stacks carry over)", minimum=1),
        Option(
            name="procedure",
            default="strict",
            doc="strict: an out-of-turn or malformed action is refused; cardroom: docs/rules/poker.md#b3 (frozen out-of-turn actions, exposed cards, looking at the stub)",
            choices=("strict", "cardroom"),
        ),
        Option(
            name="short_all_in",
            default="full-bet",
            doc="Fixed limit: only a full bet or raise reopens the betting (full-bet, docs/rules/poker.md#b2, as PokerKit); or an all-in of at least half a bet counts as a full bet or raise and reopens it (half-bet, the TDA rule)",
            choices=("full-bet", "half-bet"),
        ),
        Option(
            name="fold_when_check",
            default="refuse",
            doc="A fold when the player could check: refuse (docs/rules/poker.md#b2: check instead) or allow (the player folds, as online sites record it; docs/rules/poker.md#b2)",
            choices=("refuse", "allow"),
        ),
        Option(
            name="conventions",
            default="cardroom",
            doc="The betting rules where cardrooms and PokerKit differ: cardroom (docs/rules/poker.md#b2, TDA) or pokerkit (PokerKit 0.7's, to replay its hand histories exactly; docs/poker-games.md)",
            choices=("cardroom", "pokerkit"),
        ),
        Option(name="penalty", default=1, doc="Cardroom penalty: chips paid to each other player", minimum=0),
        Option(
            name="showdown",
            default="auto",
            doc="auto: every live hand is shown; manual: each player shows or mucks in turn",
            choices=("auto", "manual"),
        ),
    )


def _posts(v: Any) -> str | None:
    try:
        parse_posts(v)
    except ValueError as exc:
        return str(exc)
    return None


def parse_posts(text: str) -> list[tuple[int, int, int]]:
    """The ``posts`` option: ``"SEAT:LIVE"`` or ``"SEAT:LIVE+DEAD"`` separated by spaces,
    each a blind posted out of position as ``(seat, live, dead)``. Raises ValueError
    naming the item that is not one.

    >>> parse_posts("3:2+1 4:2")
    [(3, 2, 1), (4, 2, 0)]
    """
    out = []
    for item in text.split():
        seat, _, amounts = item.partition(":")
        live, _, dead = amounts.partition("+")
        if not (seat.isdigit() and live.isdigit() and (dead.isdigit() or not dead)):
            raise ValueError(f"posts: {item!r} is not SEAT:LIVE or SEAT:LIVE+DEAD (e.g. '3:2+1')")
        out.append((int(seat), int(live), int(dead or 0)))
    if len({s for s, _, _ in out}) != len(out):
        raise ValueError(f"posts: {text!r} names a seat twice")
    return out


#: The ``posts`` option of the flop and draw games: blinds posted out of position in the
#: first hand (a returning player's live big blind, a missed small blind posted dead).
POSTS = Option(
    name="posts",
    default="",
    doc="Blinds posted out of position in the first hand, 'SEAT:LIVE' or 'SEAT:LIVE+DEAD' (e.g. '3:2+1': seat 3 posts a live 2, its bet, and a dead 1 to the pot, a missed small blind)",
    check_value=_posts,
)


def first_hand_posts(state: State, dealt: Sequence[int]) -> Sequence[tuple[int, int, int]]:
    """The ``posts`` option's blinds as ``(seat, live, dead)`` in the first hand (none in
    later hands); a seat not dealt in is an
    :class:`~hoyle.errors.InvalidOptionError` naming it."""
    posted = state.options.get("posts", "")
    if not posted or state.deal_number != 0:
        return ()
    posts = parse_posts(posted)
    for seat, _, _ in posts:
        if seat not in dealt:
            raise InvalidOptionError(f"posts: seat {seat} is not dealt in (dealt: {list(dealt)})")
    return posts


def flop_options() -> tuple[Option, ...]:
    """The options of the flop games beyond :func:`betting_options`: running the board
    more than once and blinds posted out of position (docs/poker-games.md)."""
    return (
        Option(
            name="runs",
            default=1,
            doc="Times the rest of the board is dealt when the betting is closed with board cards to come and every player still in but one is all in (the players' agreement to run it twice or three times); each pot is split between the runs, the odd chips to the first",
            choices=(1, 2, 3),
        ),
        Option(
            name="run_it",
            default="agreed",
            doc="How the runs are decided: agreed (the table agreed to runs in advance) or ask (when the betting closes with cards to come, each player still in chooses 'run 1' to 'run N', N the runs option, from the button's left; all the same: that many runs, else once, as PokerKit)",
            choices=("agreed", "ask"),
        ),
        POSTS,
    )


#: Zone names of the hole cards by seat.
HOLE = tuple(f"hole:{s}" for s in range(64))

_OptionBets = tuple[list[int], list[int] | None, list[int], int]


class ForcedBets(NamedTuple):
    """One hand's forced bets, what the ``hoyle_forced_bets`` hook is asked for before
    the hand is dealt (a house rule answers with ``bets._replace(...)``): ``blinds`` and
    ``antes`` by blind position (small blind first, as ``betting.blind_order``; an ante
    for every position: every player antes), the fixed-limit bet of each street
    (``bet_sizes``), the least bet in no-limit and pot-limit (``min_bet``), and
    ``first_round``: False skips the first street's betting (a bomb pot: everybody antes
    and the flop comes at once).

        >>> import hoyle
        >>> from hoyle import HouseRule, hookimpl
        >>> from hoyle.testing import registry_with
        >>> class BombPot:
        ...     @hookimpl
        ...     def hoyle_forced_bets(self, state, bets):
        ...         return bets._replace(blinds=(), antes=(10,) * len(state.public["dealt"]), first_round=False)
        >>> class Plugin:
        ...     @hookimpl
        ...     def hoyle_register_house_rules(self, register):
        ...         register(HouseRule(name="bomb-pot", rules=BombPot()))
        >>> game = hoyle.new_game("texas-holdem", players=3, seed=2, house_rules=["bomb-pot"],
        ...                       registry=registry_with(Plugin()))
        >>> game.phase, game.state.pot, len(game.state.zone("board").cards)
        ('flop', 30, 3)
    """

    blinds: Sequence[int]
    antes: Sequence[int]
    bet_sizes: Sequence[int]
    min_bet: int
    first_round: bool = True


_FORCED_KEYS = (
    "blinds",
    "small_blind",
    "big_blind",
    "straddle",
    "antes",
    "ante_type",
    "ante",
    "small_bet",
    "big_bet",
    "min_bet",
)

_forced_key = itemgetter(*_FORCED_KEYS)


def _compute_forced_bets(key: tuple[Any, ...]) -> _OptionBets:
    """The flop games' forced bets from the options (``key``: the values of
    ``_FORCED_KEYS``): blinds and antes by position (antes None: every player antes
    ``ante``), the fixed-limit bet of each round and the minimum bet."""
    o = dict(zip(_FORCED_KEYS, key))
    blinds = chip_list(o["blinds"]) or [o["small_blind"], o["big_blind"]] + ([o["straddle"]] if o["straddle"] else [])
    if o["antes"]:
        antes: list[int] | None = chip_list(o["antes"])
    elif o["ante_type"] == "big-blind":
        antes = [0, o["ante"]]
    else:
        antes = None
    small_bet = o["small_bet"] or max(blinds, default=0) or 1
    big_bet = o["big_bet"] or 2 * small_bet
    min_bet = o["min_bet"] or max(blinds, default=0) or 1
    return blinds, antes, [small_bet, small_bet, big_bet, big_bet], min_bet


#: The forced bets by the options that set them, ``_FORCED[_forced_key(options)]``: a
#: session deals many hands with the same options, and a run of fresh games
#: (``benches/test_bench_poker_games.py``) starts many with the same.
_FORCED: BoundedCache[tuple[Any, ...], _OptionBets] = BoundedCache(_compute_forced_bets, limit=1000)


def forced_bets(options: Mapping[str, Any]) -> tuple[list[int], list[int] | None, list[int], int]:
    """The forced bets and limits a flop game's options set: ``(blinds, antes, bet_sizes,
    min_bet)``, blinds and antes by blind position (antes None: every player antes the
    ``ante`` option), the fixed-limit bet of each round and the least no-limit bet.

    >>> import hoyle
    >>> game = hoyle.new_game("texas-holdem", players=3, seed=1, options={"straddle": 4})
    >>> forced_bets(game.state.options)
    ([1, 2, 4], None, [4, 4, 8, 8], 4)
    """
    return _FORCED[_forced_key(options)]


def _table_zones(key: tuple[int, int]) -> tuple[Zone, ...]:
    """The zones of a flop game's hand for ``(players, runs)``: each seat's hole cards
    (seen by the holder), the board and the burn cards (seen by nobody), then the board
    of each further run of the board (public), made once per table size and runs."""
    players, runs = key
    holes = tuple(Zone(HOLE[s], s, Zone.OWNER) for s in range(players))
    boards = tuple(Zone(RUN_BOARD[run], None, Zone.PUBLIC) for run in range(2, runs + 1))
    return (*holes, Zone("board", None, Zone.PUBLIC), Zone("burn", None, Zone.HIDDEN), *boards)


_TABLE_ZONES: BoundedCache[tuple[int, int], tuple[Zone, ...]] = BoundedCache(_table_zones, limit=256)


class BettingGameRules:
    """The rules every betting game shares over the betting core (:mod:`hoyle_poker.betting`):
    acting, the streets in turn, the showdown (automatic or shown and mucked), settling
    the pots and scoring chips. A game adds its deal (``hoyle_deal``), its streets
    (:meth:`rounds`, :meth:`_open_street`) and how a hand is valued (:meth:`pot_values`):
    :class:`FlopRules`, :class:`~hoyle_poker.draw.DrawRules`,
    :class:`~hoyle_poker.stud.StudRules`, :class:`~hoyle_poker.table_hand.TableHandRules`."""

    # --- acting -------------------------------------------------------------------------

    @hookimpl
    def hoyle_legal_actions(self, state: State, seat: int) -> list[Action]:
        return betting.legal_actions(state, seat)

    @hookimpl
    def hoyle_check_action(self, state: State, seat: int, action: Action) -> str | None:
        return betting.check_action(state, seat, action)

    @hookimpl
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        kind = action.kind
        if kind == betting.SIT:
            betting.sit_down(state, seat, action)
            return True
        phase = state.phase
        if phase == SHOWDOWN:
            self._show_or_muck(state, seat, action)
            return True
        if phase == RUNOUT:
            self._choose_runs(state, seat, action)
            return True
        if self.decisions and phase in self.decisions.values():
            self._decide(state, seat, action)
            return True
        if kind in ("expose", "look"):
            over = betting.irregular(state, seat, action)
        elif seat != state.to_act:
            betting.freeze(state, seat, action)
            over = False
        else:
            over = betting.apply(state, seat, action)
        if over:
            self._next_street(state)
        return True

    #: The game's decision rounds between streets: ``{street: phase}``, a round named
    #: ``phase`` held before ``street`` is dealt (flop games: 1 the flop, 2 the turn, 3
    #: the river). A :class:`FlopRules` variant sets it and implements
    #: :meth:`FlopRules.decision_actions` and :meth:`FlopRules.apply_decision`.
    decisions: Mapping[int, str] = {}

    def _decide(self, state: State, seat: int, action: Action) -> None:
        """``seat`` chooses in a decision round (:class:`FlopRules` holds them)."""
        raise NotImplementedError

    def _choose_runs(self, state: State, seat: int, action: Action) -> None:
        """``seat`` chooses how many times to run the board: the phase ``"runout"``,
        which only :class:`FlopRules` enters. Answered here, in the one hook every
        betting action goes through, rather than by an override of it that every
        action would go through first (``benches/test_bench_poker_games.py``)."""
        raise NotImplementedError

    def rounds(self) -> int:
        """How many betting rounds a hand has (the streets)."""
        raise NotImplementedError

    def _next_street(self, state: State) -> None:
        """The betting round is over: open the next street (skipping any where nobody
        can act), or go to the showdown; a hand won uncontested ends at once."""
        rounds = self.rounds()
        while True:
            if betting.end_if_uncontested(state):
                return
            street = public(state)["street"] + 1
            if street == rounds:
                self._showdown(state)
                return
            self._open_street(state, street)
            if state.to_act is not None:
                return

    def _open_street(self, state: State, street: int) -> None:
        """Deal ``street`` and start its betting round."""
        raise NotImplementedError

    # --- showdown -----------------------------------------------------------------------

    def _showdown(self, state: State) -> None:
        p = public(state)
        betting.return_uncalled(state)
        order = betting.showdown_order(state)
        p["showdown_order"] = order
        if state.options["showdown"] == "manual":
            state.phase = SHOWDOWN
            p["to_show"] = order
            p["range"] = None
            state.to_act = order[0]
            return
        for s in order:
            state.reveal(HOLE[s], s)  # seat s
        self._settle(state)

    def _show_or_muck(self, state: State, seat: int, action: Action) -> None:
        p = public(state)
        if action == SHOW:
            state.reveal(f"hole:{seat}", seat=seat)
        elif action == MUCK:
            p["live"][seat] = False
            state.log("muck", seat)
        rest = [s for s in p["to_show"] if s != seat]
        p["to_show"] = rest
        if sum(p["live"]) == 1:
            winner = betting.award_uncontested(state)
            state.phase = OVER
            state.end_deal("showdown", winner=winner)
        elif not rest:
            self._settle(state)
        else:
            state.to_act = rest[0]

    def _settle(self, state: State) -> None:
        """Award every pot at the showdown by :meth:`run_values` and end the deal."""
        high_odd, low_odd = self.odd_chip_orders(state)
        pots = betting.settle_runs(state, self.run_values(state), high_odd, low_odd)
        state.phase = OVER
        state.end_deal("showdown", pots=pots)

    def run_values(self, state: State) -> list[betting.Valuers]:
        """How the live hands are valued on each run of the board (one run unless the
        game ran it more than once): by default, :meth:`pot_values`."""
        return [self.pot_values(state)]

    def odd_chip_orders(self, state: State) -> tuple[betting.OddChipOrder | None, betting.OddChipOrder | None]:
        """How tied winners of the high and the low half are ordered for the odd chips
        (:data:`betting.OddChipOrder`): in flop and draw games, from the button's left
        (None, the betting machine's default)."""
        return None, None

    def pot_values(self, state: State) -> tuple[Callable[[int], Any], Callable[[int], Any] | None]:
        """How a live seat's hand is valued at the showdown: the high value, and the low
        value (None when the seat has no qualifying low) in hi-lo games, else None."""
        raise NotImplementedError

    # --- scoring --------------------------------------------------------------------------

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        start = public(state)["start"]
        stacks = state.stacks
        won = {}
        for s in state.seats:  # a plain loop, no comprehension: see betting.live_seats()
            won[s] = stacks[s] - start[s]
        return won

    @hookimpl
    def hoyle_match_over(self, state: State) -> bool:
        return len(state.score_sheet) >= state.options["hands"] or betting.players_next_hand(state) < 2

    @hookimpl
    def hoyle_settle(self, state: State) -> dict[int, int]:
        return state.chips_won()


#: Category order for short deck when three of a kind beats a straight (a flush still


class FlopRules(BettingGameRules):
    """Rules of a flop game: hole cards each (option ``hole_cards``, default 2), a
    five-card board dealt flop, turn and river after a burn each, and ``values``, how a
    hand is valued (:func:`holdem_values`, :func:`omaha_values`, :func:`short_deck_values`).

    >>> FlopRules(values=omaha_values).values is omaha_values
    True
    """

    def __init__(self, *, values: Values) -> None:
        self.values = values

    # --- dealing ------------------------------------------------------------------------

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        """Seat the hand, post the forced bets and deal the hole cards. Every new game
        of ``benches/test_bench_poker_games.py`` and ``benches/test_bench_hand_setup.py``
        starts here: the zones are added in one call (:data:`_TABLE_ZONES`, the extra
        runs' boards with them), the deck is read from the zones straight (the engine
        has just loaded it) and the betting core is called positionally."""
        o = state.options
        n = len(state.players)
        hole = int(o.get("hole_cards", 2))
        blinds, antes, bet_sizes, min_bet = _FORCED[_forced_key(o)]
        _, dealt = betting.seat_hand(state, o["stack"], blinds)
        deck_size = len(state.zones["deck"].cards)
        runs = int(o.get("runs", 1))
        if hole * len(dealt) + 8 * runs > deck_size:
            times = f", the board run {runs} times," if runs > 1 else ""
            raise InvalidOptionError(
                f"{len(dealt)} players with {hole} hole cards each{times} need more than the {deck_size}-card deck"
            )
        if runs > 1:  # the last hand's runs (only a game of several runs has them)
            pub = flop_public(state)
            pub.pop("run_from", None)
            pub.pop("runs", None)
            pub.pop("run_choices", None)
            pub.pop("to_choose", None)
        posts = first_hand_posts(state, dealt)
        state.add_zones(_TABLE_ZONES[n, runs])
        # antes by position; every player antes when the options give no positions (no
        # list made when nobody does)
        by_position: Sequence[int] = antes if antes is not None else [o["ante"]] * len(dealt) if o["ante"] else ()
        first_round = True
        asked = state.hooks.forced_bets if state.hooks is not None else None
        if asked is not None:  # a house rule's forced bets for this hand (hoyle_forced_bets)
            bets = asked(state, ForcedBets(tuple(blinds), tuple(by_position), tuple(bet_sizes), min_bet))
            if bets is not None:
                blinds, by_position, bet_sizes, min_bet, first_round = bets
        if self.decisions:  # the last hand's decision rounds
            flop_public(state).pop("decided", None)
            flop_public(state).pop("to_decide", None)
        state.phase = STREETS[0]
        # structure, blinds, antes, min_bet, bet_sizes, posts
        betting.start_hand(state, o["structure"], blinds, by_position, min_bet, bet_sizes, posts)
        for s in betting.order_from_button(state):
            state.move_top("deck", HOLE[s], hole, s, "deal")  # seat s, event "deal"
        if not first_round:  # no betting before the flop: every seat has posted its part
            state.to_act = None
            flop_public(state)["range"] = None
        if state.to_act is None:
            self._next_street(state)
        return True

    def rounds(self) -> int:
        """How many betting rounds a hand has (the streets)."""
        return len(STREETS)

    # --- decision rounds between streets (a variant's own: discards, exposures...) ----------

    def decision_actions(self, state: State, seat: int) -> list[Action]:
        """The choices of ``seat``, whose turn it is in a decision round (the phase is
        ``state.phase``). A variant with :attr:`decisions` implements it."""
        raise NotImplementedError(f"{type(self).__name__} has decisions but no decision_actions")

    def apply_decision(self, state: State, seat: int, action: Action) -> None:
        """Carry out ``seat``'s choice, one of :meth:`decision_actions`; the round then
        goes on to the next seat, or deals the street."""
        raise NotImplementedError(f"{type(self).__name__} has decisions but no apply_decision")

    def deciders(self, state: State) -> list[int]:
        """Who decides in a decision round, in turn: every player still in the hand,
        all in or not, from the button's left."""
        live = flop_public(state)["live"]
        return [s for s in betting.order_from_button(state) if live[s]]

    def _start_decision(self, state: State, street: int, phase: str) -> None:
        p = flop_public(state)
        p["decided"] = street
        p["to_decide"] = self.deciders(state)
        p["range"] = None
        state.phase = phase
        state.to_act = p["to_decide"][0]

    def _decide(self, state: State, seat: int, action: Action) -> None:
        """``seat`` has chosen in a decision round: the next seat's turn, or the street."""
        self.apply_decision(state, seat, action)
        p = flop_public(state)
        rest = p["to_decide"] = [s for s in p["to_decide"] if s != seat]
        if rest:
            state.to_act = rest[0]
            return
        state.to_act = None
        self._open_street(state, p["street"] + 1)
        if state.to_act is None:
            self._next_street(state)

    def _in_decision(self, state: State) -> bool:
        return bool(self.decisions) and state.phase in self.decisions.values()

    def _open_street(self, state: State, street: int) -> None:
        """Deal ``street`` (a burn, then the board cards) and start its betting round.
        When the betting is closed with this street still to come and the ``runs``
        option runs the board more than once (agreed in advance), the runs start here
        (``run_from``); with ``run_it="ask"`` the players still in choose first. A
        decision round of the game's (:attr:`decisions`) comes before the street."""
        p = flop_public(state)
        if self.decisions:
            phase = self.decisions.get(street)
            if phase is not None and p.get("decided", 0) < street:
                self._start_decision(state, street, phase)
                return
        runs = int(state.options.get("runs", 1))
        if runs > 1 and "run_from" not in p and "run_choices" not in p and betting.betting_closed(state):
            if state.options.get("run_it") == "ask":
                self._ask_runs(state, street)
                return
            p["run_from"], p["runs"] = street, runs
        # by position (seat None, the event): every street of benches/test_bench_poker_games.py
        state.move_top("deck", "burn", 1, None, "burn")
        state.move_top("deck", "board", BOARD_CARDS[street], None, STREETS[street])
        state.phase = STREETS[street]
        betting.start_round(state, street)

    # --- running it more than once, by the players' choice (run_it="ask") -------------------

    def _ask_runs(self, state: State, street: int) -> None:
        """The betting is closed with ``street`` to come: each player still in, from the
        button's left, chooses how many times to run the board (``run 1`` .. ``run N``)."""
        p = flop_public(state)
        p["run_choices"] = [None] * len(state.players)
        p["to_choose"] = [s for s in betting.order_from_button(state) if p["live"][s]]
        p["range"] = None
        state.phase = RUNOUT
        state.to_act = p["to_choose"][0]

    @hookimpl
    def hoyle_legal_actions(self, state: State, seat: int) -> list[Action]:
        if state.phase == RUNOUT:
            return list(RUN[1 : int(state.options["runs"]) + 1]) if seat == state.to_act else []
        if self._in_decision(state):
            return self.decision_actions(state, seat) if seat == state.to_act else []
        return betting.legal_actions(state, seat)

    @hookimpl
    def hoyle_check_action(self, state: State, seat: int, action: Action) -> str | None:
        if self._in_decision(state) and action.kind != betting.SIT:
            if seat != state.to_act:
                return f"it is not seat {seat}'s turn (seat {state.to_act} is to {state.phase})"
            legal = ", ".join(map(str, self.decision_actions(state, seat)))
            return f"{action} is not a choice of this {state.phase} round (legal: {legal})"
        if state.phase != RUNOUT or action.kind == betting.SIT:
            return betting.check_action(state, seat, action)
        if seat != state.to_act:
            return f"it is not seat {seat}'s turn (seat {state.to_act} chooses how many times to run the board)"
        most = int(state.options["runs"])
        if action.kind != "run" or action not in RUN[1 : most + 1]:
            return f"choose how many times to run the board: {', '.join(str(a) for a in RUN[1 : most + 1])}"
        return "ok"

    def _choose_runs(self, state: State, seat: int, action: Action) -> None:
        """``seat`` chooses how many times to run the board (``run_it="ask"``); when the
        last player still in has chosen, the board is run that many times if all chose
        the same, else once."""
        p = flop_public(state)
        assert action.amount is not None
        p["run_choices"][seat] = action.amount
        rest = p["to_choose"] = [s for s in p["to_choose"] if s != seat]
        if rest:
            state.to_act = rest[0]
            return
        chosen = {c for c in p["run_choices"] if c is not None}
        runs = chosen.pop() if len(chosen) == 1 else 1  # players who disagree run it once
        state.log("runs_chosen", runs=runs)
        street = p["street"] + 1
        if runs > 1:
            p["run_from"], p["runs"] = street, runs
        state.to_act = None
        self._open_street(state, street)
        if state.to_act is None:
            self._next_street(state)

    def _showdown(self, state: State) -> None:
        """Deal the other runs of the board (each from the same stub, after the first
        run, a burn before each street), then show down."""
        p = flop_public(state)
        start = p.get("run_from")
        if start is not None:
            runs = p["runs"]
            state.log("runs", runs=runs, street=STREETS[start])
            for run in range(2, runs + 1):
                for street in range(start, len(STREETS)):
                    state.move_top("deck", "burn", 1, event="burn")
                    state.move_top("deck", RUN_BOARD[run], BOARD_CARDS[street], event=STREETS[street])
        super()._showdown(state)

    def pot_values(self, state: State) -> betting.Valuers:
        return self.values(state)

    def run_values(self, state: State) -> list[betting.Valuers]:
        """Each run's board values the hands for its part of every pot (the board dealt,
        ``state.zone("board")``, when it ran once)."""
        if flop_public(state).get("run_from") is None:
            return [self.values(state)]
        return [self.values(state, board) for board in run_boards(state)]


#: The zone of each extra run's own board cards (the first run's are on ``board``).
RUN_BOARD = {run: f"board:{run}" for run in range(2, 4)}
#: ``RUN[k]``: the choice to run the board ``k`` times (``run_it="ask"``).
RUN = tuple(Action("run", amount=k) for k in range(4))


def run_boards(state: State) -> list[list[Card]]:
    """The board of each run: one unless the hand ran it more than once (option
    ``runs``), when run 2's board is the cards shared before the runs started plus the
    cards on zone ``board:2``, and so on.

    >>> import hoyle
    >>> game = hoyle.new_game("texas-holdem", players=2, seed=3, options={"runs": 2})
    >>> _ = game.act("raise to 200"), game.act("call")
    >>> [len(b) for b in run_boards(game.state)], game.state.public["run_from"]
    ([5, 5], 1)
    """
    board = state.zone("board").cards
    p = flop_public(state)
    start = p.get("run_from")
    if start is None:
        return [board]
    shared = board[: sum(BOARD_CARDS[:start])]
    return [board] + [shared + state.zone(RUN_BOARD[r]).cards for r in range(2, p["runs"] + 1)]


#: beats a full house); the evaluator's value orders hands within a category.
_TRIPS_OVER_STRAIGHT = {
    ev.Category.HIGH_CARD: 0,
    ev.Category.PAIR: 1,
    ev.Category.TWO_PAIR: 2,
    ev.Category.STRAIGHT: 3,
    ev.Category.THREE_OF_A_KIND: 4,
    ev.Category.FULL_HOUSE: 5,
    ev.Category.FLUSH: 6,
    ev.Category.FOUR_OF_A_KIND: 7,
    ev.Category.STRAIGHT_FLUSH: 8,
}


class Values(Protocol):
    """How a flop game values a live seat's hand at the showdown: ``values(state, board)``
    returns the high valuer and the low valuer (None when the game has no low half) on
    ``board`` (default: the board dealt, ``state.zone("board")``)."""

    def __call__(self, state: State, board: Sequence[Card] | None = None) -> betting.Valuers: ...


def _hole(state: State, seat: int) -> list[Any]:
    return state.zones[HOLE[seat]].cards  # a live seat's: dealt this hand


def _board(state: State, board: Sequence[Card] | None) -> list[Card]:
    return state.zones["board"].cards if board is None else list(board)


def holdem_values(state: State, board: Sequence[Card] | None = None) -> betting.Valuers:
    """Hold'em: the best five of the two hole cards and the board."""
    cards = _board(state, board)
    return (lambda s: ev.evaluate(_hole(state, s) + cards).value), None


def omaha_values(state: State, board: Sequence[Card] | None = None) -> betting.Valuers:
    """Omaha: exactly two hole cards and three of the board, and with ``hi_lo`` the
    eight-or-better low."""
    board = _board(state, board)

    def high(s: int) -> Any:
        return ev.evaluate_omaha(_hole(state, s), board).value

    def low(s: int) -> Any:
        v = ev.evaluate_omaha_low(_hole(state, s), board)
        return None if v is None else v.value

    return high, (low if state.options.get("hi_lo") else None)


def short_deck_values(state: State, board: Sequence[Card] | None = None) -> betting.Valuers:
    """Short deck: A-6-7-8-9 the lowest straight, a flush over a full house; with
    ``straight_vs_trips="trips-beat-straight"`` three of a kind over a straight."""
    cards = _board(state, board)
    swap = state.options.get("straight_vs_trips") == "trips-beat-straight"

    def short(s: int) -> Any:
        v = ev.evaluate_short_deck(_hole(state, s) + cards)
        return (_TRIPS_OVER_STRAIGHT[v.category], v.value) if swap else v.value

    return short, None


def arranged_deck(holes: Sequence[str], board: str = "", deck: Deck | None = None, runs: Sequence[str] = ()) -> Deck:
    """A deck that deals the given hole cards (one string per player, left of the
    button first: seat 0, 1, ... in a game's first hand) and board, burning a card
    before each street; every other card comes from the rest of ``deck`` (default:
    the standard pack) in its order. ``runs`` are the cards of each further run of the
    board (option ``runs``), dealt after the first run: five cards when the runs start
    at the flop, two from the turn, one on the river, each street after a burn.

    >>> str(arranged_deck(["As Ad", "Kc Kd"], "2c 3d 4h 5s 6c")).split()[:6]
    ['As', 'Ad', 'Kc', 'Kd', '3c', '2c']
    """
    base = list(deck if deck is not None else Deck.standard())
    hole_cards = [Card(c) for h in holes for c in h.split()]
    board_cards = [Card(c) for c in board.split()]
    run_cards = [[Card(c) for c in r.split()] for r in runs]
    used = set(hole_cards) | set(board_cards) | {c for r in run_cards for c in r}
    rest = iter([c for c in base if c not in used])
    order: list[Card] = list(hole_cards)
    for street, count in ((1, 3), (2, 1), (3, 1)):
        order.append(next(rest))  # burn
        done = sum(BOARD_CARDS[1:street])
        given = board_cards[done : done + count]
        order += given + [next(rest) for _ in range(count - len(given))]
    for cards in run_cards:
        if len(cards) not in (1, 2, 5):
            raise InvalidOptionError(f"a run of {len(cards)} cards: 5 (from the flop), 2 (turn) or 1 (river)")
        streets = BOARD_CARDS[len(STREETS) - {5: 3, 2: 2, 1: 1}[len(cards)] :]
        dealt = iter(cards)
        for count in streets:
            order.append(next(rest))  # burn
            order += [next(dealt) for _ in range(count)]
    order += list(rest)
    return Deck(" ".join(map(str, order)))


def standard_deck(options: Any) -> Deck:
    """The 52-card pack every poker game but short deck plays with."""
    return Deck.standard()


def _deck_short(options: Any) -> Deck:
    return Deck.stripped("6")


def poker_variant(
    name: str,
    rules: object,
    options: tuple[Option, ...],
    description: str,
    players: tuple[int, int] = (2, 8),
    deck: Callable[[Any], Deck] = standard_deck,
) -> Variant:
    """A variant of the poker family (the standard pack unless ``deck`` says otherwise).

    >>> poker_variant("x", FlopRules(values=holdem_values), (), "a test").family
    'poker'
    """
    return Variant(
        name=name, rules=rules, players=players, deck=deck, options=options, description=description, family="poker"
    )


HOLDEM = poker_variant(
    "texas-holdem",
    FlopRules(values=holdem_values),
    (*betting_options(NO_LIMIT), *flop_options()),
    "Texas hold'em: two hole cards, five board cards; no-limit, pot-limit or fixed-limit",
    players=(2, 10),
)

#: Omaha's own options.
HOLE_CARDS = Option(
    name="hole_cards",
    default=4,
    doc="Hole cards (a hand uses exactly two of them and three board cards)",
    choices=(4, 5, 6),
)
HI_LO = Option(name="hi_lo", default=False, doc="Split the pot between the best high and the best eight-or-better low")
#: Short deck's own option.
STRAIGHT_VS_TRIPS = Option(
    name="straight_vs_trips",
    default="straight-beats-trips",
    doc="Order of straights and three of a kind (a flush always beats a full house)",
    choices=("straight-beats-trips", "trips-beat-straight"),
)

OMAHA = poker_variant(
    "omaha",
    FlopRules(values=omaha_values),
    (*betting_options(POT_LIMIT), *flop_options(), HOLE_CARDS, HI_LO),
    "Omaha: four (or five or six) hole cards, exactly two of them with three board cards; pot-limit by default; high or hi-lo eight-or-better",
    players=(2, 10),
)

SHORT_DECK = poker_variant(
    "short-deck-holdem",
    FlopRules(values=short_deck_values),
    (*betting_options(NO_LIMIT), *flop_options(), STRAIGHT_VS_TRIPS),
    "Short-deck (6+) hold'em: 36 cards, A-6-7-8-9 the lowest straight, a flush beats a full house",
    players=(2, 10),
    deck=_deck_short,
)

VARIANTS = (HOLDEM, OMAHA, SHORT_DECK)
