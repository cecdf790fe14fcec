"""ttr: the Ticket to Ride family of board games, played exactly by the rulebooks.

    >>> import ttr
    >>> g = ttr.new_game("europe", players=4, seed=1)
    >>> g.legal_actions()[0]
"""
from typing import TYPE_CHECKING, Any

from .editions import EDITIONS, Edition, get_edition, get_ruleset, new_game, replay
from .engine import (
    Action,
    Game,
    LegalActions,
    Observation,
    Phase,
    Ruleset,
    connected,
    longest_path,
)
from .errors import (
    ActionSpaceError,
    ActionSyntaxError,
    IllegalActionError,
    IllegalActionIdError,
    MapError,
    SaveError,
    TtrError,
)
from .formats.save import dump as save_game
from .formats.save import load as load_game
from .maps import Map, load_map, map_names
from .version import __version__ as __version__

if TYPE_CHECKING:
    from .formats.action_space import ActionSpace


def __getattr__(name: str) -> Any:
    """ttr.ActionSpace, imported on first use (it needs numpy; `import ttr` stays light)."""
    if name == "ActionSpace":
        from .formats.action_space import ActionSpace
        return ActionSpace
    raise AttributeError(f"module 'ttr' has no attribute {name!r}")

__all__ = [
    "Action", "ActionSpace", "ActionSpaceError", "ActionSyntaxError", "EDITIONS", "Edition", "Game", "IllegalActionError", "IllegalActionIdError", "LegalActions", "Map",
    "MapError", "Observation", "Phase", "Ruleset", "SaveError", "TtrError", "connected", "get_edition", "get_ruleset",
    "load_game", "load_map", "longest_path", "map_names", "new_game", "replay", "save_game",
]
