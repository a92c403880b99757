"""One game as a sequence of single-seat decisions through an encoding: what the three
adapters (PettingZoo, Gymnasium, OpenSpiel) share.

A decision is the seat to act choosing a catalogue slot, or - in a *reaction phase* - a
seat being asked whether to act out of turn. Reactions (Egyptian Ratscrew's slaps): after
each action taken on a turn, every seat is asked once, in seat order from the actor's
left (so the seat to act, usually, first and the actor last), whether to take one of its
out-of-turn actions (those of the templates seats took out of turn, e.g. ``slap``) or
the ``(no reaction)`` slot; a seat with none is skipped. An action taken takes effect at
once, as the first slap to arrive would, and the seats after it are still asked while
they have actions. Then the seat to act takes its turn. (Simultaneous actions become a
fixed asking order: a seat earlier in the order wins a race; the order moves with play.)

    >>> import hoyle, hoyle.rl
    >>> t = Table.new(hoyle.rl.encoding("war"), seed=3)
    >>> t.seat, int(t.mask().sum())
    (0, 1)
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np

from hoyle._core import SlotIndex, action_mask
from hoyle.engine.actions import Action
from hoyle.engine.game import Game, new_game
from hoyle.errors import HoyleError, InvalidArgumentError
from hoyle.rl.catalogue import template_of
from hoyle.rl.encoding import PASS_REACTION, Encoding


class Table:
    """A game and its decision sequence (see the module docs)."""

    __slots__ = ("_catalogue", "_extra", "_index", "_legal", "_size", "_slots", "enc", "game", "pending", "stuck")

    def __init__(self, enc: Encoding, game: Game) -> None:
        self.enc, self.game = enc, game
        # The catalogue and its size, read once (mask_for reads them on every decision).
        self._catalogue = enc.catalogue
        self._size: int = enc.catalogue.size
        self.pending: list[int] = []  # seats still to be asked in this reaction round
        self._slots: dict[int, Action | None] | None = None
        # The decision's bet and choice slots with their actions (None: it has none), once
        # mask() has mapped the legal actions (_UNMAPPED before): action_at reads them.
        self._extra: dict[int, Action] | None = _UNMAPPED
        self._index: SlotIndex | None = None  # the catalogue's index that mapped them
        # The seat to act's legal actions, asked once per step (``Game.legal_actions``
        # copies its list on every call): read by _check_stuck, then by slots().
        self._legal: list[Action] | None = None
        self.stuck = False  # the game is not over but nobody has a legal action

    @classmethod
    def new(cls, enc: Encoding, seed: int) -> Table:
        game = new_game(enc.variant, players=enc.players, seed=seed, options=enc.options, house_rules=enc.house_rules)
        table = cls(enc, game)
        table._check_stuck()
        return table

    @property
    def over(self) -> bool:
        return self.game.state.result is not None or self.stuck

    @property
    def seat(self) -> int | None:
        """The seat deciding now (None once the game is over or stuck)."""
        if self.pending:
            return self.pending[0]
        return None if self.stuck else self.game.state.to_act

    @property
    def reacting(self) -> bool:
        return bool(self.pending)

    def slots(self) -> dict[int, Action | None]:
        """The reachable slots now and what each does (None: no reaction)."""
        cached = self._slots
        if cached is not None:
            return cached
        found: dict[int, Action | None]
        game, seat = self.game, self.seat
        if seat is None:
            found = {}
        elif self.pending:
            legal = self.reactions(seat)
            found = dict(self.enc.catalogue.slots(legal, game.state.public, game.state.pot, seat))
            found[self.enc.catalogue.base[PASS_REACTION]] = None
        else:
            legal = self._legal if self._legal is not None else game.legal_actions()
            found = cast(
                dict[int, Action | None], self.enc.catalogue.slots(legal, game.state.public, game.state.pot, seat)
            )
            if not found and legal:
                self._no_slot(legal)
        self._slots = found
        return found

    def mask(self) -> np.ndarray:
        """The legal slots, as int8 0/1 (all zero once the game is over): a new array.

        On a turn (not in a reaction phase) the legal actions are mapped and the mask made
        in one Rust call (``Catalogue.mask``), without the slot dict :meth:`slots` builds."""
        return self.mask_for(self.seat)

    def mask_for(self, seat: int | None) -> np.ndarray:
        """:meth:`mask` for the seat deciding, all zero for any other (a new array)."""
        state = self.game.state
        if seat is not None and seat == state.to_act and not self.pending and not self.stuck:
            cat = self._catalogue
            legal = self._legal
            if legal is None:
                legal = self._legal = self.game.legal_actions()
            mask, self._extra, marked = cat.mask(legal, state.public, state.pot, seat)
            self._index = cat.index  # the index that mapped them (a new one if it was emptied)
            if not marked and legal:
                self._no_slot(legal)
            return mask
        if seat is not None and seat == self.seat:  # asked in a reaction phase
            slot_mask: np.ndarray = action_mask(self._size, self.slots())
            return slot_mask
        return np.zeros(self._size, np.int8)

    def action_at(self, slot: int) -> Action | None:
        """What a legal slot does for the deciding seat (None: no reaction); KeyError
        (or TypeError, OverflowError for what is no slot) when the slot is not legal now."""
        if self.pending or self.seat is None:
            return self.slots()[slot]
        extra = self._extra
        if extra is _UNMAPPED:
            self.mask()
            extra = self._extra
        if extra is not None and slot in extra:
            return extra[slot]
        legal, index = self._legal, self._index
        assert legal is not None and index is not None  # mask() listed and mapped them
        action: Action | None = index.action(legal, slot)
        if action is None:  # not legal (or mask() fell back on slots(): ask it)
            return self.slots()[slot]
        return action

    def _no_slot(self, legal: list[Action]) -> None:
        raise HoyleError(
            f"{self.enc.variant}: no catalogue slot for any legal action "
            f"({', '.join(map(str, legal))}); add its template with hoyle_register_rl_encodings"
        )

    def observe(self, seat: int) -> np.ndarray:
        """``seat``'s observation, a new float32 array (the layout's quickest encoder)."""
        return self.enc.layout.encoder(self.game.state, seat)

    def observation(self, seat: int) -> dict[str, np.ndarray]:
        """PettingZoo's observation dict of ``seat``: the observation and the mask."""
        return {"observation": self.observe(seat), "action_mask": self.mask_for(seat)}

    def observe_into(self, seat: int, out: np.ndarray) -> None:
        """:meth:`observe` written into ``out`` (a float32 array of the layout's size)."""
        self.enc.layout.encode(self.game.state, seat, out)

    def step(self, slot: int) -> Action | None:
        """Take the slot for the deciding seat; returns the action taken (None: no
        reaction). A slot that is not legal raises InvalidArgumentError and changes nothing."""
        try:
            action = self.action_at(slot)
        except (KeyError, TypeError, OverflowError):
            slots = self.slots()
            raise InvalidArgumentError(
                f"slot {slot!r} is not legal now (legal: {sorted(slots)})"
                if slots
                else f"slot {slot!r}: the game is over"
            ) from None
        self.take(action)
        return action

    def take(self, action: Action | None) -> None:
        """Take an action (one of the legal actions, or any the variant accepts, e.g. a
        bot's raise) for the deciding seat; None passes in a reaction phase."""
        seat = self.seat
        if seat is None:
            raise InvalidArgumentError(f"action {action}: the game is over")
        self.forget()
        game = self.game
        if self.pending:
            if action is not None:
                game.act(action, seat=seat)
            self.pending.pop(0)
        else:
            if action is None:
                raise InvalidArgumentError(f"seat {seat} must act on its turn; (no reaction) is for reactions")
            game.act(action)  # the seat to act
            if self.enc.reactions and game.state.result is None:
                self._start_reactions(seat)
        if self.pending:
            self._drop_silent()
        self._check_stuck()

    def forget(self) -> None:
        """Drop what was worked out for the decision (the game moved on)."""
        self._slots = self._legal = None
        self._extra = _UNMAPPED

    def unmap(self) -> None:
        """Drop the mapping of the legal actions to slots (the legal actions are kept)."""
        self._slots = None
        self._extra = _UNMAPPED

    def reactions(self, seat: int) -> list[Action]:
        """The out-of-turn actions ``seat`` may take now."""
        kinds = self.enc.reaction_templates
        return [a for a in self.game.legal_actions(seat) if template_of(a) in kinds]

    def _start_reactions(self, actor: int) -> None:
        n = self.enc.players
        self.pending = [(actor + i) % n for i in range(1, n + 1)]

    def _drop_silent(self) -> None:
        """Skip asked seats that have no out-of-turn action (any more)."""
        pending = self.pending
        while pending and (self.game.state.result is not None or not self.reactions(pending[0])):
            pending.pop(0)

    def _check_stuck(self) -> None:
        state = self.game.state
        if state.result is None and not self.pending:
            legal = self._legal = self.game.legal_actions() if state.to_act is not None else None
            self.stuck = not legal

    def rewards(self, mode: str = "settlement") -> list[float]:
        """Each seat's reward at the end: the settlement (chips or points), or with
        ``mode="win-loss"`` +1 for the winners and -1 for the others (0 all round when
        every seat wins). Zeros before the end and for a stuck game."""
        result = self.game.state.result
        n = self.enc.players
        if result is None:
            return [0.0] * n
        if mode == "settlement":
            return [float(x) for x in result["settlement"]]
        winners = set(result["winners"])
        if len(winners) == n:
            return [0.0] * n
        return [1.0 if s in winners else -1.0 for s in range(n)]

    def clone(self) -> Table:
        t = Table(self.enc, self.game.clone())
        t.pending, t.stuck = list(self.pending), self.stuck
        return t

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as the encoding's arguments and the game record (replayed)."""
        return (_restore, (self.enc.key, self.game.to_json(), list(self.pending), self.stuck))

    def info(self, action: Action | None) -> dict[str, Any]:
        """What a step reports: the action's text and exact amount."""
        if action is None:
            return {"action": None, "amount": None}
        return {"action": action.text, "amount": action.amount}


#: Table._extra before the decision's legal actions are mapped (told apart by identity).
_UNMAPPED: dict[int, Action] = {}


def _restore(key: str, record: str, pending: list[int], stuck: bool) -> Table:
    from hoyle.rl.encoding import _cached

    t = Table(_cached(key), Game.from_json(record))
    t.pending, t.stuck = pending, stuck
    return t
