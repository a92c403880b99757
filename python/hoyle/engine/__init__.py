"""The game engine: actions, state, the game API."""

from hoyle.engine.actions import Action
from hoyle.engine.game import Game, new_game
from hoyle.engine.names import EventKind
from hoyle.engine.state import Event, State, Zone, public_reader

__all__ = ["Action", "Event", "EventKind", "Game", "State", "Zone", "new_game", "public_reader"]
