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

from collections.abc import Mapping, Sequence
from typing import Any

from hoyle import Action, Card, rummy
from hoyle._core import Rng

from hoyle_rummy.common import card_points

GIN_RULES = rummy.MeldRules.gin()
#: Four-player gin deals each table one pack of two (cards ``As#1``...).
GIN_TWO_PACKS = GIN_RULES.replace(packs=2)


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
    """A heuristic gin player (see the module docs for its rules).

    :param seed: accepted for the bot protocol; the bot is deterministic.
    :param early_stock: knock with any legal deadwood while the stock holds this many
        cards or more.
    :param late_knock: after that, the most deadwood it knocks with.

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

    def __init__(self, seed: int = 0, early_stock: int = 20, late_knock: int = 4) -> None:
        self.seed = seed
        self.early_stock = early_stock
        self.late_knock = late_knock
        self.rules = GIN_RULES

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        prefix, table = gin_table(view)
        zones = view["zones"]
        hand = [Card(c) for c in zones[f"{prefix}hand:{view['seat']}"]["cards"]]
        self.rules = GIN_RULES if not any(c.copy for c in hand) else GIN_TWO_PACKS
        kinds = {a.kind for a in legal_actions}
        if kinds & {"discard", "knock"}:
            return self._discard(view, prefix, hand, zones[f"{prefix}stock"]["count"], legal_actions)
        take = next((a for a in legal_actions if a.kind == "draw" and a.source == "discard"), None)
        rest = [a for a in legal_actions if a is not take]
        if take is None:
            return rest[0]
        if not rest or table.get("phase", view["phase"]) == "last-chance":
            return take  # at two stock cards the discard is offered only when it lets us knock
        top = Card(zones[f"{prefix}discard"]["cards"][-1])
        if self._improves(hand, top, self.rules):
            return take
        return next((a for a in rest if a.kind == "draw"), rest[0])

    @staticmethod
    def _improves(hand: list[Card], top: Card, rules: rummy.MeldRules) -> bool:
        now = rummy.deadwood(hand, rules)
        after = rummy.best_discard([*hand, top], rules, forbid=top).deadwood_value
        return after < now

    def _discard(
        self, view: Mapping[str, Any], prefix: str, hand: list[Card], stock: int, legal: Sequence[Action]
    ) -> Action:
        knocks = [a for a in legal if a.kind == "knock"]
        discards = [a for a in legal if a.kind == "discard"]
        left = {a.cards[0]: rummy.deadwood([c for c in hand if c != a.cards[0]], self.rules) for a in legal}
        if knocks:
            best = min(knocks, key=lambda a: (left[a.cards[0]], -card_points(a.cards[0])))
            dw = left[best.cards[0]]
            if dw == 0 or not discards or stock >= self.early_stock or dw <= self.late_knock or stock <= 4:
                return best
        wanted, unwanted = self._opponent_cards(view, prefix)
        return min(
            discards,
            key=lambda a: (
                left[a.cards[0]],
                self._danger(a.cards[0], wanted, unwanted),
                -card_points(a.cards[0]),
                a.cards[0],
            ),
        )

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
    at random (from its seeded generator), so that players never cycle for ever.

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

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        from hoyle_rummy.contract import RULES, RUNS_ONLY, SETS_ONLY, penalty

        for kind in ("meld", "lay off", "swap"):
            found = [a for a in legal_actions if a.kind == kind]
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
