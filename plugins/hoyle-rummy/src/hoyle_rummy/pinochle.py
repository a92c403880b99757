"""Pinochle rummy (docs/rules/rummy.md#c7-9): another name for 500 Rum, registered as a
preset over 500 Rum's own rules object (:mod:`hoyle_rummy.five_hundred`) with the same
options - the published variants, each valid for ``500-rum`` too:

* ``low_cards`` ``five``: the cards 2 to 9 count 5 each (on the table and in hand);
* ``jokers`` 1 or 2: wild jokers; a melded joker counts as the card it stands for (in the
  meld as it finally reads), a joker left in hand 15; ``packs`` 2 shuffles two packs
  together (for five or more players);
* ``min_run`` 4: runs of four or more only;
* ``face_down``: a meld that can take no more cards (four of a kind; a run from ace to
  king) is turned face down - its zone becomes hidden, event ``turn_down``; its cards
  still score for whoever played them.

    >>> import hoyle
    >>> game = hoyle.new_game("pinochle-rummy", players=3, seed=4, options={"jokers": 2})
    >>> len(game.state.deck)
    54
"""

from __future__ import annotations

from hoyle import Variant

from hoyle_rummy.five_hundred import FIVE_HUNDRED

PINOCHLE = Variant(
    name="pinochle-rummy",
    rules=FIVE_HUNDRED.rules,
    players=FIVE_HUNDRED.players,
    deck=FIVE_HUNDRED.deck,
    options=FIVE_HUNDRED.options,
    family="rummy",
    description="Pinochle rummy: 500 Rum under another name, with its published variants as options.",
)
