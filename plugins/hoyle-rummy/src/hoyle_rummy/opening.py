"""The turn of the rummy games with an opening minimum (Kaluki, German Rommé): a player's
first melds, laid from hand in one turn, must together be worth a minimum (51, 40...);
until then they may not lay off nor win a joker back.

:class:`OpeningRummy` is a rules object on the straight-rummy turn
(:mod:`hoyle_rummy.turns`: the same zones and action texts) with these rules:

* Until a player has opened, each ``meld`` they make is offered only while the melds of
  this turn can still reach the minimum with the rest of the hand (the most valuable way
  to meld the rest is found exactly by ``rummy.best_opening``); once melding has started
  in the turn they may not discard before the minimum is reached. The meld that reaches
  it opens the player (event ``open`` with the points); lay-offs, exchanges and further
  melds follow in the same turn if they like.
* A card counts its value under the game's meld rules; a joker counts the card it stands
  for, read for the most points; an ace played low (A-2-3) counts ``low_ace``.
* Where the game says so, before opening the top discard may be taken only to use it at
  once in the opening: ``draw discard`` is offered only when an opening with it exists,
  and until it is melded only melds containing it are legal.
* After opening: any number of melds per turn, lay-offs on anyone's melds, and the joker
  exchange: ``exchange 6h on 2`` puts the natural card in the joker's place on meld 2 and
  the joker must be used again that turn, in a meld or a lay-off (it may not stay in the
  hand): only actions using it are legal until it is, so the exchange is offered only
  when the joker can be used.
* Should no action be left (a dead end the rules do not foresee, such as an opening that
  would leave only the card just taken from the discard pile), any card may be
  discarded.

    >>> import hoyle
    >>> game = hoyle.new_game("kaluki", seed=2)
    >>> game.state.public["opened"]
    [False, False]
"""

from __future__ import annotations

from hoyle import Action, Card, State, hookimpl, rummy

from hoyle_rummy.common import (
    DRAW_DISCARD,
    DRAW_STOCK,
    fits_meld,
    hand_cards,
    hand_value,
    is_wild,
    meld_zone,
    table_faces,
    table_melds,
)
from hoyle_rummy.exchange import exchange_actions, swap_wild, wild_for
from hoyle_rummy.rummy_state import Kind, Zones, deal_outcome, public
from hoyle_rummy.turns import RummyTurns


class OpeningRummy(RummyTurns):
    """The rule hooks of a rummy game with an opening minimum; subclasses set
    :meth:`opening_minimum`, :meth:`low_ace` and :meth:`discard_only_to_open`."""

    def opening_minimum(self, state: State) -> int:
        raise NotImplementedError

    def low_ace(self, state: State) -> int:
        """What an ace played low (A-2-3) counts towards the opening."""
        return 1

    def discard_only_to_open(self, state: State) -> bool:
        """Whether, before opening, the top discard may be taken only to open with it."""
        return True

    def exchange_reuse(self, state: State) -> bool:
        """Whether a joker won back by an exchange must be used again that turn (else it
        goes into the hand)."""
        return True

    def may_close_in_hand(self, state: State) -> bool:
        """Whether a player who has not opened may go out in one turn without reaching the
        minimum (Scala 40's closing "in mano")."""
        return False

    def may_use_meld(self, state: State, seat: int, index: int) -> bool:
        """Whether the seat may lay off on (or exchange on) table meld ``index``."""
        return True

    def melds_per_turn(self, state: State) -> int | None:
        return None

    def may_lay_off(self, state: State, seat: int) -> bool:
        return bool(public(state)["opened"][seat])

    # --- the opening ------------------------------------------------------------------

    def value(self, state: State, cards: list[Card]) -> int:
        """What one meld counts towards the opening: a joker in a run counts the card it
        stands for as the meld goes on the table (:func:`~hoyle_rummy.common.table_faces`:
        ``Jk 9s Ts Js`` counts the joker as the 8s, ``9s Ts Js Jk`` as the Qs)."""
        rules = self.meld_rules(state)
        run = table_faces(cards, rules) if any(is_wild(c, rules) for c in cards) else None
        return rummy.opening_value(run[1] if run else cards, rules, low_ace=self.low_ace(state))

    def best_rest(self, state: State, rest: list[Card]) -> int:
        """The most the cards of ``rest`` can add to an opening (keeping a card to
        discard where going out needs one)."""
        rules, low = self.meld_rules(state), self.low_ace(state)
        found = rummy.best_opening(rest, 0, rules, low_ace=low)
        points = sum(rummy.opening_value(m.cards, rules, low_ace=low) for m in found or [])
        if not self.discard_to_go_out(state) or not found:
            return points
        if sum(len(m) for m in found) < len(rest):
            return points
        # Every card would be melded: the best with one card kept back.
        best = 0
        for card in set(rest):
            kept = list(rest)
            kept.remove(card)
            melds = rummy.best_opening(kept, 0, rules, low_ace=low) or []
            best = max(best, sum(rummy.opening_value(m.cards, rules, low_ace=low) for m in melds))
        return best

    def can_open_with(self, state: State, seat: int, card: Card) -> bool:
        """Whether the seat could open this turn with ``card`` in its first meld."""
        hand = [*hand_cards(state, seat), card]
        minimum = self.opening_minimum(state)
        for meld in rummy.all_melds(hand, self.meld_rules(state)):
            if card in meld.cards:
                rest = [c for c in hand if c not in meld.cards]
                if self.value(state, list(meld.cards)) + self.best_rest(state, rest) >= minimum:
                    return True
        return False

    def after_deal(self, state: State) -> None:
        public(state)["opened"] = [False] * len(state.players)

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        """Deal; a next dealer who is out of the game (games that knock players out)
        passes the deal on to the next player still in."""
        pub = public(state)
        if state.deal_number > 0 and pub["next_dealer"] not in self.seats_in_play(state):
            pub["next_dealer"] = self.next_seat(state, int(pub["next_dealer"]))
        return bool(super().hoyle_deal(state))

    def start_turn(self, state: State, seat: int) -> None:
        super().start_turn(state, seat)
        public(state).update({"turn_points": 0, "must_use": None})

    # --- legal actions ----------------------------------------------------------------

    def draw_actions(self, state: State, seat: int) -> list[Action]:
        actions = super().draw_actions(state, seat)
        pile = state.zone(Zones.DISCARD).cards
        if (
            DRAW_DISCARD in actions
            and not public(state)["opened"][seat]
            and self.discard_only_to_open(state)
            and not self.can_open_with(state, seat, pile[-1])
        ):
            actions.remove(DRAW_DISCARD)
        return actions or [DRAW_STOCK]

    def play_actions(self, state: State, seat: int) -> list[Action]:
        pub = public(state)
        actions = super().play_actions(state, seat)
        must = pub["must_use"]
        if pub["opened"][seat]:
            actions = [
                a for a in actions if a.kind != Kind.LAY_OFF or self.may_use_meld(state, seat, int(a.target or 0))
            ]
            if must is None:
                rules = self.meld_rules(state)
                exchanges = [
                    a
                    for a in self.exchange_actions(state, seat, rules)
                    if self.may_use_meld(state, seat, int(a.target or 0))
                ]
                if self.exchange_reuse(state):
                    exchanges = [a for a in exchanges if self.joker_usable(state, seat, a)]
                actions += exchanges
        else:
            hand = hand_cards(state, seat)
            minimum = self.opening_minimum(state)
            in_hand = self.may_close_in_hand(state)
            kept = []
            for action in actions:
                if action.kind == Kind.MELD:
                    rest = [c for c in hand if c not in action.cards]
                    reach = pub["turn_points"] + self.value(state, list(action.cards)) + self.best_rest(state, rest)
                    if reach >= minimum or (
                        in_hand and bool(rest) and rummy.can_go_out(rest, self.meld_rules(state), discard=True)
                    ):
                        kept.append(action)
                elif (
                    action.kind == Kind.DISCARD
                    and must is None
                    and (not pub["turn_points"] or (in_hand and len(hand) == 1))
                ):
                    kept.append(action)
            actions = kept
        if must is not None:
            actions = [a for a in actions if a.kind in (Kind.MELD, Kind.LAY_OFF) and must in map(str, a.cards)]
        if not actions:
            # A dead end the rules do not foresee (e.g. an opening that would leave only
            # the card just taken from the discard pile): any card may be discarded.
            actions = [Action(Kind.DISCARD, (c,)) for c in sorted(hand_cards(state, seat))]
        return actions

    def exchange_actions(self, state: State, seat: int, rules: rummy.MeldRules) -> list[Action]:
        """Every joker exchange the seat may make: one natural card for a joker
        (:func:`hoyle_rummy.exchange.exchange_actions`; games may ask for more)."""
        return exchange_actions(state, seat, rules)

    def exchange_result(self, state: State, action: Action) -> tuple[list[Card], Card]:
        """The table meld after an exchange, and the joker it frees."""
        assert action.target is not None
        meld = table_melds(state)[action.target]
        card = action.cards[0]
        joker = wild_for(meld, card, self.meld_rules(state))
        assert joker is not None
        return [card if c == joker else c for c in meld], joker

    def joker_usable(self, state: State, seat: int, action: Action) -> bool:
        """Whether the joker an exchange frees could be melded or laid off at once."""
        rules = self.meld_rules(state)
        assert action.target is not None
        table = table_melds(state)
        table[action.target], joker = self.exchange_result(state, action)
        hand = [c for c in hand_cards(state, seat) if c not in action.cards] + [joker]
        if any(fits_meld(m, joker, rules) for m in table):
            return True
        return any(joker in m.cards for m in rummy.all_melds(hand, rules))

    def apply_exchange(self, state: State, seat: int, action: Action) -> Card:
        """Put the action's cards in the meld and the joker they free into the hand;
        returns the joker."""
        assert action.target is not None
        _, joker = self.exchange_result(state, action)
        swap_wild(state, seat, meld_zone(action.target), list(action.cards), joker)
        return joker

    # --- scoring ------------------------------------------------------------------------

    def hand_counts(self, state: State) -> tuple[int | None, dict[int, int]]:
        """The winner of the hand (None: nobody went out) and the count of each other
        hand in play; sets the next dealer."""
        winner = deal_outcome(state)["winner"]
        public(state)["next_dealer"] = self.next_dealer(state, winner)
        rules = self.meld_rules(state)
        return winner, {s: hand_value(hand_cards(state, s), rules) for s in self.seats_in_play(state) if s != winner}

    def penalties(self, state: State) -> dict[int, int]:
        """The losers score their counts as penalty points, doubled when the winner went
        out with the whole hand at once, nothing melded before (Hand-Rommé, "in mano")."""
        winner, counts = self.hand_counts(state)
        if winner is None:
            return {}
        mult = 2 if deal_outcome(state)["rummy"] else 1
        return {s: c * mult for s, c in counts.items()}

    # --- applying -----------------------------------------------------------------------

    @hookimpl
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        pub = public(state)
        if action.kind == Kind.EXCHANGE:
            joker = self.apply_exchange(state, seat, action)
            if self.exchange_reuse(state):
                pub["must_use"] = str(joker)
            return True
        if action.kind in (Kind.MELD, Kind.LAY_OFF) and pub["must_use"] in tuple(map(str, action.cards)):
            pub["must_use"] = None
        if action.kind == Kind.MELD and not pub["opened"][seat]:
            pub["turn_points"] += self.value(state, list(action.cards))
            if pub["turn_points"] >= self.opening_minimum(state):
                pub["opened"][seat] = True
                state.log("open", seat, points=pub["turn_points"])
        taken_before = action == DRAW_DISCARD and not pub["opened"][seat] and self.discard_only_to_open(state)
        done = bool(super().hoyle_apply_action(state, seat, action))
        if taken_before:
            pub["must_use"] = pub["taken"]
        return done
