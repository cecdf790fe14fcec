"""Worlds weighted by what the other seats' claims say about their tickets.

A uniform deal (`Worlds.state`) fills the other players' tickets uniformly from what the seat cannot account for.
But the routes a player has claimed tell a lot about the tickets it holds: `sample_world`
deals several states and picks one with probability growing with how much of each other
player's claimed track (by length) lies on the routes its dealt tickets would plan (the
planner's Steiner-tree heuristic, its own routes free): importance resampling from the
uniform deal. Built from the seat's Observation only; only the chosen state is decoded.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..engine import Game, Observation, StateLayout
from .determinize import Worlds
from .planning import plan_routes


def claimed_by_others(obs: Observation) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for r, s in enumerate(obs.layout.items(obs.state, "routes")):
        if s >= 0 and s != obs.seat:
            out.setdefault(s, []).append(r)
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


def fit(layout: StateLayout, state: Sequence[int], seat: int, routes: list[int], graph, cost) -> float:
    """The share of `routes` (by length) on the plan of `seat`'s tickets in the dealt `state`."""
    m = graph.map
    tickets = [m.ticket(t) for t in layout.items(state, f"players[{seat}].tickets")]
    if not tickets:
        return 0.0
    planned = plan_routes(graph, tickets, {r: cost(r) for r in graph.route})[0]
    length = graph.route
    total = sum(length[r].length for r in routes)
    return sum(length[r].length for r in routes if r in planned) / total if total else 0.0


def _weighted_state(worlds: Worlds, rng: random.Random, graph, deals: int, beta: float) -> list[int] | None:
    """The state `sample_world` picks among weighted deals (None: it takes the uniform deal, drawing nothing here)."""
    obs = worlds.obs
    theirs = claimed_by_others(obs) if deals > 1 else None
    if not theirs:
        return None
    owner = {r: s for r, s in enumerate(obs.layout.items(obs.state, "routes")) if s >= 0}
    closed = obs.rules.r_closes
    states, logw = [], []
    for _ in range(deals):
        st = worlds.state(rng)
        x = 0.0
        for s, routes in theirs.items():
            x += fit(obs.layout, st, s, routes, graph, _cost_for(owner, s, graph, closed))
        states.append(st)
        logw.append(beta * x)
    top = max(logw)
    weights = [math.exp(v - top) for v in logw]
    return rng.choices(states, weights)[0]


def sample_world(worlds: Worlds, rng: random.Random, graph, deals: int = 12, beta: float = 6.0) -> Game:
    """One world of `worlds` (an Observation's): the uniform deal when no other seat has claimed
    anything (or deals <= 1), else one of `deals` uniform deals, chosen with weight exp(beta * fit)
    summed over the seats."""
    st = _weighted_state(worlds, rng, graph, deals, beta)
    return worlds.game(rng) if st is None else worlds.decode(st)


def sample_state(worlds: Worlds, rng: random.Random, graph, deals: int = 12, beta: float = 6.0) -> list[int]:
    """The state of the world `sample_world` gives, with the same draws (for another engine to decode)."""
    st = _weighted_state(worlds, rng, graph, deals, beta)
    return worlds.state(rng) if st is None else st


__all__ = ["claimed_by_others", "fit", "sample_state", "sample_world"]
