"""Egyptian Ratscrew (docs/rules/parlor.md#b8), with :class:`SlapBot`, a bot that slaps.

Rules as implemented:

* The pack (``jokers`` option: 0 by default, up to 4 added) is dealt out one card at a
  time from seat 0, face down; nobody looks at their own cards (hands are hidden from
  everyone). Seat 0 plays first; play goes on in seat order.
* ``play``: the player to act turns their top card face up onto the centre pile.
* The face-card challenge: when a jack, queen, king or ace is played, the next player
  holding cards must play a face card or ace within their chances (J 1, Q 2, K 3,
  A 4), one card per ``play``. If one comes, the duty passes on to the next player
  with a new count. If none comes - or the player runs out of cards trying, or nobody
  else holds a card - the player of the last face card or ace must ``take`` the pile
  (under their cards) and leads the next card. The pile can still be slapped until it
  is taken. With no challenge pending, a player who plays the last card anyone holds
  must ``take`` the pile back.
* ``slap``: any seat may slap while the pile shows, whoever's turn it is - an action
  taken out of turn with ``game.act("slap", seat=s)``; the first valid slap to arrive
  wins. The ``slaps`` option (a comma-separated set, default all) chooses the rules:

  - ``double``: the top two cards are the same rank;
  - ``sandwich``: the top card and the third card are the same rank;
  - ``top-bottom``: the top card is the same rank as the bottom card of the pile;
  - ``tens``: the top two cards, or the top and third cards with a jack, queen or king
    between them, add to ten (ace 1, number cards their value);
  - ``joker``: the top card is a joker (with the ``jokers`` option);
  - ``run``: the top four cards are four ranks in a row, ascending or descending,
    wrapping Q-K-A-2;
  - ``marriage``: a queen on a king or a king on a queen.

  A valid slap wins the whole pile (under the slapper's cards, ending any challenge)
  and the slapper leads. A wrong slap puts ``penalty`` cards (option, 1 or 2; fewer if
  the slapper holds fewer) from the slapper's top face up under the pile, where they
  are part of the pile like any other card (the new bottom card for top-bottom).
* A player with no cards takes no turns but may still slap back in: a valid slap
  brings them back. A player with no cards who slaps wrongly has nothing to pay and is
  out for good (the common rule; it also keeps a game from never ending) - unless every
  other player is already out, when the slap just costs nothing. A player out
  for good forfeits any claim on the pile: a face-card challenge they made lapses (the
  pile stays and play goes on with no challenge), and a pile they were to ``take`` stays
  for the next player holding cards to play on.
* Whoever holds all the cards wins and scores 1. Against endless games, ``max_turns``
  (option, default 5000 cards played) ends the game: the players holding the most
  cards each score 1 (the pile counts for nobody).

    >>> import hoyle
    >>> game = hoyle.new_game("egyptian-ratscrew", players=2, seed=1)
    >>> game.legal_actions()
    [Action('play')]
    >>> slap_rule(["5h", "5c"], ["double"])
    'double'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from itertools import pairwise
from typing import Any, Final, NotRequired, TypedDict

from hoyle import Action, Card, Deck, Option, Rng, State, Variant, Zone, hookimpl, public_reader


class Phase(StrEnum):
    """Egyptian Ratscrew's phases (``state.phase``)."""

    PLAY = "play"  #: the player to act plays their top card onto the pile
    TAKE = "take"  #: a challenge was lost: the challenger takes the pile


class RatscrewPublic(TypedDict):
    """Egyptian Ratscrew's public facts (``state.public``)."""

    slaps: list[str]  #: the slap rules in force (from the ``slaps`` option)
    challenger: int | None  #: the seat whose face card started the challenge, if any
    chances: int  #: cards the challenged player may still play to meet it
    out: list[int]  #: the seats out of cards, in the order they went out
    turns: int  #: cards played this game (``max_turns`` ends it)
    winners: NotRequired[list[int]]  #: at the end: the seats holding the most cards


#: ``public(state)`` is ``state.public`` as :class:`RatscrewPublic` (mypy checks every key).
public = public_reader(RatscrewPublic)


PILE: Final = "pile"


class Kind:
    """Egyptian Ratscrew's action kinds (``Action.kind``)."""

    PLAY: Final = "play"  #: the player to act turns the top card of their stack
    TAKE: Final = "take"  #: the challenger takes the pile
    SLAP: Final = "slap"  #: anyone, any time: a slap at the pile


PLAY, TAKE, SLAP = Action(Kind.PLAY), Action(Kind.TAKE), Action(Kind.SLAP)
#: Every slap rule of B8, in the order they are checked.
SLAP_RULES = ("double", "sandwich", "top-bottom", "tens", "joker", "run", "marriage")
#: Chances to answer a face card or ace.
CHANCES = {"J": 1, "Q": 2, "K": 3, "A": 4}
_TEN_VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10}
_RUN_ORDER = {r: i for i, r in enumerate("A23456789TJQK")}


def _hand(seat: int) -> str:
    return f"hand:{seat}"


def slap_rule(pile: Sequence[Card | str], rules: Sequence[str]) -> str | None:
    """The first of ``rules`` that makes ``pile`` (bottom card first) slappable, or None.

    >>> slap_rule(["Kd", "7c", "Jh", "3s"], SLAP_RULES)     # 7 and 3 around a jack
    'tens'
    >>> slap_rule(["Qc", "Kd", "Ah", "2s"], ["run"])         # Q-K-A-2 wraps
    'run'
    >>> slap_rule(["Qc", "9d"], SLAP_RULES) is None
    True
    """
    cards = [c if isinstance(c, Card) else Card(c) for c in pile]
    ranks = [None if c.is_joker else c.rank for c in cards]
    n = len(cards)

    def same(i: int, j: int) -> bool:
        return ranks[i] is not None and ranks[i] == ranks[j]

    for rule in rules:
        if rule == "double" and n >= 2 and same(-1, -2):
            return rule
        if rule == "sandwich" and n >= 3 and same(-1, -3):
            return rule
        if rule == "top-bottom" and n >= 2 and same(-1, 0):
            return rule
        if rule == "tens" and n >= 2:
            top, second = _TEN_VALUES.get(ranks[-1] or ""), _TEN_VALUES.get(ranks[-2] or "")
            if top is not None and second is not None and top + second == 10:
                return rule
            if n >= 3 and ranks[-2] in ("J", "Q", "K"):
                third = _TEN_VALUES.get(ranks[-3] or "")
                if top is not None and third is not None and top + third == 10:
                    return rule
        if rule == "joker" and n >= 1 and cards[-1].is_joker:
            return rule
        if rule == "run" and n >= 4 and None not in ranks[-4:]:
            order = [_RUN_ORDER[r] for r in ranks[-4:] if r is not None]
            steps = {(b - a) % 13 for a, b in pairwise(order)}
            if steps in ({1}, {12}):
                return rule
        if rule == "marriage" and n >= 2 and {ranks[-1], ranks[-2]} == {"Q", "K"}:
            return rule
    return None


def parse_slaps(text: str) -> list[str]:
    """The slap rules named in the ``slaps`` option (comma-separated; empty: none)."""
    return [w.strip() for w in text.split(",") if w.strip()]


def _check_slaps(text: str) -> str | None:
    names = parse_slaps(text)
    bad = [n for n in names if n not in SLAP_RULES]
    if bad:
        return f"unknown slap rule {bad[0]!r} (known: {', '.join(SLAP_RULES)})"
    if len(set(names)) != len(names):
        return "a slap rule is named twice"
    return None


class RatscrewRules:
    """The rule hooks of Egyptian Ratscrew."""

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        for seat in state.seats:
            state.add_zone(_hand(seat), owner=seat, visibility=Zone.HIDDEN)
        state.add_zone(PILE, visibility=Zone.PUBLIC)
        seat = 0
        while state.zone("deck").cards:
            state.move_top("deck", _hand(seat), seat=seat, event="deal")
            seat = (seat + 1) % len(state.players)
        pub = public(state)
        pub.update(
            {"slaps": parse_slaps(state.options["slaps"]), "challenger": None, "chances": 0, "out": [], "turns": 0}
        )
        state.phase, state.to_act = Phase.PLAY, 0
        return True

    def _count(self, state: State, seat: int) -> int:
        return len(state.zone(_hand(seat)).cards)

    def _next_with_cards(self, state: State, seat: int) -> int | None:
        """The next seat after ``seat`` (``seat`` itself last) that holds cards."""
        n = len(state.players)
        for i in range(1, n + 1):
            s = (seat + i) % n
            if self._count(state, s):
                return s
        return None

    @hookimpl
    def hoyle_legal_actions(self, state: State, seat: int) -> list[Action]:
        if state.deal_end is not None or seat in public(state)["out"]:
            return []
        actions = []
        if seat == state.to_act:
            actions.append(TAKE if state.phase == Phase.TAKE else PLAY)
        if state.zone(PILE).cards:
            actions.append(SLAP)
        return actions

    @hookimpl
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        if action.kind == Kind.PLAY:
            self._play(state, seat)
        elif action.kind == Kind.TAKE:
            state.log("wins_pile", seat, reason="challenge")
            self._collect(state, seat)
        else:
            self._slap(state, seat)
        return True

    def _play(self, state: State, seat: int) -> None:
        card = state.move_top(_hand(seat), PILE, seat=seat, event="play")[0]
        pub = public(state)
        pub["turns"] += 1
        if card.rank in CHANCES:
            pub["challenger"], pub["chances"] = seat, CHANCES[card.rank]
            self._pass_duty(state, seat)
        elif pub["challenger"] is not None:
            pub["chances"] -= 1
            if pub["chances"] == 0 or not self._count(state, seat):
                self._must_take(state, pub["challenger"])
        else:
            self._next_turn(state, seat)
        if pub["turns"] >= state.options["max_turns"] and state.deal_end is None:
            self._finish(state, "turn limit")

    def _next_turn(self, state: State, seat: int) -> None:
        """No challenge pending and ``seat`` has played: the next player holding cards
        plays, and if nobody holds any, ``seat`` takes the pile back."""
        nxt = self._next_with_cards(state, seat)
        if nxt is None:
            self._must_take(state, seat)
        else:
            state.to_act = nxt

    def _pass_duty(self, state: State, challenger: int) -> None:
        nxt = self._next_with_cards(state, challenger)
        if nxt is None or nxt == challenger:
            self._must_take(state, challenger)
        else:
            state.to_act = nxt

    def _must_take(self, state: State, seat: int) -> None:
        state.phase, state.to_act = Phase.TAKE, seat

    def _collect(self, state: State, seat: int) -> None:
        # The pile is turned face down and put under the hand: its top card goes lowest.
        state.move(list(state.zone(PILE).cards), PILE, _hand(seat), seat=seat, event="take", bottom=True)
        pub = public(state)
        pub["challenger"], pub["chances"] = None, 0
        state.phase, state.to_act = Phase.PLAY, seat
        if self._count(state, seat) == len(state.deck):
            self._finish(state, "all the cards")

    def _slap(self, state: State, seat: int) -> None:
        rule = slap_rule(state.zone(PILE).cards, public(state)["slaps"])
        if rule is not None:
            state.log("slap", seat, rule=rule)
            self._collect(state, seat)
            return
        held = self._count(state, seat)
        if not held:
            if len(public(state)["out"]) < len(state.players) - 1:  # the last player in stays in
                self._put_out(state, seat)
            else:
                state.log("wrong_slap", seat, penalty=0)
            return
        paid = min(state.options["penalty"], held)
        state.log("wrong_slap", seat, penalty=paid)
        state.move_top(_hand(seat), PILE, paid, seat=seat, event="penalty", bottom=True)
        # The slapper may have paid away their last card when it was their duty to play.
        if state.phase == Phase.PLAY and seat == state.to_act and not self._count(state, seat):
            challenger = public(state)["challenger"]
            if challenger is not None:  # they were answering a face card: the challenge fails
                self._must_take(state, challenger)
            else:
                self._next_turn(state, seat)

    def _put_out(self, state: State, seat: int) -> None:
        """``seat`` (holding no cards) slapped wrongly: out for good, forfeiting its claims."""
        pub = public(state)
        pub["out"].append(seat)
        state.log("wrong_slap", seat, out=True)
        if pub["challenger"] == seat:
            pub["challenger"], pub["chances"] = None, 0
        if state.phase == Phase.TAKE and state.to_act == seat:
            n = len(state.players)
            nxt = self._next_with_cards(state, seat)
            if nxt is None:  # nobody holds a card: the next player still in takes the pile
                self._must_take(state, next((seat + i) % n for i in range(1, n) if (seat + i) % n not in pub["out"]))
            else:
                state.phase, state.to_act = Phase.PLAY, nxt

    def _finish(self, state: State, reason: str) -> None:
        counts = [self._count(state, s) for s in state.seats]
        best = max(counts)
        public(state)["winners"] = [s for s in state.seats if counts[s] == best]
        state.end_deal(reason, counts=counts)

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        return {s: 1 for s in public(state)["winners"]}

    @hookimpl
    def hoyle_match_over(self, state: State) -> bool:
        return True


class SlapBot:
    """Plays its turn and slaps when it sees a slappable pile: with probability
    ``skill`` it notices, after a delay drawn uniformly from ``speed * [0.5, 1.5)``;
    with probability ``mistakes`` it slaps a pile that is not slappable.

        >>> bot = SlapBot(seed=1, skill=1.0, speed=2.0)
        >>> view = {"zones": {"pile": {"cards": ["7c", "7d"]}}, "public": {"slaps": ["double"]}}
        >>> action, delay = bot.react(view, [Action("slap")])
        >>> action, 1.0 <= delay < 3.0
        (Action('slap'), True)
    """

    variants = ("egyptian-ratscrew",)  # `hoyle play` offers it (and its hints) here only

    def __init__(self, seed: int = 0, skill: float = 0.7, speed: float = 1.0, mistakes: float = 0.0) -> None:
        self.rng = Rng(seed)
        self.skill, self.speed, self.mistakes = skill, speed, mistakes

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        return next((a for a in legal_actions if a != SLAP), legal_actions[0])

    def react(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> tuple[Action, float] | None:
        if SLAP not in legal_actions:
            return None
        valid = slap_rule(view["zones"][PILE]["cards"], view["public"]["slaps"]) is not None
        roll = self.rng.random()
        if roll < (self.skill if valid else self.mistakes):
            return SLAP, self.speed * (0.5 + self.rng.random())
        return None


VARIANT = Variant(
    name="egyptian-ratscrew",
    rules=RatscrewRules(),
    players=(2, 8),
    deck=lambda options: Deck.standard(1, options["jokers"]),
    family="parlor",
    description="Slap the pile on doubles and sandwiches; face cards challenge the next player.",
    options=(
        Option(
            name="slaps",
            default=",".join(SLAP_RULES),
            doc=f"Slap rules in force, comma-separated (of: {', '.join(SLAP_RULES)})",
            check_value=_check_slaps,
        ),
        Option(name="penalty", default=1, doc="Cards a wrong slap puts under the pile", choices=(1, 2)),
        Option(name="jokers", default=0, doc="Jokers added to the pack", choices=(0, 1, 2, 3, 4)),
        Option(
            name="max_turns",
            default=5000,
            doc="Cards played before the game stops; the most cards held then wins",
            minimum=1,
        ),
    ),
)
