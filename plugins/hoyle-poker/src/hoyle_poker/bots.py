"""A heuristic bot for the flop games (Texas hold'em, Omaha, short-deck hold'em): the
``medium`` level of :class:`PokerBot` (``easy``: :data:`EASY_MISTAKES`; ``hard``:
:mod:`hoyle_poker.hard`).

:class:`PokerBot` reads only its view: its hole cards, the board, the pot and the
betting facts in ``view["public"]`` (``to_call``, ``bets``, ``live``, ``button``,
``dealt`` and ``range``, the legal bet or raise sizes). Each decision:

1. **Hand strength**: its all-in equity against as many random hands as there are
   opponents still in (at most five); in the stud games (seven-card stud, stud hi-lo,
   razz) by :func:`~hoyle_poker.stud_equity.stud_equity` (random down and future
   cards, ``trials * samples`` deals), in the flop games by the Rust equity engine
   (:func:`hoyle.poker.equity`, ``game="holdem"``, ``"omaha"`` or ``"short-deck"``; in
   Omaha hi-lo ``"omaha-hi-lo"``, its share of a split pot):
   ``trials`` random deals of the opponents' hole cards from the unseen cards, each run
   out on ``samples`` random boards, every seed drawn from the bot's own
   :class:`~hoyle.Rng` (so games replay).
2. **Position**: 0 in the small blind (first to act after the flop) up to 1 on the
   button. Early positions demand more: ``margin = tightness * (1 - position)``.
3. **Pot odds**: facing a bet, the price is ``to_call / (pot + to_call)``; it calls
   when ``equity > price + margin`` and folds otherwise.
4. **Raising**: an average hand's equity is ``fair = 1 / players`` (itself and the
   opponents it was measured against). With ``equity >= fair + raise_at * (1 - fair) +
   margin`` it bets or raises three quarters of the pot (the whole pot when ``equity >=
   fair + pot_at * (1 - fair)``), clamped to the legal ``range``. Otherwise it checks
   when it can. Against random opponents, who call and fold at random, betting often
   for value pays: ``raise_at=0.05`` won more chips than 0.1 or 0.3 in the bench.

At a manual showdown it always shows; in stud it posts the bring-in (never completes).

    >>> import hoyle
    >>> from hoyle_poker.flop import arranged_deck
    >>> game = hoyle.new_game("texas-holdem", players=2, deck=arranged_deck(["7c 2d", "As Ah"]))
    >>> game.to_act   # heads-up: seat 1 has the button and acts first pre-flop
    1
    >>> PokerBot(seed=1).choose(game.view(1), game.legal_actions(1)).kind   # aces raise
    'raise'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hoyle import Action, Card, Deck, Rng
from hoyle import poker as ev
from hoyle.engine.cache import BoundedCache
from hoyle.errors import InvalidArgumentError
from hoyle.registry import LEVELS

from hoyle_poker.draw_equity import DRAW_GAMES, DRAWS, best_discard, draw_equity
from hoyle_poker.random_cards import random_cards
from hoyle_poker.stud_equity import STUD_GAMES, stud_equity

#: Equity game for each variant (by name): the equity engine's for the flop games, the
#: stud games' for :mod:`hoyle_poker.stud_equity`; anything else plays as hold'em.
GAMES = {
    "texas-holdem": "holdem",
    "omaha": "omaha",
    "short-deck-holdem": "short-deck",
    "seven-card-stud": "stud",
    "seven-card-stud-hi-lo": "stud-hi-lo",
    "razz": "razz",
    **{variant: f"draw:{rule}" for variant, rule in DRAW_GAMES.items()},
}
#: At most this many opponents are modelled (the equity engine takes up to 10 hands).
MAX_OPPONENTS = 5


def _full_deck(game: str) -> list[str]:
    deck = Deck.stripped("6") if game == "short-deck" else Deck.standard()
    return [str(c) for c in deck]


#: The full deck's card texts of each equity-engine game.
_FULL_DECKS: BoundedCache[str, list[str]] = BoundedCache(_full_deck, limit=16)


def _deck(game: str) -> list[str]:
    return _FULL_DECKS[game]


def estimate_equity(
    hole: Sequence[str],
    board: Sequence[str],
    opponents: int,
    rng: Rng,
    game: str = "holdem",
    trials: int = 24,
    samples: int = 16,
) -> float:
    """Equity (pot share, 0..1) of ``hole`` on ``board`` against ``opponents`` random
    hands with as many hole cards, by Monte Carlo over the unseen cards.

    >>> 0.80 < estimate_equity(["As", "Ah"], [], 1, Rng(1), trials=50) < 0.90   # 85.2% exact
    True
    >>> estimate_equity(["7c", "2d"], ["As", "Ah", "Ad", "Ks", "Kh"], 1, Rng(1)) < 0.6
    True
    """
    opponents = max(1, min(opponents, MAX_OPPONENTS))
    seen = {str(Card(c)) for c in (*hole, *board)}
    unseen = [c for c in _deck(game) if c not in seen]
    k = len(hole)
    opponents = min(opponents, (len(unseen) - (5 - len(board))) // k)
    mine = " ".join(hole)
    board_text = " ".join(board) or None
    exact = len(board) == 5
    total = 0.0
    for _ in range(trials):
        pool = random_cards(unseen, opponents * k, rng)  # the opponents' hole cards
        hands = [mine] + [" ".join(pool[o * k : (o + 1) * k]) for o in range(opponents)]
        result = ev.equity(hands, board_text, game=game, samples=samples, seed=rng.next_u64(), exact=exact, threads=1)
        total += result.equity[0]
    return total / trials


def position(public: Mapping[str, Any], seat: int, players: int) -> float:
    """0 for the first seat left of the button (first to act after the flop) up to 1 for
    the button, among the seats still in the hand.

    >>> position({"button": 5, "dealt": [0, 1, 2, 3, 4, 5], "live": [True] * 6}, 5, 6)
    1.0
    >>> position({"button": 5, "dealt": [0, 1, 2, 3, 4, 5], "live": [True] * 6}, 0, 6)
    0.0
    """
    button = int(public.get("button", players - 1))
    live = public.get("live") or [True] * players
    order = [s for k in range(1, players + 1) if live[(s := (button + k) % players)] or s == seat]
    if len(order) < 2 or seat not in order:
        return 1.0
    return order.index(seat) / (len(order) - 1)


#: The easy level's mistakes (docs/bots.md), each a habit of beginners.
EASY_MISTAKES = (
    "calling station: facing a bet it calls whenever its equity is at least `station` "
    "(0.25), whatever the price, and folds below it even when the price is tiny (it ignores pot odds)",
    "passive: it bets or raises only a monster (equity at least `fair + 0.6 * (1 - fair)`), "
    "and then the least it may (a min-raise), never for protection or thin value",
    "it never bluffs and ignores its position",
)


@dataclass(frozen=True)
class Situation:
    """A betting decision as the seat sees it: its cards, the table, the price."""

    seat: int
    hole: list[str]
    board: list[str]
    players: int
    opponents: int
    game: str
    facing: int  # the bet to match this round (0: nothing to call)
    to_call: int  # chips the seat must add to call
    pot: int
    range: tuple[int, int] | None  # least and most it may bet or raise to
    kinds: dict[str, Action]
    fixed: bool  # a fixed-limit round: only the least or the most of ``range``
    shown: dict[int, list[str]]  # every other seat's face-up cards (stud, draw), by seat
    live: list[bool]
    wild: list[str]  # the turned card that makes its rank wild (five-card draw)
    draws_left: int  # draw rounds still to come (draw games)
    first: Action  # the first legal action (the fallback)

    @property
    def price(self) -> float:
        """Pot odds: the share of the pot after calling that the call costs."""
        return self.to_call / (self.pot + self.to_call) if self.to_call > 0 else 0.0

    @property
    def fair(self) -> float:
        """An average hand's equity: one over the players it is measured against."""
        return 1 / (1 + max(1, min(self.opponents, MAX_OPPONENTS)))

    def bet(self, size: int) -> Action:
        """A bet or raise to ``size``, clamped to the legal range; in a fixed-limit round
        offering two sizes (stud's open pair on fourth street), the nearer listed one."""
        assert self.range is not None
        kind = "raise" if self.facing else "bet"
        amount = max(self.range[0], min(self.range[1], size))
        if self.fixed:
            amount = min(self.range, key=lambda a: (abs(a - amount), a))
        return Action(kind, amount=amount)

    def passive(self, call: bool) -> Action:
        """Check when free; else call if ``call``, or fold."""
        if self.to_call <= 0:
            return self.kinds.get("check") or self.first
        if call and "call" in self.kinds:
            return self.kinds["call"]
        return self.kinds.get("fold") or self.kinds.get("check") or self.first


def situation(view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Situation | None:
    """The betting decision in ``view``, or None when it is not one (a draw, a showdown)."""
    kinds = {a.kind: a for a in legal_actions}
    public = view.get("public") or {}
    seat = view.get("seat")
    if seat is None or "to_call" not in public or not ({"check", "call", "fold"} & kinds.keys()):
        return None
    zones = view["zones"]
    players = len(view["players"])
    live = public.get("live") or [True] * players
    game = GAMES.get(str(view.get("variant")), "holdem")
    if (view.get("options") or {}).get("hi_lo"):
        game += "-hi-lo"  # the pot splits with the best eight-or-better low
    legal_range = public.get("range")
    return Situation(
        seat=seat,
        hole=own_cards(zones, seat),
        board=(zones.get("board") or {}).get("cards") or [],
        players=players,
        opponents=sum(1 for s in range(players) if live[s] and s != seat),
        game=game,
        facing=int(public["to_call"]),
        to_call=int(public["to_call"]) - int(public["bets"][seat]),
        pot=int(view.get("pot", 0)),
        range=None if legal_range is None else (int(legal_range[0]), int(legal_range[1])),
        kinds=kinds,
        fixed=public.get("structure") == "fixed-limit",
        shown={o: face_up(zones, o) for o in range(players) if o != seat},
        live=list(live),
        wild=list((zones.get("wild") or {}).get("cards") or []),
        draws_left=draws_left(view),
        first=legal_actions[0],
    )


def face_up(zones: Mapping[str, Any], seat: int) -> list[str]:
    """A seat's face-up cards: stud's up cards, five-card draw's shown ace.

    >>> face_up({"up:1": {"cards": ["Kc", "5s"]}, "hole:1": {"cards": None}}, 1)
    ['Kc', '5s']
    """
    return [c for prefix in ("up", "shown") for c in (zones.get(f"{prefix}:{seat}") or {}).get("cards") or []]


def own_cards(zones: Mapping[str, Any], seat: int) -> list[str]:
    """The cards the seat holds: its hole cards and its face-up cards.

    >>> own_cards({"hole:0": {"cards": ["Qh", "7d"]}, "up:0": {"cards": ["Kc"]}}, 0)
    ['Qh', '7d', 'Kc']
    """
    return [*((zones.get(f"hole:{seat}") or {}).get("cards") or []), *face_up(zones, seat)]


def draws_left(view: Mapping[str, Any]) -> int:
    """Draw rounds still to come in a draw game's betting round ``bet-N`` or draw
    round ``draw-N`` (counting it); 0 elsewhere.

    >>> draws_left({"variant": "badugi", "phase": "bet-2"}), draws_left({"variant": "badugi", "phase": "draw-2"})
    (2, 2)
    """
    variant, phase = str(view.get("variant")), str(view.get("phase"))
    kind, _, number = phase.partition("-")
    if variant not in DRAW_GAMES or kind not in ("bet", "draw") or not number.isdigit():
        return 0
    return max(0, DRAWS.get(variant, 3) - int(number) + 1)


def hand_equity(s: Situation, rng: Rng, trials: int, samples: int) -> float:
    """The seat's pot share: :func:`estimate_equity` in the flop games (``trials``
    opponent deals of ``samples`` boards), :func:`~hoyle_poker.stud_equity.stud_equity`
    in stud, :func:`~hoyle_poker.draw_equity.draw_equity` in the draw games (``trials *
    samples`` deals).

        >>> import hoyle
        >>> game = hoyle.new_game("razz", players=2, seed=2)
        >>> s = situation(game.view(1), [hoyle.Action("fold"), hoyle.Action("call")])
        >>> 0.0 <= hand_equity(s, Rng(1), 4, 8) <= 1.0
        True
    """
    if not s.hole:
        return 0.0
    if s.game.startswith("draw:"):
        seen = [c for up in s.shown.values() for c in up] + s.wild
        wild = s.wild[0][0] if s.wild else None
        deals = trials * samples
        return draw_equity(s.hole, s.opponents, seen, rng, s.game[5:], deals, wild, s.draws_left)
    if s.game not in STUD_GAMES:
        return estimate_equity(s.hole, s.board, s.opponents, rng, s.game, trials, samples)
    facing = [up for o, up in sorted(s.shown.items()) if s.live[o]][:MAX_OPPONENTS]
    dead = [c for o, up in s.shown.items() if not s.live[o] for c in up]
    return stud_equity(s.hole, facing, dead, rng, s.game, deals=trials * samples)


def draw_choice(view: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng) -> Action:
    """The legal discard (or standing pat) of :func:`~hoyle_poker.draw_equity.best_discard`.

    >>> import hoyle
    >>> game = hoyle.new_game("badugi", players=2, seed=1)
    >>> while game.phase != "draw-1":
    ...     _ = game.act(next(a for a in game.legal_actions() if a.kind in ("check", "call")))
    >>> draw_choice(game.view(game.to_act), game.legal_actions(), Rng(1)) in game.legal_actions()
    True
    """
    seat = int(view["seat"])
    zones, public = view["zones"], view.get("public") or {}
    players = len(view["players"])
    live = public.get("live") or [True] * players
    wild = list((zones.get("wild") or {}).get("cards") or [])
    seen = [c for o in range(players) if o != seat for c in face_up(zones, o)] + wild
    discards = [tuple(str(c) for c in a.cards) if a.kind == "discard" else () for a in legal_actions]
    rule = DRAW_GAMES.get(str(view.get("variant")), "high")
    opponents = sum(1 for o in range(players) if live[o] and o != seat)
    thrown = best_discard(
        own_cards(zones, seat), discards, opponents, seen, rng, rule, wild_rank=wild[0][0] if wild else None
    )
    return legal_actions[discards.index(thrown)]


class PokerBot:
    """Equity, pot odds and position for the flop games (see the module doc), at a level
    (:data:`hoyle.registry.LEVELS`, docs/bots.md): ``medium`` (the default) is the
    heuristic above, ``easy`` the same equity with :data:`EASY_MISTAKES`, ``hard`` the
    range-based player of :mod:`hoyle_poker.hard` (``samples`` is then its equity
    estimate's number of deals).

    ``tightness`` is the extra equity demanded in the earliest position; ``raise_at``
    how far from an average hand's equity towards certainty its equity must be before it
    bets or raises, ``pot_at`` before it bets or raises the pot.

        >>> import hoyle
        >>> hoyle.make_bot("poker:easy", seed=1).level
        'easy'
    """

    variants = tuple(GAMES)
    levels = LEVELS

    def __init__(
        self,
        seed: int = 0,
        trials: int = 24,
        samples: int | None = None,
        tightness: float = 0.06,
        raise_at: float = 0.05,
        pot_at: float = 0.3,
        level: str = "medium",
        station: float = 0.25,
    ) -> None:
        if level not in LEVELS:
            raise InvalidArgumentError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
        self.level = level
        self.rng = Rng(seed)
        self.trials = trials
        self.samples = 16 if samples is None else samples
        self.tightness = tightness
        self.raise_at = raise_at
        self.pot_at = pot_at
        self.station = station
        self._hard = None
        if level == "hard":
            from hoyle_poker.hard import HardPlayer

            self._hard = HardPlayer(seed=seed) if samples is None else HardPlayer(seed=seed, samples=samples)
        #: The last decision's numbers (for tests and hints): equity, price, position.
        self.last: dict[str, float] = {}

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        kinds = {a.kind: a for a in legal_actions}
        if "show" in kinds:  # a manual showdown: never give up a hand
            return kinds["show"]
        if "bring-in" in kinds:  # stud's forced bet: the bring-in, not the completion
            return kinds["bring-in"]
        if "discard" in kinds:  # a draw game's draw
            return draw_choice(view, legal_actions, self.rng)
        s = situation(view, legal_actions)
        if s is None:
            return legal_actions[0]
        if self._hard is not None:
            action = self._hard.decide(view, s)
            self.last = self._hard.last
            return action
        equity = hand_equity(s, self.rng, self.trials, self.samples)
        if self.level == "easy":
            return self._easy(s, equity)
        pos = position(view.get("public") or {}, s.seat, s.players)
        margin = self.tightness * (1 - pos)
        self.last = {"equity": equity, "price": s.price, "position": pos, "margin": margin}
        fair = s.fair
        if s.range is not None and equity >= fair + self.raise_at * (1 - fair) + margin:
            strong = equity >= fair + self.pot_at * (1 - fair)
            pot_after_call = s.pot + max(s.to_call, 0)
            return s.bet(s.facing + (pot_after_call if strong else pot_after_call * 3 // 4))
        return s.passive(call=equity > s.price + margin)

    def _easy(self, s: Situation, equity: float) -> Action:
        """The medium equity played with :data:`EASY_MISTAKES`."""
        self.last = {"equity": equity, "price": s.price}
        if s.range is not None and equity >= s.fair + 0.6 * (1 - s.fair):
            return s.bet(s.range[0])
        return s.passive(call=equity >= self.station)


def measure(
    hands: int,
    seed: int = 0,
    variant: str = "texas-holdem",
    players: int = 6,
    bot: str = "poker",
    opponents: str = "random",
    options: Mapping[str, Any] | None = None,
) -> tuple[float, float]:
    """``bot`` in one seat against ``opponents`` in the others, one hand per game (fresh
    stacks of 100 big blinds), the bot's seat rotating so it plays every position
    equally. Returns its win rate in big blinds per 100 hands and the standard error.

    >>> bb100, se = measure(12, seed=1)
    >>> se > 0
    True
    """
    from hoyle.simulate import game_seed, play_one

    opts = {"small_blind": 1, "big_blind": 2, "stack": 200, **(options or {})}
    bb = int(opts["big_blind"])
    won: list[float] = []
    for i in range(hands):
        me = i % players
        bots = [bot if s == me else opponents for s in range(players)]
        record = play_one(variant, game_seed(seed, i), bots, options=opts)
        won.append(record.settlement[me] / bb)
    mean = sum(won) / hands
    var = sum((w - mean) ** 2 for w in won) / max(1, hands - 1)
    return 100 * mean, 100 * (var / hands) ** 0.5
