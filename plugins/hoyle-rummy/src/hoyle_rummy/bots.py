"""Bots for the rummy family: ``GinBot``, a heuristic gin player, and ``ContractBot``.

``GinBot`` plays every gin variant (``gin-rummy`` for two, three or four players,
``oklahoma-gin``) from its view alone - its own hand, the discard pile, the stock count,
the public facts and the public event log - never from the omniscient state.

    >>> import hoyle
    >>> result = hoyle.simulate("gin-rummy", games=2, bots=["gin", "random"], seed=1,
    ...                         options={"target": 25})
    >>> result.wins[0] >= 1
    True

Its rules, in the order it applies them:

* **Drawing** (also the first-turn up-card offer): take the discard-pile top when the
  best ten cards it then keeps (the taken card may not go back that turn) have less
  deadwood than the hand has now; otherwise draw from the stock (or pass the offer). A
  card offered at two stock cards (the ``late_pickup`` option) is taken: it is offered
  only when it lets the bot knock.
* **Discarding**: the discard that leaves the least deadwood (``hoyle.rummy.deadwood``),
  ties broken first by *danger* - how well the card would suit the opponent, judged from
  the cards the opponent took from the discard pile this deal (a card of the same rank,
  or of the same suit within two ranks, is dangerous) and the cards it threw away (their
  ranks are safe) - then by the higher card, to shed points.
* **Knocking**: gin whenever it can; otherwise knock with the least deadwood while the
  stock still holds at least ``early_stock`` cards (20: early on, the opponent's hand is
  rarely ready to undercut); later, knock only with deadwood of at most ``late_knock``
  (4) or when the stock is nearly out (at most 4 cards: knock before the hand is void).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from hoyle import Action, Card, State, Variant, rummy
from hoyle._core import Rng
from hoyle.errors import InvalidArgumentError
from hoyle.registry import LEVELS

from hoyle_rummy.common import card_points, is_meld
from hoyle_rummy.turns import RummyTurns

if TYPE_CHECKING:
    from hoyle_rummy.gin_search import Verdict

GIN_RULES = rummy.MeldRules.gin()
#: Four-player gin deals each table one pack of two (cards ``As#1``...).
GIN_TWO_PACKS = GIN_RULES.replace(packs=2)
#: The hard gin bot's rollouts per move by default (about 22 ms of CPU a move, at most about
#: 40 ms, measured; the wall time grows with the machine's load).
HARD_SIMULATIONS = 480
#: The easy gin bot's mistakes, as a human beginner makes them (docs/bots.md).
EASY_MISTAKES = (
    "takes the up-card only when it joins a meld at once (never to swap a high card for a low one)",
    "does not watch the opponent: it may throw the card the opponent's pickups show it wants",
    "one discard in three is careless: a random card of its deadwood, breaking up pairs and near-runs",
    "knocks at its first chance, whatever the stock, never waiting for gin",
)


def gin_table(view: Mapping[str, Any]) -> tuple[str, Mapping[str, Any]]:
    """The zone-name prefix and the public facts of the gin table the viewer plays at:
    the four-player game keeps one entry per table in ``public["tables"]``; the others
    play at one table whose facts are the public dict itself."""
    public = view["public"]
    seat = view["seat"]
    for table in public.get("tables") or ():
        if seat in table["players"]:
            return str(table["prefix"]), table
    return "", public


class GinBot:
    """A gin player at three strengths (see the module docs for the medium rules).

    :param seed: seeds the bot's generator (the easy level's slips, the hard level's
        sampled worlds); a bot replays exactly for a seed.
    :param level: ``"medium"`` (the default: the heuristic), ``"easy"`` (the medium
        rules with the human-like mistakes of :data:`EASY_MISTAKES`) or ``"hard"``
        (determinized search, :mod:`hoyle_rummy.gin_search`).
    :param early_stock: knock with any legal deadwood while the stock holds this many
        cards or more.
    :param late_knock: after that, the most deadwood it knocks with.
    :param simulations: the hard level's rollouts per move (shared by the candidates);
        the default (480) took about 22 ms of CPU a move (at most about 40).
    :param budget_ms: the hard level also stops sampling after this many milliseconds
        (then the move depends on the machine's speed; None: only ``simulations``).
    :param width: the hard level weighs the knocks and this many of the best discards.

        >>> from hoyle import Action, Card
        >>> bot = GinBot()
        >>> view = {"seat": 0, "public": {"knock_limit": 10, "taken": None}, "events": [],
        ...         "zones": {"hand:0": {"cards": "As 2s 3s 4h 5h 6h 9c 9d 9h Kc 2d".split()},
        ...                   "stock": {"count": 30}, "discard": {"cards": ["Qd"]}}}
        >>> legal = [Action("discard", (Card("Kc"),)), Action("knock", (Card("Kc"),)),
        ...          Action("discard", (Card("2d"),))]
        >>> str(bot.choose(view, legal))
        'knock Kc'
    """

    variants = ("gin-rummy", "oklahoma-gin")
    levels = LEVELS

    def __init__(
        self,
        seed: int = 0,
        level: str = "medium",
        early_stock: int = 20,
        late_knock: int = 4,
        simulations: int = HARD_SIMULATIONS,
        budget_ms: float | None = None,
        width: int = 4,
    ) -> None:
        if level not in LEVELS:
            raise InvalidArgumentError(f"level={level!r}: the gin bot plays {', '.join(LEVELS)}")
        self.seed = seed
        self.level = level
        self.rng = Rng(seed)
        self.early_stock = early_stock
        self.late_knock = late_knock
        self.simulations = simulations
        self.budget_ms = budget_ms
        self.width = width
        self.rules = GIN_RULES
        #: The hard level's last search: each candidate's mean points per deal.
        self.last: dict[Action, float] = {}
        #: The hard level's last search in full (``hoyle_rummy.gin_search.Verdict``).
        self.verdict: Verdict | None = None

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        prefix, table = gin_table(view)
        zones = view["zones"]
        hand = [Card(c) for c in zones[f"{prefix}hand:{view['seat']}"]["cards"]]
        self.rules = GIN_RULES if not any(c.copy for c in hand) else GIN_TWO_PACKS
        kinds = {a.kind for a in legal_actions}
        if kinds & {"discard", "knock"}:
            ranked = self._discards(view, prefix, hand, zones[f"{prefix}stock"]["count"], legal_actions)
            if self.level == "hard" and len(ranked) > 1:
                knocks = [a for a in legal_actions if a.kind == "knock"]
                knocks.sort(key=lambda a: rummy.deadwood([c for c in hand if c != a.cards[0]], self.rules))
                shortlist = [a for a in ranked if a.kind == "discard"][: self.width]
                candidates = list(dict.fromkeys([ranked[0], *knocks[:1], *shortlist]))
                return self._search(view, candidates, ranked[0])
            if self.level == "easy":
                return self._easy_discard(hand, legal_actions, ranked)
            return ranked[0]
        take = next((a for a in legal_actions if a.kind == "draw" and a.source == "discard"), None)
        rest = [a for a in legal_actions if a is not take]
        if take is None:
            return rest[0]
        if not rest or table.get("phase", view["phase"]) == "last-chance":
            return take  # at two stock cards the discard is offered only when it lets us knock
        top = Card(zones[f"{prefix}discard"]["cards"][-1])
        improves = self._improves(hand, top, self.rules)
        if self.level == "easy":
            # a slip: it takes the up-card only when the card joins a meld at once
            improves = any(top in m.cards for m in rummy.best_melds([*hand, top], self.rules).melds)
        other = next((a for a in rest if a.kind == "draw"), rest[0])
        pick = take if improves else other
        if self.level == "hard" and other.kind == "draw":
            return self._search(view, [take, other], pick)
        return pick

    def _search(self, view: Mapping[str, Any], candidates: list[Action], preferred: Action) -> Action:
        from hoyle_rummy.gin_search import search

        found = search(view, candidates, preferred, self.rng, self.rules, self.simulations, self.budget_ms)
        if found is None:
            return preferred
        self.last = found.means
        self.verdict = found
        return found.choice

    def _easy_discard(self, hand: list[Card], legal: Sequence[Action], ranked: list[Action]) -> Action:
        """The easy level: the medium choice, but one discard in three a careless one - a
        card of its deadwood at random (it breaks up pairs and near-runs) - and it knocks
        at its first chance."""
        knocks = [a for a in legal if a.kind == "knock"]
        if knocks:
            return min(knocks, key=lambda a: rummy.deadwood([c for c in hand if c != a.cards[0]], self.rules))
        if self.rng.below(3) == 0:
            loose = set(rummy.best_melds(hand, self.rules).deadwood)
            careless = [a for a in legal if a.kind == "discard" and a.cards[0] in loose]
            if careless:
                return careless[self.rng.below(len(careless))]
        return ranked[0]

    @staticmethod
    def _improves(hand: list[Card], top: Card, rules: rummy.MeldRules) -> bool:
        now = rummy.deadwood(hand, rules)
        after = rummy.best_discard([*hand, top], rules, forbid=top).deadwood_value
        return after < now

    def _discards(
        self, view: Mapping[str, Any], prefix: str, hand: list[Card], stock: int, legal: Sequence[Action]
    ) -> list[Action]:
        """The discards and knocks, the medium choice first, then the other discards in
        the medium bot's order (the easy level ignores the opponent's pickups)."""
        knocks = [a for a in legal if a.kind == "knock"]
        discards = [a for a in legal if a.kind == "discard"]
        left = {a.cards[0]: rummy.deadwood([c for c in hand if c != a.cards[0]], self.rules) for a in legal}
        first: list[Action] = []
        if knocks:
            best = min(knocks, key=lambda a: (left[a.cards[0]], -card_points(a.cards[0])))
            dw = left[best.cards[0]]
            if dw == 0 or not discards or stock >= self.early_stock or dw <= self.late_knock or stock <= 4:
                first = [best]
        wanted, unwanted = self._opponent_cards(view, prefix) if self.level != "easy" else ([], set())
        ordered = sorted(
            discards,
            key=lambda a: (
                left[a.cards[0]],
                self._danger(a.cards[0], wanted, unwanted),
                -card_points(a.cards[0]),
                a.cards[0],
            ),
        )
        return first + ordered

    @staticmethod
    def _opponent_cards(view: Mapping[str, Any], prefix: str) -> tuple[list[Card], set[str]]:
        """Cards the opponent took from the discard pile this deal, and the ranks it
        threw away, from the public event log."""
        seat = view["seat"]
        pile = f"{prefix}discard"
        wanted: list[Card] = []
        unwanted: set[str] = set()
        for e in reversed(view["events"]):
            if e["type"] == "deal_start":
                break
            if e.get("seat") in (None, seat) or not e.get("cards"):
                continue
            if e["type"] == "draw" and e.get("from") == pile:
                wanted.extend(Card(c) for c in e["cards"])
            elif e["type"] == "discard" and e.get("to") == pile:
                unwanted.update(str(Card(c).rank) for c in e["cards"])
        return wanted, unwanted

    @staticmethod
    def _danger(card: Card, wanted: list[Card], unwanted: set[str]) -> int:
        danger = 0
        for w in wanted:
            if w.rank == card.rank:
                danger += 2
            elif w.suit == card.suit and abs(_low(w) - _low(card)) <= 2:
                danger += 1
        return danger - (1 if str(card.rank) in unwanted else 0)


def _low(card: Card) -> int:
    """The card's rank with the ace low (gin runs are ace low)."""
    value = card.rank_value or 0
    return 1 if value == 14 else value


class ContractBot:
    """A simple contract rummy player that finishes deals. Before its contract it
    keeps the cards that come closest to it: it takes the discard-pile top when that
    lowers the deadwood left over by the contract's best arrangement
    (``hoyle.rummy.find_contract``, the penalty of cards that fit no meld of it) and
    discards the card whose loss leaves the least of that deadwood. It buys from
    inside the pile when offered (a buy is offered only when the card can be melded at
    once); it melds, lays off and swaps jokers whenever it may; after its contract it
    discards the card whose loss leaves the least deadwood (``hoyle.rummy.deadwood``),
    so that it keeps pairs and near-runs that may become melds.

    After its contract it takes the discard-pile top when it can lay it off or meld it
    with its own cards (else players holding each other's cards pass them round for
    ever); before, its measure of how close it is counts only the contract's kind of
    meld (a runs-only contract keeps near-runs, not pairs). One discard in four is chosen
    at random (from its seeded generator), so that players never cycle for ever. It
    does not meld or lay off down to a single card while no card out of sight fits a
    meld on the table (one card goes out only by a lay-off: the deal would go round the
    reshuffled pile for ever).

    :param seed: seeds the bot's generator.
    """

    variants = ("contract-rummy",)

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    @staticmethod
    def _usable(hand: list[Card], card: Card, melds: Sequence[Mapping[str, Any]]) -> bool:
        """After the contract: whether ``card`` (the discard-pile top) can be laid off on
        a meld on the table or joins a meld with cards in ``hand``."""
        from hoyle_rummy.contract import RULES, meld_of, penalty

        if not card.is_joker and any(meld_of([Card(p) for p in m["plays"]] + [card.face]) is not None for m in melds):
            return True
        return int(rummy.deadwood([*hand, card], RULES)) < int(rummy.deadwood(hand, RULES)) + penalty(card)

    @staticmethod
    def _keeps_a_way_out(view: Mapping[str, Any], hand: list[Card], play: Action) -> bool:
        """Whether a meld or lay-off leaves a hand that can still go out: not a single
        card (after the discard) while no card out of sight fits a meld on the table -
        one card goes out only by a lay-off, and where every card that fits is already
        on the table the deal would go round the reshuffled pile for ever. Two cards
        kept may still meld with a third."""
        if play.kind == "swap" or len(hand) - len(play.cards) != 2:
            return True
        from hoyle_rummy.contract import ONE_PACK_PLAYERS, RULES, meld_of

        table = view["public"]["melds"]
        melds = [[Card(p) for p in m["plays"]] for m in table]  # as the cards play (jokers named)
        if play.kind == "meld":
            melds.append(list(play.cards))
        rules = RULES.replace(packs=1 if len(view["players"]) <= ONE_PACK_PLAYERS else 2)
        shown = [Card(c) for m in table for c in m["cards"]]  # the real cards on the table
        spots = _open_spots(melds, hand, rules, fits=lambda cards: meld_of(cards) is not None, on_table=shown)
        return spots > 0

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        from hoyle_rummy.contract import RULES, RUNS_ONLY, SETS_ONLY, penalty

        hand_now = [Card(c) for c in view["zones"][f"hand:{view['seat']}"]["cards"]]
        for kind in ("meld", "lay off", "swap"):
            found = [a for a in legal_actions if a.kind == kind and self._keeps_a_way_out(view, hand_now, a)]
            if found:
                return max(found, key=lambda a: len(a.cards))
        buys = [a for a in legal_actions if a.kind == "draw" and a.cards]
        if buys:
            return buys[-1]
        public = view["public"]
        seat = view["seat"]
        hand = [Card(c) for c in view["zones"][f"hand:{seat}"]["cards"]]
        met = public["met"][seat]
        contract = public["contract"]

        # Before the contract, cards count as deadwood unless they form the contract's
        # kind of meld: a runs-only contract keeps near-runs, not pairs.
        shape = RUNS_ONLY if "set" not in contract else SETS_ONLY if "run" not in contract else RULES

        def left(cards: list[Card]) -> int:
            arr = rummy.find_contract(cards, contract, RULES)
            if arr is not None:
                return int(arr.deadwood_value)
            return 100 + int(rummy.deadwood(cards, shape))  # no contract yet: at least form its melds

        draws = [a for a in legal_actions if a.kind == "draw"]
        if draws:
            top = next((a for a in draws if a.source == "discard"), None)
            stock = next((a for a in draws if a.source == "stock"), None)
            pile = view["zones"]["discard"]["cards"]
            if top is not None and stock is None:
                return top
            if top is not None and pile:
                card = Card(pile[-1])
                if not met and left([*hand, card]) < left(hand) - 3:
                    return top
                if met and self._usable(hand, card, public["melds"]):
                    return top
            return stock if stock is not None else draws[0]
        discards = [a for a in legal_actions if a.kind == "discard"]
        if not discards:
            return legal_actions[0]
        if self.rng.below(4) == 0:
            return discards[self.rng.below(len(discards))]
        if met:
            return min(
                discards,
                key=lambda a: (
                    rummy.deadwood([c for c in hand if c != a.cards[0]], RULES),
                    -penalty(a.cards[0]),
                    a.cards[0],
                ),
            )
        return min(
            discards, key=lambda a: (left([c for c in hand if c != a.cards[0]]), -penalty(a.cards[0]), a.cards[0])
        )


class _ViewFacts:
    """What a variant's ``meld_rules(state)`` reads (the options, the players, the deal),
    taken from a player's view: the bot never sees the state itself."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.options = view["options"]
        self.players = view["players"]
        self.deal_number = view["deal"]
        self.public = view["public"]


class GameTraits(NamedTuple):
    """What the bot needs to know of a game beyond its view: its meld rules, whether the
    cards melded score for who melds them (500 Rum, Pinochle rummy), and whether the
    discard pile is kept spread, any card of it to be taken with those above
    (:class:`hoyle_rummy.spread_pile.SpreadPileDraw`: 500 Rum, Michigan rummy)."""

    rules: rummy.MeldRules
    melds_score: bool = False
    spread: bool = False


#: Each variant's rules object and whether its melds score and its pile is spread,
#: looked up once; the meld rules are asked of the rules object at every turn, since they
#: may change from deal to deal (Indian Rummy's wild rank).
_VARIANTS: dict[str, tuple[Any, bool, bool]] = {}


def meld_rules_of(view: Mapping[str, Any]) -> rummy.MeldRules:
    """The meld rules of the game a view is of: the variant's rules object (any rules of
    the straight-rummy family, :class:`hoyle_rummy.turns.RummyTurns`, or another with a
    ``meld_rules(state)`` method reading only options, players, the deal number and the
    public facts) asked with the view's facts.

    >>> import hoyle
    >>> game = hoyle.new_game("rummy", seed=1, options={"ace": "high-or-low"})
    >>> meld_rules_of(game.view(0)).value(Card("As"))
    15
    """
    return game_traits(view).rules


def game_traits(view: Mapping[str, Any]) -> GameTraits:
    """The :class:`GameTraits` of the view's game, from the variant's rules object (its
    ``meld_rules`` asked with the view's facts, ``melds_score`` and class).

    >>> import hoyle
    >>> traits = game_traits(hoyle.new_game("500-rum", seed=1).view(0))
    >>> traits.melds_score, traits.spread
    (True, True)
    """
    name = str(view["variant"])
    found = _VARIANTS.get(name)
    if found is None:
        from hoyle.plugins import default_registry

        from hoyle_rummy.spread_pile import SpreadPileDraw

        rules_object: Any = default_registry().variant(name).rules
        melds_score = bool(getattr(rules_object, "melds_score", False))
        found = _VARIANTS[name] = (rules_object, melds_score, isinstance(rules_object, SpreadPileDraw))
    rules_object, melds_score, spread = found
    rules = rules_object.meld_rules(cast(State, _ViewFacts(view))).replace(hand_size=None)
    return GameTraits(rules, melds_score, spread)


#: The fewest cards still to be laid off (out of sight) for the bot to go down to one card.
#: (Keeping two cards while any lay-off is left stalls the hand: with one card, any card
#: drawn that can be laid off, or the card kept, goes out; with two, two must fit.)
OPEN_SPOTS = 1


class RummyBot:
    """A heuristic player for every game of the straight-rummy family (the turn of
    :mod:`hoyle_rummy.turns`: ``rummy``, ``seven-card-rummy``, ``500-rum``,
    ``wrotham-rummy``, ``dime-rummy``, and any variant built on the same rules object),
    from its view alone, with the meld search (``hoyle.rummy``) under the game's own meld
    rules (:func:`meld_rules_of`; or ``rules``, given).

    Its rules, in the order it applies them:

    * **Drawing**: never take back a card it discarded this deal while the stock
      lasts (two bots would pass cards back and forth for ever); take from the
      discard pile when the cards taken (the top card, or in
      500 Rum a card deeper in the pile and all above it) lower the hand's *cost* - the
      deadwood left by its best arrangement, less the points it could meld - by more than
      a new card from the stock is worth to it; else draw from the stock. Where the
      stock is out and the pile may not be reused, it passes rather than take a card it
      cannot use, and takes a useful one only one time in two (else two players could
      pass a card back and forth for ever).
    * **Playing**: in Boat House rummy it goes out (the whole hand at once) whenever it
      may; in Indian Rummy it declares as soon as the 13 cards it would show are a
      valid declaration (``hoyle.rummy.declaration``), never otherwise. It exchanges a real card for a melded joker whenever it may (a joker
      is worth keeping), unless it holds two cards or fewer (it would have to throw a
      joker away); it melds and lays off whenever that leaves the hand no costlier
      (each meld or lay-off chosen as the one that leaves the least deadwood, the most
      cards first), but never lays off a joker unless that lets it go out; and it does
      not go down to a single card while no card out of sight could still be laid off
      (one card goes out only by a lay-off: with none left the hand could never go
      out; with one or more it goes down, since a single card goes out as soon as it,
      or the card drawn, fits).
    * **Discarding**: the card whose loss least lowers the hand's potential: the least
      deadwood left, then the card with fewest partners (cards of its rank, or of its
      suit within two ranks: half-made melds), not a card that fits a meld on the table
      (it would feed the next player's lay-off) nor, where the pile is kept spread
      (500 Rum, Michigan), one that melds with cards of the pile, never a joker while
      another card can go; then the higher card. Where melds score (500 Rum, Pinochle
      rummy), a discard that the next player melds scores for them: low cards go first
      (each card's points count :data:`DISCARD_POINTS` times against discarding it).
      One discard in eight is chosen at random among the
      three best (from its seeded generator), so that bots playing each other never
      cycle for ever when the discard pile is turned over.

    :param seed: seeds the bot's generator.
    :param rules: the meld rules (default: the game's, from the view, with
        :func:`game_traits`); with ``rules`` given, ``melds_score`` and ``spread`` say
        the rest of :class:`GameTraits`.

        >>> import hoyle
        >>> result = hoyle.simulate("seven-card-rummy", games=4, bots=["rummy", "random"], seed=3)
        >>> result.wins[0] >= 3
        True
    """

    @staticmethod
    def plays(variant: Variant) -> bool:
        """Any variant whose rules object is the straight-rummy turn
        (:class:`hoyle_rummy.turns.RummyTurns`), a third party's too
        (:func:`hoyle.registry.bot_suits`)."""
        return isinstance(variant.rules, RummyTurns)

    #: The plugin's own variants it is the default bot of.
    variants = (
        *("rummy", "seven-card-rummy", "500-rum", "wrotham-rummy", "dime-rummy"),
        # the named games on the same rules objects (docs/rummy.md "Bots for every rummy game")
        *("round-the-corner-rummy", "high-low-rummy", "one-meld-rummy", "wild-card-rummy", "pinochle-rummy"),
        *("michigan-rummy", "kaluki", "romme", "scala-40", "indian-rummy", "boat-house-rummy"),
    )

    def __init__(
        self, seed: int = 0, rules: rummy.MeldRules | None = None, melds_score: bool = False, spread: bool = False
    ) -> None:
        self.rng = Rng(seed)
        self.fixed = None if rules is None else GameTraits(rules, melds_score, spread)
        self.melds_score = melds_score
        self.spread = spread

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        rules, self.melds_score, self.spread = self.fixed or game_traits(view)
        seat = view["seat"]
        zones = view["zones"]
        hand = [Card(c) for c in zones[f"hand:{seat}"]["cards"]]
        table = _table_melds(zones)
        by_kind: dict[str, list[Action]] = {}
        for a in legal_actions:
            by_kind.setdefault(a.kind, []).append(a)
        if "go out" in by_kind:  # Boat House rummy: the whole hand melds
            return by_kind["go out"][0]
        for a in by_kind.get("declare", ()):  # Indian Rummy: show only a valid declaration
            shown = rummy.declaration([c for c in hand if c != a.cards[0]], rules)
            if shown is not None and not shown.deadwood:
                return a
        if "exchange" in by_kind and len(hand) > 2:
            return by_kind["exchange"][0]
        plays = by_kind.get("meld", []) + [
            a for a in by_kind.get("lay off", []) if not a.cards[0].is_joker or len(hand) <= 2
        ]
        if plays:
            best = self._best_play(hand, plays, table, rules)
            if best is not None or "discard" not in by_kind:
                return best or plays[0]
        if "discard" in by_kind:
            pile = [Card(c) for c in zones.get("discard", {}).get("cards", [])]
            return self._discard(hand, by_kind["discard"], table, pile if self.spread else [], rules)
        if "draw" in by_kind or "pass" in by_kind:
            return self._draw(view, hand, by_kind, rules)
        others = [a for a in legal_actions if a.kind != "count"] or list(legal_actions)
        return others[0]

    # --- playing -------------------------------------------------------------------------

    @staticmethod
    def _best_play(
        hand: list[Card], plays: list[Action], table: list[list[Card]], rules: rummy.MeldRules
    ) -> Action | None:
        """The meld or lay-off leaving the least deadwood (most cards, first), if it
        leaves no more deadwood than keeping the cards - and not one that would leave
        a single card after the discard while fewer than :data:`OPEN_SPOTS` cards
        could still be laid off (a single card can go out only by a lay-off: with none
        left to lay off the hand could never go out)."""
        now = rummy.deadwood(hand, rules)

        def rest_of(a: Action) -> list[Card]:
            rest = list(hand)
            for c in a.cards:
                rest.remove(c)
            return rest

        scored = sorted((int(rummy.deadwood(rest_of(a), rules)), -len(a.cards), i) for i, a in enumerate(plays))
        for dw, _, i in scored:
            if dw > now:
                return None
            play = plays[i]
            rest = rest_of(play)
            if len(rest) != 2:
                return play
            after = [*table, list(play.cards)] if play.kind == "meld" else _laid(table, play)
            if _open_spots(after, hand, rules) >= OPEN_SPOTS:
                return play
        return None

    def _discard(
        self,
        hand: list[Card],
        discards: list[Action],
        table: list[list[Card]],
        pile: list[Card],
        rules: rummy.MeldRules,
    ) -> Action:
        # Where the whole pile may be drawn from (500 Rum), a discard that melds with
        # cards in the pile hands the next player the pile.
        gift = 10 if self.melds_score else 6

        def key(a: Action) -> tuple[int, int, int, int, Card]:
            card = a.cards[0]
            rest = [c for c in hand if c != card]
            feeds = any(is_meld([*m, card], rules) for m in table) or (
                bool(pile) and any(card in m.cards for m in rummy.all_melds([*pile, card], rules))
            )
            return (
                1 if card.is_joker else 0,
                int(rummy.deadwood(rest, rules))
                + 4 * _partners(card, rest)
                + (gift + rules.value(card) if feeds else 0)
                + (DISCARD_POINTS * rules.value(card) if self.melds_score else 0),
                _partners(card, rest),
                -rules.value(card),
                card,
            )

        ranked = sorted(discards, key=key)
        if len(ranked) > 1 and self.rng.below(8) == 0:
            return ranked[self.rng.below(min(3, len(ranked)))]
        return ranked[0]

    # --- drawing -------------------------------------------------------------------------

    def _draw(
        self, view: Mapping[str, Any], hand: list[Card], by_kind: dict[str, list[Action]], rules: rummy.MeldRules
    ) -> Action:
        draws = by_kind.get("draw", [])
        stock = next((a for a in draws if a.source == "stock"), None)
        takes = [a for a in draws if a.source == "discard"]
        passes = by_kind.get("pass", [])
        pile = [Card(c) for c in view["zones"].get("discard", {}).get("cards", [])]
        table = _table_melds(view["zones"])
        # (a card from the stock, if it is no use, is discarded again)
        now = _cost(hand, rules, table, None, self.melds_score, discard=False)
        best: tuple[int, Action] | None = None
        thrown = _discarded_this_deal(view)
        for a in takes:
            taken = pile[pile.index(a.cards[0]) :] if a.cards and a.cards[0] in pile else pile[-1:]
            if taken and str(taken[0]) in thrown and stock is not None:
                continue  # never take back its own discard: two bots would swap cards for ever
            gain = now - _cost([*hand, *taken], rules, table, taken[0], self.melds_score)
            if best is None or gain > best[0]:
                best = (gain, a)
        # a card from the stock may fit too: take only a clear gain (in 500 Rum's points,
        # a larger one)
        if stock is None and passes and best is not None and best[0] > 0:
            # The stock is out and a pass ends the hand: take a useful discard only one
            # time in two, so that two players passing a card back and forth cannot
            # keep the hand going for ever.
            return best[1] if self.rng.below(2) == 0 else passes[0]
        if best is not None and (best[0] > (6 if self.melds_score else 2) or (stock is None and best[0] > 0)):
            return best[1]
        if stock is not None:
            return stock
        if passes:
            return passes[0]
        return takes[0] if takes else draws[0]


#: Where melds score (500 Rum), a card discarded counts this many times its points against
#: discarding it (on top of the deadwood it leaves): the next player may meld it, and
#: every point it melds is a point to them, so low cards go first.
DISCARD_POINTS = 2


def _discarded_this_deal(view: Mapping[str, Any]) -> set[str]:
    """The cards the viewer discarded this deal, from the public event log."""
    seat = view["seat"]
    thrown: set[str] = set()
    for e in reversed(view.get("events") or ()):
        if e["type"] == "deal_start":
            break
        if e["type"] == "discard" and e.get("seat") == seat:
            thrown.update(e.get("cards") or ())
    return thrown


class _Table(list[list[Card]]):
    """The melds in sight on the table, with ``numbers[i]`` the meld number (zone
    ``meld:N``) of the i-th: a meld turned face down (Pinochle rummy's complete melds)
    takes no more cards and is left out."""

    numbers: list[int]


def _table_melds(zones: Mapping[str, Any]) -> _Table:
    """The melds on the table by number (zones ``meld:N``), from a view."""
    numbered = sorted(
        (int(name[5:]), z["cards"]) for name, z in zones.items() if name.startswith("meld:") and name[5:].isdigit()
    )
    table = _Table([Card(c) for c in cards] for _, cards in numbered if cards is not None)
    table.numbers = [n for n, cards in numbered if cards is not None]
    return table


def _cost(
    cards: list[Card],
    rules: rummy.MeldRules,
    table: list[list[Card]],
    forbid: Card | None,
    melds_score: bool,
    discard: bool = True,
) -> int:
    """How costly a hand is, by its best arrangement with lay-offs on the ``table``'s
    melds, after discarding its costliest unmatched card (with ``discard``; not ``forbid``,
    the card just taken): the deadwood, less a point for each card it could meld or lay off. Where
    melds score (500 Rum), cards left in hand cost only if the hand ends: half their
    points, or a quarter for a card with partners (a half-made meld); and each card
    melded or laid off gains its points."""
    arr = rummy.lay_off(cards, table, rules) if table else rummy.best_melds(cards, rules)
    dead = sorted(arr.deadwood, key=rules.value)
    shed = [c for c in dead if c != forbid]
    if shed and discard:
        dead.remove(shed[-1])
    used = [c for m in arr.melds for c in m.cards] + [c for c, _, _ in arr.layoffs]
    if melds_score:
        cost = sum(rules.value(c) * (1 if _partners(c, [d for d in dead if d != c]) else 2) for c in dead) // 4
        return cost - sum(map(rules.value, used))
    return sum(map(rules.value, dead)) - len(used)


def _laid(table: list[list[Card]], play: Action) -> list[list[Card]]:
    """The table after a lay-off (``lay off X on N``: meld number N of the table's)."""
    numbers = table.numbers if isinstance(table, _Table) else list(range(len(table)))
    index = numbers.index(play.target) if play.target in numbers else -1
    return [[*m, *play.cards] if i == index else m for i, m in enumerate(table)]


_FACES = [Card(f"{r}{s}") for s in "cdhs" for r in "A23456789TJQK"]


def _open_spots(
    table: list[list[Card]],
    hand: list[Card],
    rules: rummy.MeldRules,
    fits: Callable[[list[Card]], bool] | None = None,
    on_table: Iterable[Card] | None = None,
) -> int:
    """How many cards not in sight (not on the table nor in ``hand``, counting
    ``rules.packs``; jokers not counted) could still be laid off on a meld of the table:
    the meld with the card still a meld (``fits``, default ``is_meld`` under ``rules``).
    ``on_table``: the real cards on the table, where ``table`` lists the cards as they
    play (a joker named as the card it stands for)."""
    seen: dict[str, int] = {}
    for c in [*hand, *(on_table if on_table is not None else (c for m in table for c in m))]:
        seen[str(c.face)] = seen.get(str(c.face), 0) + 1
    packs = int(rules.packs)
    meld = fits or (lambda cards: is_meld(cards, rules))
    return sum(
        packs - seen.get(str(face), 0)
        for face in _FACES
        if seen.get(str(face), 0) < packs and any(meld([*m, face]) for m in table)
    )


def _partners(card: Card, rest: list[Card]) -> int:
    """Cards of ``rest`` that make a half-made meld with ``card``: the same rank, or
    the same suit within two ranks; a joker partners anything."""
    if card.is_joker:
        return len(rest)
    n = 0
    for c in rest:
        if c.is_joker or c.rank == card.rank or (c.suit == card.suit and abs(_low(c) - _low(card)) <= 2):
            n += 1
    return n
