"""Load and validate map files (format documented in docs/map-format.md)."""
from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any, Literal, NoReturn, Optional

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
)

from ..cards import COLORS, ROUTE_COLORS
from ..errors import MapError
from .model import City, Company, EdgeStub, Map, Route, Ticket


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CityEntry(_Strict):
    name: str = Field(min_length=1)
    xy: Optional[tuple[float, float]]
    harbor: StrictBool = False
    junction: StrictBool = False
    big: StrictBool = False


class RouteEntry(_Strict):
    id: StrictInt = Field(ge=0)
    cities: tuple[StrictStr, StrictStr]
    length: StrictInt = Field(ge=1, le=12)
    color: Literal[ROUTE_COLORS]  # type: ignore[valid-type]
    tunnel: StrictBool = False
    locomotives: StrictInt = Field(default=0, ge=0)
    any_four: StrictBool = False
    spaces: list[tuple[float, float, float]] = []
    kind: Literal["train", "ship"] = "train"
    pairs: StrictInt = Field(default=0, ge=0)
    wraparound: StrictBool = False


class TicketEntry(_Strict):
    id: StrictInt = Field(ge=0)
    cities: list[StrictStr] = Field(min_length=2)
    points: StrictInt = Field(ge=1)
    long: StrictBool = False
    tour: StrictBool = False
    points_any_order: StrictInt = Field(default=0, ge=0)
    penalty: StrictInt = Field(default=0, ge=0)


class CompanyEntry(_Strict):
    color: Literal[COLORS]  # type: ignore[valid-type]
    name: str = Field(min_length=1)


class EdgeStubEntry(_Strict):
    id: str = Field(min_length=1)
    city: StrictStr
    color: Literal[ROUTE_COLORS]  # type: ignore[valid-type]
    length: StrictInt = Field(ge=1, le=12)
    leads_to: str = Field(min_length=1)


class MapFile(_Strict):
    format: Literal["ttr-map/1"]
    name: str = Field(min_length=1)
    title: str
    source: str
    status: str = "complete"
    known_gaps: list[str] = []
    cities: list[CityEntry] = Field(min_length=2)
    routes: list[RouteEntry] = Field(min_length=1)
    double_routes: list[list[StrictInt]] = []
    edge_stubs: list[EdgeStubEntry] = []
    companies: list[CompanyEntry] = []
    tickets: list[TicketEntry] = Field(min_length=1)
    rules: dict[str, Any] = {}  # rule overrides, checked where they are played (ttr.editions.variants)


def _where(loc: tuple[int | str, ...], raw: dict[Any, Any]) -> str:
    """'routes[3] (id 4)'-style location of a pydantic error."""
    parts: list[str] = []
    for i, key in enumerate(loc):
        if isinstance(key, int):
            parts[-1] += f"[{key}]"
            if i == 1 and isinstance(raw.get(loc[0]), list):
                entry = raw[loc[0]][key]
                if isinstance(entry, dict) and ("id" in entry or "name" in entry):
                    parts[-1] += f" ({'id ' + str(entry['id']) if 'id' in entry else entry['name']})"
        else:
            parts.append(str(key))
    return ".".join(parts) or "top level"


def parse_map(raw: object, origin: str) -> Map:
    """Validate a decoded map file and build the immutable Map. Errors name origin and entry."""
    if not isinstance(raw, dict):
        raise MapError(f"{origin}: top level must be a JSON object")
    try:
        m = MapFile.model_validate(raw)
    except ValidationError as e:
        err = e.errors()[0]
        raise MapError(f"{origin}: {_where(err['loc'], raw)}: {err['msg']}") from None

    def fail(where: str, problem: str) -> NoReturn:
        raise MapError(f"{origin}: {where}: {problem}")

    names: set[str] = set()
    junctions: set[str] = set()
    for i, c in enumerate(m.cities):
        if c.name in names:
            fail(f"cities[{i}] ({c.name})", "duplicate city name")
        if c.junction and c.harbor:
            fail(f"cities[{i}] ({c.name})", "a junction is not a city and cannot have a harbor (RS7)")
        if c.junction and c.big:
            fail(f"cities[{i}] ({c.name})", "a junction is not a city and cannot be a big city")
        names.add(c.name)
        if c.junction:
            junctions.add(c.name)
    unplaced = [i for i, c in enumerate(m.cities) if c.xy is None]
    if unplaced and len(unplaced) < len(m.cities):
        i = unplaced[0]
        fail(f"cities[{i}] ({m.cities[i].name})", "no xy: a board with a layout places every city, junctions too")
    seen_ids = set()
    pairs = defaultdict(list)
    for i, r in enumerate(m.routes):
        where = f"routes[{i}] (id {r.id})"
        if r.id in seen_ids:
            fail(where, "duplicate route id")
        seen_ids.add(r.id)
        for name in r.cities:
            if name not in names:
                fail(where, f"unknown city {name!r}")
        if r.cities[0] == r.cities[1]:
            fail(where, "a route must join two different cities")
        if r.locomotives > r.length:
            fail(where, f"{r.locomotives} locomotive spaces on a route of length {r.length}")
        if r.spaces and len(r.spaces) != r.length:
            fail(where, f"{len(r.spaces)} layout spaces for a route of length {r.length}")
        if r.pairs > r.length:
            fail(where, f"{r.pairs} paired spaces on a route of length {r.length}")
        if r.kind == "ship" and (r.pairs or r.tunnel or r.locomotives):
            fail(where, "a ship route has no paired, tunnel or ferry spaces")
        pairs[(frozenset(r.cities), r.kind)].append(r.id)
    twins: dict[int, tuple[int, ...]] = {}
    grouped = set()
    for i, group in enumerate(m.double_routes):
        where = f"double_routes[{i}]"
        if not 2 <= len(group) <= 3 or len(set(group)) != len(group):
            fail(where, "a double route lists 2 or 3 distinct route ids (a triple route: 3)")
        for rid in group:
            if rid not in seen_ids:
                fail(where, f"unknown route id {rid}")
            if rid in grouped:
                fail(where, f"route {rid} is in two double routes")
            grouped.add(rid)
        ends = {frozenset(next(r for r in m.routes if r.id == rid).cities) for rid in group}
        if len(ends) != 1:
            fail(where, "routes of a double route must join the same two cities, not "
                 + " and ".join(sorted("-".join(sorted(e)) for e in ends)))
        if len({next(r for r in m.routes if r.id == rid).kind for rid in group}) != 1:
            fail(where, "routes of a double route must be of one kind (G1: a train and a ship route are not a double)")
        for rid in group:
            twins[rid] = tuple(x for x in group if x != rid)
    for (pair, _), ids in pairs.items():
        if len(ids) > 1 and not all(i in grouped for i in ids):
            fail("double_routes", f"routes {sorted(ids)} join {' and '.join(sorted(pair))} but are not listed as a double route")
    stub_ids = set()
    for i, s in enumerate(m.edge_stubs):
        where = f"edge_stubs[{i}] (id {s.id})"
        if s.id in stub_ids:
            fail(where, "duplicate edge stub id")
        stub_ids.add(s.id)
        if s.city not in names:
            fail(where, f"unknown city {s.city!r}")
        if s.city in junctions:
            fail(where, f"{s.city} is a junction, not a city")
        if s.leads_to in names:
            fail(where, f"leads_to {s.leads_to!r} is a city on the board: make it a route")
    company_colors = set()
    for i, co in enumerate(m.companies):
        if co.color in company_colors:
            fail(f"companies[{i}] ({co.name})", f"a second company of colour {co.color!r}")
        company_colors.add(co.color)
    tids = set()
    for i, t in enumerate(m.tickets):
        where = f"tickets[{i}] (id {t.id})"
        if t.id in tids:
            fail(where, "duplicate ticket id")
        tids.add(t.id)
        for name in t.cities:
            if name not in names:
                fail(where, f"unknown city {name!r}")
            if name in junctions:
                fail(where, f"{name} is a junction, not a city: it is on no ticket (RS7)")
        if len(set(t.cities)) != len(t.cities):
            fail(where, "a ticket must name different cities")
        if t.tour != (len(t.cities) > 2):
            fail(where, "a ticket names two cities; a tour (tour: true) three or more")
        if t.tour and not (0 < t.points_any_order <= t.points and t.penalty > 0):
            fail(where, "a tour needs points (in order) >= points_any_order > 0 and a penalty > 0")

    cities = tuple(City(c.name, c.xy if c.xy else None, c.harbor, c.junction, c.big) for c in m.cities)
    routes = tuple(
        Route(r.id, r.cities, r.length, r.color, r.tunnel, r.locomotives, r.any_four,
              tuple(r.spaces), twins.get(r.id, ()), r.kind, r.pairs, r.wraparound)
        for r in m.routes)
    tickets = tuple(Ticket(t.id, tuple(t.cities), t.points, t.long, t.tour, t.points_any_order, t.penalty)
                    for t in m.tickets)
    return Map(m.name, m.title, m.source, cities, routes, tickets,
               {r.id: r for r in routes}, {t.id: t for t in tickets},
               {c.name: i for i, c in enumerate(cities)}, m.status, tuple(m.known_gaps),
               tuple(Company(c.color, c.name) for c in m.companies),
               tuple(EdgeStub(s.id, s.city, s.color, s.length, s.leads_to) for s in m.edge_stubs))


def load_map_file(path: str | Path) -> Map:
    path = Path(path)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MapError(f"{path}: no such map file") from None
    except json.JSONDecodeError as e:
        raise MapError(f"{path}: not valid JSON: {e}") from None
    return parse_map(raw, path.name)
