"""ttr: the Ticket to Ride family of board games, played exactly by the rulebooks.

    >>> import ttr
    >>> g = ttr.new_game("europe", players=4, seed=1)
    >>> g.legal_actions()[0]
"""
from .editions import EDITIONS, Edition, get_edition
from .engine import Action, Game, LegalActions, connected, longest_path, new_game
from .errors import ActionSyntaxError, IllegalActionError, MapError, SaveError, TtrError
from .maps import Map, load_map, map_names

__version__ = "0.1.0"

__all__ = [
    "Action", "ActionSyntaxError", "EDITIONS", "Edition", "Game", "IllegalActionError", "LegalActions",
    "Map", "MapError", "SaveError", "TtrError", "connected", "get_edition", "load_map", "longest_path",
    "map_names", "new_game",
]
