"""Typed errors. All are ValueErrors so callers can catch broadly."""


class TtrError(ValueError):
    """Base class of every error ttr raises on bad input."""


class IllegalActionError(TtrError):
    """An action that is not legal in the current position; the game is unchanged."""


class ActionSyntaxError(IllegalActionError):
    """Action text that does not parse."""


class MapError(TtrError):
    """A map file that is missing or malformed."""


class SaveError(TtrError):
    """A save file (or dict) that is malformed or inconsistent."""


class ActionSpaceError(TtrError):
    """An integer action id, a step prefix or an action that the action space cannot map
    (out of range, not an action of this space, a keep without the game, a bad prefix)."""


class IllegalActionIdError(ActionSpaceError, IllegalActionError):
    """An action id (or payment step) that is not legal in the given position."""
