"""The rummy family as hoyle plugins: gin rummy and Oklahoma gin (more variants follow).

    >>> import hoyle
    >>> game = hoyle.new_game("gin-rummy", seed=1)
    >>> game.phase
    'offer'
"""

from __future__ import annotations

from typing import Any

from hoyle import hookimpl
from hoyle_rummy.contract import CONTRACT
from hoyle_rummy.gin import GIN, GIN3, GIN4, OKLAHOMA


@hookimpl
def hoyle_register_variants(register: Any) -> None:
    register(GIN)
    register(OKLAHOMA)
    register(CONTRACT)
    register(GIN3)
    register(GIN4)


@hookimpl
def hoyle_register_bots(register: Any) -> None:
    from hoyle_rummy.bots import ContractBot, GinBot

    register("gin", GinBot)
    register("contract", ContractBot)
