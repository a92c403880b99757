"""Tonk (Tunk), a third party's rummy game on the rummy plugin's public building blocks:
the straight-rummy turn (``hoyle_rummy.turns.RummyTurns``) and hoyle's meld search.

The rules as played here (2-4 players, one 52-card pack):

* **Deal**: five cards each; the next card starts the discard pile; the rest is the
  stock. A player dealt 49 or 50 points shows the hand at once: a **dealt tonk**, paid
  double by every other player (the first such player from the dealer's left).
* **Values**: an ace 1, two to ten their pips, a court card 10.
* **Melds**: three or four cards of a rank, or three or more of a suit in sequence, the
  ace low only (A-2-3, never Q-K-A).
* **A turn**: first either **drop** (below) or draw - the stock's top card or the
  discard pile's; then any number of **spreads** (``meld ...``) and **hits** (``lay off
  ... on N``: a card added to any spread on the table, anyone's); then one discard, which
  ends the turn (not the card just taken from the discard pile).
* **Going out**: a player who gets rid of every card - by spreading, hitting or the last
  discard - wins a **tonk**: every other player pays double.
* **Dropping**: instead of drawing, a player may drop: every hand is shown and counted.
  When the dropper's count is lower than every other player's, each of them pays the
  dropper single; otherwise the dropper is caught and pays double to each player whose
  count is equal or lower.
* **Stock out**: when the stock is empty the hand ends; the lowest count wins single
  from each other player, and a tie for lowest is a void hand.
* Stakes: ``stake`` chips a unit; the match is ``deals`` hands; each hand's score is
  the chips won or lost, and the settlement their sum.

    >>> import hoyle
    >>> game = hoyle.new_game("tonk", players=3, seed=4)
    >>> [len(game.state.zone(f"hand:{s}").cards) for s in range(3)]
    [5, 5, 5]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hoyle import Action, Deck, Option, State, Variant, Zone, hookimpl, rummy
from hoyle.registry import DealingOrder
from hoyle.rl.catalogue import Template
from hoyle.rl.encoding import Refinement
from hoyle.testing import dealt_places
from hoyle_rummy.turns import RummyTurns

DROP = Action("drop")
#: Counts of a five-card hand that are a dealt tonk.
DEALT_TONK = (49, 50)


class Tonk(RummyTurns):
    """Tonk's rules over the straight-rummy turn: its policies, the drop, the dealt
    tonk and the payouts."""

    # --- the turn's policies ------------------------------------------------------------

    def meld_rules(self, state: State) -> rummy.MeldRules:
        return rummy.MeldRules.basic()  # ace low, courts 10

    def hand_size(self, state: State) -> int:
        return 5

    def melds_per_turn(self, state: State) -> int | None:
        return None  # any number of spreads

    def reuse_stock(self, state: State) -> bool:
        return False  # an empty stock ends the hand

    # --- dealing: the dealt tonk ------------------------------------------------------

    def hoyle_deal(self, state: State) -> bool:  # overrides RummyTurns' hook (its mark is kept)
        super().hoyle_deal(state)
        counts = self.counts(state)
        n = len(state.players)
        dealer = int(state.public["dealer"])
        for seat in ((dealer + 1 + k) % n for k in range(n)):
            if counts[seat] in DEALT_TONK:
                self.end_deal(state, "dealt tonk", winner=seat)
                break
        return True

    # --- dropping -----------------------------------------------------------------------

    def draw_actions(self, state: State, seat: int) -> list[Action]:
        return [*super().draw_actions(state, seat), DROP]

    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        if action == DROP:
            self.end_deal(state, "drop", winner=seat, dropper=seat)
            return True
        return bool(super().hoyle_apply_action(state, seat, action))

    # --- how a hand ends ----------------------------------------------------------------

    def go_out(self, state: State, seat: int) -> None:
        self.end_deal(state, "tonk", winner=seat)

    def stock_exhausted(self, state: State, seat: int) -> None:
        counts = self.counts(state)
        low = min(counts)
        lowest = [s for s in state.seats if counts[s] == low]
        self.end_deal(state, "stock out", winner=lowest[0] if len(lowest) == 1 else None)

    # --- payouts ------------------------------------------------------------------------

    def payments(self, state: State) -> dict[tuple[int, int], int]:
        """This hand's payments, ``{(payer, payee): chips}``."""
        stake = int(state.options["stake"])
        reason, out = state.deal_end, state.public["outcome"]
        winner, counts = out["winner"], out["counts"]
        others = [s for s in state.seats if s != winner]
        if reason in ("tonk", "dealt tonk"):
            return {(s, winner): 2 * stake for s in others}
        if reason == "drop":
            caught = [s for s in others if counts[s] <= counts[winner]]
            if caught:
                return {(winner, s): 2 * stake for s in caught}
            return {(s, winner): stake for s in others}
        if winner is None:  # the stock ran out with a tie for lowest
            return {}
        return {(s, winner): stake for s in others}

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        paid = self.payments(state)
        self.ledger_add(state, paid)
        net = dict.fromkeys(state.seats, 0)
        for (payer, payee), chips in paid.items():
            net[payer] -= chips
            net[payee] += chips
        return net

    @hookimpl
    def hoyle_settle(self, state: State) -> dict[int, int]:
        return dict(enumerate(state.public["ledger"]))


OPTIONS = (
    Option(name="deals", default=5, doc="Hands in the match", minimum=1),
    Option(name="stake", default=1, doc="Chips a unit of payment", minimum=1),
)

VARIANT = Variant(
    name="tonk",
    rules=Tonk(),
    players=(2, 4),
    deck=lambda options: Deck.standard(),
    options=OPTIONS,
    family="rummy",
    description="Tonk: five cards, spread and hit, drop to win on the lowest count; a tonk (out, or 49-50 dealt) pays double.",
)


def dealing_order(state: State) -> DealingOrder:
    return DealingOrder(order=tuple(dealt_places(state)), stock="stock", hand="hand:{seat}", up_card="discard")


def rl_refinement(players: int, options: Any) -> Refinement:
    """What the RL encoding must have, whatever random play reaches: spreads and hits
    (their templates, and each seat's spreads on the table: a zone owned by the seat
    stands for its group) and the drop."""
    return Refinement(
        templates=(
            Template("meld", None, "choice"),
            Template("lay off", None, "choice"),
            Template("drop", None, "plain"),
        ),
        zones=tuple(Zone(f"meld:{seat}", seat, Zone.PUBLIC) for seat in range(players)),
        requires=("meld", "lay off", "drop", "discard"),
    )


@hookimpl
def hoyle_register_variants(register: Callable[[Variant], None]) -> None:
    register(VARIANT)


@hookimpl
def hoyle_register_dealing_orders(register: Callable[[str, Any], None]) -> None:
    register(VARIANT.name, dealing_order)


@hookimpl
def hoyle_register_default_bots(register: Callable[[str, str], None]) -> None:
    register(VARIANT.name, "rummy")  # the rummy bot plays any game on RummyTurns


@hookimpl
def hoyle_register_rl_encodings(register: Callable[[str, Any], None]) -> None:
    register(VARIANT.name, rl_refinement)
