"""Poker hand histories in PHH, the Poker Hand History format of PokerKit and the PHH
dataset: read them, replay them in hoyle, write hoyle hands as PHH.

    >>> from hoyle import phh
    >>> text = '''
    ... variant = 'NT'
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... min_bet = 2
    ... starting_stacks = [200, 200]
    ... actions = ['d dh p1 AsAd', 'd dh p2 7c2d', 'p2 cbr 6', 'p1 f']
    ... '''
    >>> game = phh.replay(text)
    >>> game.result["stacks"]
    [198, 202]

A PHH file is TOML (``tomllib`` reads it: single-quoted literal strings, comments,
floats). :func:`loads` returns its table as a dict. :func:`replay` deals the recorded
cards (a deck is built to match them; unknown cards ``????`` are filled with cards
nobody saw, or with the cards a player shows later) and plays the recorded actions
through the installed variant, so every chip rule is hoyle's own: the finishing
stacks it produces are hoyle's verdict on the hand.

Conventions (as PokerKit's): ``p1`` is the first seat left of the button (the small
blind); heads-up ``p1`` posts the big blind and ``p2``, the button, the small blind.
hoyle seats the players in PHH order with the button on the last seat, which gives
exactly these positions. ``blinds_or_straddles`` and ``antes`` list forced bets by
position. Amounts with decimals (some historical files) are scaled to whole chips for
the replay and scaled back in ``result["stacks"]``.

This module knows the format, not the games: each variant code is replayed by the
replayer an installed plugin registers through the ``hoyle_register_phh_replayers``
hook (:func:`replayers`; docs/plugins.md). The ``hoyle-poker`` plugin registers the flop
games ``NT``, ``PT``, ``FT`` (hold'em), ``NO``, ``PO``, ``FO``, ``NO/8``, ``PO/8``,
``FO/8`` (Omaha, hi-lo), ``NS``, ``PS``, ``FS`` (short-deck hold'em), the stud games and
the draw games (:mod:`hoyle_poker.phh_games`). A replayer uses the helpers here:
:func:`parse_cards`, :func:`player_index`, :func:`hand_actions`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal, DecimalException
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from hoyle._core import Card
from hoyle.engine.game import Game
from hoyle.errors import HoyleError, PluginError, ReplayError

if TYPE_CHECKING:
    from hoyle.registry import Registry

__all__ = [
    "REPLAYERS",
    "WRITERS",
    "HandHistory",
    "dump",
    "hand_actions",
    "load",
    "loads",
    "parse_cards",
    "player_index",
    "register_replayer",
    "replay",
    "replayers",
    "writers",
]

HandHistory = dict[str, Any]


def loads(text: str) -> HandHistory:
    """Parse PHH text into its table (a dict: ``variant``, ``starting_stacks``,
    ``actions``...). Raises :class:`~hoyle.errors.ReplayError` if it is not PHH."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ReplayError(f"not PHH (TOML): {exc}") from exc
    for key in ("variant", "starting_stacks", "actions"):
        if key not in data:
            raise ReplayError(f"PHH without {key!r}")
    return data


def load(path: str | Path) -> HandHistory:
    """Read a ``.phh`` file (see :func:`loads`)."""
    return loads(Path(path).read_text(encoding="utf-8"))


#: Replayers added by hand (:func:`register_replayer`), by PHH variant code; the
#: installed plugins' replayers come through the ``hoyle_register_phh_replayers`` hook.
#: Each takes the parsed hand history (amounts already whole chips) and returns the
#: finished hoyle game.
REPLAYERS: dict[str, Callable[..., Game]] = {}


def register_replayer(code: str, replayer: Callable[..., Game]) -> None:
    """Replay PHH files of variant ``code`` with ``replayer`` in this process (a plugin
    registers its replayers through the ``hoyle_register_phh_replayers`` hook instead);
    a code registered here wins over a plugin's."""
    REPLAYERS[code] = replayer


def replayers() -> dict[str, Callable[..., Game]]:
    """Every replayer by PHH variant code: those the installed plugins register through
    the ``hoyle_register_phh_replayers`` hook, then those of :func:`register_replayer`.

    >>> "NT" in replayers() and "FB" in replayers()   # with hoyle-poker installed
    True
    """
    from hoyle.plugins import default_registry

    found = dict(_plugin_table(default_registry(), "hoyle_register_phh_replayers"))
    found.update(REPLAYERS)
    return found


@lru_cache(maxsize=8)
def _plugin_table(registry: Registry, hook_name: str) -> Mapping[str, Callable[..., Any]]:
    """What the registry's plugins register through ``hook_name`` (``register(key, fn)``)."""
    table: dict[str, Callable[..., Any]] = {}
    for impl in getattr(registry.plugin_manager.hook, hook_name).get_hookimpls():

        def register(key: str, fn: Callable[..., Any], plugin: str = impl.plugin_name) -> None:
            if not isinstance(key, str) or not key or not callable(fn):
                raise PluginError(
                    f"plugin {plugin!r} registered {key!r} through {hook_name}: give a name and a function"
                )
            if key in table:
                raise PluginError(f"plugin {plugin!r} registers {key!r} through {hook_name}, already registered")
            table[key] = fn

        impl.function(register=register)
    return MappingProxyType(table)


def replay(source: str | Path | Mapping[str, Any], *, conventions: str = "cardroom") -> Game:
    """Replay a hand history (a path, PHH text or a parsed table) and return the
    finished game; ``game.result["stacks"]`` lists the final stacks in PHH player order.
    ``conventions`` is the betting games' option of that name (``"cardroom"`` or
    ``"pokerkit"``, see docs/poker-games.md). Raises :class:`~hoyle.errors.ReplayError`
    naming the action that does not replay."""
    if isinstance(source, Mapping):
        hh = dict(source)
    elif isinstance(source, Path) or (isinstance(source, str) and "\n" not in source and source.endswith(".phh")):
        hh = load(source)
    else:
        hh = loads(str(source))
    code = hh["variant"]
    table = replayers()
    if code not in table:
        raise ReplayError(
            f"PHH variant {code!r} has no replayer (known: {', '.join(sorted(table)) or 'none installed'})"
        )
    hh, scale = _whole_chips(hh)
    game = table[code](hh, conventions=conventions)
    if not game.is_over:
        raise ReplayError(f"the hand is not over after its last action (phase {game.phase}, seat {game.to_act} to act)")
    assert game.result is not None
    if scale != 1:
        game.result["stacks"] = [float(Decimal(x) / scale) for x in game.state.stacks]
        game.result["chip_scale"] = scale
    return game


# --- amounts -----------------------------------------------------------------------------

_AMOUNT_KEYS = ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks")
_SCALAR_KEYS = ("min_bet", "small_bet", "big_bet", "bring_in")


def _places(amount: Any) -> int:
    """How many decimal places ``amount`` has (0 for a whole number)."""
    try:
        exponent = Decimal(str(amount)).normalize().as_tuple().exponent
    except DecimalException:  # not a number at all ("abc"), or beyond the decimal context
        raise ReplayError(f"amount {amount!r} is not a number") from None
    if not isinstance(exponent, int):  # "n", "N", "F": NaN or infinity
        raise ReplayError(f"amount {amount!r} is not a finite number")
    return -exponent


def _whole_chips(hh: HandHistory) -> tuple[HandHistory, int]:
    """Scale every amount by the smallest power of ten that makes them whole."""
    amounts: list[Any] = [x for k in _AMOUNT_KEYS for x in hh.get(k, [])]
    amounts += [hh[k] for k in _SCALAR_KEYS if k in hh]
    amounts += [a.split()[2] for a in hh["actions"] if a.split()[1:2] == ["cbr"]]
    places = max((_places(x) for x in amounts), default=0)
    scale = 10 ** max(places, 0)
    if scale == 1 and all(isinstance(x, int) or str(x).isdigit() for x in amounts):
        return hh, 1
    out = dict(hh)
    for k in _AMOUNT_KEYS:
        if k in hh:
            out[k] = [int(Decimal(str(x)) * scale) for x in hh[k]]
    for k in _SCALAR_KEYS:
        if k in hh:
            out[k] = int(Decimal(str(hh[k])) * scale)
    actions = []
    for a in hh["actions"]:
        w = a.split()
        if w[1:2] == ["cbr"]:
            w[2] = str(int(Decimal(w[2]) * scale))
        actions.append(" ".join(w))
    out["actions"] = actions
    return out, scale


# --- parsing actions ---------------------------------------------------------------------


def parse_cards(text: str) -> list[Card | None]:
    """``"AsKd"`` -> cards; ``"??"`` is an unknown card (None). Raises
    :class:`~hoyle.errors.ReplayError` naming text that is not cards.

    >>> parse_cards("As??")
    [Card('As'), None]
    """
    text = text.replace(" ", "")
    if len(text) % 2:
        raise ReplayError(f"cards {text!r}: two characters per card")
    try:
        return [None if text[i : i + 2] == "??" else Card(text[i : i + 2]) for i in range(0, len(text), 2)]
    except (HoyleError, ValueError) as exc:
        raise ReplayError(f"cards {text!r}: {exc}") from exc


def player_index(word: str, n: int) -> int:
    """``"p3"`` -> 2, the player's index in PHH order; raises
    :class:`~hoyle.errors.ReplayError` if ``word`` is not one of ``p1..pN``.

    >>> player_index("p3", 6)
    2
    """
    if not (word.startswith("p") and word[1:].isdigit() and 1 <= int(word[1:]) <= n):
        raise ReplayError(f"{word!r} is not a player p1..p{n}")
    return int(word[1:]) - 1


def hand_actions(hh: Mapping[str, Any]) -> list[str]:
    """The hand history's actions without their comments (``# ...``) and empty ones.

    >>> hand_actions({"actions": ["p1 f # tanks", " "]})
    ['p1 f']
    """
    return [a for a in (x.split("#", 1)[0].strip() for x in hh["actions"]) if a]


# --- writing -----------------------------------------------------------------------------

#: Writers added by hand, by variant name (see :data:`REPLAYERS`).
WRITERS: dict[str, Callable[[Game], str]] = {}


def writers() -> dict[str, Callable[[Game], str]]:
    """Every PHH writer by variant name: those the installed plugins register through
    the ``hoyle_register_phh_writers`` hook, then those added to :data:`WRITERS`."""
    from hoyle.plugins import default_registry

    found = dict(_plugin_table(default_registry(), "hoyle_register_phh_writers"))
    found.update(WRITERS)
    return found


def dump(game: Game) -> str:
    """A one-hand hoyle game as PHH text (PokerKit loads it), written by the writer the
    game's plugin registers (``hoyle-poker``: the flop games ``NT``, ``PO``, ``FO/8``,
    ``NS``..., the stud games ``F7S``, ``F7S/8``, ``FR`` and the draw games ``N2L1D``,
    ``F2L3D``, ``FB``...; see :mod:`hoyle_poker.phh_dump`). Raises
    :class:`~hoyle.errors.ReplayError` for a game no plugin writes."""
    name = game.variant.name
    table = writers()
    if name not in table:
        raise ReplayError(f"{name} has no PHH writer (known: {', '.join(sorted(table)) or 'none installed'})")
    return table[name](game)


def _iter_corpus(root: str | Path, codes: Sequence[str] | None = None) -> list[Path]:
    """The ``.phh`` files under ``root`` (sorted), optionally of the given codes."""
    files = sorted(Path(root).rglob("*.phh"))
    if codes is None:
        return files
    return [f for f in files if load(f)["variant"] in codes]
