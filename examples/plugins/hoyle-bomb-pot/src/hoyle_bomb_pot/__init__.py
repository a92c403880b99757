"""A bomb pot every N hands, a house rule on hoyle's public API only.

In a session of hold'em or Omaha (option ``hands``), every ``bomb_every``-th hand is a
bomb pot: no blinds, every player dealt in antes ``bomb_ante``, and there is no betting
before the flop - the flop is dealt at once and the betting starts there, from the
first player left of the button. The other hands are played as the options say. It is
the flop games' per-hand forced-bet hook (``hoyle_forced_bets``, docs/plugins.md
"Betting games").

    >>> import hoyle
    >>> game = hoyle.new_game("texas-holdem", players=3, seed=1, house_rules=["bomb-pot"],
    ...                       options={"bomb_every": 1, "bomb_ante": 5})
    >>> game.phase, game.state.pot
    ('flop', 15)
"""

from __future__ import annotations

from collections.abc import Callable

from hoyle import HouseRule, Option, State, hookimpl
from hoyle_poker.flop import ForcedBets

OPTIONS = (
    Option(name="bomb_every", default=5, doc="Every N-th hand is a bomb pot (1: every hand)", minimum=1),
    Option(name="bomb_ante", default=10, doc="What every player antes in a bomb pot", minimum=1),
)


def is_bomb_pot(state: State) -> bool:
    """Whether the hand being dealt (``state.deal_number``, from 0) is a bomb pot."""
    every = int(state.options["bomb_every"])
    return state.deal_number % every == every - 1


class BombPot:
    """The rules object: one hook, the hand's forced bets."""

    @hookimpl
    def hoyle_forced_bets(self, state: State, bets: ForcedBets) -> ForcedBets | None:
        if not is_bomb_pot(state):
            return None  # the options' blinds and antes
        antes = (int(state.options["bomb_ante"]),) * len(state.public["dealt"])
        return bets._replace(blinds=(), antes=antes, first_round=False)


RULE = HouseRule(
    name="bomb-pot",
    rules=BombPot(),
    variants=("texas-holdem", "omaha"),
    options=OPTIONS,
    description="Every N-th hand a bomb pot: no blinds, everybody antes, the flop comes at once.",
)


@hookimpl
def hoyle_register_house_rules(register: Callable[[HouseRule], None]) -> None:
    register(RULE)
