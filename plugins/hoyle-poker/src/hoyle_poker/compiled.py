"""The compiled hold'em hand: the settings under which a ``texas-holdem`` hand is played
whole in Rust by the betting machine (``hoyle._core.FlopHand``, ``rust/variants/flop.rs``)
instead of by the Python engine, and how the options map onto it (docs/poker-games.md,
"The compiled hand").

The compiled hand plays the cardroom conventions under the strict procedure, one hand
of one run of the board with an automatic showdown and no blinds posted out of position;
any other setting returns None and the Python engine plays. The lockstep test
(``tests/test_compiled_flop.py``) plays both side by side.

    >>> from hoyle._core import Deck, FlopHand
    >>> rules = compiled_rules("texas-holdem", {**DEFAULTS, "structure": "pot-limit"}, players=3)
    >>> rules["structure"], rules["blinds"]
    ('pot-limit', [1, 2])
    >>> FlopHand(Deck.standard(), [200, 200, 200], **rules).range
    (4, 7)
    >>> compiled_rules("texas-holdem", {**DEFAULTS, "procedure": "cardroom"}, players=3) is None
    True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hoyle._core import simulate_flop_random

from hoyle_poker.flop import VARIANTS, forced_bets

#: The variants with a compiled form.
COMPILED_VARIANTS = ("texas-holdem",)

#: ``texas-holdem``'s default options (what a game started without options plays).
DEFAULTS: Mapping[str, Any] = {o.name: o.default for v in VARIANTS if v.name == "texas-holdem" for o in v.options}

#: The options and the only values of them the compiled hand plays.
_ONLY = {"procedure": "strict", "conventions": "cardroom", "hands": 1, "runs": 1, "posts": "", "showdown": "auto"}


def compiled_rules(
    variant: str, options: Mapping[str, Any], players: int, house_rules: tuple[str, ...] = ()
) -> dict[str, Any] | None:
    """The keyword arguments of ``hoyle._core.FlopHand`` (and
    ``simulate_flop_random``) that play ``variant`` under ``options`` with ``players``
    seats dealt in, or None when the compiled hand does not play these settings."""
    if variant not in COMPILED_VARIANTS or house_rules:
        return None
    if any(options.get(name, value) != value for name, value in _ONLY.items()):
        return None
    blinds, antes, bet_sizes, min_bet = forced_bets(options)
    if antes is None:
        antes = [options["ante"]] * players if options["ante"] else []
    return {
        "structure": options["structure"],
        "blinds": list(blinds),
        "antes": list(antes),
        "min_bet": min_bet,
        "bet_sizes": list(bet_sizes),
        "short_all_in": options["short_all_in"],
        "fold_when_check": options["fold_when_check"] == "allow",
    }


def native_holdem(options: Mapping[str, Any], bots: Sequence[str]) -> Callable[[int, int, int], tuple[Any, Any]] | None:
    """The native form of a simulation of ``texas-holdem`` (the
    ``hoyle_register_native_simulations`` hook): random bots on every seat, and settings
    the compiled hand plays (:func:`compiled_rules`); else None."""
    if any(bot != "random" for bot in bots):
        return None
    rules = compiled_rules("texas-holdem", options, players=len(bots))
    if rules is None:
        return None
    stacks = [int(options["stack"])] * len(bots)

    def run(seed: int, first: int, games: int) -> tuple[Any, Any]:
        return simulate_flop_random(stacks, seed, first, games, threads=1, **rules)

    return run
