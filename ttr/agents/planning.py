"""What a bot knows and how it plans, built only from its Observation (the masked state).

`Position` reads an observation; `RouteGraph` holds the static board; `plan_routes`
joins a set of tickets by the cheapest routes (shortest paths added one ticket
at a time, reusing what is already planned: a Steiner-tree heuristic).
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass

from ..cards import COLOR_INDEX, JOKER, LOCO, rs_card
from ..engine import Observation

INF = float("inf")


class RouteGraph:
    """Static adjacency of a map: city -> [(route id, other city)]."""

    def __init__(self, m):
        self.map = m
        self.adj: dict[str, list] = {c.name: [] for c in m.cities}
        for r in m.routes:
            a, b = r.cities
            self.adj[a].append((r.id, b))
            self.adj[b].append((r.id, a))
        self.route = m.route_by_id
        self.base_cost = {r.id: r.length + (0.5 if r.tunnel else 0.0) + 0.3 * r.locomotives for r in m.routes}
        # the same adjacency over city numbers in name order (so the heap still breaks ties by name)
        self.names = sorted(self.adj)
        self.number = {name: i for i, name in enumerate(self.names)}
        self.adj_n = [[(rid, self.number[v]) for rid, v in self.adj[name]] for name in self.names]

    def shortest(self, src: str, dst: str, cost) -> tuple[float, list[int]]:
        """Cheapest path; `cost(route_id)` is a number or None (unusable)."""
        if src == dst:
            return 0.0, []
        s, t = self.number[src], self.number[dst]
        adj = self.adj_n
        dist = [INF] * len(adj)
        dist[s] = 0.0
        back: list = [None] * len(adj)
        heap = [(0.0, s)]
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            d, u = pop(heap)
            if u == t:
                break
            if d > dist[u]:
                continue
            for rid, v in adj[u]:
                c = cost(rid)
                if c is None:
                    continue
                nd = d + c
                if nd < dist[v]:
                    dist[v] = nd
                    back[v] = (u, rid)
                    push(heap, (nd, v))
        if dist[t] == INF:
            return INF, []
        path, v = [], t
        while v != s:
            u, rid = back[v]
            path.append(rid)
            v = u
        return dist[t], path


@dataclass
class Position:
    """The parts of a view a bot plans with."""
    seat: int
    players: int
    hand: list[int]
    tickets: list                 # map Ticket objects kept
    offer: list                   # map Ticket objects offered now
    trains: int
    ships: int
    owner: dict[int, int]         # route id -> seat
    stations: dict[str, int]
    last_round: bool

    @classmethod
    def of(cls, obs: Observation) -> "Position":
        """What the seat of `obs` knows, read from its masked state."""
        rules, layout, st, seat = obs.rules, obs.layout, obs.state, obs.seat
        items = layout.items
        ticket = rules.map.ticket
        names = rules.city_names
        stations = {names[c]: p for p in range(rules.players) for c in items(st, f"players[{p}].stations")}
        return cls(seat, rules.players, items(st, f"players[{seat}].hand"),
                   [ticket(t) for t in items(st, f"players[{seat}].tickets")],
                   [ticket(t) for t in sorted(items(st, f"players[{seat}].offer"))],
                   st[layout.seat(seat, "trains").start], st[layout.seat(seat, "ships").start],
                   {r: s for r, s in enumerate(items(st, "routes")) if s >= 0}, stations,
                   st[layout["final_turns"].start] >= 0)


def route_costs(pos: Position, graph: RouteGraph, closes) -> dict:
    """Planning cost of every route for this seat: 0 if owned, its length (a little more for a
    tunnel or locomotive spaces) if it can still be claimed, None if not (taken, or closed by a
    double, G1). `closes[r]`: claiming lane r closes its twins (the ruleset's table: Legacy
    triples stay open)."""
    costs = dict(graph.base_cost)
    route = graph.route
    seat = pos.seat
    owner = pos.owner
    for r, s in owner.items():
        if s == seat or closes[r]:
            for t in route[r].twins:
                if t not in owner:
                    costs[t] = None
    for r, s in owner.items():
        costs[r] = 0.0 if s == seat else None
    return costs


def plan_routes(graph: RouteGraph, tickets: list, costs: dict) -> tuple[set[int], float, list, list]:
    """Routes joining the tickets (higher points first), each path reusing the
    routes already planned for free; `costs`: route id -> cost or None (unusable).
    Returns (planned routes, trains needed, feasible tickets, infeasible tickets)."""
    planned: set[int] = set()
    needed = 0.0
    ok, blocked = [], []
    costs = dict(costs)  # planned routes then cost 0
    c = costs.get
    for t in sorted(tickets, key=lambda t: -t.points):
        total, paths = 0.0, []
        for a, b in zip(t.cities, t.cities[1:]):  # a tour: its legs in order
            d, path = graph.shortest(a, b, c)
            total += d
            paths.append(path)
        if total == INF:
            blocked.append(t)
            continue
        ok.append(t)
        for path in paths:
            for rid in path:
                if rid not in planned:
                    if costs[rid]:
                        needed += graph.route[rid].length
                    planned.add(rid)
                    costs[rid] = 0.0
    return planned, needed, ok, blocked


def _card_info() -> dict[int, tuple[int, str, int]]:
    """card kind -> (base colour index or -1 for a wild card, 'train' | 'ship' | 'any', spaces covered)."""
    info = {k: (k, "train", 1) for k in range(LOCO)}
    info[LOCO] = (-1, "any", 1)
    info[JOKER] = (-1, "any", 1)
    for name, idx in COLOR_INDEX.items():
        try:
            rs_card(name, "train")
        except ValueError:
            continue
        info[rs_card(name, "train")] = (idx, "train", 1)
        info[rs_card(name, "train-anchor")] = (idx, "train", 1)
        info[rs_card(name, "ship")] = (idx, "ship", 1)
        info[rs_card(name, "double-ship")] = (idx, "ship", 2)
    return info


CARD_INFO = _card_info()
