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

    >>> import hoyle
    >>> game = hoyle.new_game("michigan-rummy", players=3, seed=2)
    >>> game.state.options["several_melds"], game.state.options["discard_to_go_out"]
    (True, True)
"""

from __future__ import annotations

from hoyle import Action, State, Variant, hookimpl

from hoyle_rummy.basic import BASIC, BasicRummy, fixed, preset_options
from hoyle_rummy.basic import OPTIONS as BASIC_OPTIONS
from hoyle_rummy.spread_pile import SpreadPileDraw

OPTIONS = preset_options(
    tuple(o for o in BASIC_OPTIONS if o.name not in ("stock_end", "stock_limit")),
    several_melds=fixed(True, "any number of melds per turn"),
    discard_to_go_out=fixed(True, "the last card is discarded"),
)


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
        state.public["passes"] = 0

    def stock_exhausted(self, state: State, seat: int) -> None:
        """A pass with the stock empty; a full round of passes ends the deal."""
        pub = state.public
        pub["passes"] += 1
        state.log("pass", seat)
        if pub["passes"] >= len(state.players):
            super().stock_exhausted(state, seat)
        else:
            self.start_turn(state, (seat + 1) % len(state.players))

    @hookimpl
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        if action.kind == "draw":
            state.public["passes"] = 0
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
