"""The rules engine: state, actions, legality, scoring, views, saves."""
from .actions import Action
from .game import PHASES, Game, new_game
from .graph import connected, longest_path
from .legal import LegalActions

__all__ = ["Action", "Game", "LegalActions", "PHASES", "connected", "longest_path", "new_game"]
