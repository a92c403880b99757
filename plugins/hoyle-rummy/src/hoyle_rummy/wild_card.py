"""Wild Card rummy (docs/rules/rummy.md#c7-8): basic rummy with two wild jokers.

54 cards (52 + 2 jokers, ``Jk`` and ``Jk#1``); 2 to 6 players; deal, turn, stock and
scoring as basic rummy (:mod:`hoyle_rummy.basic`, whose options all apply), except:

* a wild card stands for any card in a set or a run, with no limit per meld (a meld
  still holds at least one natural card); option ``deuces_wild``: the four deuces are
  wild too (a deuce may also stand for itself); option ``naturals_outnumber`` (as in
  Kaluki): a meld needs more natural cards than wild cards (``5h Jk Jk#1`` is no meld);
* any number of melds per turn (Parlett's rule; option ``several_melds`` False: one, as
  basic rummy);
* on their turn, after drawing, a player may take a wild card from any meld by putting
  in its place, from hand, the natural card it represents: ``exchange 6h on 2`` (see
  :mod:`hoyle_rummy.exchange`); the wild card goes into the hand;
* a wild card left in hand counts 15; an ace 1 (15 under ``ace`` high-or-low, as in
  basic rummy).

    >>> import hoyle
    >>> game = hoyle.new_game("wild-card-rummy", seed=1)
    >>> len(game.state.deck), game.state.options["several_melds"]
    (54, True)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hoyle import Action, Deck, Option, State, Variant, hookimpl, rummy

from hoyle_rummy.basic import OPTIONS as BASIC_OPTIONS
from hoyle_rummy.basic import BasicRummy, ace_rules, preset_options
from hoyle_rummy.exchange import apply_exchange, exchange_actions
from hoyle_rummy.rummy_state import Kind

WILD_VALUE = 15

OPTIONS = (
    *preset_options(
        BASIC_OPTIONS,
        several_melds={"default": True, "doc": "Any number of melds per turn (False: one, as basic rummy)"},
    ),
    Option(name="deuces_wild", default=False, doc="The deuces are wild too (a deuce in hand counts 15)"),
    Option(name="naturals_outnumber", default=False, doc="A meld needs more natural cards than wild cards"),
)


@cache
def wild_card_rules(ace: str, ace_points: int, deuces_wild: bool, naturals_outnumber: bool = False) -> rummy.MeldRules:
    """Basic rummy's meld rules for an ``ace`` option with wild jokers (and deuces; and
    under ``naturals_outnumber`` more natural than wild cards in every meld)."""
    rules = ace_rules(ace, ace_points).replace(jokers_wild=True, joker_value=WILD_VALUE)
    if deuces_wild:
        rules = rules.replace(wild_ranks=["2"], values={"2": WILD_VALUE})
    return rules.replace(wild_share="fewer_than_naturals") if naturals_outnumber else rules


class WildCardRummy(BasicRummy):
    """The rule hooks of Wild Card rummy: basic rummy's, with wild cards to win back."""

    def meld_rules(self, state: State) -> rummy.MeldRules:
        opts = state.options
        return wild_card_rules(opts["ace"], opts["ace_points"], opts["deuces_wild"], opts["naturals_outnumber"])

    def play_actions(self, state: State, seat: int) -> list[Action]:
        return super().play_actions(state, seat) + exchange_actions(state, seat, self.meld_rules(state))

    @hookimpl
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        if action.kind == Kind.EXCHANGE:
            apply_exchange(state, seat, action, self.meld_rules(state))
            return True
        return bool(super().hoyle_apply_action(state, seat, action))


def _deck(options: Any) -> Deck:
    return Deck.standard(1, 2)


WILD_CARD = Variant(
    name="wild-card-rummy",
    rules=WildCardRummy(),
    players=(2, 6),
    deck=_deck,
    options=OPTIONS,
    family="rummy",
    description="Wild Card rummy: basic rummy with two wild jokers (deuces too, as an option) you can win back.",
)
