"""The rules engine: state, actions, legality, scoring, views. It imports nothing
above itself: names are resolved to rules by ttr.editions, saves live in ttr.formats."""
from . import turn  # noqa: F401 - declares the core action kinds
from .actions import KINDS, Action, ActionKind
from .edition import Edition
from .game import Game
from .graph import connected, longest_path
from .legal import LegalActions, legal_data
from .observer import Observation
from .phases import PHASES, Phase
from .ruleset import Ruleset

__all__ = ["Action", "ActionKind", "Edition", "Game", "KINDS", "LegalActions", "Observation", "PHASES", "Phase",
           "Ruleset", "connected", "legal_data", "longest_path"]
