"""The play of one gin table, as plain functions over a :class:`Table`: its deal, its
legal actions, applying them, the knock's spread and lay-offs, and the result of its
hand. Every seating plays its tables with these (see :mod:`hoyle_rummy.gin_seating`);
the rules are in :mod:`hoyle_rummy.gin`'s module docs.

A table is either the whole game (the two- and three-player games: ``index`` None, its
facts are ``state.public`` and its turn is ``state.phase``/``state.to_act``) or one of
the four-player game's two tables played at once (``index`` 0 or 1: its facts, phase
and turn are ``state.public["tables"][index]``, and the game's turn passes between the
tables whenever a table's turn passes).

    >>> ONE_TABLE.hand(1), ONE_TABLE.stock, table((0, 1), "a:", 0).hand(1)
    ('hand:1', 'stock', 'a:hand:1')
"""

from __future__ import annotations

from bisect import insort
from typing import Any, cast

from hoyle import Action, Card, State, Zone, rummy
from hoyle.engine.cache import BoundedCache
from hoyle.errors import InvalidArgumentError

from hoyle_rummy.common import DRAW_DISCARD, DRAW_STOCK, PASS, card_points, hand_zone, is_meld
from hoyle_rummy.gin_state import FourTableFacts, KnockOutcome, Phase, TableFacts, gin_phase, gin_public, one_table
from hoyle_rummy.rummy_state import Kind, Zones

GIN_RULES = rummy.MeldRules.gin()
#: The four-player game deals each table one pack of a two-pack deck.
FOUR_RULES = GIN_RULES.replace(packs=2)
MAX_CARD = 10  # the most a card counts (K Q J 10)


class Table:
    """One gin table: its two players (the first plays first; the second is the dealer,
    offered the up-card second), its zones, named with ``prefix``, and its meld rules.
    Tables are immutable and shared (see :func:`table`): their zone names are spelled
    once."""

    __slots__ = ("discard", "hands", "index", "knock", "players", "prefix", "rules", "stock")

    def __init__(
        self, players: tuple[int, int], prefix: str = "", index: int | None = None, rules: rummy.MeldRules = GIN_RULES
    ) -> None:
        self.players = players
        self.prefix = prefix
        self.index = index
        self.rules = rules
        # a one-table game names every seat's hand: whoever plays, the zone names are these
        self.hands = {seat: f"{prefix}{hand_zone(seat)}" for seat in (players if index is not None else range(4))}
        self.stock = f"{prefix}stock"
        self.discard = f"{prefix}discard"
        self.knock = f"{prefix}knock"

    def hand(self, seat: int) -> str:
        return self.hands[seat]

    def meld(self, seat: int, i: int) -> str:
        return f"{self.prefix}meld:{seat}:{i}"

    def other(self, seat: int) -> int:
        a, b = self.players
        return b if seat == a else a

    def facts(self, state: State) -> TableFacts:
        if self.index is None:
            return one_table(state)
        return gin_public(state)["tables"][self.index]


def _new_table(key: tuple[int, int, str, int | None]) -> Table:
    first, dealer, prefix, index = key
    return Table((first, dealer), prefix, index, FOUR_RULES if prefix else GIN_RULES)


#: The tables by (first player, dealer, prefix, index), each built once: the four-player
#: game looks its table up on every action (``table_at``), so the zone names are spelled
#: once per table, not per action - benches/test_bench_gin_games.py (random play) and
#: tests/test_soak.py's four-player gin games are what it serves. A few dozen keys exist
#: (pairs of seats times three prefixes); the bound only keeps it a cache.
_TABLES: BoundedCache[tuple[int, int, str, int | None], Table] = BoundedCache(_new_table, limit=256)


def table(players: tuple[int, int] | list[int], prefix: str = "", index: int | None = None) -> Table:
    """The (shared) table of these players: ``prefix`` "" is the one table of the two-
    and three-player games (one pack); "a:" and "b:" the four-player game's (two packs)."""
    first, dealer = players
    return _TABLES[first, dealer, prefix, index]


#: The one table of the two- and three-player games: its zone names and meld rules are
#: the same whoever plays at it, so the legal actions and applying them use this one
#: (the players are ``state.public["players"]``).
ONE_TABLE = table((0, 1))

#: Cards by their text (the public facts name the card just taken by text), parsed once
#: each: the discard phase after a ``draw discard`` reads it on every legal-actions call,
#: and a dict hit is cheaper than parsing - benches/test_bench_gin_games.py (random play,
#: hoyle beside OpenSpiel and RLCard) is the bench it serves. Two packs have 104 texts.
_CARD_OF: BoundedCache[str, Card] = BoundedCache(Card, limit=256)


class _ActionsByCard(dict[Card, Action]):
    """``kind X`` for each card X, each Action built once (the discard phase offers
    eleven of them on every turn)."""

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, card: Card) -> Action:
        action = self[card] = Action(self.kind, (card,))
        return action


DISCARDS = _ActionsByCard("discard")
KNOCKS = _ActionsByCard("knock")
#: ``DISCARDS[card]`` as one bound function, made once: :func:`discard_actions` maps it
#: over the hand on every discard turn, where looking up ``DISCARDS.__getitem__`` made
#: a new method object each time - benches/test_bench_gin_games.py (random play).
_discard_of = DISCARDS.__getitem__


# --- whose turn ------------------------------------------------------------------------


def _other_running(state: State, t: Table) -> FourTableFacts | None:
    """The four-player game: the other table, while its hand is still being played."""
    tables = gin_public(state)["tables"]
    if len(tables) < 2 or t.index is None:
        return None
    other = tables[1 - t.index]
    return other if other["phase"] != "over" else None


def turn(state: State, t: Table, phase: Phase, seat: int) -> None:
    """It is ``seat``'s turn at ``t``, in ``phase``. At one of two tables the game's turn
    passes to the other table whenever this table's turn passes to another player."""
    if t.index is None:
        state.phase, state.to_act = phase, seat
        return
    tp = cast(FourTableFacts, t.facts(state))
    passes = tp.get("to_act") != seat
    tp["phase"], tp["to_act"] = phase, seat
    other = _other_running(state, t)
    if passes and other is not None and other.get("to_act") is not None:
        state.phase, state.to_act = other["phase"], other["to_act"]
    else:
        state.phase, state.to_act = phase, seat


def _event_facts(outcome: KnockOutcome | None) -> dict[str, Any]:
    return dict(outcome) if outcome is not None else {}


def finish(state: State, t: Table, reason: str, outcome: KnockOutcome | None) -> None:
    """The hand at ``t`` is over (``reason``: ``gin``, ``knock`` or ``void``): the deal
    ends - at one of two tables, once both tables are over."""
    if t.index is None:
        t.facts(state)["outcome"] = outcome
        state.end_deal(reason, **_event_facts(outcome))
        return
    tp = cast(FourTableFacts, t.facts(state))
    tp.update({"outcome": outcome, "phase": "over", "to_act": None, "end": reason})
    state.log("table_end", None, table=t.prefix.rstrip(":"), reason=reason, **_event_facts(outcome))
    other = _other_running(state, t)
    if other is not None:
        state.phase, state.to_act = other["phase"], other["to_act"]
    else:
        tables = gin_public(state)["tables"]
        state.end_deal("tables", reasons=[tf.get("end") for tf in tables])


# --- the deal ----------------------------------------------------------------------------


def hand_start(players: list[int]) -> TableFacts:
    """The facts of a table of ``players`` as its hand starts (a new dict each time)."""
    return {
        "players": players,
        "outcome": None,
        "taken": None,
        "passes": 0,
        "stock_only": False,
        "must_knock": None,
        "retake_card": None,
        "retake_barred": None,
        "multiplier": 1,
        "knock_limit": 10,
    }


def four_table(prefix: str, players: list[int]) -> FourTableFacts:
    """One table of the four-player game as its deal begins: its zone prefix, phase
    ``deal``, no turn yet, and :func:`hand_start`'s facts."""
    start = hand_start(players)
    return {
        "prefix": prefix,
        "players": players,
        "phase": "deal",
        "to_act": None,
        "outcome": start["outcome"],
        "taken": start["taken"],
        "passes": start["passes"],
        "stock_only": start["stock_only"],
        "must_knock": start["must_knock"],
        "retake_card": start["retake_card"],
        "retake_barred": start["retake_barred"],
        "multiplier": start["multiplier"],
        "knock_limit": start["knock_limit"],
    }


def deal_table(state: State, t: Table, oklahoma: bool, cards: list[Card] | None = None) -> None:
    """Deal table ``t`` from the deck (``cards``: only these cards of it, in deck order -
    one pack of several) and start its play. Oklahoma gin: the up-card sets the knock
    limit and a spade doubles the deal."""
    tp = t.facts(state)
    first, dealer = t.players
    for seat in t.players:
        state.add_zone(t.hand(seat), owner=seat, visibility=Zone.OWNER)
    state.add_zone(t.stock, visibility=Zone.HIDDEN)
    state.add_zone(t.discard, visibility=Zone.PUBLIC)
    state.add_zone(t.knock, visibility=Zone.HIDDEN)
    order = list(cards) if cards is not None else None

    def deal_one(dst: str, seat: int | None, event: str) -> Card:
        if order is None:
            return state.move_top("deck", dst, seat=seat, event=event)[0]
        card = order.pop(0)
        state.move([card], "deck", dst, seat=seat, event=event)
        return card

    hands = t.hands
    if order is None:
        state.deal("deck", [(hands[first], first), (hands[dealer], dealer)], 10)
    else:
        for _ in range(10):
            for seat in (first, dealer):
                deal_one(hands[seat], seat, "deal")
    for seat in t.players:  # hands are kept in order (legal actions list them so)
        state.zones[t.hands[seat]].cards.sort()
    tp.update(hand_start(tp["players"]))
    eleven = state.options["eleven_card_start"]
    if eleven:
        deal_one(t.hand(first), first, "deal")
        state.zones[t.hands[first]].cards.sort()
    else:
        up = deal_one(t.discard, None, "up_card")
        if oklahoma:
            tp["knock_limit"] = 0 if up.rank == "A" and state.options["ace_means_gin"] else card_points(up)
            tp["multiplier"] = 2 if up.suit == "s" else 1
    if order is None:
        state.move_pile("deck", t.stock)
    else:
        state.move(list(reversed(order)), "deck", t.stock, event="move")
    turn(state, t, "discard" if eleven else "offer", first)


# --- legal actions -----------------------------------------------------------------------


def table_at(state: State, seat: int) -> Table:
    """The four-player game: the table ``seat`` plays at this deal."""
    tables = gin_public(state)["tables"]
    for i, tp in enumerate(tables):
        if seat in tp["players"]:
            return table(tp["players"], tp["prefix"], i)
    raise AssertionError(f"seat {seat} plays at no table")


def seat_table(state: State, seat: int) -> tuple[Table, TableFacts, Phase]:
    """The table ``seat`` plays at, its facts and its phase: the one table (whose facts
    are ``state.public`` itself and whose phase is ``state.phase``), or at four players
    the seat's own table.

        >>> import hoyle
        >>> t, facts, phase = seat_table(hoyle.new_game("gin-rummy", seed=1).state, 0)
        >>> t.index, facts["knock_limit"], phase
        (None, 10, 'offer')
    """
    if "tables" not in gin_public(state):
        return ONE_TABLE, one_table(state), gin_phase(state)
    t = table_at(state, seat)
    four = cast(FourTableFacts, t.facts(state))
    return t, four, four["phase"]


def legal_actions(state: State, seat: int) -> list[Action]:
    """The legal actions of ``seat`` at the table it plays at (the rules' hook: a plain
    function, called on every action). The two phases nearly every action is in are
    asked first: :func:`discard_actions`, then :func:`draw_actions`."""
    if seat != state.to_act:
        return []
    t, tp, phase = seat_table(state, seat)
    if phase == "discard":
        return discard_actions(state, t, tp, seat)
    if phase == "draw":
        return draw_actions(state, t, tp, seat)
    if phase == "offer":
        return [DRAW_DISCARD, PASS]
    # last-chance
    return ([DRAW_DISCARD] if can_knock_with(state, t, seat, state.zones[t.discard].cards[-1]) else []) + [PASS]


def draw_actions(state: State, t: Table, tp: TableFacts, seat: int) -> list[Action]:
    """The draw phase: ``draw stock``, and ``draw discard`` unless the up-card was passed
    twice (then the stock only), the pile is empty, or (option ``retake``) its top is the
    card ``seat`` may take back only to knock and cannot knock with."""
    if tp["stock_only"]:
        return [DRAW_STOCK]
    if tp["retake_barred"] != seat:  # the usual case: no retake question
        return [DRAW_STOCK, DRAW_DISCARD] if state.zones[t.discard].cards else [DRAW_STOCK]
    return [DRAW_STOCK, DRAW_DISCARD] if may_take_discard(state, t, seat) else [DRAW_STOCK]


def discard_actions(state: State, t: Table, tp: TableFacts, seat: int) -> list[Action]:
    """The discard phase: ``discard X`` for each card X of the hand, in the hand's order
    (kept sorted: see :func:`apply_action`), but the card just taken from the pile
    (unless option ``retake``) and none when ``seat`` must knock; then ``knock X`` for
    each such X that leaves at most the knock limit (:func:`knock_actions`).

    The cheap order of this per-action work is measured by
    ``python benches/test_bench_gin_games.py`` (random play, beside OpenSpiel and
    RLCard): one list of the shared ``discard X`` actions (:data:`DISCARDS`), and one
    exact deadwood search of the eleven cards, which rules out a knock in most turns."""
    hand = state.zones[t.hands[seat]].cards
    taken = tp["taken"]
    forbidden: Card | None
    if taken is None or state.options["retake"]:
        forbidden, allowed = None, hand
    else:
        forbidden = _CARD_OF[taken]
        allowed = list(hand)
        allowed.remove(forbidden)
    actions = [] if tp["must_knock"] == seat else list(map(_discard_of, allowed))
    limit = tp["knock_limit"]
    # Whether any knock may exist: discarding a card lowers the least deadwood by at
    # most the card's value (10 at most), so a hand whose deadwood exceeds the limit by
    # more than 10 cannot knock (the usual case, and one cheap search).
    if rummy.deadwood(hand, t.rules) <= limit + MAX_CARD:
        actions += knock_actions(hand, allowed, forbidden, t.rules, limit)
    return actions


def knock_actions(
    hand: list[Card], allowed: list[Card], forbidden: Card | None, rules: rummy.MeldRules, limit: int
) -> list[Action]:
    """``knock X`` for each card X of ``allowed`` (in order) whose discard leaves
    ``hand`` at most ``limit`` deadwood: first one exact search of the best discard
    (none within the limit: no knock, the common case of a hand near the limit), then
    the deadwood left by each discard (:func:`deadwood_without_each`)."""
    if rummy.best_discard(hand, rules, forbid=forbidden).deadwood_value > limit:
        return []
    left = deadwood_without_each(hand, allowed, rules)
    return [KNOCKS[c] for c, value in zip(allowed, left) if value <= limit]


def deadwood_without_each(hand: list[Card], cards: list[Card], rules: rummy.MeldRules) -> list[int]:
    """The least deadwood of ``hand`` less each card of ``cards`` in turn, in one batched
    search (:func:`hoyle.rummy.deadwood_batch` of one-pack masks: a gin table's hand is
    one pack's cards, of either copy, and gin has no wild cards): the same numbers as
    ``rummy.deadwood`` of each shorter hand, in less than half the time of one search
    each - benches/test_bench_gin_games.py (``knock_turns``). A hand that holds a card
    twice, or a card of ``cards`` that is not in the hand, is refused
    (:class:`~hoyle.errors.InvalidArgumentError`).

        >>> from hoyle import Card
        >>> hand = [Card(c) for c in "2c 3c 4c 5c 9d".split()]
        >>> deadwood_without_each(hand, hand, GIN_RULES)
        [9, 20, 19, 9, 0]
    """
    import numpy as np  # (here: importing the plugin needs no numpy)

    mask = 0
    for c in hand:
        mask |= 1 << c.index
    if mask.bit_count() != len(hand):
        raise InvalidArgumentError(f"hand {' '.join(map(str, hand))}: holds a card twice (one pack's cards only)")
    shorter = [mask & ~(1 << c.index) for c in cards]
    if mask in shorter:  # a card not in the hand leaves it whole
        missing = [str(c) for c, m in zip(cards, shorter) if m == mask]
        raise InvalidArgumentError(f"cards {' '.join(missing)}: not in the hand {' '.join(map(str, hand))}")
    values: list[int] = rummy.deadwood_batch(np.array(shorter, dtype=np.uint64), rules, threads=1).tolist()
    return values


def may_take_discard(state: State, t: Table, seat: int) -> bool:
    """Whether ``seat`` may draw the discard-pile top (option ``retake``: the card its
    first discarder may take back only to knock)."""
    pile = state.zones[t.discard].cards
    if not pile:
        return False
    tp = t.facts(state)
    if tp["retake_barred"] == seat and str(pile[-1]) == tp["retake_card"]:
        return can_knock_with(state, t, seat, pile[-1])
    return True


def can_knock_with(state: State, t: Table, seat: int, card: Card) -> bool:
    """Whether taking ``card`` lets ``seat`` knock (discarding another card, unless
    the retake rule allows discarding it again)."""
    hand = [*state.zone(t.hand(seat)).cards, card]
    forbid = None if state.options["retake"] else card
    arr = rummy.best_discard(hand, t.rules, forbid=forbid)
    return bool(arr.deadwood_value <= t.facts(state)["knock_limit"])


# --- applying ------------------------------------------------------------------------------


def apply_action(state: State, seat: int, action: Action) -> bool:
    """Apply ``seat``'s legal ``action`` at the table it plays at (the rules' hook): the
    two actions nearly every turn is made of first (:func:`discard`, :func:`draw`),
    then the up-card's ``pass`` and the knock."""
    t, tp, phase = seat_table(state, seat)
    kind = action.kind
    if kind == Kind.DISCARD:
        discard(state, t, tp, seat, action.cards)
    elif kind == Kind.DRAW:
        draw(state, t, tp, phase, seat, action.source == Zones.STOCK)
    elif kind == Kind.PASS:
        pass_up_card(state, t, tp, phase, seat)
    else:  # a knock (``knock X on N``: the knocker names spread N of rummy.knock_spreads)
        card = action.cards[0]
        a, b = tp["players"]  # (ONE_TABLE's players are not the three-player game's)
        state.move([card], t.hands[seat], t.knock, seat=seat, event="knock")
        spread(state, t, seat, b if seat == a else a, action.target if isinstance(action.target, int) else None)
    return True


def draw(state: State, t: Table, tp: TableFacts, phase: Phase, seat: int, from_stock: bool) -> None:
    """``seat`` draws the stock's top card or (``from_stock`` False) the discard pile's,
    into the hand, kept in order (one insertion: the legal actions list the hand in
    order - benches/test_bench_gin_games.py); then ``seat`` discards. The pile's top
    taken at the last chance, or retaken (option ``retake``), obliges a knock."""
    name = t.hands[seat]
    hand = state.zones[name].cards
    if from_stock:
        state.move_top(t.stock, name, 1, seat, "draw")
        insort(hand, hand.pop())
        tp["taken"] = None
        tp["stock_only"] = False
    else:
        card = state.move_top(t.discard, name, 1, seat, "draw")[0]
        insort(hand, hand.pop())
        text = str(card)
        if phase == "last-chance" or (tp["retake_barred"] == seat and text == tp["retake_card"]):
            tp["must_knock"] = seat
        tp["taken"] = text
    turn(state, t, "discard", seat)


def discard(state: State, t: Table, tp: TableFacts, seat: int, cards: tuple[Card, ...]) -> None:
    """``seat`` discards ``cards``' one card face up (the action's own tuple, moved as it
    is); the other player draws next - unless the stock is down to two cards: then the
    hand is void, or (option ``late_pickup``) the other player has the last chance at
    this card."""
    state.move(cards, t.hands[seat], t.discard, seat, "discard")
    card = cards[0]
    a, b = tp["players"]
    other = b if seat == a else a
    if state.options["retake"] and tp["taken"] == str(card):
        tp["retake_card"], tp["retake_barred"] = str(card), other
    else:
        tp["retake_card"] = tp["retake_barred"] = None
    tp["taken"] = tp["must_knock"] = None
    if len(state.zones[t.stock].cards) <= 2:
        if state.options["late_pickup"]:
            # The other player is always asked (``pass``, or ``draw discard`` if it
            # lets them knock): voiding at once when it cannot would tell the
            # discarder something about a hand they never saw.
            turn(state, t, "last-chance", other)
        else:
            finish(state, t, "void", None)
    else:
        turn(state, t, "draw", other)


def pass_up_card(state: State, t: Table, tp: TableFacts, phase: Phase, seat: int) -> None:
    """``seat`` passes: the up-card (the first player first, then the dealer; after two
    passes the first player must draw from the stock), or the last chance (the hand is
    void)."""
    if phase == "last-chance":
        finish(state, t, "void", None)
        return
    a, b = tp["players"]
    other = b if seat == a else a
    tp["passes"] += 1
    if tp["passes"] == 2:
        tp["stock_only"] = True
        turn(state, t, "draw", other)
    else:
        turn(state, t, phase, other)


def check_action(state: State, seat: int, action: Action) -> str | None:
    """The knock action family: ``knock X on N`` - knock with X and spread the hand as
    spread N of :func:`hoyle.rummy.knock_spreads` (the rest of the hand, the table's meld
    rules, the knock limit), numbered from 0. The legal actions list only ``knock X``
    (the best spread for the knocker, chosen by the engine); a knocker who wants another
    spread enumerates them with ``knock_spreads``."""
    if action.kind != Kind.KNOCK or action.target is None:
        return None
    card = action.cards[0] if action.cards else None
    if card is None or KNOCKS[card] not in legal_actions(state, seat):
        return f"{action}: knock {card} is not legal now"
    t = table_at(state, seat) if "tables" in gin_public(state) else ONE_TABLE
    rest = [c for c in state.zones[t.hands[seat]].cards if c != card]
    n = len(rummy.knock_spreads(rest, t.rules, limit=t.facts(state)["knock_limit"]))
    if not isinstance(action.target, int) or not 0 <= action.target < n:
        return f"{action}: spread {action.target} - this hand has spreads 0..{n - 1} (hoyle.rummy.knock_spreads)"
    return "ok"


def spread(state: State, t: Table, knocker: int, defender: int, choice: int | None = None) -> None:
    """The knocker spreads the hand - spread ``choice`` of ``rummy.knock_spreads`` if
    the knocker named one, else the spread best for the knocker against the defender's
    best lay-offs (:func:`hoyle.rummy.best_knock`, exact); unless it is gin the defender
    lays off on the knocker's melds; the defender spreads; the hand is over."""
    rules = t.rules
    hand = list(state.zone(t.hand(knocker)).cards)
    d_hand = list(state.zone(t.hand(defender)).cards)
    limit = t.facts(state)["knock_limit"]
    if choice is None:
        spread_melds, d_arr = rummy.best_knock(
            hand, d_hand, rules, limit=limit, undercut_bonus=state.options["undercut_bonus"]
        )
    else:  # the knocker's own choice (checked by check_action)
        spread_melds = rummy.knock_spreads(hand, rules, limit=limit)[choice]
        gin_spread = sum(len(m.cards) for m in spread_melds) == len(hand)
        d_arr = (
            rummy.best_melds(d_hand, rules)
            if gin_spread
            else rummy.lay_off(d_hand, [list(m.cards) for m in spread_melds], rules)
        )
    for i, meld in enumerate(spread_melds):
        name = t.meld(knocker, i)
        state.add_zone(name, owner=knocker, visibility=Zone.PUBLIC)
        state.move(meld.cards, t.hand(knocker), name, seat=knocker, event="meld")
    knocker_count = sum(rules.value(c) for c in state.zone(t.hand(knocker)).cards)
    state.reveal(t.hand(knocker), seat=knocker)
    gin = knocker_count == 0
    melds_on_table = [list(m.cards) for m in spread_melds]
    if not gin:
        lay_off_in_order(state, t, defender, knocker, melds_on_table, d_arr.layoffs)
    for i, meld in enumerate(d_arr.melds):
        name = t.meld(defender, i)
        state.add_zone(name, owner=defender, visibility=Zone.PUBLIC)
        state.move(meld.cards, t.hand(defender), name, seat=defender, event="meld")
    state.reveal(t.hand(defender), seat=defender)
    defender_count = d_arr.deadwood_value
    outcome: KnockOutcome = {
        "knocker": knocker,
        "knocker_deadwood": knocker_count,
        "defender_deadwood": defender_count,
        "gin": gin,
        "undercut": not gin and defender_count <= knocker_count,
    }
    finish(state, t, "gin" if gin else "knock", outcome)


def lay_off_in_order(
    state: State,
    t: Table,
    defender: int,
    knocker: int,
    melds: list[list[Card]],
    layoffs: list[tuple[Card, int, Card]],
) -> None:
    """Lay the defender's cards off on the knocker's melds, each card onto the meld as it
    then stands (onto 9c Tc Jc, the 8c before the 7c), and where it belongs in the
    meld's rank order: under the meld when it extends a run downwards, on top
    otherwise. Melds are taken in the order the search first names them."""
    pending: dict[int, list[Card]] = {}
    for card, index, _ in layoffs:
        pending.setdefault(index, []).append(card)
    for index, cards in pending.items():
        standing = list(melds[index])
        zone = t.meld(knocker, index)
        while cards:
            fits = next((c for c in cards if is_meld([*standing, c], t.rules)), None)
            if fits is None:  # the search's lay-offs always fit in some order
                raise AssertionError(f"lay-offs {cards} do not fit {standing}")
            cards.remove(fits)
            standing = list(rummy.Meld([*standing, fits], t.rules).cards)
            bottom = standing[0] == fits
            state.move([fits], t.hand(defender), zone, seat=defender, event="lay_off", bottom=bottom)


# --- the result --------------------------------------------------------------------------


def hand_result(state: State, t: Table) -> tuple[int, int, int] | None:
    """The winner of a table's hand, the points they score (doubled on an Oklahoma
    spade deal) and the boxes they earn (Oklahoma's ``extra_boxes``: 1 more for an
    undercut, 2 for gin); None for a void hand."""
    opts = state.options
    tp = t.facts(state)
    out = tp["outcome"]
    if out is None:
        return None
    knocker = out["knocker"]
    defender = t.other(knocker)
    diff = out["defender_deadwood"] - out["knocker_deadwood"]
    extra = 0
    if out["gin"]:
        winner, points = knocker, opts["gin_bonus"] + out["defender_deadwood"]
        extra = 2
    elif out["undercut"]:
        winner, points = defender, -diff + opts["undercut_bonus"]
        extra = 1
    else:
        winner, points = knocker, diff
    mult = tp["multiplier"]
    boxes = 1 + (extra if opts.get("extra_boxes") else 0)
    return winner, points * mult, boxes * mult
