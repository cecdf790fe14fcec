"""Registry of editions, by map name."""
from __future__ import annotations

from ..errors import TtrError
from .base import Edition
from .europe import EUROPE
from .legacy import LEGENDS_WEST
from .nordic import NORDIC
from .rails_sails import GREAT_LAKES, WORLD
from .usa import USA

EDITIONS: dict[str, Edition] = {e.name: e for e in (USA, EUROPE, NORDIC, WORLD, GREAT_LAKES, LEGENDS_WEST)}


def register(edition: Edition) -> None:
    EDITIONS[edition.name] = edition


def get_edition(name: str) -> Edition:
    try:
        return EDITIONS[name]
    except KeyError:
        raise TtrError(f"unknown edition/map {name!r}; known: {', '.join(sorted(EDITIONS))}") from None


__all__ = ["Edition", "EDITIONS", "get_edition", "register"]
