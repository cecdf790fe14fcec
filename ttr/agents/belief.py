"""Worlds weighted by what the other seats' claims say about their tickets.

`determinize` deals the other players' tickets uniformly from what the seat
cannot account for. But the routes a player has claimed tell a lot about the
tickets it holds: `sample_world` deals several worlds and picks one with
probability growing with how much of each other player's claimed track
(by length) lies on the routes its dealt tickets would plan (the planner's
Steiner-tree heuristic, its own routes free): importance resampling from the
uniform deal. Built from the view and the static map only.
"""
from __future__ import annotations

import math

from .determinize import determinize
from .planning import plan_routes


def claimed_by_others(view: dict) -> dict[int, list[int]]:
    seat = view["seat"]
    out: dict[int, list[int]] = {}
    for r, s in view["routes"].items():
        if s != seat:
            out.setdefault(s, []).append(int(r))
    return out


def _cost_for(owner: dict[int, int], seat: int, graph, closes):
    route = graph.route

    def cost(rid: int):
        s = owner.get(rid)
        if s is not None:
            return 0.0 if s == seat else None
        r = route[rid]
        for t in r.twins:
            ts = owner.get(t)
            if ts is not None and (ts == seat or closes[t]):
                return None
        return float(r.length)
    return cost


def fit(world, seat: int, routes: list[int], graph, cost) -> float:
    """The share of `routes` (by length) on the plan of `seat`'s tickets in `world`."""
    m = graph.map
    tickets = [m.ticket(t) for t in world.tickets[seat]]
    if not tickets:
        return 0.0
    planned = plan_routes(graph, tickets, {r: cost(r) for r in graph.route})[0]
    length = graph.route
    total = sum(length[r].length for r in routes)
    return sum(length[r].length for r in routes if r in planned) / total if total else 0.0


def sample_world(rules, view: dict, rng, graph, deals: int = 12, beta: float = 6.0):
    """One world: the uniform deal when no other seat has claimed anything (or deals <= 1),
    else one of `deals` uniform deals, chosen with weight exp(beta * fit) summed over the seats."""
    theirs = claimed_by_others(view)
    if deals <= 1 or not theirs:
        return determinize(rules, view, rng)
    owner = {int(r): s for r, s in view["routes"].items()}
    closed = None
    worlds, logw = [], []
    for _ in range(deals):
        w = determinize(rules, view, rng)
        if closed is None:
            closed = rules.r_closes
        x = 0.0
        for s, routes in theirs.items():
            x += fit(w, s, routes, graph, _cost_for(owner, s, graph, closed))
        worlds.append(w)
        logw.append(beta * x)
    top = max(logw)
    weights = [math.exp(v - top) for v in logw]
    return rng.choices(worlds, weights)[0]


__all__ = ["claimed_by_others", "fit", "sample_world"]
