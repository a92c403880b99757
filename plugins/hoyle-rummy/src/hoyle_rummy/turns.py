"""The draw - meld / lay off - discard turn shared by basic rummy and its relatives.

:class:`RummyTurns` is a rules object implementing every rule hook for the straight
rummy turn (docs/rules/rummy.md#c0, #c1); variants subclass it and override the policy methods
(hand size, meld rules, who deals next, what melding is allowed, how a hand scores).

Zones: ``hand:N`` (seen by its owner), ``stock`` (hidden), ``discard`` (public, its
top card last), and one public zone per meld on the table, ``meld:K``, numbered 0, 1,
2... in the order the melds were laid down, whoever laid them (``Zone.owner`` is the
player who melded). A meld keeps its number for the rest of the hand: ``lay off 9d on
2`` puts the 9d on meld 2. ``state.public["melds"]`` is how many there are.

Actions:

* phase ``draw``: ``draw stock`` or ``draw discard`` (the top card). When the stock is
  empty, ``draw stock`` means the player declines the discard: the discard pile is
  turned over, unshuffled, as the new stock and the player draws its top card. Where
  the pile may not be reused (Block rummy, the stock-limit option) declining is
  ``pass`` and ends the hand.
* phase ``play``: ``meld 7h 8h 9h`` (any meld the hand holds: every one is listed; the
  cards may be given in any order), ``lay off 9d on 2`` (one card at a time, onto any
  meld on the table so that it stays a valid meld; melds are never rearranged),
  ``discard Qs`` (ends the turn). The card just taken from the discard pile may not be
  discarded that turn, so no meld or lay-off is offered that would leave it as the only
  card.
* ``count stock`` (with the ``count_stock`` option): the player counts the stock and
  the count is announced publicly (event ``count_stock``); once per turn.

Going out - getting rid of the last card by meld, lay-off or discard - ends the hand
at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hoyle import Action, Card, Rng, State, Zone, hookimpl, rummy
from hoyle.errors import InvalidOptionError, PluginError

from hoyle_rummy.common import (
    DRAW_DISCARD,
    DRAW_STOCK,
    LOW,
    PASS,
    add_meld,
    fits_meld,
    hand_cards,
    hand_value,
    hand_zone,
    lay_off_card,
    lay_off_places,
    table_melds,
    turn_over_pile,
)
from hoyle_rummy.rummy_state import Kind, Phase, Zones, deal_outcome, public

COUNT_STOCK = Action(Kind.COUNT, source="stock")


class RummyTurns:
    """Rule hooks for the straight-rummy turn; subclasses set the policies."""

    # --- policies (override in variants) ----------------------------------------------

    def meld_rules(self, state: State) -> rummy.MeldRules:
        return rummy.MeldRules.basic()

    def hand_size(self, state: State) -> int:
        n = len(state.players)
        return 10 if n == 2 else 7 if n <= 4 else 6

    def next_dealer(self, state: State, winner: int | None) -> int:
        """The deal rotates clockwise (alternates between two players)."""
        return self.next_seat(state, int(public(state)["dealer"]))

    def seats_in_play(self, state: State) -> list[int]:
        """The seats dealt in this deal (all; games that knock players out override)."""
        return list(state.seats)

    def next_seat(self, state: State, seat: int) -> int:
        """The next seat clockwise after ``seat`` that is in play."""
        playing = self.seats_in_play(state)
        n = len(state.players)
        return next(s for s in ((seat + k) % n for k in range(1, n + 1)) if s in playing)

    def melds_per_turn(self, state: State) -> int | None:
        """How many melds a player may lay down in one turn (None: any number)."""
        return 1

    def may_lay_off(self, state: State, seat: int) -> bool:
        return True

    def rest_ok(self, state: State, seat: int, rest: list[Card], table: list[list[Card]]) -> bool:
        """Whether a meld or lay-off may leave ``rest`` in the hand (``table``: the melds
        after it). Going out needs a discard under the ``discard_to_go_out`` option; the
        card just taken from the discard pile cannot be the one card left to discard
        (unless it can still be laid off)."""
        must_discard = self.discard_to_go_out(state)
        if not rest:
            return not must_discard
        taken = public(state)["taken"]
        if any(str(c) != taken for c in rest):
            return True
        return not must_discard and len(rest) == 1 and any(fits_meld(m, rest[0], self.meld_rules(state)) for m in table)

    def may_discard(self, state: State, seat: int) -> bool:
        return True

    def discard_to_go_out(self, state: State) -> bool:
        """Whether going out needs a final discard (the ``discard_to_go_out`` option)."""
        return bool(state.options.get("discard_to_go_out", False))

    def reuse_stock(self, state: State) -> bool:
        """Whether an empty stock is replaced by the turned-over discard pile now: always,
        unless the ``stock_limit`` option is reached (the stock has run out that many
        times; the next player then passes and the deal is void)."""
        limit = int(state.options.get("stock_limit", 0))
        return not limit or public(state)["turnovers"] + 1 < limit

    def shuffle_reused(self, state: State) -> bool:
        return False

    # --- the deal -----------------------------------------------------------------------

    def first_dealer(self, state: State) -> int:
        n = len(state.players)
        chosen = int(state.options.get("first_dealer", -1))
        if chosen >= n:
            raise InvalidOptionError(f"option first_dealer={chosen}: only {n} players")
        return state.rng.below(n) if chosen < 0 else chosen

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        pub = public(state)
        n = len(state.players)
        if state.deal_number == 0:
            pub.update({"dealer": self.first_dealer(state), "ledger": [0] * n})
        elif "next_dealer" not in pub:
            raise PluginError(
                f"{type(self).__name__}: deal {state.deal_number - 1} ended without public['next_dealer']; "
                "end a RummyTurns deal with self.end_deal(state, reason, winner) (it sets the next dealer)"
            )
        else:
            pub["dealer"] = pub["next_dealer"]
        dealer = int(pub["dealer"])
        for seat in state.seats:
            state.add_zone(hand_zone(seat), owner=seat, visibility=Zone.OWNER)
        state.add_zone(Zones.STOCK, visibility=Zone.HIDDEN)
        state.add_zone(Zones.DISCARD, visibility=Zone.PUBLIC)
        playing = self.seats_in_play(state)
        order = [s for s in ((dealer + 1 + i) % n for i in range(n)) if s in playing]
        for _ in range(self.hand_size(state)):
            for seat in order:
                state.move_top(Zones.DECK, hand_zone(seat), seat=seat, event="deal")
        self.after_deal(state)
        if self.up_card(state):
            state.move_top(Zones.DECK, Zones.DISCARD, event="up_card")
        state.move_pile(Zones.DECK, Zones.STOCK)
        pub.update({"melds": 0, "outcome": None, "turnovers": 0, "played": [False] * n, "has_melded": [False] * n})
        self.start_turn(state, order[0])
        return True

    def up_card(self, state: State) -> bool:
        """Whether the card after the deal is turned up to start the discard pile."""
        return True

    def after_deal(self, state: State) -> None:
        """Hook for variants dealing extra cards (before the up-card is turned)."""

    def start_turn(self, state: State, seat: int) -> None:
        public(state).update({"taken": None, "melded_now": 0, "played_now": False, "counted": False})
        state.phase, state.to_act = Phase.DRAW, seat

    # --- legal actions ----------------------------------------------------------------

    @hookimpl
    def hoyle_legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat != state.to_act:
            return []
        actions = self.draw_actions(state, seat) if state.phase == Phase.DRAW else self.play_actions(state, seat)
        if state.options.get("count_stock") and not public(state)["counted"]:
            actions.append(COUNT_STOCK)
        return actions

    def draw_actions(self, state: State, seat: int) -> list[Action]:
        actions = [DRAW_STOCK if state.zone(Zones.STOCK).cards or self.reuse_stock(state) else PASS]
        if state.zone(Zones.DISCARD).cards:
            actions.append(DRAW_DISCARD)
        return actions

    def play_actions(self, state: State, seat: int) -> list[Action]:
        rules = self.meld_rules(state)
        hand = hand_cards(state, seat)
        table = table_melds(state)
        pub = public(state)
        actions: list[Action] = []
        limit = self.melds_per_turn(state)
        if limit is None or pub["melded_now"] < limit:
            for meld in rummy.all_melds(hand, rules):
                cards = list(meld.cards)
                rest = [c for c in hand if c not in cards]
                if self.rest_ok(state, seat, rest, [*table, cards]):
                    actions.append(Action(Kind.MELD, tuple(cards)))
        if table and self.may_lay_off(state, seat):
            for index, meld_cards in enumerate(table):
                for card in hand:
                    places = lay_off_places(meld_cards, card, rules)
                    for below, grown in places:
                        rest = [c for c in hand if c != card]
                        after = [*table[:index], grown, *table[index + 1 :]]
                        if self.rest_ok(state, seat, rest, after):
                            word = LOW if below and len(places) > 1 else None  # the player's choice of end
                            actions.append(Action(Kind.LAY_OFF, (card,), source=word, target=index))
        if self.may_discard(state, seat):
            taken = pub["taken"]
            actions += [Action(Kind.DISCARD, (c,)) for c in sorted(hand) if str(c) != taken]
        return actions

    @hookimpl
    def hoyle_check_action(self, state: State, seat: int, action: Action) -> str | None:
        """A meld named with its cards in another order is the same meld."""
        if action.kind != Kind.MELD or seat != state.to_act or state.phase != Phase.PLAY:
            return None
        wanted = sorted(action.cards)
        for legal in self.play_actions(state, seat):
            if legal.kind == Kind.MELD and sorted(legal.cards) == wanted:
                return "ok"
        return None

    # --- applying -----------------------------------------------------------------------

    @hookimpl
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        pub = public(state)
        if action == COUNT_STOCK:
            pub["counted"] = True
            state.log("count_stock", seat, count=len(state.zone(Zones.STOCK).cards))
            return True
        if action == PASS:
            self.stock_exhausted(state, seat)
            return True
        if action == DRAW_STOCK:
            if not state.zone(Zones.STOCK).cards:
                pub["turnovers"] += 1
                turn_over_pile(state, shuffle=self.shuffle_reused(state))
            state.move_top(Zones.STOCK, hand_zone(seat), seat=seat, event="draw")
            state.phase = Phase.PLAY
            return True
        if action == DRAW_DISCARD:
            card = state.move_top(Zones.DISCARD, hand_zone(seat), seat=seat, event="draw")[0]
            pub["taken"] = str(card)
            state.phase = Phase.PLAY
            return True
        rules = self.meld_rules(state)
        if action.kind == Kind.MELD:
            add_meld(state, seat, action.cards, rules)
            pub["melded_now"] += 1
            pub["played_now"] = True
            pub["has_melded"][seat] = True
        elif action.kind == Kind.LAY_OFF:
            assert action.target is not None
            lay_off_card(state, seat, action.cards[0], action.target, rules, low=action.source == LOW)
            pub["played_now"] = True
        else:  # discard
            state.move(action.cards, hand_zone(seat), Zones.DISCARD, seat=seat, event="discard")
            if state.zone(hand_zone(seat)).cards:
                self.end_turn(state, seat)
                return True
        if not state.zone(hand_zone(seat)).cards:
            self.go_out(state, seat)
        return True

    def end_turn(self, state: State, seat: int) -> None:
        pub = public(state)
        if pub["played_now"]:
            pub["played"][seat] = True
        self.start_turn(state, self.next_seat(state, seat))

    def stock_exhausted(self, state: State, seat: int) -> None:
        """The stock is empty and ``seat`` declined the discard where the pile may not be
        reused: the hand ends with no score (subclasses may score it)."""
        public(state)["outcome"] = {"winner": None, "counts": self.counts(state), "rummy": False}
        self.reveal_hands(state)
        state.end_deal("stock-out")

    def end_deal(self, state: State, reason: str, winner: int | None = None, **data: Any) -> None:
        """End the deal in a way of the variant's own (a knock, a drop, a tonk): the
        outcome (``public["outcome"]``: the winner, each hand's count; the variant may
        add to it), the next dealer (:meth:`next_dealer`), every hand shown, then
        ``state.end_deal(reason, winner=winner, **data)``. The deal's scoring hook
        follows. A deal ended otherwise must set ``public["next_dealer"]`` itself, or
        the next deal is a :class:`~hoyle.errors.PluginError` saying so.

            >>> import hoyle
            >>> game = hoyle.new_game("rummy", players=2, seed=1, options={"target": 1000})
            >>> rules = hoyle.variants()["rummy"].rules
            >>> rules.end_deal(game.state, "agreed", winner=0, knock=True)
            >>> game.state.deal_end, game.state.public["outcome"]["winner"], game.state.public["next_dealer"] in (0, 1)
            ('agreed', 0, True)
        """
        public(state)["outcome"] = {"winner": winner, "counts": self.counts(state), "rummy": False}
        public(state)["next_dealer"] = self.next_dealer(state, winner)
        self.reveal_hands(state)
        state.end_deal(reason, winner=winner, **data)

    def counts(self, state: State) -> list[int]:
        rules = self.meld_rules(state)
        return [hand_value(hand_cards(state, s), rules) for s in state.seats]

    def go_out(self, state: State, seat: int) -> None:
        pub = public(state)
        rummy_ = not pub["played"][seat]
        pub["outcome"] = {"winner": seat, "counts": self.counts(state), "rummy": rummy_}
        self.reveal_hands(state)
        state.end_deal("out", winner=seat, rummy=rummy_)

    def reveal_hands(self, state: State) -> None:
        for s in state.seats:
            if state.zone(hand_zone(s)).cards:
                state.reveal(hand_zone(s), seat=s)

    # --- scoring ------------------------------------------------------------------------

    def ledger_add(self, state: State, payments: dict[tuple[int, int], int]) -> None:
        """Record per-hand payments ``{(payer, payee): amount}`` in ``public["ledger"]``."""
        ledger = public(state)["ledger"]
        for (payer, payee), amount in payments.items():
            ledger[payer] -= amount
            ledger[payee] += amount

    @hookimpl
    def hoyle_match_over(self, state: State) -> bool:
        deals = int(state.options.get("deals", 0))
        if deals > 0:
            return len(state.score_sheet) >= deals
        return max(state.scores) >= int(state.options["target"])

    def winner_collects(self, state: State) -> dict[int, int]:
        """Score a hand where each loser pays the winner the count of their hand
        (``outcome["counts"]``), recorded in the ledger; the winner's row is the sum."""
        out = deal_outcome(state)
        winner = out["winner"]
        public(state)["next_dealer"] = self.next_dealer(state, winner)
        if winner is None:
            return {}  # the stock limit: a void deal, nothing paid
        counts = out["counts"]
        losers = [s for s in state.seats if s != winner]
        self.ledger_add(state, {(lo, winner): counts[lo] for lo in losers})
        return {winner: sum(counts[lo] for lo in losers)}

    def settle_by_scores(self, state: State, lowest_wins: bool = False) -> dict[int, int]:
        """Each pair of players settles the difference of their scores (zero-sum)."""
        n, total = len(state.players), sum(state.scores)
        sign = -1 if lowest_wins else 1
        return {s: sign * (n * state.scores[s] - total) for s in state.seats}


class WinnerCollects(RummyTurns):
    """Straight rummy where each loser pays the winner the count of their hand every deal
    (seven-card rummy, Boat House rummy): the deal scores what the winner collected and
    the match settles the ledger of those payments."""

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        return self.winner_collects(state)

    @hookimpl
    def hoyle_settle(self, state: State) -> dict[int, int]:
        return dict(enumerate(public(state)["ledger"]))


class MeldingBot:
    """A simple player for the straight-rummy family (and a bot factory for
    ``check_variant``): it melds and lays off whatever it can, takes the discard when
    that lowers its unmatched count, and otherwise discards its most costly unmatched
    card (one discard in four at random, so that play never cycles); everything else at
    random.

        >>> import hoyle
        >>> game = hoyle.new_game("rummy", seed=2)
        >>> bot = MeldingBot(seed=1)
        >>> bot.choose(game.view(game.to_act), game.legal_actions()) in game.legal_actions()
        True
    """

    def __init__(self, seed: int = 0, rules: rummy.MeldRules | None = None) -> None:
        self.rng = Rng(seed)
        self.rules = rules or rummy.MeldRules.basic()

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        plays = [a for a in legal_actions if a.kind in (Kind.MELD, Kind.LAY_OFF, Kind.GO_OUT)]
        if plays:
            return max(plays, key=lambda a: len(a.cards))
        seat = view["seat"]
        hand = [Card(c) for c in view["zones"][hand_zone(seat)]["cards"]]
        discards = [a for a in legal_actions if a.kind == Kind.DISCARD]
        rules = self.rules.replace(hand_size=None)
        if discards:
            if not self.rng.below(4):  # now and then at random, so that play never cycles
                return discards[self.rng.below(len(discards))]
            allowed = {a.cards[0] for a in discards}
            dead = rummy.best_melds(hand, rules).deadwood
            worst = [c for c in sorted(dead, key=lambda c: -rules.value(c)) if c in allowed]
            if worst:
                return Action(Kind.DISCARD, (worst[0],))
            return discards[self.rng.below(len(discards))]
        if DRAW_DISCARD in legal_actions and hand:
            top = Card(view["zones"]["discard"]["cards"][-1])
            if rummy.best_discard([*hand, top], rules, forbid=top).deadwood_value < rummy.deadwood(hand, rules):
                return DRAW_DISCARD
        others = [a for a in legal_actions if a != DRAW_DISCARD and a.kind != Kind.COUNT] or list(legal_actions)
        return others[self.rng.below(len(others))]
