"""The board a Legacy game is played on: the game-1 board plus the frontier boards added so far
(rulebook 451), in the order they were added.

- A frontier's cities join the board; a route or ticket of a frontier is on the board once both
  its cities are (LW-F1).
- Routes joining the same two cities form a double route (a triple with three), so the 2-3-player
  rule for doubles holds on frontier boards too (rulebook 373; G1 in docs/rules.md).
- An edge stub of the game-1 board is gone once the city it leads to is on the board (LW-F2).

The grown board keeps the name `legends-west` (the edition is the same); its routes and tickets
keep their ids, so a route or ticket means the same in every game of a campaign."""
from __future__ import annotations

import json
from collections import defaultdict
from functools import lru_cache
from typing import Any

from ...engine import Ruleset
from ...errors import MapError
from ...maps import DATA, Map, parse_map
from .content import ContentError
from .frontier import Frontier

BASE = "legends-west"


@lru_cache(maxsize=1)
def _base_json() -> str:
    return (DATA / f"{BASE}.json").read_text(encoding="utf-8")


def board_json(frontiers: tuple[Frontier, ...]) -> dict[str, Any]:
    """The map file (docs/map-format.md) of the game-1 board with `frontiers` added."""
    m = json.loads(_base_json())
    if not frontiers:
        return m
    where = "the board with frontier(s) " + ", ".join(repr(f.id) for f in frontiers)
    names = {c["name"] for c in m["cities"]}
    for f in frontiers:
        for c in f.cities:
            if c.name in names:
                raise ContentError(f"{where}: frontier {f.id!r} adds {c.name!r}, which is already on the board")
            names.add(c.name)
            m["cities"].append({"name": c.name, "xy": list(c.xy), "big": c.big})
    new_routes = [r for f in frontiers for r in f.routes if set(r.cities) <= names]
    m["routes"] += [{"id": r.id, "cities": list(r.cities), "length": r.length, "color": r.color} for r in new_routes]
    pairs: dict[frozenset, list[int]] = defaultdict(list)
    for r in m["routes"]:
        pairs[frozenset(r["cities"])].append(r["id"])
    new_ids = {r.id for r in new_routes}
    touched = {p for p, ids in pairs.items() if len(ids) > 1 and new_ids & set(ids)}
    m["double_routes"] = ([g for g in m["double_routes"] if frozenset(_ends(m, g[0])) not in touched]
                          + [sorted(pairs[p]) for p in sorted(touched, key=sorted)])
    m["edge_stubs"] = [s for s in m["edge_stubs"] if s["leads_to"].split(" (")[0] not in names]
    m["tickets"] += [{"id": t.id, "cities": list(t.cities), "points": t.points}
                     for f in frontiers for t in f.tickets if set(t.cities) <= names]
    return m


def _ends(m: dict[str, Any], rid: int) -> list[str]:
    return next(r["cities"] for r in m["routes"] if r["id"] == rid)


@lru_cache(maxsize=64)
def grown_map(frontiers: tuple[Frontier, ...]) -> Map:
    """The grown board as a Map; ContentError names what does not fit (a clash of ids, a double
    route of more than three routes, ...)."""
    where = "the board with frontier(s) " + ", ".join(repr(f.id) for f in frontiers)
    try:
        return parse_map(board_json(frontiers), where)
    except MapError as e:
        raise ContentError(str(e)) from None


@lru_cache(maxsize=64)
def grown_ruleset(players: int, frontiers: tuple[Frontier, ...]) -> Ruleset:
    """The Ruleset of a game on the grown board (one per board and player count)."""
    from .. import get_edition  # the registry (it imports this edition)
    rules = Ruleset(grown_map(frontiers), get_edition(BASE), players)
    _ORIGIN[id(rules)] = (rules, players, frontiers)
    return rules


# each grown Ruleset's arguments, by identity (the Ruleset held too, so that its id is never reused)
_ORIGIN: dict[int, tuple[Ruleset, int, tuple[Frontier, ...]]] = {}


def grown_origin(rules: Ruleset) -> tuple[int, tuple[Frontier, ...]] | None:
    """(players, frontiers) if `rules` is a grown board's Ruleset (grown_ruleset): it pickles as
    them, and unpickles to the one instance of its board (the native core's tables are keyed by it;
    LegacyGame.rules_for knows it as the board the frontiers grow)."""
    origin = _ORIGIN.get(id(rules))
    return origin[1:] if origin is not None and origin[0] is rules else None


__all__ = ["BASE", "board_json", "grown_map", "grown_origin", "grown_ruleset"]
