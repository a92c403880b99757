"""The rummy family as hoyle plugins: gin rummy (two, three and four players), Oklahoma
gin, basic rummy with its house rules, seven-card rummy, 500 Rum, Wrotham, dime and
contract rummy, and the gin and contract bots. Each variant lives in its own module.

    >>> import hoyle
    >>> game = hoyle.new_game("gin-rummy", seed=1)
    >>> game.phase
    'offer'
"""

from __future__ import annotations

from typing import Any

from hoyle import Variant, hookimpl

from hoyle_rummy import dealing
from hoyle_rummy.basic import BASIC
from hoyle_rummy.contract import CONTRACT
from hoyle_rummy.dime import DIME
from hoyle_rummy.five_hundred import FIVE_HUNDRED
from hoyle_rummy.gin import GIN, OKLAHOMA
from hoyle_rummy.rl_encoding import hoyle_register_rl_encodings as hoyle_register_rl_encodings
from hoyle_rummy.rl_encoding import hoyle_register_rl_kernels as hoyle_register_rl_kernels
from hoyle_rummy.seven_card import SEVEN_CARD
from hoyle_rummy.wrotham import WROTHAM


def variants() -> tuple[Variant, ...]:
    """Every variant of the plugin: the family, then the named games of
    docs/rules/rummy.md#c7 (imported here, one module each)."""
    from hoyle_rummy.boat_house import BOAT_HOUSE
    from hoyle_rummy.house_games import HIGH_LOW, ONE_MELD, ROUND_THE_CORNER
    from hoyle_rummy.indian import INDIAN
    from hoyle_rummy.kaluki import KALUKI
    from hoyle_rummy.michigan import MICHIGAN
    from hoyle_rummy.pinochle import PINOCHLE
    from hoyle_rummy.romme import ROMME
    from hoyle_rummy.scala40 import SCALA_40
    from hoyle_rummy.wild_card import WILD_CARD

    family = (GIN, OKLAHOMA, BASIC, SEVEN_CARD, FIVE_HUNDRED, WROTHAM, DIME, CONTRACT)
    catalogue = (
        ROUND_THE_CORNER,
        HIGH_LOW,
        ONE_MELD,
        WILD_CARD,
        PINOCHLE,
        MICHIGAN,
        BOAT_HOUSE,
        KALUKI,
        ROMME,
        SCALA_40,
        INDIAN,
    )
    return (*family, *catalogue)


@hookimpl
def hoyle_register_variants(register: Any) -> None:
    for variant in variants():
        register(variant)


@hookimpl
def hoyle_register_dealing_orders(register: Any) -> None:
    """How each variant deals, for :func:`hoyle.testing.rigged_deck`."""
    for variant in variants():
        register(variant.name, dealing.order_of(variant.name))


@hookimpl
def hoyle_register_bots(register: Any) -> None:
    from hoyle_rummy.bots import ContractBot, GinBot, RummyBot

    register("gin", GinBot)
    register("contract", ContractBot)
    register("rummy", RummyBot)


@hookimpl
def hoyle_register_default_bots(register: Any) -> None:
    """Every rummy variant's default bot: the bot whose ``variants`` name it
    (docs/rummy.md "Bots for every rummy game")."""
    from hoyle_rummy.bots import ContractBot, GinBot, RummyBot

    for name, bot in (("gin", GinBot), ("contract", ContractBot), ("rummy", RummyBot)):
        for variant in bot.variants:
            register(variant, name)
