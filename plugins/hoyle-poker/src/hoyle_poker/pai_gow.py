"""Pai Gow poker (docs/rules/poker.md#b6), the house way, and a best-setting solver.

Rules as implemented:

* The pack is 52 cards and one joker, the **bug** (B1): in a five-card hand it is an
  ace, or completes a straight, flush or straight flush (so four aces and the joker are
  five aces); in the two-card hand it is an ace. Option ``joker="seed"`` is a source's
  reading instead: the dealer's joker is fully wild (five-card and two-card hand), a
  player's only an ace.
* The house banks (the dealer plays every hand and banks every bet). Every player with
  at least ``wager`` chips (option, default 20) bets it; players start with ``chips``
  chips (option, default 500; ``new_game(stacks=)`` overrides) and the bank - shown as
  the pot - with ``bank`` chips (option, default 100000). A session is ``hands`` hands
  (option, default 10); it ends sooner when no player can bet or the bank is empty.
* Players do not bank in turn: docs/rules/poker.md#b6 and have only the dealer's bank
  (each player's hands are compared with the dealer's), so a player-banker rotation
  would be a rule without a source.
* Each player who bet and then the dealer get seven cards (dealt one at a time in seat
  order, the dealer last; the four cards left are not used).
* Each player in seat order sets their seven cards: ``set Ah Kd`` names the two-card
  hand, the other five make the five-card hand. The five-card hand must outrank the
  two-card hand (a two-card pair is compared with the five-card hand's pair, two high
  cards with its two highest cards; equal is allowed, since the five-card hand has
  more cards): any other setting is refused with the reason. The legal actions list
  every legal setting.
* The dealer sets by the house way (:func:`house_way`, documented there).
* Each hand is compared with the dealer's hand of its size; an exact tie (a copy) goes
  to the dealer. Both win: the player wins the wager less ``commission`` percent
  (option, default 5; 0 for none; rounded down to whole chips); one wins and
  one loses: push; both lose: the player loses the wager.
* Settlement of a hand: the stakes of the pushes and the wins go back first (a player's
  own chips never depend on the bank), then the bank pays the winnings in seat order;
  a bank that runs short pays what it has (only possible with a small ``bank``).
* Each hand scores each player's chip gain; the settlement is each player's net chips
  over the session.

    >>> from hoyle_poker.pai_gow import house_way
    >>> str(house_way("Ah Ad Kc Kd 9s 7h 2c"))      # two pair: split, the lower pair in front
    'Ah Ad 9s 7h 2c / Kc Kd'
    >>> str(house_way("9c 9d 9h 5s 5h 4c 4d"))      # trips and two pair
    '9c 9d 9h 4c 4d / 5s 5h'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, NamedTuple, TypedDict

from hoyle import Action, Card, Deck, Option, Rng, State, Variant, Zone, _core, hookimpl, poker, public_reader
from hoyle.errors import DuplicateCardError, InvalidArgumentError, InvalidHandError
from hoyle.poker import Category, HandValue


class Phase(StrEnum):
    """Pai Gow's phases (``state.phase``; the engine sets ``"over"`` at the end)."""

    SET = "set"  #: each player in turn sets their two hands


#: Pai Gow's one action kind: ``set`` the two cards of the low hand.
SET: Final = "set"


class PaiGowPublic(TypedDict, total=False):
    """Pai Gow's public facts (``state.public``)."""

    commission: int  #: percent of a win the house keeps
    joker: str  #: option ``joker``: ``bug`` or ``seed``
    hand_stacks: list[int]  #: each seat's chips as the hand was dealt
    playing: list[int]  #: the seats that bet this hand
    results: dict[str, str]  #: each seat's ``win``, ``push`` or ``lose`` (text keys)


#: ``public(state)`` is ``state.public`` as :class:`PaiGowPublic` (mypy checks every key).
public = public_reader(PaiGowPublic)

DEALER: Final = "dealer"


def _cards(cards: str | Iterable[Card | str]) -> list[Card]:
    if isinstance(cards, str):
        cards = cards.split()
    return [c if isinstance(c, Card) else Card(c) for c in cards]


def _rv(card: Card) -> int:
    """Rank value, aces (and the joker, for setting) high: 2..14."""
    if card.is_joker:
        return 14
    value = card.rank_value
    assert value is not None
    return 14 if value == 1 else value


@dataclass(frozen=True)
class Setting:
    """Seven cards set as a five-card hand (``high``) and a two-card hand (``low``).
    ``str()`` shows ``high / low``."""

    high: tuple[Card, ...]
    low: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join(map(str, self.high)) + " / " + " ".join(map(str, self.low))

    @property
    def action(self) -> Action:
        """The player's action that makes this setting: ``set`` and the two-card hand."""
        return Action(SET, cards=self.low)


def _setting(cards: Sequence[Card], low: Sequence[Card]) -> Setting:
    rest = list(cards)
    for c in low:
        rest.remove(c)
    return Setting(tuple(rest), tuple(low))


# --- hand values ---------------------------------------------------------------------


def high_value(five: Sequence[Card], joker: str = "bug") -> HandValue:
    """The five-card hand's value (``joker``: ``"bug"``, ``"ace"`` or ``"wild"``)."""
    return poker.evaluate(list(five), joker=joker)


def low_value(two: Sequence[Card], joker: str = "bug") -> HandValue:
    """The two-card hand's value; with ``joker="wild"`` a joker pairs the other card."""
    cards = list(two)
    if joker == "wild" and any(c.is_joker for c in cards) and not all(c.is_joker for c in cards):
        other = next(c for c in cards if not c.is_joker)
        twin = next(Card(f"{other.rank}{s}") for s in "cdhs" if s != other.suit)
        cards = [other, twin]
    return poker.evaluate_pai_gow_low(cards)


def _five_key(five: Sequence[Card], joker: str) -> tuple[int, ...] | None:
    """What a two-card hand is measured against: None when the five-card hand is two
    pair or better (no two-card hand reaches it); else ``(1, pair, kickers...)`` or
    ``(0, ranks high to low...)``."""
    if high_value(five, joker).category >= Category.TWO_PAIR:
        return None
    ranks = [_rv(c) for c in five if not c.is_joker]
    for _ in range(len(five) - len(ranks)):
        # A bug or ace-only joker that made no straight or flush is an ace; a wild one
        # in a hand below two pair pairs the highest card.
        ranks.append(max(ranks) if joker == "wild" else 14)
    pairs = sorted({r for r in ranks if ranks.count(r) == 2}, reverse=True)
    if pairs:
        return (1, pairs[0], *sorted((r for r in ranks if r != pairs[0]), reverse=True))
    return (0, *sorted(ranks, reverse=True))


def _two_key(two: Sequence[Card]) -> tuple[int, ...]:
    a, b = sorted((_rv(c) for c in two), reverse=True)
    return (1, a) if a == b else (0, a, b)


def foul_reason(setting: Setting, joker: str = "bug") -> str | None:
    """Why a setting is not allowed (its two-card hand outranks its five-card hand), or
    None when it is legal.

    >>> foul_reason(_setting(_cards("Ah Kd 9c 7s 5h 3d 2c"), _cards("Ah Kd")))
    'the two-card hand (Ah Kd) outranks the five-card hand (9c 7s 5h 3d 2c)'
    """
    if len(setting.high) != 5 or len(setting.low) != 2:
        return "a setting is a five-card hand and a two-card hand"
    five = _five_key(setting.high, joker)
    if five is not None:
        two = _two_key(setting.low)
        if two > five[: len(two)]:
            return (
                f"the two-card hand ({' '.join(map(str, setting.low))}) outranks the five-card hand "
                f"({' '.join(map(str, setting.high))})"
            )
    return None


def settings(cards: str | Iterable[Card | str], joker: str = "bug") -> list[Setting]:
    """Every legal setting of seven cards (at most 21)."""
    seven = _cards(cards)
    found = [_setting(seven, low) for low in itertools.combinations(seven, 2)]
    return [s for s in found if foul_reason(s, joker) is None]


# --- the house way ---------------------------------------------------------------------


def house_way(cards: str | Iterable[Card | str]) -> Setting:
    """How the dealer sets seven cards (one pack and at most the one joker). For
    grouping, the joker counts as an ace; a straight or flush may use it (the bug). In
    order:

    1. Five aces: a pair in the two-card hand if there is one, else two of the aces.
    2. Four of a kind: with trips or a pair as well, a pair from them in front (the
       two-card hand); sixes or lower, kept together with the two highest other cards
       in front; sevens or higher, split (a pair in front, a pair behind).
    3. Two sets of trips: the lower trips behind (the five-card hand), a pair from the
       higher trips in front.
    4. Trips and two pair: the higher pair in front, the lower pair with the trips as a
       full house behind.
    5. A full house (trips and one pair): the pair in front.
    6. Trips: three aces - a pair of aces behind, an ace and the highest other card in
       front; other trips behind, the two highest other cards in front.
    7. Three pair: the highest pair in front.
    8. Two pair: both pairs behind and an ace with the highest other card in front when
       both pairs are sixes or lower and an ace is there to play in front; otherwise
       split, the higher pair behind and the lower in front.
    9. One pair: a straight or flush (the bug may complete it) behind if that leaves the
       pair in front; otherwise the pair behind, the two highest other cards in front.
    10. No pair: a straight or flush behind if one is there, choosing the one that
        leaves the best two-card hand; otherwise the highest card behind, the second
        and third highest in front.

    Where the rule leaves a choice of equal cards (two of three kings), the joker comes
    first, then the cards in the order given. The house way runs in the Rust core
    (``hoyle._core.pai_gow_house_way``), the same code the exact solver sets every
    dealer hand with. Bad input (not seven cards, a card twice, a second pack's card)
    raises a ``hoyle.errors`` exception (``InvalidHandError``, ``DuplicateCardError``).

    >>> str(house_way("Kc Kd Kh 7s 7h 2c 2d"))      # trips plus two pair
    'Kc Kd Kh 2c 2d / 7s 7h'
    >>> str(house_way("Qc Qd Qh 5s 5h 5c Ad"))      # two sets of trips
    'Qh 5s 5h 5c Ad / Qc Qd'
    >>> str(house_way("Ac Kd 9h 7s 5h 3c 2d"))      # no pair
    'Ac 7s 5h 3c 2d / Kd 9h'
    """
    seven = _cards(cards)
    i, j = _core.pai_gow_house_way(seven)
    return _setting(seven, [seven[i], seven[j]])


# --- the solver ----------------------------------------------------------------------


def _outcome(player: tuple[HandValue, HandValue], dealer: tuple[HandValue, HandValue]) -> int:
    """+1: the player wins both hands; 0: one each (push); -1: the dealer wins both.
    A hand wins only if strictly better: copies go to the dealer."""
    wins = int(player[0] > dealer[0]) + int(player[1] > dealer[1])
    return 1 if wins == 2 else 0 if wins == 1 else -1


class Tally(NamedTuple):
    """How a setting fares against the dealer's hands: the number of hands it wins
    (both hands better), pushes (one each) and loses (copies go to the dealer)."""

    setting: Setting
    win: int
    push: int
    lose: int

    @property
    def hands(self) -> int:
        """The dealer hands counted."""
        return self.win + self.push + self.lose

    def expected(self, commission: int = 5) -> float:
        """The expected result in wagers: a win pays ``1 - commission/100``, a push 0,
        a loss -1."""
        return self.score(commission) / (100 * self.hands)

    def score(self, commission: int = 5) -> int:
        """The total result in hundredths of a wager (exact: compare settings by it)."""
        return self.win * (100 - commission) - self.lose * 100


def tallies(
    cards: str | Iterable[Card | str],
    samples: int | None = None,
    seed: int = 0,
    joker: str = "bug",
    *,
    remaining: str | Iterable[Card | str] | None = None,
    threads: int | None = None,
) -> list[Tally]:
    """Every legal setting of seven cards with how it fares against the dealer's hand
    of seven cards from the ``remaining`` cards (default: the other 46 cards of the
    53-card pack), set by the house way.

    With ``samples=None`` (the default) this is **exact**: every dealer hand is counted
    (``C(46, 7)`` = 53,524,680 of them, a few seconds in the Rust core on all cores;
    ``threads=None``). With ``samples=N`` it counts ``N`` dealer hands drawn with
    ``seed`` instead (the same hands for every setting; fast, for simulations). A
    stripped ``remaining`` makes small exact problems (the tests check them against
    brute force). ``joker="seed"`` scores with the seed reading (the dealer's joker wild,
    the player's an ace).

        >>> # eight cards left: eight dealer hands, six with a pair of queens
        >>> rows = tallies("As Ad Kc Kd 7s 7h 2c", remaining="Qs Qd Jc 9h 8s 6d 4c 3h")
        >>> [(" ".join(map(str, t.setting.low)), t.win, t.push, t.lose) for t in rows][:2]
        [('As Ad', 8, 0, 0), ('As Kc', 2, 6, 0)]
    """
    seven = _cards(cards)
    if len(seven) != 7:
        raise InvalidHandError(f"invalid hand: Pai Gow sets seven cards, not {len(seven)}")
    twice = [c for i, c in enumerate(seven) if c in seven[:i]]
    if twice:
        raise _duplicate(twice[0], "the seven cards hold each card once")
    if joker not in ("bug", "seed"):
        raise InvalidArgumentError(f"invalid argument joker={joker!r}: 'bug' or 'seed'")
    mode, dealer_mode = ("ace", "wild") if joker == "seed" else ("bug", "bug")
    if remaining is None:
        rest = [c for c in Deck.standard(1, 1) if c not in seven]
    else:
        rest = _cards(remaining)
        clash = [c for c in rest if c in seven]
        if clash:
            raise _duplicate(clash[0], "it is in the player's hand and in the remaining cards")
    options = settings(seven, joker=mode)
    values = [(high_value(s.high, mode).value, low_value(s.low, mode).value) for s in options]
    counts = _core.pai_gow_tallies(values, rest, dealer_joker=dealer_mode, samples=samples, seed=seed, threads=threads)
    return [Tally(s, *c) for s, c in zip(options, counts)]


def _duplicate(card: Card, reason: str) -> DuplicateCardError:
    err = DuplicateCardError(f"duplicate card {card}: {reason}")
    err.card = str(card)
    return err


def expected_values(
    cards: str | Iterable[Card | str],
    samples: int | None = None,
    seed: int = 0,
    commission: int = 5,
    joker: str = "bug",
    *,
    remaining: str | Iterable[Card | str] | None = None,
    threads: int | None = None,
) -> list[tuple[Setting, float]]:
    """Every legal setting of seven cards with its expected result in wagers (a win
    pays ``1 - commission/100``, a push 0, a loss -1) against the dealer's hand, by
    :func:`tallies` (exact unless ``samples`` is given).

        >>> scored = expected_values("As Ad Kc Kd 7s 7h 2c", samples=500)
        >>> len(scored) == len(settings("As Ad Kc Kd 7s 7h 2c")), all(-1 <= ev <= 0.95 for _, ev in scored)
        (True, True)
    """
    rows = tallies(cards, samples, seed, joker, remaining=remaining, threads=threads)
    return [(t.setting, t.expected(commission)) for t in rows]


def best_setting(
    cards: str | Iterable[Card | str],
    samples: int | None = None,
    seed: int = 0,
    commission: int = 5,
    joker: str = "bug",
    *,
    remaining: str | Iterable[Card | str] | None = None,
    threads: int | None = None,
) -> tuple[Setting, float]:
    """The setting with the best expected result and that expectation, by
    :func:`tallies` (exact unless ``samples`` is given; compared exactly, the first of
    equals in :func:`settings` order).

        >>> best, ev = best_setting("As Ad Kc Kd 7s 7h 2c", samples=2000)
        >>> sorted(str(c) for c in best.low), ev > 0       # three pair: aces in front
        (['Ad', 'As'], True)
    """
    rows = tallies(cards, samples, seed, joker, remaining=remaining, threads=threads)
    best = max(rows, key=lambda t: t.score(commission))  # max keeps the first of equals
    return best.setting, best.expected(commission)


def agrees(rows: Sequence[Tally], cards: Sequence[Card], commission: int = 5) -> bool:
    """Whether the house way's setting of ``cards`` scores as well as the best of
    ``rows`` (the :func:`tallies` of those cards): exact integer comparison."""
    way = sorted(house_way(cards).low)
    best = max(t.score(commission) for t in rows)
    return next(t.score(commission) for t in rows if sorted(t.setting.low) == way) == best


def agreement(hands: int = 20, samples: int | None = None, seed: int = 0, threads: int | None = None) -> float:
    """How often the house way's setting of a random seven-card hand is as good as
    the best setting (equal expected value; exact unless ``samples`` is given): the
    fraction of ``hands`` hands. ``benches/house_way_agreement.py`` prints it with a
    confidence interval and the cost of the disagreements."""
    rng = Rng(seed, 0xA6)
    pack = list(Deck.standard(1, 1))
    same = 0
    for i in range(hands):
        rng.shuffle(pack)
        seven = pack[:7]
        same += agrees(tallies(seven, samples, seed + i, threads=threads), seven)
    return same / hands


# --- bots ------------------------------------------------------------------------------


class HouseWayBot:
    """Sets its hand the way the dealer would (any other decision: the first legal)."""

    variants = ("pai-gow",)  # `hoyle play` offers it (and its hints) for Pai Gow only

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        cards = _own_cards(view)
        if cards is None:
            return legal_actions[0]
        wanted = house_way(cards).action
        return next((a for a in legal_actions if sorted(a.cards) == sorted(wanted.cards)), legal_actions[0])


class SolverBot:
    """Sets its hand by :func:`best_setting`: exactly (every dealer hand; a few seconds
    a decision) by default, or over ``samples`` dealer hands drawn with ``seed`` for fast
    simulations (``SolverBot(samples=20000)``)."""

    variants = ("pai-gow",)

    def __init__(self, seed: int = 0, samples: int | None = None) -> None:
        self.seed, self.samples = seed, samples

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        cards = _own_cards(view)
        if cards is None:
            return legal_actions[0]
        public = view["public"]
        best, _ = best_setting(
            cards, samples=self.samples, seed=self.seed, commission=public["commission"], joker=public["joker"]
        )
        return next((a for a in legal_actions if sorted(a.cards) == sorted(best.low)), legal_actions[0])


def _own_cards(view: Mapping[str, Any]) -> list[Card] | None:
    zone = view["zones"].get(_hand(view["seat"]))
    return None if zone is None or not zone["cards"] or len(zone["cards"]) != 7 else _cards(zone["cards"])


# --- the variant -----------------------------------------------------------------------


def _hand(seat: int) -> str:
    return f"hand:{seat}"


def _high(seat: int | str) -> str:
    return f"high:{seat}"


def _low(seat: int | str) -> str:
    return f"low:{seat}"


class PaiGowRules:
    """The rule hooks of Pai Gow poker."""

    def _mode(self, state: State, dealer: bool = False) -> str:
        if state.options["joker"] == "seed":
            return "wild" if dealer else "ace"
        return "bug"

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        opts = state.options
        if state.deal_number == 0:
            if not any(state.stacks):
                state.stacks = [opts["chips"]] * len(state.players)
            state.pot = opts["bank"]
            public(state).update({"commission": opts["commission"], "joker": opts["joker"]})
        public(state)["hand_stacks"] = list(state.stacks)
        state.add_zone(DEALER, visibility=Zone.HIDDEN)
        for name in (_high(DEALER), _low(DEALER)):
            state.add_zone(name, visibility=Zone.PUBLIC)
        playing = [s for s in state.seats if state.stacks[s] >= opts["wager"]]
        public(state)["playing"] = playing
        public(state)["results"] = {}
        for seat in playing:
            state.add_zone(_hand(seat), owner=seat, visibility=Zone.OWNER)
            state.add_zone(_high(seat), owner=seat, visibility=Zone.OWNER)
            state.add_zone(_low(seat), owner=seat, visibility=Zone.OWNER)
            state.commit(seat, opts["wager"])
        if not playing:
            state.end_deal("no player can bet")
            return True
        for _ in range(7):
            for seat in playing:
                state.move_top("deck", _hand(seat), seat=seat, event="deal")
            state.move_top("deck", DEALER, event="deal")
        state.phase, state.to_act = Phase.SET, playing[0]
        return True

    @hookimpl
    def hoyle_legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat != state.to_act or state.phase != Phase.SET:
            return []
        cards = state.zone(_hand(seat)).cards
        found = settings(cards, self._mode(state))
        return [Action(SET, cards=tuple(sorted(s.low, key=_rv, reverse=True))) for s in found]

    @hookimpl
    def hoyle_check_action(self, state: State, seat: int, action: Action) -> str | None:
        if seat != state.to_act or state.phase != Phase.SET or action.kind != SET:
            return None
        hand = state.zone(_hand(seat)).cards
        if len(action.cards) != 2 or len(set(action.cards)) != 2:
            return "name the two cards of the two-card hand, e.g. 'set Ah Kd'"
        missing = [c for c in action.cards if c not in hand]
        if missing:
            return f"{' '.join(map(str, missing))} not in your hand"
        reason = foul_reason(_setting(hand, action.cards), self._mode(state))
        return reason or "ok"

    @hookimpl
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        state.move(action.cards, _hand(seat), _low(seat), seat=seat, event="set")
        state.move(list(state.zone(_hand(seat)).cards), _hand(seat), _high(seat), seat=seat, event="set")
        playing = public(state)["playing"]
        i = playing.index(seat)
        if i + 1 < len(playing):
            state.to_act = playing[i + 1]
        else:
            self._showdown(state)
        return True

    def _showdown(self, state: State) -> None:
        dealer_cards = list(state.zone(DEALER).cards)
        way = house_way(dealer_cards)
        state.move(way.high, DEALER, _high(DEALER), event="dealer_sets")
        state.move(way.low, DEALER, _low(DEALER), event="dealer_sets")
        dm = self._mode(state, dealer=True)
        dealer = (high_value(way.high, dm), low_value(way.low, dm))
        pm = self._mode(state)
        wager = state.options["wager"]
        fee = wager * state.options["commission"] // 100
        winners = []
        for seat in public(state)["playing"]:
            state.reveal(_high(seat), seat)
            state.reveal(_low(seat), seat)
            mine = (high_value(state.zone(_high(seat)).cards, pm), low_value(state.zone(_low(seat)).cards, pm))
            result = _outcome(mine, dealer)
            if result >= 0:
                state.award(seat, wager)  # the stake comes back on a win or a push
            if result > 0:
                winners.append(seat)
            public(state)["results"][str(seat)] = {1: "win", 0: "push", -1: "lose"}[result]
            state.log("result", seat, result=public(state)["results"][str(seat)])
        for seat in winners:  # then the bank pays the winnings, in seat order while it can
            state.award(seat, min(state.pot, wager - fee))
        state.end_deal("showdown")

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        before = public(state)["hand_stacks"]
        return {s: state.stacks[s] - before[s] for s in state.seats}

    @hookimpl
    def hoyle_match_over(self, state: State) -> bool:
        able = any(s >= state.options["wager"] for s in state.stacks)
        return state.deal_number + 1 >= state.options["hands"] or not able or state.pot == 0

    @hookimpl
    def hoyle_settle(self, state: State) -> dict[int, int]:
        return state.chips_won()


def _check_commission(value: int) -> str | None:
    return None if 0 <= value < 100 else "a percentage from 0 to 99"


VARIANT = Variant(
    name="pai-gow",
    rules=PaiGowRules(),
    players=(1, 6),
    deck=lambda options: Deck.standard(1, 1),
    family="poker",
    description="Pai Gow poker: set seven cards as a five-card and a two-card hand against the dealer.",
    options=(
        Option(name="hands", default=10, doc="Hands in the session", minimum=1),
        Option(name="wager", default=20, doc="Chips each player bets per hand", minimum=1),
        Option(
            name="commission",
            default=5,
            doc="Percent of a win the house keeps (rounded down to whole chips)",
            check_value=_check_commission,
        ),
        Option(
            name="chips",
            default=500,
            doc="Starting chips per player (unless new_game(stacks=...) gives them)",
            minimum=1,
        ),
        Option(name="bank", default=100_000, doc="The house bank's chips (shown as the pot)", minimum=0),
        Option(
            name="joker",
            default="bug",
            doc="'bug': the joker is an ace or completes a straight/flush (B1); 'seed': the dealer's joker is wild, a player's only an ace",
            choices=("bug", "seed"),
        ),
    ),
)
