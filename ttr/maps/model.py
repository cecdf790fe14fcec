"""Immutable board facts: cities, routes, tickets (and Legacy's companies and edge stubs)."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class City:
    name: str
    xy: tuple[float, float] | None   # layout position; None where the source has none
    harbor: bool = False             # Rails & Sails: a harbor may be built here
    junction: bool = False           # a route endpoint that is not a city (RS7)
    big: bool = False                # Legacy: a big city (claim step 12)


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
    kind: str = "train"          # Rails & Sails: "train" or "ship"
    pairs: int = 0               # Rails & Sails: paired spaces (2 train cards each)
    wraparound: bool = False     # drawn across the board's east-west edge

    @property
    def ferry(self) -> bool:
        return self.locomotives > 0


@dataclass(frozen=True, slots=True)
class Ticket:
    id: int
    cities: tuple[str, ...]      # two cities; a tour lists 3+ in order
    points: int                  # a tour: the value when done in order
    long: bool = False
    tour: bool = False           # Rails & Sails tours (RS4)
    points_any_order: int = 0    # a tour connected, but not in order
    penalty: int = 0             # a tour not connected (0: the ticket's points)


@dataclass(frozen=True, slots=True)
class Company:
    """Legacy: a railroad company and the card colour of its routes."""
    color: str
    name: str


@dataclass(frozen=True, slots=True)
class EdgeStub:
    """Legacy: a route drawn off the board edge towards a board piece not yet in play.

    Never claimable and not among the map's routes; kept for drawing only."""
    id: str
    city: str                # the city on the board it starts from
    color: str               # a card colour or "gray"
    length: int              # the whole route's length once the other piece is added
    leads_to: str            # where it goes, e.g. "St. Louis (Great Plains)"


@dataclass(frozen=True, slots=True)
class Map:
    name: str
    title: str
    source: str
    cities: tuple[City, ...]
    routes: tuple[Route, ...]
    tickets: tuple[Ticket, ...]
    route_by_id: dict[int, Route] = field(repr=False, compare=False, hash=False, default_factory=dict)
    ticket_by_id: dict[int, Ticket] = field(repr=False, compare=False, hash=False, default_factory=dict)
    city_index: dict[str, int] = field(repr=False, compare=False, hash=False, default_factory=dict)
    status: str = "complete"
    known_gaps: tuple[str, ...] = ()
    companies: tuple[Company, ...] = ()      # Legacy
    edge_stubs: tuple[EdgeStub, ...] = ()    # Legacy: never claimable, not in `routes`

    def route(self, route_id: int) -> Route:
        return self.route_by_id[route_id]

    def ticket(self, ticket_id: int) -> Ticket:
        return self.ticket_by_id[ticket_id]
