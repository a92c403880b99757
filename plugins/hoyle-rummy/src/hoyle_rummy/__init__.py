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

from hoyle import hookimpl

from hoyle_rummy.basic import BASIC
from hoyle_rummy.contract import CONTRACT
from hoyle_rummy.dime import DIME
from hoyle_rummy.five_hundred import FIVE_HUNDRED
from hoyle_rummy.gin import GIN, OKLAHOMA
from hoyle_rummy.seven_card import SEVEN_CARD
from hoyle_rummy.wrotham import WROTHAM


@hookimpl
def hoyle_register_variants(register: Any) -> None:
    register(GIN)
    register(OKLAHOMA)
    register(BASIC)
    register(SEVEN_CARD)
    register(FIVE_HUNDRED)
    register(WROTHAM)
    register(DIME)
    register(CONTRACT)


@hookimpl
def hoyle_register_bots(register: Any) -> None:
    from hoyle_rummy.bots import ContractBot, GinBot, RummyBot

    register("gin", GinBot)
    register("contract", ContractBot)
    register("rummy", RummyBot)
