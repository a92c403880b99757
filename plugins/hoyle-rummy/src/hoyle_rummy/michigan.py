"""Michigan rummy (docs/rules/rummy.md#c7-3): 500 Rum's draw with basic rummy's scoring -
the game of the Swedish and German card books.

Players, cards, deal and card values as basic rummy (:mod:`hoyle_rummy.basic`: 2 to 6
players, 10 / 7 / 6 cards, ace low and 1; its ``ace``, ``ace_points``, ``going_rummy``,
``layoff_after_meld``, ``scoring`` and ``settlement`` options apply), except:

* the discard pile is kept spread in discard order, every card showing;
* draw: ``draw stock``, or ``draw discard 9h``: any discard (the top one included) that
  is used at once in a new meld - not a lay-off - taking every card above it into hand
  (see :mod:`hoyle_rummy.spread_pile`);
* any number of melds per turn, lay-offs on one's own and others' melds;
* going out: every card melded or laid off and the last one discarded ("Rummy"); the
  winner scores the count of the cards left in the other hands;
* stock empty: the discards are not reused; a player draws from the spread pile (same
  rule) or ``pass``\\ es. When every player in turn has passed without anyone going out,
  the deal ends and every hand is counted: the lowest hand wins and scores the sum of
  the differences to the other hands (as Block rummy; tied lowest hands share).

Option ``stop`` (the stop rule): when a player's discard could be laid off on a meld on
the table, the others are asked in turn from the discarder's left (phase ``stop``):
``stop 9h on 2`` - take the card and lay it off on meld 2 - or ``pass``. The first to
call stop lays it off and then discards one card (phase ``stop discard``; that discard
is not open to a stop); play then resumes with the player whose turn it was, the one
left of the first discarder. A stopper who discards their last card goes out. Only the
players who may lay off are asked (with ``layoff_after_meld``, those who have melded).

    >>> import hoyle
    >>> game = hoyle.new_game("michigan-rummy", players=3, seed=2)
    >>> game.state.options["several_melds"], game.state.options["discard_to_go_out"]
    (True, True)
"""

from __future__ import annotations

from hoyle import Action, Option, State, Variant, hookimpl
from hoyle.errors import PluginError

from hoyle_rummy.basic import BASIC, BasicRummy, fixed, preset_options
from hoyle_rummy.basic import OPTIONS as BASIC_OPTIONS
from hoyle_rummy.common import LOW, fits_meld, hand_cards, hand_zone, lay_off_card, lay_off_places, table_melds
from hoyle_rummy.rummy_state import Kind, Phase, Stop, Zones, public
from hoyle_rummy.spread_pile import SpreadPileDraw

OPTIONS = (
    *preset_options(
        tuple(o for o in BASIC_OPTIONS if o.name not in ("stock_end", "stock_limit")),
        several_melds=fixed(True, "any number of melds per turn"),
        discard_to_go_out=fixed(True, "the last card is discarded"),
    ),
    Option(name="stop", default=False, doc="Another player may stop a discard that lays off, lay it off and discard"),
)
STOP_PASS = Action(Kind.PASS)


def open_stop(state: State) -> Stop:
    """The stop the stop round is about (``public["stop"]``); a
    :class:`~hoyle.errors.PluginError` outside a stop round."""
    stop = public(state).get("stop")
    if stop is None:
        raise PluginError(f"{state.variant}: no stop is open (phase {str(state.phase)!r})")
    return stop


class MichiganRummy(SpreadPileDraw, BasicRummy):
    """The rule hooks of Michigan rummy: basic rummy's, with the spread-pile draw."""

    def pile_lay_off(self, state: State) -> bool:
        return False

    def reuse_stock(self, state: State) -> bool:
        return False

    def shuffle_reused(self, state: State) -> bool:
        return False

    def lowest_wins_stock_out(self, state: State) -> bool:
        return True

    def after_deal(self, state: State) -> None:
        public(state).update({"passes": 0, "stop": None})

    def stock_exhausted(self, state: State, seat: int) -> None:
        """A pass with the stock empty; a full round of passes ends the deal."""
        pub = public(state)
        pub["passes"] += 1
        state.log("pass", seat)
        if pub["passes"] >= len(state.players):
            super().stock_exhausted(state, seat)
        else:
            self.start_turn(state, (seat + 1) % len(state.players))

    # --- the stop rule ------------------------------------------------------------------

    def end_turn(self, state: State, seat: int) -> None:
        """After a discard: open the stop round when the discard lays off somewhere."""
        pub = public(state)
        if pub["played_now"]:
            pub["played"][seat] = True
        card = state.zone(Zones.DISCARD).cards[-1]
        table = table_melds(state)
        rules = self.meld_rules(state)
        asked = []
        if state.options["stop"] and any(fits_meld(m, card, rules) for m in table):
            n = len(state.players)
            asked = [s for s in ((seat + k) % n for k in range(1, n)) if self.may_lay_off(state, s)]
        if not asked:
            self.start_turn(state, self.next_seat(state, seat))
            return
        pub["stop"] = {"card": str(card), "discarder": seat, "asked": asked}
        state.phase, state.to_act = Phase.STOP, asked[0]

    def stop_actions(self, state: State, seat: int) -> list[Action]:
        card = state.zone(Zones.DISCARD).cards[-1]
        rules = self.meld_rules(state)
        stops = []
        for i, meld in enumerate(table_melds(state)):
            places = lay_off_places(meld, card, rules)
            stops += [
                Action(Kind.STOP, (card,), source=LOW if below and len(places) > 1 else None, target=i)
                for below, _ in places
            ]
        return [*stops, STOP_PASS]

    @hookimpl
    def hoyle_legal_actions(self, state: State, seat: int) -> list[Action]:
        if state.phase == Phase.STOP and seat == state.to_act:
            return self.stop_actions(state, seat)
        if state.phase == Phase.STOP_DISCARD and seat == state.to_act:
            return [Action(Kind.DISCARD, (c,)) for c in sorted(hand_cards(state, seat))]
        return list(super().hoyle_legal_actions(state, seat))

    def apply_stop(self, state: State, seat: int, action: Action) -> None:
        pub = public(state)
        stop = open_stop(state)
        if action == STOP_PASS:
            stop["asked"].remove(seat)
            if stop["asked"]:
                state.to_act = stop["asked"][0]
            else:
                pub["stop"] = None
                self.start_turn(state, self.next_seat(state, stop["discarder"]))
            return
        assert action.target is not None
        card = action.cards[0]
        state.log("stop", seat, card=str(card))
        state.move([card], Zones.DISCARD, hand_zone(seat), seat=seat, event="draw")
        lay_off_card(state, seat, card, action.target, self.meld_rules(state), low=action.source == LOW)
        pub["played"][seat] = True
        state.phase, state.to_act = Phase.STOP_DISCARD, seat

    @hookimpl
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        pub = public(state)
        if state.phase == Phase.STOP:
            self.apply_stop(state, seat, action)
            return True
        if state.phase == Phase.STOP_DISCARD:
            state.move(action.cards, hand_zone(seat), Zones.DISCARD, seat=seat, event="discard")
            discarder = open_stop(state)["discarder"]
            pub["stop"] = None
            if not state.zone(hand_zone(seat)).cards:
                self.go_out(state, seat)
            else:
                self.start_turn(state, self.next_seat(state, discarder))
            return True
        if action.kind == Kind.DRAW:
            pub["passes"] = 0
        return bool(super().hoyle_apply_action(state, seat, action))


MICHIGAN = Variant(
    name="michigan-rummy",
    rules=MichiganRummy(),
    players=BASIC.players,
    deck=BASIC.deck,
    options=OPTIONS,
    family="rummy",
    description="Michigan rummy: draw any card of the spread discards to meld it at once; basic rummy's scoring.",
)
