"""Gin's compiled reinforcement-learning table (``hoyle.rl.kernel``, docs/rl.md): plain
two-player gin, one deal, played by the Rust core's gin deal (``hoyle._core.GinDeal``:
rust/rummy/gin_deal.rs) from the position the Python rules dealt.

The kernel plays exactly these encodings (any other gets the Python table):
``gin-rummy`` with two players, no house rules, option ``deals=1``, any values of
``target``, ``first_dealer``, ``gin_bonus``, ``undercut_bonus``, ``box_bonus``,
``game_bonus``, ``shutout`` and ``dealer``, and ``late_pickup``, ``retake`` and
``eleven_card_start`` off; and only while every field of the encoding's layout is one
it writes (the derived gin layout, the ``discard_order`` plane and the ``known`` plane). Oklahoma gin, three
or four players and matches of several deals keep the Python table.

    >>> import hoyle.rl
    >>> from hoyle.rl.kernel import new_table
    >>> type(new_table(hoyle.rl.encoding("gin-rummy", options={"deals": 1}), seed=1)).__name__
    'GinTable'
    >>> type(new_table(hoyle.rl.encoding("gin-rummy", options={"deals": 2}), seed=1)).__name__
    'Table'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hoyle import Card
from hoyle._core import GinDeal, GinKernel
from hoyle.engine.game import Game
from hoyle.errors import InvalidArgumentError
from hoyle.rl.catalogue import Template
from hoyle.rl.encoding import Encoding
from hoyle.rl.kernel import KernelMaker, KernelTable

from hoyle_rummy.common import DRAW_DISCARD, DRAW_STOCK, PASS
from hoyle_rummy.gin import GIN
from hoyle_rummy.gin_state import gin_phase, one_table
from hoyle_rummy.gin_table import DISCARDS, KNOCKS
from hoyle_rummy.rl_encoding import KnownCards

#: The options the kernel scores with (passed to it), and those it only reads from the game.
_SCORING = ("gin_bonus", "undercut_bonus", "box_bonus", "game_bonus", "target", "shutout", "dealer")
_PLAYED = frozenset((*_SCORING, "deals", "first_dealer", "late_pickup", "retake", "eleven_card_start"))
#: The options that must be off (the Python table plays them).
_OFF = ("late_pickup", "retake", "eleven_card_start")
_TEMPLATES = (
    Template("draw", "discard", "plain"),
    Template("draw", "stock", "plain"),
    Template("pass", None, "plain"),
    Template("discard", None, "card"),
    Template("knock", None, "card"),
)


class GinTable(KernelTable, GinDeal):
    """A two-player gin deal played by the Rust core, as a ``hoyle.rl`` table (see the
    module docs and :class:`hoyle.rl.kernel.KernelTable`)."""


def options_played(options: Mapping[str, Any]) -> dict[str, Any] | None:
    """The resolved options (defaults filled in) if the kernel plays them, else None."""
    if set(options) - _PLAYED:
        return None
    resolved = {o.name: o.default for o in GIN.options} | dict(options)
    if resolved["deals"] != 1 or any(resolved[name] for name in _OFF):
        return None
    return resolved


def _layout_args(enc: Encoding) -> dict[str, Any] | None:
    """The encoding's layout as the kernel's arguments (None: a field it does not write)."""
    layout, n = enc.layout, enc.players
    offsets = layout.offsets
    at = offsets["seat"]
    phases = len(layout.phases)
    # The scalar block's order (hoyle.rl.observation.Layout): the kernel writes it so.
    if offsets["scores"] != at + 2 * n + 2 + phases + 2 + 2 * n or layout.width != 52:
        return None
    orders = []
    known = None
    for feature in layout.features:
        zone = getattr(feature, "order_of", None)
        if isinstance(feature, KnownCards):
            known = offsets[feature.name]  # the compiled deal keeps the cards taken from the pile
        elif not isinstance(zone, str):
            return None  # a feature written in Python: the kernel cannot
        else:
            orders.append((zone, offsets[feature.name]))
    counts = offsets["counts"]
    return {
        "size": layout.size,
        "groups": [(g, offsets.get(f"cards[{g}]", -1), counts + i) for i, g in enumerate(layout.groups)],
        "tops": [(t, offsets[f"top[{t}]"]) for t in layout.tops],
        "orders": orders,
        "known": known,
        "scalar_at": at,
        "phases": list(layout.phases),
        "public": [(key, offsets[f"public.{key}"], length) for key, length in layout.public.items()],
    }


def gin_kernel(enc: Encoding) -> KernelMaker | None:
    """The kernel factory of ``gin-rummy`` (see the module docs): the maker of the
    encoding's compiled tables, or None when the kernel does not play it."""
    if enc.variant != GIN.name or enc.players != 2 or enc.house_rules or enc.reactions:
        return None
    options = options_played(enc.options)
    args = _layout_args(enc)
    base = enc.catalogue.base
    if options is None or args is None or any(t not in base for t in _TEMPLATES):
        return None
    cards = [Card.from_index(i) for i in range(52)]
    known = next((f for f in enc.layout.features if isinstance(f, KnownCards)), None)
    draw_discard, draw_stock, pass_, discard, knock = (base[t] for t in _TEMPLATES)
    slots = (draw_discard, draw_stock, pass_, discard, knock)
    scoring = {name: options[name] for name in _SCORING}
    if scoring["target"] is None:
        scoring["target"] = 100
    try:
        kernel = GinKernel(
            **args,
            slots=(enc.catalogue.size, *slots),
            actions=(DRAW_DISCARD, DRAW_STOCK, PASS, [DISCARDS[c] for c in cards], [KNOCKS[c] for c in cards]),
            scoring=scoring,
        )
    except InvalidArgumentError:  # a layout field or option value it does not know
        return None

    def make(game: Game) -> GinTable:
        state = game.state
        public, zones = one_table(state), state.zones
        first, dealer = public["players"]
        taken = public["taken"]
        if state.to_act is None:
            raise InvalidArgumentError("the game is over: a compiled table starts from a position with a seat to act")
        table = GinTable(
            kernel,
            (zones["hand:0"].cards, zones["hand:1"].cards),
            zones["stock"].cards,
            zones["discard"].cards,
            first,
            dealer,
            state.phase,
            state.to_act,
            public["passes"],
            public["stock_only"],
            Card(taken) if taken is not None else None,
            # the up-card still offered: nothing taken yet (the scan would cost the deal's time again)
            None if known is None or gin_phase(state) == "offer" else known.held(state),
        )
        table.bind(enc, game, make)
        return table

    return make
