"""Registry of editions, by map name."""
from __future__ import annotations

from ..errors import TtrError
from .base import Edition
from .europe import EUROPE
from .nordic import NORDIC
from .usa import USA

EDITIONS: dict[str, Edition] = {e.name: e for e in (USA, EUROPE, NORDIC)}


def register(edition: Edition) -> None:
    EDITIONS[edition.name] = edition


def get_edition(name: str) -> Edition:
    try:
        return EDITIONS[name]
    except KeyError:
        raise TtrError(f"unknown edition/map {name!r}; known: {', '.join(sorted(EDITIONS))}") from None


__all__ = ["Edition", "EDITIONS", "get_edition", "register"]
