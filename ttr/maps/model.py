"""Immutable board facts: cities, routes, tickets."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class City:
    name: str
    xy: tuple[float, float]


@dataclass(frozen=True, slots=True)
class Route:
    id: int
    cities: tuple[str, str]
    length: int
    color: str               # a card colour, or "gray" for any one colour
    tunnel: bool = False
    locomotives: int = 0     # ferry spaces that need a locomotive
    any_four: bool = False   # Nordic Murmansk-Lieksa: any 4 cards replace one card
    spaces: tuple[tuple[float, float, float], ...] = ()  # layout: (x, y, angle) per space
    twins: tuple[int, ...] = ()  # other routes of the same double route

    @property
    def ferry(self) -> bool:
        return self.locomotives > 0


@dataclass(frozen=True, slots=True)
class Ticket:
    id: int
    cities: tuple[str, str]
    points: int
    long: bool = False


@dataclass(frozen=True, slots=True)
class Map:
    name: str
    title: str
    source: str
    cities: tuple[City, ...]
    routes: tuple[Route, ...]
    tickets: tuple[Ticket, ...]
    route_by_id: dict = field(repr=False, compare=False, hash=False, default_factory=dict)
    ticket_by_id: dict = field(repr=False, compare=False, hash=False, default_factory=dict)
    city_index: dict = field(repr=False, compare=False, hash=False, default_factory=dict)

    def route(self, route_id: int) -> Route:
        return self.route_by_id[route_id]

    def ticket(self, ticket_id: int) -> Ticket:
        return self.ticket_by_id[ticket_id]
