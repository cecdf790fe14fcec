"""Frontier boards (rulebook lines 188-190, 373, 451): board pieces that a campaign adds for all
later games, with their cities (big cities marked), routes and tickets, as validated models and
frozen values. How a game's board is built from them is board.py's."""
from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, model_validator

ID = r"^[a-z0-9][a-z0-9-]*$"
ROUTE_COLORS = ("black", "blue", "white", "green", "yellow", "red", "gray")  # L2's six colours, or any one


@dataclass(frozen=True, slots=True)
class FrontierCity:
    name: str
    xy: tuple[float, float]
    big: bool = False


@dataclass(frozen=True, slots=True)
class FrontierRoute:
    id: int
    cities: tuple[str, str]
    length: int
    color: str


@dataclass(frozen=True, slots=True)
class FrontierTicket:
    id: int
    cities: tuple[str, str]
    points: int


@dataclass(frozen=True, slots=True)
class Frontier:
    """A frontier board. A route or ticket is on the board once both its cities are (LW-F1)."""
    id: str
    name: str
    cities: tuple[FrontierCity, ...]
    routes: tuple[FrontierRoute, ...] = ()
    tickets: tuple[FrontierTicket, ...] = ()
    demo: bool = False


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FrontierCityModel(_Strict):
    name: StrictStr = Field(min_length=1)
    xy: tuple[float, float]
    big: StrictBool = False


class FrontierRouteModel(_Strict):
    id: StrictInt = Field(ge=100, le=9999)      # given by the pack (pack.py numbers them)
    cities: tuple[StrictStr, StrictStr]
    length: StrictInt = Field(ge=1, le=9)
    color: StrictStr

    @model_validator(mode="after")
    def _check(self):
        if self.color not in ROUTE_COLORS:
            raise ValueError(f"route {'-'.join(self.cities)}: colour {self.color!r} is not one of {', '.join(ROUTE_COLORS)}")
        if self.cities[0] == self.cities[1]:
            raise ValueError(f"route {'-'.join(self.cities)} joins a city to itself")
        return self


class FrontierTicketModel(_Strict):
    id: StrictInt = Field(ge=100, le=9999)
    cities: tuple[StrictStr, StrictStr]
    points: StrictInt = Field(ge=1, le=99)


class FrontierModel(_Strict):
    id: StrictStr = Field(min_length=1, pattern=ID)
    name: StrictStr = Field(min_length=1)
    cities: list[FrontierCityModel] = Field(min_length=1)
    routes: list[FrontierRouteModel] = []
    tickets: list[FrontierTicketModel] = []
    demo: StrictBool = False

    @model_validator(mode="after")
    def _unique(self):
        names = [c.name for c in self.cities]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise ValueError(f"frontier {self.id!r}: city {dup[0]!r} listed twice")
        return self

    def build(self) -> Frontier:
        return Frontier(self.id, self.name, tuple(FrontierCity(c.name, c.xy, c.big) for c in self.cities),
                        tuple(FrontierRoute(r.id, r.cities, r.length, r.color) for r in self.routes),
                        tuple(FrontierTicket(t.id, t.cities, t.points) for t in self.tickets), self.demo)


def frontier_from_dict(d: dict) -> Frontier:
    """A frontier as recorded (dataclasses.asdict of a Frontier), checked."""
    return FrontierModel.model_validate(d).build()


FIRST_ID = 101  # frontier routes and tickets are numbered from here, in the pack's order


def number_frontier(raw: object, earlier: list) -> object:
    """A frontier's JSON with an `id` given to each route and ticket that has none: FIRST_ID and
    on, counting every route (ticket) of the frontiers before it in the pack."""
    if not isinstance(raw, dict):
        return raw
    out = dict(raw)
    for key in ("routes", "tickets"):
        if not isinstance(raw.get(key), list):
            continue
        start = FIRST_ID + sum(len(f.get(key) or []) for f in earlier if isinstance(f, dict))
        out[key] = [({"id": start + i, **e} if isinstance(e, dict) and "id" not in e else e)
                    for i, e in enumerate(raw[key])]
    return out


def check_frontiers(frontiers: list[FrontierModel]) -> None:
    """The frontiers of a pack fit the game-1 board and each other: new city names, routes and
    tickets between known cities, ids used once."""
    from ...maps import load_map  # the game-1 board
    base = {c.name for c in load_map("legends-west").cities}
    ids = [f.id for f in frontiers]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise ValueError(f"frontiers: id {dup[0]!r} used twice")
    owner: dict[str, str] = {}
    for f in frontiers:
        for c in f.cities:
            if c.name in base:
                raise ValueError(f"frontier {f.id!r}: {c.name!r} is already on the game-1 board")
            if c.name in owner:
                raise ValueError(f"frontier {f.id!r}: {c.name!r} is already on frontier {owner[c.name]!r}")
            owner[c.name] = f.id
    known = base | set(owner)
    seen: dict[str, set[int]] = {"route": set(), "ticket": set()}
    for f in frontiers:
        own = {c.name for c in f.cities}
        for kind, entries in (("route", f.routes), ("ticket", f.tickets)):
            for e in entries:
                name = f"frontier {f.id!r}: {kind} {'-'.join(e.cities)} (id {e.id})"
                if e.id in seen[kind]:
                    raise ValueError(f"{name}: id {e.id} is used twice")
                seen[kind].add(e.id)
                unknown = [c for c in e.cities if c not in known]
                if unknown:
                    raise ValueError(f"{name}: no city {unknown[0]!r} on the game-1 board or any frontier")
                if kind == "route" and not own & set(e.cities):
                    raise ValueError(f"{name}: a frontier's route touches one of its own cities")
                if kind == "ticket" and e.cities[0] == e.cities[1]:
                    raise ValueError(f"{name}: a ticket joins two different cities")


__all__ = ["Frontier", "FrontierCity", "FrontierRoute", "FrontierTicket", "FrontierModel", "ROUTE_COLORS", "FIRST_ID", "check_frontiers", "frontier_from_dict", "number_frontier"]
