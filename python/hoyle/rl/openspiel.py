"""OpenSpiel games for every variant: ``hoyle.rl.openspiel_game(variant, **params)``.

    >>> import hoyle.rl
    >>> game = hoyle.rl.openspiel_game("texas-holdem", seeds=4)
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 4)

Each variant is registered with ``pyspiel.register_game`` as ``hoyle_<variant>`` (dashes
as underscores), so ``pyspiel.load_game("hoyle_gin_rummy", {"options": '{"deals": 1}'})``
works too (``options`` there as JSON without commas or in :func:`encode_options`' form). The game:

* starts at one chance node, the deal: ``seeds`` equally likely outcomes, outcome ``k``
  dealing the game of seed ``seed + k`` (every later shuffle follows from that seed);
* then one decision per move, as in :mod:`hoyle.rl.table` (reactions included), with the
  catalogue's slots as actions;
* ``returns()``: the settlement (or +1/-1 with ``reward="win-loss"``); declared zero-sum
  when the probe games' settlements summed to zero;
* ``observation_tensor``: the encoding's observation; ``information_state_tensor``: the
  observation, then the player's own last ``history`` slots (slot + 1, 0 before), the
  strings are the seat's view as JSON (with its redacted event log for the information
  state: perfect recall); ``clone`` copies the game, ``serialize`` stores the move history.

Parameters: ``players`` (2), ``options`` (a mapping, JSON text or
:func:`encode_options`' comma-free form, which OpenSpiel's game strings need),
``house_rules`` (separated by ``;``), ``seeds`` (64), ``seed`` (0), ``reward`` ("settlement"), ``history``
(64), ``max_utility`` (0: the stack times the other players for chip games, else 1000),
``max_game_length`` (0: the variant family's ``max_steps`` default,
:mod:`hoyle.rl.limits`; a game still going after that many decisions is terminal with
returns of 0 for every player - OpenSpiel has no truncation flag), ``compiled`` (True: a compiled table plays the episode
where a plugin's kernel plays the encoding, :mod:`hoyle.rl.kernel`; False: the Python
table).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

import hoyle
from hoyle.errors import InvalidArgumentError
from hoyle.rl.encoding import Encoding, encoding
from hoyle.rl.kernel import AnyTable, new_table
from hoyle.rl.limits import check_max_steps, episode_options
from hoyle.rl.settings import check_reward

DEFAULTS: dict[str, Any] = {
    "players": 2,
    "options": "{}",
    "house_rules": "",
    "seeds": 64,
    "seed": 0,
    "reward": "settlement",
    "history": 64,
    "max_utility": 0.0,
    "max_game_length": 0,
    "compiled": True,
    "omit": "",
}


def short_name(variant: str) -> str:
    return "hoyle_" + variant.replace("-", "_")


def _game_type(variant: str, zero_sum: bool) -> Any:
    v = hoyle.variants()[variant]
    return pyspiel.GameType(
        short_name=short_name(variant),
        long_name=f"hoyle {variant}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=v.players[1],
        min_num_players=max(1, v.players[0]),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(DEFAULTS),
    )


class HoyleSpielGame(pyspiel.Game):
    """A hoyle variant as an OpenSpiel game (see the module docs)."""

    #: The variant (each registered subclass sets it).
    variant = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        variant = self.variant
        p = {**DEFAULTS, **dict(params or {})}
        options = episode_options(variant, decode_options(p["options"]))
        house_rules = tuple(r for r in str(p["house_rules"]).split(";") if r)
        omit = tuple(r for r in str(p["omit"]).split(";") if r)
        self.enc: Encoding = encoding(variant, int(p["players"]), options, house_rules, omit=omit)
        self.reward_mode = check_reward(str(p["reward"]))
        self.seeds, self.seed, self.history = int(p["seeds"]), int(p["seed"]), int(p["history"])
        self.compiled = bool(p["compiled"])
        if self.seeds < 1 or self.history < 0:
            raise InvalidArgumentError(f"seeds={self.seeds}, history={self.history}: need seeds >= 1, history >= 0")
        bound = float(p["max_utility"])
        if bound <= 0:
            bound = 1.0 if self.reward_mode == "win-loss" else 1000.0
            if self.reward_mode == "settlement" and isinstance(self.enc.options.get("stack", 200), int):
                v = hoyle.variants()[variant]
                if v.family == "poker":
                    stack = int(self.enc.options.get("stack", 200))
                    bound = float(stack * (self.enc.players - 1) * int(self.enc.options.get("hands", 1)))
        self.max_length = check_max_steps(int(p["max_game_length"]) or None, variant, self.enc.options)
        zero_sum = self.enc.zero_sum or (self.reward_mode == "win-loss" and self.enc.players == 2)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.enc.action_size,
            max_chance_outcomes=self.seeds,
            num_players=self.enc.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=self.max_length,
        )
        params = {**p, "options": encode_options(options), "max_game_length": self.max_length}
        super().__init__(_game_type(variant, zero_sum), info, params)

    def new_initial_state(self) -> HoyleSpielState:
        return HoyleSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> HoyleObserver:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return HoyleObserver(self, perfect_recall)


class HoyleSpielState(pyspiel.State):
    """A hoyle game as an OpenSpiel state: a chance node, then the table's decisions."""

    def __init__(self, game: HoyleSpielGame) -> None:
        super().__init__(game)
        self.table: AnyTable | None = None
        self.own: list[list[int]] = [[] for _ in range(game.enc.players)]
        self.steps = 0
        self.max_length = game.max_length

    def _hoyle_game(self) -> HoyleSpielGame:
        game: HoyleSpielGame = self.get_game()
        return game

    def current_player(self) -> int:
        table = self.table
        if table is None:
            return int(pyspiel.PlayerId.CHANCE)
        if table.over or self.steps >= self.max_length:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = table.seat
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        assert self.table is not None
        return sorted(self.table.slots())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._hoyle_game().seeds
        return [(k, 1.0 / n) for k in range(n)]

    def _apply_action(self, action: int) -> None:
        game = self._hoyle_game()
        if self.table is None:
            self.table = new_table(game.enc, game.seed + int(action), game.compiled)
            return
        seat = self.table.seat
        assert seat is not None
        self.own[seat].append(self._canonical(int(action)))
        self.table.step(int(action))
        self.steps += 1

    def _canonical(self, slot: int) -> int:
        """The first slot of the action ``slot`` stands for: bet sizes that give the same
        amount act alike, so the information state keeps the action, not the size."""
        assert self.table is not None
        slots = self.table.slots()
        chosen = slots.get(slot)
        return min((s for s, a in slots.items() if a == chosen), default=slot)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal seed {self._hoyle_game().seed + action}"
        return str(self._hoyle_game().enc.catalogue.names[action])

    def is_terminal(self) -> bool:
        return self.table is not None and (self.table.over or self.steps >= self.max_length)

    @property
    def truncated(self) -> bool:
        """The game was cut at ``max_game_length`` decisions (its returns are 0)."""
        return self.table is not None and not self.table.over and self.steps >= self.max_length

    def returns(self) -> list[float]:
        game = self._hoyle_game()
        if self.table is None or self.truncated:
            return [0.0] * game.enc.players
        return self.table.rewards(game.reward_mode)

    def __str__(self) -> str:
        if self.table is None:
            return "(before the deal)"
        return json.dumps(self.table.game.view(None)["zones"])


class HoyleObserver:
    """OpenSpiel's Python observer: the encoding's observation, plus the player's own
    action history for the information state."""

    def __init__(self, game: HoyleSpielGame, perfect_recall: bool) -> None:
        self.enc, self.perfect_recall = game.enc, perfect_recall
        self.history = game.history if perfect_recall else 0
        size = self.enc.observation_size
        self.tensor = np.zeros(size + self.history, np.float32)
        self.dict = {"observation": self.tensor[:size], "history": self.tensor[size:]}

    def set_from(self, state: HoyleSpielState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.table is None:
            return
        state.table.observe_into(player, self.dict["observation"])
        if self.history:
            own = state.own[player][-self.history :]
            self.dict["history"][: len(own)] = np.asarray(own, np.float32) + 1.0

    def string_from(self, state: HoyleSpielState, player: int) -> str:
        if state.table is None:
            return "(before the deal)"
        view = state.table.game.view(player)
        keep = ("phase", "to_act", "stacks", "committed", "pot", "scores", "public", "zones")
        data = {k: view[k] for k in keep}
        if self.perfect_recall:
            data["events"] = view["events"]
        return json.dumps(data, sort_keys=True)


def encode_options(options: Mapping[str, Any]) -> str:
    """Options as a game-string-safe parameter (OpenSpiel's game strings split on
    commas and equals signs): their JSON in hexadecimal."""
    return json.dumps(dict(options), sort_keys=True).encode().hex()


def decode_options(text: Any) -> dict[str, Any]:
    """Read ``options``: a mapping, JSON text, or :func:`encode_options`' form."""
    if isinstance(text, Mapping):
        return dict(text)
    text = str(text)
    try:
        value = json.loads(text if text.lstrip().startswith("{") else bytes.fromhex(text))
    except (ValueError, TypeError) as exc:
        raise InvalidArgumentError(f"options={text!r}: not JSON nor encode_options' form ({exc})") from None
    if not isinstance(value, dict):
        raise InvalidArgumentError(f"options={text!r}: not a mapping")
    return value


_REGISTERED: set[str] = set()


def openspiel_game(variant: str, **params: Any) -> Any:
    """The OpenSpiel game of ``variant`` (registered with pyspiel on first use).

    :param params: see the module docs; ``options`` may be a mapping.
    """
    if variant not in hoyle.variants():
        raise InvalidArgumentError(f"unknown variant {variant!r} (installed: {', '.join(sorted(hoyle.variants()))})")
    unknown = set(params) - set(DEFAULTS)
    if unknown:
        raise InvalidArgumentError(f"unknown OpenSpiel parameter {sorted(unknown)[0]!r} (known: {', '.join(DEFAULTS)})")
    if "options" in params and params["options"] is None:  # no options, as the other adapters take it
        del params["options"]
    if isinstance(params.get("options"), Mapping):
        params["options"] = encode_options(params["options"])
    for key in ("house_rules", "omit"):
        if not isinstance(params.get(key, ""), str):
            params[key] = ";".join(params[key])
    name = short_name(variant)
    if name not in _REGISTERED:
        options = episode_options(variant, decode_options(params.get("options", "{}")))
        probe_enc = encoding(variant, int(params.get("players", 2)), options)
        cls = type(f"HoyleSpielGame_{name}", (HoyleSpielGame,), {"variant": variant})
        pyspiel.register_game(_game_type(variant, probe_enc.zero_sum), cls)
        _REGISTERED.add(name)
    return pyspiel.load_game(name, params)
