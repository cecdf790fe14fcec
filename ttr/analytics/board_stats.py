"""Statistics of the board (pure functions of the records and the map): how often each route is
claimed, and by the winner; how desirable each city is. Every rate is over all games of the run;
a win shared by k players counts 1/k (docs/analyze.md)."""
from __future__ import annotations

from dataclasses import dataclass

from ..maps import Map, Route
from .common import Rate, tally


@dataclass(frozen=True)
class RouteStat:
    route: Route
    claimed: Rate        # games in which someone claimed it
    by_winner: Rate      # games in which the winner claimed it
    claimer_wins: Rate   # of the games in which it was claimed: its owner won

    @property
    def label(self) -> str:
        return "–".join(self.route.cities)


@dataclass(frozen=True)
class CityStat:
    city: str
    on_completed_ticket: Rate   # games in which someone completed a ticket naming it
    in_network: Rate            # games in which someone's routes reach it
    in_winner_network: Rate     # games in which the winner's routes reach it


def route_stats(games: list[list[dict]], m: Map) -> list[RouteStat]:
    n = len(games)
    claimed, won = tally((seat for g in games for seat in g), "routes", (r.id for r in m.routes))  # one owner a game
    return [RouteStat(r, Rate(claimed[r.id], n), Rate(won[r.id], n), Rate(won[r.id], claimed[r.id]))
            for r in m.routes]


def city_stats(games: list[list[dict]], m: Map) -> list[CityStat]:
    n = len(games)
    ends = {r.id: r.cities for r in m.routes}
    on_ticket = {t.id: t.cities for t in m.tickets}
    names = [c.name for c in m.cities if not c.junction]
    ticket = dict.fromkeys(names, 0)
    network = dict.fromkeys(names, 0)
    winner = dict.fromkeys(names, 0.0)
    for g in games:
        done: set[str] = set()
        reached: set[str] = set()
        for seat in g:
            mine = {c for rid in seat["routes"] if rid in ends for c in ends[rid]}
            reached |= mine
            for c in mine & winner.keys():
                winner[c] += seat["win"]
            done.update(c for t in seat["tickets_done"] if t in on_ticket for c in on_ticket[t])
        for c in done & ticket.keys():
            ticket[c] += 1
        for c in reached & network.keys():
            network[c] += 1
    return [CityStat(c, Rate(ticket[c], n), Rate(network[c], n), Rate(winner[c], n)) for c in names]


__all__ = ["CityStat", "RouteStat", "city_stats", "route_stats"]
