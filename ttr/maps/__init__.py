"""Map data: the registry of boards shipped with ttr, loaded and validated on first use."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..errors import MapError
from .loader import load_map_file, parse_map
from .model import City, Company, EdgeStub, Map, Route, Ticket

DATA = Path(__file__).parent / "data"

__all__ = ["City", "Company", "EdgeStub", "Map", "Route", "Ticket", "load_map", "map_names", "load_map_file", "parse_map"]


def map_names() -> list[str]:
    return sorted(p.stem for p in DATA.glob("*.json"))


@lru_cache(maxsize=None)
def load_map(name: str) -> Map:
    """The map registered under `name` (e.g. 'usa', 'europe')."""
    path = DATA / f"{name}.json"
    if not path.is_file():
        raise MapError(f"unknown map {name!r}; known maps: {', '.join(map_names())}")
    return load_map_file(path)
