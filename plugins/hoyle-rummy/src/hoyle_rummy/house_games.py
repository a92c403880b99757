"""Named games that are basic rummy with house rules fixed: Round the Corner, High-Low
and One Meld rummy (docs/rules/rummy.md#c7-5, #c7-6, #c7-7). Each is a registered
preset over basic rummy's own rules object (:mod:`hoyle_rummy.basic`): the same deal,
turn and scoring, with some options fixed (an option with a single choice) and others
defaulting differently. Every other basic-rummy option stays available.

* ``round-the-corner-rummy`` (Continuity Rummy): runs may wrap - the ace follows the
  king and precedes the two (Q-K-A-2, K-A-2-3; no card twice, so at most 13 cards).
  An ace left in hand counts 15 (option ``ace_points`` 1).
* ``high-low-rummy``: an ace is high or low - A-2-3 and Q-K-A are runs, K-A-2 is not;
  an ace left in hand counts 15 (option ``ace_points`` 11, Parlett's value).
* ``one-meld-rummy``: at most one meld (a set or a run) per turn, any number of
  lay-offs; the several-melds house rule is not available.

    >>> import hoyle
    >>> game = hoyle.new_game("round-the-corner-rummy", seed=3)
    >>> game.state.options["ace"], game.state.options["ace_points"]
    ('round-the-corner', 15)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hoyle import Variant

from hoyle_rummy.basic import BASIC, OPTIONS, fixed, preset_options


def preset(name: str, description: str, **changes: Mapping[str, Any]) -> Variant:
    """A named game over basic rummy's rules object with some options changed."""
    return Variant(
        name=name,
        rules=BASIC.rules,
        players=BASIC.players,
        deck=BASIC.deck,
        options=preset_options(OPTIONS, **changes),
        family="rummy",
        description=description,
    )


ROUND_THE_CORNER = preset(
    "round-the-corner-rummy",
    "Round the Corner (Continuity) rummy: basic rummy whose runs wrap past the ace (K-A-2); ace 15.",
    ace=fixed("round-the-corner"),
    ace_points={"default": 15, "choices": (15, 1), "doc": "An ace left in hand counts 15, or 1"},
)

HIGH_LOW = preset(
    "high-low-rummy",
    "High-Low rummy: basic rummy with the ace high or low (A-2-3 and Q-K-A, never K-A-2); ace 15.",
    ace=fixed("high-or-low"),
    ace_points={"default": 15, "choices": (15, 11), "doc": "An ace left in hand counts 15, or 11 (Parlett)"},
)

ONE_MELD = preset(
    "one-meld-rummy",
    "One Meld rummy: basic rummy with at most one meld per turn, any number of lay-offs.",
    several_melds=fixed(False),
)
