"""The betting core every betting game uses (docs/rules/poker.md#b2): forced bets, action order,
legal bets and raises for no-limit, pot-limit and fixed-limit, side pots, odd chips,
uncalled bets and the showdown order.

All betting facts live in ``state.public`` (plain data every seat may see), so views,
clones, snapshots and replay need nothing special; chips move only through
``state.commit`` and ``state.award``, so ``check_variant`` checks conservation.

Public keys: ``button``, ``dealt`` (seats dealt in, in seat order), ``live`` (per
seat: dealt in and not folded or mucked), ``bets`` (this round), ``to_call`` (the
highest bet this round), ``min_raise`` (the last full bet or raise: a raise adds at
least this much), ``acted`` (per seat: the bet it matched when it last acted this
round, None if it has not), ``raises`` (bets and raises this round, the blind counting
as the bet, for the fixed-limit cap), ``aggressor`` (last seat to bet or raise this
round), ``street`` and ``range`` (``[min, max]`` total a bet or raise may be to for
the seat to act, or None if it may not bet or raise; :func:`bet_range` gives it typed,
as a :class:`BetRange`).

Rules, as decided here (standard cardroom rules, TDA where the rules say nothing; docs/rules/poker.md states them):

* Positions: the small blind sits left of the button, the big blind left of it, an
  optional straddle left of the big blind. Heads-up, the button posts the small blind,
  acts first pre-flop and last afterwards. Pre-flop action starts left of the last
  blind posted; later rounds start with the first live player left of the button.
* Antes: uniform antes (every player dealt in antes) are live money: they are not part
  of any bet (a call or raise is measured without them) but the pots are layered by
  each player's whole contribution, so a player all in for the ante alone is eligible
  for the antes everyone matched. A big-blind ante (only some positions ante) is dead
  money: it goes into the main pot, which every live player may win. See
  docs/poker-games.md.
* A blind or straddle counts as a full bet: the minimum raise pre-flop is the largest
  blind (or the minimum bet, if larger); a bet is at least the minimum bet (default:
  the big blind); a raise adds at least the previous full bet or raise of the round.
* A player may raise only if it has not acted this round, or if the bet it faces
  exceeds the one it matched when it last acted by at least a full raise: an all-in for
  less than a full raise does not reopen the betting, but consecutive short all-ins
  that add up to a full raise do.
* Pot-limit: a raise is at most to the size of the pot after the raiser's call.
  Fixed-limit: bets and raises are of the round's bet size; one bet and three raises
  per round (a blind is the bet).
* Fixed-limit with no full bet yet in the round (a stud bring-in, an all-in bet for
  less than the bet size): the next bet completes it to the bet size; the completion is
  the round's bet for the cap and reopens the betting for everyone (``full_to`` holds
  the total of the last full bet). :func:`post_bring_in` posts a bring-in;
  ``start_round(..., first=seat)`` lets stud start a round with the best hand showing.
  ``public["alt_bet"]`` (set by a variant after ``start_round``) offers a second, bigger
  bet size until the round's first full bet (stud: an open pair on fourth street); once
  chosen it is the round's bet size.
* Table stakes: a player may call or bet all-in for less than the amount needed.
* No empty decisions: a player is not asked to act when no other live player can act
  and it has already matched the largest bet among them (e.g. heads-up, a big blind
  all in for no more than the small blind); the rest of the board is dealt and the
  excess returned as uncalled.
* The uncalled part of the last bet returns to its bettor. Pots are layered by the
  contributions of the players still in; a folded player's chips go into the layers
  they reach. Each pot goes to the best hand among the players who contributed to all
  of it; a split pot's odd chips go one at a time to the winners in order starting
  with the first winner left of the button. In a high-low split the high half takes
  the odd chip.
* Showdown order: the last player to bet or raise in the final round shows first;
  if nobody did, the first live player left of the button; then clockwise.
* Under ``procedure="cardroom"`` the irregularities of docs/rules/poker.md#b3 are handled (the
  last section of this module); ``frozen`` holds the actions taken out of turn.
* Fixed-limit, the half-bet rule (TDA; option ``short_all_in="half-bet"``; the
  default ``"full-bet"`` is docs/rules/poker.md#b2's rule): an all-in bet or raise of at least half the round's bet counts as a full
  bet or raise: it counts for the cap, reopens the betting for players who already
  acted, and the next raise is a full bet on top of it. Less than half does not reopen
  (the next bet completes a short all-in bet to the bet size; a raise over a short
  all-in raise is a full bet on top of it). ``short_all_in="full-bet"``: only a full
  bet or raise reopens, as in no-limit (PokerKit's rule).
* Sessions (:func:`seat_hand`): the button moves to the next seat with chips that has
  played; a newcomer sits down at an empty seat with ``sit N`` (:func:`sit_down`, any
  time, effective at the next hand) and, by the option ``newcomer``, posts a live big
  blind out of position (``post``; never dealt in on the small blind) or waits until the
  big blind reaches them (``wait``).
* A variant may pass its own odd-chip order to :func:`settle` (stud's ``odd_chip``
  option: by the high card by suit).
* Blinds posted out of position (:func:`post_out_of_position`, the flop games' ``posts``
  option): the live part is the poster's bet, the dead part dead money in the main pot.
* Running it twice (:func:`settle_runs`): each pot is split into equal parts, one per run
  of the board, the odd chips to the first runs; each part goes to its run's best hand.
* Not modelled: dead-button rules (the button simply moves to the next player with
  chips) and who owes a dead blind (the ``posts`` option says who posts what).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal, NamedTuple

from hoyle import Action, Game, State
from hoyle._core import (
    betting_advance,
    betting_apply,
    betting_bet,
    betting_first_to_act,
    betting_legal_actions,
    betting_lone_player,
    betting_pots,
    betting_raise_range,
    betting_register,
    betting_return_uncalled,
    betting_run_shares,
    betting_set_turn,
    betting_settle,
    betting_showdown_order,
    betting_turn_from,
    betting_verdict,
)
from hoyle.engine.cache import BoundedCache
from hoyle.errors import InvalidArgumentError, InvalidOptionError

from hoyle_poker.betting_public import BettingPublic, FrozenAction

NO_LIMIT, POT_LIMIT, FIXED_LIMIT = "no-limit", "pot-limit", "fixed-limit"
STRUCTURES = (NO_LIMIT, POT_LIMIT, FIXED_LIMIT)

#: The ``conventions`` option: the cardroom rules, or PokerKit 0.7's where they differ.
CARDROOM, POKERKIT = "cardroom", "pokerkit"
CONVENTIONS = (CARDROOM, POKERKIT)

FOLD, CHECK, CALL = Action("fold"), Action("check"), Action("call")
SHOW, MUCK = Action("show"), Action("muck")

#: The pot fractions offered to random bots as bet and raise sizes (the betting machine's,
#: ``rust/betting/mod.rs``).
POT_FRACTIONS = ((1, 2), (3, 4), (1, 1))

#: ``_SIZED[kind, amount]`` is ``Action(kind, amount=amount)``, shared (actions are
#: immutable values): the bet sizes of every decision, built once.
_SIZED: BoundedCache[tuple[str, int], Action] = BoundedCache(lambda key: Action(key[0], amount=key[1]), limit=50_000)

# the betting machine (rust/py/betting.rs) lists these actions and makes the sized ones
betting_register(FOLD, CHECK, CALL, SHOW, MUCK, Action)


# --- seats and positions ---------------------------------------------------------------


def next_seat(state: State, seat: int, seats: Sequence[int]) -> int:
    """The first of ``seats`` clockwise (in seat order) after ``seat``."""
    n = len(state.players)
    members = set(seats)
    for k in range(1, n + 1):
        s = (seat + k) % n
        if s in members:
            return s
    raise ValueError("no seat")


def order_from_button(state: State) -> list[int]:
    """The seats dealt in, clockwise starting left of the button (``public["order"]``,
    set by :func:`seat_hand`; do not modify the list)."""
    return state.public["order"]  # type: ignore[no-any-return]


def _order(n: int, button: int, dealt: Sequence[int]) -> list[int]:
    if len(dealt) == n:  # every seat dealt in (``dealt`` names each seat once)
        return list(_RINGS[n][(button + 1) % n])
    members = set(dealt)
    return [s for k in range(1, n + 1) if (s := (button + k) % n) in members]


def blind_order(state: State) -> list[int]:
    """The seats in the order they post blinds: left of the button first; heads-up the
    button posts the small blind and the other player the big blind."""
    order = order_from_button(state)
    if len(order) == 2:
        return [order[1], order[0]]
    return order


# --- starting a hand --------------------------------------------------------------------


def start_hand(
    state: State,
    structure: str,
    blinds: Sequence[int],
    antes: Sequence[int],
    min_bet: int,
    bet_sizes: Sequence[int],
    posts: Sequence[tuple[int, int, int]] = (),
) -> None:
    """Set up the betting for a hand and post the antes and blinds.

    ``blinds`` and ``antes`` are by blind position (small blind, big blind, straddle,
    ... as :func:`blind_order`). ``bet_sizes`` gives the fixed-limit bet of each round.
    ``posts`` are blinds posted out of position, ``(seat, live, dead)``: ``live`` chips
    are the seat's bet (a returning player's big blind), ``dead`` chips go to the main
    pot and are no bet (a dead small blind); see :func:`post_out_of_position`.
    The variant has set ``public["button"]`` and ``public["dealt"]`` first; the options
    ``procedure``, ``penalty``, ``short_all_in``, ``fold_when_check`` and ``conventions``
    apply. The
    arguments may be named or, in this order, given by position (the flop games', on
    every new hand of ``benches/test_bench_poker_games.py``: no keyword to match).
    """
    p: BettingPublic = state.public  # type: ignore[assignment]
    o = state.options
    n = len(state.players)
    dealt = p["dealt"]
    if len(dealt) == n:  # every seat dealt in (``dealt`` names each seat once)
        live = [True] * n
    else:
        live = [False] * n
        for s in dealt:
            live[s] = True
    bets = [0] * n
    dead = [0] * n
    # one store per key (a dict built to update p would cost twice as much; the keys
    # keep their places in p either way)
    p["structure"] = structure
    p["min_bet"] = min_bet
    p["bet_sizes"] = list(bet_sizes)
    p["live"] = live
    p["bets"] = bets
    p["to_call"] = 0
    p["min_raise"] = min_bet
    p["acted"] = [None] * n
    p["raises"] = 0
    p["aggressor"] = None
    p["full_to"] = 0
    p["street"] = 0
    p["range"] = None
    p["dead"] = dead
    p["procedure"] = o.get("procedure", "strict")
    p["penalty"] = o.get("penalty", 1)
    p["frozen"] = [None] * n
    p["half_bet_reopens"] = o.get("short_all_in", "full-bet") == "half-bet"
    p["fold_when_check"] = o.get("fold_when_check", "refuse") == "allow"
    conventions = p["conventions"] = o.get("conventions", CARDROOM)
    pk = conventions == POKERKIT
    if pk:
        _pokerkit_round(p, n)
    if len(p.get("exposures", ())) != n:
        p["exposures"] = [0] * n
    order = p["order"]
    if len(order) == 2:  # heads-up: the button posts the small blind
        order = [order[1], order[0]]
    stacks = state.stacks
    # uniform antes (every player dealt in antes) are live money, layered into the pots
    # like bets; a big-blind ante (some positions only) is dead money in the main pot
    # (PokerKit's conventions: antes are always dead money)
    if antes and any(antes):  # no call for a hand without antes
        live_antes = len(antes) >= len(order) and (not order or min(antes[: len(order)]) > 0)
        if pk and live_antes:
            live_antes = False
            _differs(p, "antes are dead money in the main pot, even uniform ones")
        for seat, ante in zip(order, antes):
            if ante:
                amount = min(ante, stacks[seat])
                state.commit(seat, amount)  # the commit event records it
                if not live_antes:
                    dead[seat] += amount
    last_blind = None
    for seat, blind in zip(order, blinds):
        if blind:
            chips = stacks[seat]
            amount = blind if blind < chips else chips
            if amount:
                state.commit(seat, amount)  # the commit event records it
                bets[seat] += amount
            last_blind = seat
    if p.get("posting"):
        big = blinds[1] if len(blinds) > 1 else max(blinds, default=0)
        for seat in p["posting"]:  # a newcomer's live big blind, out of position
            amount = min(big, stacks[seat])
            if amount:
                state.commit(seat, amount)
                bets[seat] += amount
                state.log("newcomer_blind", seat, amount=amount)
    top = max(blinds) if blinds else 0
    if posts:
        top = max(top, post_out_of_position(state, posts))
    if pk:  # the call is the largest bet posted; the blinds set no raise increment
        posted = max(bets)
        p["to_call"] = posted
        if posted < top:
            _differs(p, "the call and the least raise are measured from the big blind actually posted")
        p["pk_top_blind"] = top
        # PokerKit's opener: left of the largest blind posted (the later seat on a tie)
        posted_blind = [False] * n
        for seat, blind in zip(order, blinds):
            if blind:
                posted_blind[seat] = True
        biggest = max(range(n), key=lambda s: (bets[s] if posted_blind[s] else 0, s))
        _pokerkit_open(state)
        _turn_from(state, (biggest + 1) % n)
        ring = p["order"]
        cardroom_first = ring[0] if last_blind is None else ring[(ring.index(last_blind) + 1) % len(ring)]
        if state.to_act is not None and state.to_act != _first_to_act(state, cardroom_first):
            _differs(p, "the first to act pre-flop sits left of the largest blind posted (the later seat on a tie)")
        return
    if top:
        p["to_call"] = top
        p["min_raise"] = max(min_bet, top) if structure != FIXED_LIMIT else bet_sizes[0]
        p["raises"] = 1
        p["full_to"] = top
    # Left of the last blind (heads-up: the button, who posted the small blind); with no
    # blinds (an ante game), left of the button, heads-up too.
    if last_blind is None:
        first = p["order"][0]
    else:
        ring = p["order"]
        first = ring[(ring.index(last_blind) + 1) % len(ring)]
    _turn_from(state, first)


def post_out_of_position(state: State, posts: Sequence[tuple[int, int, int]]) -> int:
    """Post blinds out of position (docs/poker-games.md, "Dead blinds"): each
    ``(seat, live, dead)`` puts in ``live`` chips as its bet (it calls, checks or raises
    from there, like a big blind) and ``dead`` chips as dead money in the main pot (not
    its bet, not counted for the side pots); a short stack posts the live part first.
    Returns the largest live part posted. Raises
    :class:`~hoyle.errors.InvalidOptionError` for a seat not dealt in or a negative
    amount."""
    p: BettingPublic = state.public  # type: ignore[assignment]
    bets, dead, stacks = p["bets"], p["dead"], state.stacks
    largest = 0
    for seat, live_part, dead_part in posts:
        if seat not in p["dealt"]:
            raise InvalidOptionError(f"posts: seat {seat} is not dealt in this hand (dealt: {p['dealt']})")
        if live_part < 0 or dead_part < 0:
            raise InvalidOptionError(f"posts: seat {seat} posts {live_part} live and {dead_part} dead; not negative")
    for seat, live_part, dead_part in posts:
        live_part = min(live_part, stacks[seat])
        dead_part = min(dead_part, stacks[seat] - live_part)
        if live_part + dead_part:
            state.commit(seat, live_part + dead_part)
        bets[seat] += live_part
        dead[seat] += dead_part
        largest = max(largest, bets[seat])
        state.log("posts_out_of_position", seat, live=live_part, dead=dead_part)
    return largest


def start_round(state: State, street: int, first: int | None = None) -> None:
    """Start the betting round of ``street`` (after the first): bets reset, action from
    the first live player left of the button (or from ``first``, as in stud, where the
    best hand showing acts first)."""
    p: BettingPublic = state.public  # type: ignore[assignment]
    n = len(state.players)
    p["bets"] = [0] * n
    p["to_call"] = 0
    p["min_raise"] = p["min_bet"] if p["structure"] != FIXED_LIMIT else p["bet_sizes"][street]
    p["acted"] = [None] * n
    p["raises"] = 0
    p["aggressor"] = None
    p["full_to"] = 0
    p["alt_bet"] = None
    p["street"] = street
    p["frozen"] = [None] * n
    start = (p["button"] + 1) % n if first is None else first
    if p.get("conventions") == POKERKIT:
        _pokerkit_round(p, n)
        _pokerkit_open(state)
    _turn_from(state, start)


def set_turn(state: State, seat: int) -> None:
    """Give the turn to ``seat`` (stud: the bring-in acts first on third street)."""
    _set_turn(state, seat)


def post_bring_in(state: State, seat: int, amount: int) -> bool:
    """``seat`` brings in for ``amount`` (less than a full bet): a live bet the others
    call or complete; it is not a full bet (the next bet is the completion to the full
    bet size) and, when everyone just calls it, the bring-in has no further option.
    Returns True when the betting round is over."""
    p: BettingPublic = state.public  # type: ignore[assignment]
    amount = min(amount, state.stacks[seat])
    if amount:
        state.commit(seat, amount)
    p["bets"][seat] = amount
    p["to_call"] = max(p["to_call"], amount)
    p["acted"][seat] = 0  # acted, but a completion reopens the betting for it
    p["frozen"][seat] = None
    return _advance(state, seat)


# --- who acts ---------------------------------------------------------------------------


def _needs_to_act(state: State, seat: int) -> bool:
    p: BettingPublic = state.public  # type: ignore[assignment]
    if p["frozen"][seat] is not None and p["live"][seat]:
        return True  # an action out of turn waits to be resolved at this seat's turn
    return (
        bool(p["live"][seat])
        and state.stacks[seat] > 0
        and (p["acted"][seat] is None or p["bets"][seat] < p["to_call"])
    )


def _rings(n: int) -> tuple[tuple[int, ...], ...]:
    """``_RINGS[n][start]``: the ``n`` seats clockwise from ``start``."""
    return tuple(tuple((start + k) % n for k in range(n)) for start in range(n))


#: The seats of an ``n``-seat table clockwise from each seat, made once per table size
#: (the seat order of a hand, :func:`seat_hand`).
_RINGS: BoundedCache[int, tuple[tuple[int, ...], ...]] = BoundedCache(_rings, limit=64)


def _first_to_act(state: State, start: int) -> int | None:
    """The first seat clockwise from ``start`` that has a decision to make this round, or
    None when nobody has (the betting machine's ``Betting::first_to_act``): a seat with
    chips behind that has not acted or has not matched the bet, or an action out of turn
    waiting to be resolved; nobody when at most one live player can act and it has matched
    every other player's bet (PokerKit's conventions ask a player who has not acted)."""
    return betting_first_to_act(state.public, state.stacks, start)


def _set_turn(state: State, seat: int | None) -> None:
    state.to_act = seat
    betting_set_turn(state.public, state.stacks, state.pot, seat)


def _turn_from(state: State, start: int) -> None:
    """Give the turn to the first seat from ``start`` with a decision (a round's start)."""
    state.to_act, _ = betting_turn_from(state.public, state.stacks, state.pot, start)


def live_seats(state: State) -> list[int]:
    """The seats still in the hand, in seat order (a plain loop: a comprehension is a function call on Python 3.11)."""
    seats = []
    for s, x in enumerate(state.public["live"]):
        if x:
            seats.append(s)
    return seats


def betting_closed(state: State) -> bool:
    """No more betting this hand: at most one live player has chips behind."""
    p: BettingPublic = state.public  # type: ignore[assignment]
    return sum(1 for s in range(len(state.players)) if p["live"][s] and state.stacks[s] > 0) <= 1


# --- legal actions ----------------------------------------------------------------------


def raise_range(state: State, seat: int) -> list[int] | None:
    """``[least, most]`` total this round ``seat`` may bet or raise to, or None (the
    betting machine's ``Betting::raise_range``: the pot it measures leaves out chips frozen
    by an action out of turn, docs/rules/poker.md#b3)."""
    return betting_raise_range(state.public, state.stacks, state.pot, seat)


class BetRange(NamedTuple):
    """The bets or raises a seat may make now: ``kind`` (``"bet"`` or ``"raise"``) to a
    total this round from ``least`` to ``most``; in fixed limit (``fixed``) only those
    two amounts (usually one and the same).

    >>> import hoyle
    >>> game = hoyle.new_game("texas-holdem", players=3, seed=1)
    >>> bet_range(game, game.to_act)
    BetRange(kind='raise', least=4, most=200, fixed=False)
    >>> bet_range(game, game.to_act).action(10)
    Action('raise to 10')
    """

    kind: Literal["bet", "raise"]
    least: int
    most: int
    fixed: bool

    def __contains__(self, amount: object) -> bool:
        if not isinstance(amount, int):
            return False
        return amount in (self.least, self.most) if self.fixed else self.least <= amount <= self.most

    def action(self, amount: int) -> Action:
        """The bet or raise to ``amount``; raises :class:`~hoyle.errors.InvalidArgumentError`
        for an amount outside the range."""
        if amount not in self:
            allowed = f"{self.least} or {self.most}" if self.fixed else f"{self.least}..{self.most}"
            raise InvalidArgumentError(f"{self.kind} to {amount}: the amount must be {allowed}")
        return _SIZED[self.kind, amount]


def bet_range(game: Game | State, seat: int) -> BetRange | None:
    """What ``seat`` may bet or raise to now, or None when it may not bet or raise (not
    its turn, a showdown or draw, betting closed to it). The same limits as
    ``state.public["range"]``, typed; any amount in the range is a legal action."""
    state = game.state if isinstance(game, Game) else game
    if seat != state.to_act or state.phase == "showdown":
        return None
    p: BettingPublic = state.public  # type: ignore[assignment]
    rng = p.get("range")
    if rng is None or p["frozen"][seat] is not None:
        return None
    return BetRange("raise" if p["to_call"] else "bet", rng[0], rng[1], p["structure"] == FIXED_LIMIT)


def legal_actions(state: State, seat: int) -> list[Action]:
    """Concrete choices for ``seat``: fold (when facing a bet), check or call, the least
    bet or raise, some pot fractions, all-in (the betting machine's
    ``Betting::legal_moves``). Any size inside ``public["range"]`` is also legal (see
    :func:`check_action`)."""
    return betting_legal_actions(state.public, state.stacks, state.pot, seat, state.to_act, state.phase == "showdown")


def check_action(state: State, seat: int, action: Action) -> str | None:
    """Accept any bet or raise inside the range; explain why another is refused (the
    betting machine's ``Betting::verdict`` for an action in turn)."""
    p: BettingPublic = state.public  # type: ignore[assignment]
    if action.kind == SIT:
        return check_sit(state, seat, action)
    if p.get("procedure") == "cardroom" and state.phase != "showdown":
        verdict = check_out_of_turn(state, seat, action)
        if verdict is not None:
            return verdict
    plain = not (action.cards or action.source or action.target is not None)
    return betting_verdict(
        state.public, seat, state.to_act, state.phase == "showdown", action.kind, action.amount, plain
    )


# --- applying ---------------------------------------------------------------------------


def apply(state: State, seat: int, action: Action) -> bool:
    """Carry out a betting action (the betting machine's ``Betting::act`` and
    ``Betting::advance``). Returns True when the betting round is over (the seat to act
    is then None)."""
    p = state.public
    p["frozen"][seat] = None  # a deemed call is answered by this call or fold
    if action.target is not None:
        return _announced_with_chips(state, seat, action)
    chips, who, pending = betting_apply(p, state.stacks, state.pot, seat, action.kind, action.amount)
    if chips:
        state.commit(seat, chips)  # the commit event records it
    state.to_act = who
    if pending and who is not None:
        _resolve_frozen(state, who)
        return _advance(state, who)
    return who is None


def _bet(state: State, seat: int, to: int) -> None:
    """``seat`` has put its bet up to ``to`` (the chips are in): the round's facts."""
    betting_bet(state.public, state.stacks, state.pot, seat, to)


def _advance(state: State, seat: int) -> bool:
    """Pass the turn on from ``seat``, resolving actions frozen out of turn as their
    seats' turns come. True when the betting round is over."""
    p = state.public
    while True:
        who, pending = betting_advance(p, state.stacks, state.pot, seat)
        state.to_act = who
        if not pending or who is None:
            return who is None
        _resolve_frozen(state, who)
        seat = who


# --- the cardroom procedure (docs/rules/poker.md#b3) ---------------------------------------------------

EXPOSE = Action("expose")
LOOK_STUB, LOOK_DISCARDS = Action("look", source="stub"), Action("look", source="discards")


def check_out_of_turn(state: State, seat: int, action: Action) -> str | None:
    """Under ``procedure="cardroom"``: accept an action out of turn (it is frozen), an
    exposure of a folded hand, or looking at the stub; None lets the usual reasons
    stand."""
    p: BettingPublic = state.public  # type: ignore[assignment]
    if action in (LOOK_STUB, LOOK_DISCARDS):
        return "ok"
    if action == EXPOSE:
        if seat in p["dealt"] and not p["live"][seat] and state.zone(f"hole:{seat}").visibility != "public":
            return "ok"
        return "only a folded player's face-down hand can be exposed"
    if action.target is not None:  # an announcement with the chips actually put in
        if action.kind not in ("call", "bet", "raise") or not 0 <= action.target <= state.stacks[seat]:
            return f"chips put in ({action.target}) must be 0..{state.stacks[seat]}, with a call, bet or raise"
        if seat != state.to_act or p["frozen"][seat] is not None:
            return None
        announced = Action(action.kind, amount=action.amount)
        if announced in legal_actions(state, seat):
            return "ok"
        return check_action(state, seat, announced)
    if state.phase == "showdown" or seat == state.to_act:
        return None
    if not p["live"][seat] or state.stacks[seat] == 0:
        return f"seat {seat} is not in the hand with chips to act"
    if p["frozen"][seat] is not None:
        return f"seat {seat} already acted out of turn; it waits for its turn"
    facing = p["to_call"] > p["bets"][seat]
    kind = action.kind
    if kind == "fold" or (kind == "call" and facing) or (kind == "check" and not facing):
        return "ok" if not (action.amount or action.cards or action.source) else None
    if kind in ("bet", "raise"):
        rng = raise_range(state, seat)
        if rng is None or action.amount is None or (kind == "bet") != (p["to_call"] == 0):
            return None
        return "ok" if rng[0] <= action.amount <= rng[1] else f"{kind} to {action.amount} is outside {rng[0]}..{rng[1]}"
    return None


def freeze(state: State, seat: int, action: Action) -> None:
    """An action out of turn: its chips go in now and stay; it is resolved at the
    offender's turn (:func:`_resolve_frozen`)."""
    p: BettingPublic = state.public  # type: ignore[assignment]
    chips = 0
    if action.kind == "call":
        chips = min(p["to_call"] - p["bets"][seat], state.stacks[seat])
    elif action.kind in ("bet", "raise"):
        assert action.amount is not None
        chips = action.amount - p["bets"][seat]
    if chips:
        state.commit(seat, chips)
    # players still to act before the offender, for the out-of-turn fold rule
    before = 0
    if state.to_act is not None:
        n = len(state.players)
        s = state.to_act
        while s != seat:
            before += _needs_to_act(state, s)
            s = (s + 1) % n
    p["frozen"][seat] = {
        "kind": action.kind,
        "to": action.amount,
        "chips": chips,
        "level": p["to_call"],
        "before": before,
    }
    state.log("out_of_turn", seat, action=str(action), chips=chips)
    p["range"] = raise_range(state, state.to_act) if state.to_act is not None else None


def _resolve_frozen(state: State, seat: int) -> None:
    """The offender's turn has come: the frozen action stands if no bet came in between;
    else it is a call (surplus forfeited; a shortfall is the offender's choice to call or
    fold); a fold out of turn costs the call of any raise made in between when two or
    more players were still to act before the offender."""
    p: BettingPublic = state.public  # type: ignore[assignment]
    f = p["frozen"][seat]
    assert f is not None
    bets = p["bets"]
    raised = p["to_call"] > f["level"]
    if f["kind"] == "fold":
        paid = 0
        if raised and f["before"] >= 2:
            paid = min(p["to_call"] - bets[seat], state.stacks[seat])
            if paid:
                state.commit(seat, paid)
                bets[seat] += paid
        p["frozen"][seat] = None
        p["live"][seat] = False
        state.log("fold", seat, out_of_turn=True, paid=paid)
        return
    if not raised:  # the frozen action stands as made
        p["frozen"][seat] = None
        if f["kind"] in ("bet", "raise"):
            assert f["to"] is not None
            _bet(state, seat, f["to"])
        else:
            bets[seat] += f["chips"]
            p["acted"][seat] = p["to_call"]
        state.log("out_of_turn_stands", seat, action=f["kind"])
        return
    need = p["to_call"] - bets[seat]
    if f["chips"] >= need:  # deemed a call; the surplus stays in the pot, forfeited
        surplus = f["chips"] - need
        bets[seat] += need
        p["dead"][seat] += surplus
        p["acted"][seat] = p["to_call"]
        p["frozen"][seat] = None
        state.log("deemed_call", seat, surplus_forfeited=surplus)
        return
    bets[seat] += f["chips"]
    if state.stacks[seat] == 0:  # all-in with the frozen chips: a call for less
        p["acted"][seat] = p["to_call"]
        p["frozen"][seat] = None
        state.log("deemed_call", seat, surplus_forfeited=0)
        return
    # too few chips: add to make the call, or fold and forfeit them; no raise
    p["frozen"][seat] = FrozenAction(
        kind="deemed call", to=f["to"], chips=f["chips"], level=f["level"], before=f["before"]
    )
    state.log("deemed_call", seat, short=need - f["chips"])


def _announced_with_chips(state: State, seat: int, action: Action) -> bool:
    """A call, bet or raise announced with ``action.target`` chips put in: none makes the
    announcement void (the player still acts); too few, the player adds the rest; too
    many, the announcement stands and the surplus is forfeited to the pot."""
    p: BettingPublic = state.public  # type: ignore[assignment]
    put = action.target
    assert put is not None
    if action.kind == "call":
        needed = min(p["to_call"] - p["bets"][seat], state.stacks[seat])
    else:
        assert action.amount is not None
        needed = action.amount - p["bets"][seat]
    if put == 0 and needed > 0:
        state.log("void_announcement", seat, announced=str(Action(action.kind, amount=action.amount)))
        p["range"] = raise_range(state, seat)
        return False
    surplus = max(put - needed, 0)
    state.commit(seat, needed + surplus)
    if surplus:
        p["dead"][seat] += surplus
        state.log("surplus_forfeited", seat, amount=surplus)
    elif put < needed:
        state.log("short_chips_added", seat, amount=needed - put)
    if action.kind == "call":
        p["bets"][seat] += needed
        p["acted"][seat] = p["to_call"]
    else:
        assert action.amount is not None
        _bet(state, seat, action.amount)
    return _advance(state, seat)


def pay_penalty(state: State, seat: int) -> None:
    """The offender pays ``penalty`` chips to each other player dealt in (as far as
    the offender's stack goes), in order from the button's left."""
    p: BettingPublic = state.public  # type: ignore[assignment]
    for other in order_from_button(state):
        if other == seat:
            continue
        amount = min(p["penalty"], state.stacks[seat])
        if amount:
            state.commit(seat, amount)
            state.award(other, amount)
            state.committed[seat] -= amount  # a penalty is not a contribution to the pot
    state.log("penalty", seat, each=p["penalty"])


def irregular(state: State, seat: int, action: Action) -> bool:
    """Exposing a folded hand or looking at the stub (docs/rules/poker.md#b3). True when the
    betting round is over as a result."""
    p: BettingPublic = state.public  # type: ignore[assignment]
    if action == EXPOSE:
        state.reveal(f"hole:{seat}", seat=seat)
        p["exposures"][seat] += 1
        if p["exposures"][seat] >= 2:
            pay_penalty(state, seat)
        return False
    # looking at the stub or the discards
    if not p["live"][seat]:
        pay_penalty(state, seat)
        return False
    p["live"][seat] = False
    p["frozen"][seat] = None
    state.log("fold", seat, looked_at=action.source)
    if state.to_act == seat:
        return _advance(state, seat)
    if sum(p["live"]) <= 1:
        _set_turn(state, None)
        return True
    assert state.to_act is not None
    _set_turn(state, _first_to_act(state, state.to_act))
    return state.to_act is None


# --- PokerKit's conventions (option conventions="pokerkit") ---------------------------------
#
# PokerKit 0.7 (pokerkit/state.py: _begin_betting, complete_bet_or_raise_to,
# _verify_completion_betting_or_raising, min_completion_betting_or_raising_to_amount,
# get_effective_stack, push_chips): the round's raise increment starts at 0 (no blind sets
# it) and is the largest bet or raise increment of the round so far; a raise whose
# increment reaches it is full and lets everyone raise again; a player may not raise when
# its call is less than the increment, nor after acting when the all-ins since the last
# full raise add up to less than it; nobody raises unless someone else could call more.


def _differs(p: BettingPublic, rule: str) -> None:
    """Record that a PokerKit convention that differs from the cardroom's applied."""
    rules = p.setdefault("pokerkit_rules", [])
    if rule not in rules:
        rules.append(rule)


def _pokerkit_round(p: BettingPublic, n: int) -> None:
    """A new betting round's PokerKit facts: no increment, nobody acted, no short all-ins."""
    p["pk_raise"] = 0
    p["pk_reopened"] = False
    p["pk_acted"] = [False] * n
    p["pk_short"] = []
    p["raises"] = 0
    p["min_raise"] = _street_min(p)


def _street_min(p: BettingPublic) -> int:
    return int(p["bet_sizes"][p["street"]] if p["structure"] == FIXED_LIMIT else p["min_bet"])


def _pokerkit_open(state: State) -> None:
    """PokerKit leaves out of a round, as it opens, whoever can lose nothing more (every
    opponent still in has put in or holds no more than this player's bet)."""
    p: BettingPublic = state.public  # type: ignore[assignment]
    live, bets, stacks = p["live"], p["bets"], state.stacks
    totals = sorted(bets[s] + stacks[s] for s in range(len(live)) if live[s])
    second = totals[-2] if len(totals) > 1 else 0
    for s in range(len(live)):
        if live[s] and stacks[s] > 0 and second - bets[s] <= 0:
            p["acted"][s] = p["to_call"]  # nothing to decide: not asked


# --- settling ---------------------------------------------------------------------------


def return_uncalled(state: State) -> None:
    """Give back the part of the largest bet that nobody matched (to its bettor, even one
    who folded since: nobody can win chips nobody matched; the betting machine's
    ``uncalled``, ``rust/betting/pots.rs``)."""
    returned = betting_return_uncalled(state.public, state.committed)
    if returned is not None:
        leader, excess = returned
        state.award(leader, excess)
        state.committed[leader] -= excess
        state.log("uncalled_bet_returned", leader, amount=excess)


def pots(state: State) -> list[tuple[int, list[int]]]:
    """The main pot and side pots as ``(amount, eligible seats)`` (the betting machine's
    ``Betting::pots``): layered by the contributions of the live players (bets and
    uniform antes); dead money (a big-blind ante, a forfeited surplus) goes to the main
    pot, which every live player may win; chips above every live player's contribution
    (folded players') go to the last pot.

    >>> import hoyle
    >>> options = {"showdown": "manual"}  # stop at the showdown, the pots not yet awarded
    >>> game = hoyle.new_game("texas-holdem", players=3, seed=1, stacks=[20, 50, 100], options=options)
    >>> for move in ("raise to 50", "call", "call"):
    ...     _ = game.act(move)
    >>> pots(game.state)
    [(60, [0, 1, 2]), (60, [1, 2])]
    """
    return betting_pots(state.public, state.committed, state.pot)


#: How tied winners are ordered for a split pot's odd chips: ``order(state, seats)`` lists
#: ``seats`` (the live players) in the order they get the odd chips; None: from the
#: button's left.
OddChipOrder = Callable[[State, Sequence[int]], list[int]]


def showdown_order(state: State) -> list[int]:
    """The live players in the order they show: the last aggressor of the final round,
    else the first live player left of the button; then clockwise (the betting machine's
    ``Betting::showdown_order``)."""
    return betting_showdown_order(state.public)


#: How a showdown values the live hands: ``(high, low)``, ``high(seat)`` a hand's value
#: (greater is better), ``low(seat)`` its low value or None (hi-lo games; None otherwise).
Valuers = tuple[Callable[[int], Any], Callable[[int], Any | None] | None]


def run_shares(amount: int, runs: int, pokerkit: bool = False) -> list[int]:
    """A pot split into ``runs`` equal parts, one per run of the board; the odd chips
    go one each to the first runs (docs/poker-games.md, "Running it twice"), or with
    ``pokerkit`` (PokerKit's conventions) all to the first run (the betting machine's
    ``run_shares``).

    >>> run_shares(7, 2), run_shares(8, 3), run_shares(8, 3, pokerkit=True)
    ([4, 3], [3, 3, 2], [4, 2, 2])
    """
    return betting_run_shares(amount, runs, POKERKIT if pokerkit else CARDROOM)


def settle(
    state: State,
    high: Callable[[int], Any],
    low: Callable[[int], Any | None] | None = None,
    high_odd: OddChipOrder | None = None,
    low_odd: OddChipOrder | None = None,
) -> list[dict[str, Any]]:
    """Award every pot at showdown. ``high(seat)`` values a live hand (greater is
    better); ``low(seat)`` (hi-lo games) values its low or None when it has none.
    ``high_odd`` and ``low_odd`` order tied winners for the odd chips (default: from
    the button's left). Returns the pots as awarded (for the log)."""
    return settle_runs(state, [(high, low)], high_odd, low_odd)


def settle_runs(
    state: State,
    runs: Sequence[Valuers],
    high_odd: OddChipOrder | None = None,
    low_odd: OddChipOrder | None = None,
) -> list[dict[str, Any]]:
    """Award every pot at a showdown where the board was run ``len(runs)`` times (one
    :data:`Valuers` per run; the betting machine's ``Betting::settle_runs``): each pot,
    main and side pots alike, is split into equal parts by :func:`run_shares`, and each
    part goes to the best hands of its run: to the best high hands among the players
    eligible for it, or, when one of them has a low, half (rounded down) to the best lows
    and the rest, with the odd chip, to the best highs; tied winners share, the odd chips
    one at a time in odd-chip order. Under PokerKit's conventions the hands that win
    nothing are left out of the pots first and pots with the same winners merge, and more
    than one odd chip go to the first winner (the first run). Returns the pots as
    awarded, each part with its ``run`` (from 1) when there are several.

    >>> import hoyle
    >>> game = hoyle.new_game("texas-holdem", players=2, seed=1, options={"showdown": "manual"})
    >>> for move in ("call", "check", "check", "check", "check", "check", "check", "check"):
    ...     _ = game.act(move)
    >>> state = game.state.clone()
    >>> settle(state, lambda seat: 7)  # a tie: 2 chips each
    [{'amount': 4, 'high': [0, 1]}]
    """
    n = len(state.players)
    live = live_seats(state)
    values: list[tuple[list[Any], list[Any] | None]] = []
    for high, low in runs:
        highs: list[Any] = [None] * n
        lows: list[Any] | None = None if low is None else [None] * n
        for s in live:  # a plain loop: a comprehension is a call on Python 3.11
            highs[s] = high(s)
            if lows is not None and low is not None:
                lows[s] = low(s)
        values.append((highs, lows))
    high_order = None if high_odd is None else high_odd(state, live)
    low_order = None if low_odd is None else low_odd(state, live)
    awards, record = betting_settle(state.public, state.committed, state.pot, values, high_order, low_order)
    for seat, chips in awards:
        state.award(seat, chips)
    return record


# --- sessions: the button, busted players and newcomers ------------------------------------


def seat_hand(state: State, stack: int, blinds: Sequence[int] = ()) -> tuple[int, list[int]]:
    """Seat the next hand of a session and return ``(button, dealt)``.

    On the first deal every seat gets ``stack`` chips unless ``new_game(stacks=...)``
    gave them (a seat given 0 chips is an empty seat) and the button starts on the last
    seat with chips. Later, the newcomers who sat down during the last hand (:func:`sit_down`) bring
    their chips, and the button moves to the next seat with chips that has played before
    (a newcomer never takes the button on arrival). Seats with chips are dealt in, except
    newcomers who must wait (option ``newcomer``, with ``blinds``, the forced bets by
    position): ``"post"`` deals a newcomer in at once, posting a live big blind out of
    position, unless the newcomer would be the small blind (then it waits a hand);
    ``"wait"`` deals them in when the big blind reaches them. With no blinds (antes
    only) newcomers are dealt in at once.

    Records ``button``, ``dealt``, each seat's ``start`` stack, ``waiting`` (newcomers not
    dealt in yet) and ``posting`` (newcomers posting a big blind this hand) in
    ``state.public``; fewer than two players with chips is an error."""
    n = len(state.players)
    p: BettingPublic = state.public  # type: ignore[assignment]
    waiting: list[int] = []
    posting: list[int] = []
    if state.deal_number == 0:
        if not any(state.stacks):
            state.stacks = [stack] * n
        dealt = []
        for s, chips in enumerate(state.stacks):  # a plain loop: see live_seats()
            if chips > 0:
                dealt.append(s)
        button = dealt[-1] if dealt else n - 1
    else:
        waiting = list(p.get("waiting", ()))
        for seat, chips in p.pop("arriving", ()):
            state.stacks[seat] += chips
            state.start_stacks[seat] += chips  # what the seat brought to the table
            waiting.append(seat)
            state.log("sits_down", seat, chips=chips)
        with_chips = [s for s in range(n) if state.stacks[s] > 0]
        played = [s for s in with_chips if s not in waiting] or with_chips
        button = next_seat(state, p["button"], played)
        big = 1 if len(blinds) > 1 else 0  # the big blind's position
        if waiting and any(blinds):
            posts = _blind_positions(state, button, with_chips)
            rule = state.options.get("newcomer", "post")
            for seat in list(waiting):
                pos = posts.index(seat)
                at_blind = pos < len(blinds) and blinds[pos] > 0 and pos >= big
                if rule == "wait" and pos != big:
                    continue  # waits for the big blind
                if rule == "post" and not at_blind and (pos == 0 and big == 1):
                    continue  # not dealt in on the small blind: waits a hand
                waiting.remove(seat)
                if not at_blind:
                    posting.append(seat)
            for seat in waiting:
                state.log("waits_for_big_blind", seat)
        else:
            waiting = []
        dealt = [s for s in with_chips if s not in waiting]
    if len(dealt) < 2:
        raise InvalidOptionError("a hand needs at least two players with chips")
    p["button"], p["dealt"], p["start"] = button, dealt, list(state.stacks)
    p["order"] = _order(n, button, dealt)
    p["waiting"], p["posting"] = waiting, posting
    return button, dealt


def _blind_positions(state: State, button: int, seats: Sequence[int]) -> list[int]:
    """``seats`` in the order they would post blinds with the button on ``button``."""
    n = len(state.players)
    members = set(seats)
    order = [s for k in range(1, n + 1) if (s := (button + k) % n) in members]
    if len(order) == 2:
        return [order[1], order[0]]
    return order


SIT = "sit"


def check_sit(state: State, seat: int, action: Action) -> str:
    """Whether ``seat`` may sit down with ``action.amount`` chips (default: the
    ``stack`` option): only an empty seat (no chips, not in the hand being played)."""
    p: BettingPublic = state.public  # type: ignore[assignment]
    if action.cards or action.source or action.target is not None or (action.amount is not None and action.amount < 1):
        return "sit down with a number of chips, e.g. 'sit 200'"
    if state.stacks[seat] > 0 or (seat in p.get("dealt", ()) and p["live"][seat]):
        return f"seat {seat} is not empty"
    if any(s == seat for s, _ in p.get("arriving", ())):
        return f"seat {seat} has already sat down; it plays from the next hand"
    return "ok"


def sit_down(state: State, seat: int, action: Action) -> None:
    """A newcomer sits down at an empty seat: the chips come in with the next hand
    (:func:`seat_hand`), whose forced bets follow the ``newcomer`` option."""
    chips = action.amount if action.amount is not None else int(state.options["stack"])
    p: BettingPublic = state.public  # type: ignore[assignment]
    p["arriving"] = [*p.get("arriving", ()), [seat, chips]]
    # the seat to act is unchanged; legal actions are cached by event count, and the
    # action event already moved it on


def players_next_hand(state: State) -> int:
    """Players with chips for the next hand, newcomers arriving included."""
    arriving = state.public.get("arriving")
    if not arriving:
        return len(state.stacks) - state.stacks.count(0)  # stacks are never negative
    seats = {s for s, _ in arriving}
    return sum(1 for s, x in enumerate(state.stacks) if x > 0 or s in seats)


def end_if_uncontested(state: State) -> bool:
    """If one player is left in the hand, return the uncalled bet, give them the pot
    without a showdown and end the deal; return whether that happened."""
    if sum(state.public["live"]) != 1:
        return False
    return_uncalled(state)
    winner = award_uncontested(state)
    state.phase = "over"
    state.end_deal("folds", winner=winner)
    return True


def award_uncontested(state: State) -> int:
    """Everyone else folded: the last player takes the pot without showing (the betting
    machine's ``Betting::lone_player``). Returns that player's seat."""
    winner = betting_lone_player(state.public)
    if state.pot:
        state.award(winner, state.pot)
    return winner
