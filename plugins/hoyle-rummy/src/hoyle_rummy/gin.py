"""Gin rummy (RULES.md C2) and Oklahoma gin.

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

On a knock the knocker's hand is spread as the arrangement with the least deadwood
(``hoyle.rummy.best_melds``; ties as that function breaks them). Unless the knocker went
gin, the opponent then lays off deadwood on the knocker's melds - chosen jointly with
the opponent's own melds to leave the least deadwood (``hoyle.rummy.lay_off``); the
knocker never lays off. Scoring: knocker lower - the difference; opponent equal or
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
the rotation (the dealer sits out; :class:`ThreeGinRules`), four the partnership game at
two tables to 125 (:class:`FourGinRules`). Option ``target`` defaults to None, which
means 100 - or 125 for four players. Option ``dealer`` is for two players (three always
play loser-deals, four alternate partnerships) and four players have no boxes or game
bonus, so a non-default ``dealer``, ``box_bonus``, ``game_bonus`` or ``shutout`` is
refused there (:class:`~hoyle.errors.InvalidOptionError`).

Oklahoma gin (variant ``oklahoma-gin``): the first up-card's points are the knock limit
(pictures 10; an ace allows a knock with 1, or with option ``ace_means_gin`` only gin);
a spade up-card doubles the deal's score and its boxes; game to 150.
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from hoyle import Action, Card, Deck, Option, State, Variant, Zone, hookimpl, rummy
from hoyle.errors import InvalidOptionError

from hoyle_rummy.common import DRAW_DISCARD, DRAW_STOCK, PASS, card_points, hand_zone

GIN_RULES = rummy.MeldRules.gin()
MAX_CARD = 10  # the most a card counts (K Q J 10)


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


class Table:
    """One gin game in progress: its two players (the first plays first; the second is
    the dealer, offered the up-card second) and its zones, named with ``prefix``. The
    two-player game is one table whose facts live in ``state.public`` itself
    (``index`` None); the four-player game keeps its two tables in
    ``state.public["tables"][index]``, with their own phase and turn. Tables are
    immutable and shared (see :func:`table`): their zone names are spelled once."""

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

    def pub(self, state: State) -> dict[str, Any]:
        return state.public if self.index is None else state.public["tables"][self.index]

    def phase(self, state: State) -> str:
        return state.phase if self.index is None else self.pub(state)["phase"]


_TABLES: dict[tuple[int, int, str, int | None], Table] = {}


def table(players: tuple[int, int] | list[int], prefix: str = "", index: int | None = None) -> Table:
    """The (shared) table of these players: ``prefix`` "" is the one table of the two-
    and three-player games (one pack); "a:" and "b:" the four-player game's (two packs)."""
    first, dealer = players
    key = (first, dealer, prefix, index)
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = Table((first, dealer), prefix, index, FOUR_RULES if prefix else GIN_RULES)
    return t


#: Cards by their text (the public facts name cards by text), parsed once each.
_CARD_OF: dict[str, Card] = {}


def _card_of(text: str) -> Card:
    card = _CARD_OF[text] = Card(text)
    return card


#: The one table of the two- and three-player games: its zone names and meld rules are
#: the same whoever plays at it, so the legal actions and applying them use this one
#: (the players are ``state.public["players"]``).
ONE_TABLE = table((0, 1))


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


class GinRules:
    """The rule hooks of gin rummy (``oklahoma=True``: Oklahoma gin). The play of one
    table (deal, actions, knock, the score of a hand) is shared by the three- and
    four-player games, which override the ``_table``/``_turn``/``_finish`` seams."""

    def __init__(self, oklahoma: bool = False) -> None:
        self.oklahoma = oklahoma

    # --- seams for the three- and four-player games ----------------------------------

    def _table(self, state: State, seat: int) -> Table:
        """The table ``seat`` plays at."""
        return table(state.public["players"])

    def _where(self, state: State, seat: int) -> tuple[Table, dict[str, Any], str]:
        """The table ``seat`` plays at, its public facts and its phase. (The legal
        actions and applying them inline this for the one-table games.)"""
        return _table_of(state.public), state.public, state.phase

    def _turn(self, state: State, table: Table, phase: str, seat: int) -> None:
        state.phase, state.to_act = phase, seat

    def _finish(self, state: State, table: Table, reason: str, outcome: dict[str, Any] | None) -> None:
        table.pub(state)["outcome"] = outcome
        state.end_deal(reason, **(outcome or {}))

    # --- the deal ---------------------------------------------------------------------

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        pub = state.public
        if state.deal_number == 0:
            first_dealer = state.options["first_dealer"]
            pub.update(boxes=[0, 0], dealer=state.rng.below(2) if first_dealer < 0 else first_dealer, hands_won=[0, 0])
        else:
            pub["dealer"] = pub["next_dealer"]
        dealer = pub["dealer"]
        pub["players"] = [1 - dealer, dealer]
        self._deal_table(state, table((1 - dealer, dealer)))
        return True

    def _deal_table(self, state: State, table: Table, cards: list[Card] | None = None) -> None:
        """Deal one table from the deck (``cards``: only these cards of it, in deck
        order - one pack of several) and start its play."""
        tp = table.pub(state)
        first, dealer = table.players
        for seat in table.players:
            state.add_zone(table.hand(seat), owner=seat, visibility=Zone.OWNER)
        state.add_zone(table.stock, visibility=Zone.HIDDEN)
        state.add_zone(table.discard, visibility=Zone.PUBLIC)
        state.add_zone(table.knock, visibility=Zone.HIDDEN)
        order = list(cards) if cards is not None else None

        def deal_one(dst: str, seat: int | None, event: str) -> Card:
            if order is None:
                return state.move_top("deck", dst, seat=seat, event=event)[0]
            card = order.pop(0)
            state.move([card], "deck", dst, seat=seat, event=event)
            return card

        hands = table.hands
        if order is None:
            state.deal("deck", [(hands[first], first), (hands[dealer], dealer)], 10)
        else:
            for _ in range(10):
                for seat in (first, dealer):
                    deal_one(hands[seat], seat, "deal")
        for seat in table.players:  # hands are kept in order (legal actions list them so)
            state.zones[table.hands[seat]].cards.sort()
        tp.update(
            outcome=None,
            taken=None,
            passes=0,
            stock_only=False,
            must_knock=None,
            retake_card=None,
            retake_barred=None,
            multiplier=1,
            knock_limit=10,
        )
        eleven = state.options["eleven_card_start"]
        if eleven:
            deal_one(table.hand(first), first, "deal")
            state.zones[table.hands[first]].cards.sort()
        else:
            up = deal_one(table.discard, None, "up_card")
            if self.oklahoma:
                tp["knock_limit"] = 0 if up.rank == "A" and state.options["ace_means_gin"] else card_points(up)
                tp["multiplier"] = 2 if up.suit == "s" else 1
        if order is None:
            state.move_pile("deck", table.stock)
        else:
            state.move(list(reversed(order)), "deck", table.stock, event="move")
        self._turn(state, table, "discard" if eleven else "offer", first)

    # --- legal actions ----------------------------------------------------------------

    @hookimpl
    def hoyle_legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat != state.to_act:
            return []
        pub = state.public
        if "tables" in pub:  # the four-player game
            table, pub, phase = self._where(state, seat)
        else:  # one table (this runs on every action)
            table, phase = ONE_TABLE, state.phase
        if phase == "draw":
            if pub["stock_only"]:
                return [DRAW_STOCK]
            if pub["retake_barred"] != seat and state.zones[table.discard].cards:
                return [DRAW_STOCK, DRAW_DISCARD]
            return [DRAW_STOCK, DRAW_DISCARD] if self._may_take_discard(state, table, seat) else [DRAW_STOCK]
        if phase == "offer":
            return [DRAW_DISCARD, PASS]
        if phase == "last-chance":
            return (
                [DRAW_DISCARD] if self._can_knock_with(state, table, seat, state.zones[table.discard].cards[-1]) else []
            ) + [PASS]
        # the discard phase (the hand is in order: see _draw)
        hand = state.zones[table.hands[seat]].cards
        taken = pub["taken"]
        if taken is not None and not state.options["retake"]:
            card = _CARD_OF.get(taken) or _card_of(taken)
            allowed = list(hand)
            allowed.remove(card)
            forbidden: Card | None = card
        else:
            forbidden, allowed = None, hand
        actions = [] if pub["must_knock"] == seat else list(map(DISCARDS.__getitem__, allowed))
        limit = pub["knock_limit"]
        # Whether any knock exists: discarding a card lowers the least deadwood by at
        # most the card's value (10 at most), so a hand whose deadwood exceeds the limit
        # by more than 10 cannot knock (the usual case, and the cheaper search); else
        # one exact search answers. Only then is each discard checked.
        rules = table.rules
        if (
            rummy.deadwood(hand, rules) <= limit + MAX_CARD
            and rummy.best_discard(hand, rules, forbid=forbidden).deadwood_value <= limit
        ):
            for c in allowed:
                if rummy.deadwood([x for x in hand if x != c], table.rules) <= limit:
                    actions.append(KNOCKS[c])
        return actions

    def _may_take_discard(self, state: State, table: Table, seat: int) -> bool:
        pile = state.zones[table.discard].cards
        if not pile:
            return False
        pub = table.pub(state)
        if pub["retake_barred"] == seat and str(pile[-1]) == pub["retake_card"]:
            return self._can_knock_with(state, table, seat, pile[-1])
        return True

    def _can_knock_with(self, state: State, table: Table, seat: int, card: Card) -> bool:
        """Whether taking ``card`` lets ``seat`` knock (discarding another card, unless
        the retake rule allows discarding it again)."""
        hand = [*state.zone(table.hand(seat)).cards, card]
        forbid = None if state.options["retake"] else card
        arr = rummy.best_discard(hand, table.rules, forbid=forbid)
        return bool(arr.deadwood_value <= table.pub(state)["knock_limit"])

    # --- applying -----------------------------------------------------------------------

    @hookimpl
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        pub = state.public
        if "tables" in pub:  # the four-player game
            table, pub, phase = self._where(state, seat)
        else:  # one table (this runs on every action)
            table, phase = ONE_TABLE, state.phase
        one_table = table.index is None  # then a turn is just state.phase and state.to_act
        kind = action.kind
        if kind == "draw":
            name = table.hands[seat]
            hand = state.zones[name].cards
            if action.source == "stock":
                state.move_top(table.stock, name, 1, seat, "draw")
                insort(hand, hand.pop())  # keep the hand in order
                pub["taken"] = None
                pub["stock_only"] = False
            else:
                card = state.move_top(table.discard, name, 1, seat, "draw")[0]
                insort(hand, hand.pop())
                retaking = pub["retake_barred"] == seat and str(card) == pub["retake_card"]
                if phase == "last-chance" or retaking:
                    pub["must_knock"] = seat
                pub["taken"] = str(card)
            if one_table:
                state.phase, state.to_act = "discard", seat
            else:
                self._turn(state, table, "discard", seat)
            return True
        a, b = pub["players"]
        other = b if seat == a else a
        if kind == "pass":
            if phase == "last-chance":
                self._finish(state, table, "void", None)
                return True
            pub["passes"] += 1
            if pub["passes"] == 2:
                pub["stock_only"] = True
                self._turn(state, table, "draw", other)
            else:
                self._turn(state, table, phase, other)
            return True
        card = action.cards[0]
        if kind == "discard":
            state.move((card,), table.hands[seat], table.discard, seat, "discard")
            if state.options["retake"] and pub["taken"] == str(card):
                pub["retake_card"], pub["retake_barred"] = str(card), other
            else:
                pub["retake_card"] = pub["retake_barred"] = None
            pub["taken"] = pub["must_knock"] = None
            if len(state.zones[table.stock].cards) <= 2:
                if state.options["late_pickup"]:
                    # The other player is always asked (``pass``, or ``draw discard`` if
                    # it lets them knock): voiding at once when it cannot would tell the
                    # discarder something about a hand they never saw.
                    self._turn(state, table, "last-chance", other)
                    return True
                self._finish(state, table, "void", None)
                return True
            if one_table:
                state.phase, state.to_act = "draw", other
            else:
                self._turn(state, table, "draw", other)
            return True
        # a knock
        state.move([card], table.hands[seat], table.knock, seat=seat, event="knock")
        self._spread(state, table, seat, other)
        return True

    def _spread(self, state: State, table: Table, knocker: int, defender: int) -> None:
        rules = table.rules
        arr = rummy.best_melds(state.zone(table.hand(knocker)).cards, rules)
        for i, meld in enumerate(arr.melds):
            name = table.meld(knocker, i)
            state.add_zone(name, owner=knocker, visibility=Zone.PUBLIC)
            state.move(meld.cards, table.hand(knocker), name, seat=knocker, event="meld")
        knocker_count = arr.deadwood_value
        state.reveal(table.hand(knocker), seat=knocker)
        gin = knocker_count == 0
        table_melds = [list(m.cards) for m in arr.melds]
        d_hand = list(state.zone(table.hand(defender)).cards)
        d_arr = rummy.best_melds(d_hand, rules) if gin else rummy.lay_off(d_hand, table_melds, rules)
        if not gin:
            for card, index, _ in d_arr.layoffs:
                state.move([card], table.hand(defender), table.meld(knocker, index), seat=defender, event="lay_off")
        for i, meld in enumerate(d_arr.melds):
            name = table.meld(defender, i)
            state.add_zone(name, owner=defender, visibility=Zone.PUBLIC)
            state.move(meld.cards, table.hand(defender), name, seat=defender, event="meld")
        state.reveal(table.hand(defender), seat=defender)
        defender_count = d_arr.deadwood_value
        outcome = {
            "knocker": knocker,
            "knocker_deadwood": knocker_count,
            "defender_deadwood": defender_count,
            "gin": gin,
            "undercut": not gin and defender_count <= knocker_count,
        }
        self._finish(state, table, "gin" if gin else "knock", outcome)

    # --- scoring -------------------------------------------------------------------------

    def _hand_result(self, state: State, table: Table) -> tuple[int, int, int] | None:
        """The winner of a table's hand, the points they score (doubled on an Oklahoma
        spade deal) and the boxes they earn; None for a void hand."""
        opts = state.options
        pub = table.pub(state)
        out = pub["outcome"]
        if out is None:
            return None
        knocker = out["knocker"]
        defender = table.other(knocker)
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
        mult = pub["multiplier"]
        boxes = 1 + (extra if self.oklahoma and opts.get("extra_boxes") else 0)
        return winner, points * mult, boxes * mult

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        pub, opts = state.public, state.options
        result = self._hand_result(state, self._table(state, pub["players"][0]))
        if result is None:
            pub["next_dealer"] = pub["dealer"]
            return {}
        winner, points, boxes = result
        pub["boxes"][winner] += boxes
        pub["hands_won"][winner] += 1
        pub["hand_winner"] = winner
        rule = opts["dealer"]
        pub["next_dealer"] = (1 - winner) if rule == "loser" else winner if rule == "winner" else 1 - pub["dealer"]
        return {winner: points}

    @hookimpl
    def hoyle_match_over(self, state: State) -> bool:
        deals = state.options["deals"]
        return bool(max(state.scores) >= target(state) or (deals and len(state.score_sheet) >= deals))

    @hookimpl
    def hoyle_settle(self, state: State) -> dict[int, int]:
        """Each loser settles with the winner: the winner's total (score, game bonus -
        doubled, or the whole total doubled, against a loser who scored nothing - and
        boxes) less the loser's (score and boxes). A game that ends by option ``deals``
        before anyone reaches the target has no game bonus: score and boxes only."""
        opts = state.options
        scores = state.scores
        winner = max(state.seats, key=lambda s: (scores[s], -s))
        boxes = state.public["boxes"]
        settle = dict.fromkeys(state.seats, 0)
        totals: dict[str, int] = {}
        reached = scores[winner] >= target(state)
        for loser in state.seats:
            if loser == winner:
                continue
            win_total = scores[winner] + boxes[winner] * opts["box_bonus"]
            shutout = scores[loser] == 0
            if reached and shutout and opts["shutout"] == "double-total":
                win_total = 2 * (win_total + opts["game_bonus"])
            elif reached:
                win_total += opts["game_bonus"] * (2 if shutout else 1)
            lose_total = scores[loser] + boxes[loser] * opts["box_bonus"]
            totals[str(winner)], totals[str(loser)] = win_total, lose_total
            settle[winner] += win_total - lose_total
            settle[loser] -= win_total - lose_total
        state.public["totals"] = totals
        return settle


# --- three and four players -------------------------------------------------------------


class ThreeGinRules(GinRules):
    """Three-player gin (``gin-rummy`` with ``players=3``): the dealer deals to the other two and
    sits out; the player left of the dealer plays first (is offered the up-card first).
    The loser of a hand deals the next, which is played between its winner and the
    previous dealer; a void hand is dealt again by the same dealer. Scores, boxes and
    the game to 100 as in gin rummy; at the end each other player settles with the
    winner as in the two-player game (the game bonus doubles against a player who
    scored nothing)."""

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        pub = state.public
        if state.deal_number == 0:
            first_dealer = state.options["first_dealer"]
            pub.update(
                boxes=[0, 0, 0], dealer=state.rng.below(3) if first_dealer < 0 else first_dealer, hands_won=[0, 0, 0]
            )
        else:
            pub["dealer"] = pub["next_dealer"]
        dealer = pub["dealer"]
        pub["players"] = [(dealer + 1) % 3, (dealer + 2) % 3]
        self._deal_table(state, table(pub["players"]))
        return True

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        pub = state.public
        table = self._table(state, pub["players"][0])
        result = self._hand_result(state, table)
        if result is None:
            pub["next_dealer"] = pub["dealer"]
            return {}
        winner, points, boxes = result
        pub["boxes"][winner] += boxes
        pub["hands_won"][winner] += 1
        pub["hand_winner"] = winner
        pub["next_dealer"] = table.other(winner)
        return {winner: points}


FOUR_RULES = GIN_RULES.replace(packs=2)
TEAMS = ((0, 2), (1, 3))


def four_tables(deal: int, dealing_team: int) -> list[tuple[int, int]]:
    """The two tables of a four-player deal as (first player, dealer): partners 0 and 2
    play against 1 and 3, alternating opponents each deal (0-1 and 2-3, then 0-3 and
    2-1); the dealing partnership alternates too."""
    pairs = [(0, 1), (2, 3)] if deal % 2 == 0 else [(0, 3), (2, 1)]
    return [(b, a) if dealing_team == 0 else (a, b) for a, b in pairs]


class FourGinRules(GinRules):
    """Four-player partnership gin (``gin-rummy`` with ``players=4``): seats 0 and 2 against 1
    and 3. Each deal holds two gin tables (zones prefixed ``a:`` and ``b:``, each with
    its own pack of a two-pack deck - copy 0 at table ``a``, copy 1 at ``b``; a deck
    listing pack 0 then pack 1 is dealt in that order, otherwise each table's pack is
    shuffled with ``state.rng``), played at the same time: the turn passes between the tables whenever a table's turn passes.
    Each player meets the opponents alternately (0-1 and 2-3, then 0-3 and 2-1); the
    partnership that deals alternates (the first by a cut, or the team of option
    ``first_dealer``). When both tables are over the deal is scored: if both partners
    won, their team scores the sum of their points; if the hands split, the team with
    the higher score scores the difference; a void table counts for nobody. Both
    partners carry the team's score; the first team to 125 (``target`` None) wins, and each
    seat settles the difference of the team scores (no boxes or game bonus)."""

    def _table(self, state: State, seat: int) -> Table:
        for i, tp in enumerate(state.public["tables"]):
            if seat in tp["players"]:
                return table(tp["players"], tp["prefix"], i)
        raise AssertionError(f"seat {seat} plays at no table")

    def _where(self, state: State, seat: int) -> tuple[Table, dict[str, Any], str]:
        t = self._table(state, seat)
        tp = t.pub(state)
        return t, tp, tp["phase"]

    def _other_running(self, state: State, table: Table) -> dict[str, Any] | None:
        tables = state.public["tables"]
        if len(tables) < 2 or table.index is None:
            return None
        other = tables[1 - table.index]
        return other if other["phase"] != "over" else None

    def _turn(self, state: State, table: Table, phase: str, seat: int) -> None:
        tp = table.pub(state)
        passes = tp.get("to_act") != seat
        tp["phase"], tp["to_act"] = phase, seat
        other = self._other_running(state, table)
        if passes and other is not None and other.get("to_act") is not None:
            state.phase, state.to_act = other["phase"], other["to_act"]
        else:
            state.phase, state.to_act = phase, seat

    def _finish(self, state: State, table: Table, reason: str, outcome: dict[str, Any] | None) -> None:
        tp = table.pub(state)
        tp.update(outcome=outcome, phase="over", to_act=None, end=reason)
        state.log("table_end", None, table=table.prefix.rstrip(":"), reason=reason, **(outcome or {}))
        other = self._other_running(state, table)
        if other is not None:
            state.phase, state.to_act = other["phase"], other["to_act"]
        else:
            state.end_deal("tables", reasons=[t["end"] for t in state.public["tables"]])

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        pub = state.public
        if state.deal_number == 0:
            first = state.options["first_dealer"]
            pub["dealing_team"] = state.rng.below(2) if first < 0 else first % 2
        else:
            pub["dealing_team"] = 1 - pub["dealing_team"]
        pub["tables"] = []
        top_first = list(reversed(state.zone("deck").cards))
        if all(c.copy == 0 for c in top_first[:52]):
            packs = [top_first[:52], top_first[52:]]  # a prepared deck: pack 0, then pack 1
        else:
            # Each table shuffles its own pack (a deal by position could put both copies
            # of a card at one table).
            packs = [sorted(c for c in top_first if c.copy == i) for i in range(2)]
            for pack in packs:
                state.rng.shuffle(pack)
        for i, players in enumerate(four_tables(state.deal_number, pub["dealing_team"])):
            prefix = "ab"[i] + ":"
            pub["tables"].append({"prefix": prefix, "players": list(players), "phase": "deal", "to_act": None})
            self._deal_table(state, table(players, prefix, i), packs[i])
        first = pub["tables"][0]
        state.phase, state.to_act = first["phase"], first["to_act"]
        return True

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        won = [0, 0]
        winners = [0, 0]
        for i in range(2):
            tp = state.public["tables"][i]
            result = self._hand_result(state, table(tp["players"], tp["prefix"], i))
            if result is not None:
                winner, points, _ = result
                won[winner % 2] += points
                winners[winner % 2] += 1
        if winners[0] and winners[1]:
            team = 0 if won[0] > won[1] else 1
            points = abs(won[0] - won[1])
        else:
            team = 0 if winners[0] else 1
            points = won[team]
        state.public["deal_team_score"] = {"team": team, "points": points}
        return {seat: points for seat in TEAMS[team]} if points else {}

    @hookimpl
    def hoyle_settle(self, state: State) -> dict[int, int]:
        a, b = state.scores[0], state.scores[1]
        return {0: a - b, 2: a - b, 1: b - a, 3: b - a}


def target(state: State) -> int:
    """The points that win: option ``target``, where None means 100 (125 for the
    four-player partnership game)."""
    goal: int | None = state.options["target"]
    if goal is None:
        return 125 if len(state.players) == 4 else 100
    return goal


def _table_of(pub: dict[str, Any]) -> Table:
    """The one table of the two- and three-player games (``pub["players"]``)."""
    return table(pub["players"])


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
        for name in ("box_bonus", "game_bonus", "shutout"):
            if opts[name] != GIN_DEFAULTS[name]:
                raise InvalidOptionError(
                    f"option {name}={opts[name]!r}: the four-player partnership game has no boxes or game bonus"
                )


class GinRummyRules(GinRules):
    """The rule hooks of ``gin-rummy``: two players play :class:`GinRules`, three the
    rotation of :class:`ThreeGinRules`, four the partnership game of
    :class:`FourGinRules` - chosen by the number of players. The play of a table (legal
    actions, applying them) is :class:`GinRules`' own for every seating; only the
    seams that differ (where a seat plays, whose turn it is, a table's end) and the
    deal, scoring and settlement are handed to the seating's rules."""

    def __init__(self) -> None:
        super().__init__()
        self.by_players: dict[int, GinRules] = {2: GinRules(), 3: ThreeGinRules(), 4: FourGinRules()}
        self.four = self.by_players[4]

    # Seams on every action: the two- and three-player code inline, the four-player
    # game's handed over.
    def _where(self, state: State, seat: int) -> tuple[Table, dict[str, Any], str]:
        if "tables" in state.public:
            return self.four._where(state, seat)
        return _table_of(state.public), state.public, state.phase

    def _table(self, state: State, seat: int) -> Table:
        return self._where(state, seat)[0]

    def _turn(self, state: State, table: Table, phase: str, seat: int) -> None:
        if table.index is None:
            state.phase, state.to_act = phase, seat
        else:
            self.four._turn(state, table, phase, seat)

    def _finish(self, state: State, table: Table, reason: str, outcome: dict[str, Any] | None) -> None:
        self.by_players[len(state.players)]._finish(state, table, reason, outcome)

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        if state.deal_number == 0:
            _check_seating(state)
            state.public["target"] = target(state)
        return self.by_players[len(state.players)].hoyle_deal(state)

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        return self.by_players[len(state.players)].hoyle_score_deal(state)

    @hookimpl
    def hoyle_match_over(self, state: State) -> bool:
        return self.by_players[len(state.players)].hoyle_match_over(state)

    @hookimpl
    def hoyle_settle(self, state: State) -> dict[int, int]:
        return self.by_players[len(state.players)].hoyle_settle(state)


def _deck(options: Any, players: int = 2) -> Deck:
    """One pack; the four-player game deals each table its own pack."""
    return Deck.standard(2 if players == 4 else 1)


GIN = Variant(
    name="gin-rummy",
    rules=GinRummyRules(),
    players=(2, 4),
    deck=_deck,
    options=_options(None, oklahoma=False),
    family="rummy",
    description="Gin rummy: knock with 10 or less, gin, undercuts, the game to 100 with boxes; three players rotate, four play partnerships to 125.",
)

GIN_DEFAULTS = {o.name: o.default for o in GIN.options}

OKLAHOMA = Variant(
    name="oklahoma-gin",
    rules=GinRules(oklahoma=True),
    players=(2, 2),
    deck=_deck,
    options=_options(150, oklahoma=True),
    family="rummy",
    description="Oklahoma gin: the up-card sets the knock limit, spades double, game to 150.",
)
