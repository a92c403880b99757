"""Basic (straight) rummy, docs/rules/rummy.md#c0 and #c1, with every C1 house rule as an option.

2 to 6 players, 52 cards, ace low; cards count K Q J 10 = 10, ace 1, others face
value. Deal: two players 10 cards each, three or four 7, five or six 6, one at a time
starting left of the dealer; the next card face up starts the discard pile. The first
dealer is drawn from the seeded generator (option ``first_dealer`` fixes it); then the
deal passes left (between two players it alternates). The player left of the dealer
(the non-dealer, with two) plays first.

The turn (see :mod:`hoyle_rummy.turns` for the action texts): draw the top card of the
stock or of the discard pile; then meld (one meld per turn) and lay off any number of
cards on anyone's melds; then discard one card - not the card just taken from the
discard pile. Getting rid of the last card (by meld, lay-off or discard) ends the hand
at once. When the stock is empty and the next player declines the discard (``draw
stock``), the discard pile is turned over, unshuffled, as the new stock.

Scoring: the winner scores the total of the cards left in the other hands. The game
runs to ``target`` points, or with ``deals`` set, for that many deals. At the end each
pair of players settles the difference of their scores (zero-sum).

House rules (options, standard play first):

* ``several_melds``: any number of melds per turn.
* ``going_rummy``: going out in one turn with no earlier meld or lay-off ``double``\\ s
  the hand's score (and the per-hand payments), or adds 10 (``plus-10``: the winner's
  score, or under penalty scoring each loser's penalty; per-hand payments stay the
  counts).
* ``layoff_after_meld``: lay off only after a meld of one's own (earlier in the hand or
  this turn).
* ``ace``: ``high-or-low`` (Q-K-A and A-2-3, never K-A-2; an ace counts 15) or
  ``round-the-corner`` (K-A-2 runs too; an ace counts 1).
* ``discard_to_go_out``: the last card must be a discard.
* ``stock_end``: ``shuffle`` the discards (with the deal's seeded generator) before
  reusing them; or ``block`` (Block rummy): no reuse - when the stock is empty and the
  next player declines the discard (``pass``) the hand ends and the lowest hand wins,
  scoring the sum of the differences to every other hand (A 6, B 15, C 7, D 21: A
  scores 9 + 1 + 15 = 25); tied lowest hands share the sum of the differences equally
  (A 6, B 6, C 15, D 21: A and B score 12 each), a remainder that does not divide going
  one point each to the tied players in turn from the dealer's left
  (:func:`block_shares`).
* ``stock_limit``: 2 or 3 - when the stock runs out for that time and the next player
  declines the discard, play ends and the hand scores nothing (a void hand).
* ``count_stock``: a player may ``count stock`` once per turn; the count is announced to
  all (a public ``count_stock`` event).
* ``scoring``: ``penalty`` - each loser scores the count of their own hand as penalty
  points (under Block rummy: every hand but the lowest); the game ends when someone
  reaches ``target`` (100) and the lowest total wins; the settlement is the differences,
  reversed.
* ``settlement``: ``per-hand`` - every hand, each loser pays the winner their count
  (Block rummy: each loser pays its difference; the tied winners share the sum as they
  score it); the match settlement is
  the sum of those payments.

    >>> import hoyle
    >>> game = hoyle.new_game("rummy", players=3, seed=7)
    >>> game.phase, len(game.state.zone("hand:0").cards)
    ('draw', 7)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import cache
from typing import Any

from hoyle import Deck, Option, State, Variant, hookimpl, rummy

from hoyle_rummy.common import deals_option, stock_limit_option
from hoyle_rummy.rummy_state import deal_outcome, public
from hoyle_rummy.turns import RummyTurns

_ACE_RULES = {
    "low": rummy.MeldRules.basic(),
    "high-or-low": rummy.MeldRules.basic().replace(ace="high_or_low", values={"A": 15}),
    "round-the-corner": rummy.MeldRules.basic().replace(ace="round_the_corner"),
}


OPTIONS = (
    Option(name="target", default=100, doc="Points that end the game", minimum=1),
    deals_option(),
    Option(
        name="first_dealer",
        default=-1,
        doc="Who deals first: -1 drawn at random (from the seed), or a seat",
        choices=(-1, 0, 1, 2, 3, 4, 5),
    ),
    Option(name="several_melds", default=False, doc="Any number of melds per turn (standard: one)"),
    Option(
        name="going_rummy",
        default="none",
        doc="Going out in one turn with nothing melded before",
        choices=("none", "double", "plus-10"),
    ),
    Option(name="layoff_after_meld", default=False, doc="Lay off only after a meld of one's own"),
    Option(
        name="ace",
        default="low",
        doc="Aces low; high or low (ace counts 15); or round the corner",
        choices=tuple(_ACE_RULES),
    ),
    Option(
        name="ace_points",
        default=0,
        doc="An ace in hand counts: 0 as the ace rule says (1, or 15 high or low), or 1, 11 or 15",
        choices=(0, 1, 11, 15),
    ),
    Option(name="discard_to_go_out", default=False, doc="The last card must be discarded to go out"),
    Option(
        name="stock_end",
        default="turn-over",
        doc="Empty stock: turn the discards over, shuffle them, or end the hand (Block rummy)",
        choices=("turn-over", "shuffle", "block"),
    ),
    stock_limit_option(),
    Option(name="count_stock", default=False, doc="A player may count the stock, announcing the count"),
    Option(
        name="scoring",
        default="winner",
        doc="The winner scores the others' hands, or losers score penalty points",
        choices=("winner", "penalty"),
    ),
    Option(
        name="settlement",
        default="game",
        doc="Settle score differences at the end, or losers pay the winner each hand",
        choices=("game", "per-hand"),
    ),
)


def preset_options(options: tuple[Option, ...], **changes: Mapping[str, Any]) -> tuple[Option, ...]:
    """``options`` with some options' fields changed, for a named game that is another
    game with fixed house rules: ``preset_options(OPTIONS, ace={"default": "high-or-low",
    "choices": ("high-or-low",)})`` (a one-choice option is a fixed rule).

    >>> [o.default for o in preset_options(OPTIONS, target={"default": 50}) if o.name == "target"]
    [50]
    """
    unknown = set(changes) - {o.name for o in options}
    assert not unknown, f"no such options: {unknown}"
    return tuple(dataclasses.replace(o, **changes[o.name]) if o.name in changes else o for o in options)


def fixed(value: object, doc: str | None = None) -> dict[str, object]:
    """The changes (for :func:`preset_options`) that fix an option at ``value``."""
    return {"default": value, "choices": (value,), "doc": f"Fixed in this game: {doc or value}"}


@cache
def ace_rules(ace: str, ace_points: int = 0) -> rummy.MeldRules:
    """The meld rules of an ``ace`` option value, an ace counting ``ace_points`` (0: the
    ace rule's own value)."""
    rules = _ACE_RULES[ace]
    return rules.replace(values={"A": ace_points}) if ace_points else rules


class BasicRummy(RummyTurns):
    """The rule hooks of basic rummy and its house rules (see the module docs)."""

    def meld_rules(self, state: State) -> rummy.MeldRules:
        return ace_rules(state.options["ace"], state.options["ace_points"])

    def lowest_wins_stock_out(self, state: State) -> bool:
        """Whether a hand that ends with the stock out and nobody out is won by the lowest
        hand (Block rummy); otherwise it is void."""
        return bool(state.options["stock_end"] == "block")

    def melds_per_turn(self, state: State) -> int | None:
        return None if state.options["several_melds"] else 1

    def may_lay_off(self, state: State, seat: int) -> bool:
        return not state.options["layoff_after_meld"] or bool(public(state)["has_melded"][seat])

    def reuse_stock(self, state: State) -> bool:
        return state.options["stock_end"] != "block" and super().reuse_stock(state)

    def shuffle_reused(self, state: State) -> bool:
        return bool(state.options["stock_end"] == "shuffle")

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        pub, opts = public(state), state.options
        out = deal_outcome(state)
        counts: list[int] = out["counts"]
        penalty = opts["scoring"] == "penalty"
        winner = out["winner"]
        pub["next_dealer"] = self.next_dealer(state, winner)
        if winner is None:
            if not self.lowest_wins_stock_out(state):
                return {}  # the stock limit: a void hand
            shares = block_shares(counts, int(pub["dealer"]))
            losers = [s for s in state.seats if s not in shares]
            ledger = pub["ledger"]
            for seat in state.seats:
                ledger[seat] += shares[seat] if seat in shares else -(counts[seat] - min(counts))
            if penalty:
                return {lo: counts[lo] for lo in losers}
            return shares
        rummy_bonus = out["rummy"] and opts["going_rummy"] != "none"
        mult = 2 if rummy_bonus and opts["going_rummy"] == "double" else 1
        bonus = 10 if rummy_bonus and opts["going_rummy"] == "plus-10" else 0
        losers = [s for s in state.seats if s != winner]
        self.ledger_add(state, {(lo, winner): counts[lo] * mult for lo in losers})
        if penalty:
            return {lo: counts[lo] * mult + bonus for lo in losers}
        return {winner: sum(counts[lo] for lo in losers) * mult + bonus}

    @hookimpl
    def hoyle_settle(self, state: State) -> dict[int, int]:
        if state.options["settlement"] == "per-hand":
            return dict(enumerate(public(state)["ledger"]))
        return self.settle_by_scores(state, lowest_wins=state.options["scoring"] == "penalty")


def block_shares(counts: list[int], dealer: int) -> dict[int, int]:
    """Block rummy: what each lowest hand scores. The lowest hands share the sum of the
    differences between each other hand and theirs equally; when it does not divide,
    the points left over go one each to the tied players in turn from the dealer's left
    (as odd chips are given out in poker), so the whole sum is always scored.

    >>> block_shares([6, 6, 15, 21], dealer=3)
    {0: 12, 1: 12}
    >>> block_shares([30, 30, 47], dealer=0)
    {1: 9, 0: 8}
    """
    low = min(counts)
    n = len(counts)
    tied = [s for s in ((dealer + 1 + i) % n for i in range(n)) if counts[s] == low]
    share, left = divmod(sum(c - low for c in counts), len(tied))
    return {s: share + (1 if i < left else 0) for i, s in enumerate(tied)}


def _deck(options: Any) -> Deck:
    return Deck.standard()


BASIC = Variant(
    name="rummy",
    rules=BasicRummy(),
    players=(2, 6),
    deck=_deck,
    options=OPTIONS,
    family="rummy",
    description="Basic (straight) rummy: one meld per turn, lay off on anyone's melds, the winner scores the others' hands.",
)
