"""What the other seats' claims say about their tickets: a weight per ticket per seat.

A player claims routes toward its tickets, so a ticket whose cities its claims already join (or
bring closer) is likelier in its hand than one far from them. `TicketModel.weights(obs)` gives
each other seat's weights over every ticket: exp(beta * fit), where fit is the share of the
ticket's distance on the empty board that the seat's claims cover (its routes free, the routes
others took closed; 1 for a ticket its routes already join, 0 for one they do not bring closer or
that it can no longer join). `Worlds(obs, weights)` deals each seat's kept tickets from what the
observer cannot account for, without replacement, with these weights (determinize.py).

Built from the seat's Observation only: claims are public. benchmarks/opponent_model.py measures
the model on recorded positions (with `set_log_likelihood`): the log-likelihood of the tickets
the seats really held, against dealing them uniformly (docs/bots.md).
"""
from __future__ import annotations

import heapq
import math
from typing import Sequence

from ..engine import Observation, Ruleset
from ..maps import Map

INF = float("inf")
BETA = 6.0  # the search bot's default: the likeliest on recorded games (docs/bots.md)


class _Board:
    """A map's cities and routes as numbers, and its distances on the empty board."""

    def __init__(self, m: Map) -> None:
        self.index = {c.name: i for i, c in enumerate(m.cities)}
        n = len(m.cities)
        self.adj: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]  # (route, other city, length)
        for r in m.routes:
            a, b = (self.index[c] for c in r.cities)
            self.adj[a].append((r.id, b, r.length))
            self.adj[b].append((r.id, a, r.length))
        self.twins = {r.id: r.twins for r in m.routes}
        # each ticket as its legs (a tour: consecutive cities), and its length on the empty board
        self.legs = {t.id: [(self.index[a], self.index[b]) for a, b in zip(t.cities, t.cities[1:])]
                     for t in m.tickets}
        self.sources = sorted({a for legs in self.legs.values() for a, _ in legs})
        self.base = self.distances({}, -1)
        self.length = {t: sum(self.base[a][b] for a, b in legs) for t, legs in self.legs.items()}

    def distances(self, owner: dict[int, int], seat: int) -> dict[int, list[float]]:
        """Shortest distances from every ticket's first cities for `seat`: its routes cost 0, a route another seat
        holds is closed unless a twin is free or its own."""
        def cost(rid: int, length: int) -> float:
            s = owner.get(rid)
            if s is None:
                return float(length)
            if s == seat:
                return 0.0
            return INF
        adj = [[(v, min([cost(rid, length)] + [cost(t, length) for t in self.twins[rid]]))
                for rid, v, length in edges] for edges in self.adj]
        out = {}
        pop, push = heapq.heappop, heapq.heappush
        for src in self.sources:
            dist = [INF] * len(adj)
            dist[src] = 0.0
            heap = [(0.0, src)]
            while heap:
                d, u = pop(heap)
                if d > dist[u]:
                    continue
                for v, c in adj[u]:
                    nd = d + c
                    if nd < dist[v]:
                        dist[v] = nd
                        push(heap, (nd, v))
            out[src] = dist
        return out


_BOARDS: dict[int, tuple[Map, _Board]] = {}  # by the map's id (it is kept alive here)


def _board(m: Map) -> _Board:
    got = _BOARDS.get(id(m))
    if got is None or got[0] is not m:
        if len(_BOARDS) > 16:
            _BOARDS.clear()
        got = _BOARDS[id(m)] = (m, _Board(m))
    return got[1]


class TicketModel:
    """Weights over every ticket for each other seat, from the routes each has claimed (see the
    module's docstring). Cached by the claims, so an unchanged board costs nothing."""

    def __init__(self, rules: Ruleset, beta: float = BETA) -> None:
        self.rules = rules
        self.beta = beta
        self.board = _board(rules.map)
        self.memo: dict[tuple, dict[int, float]] = {}

    def fits(self, owner: dict[int, int], seat: int) -> dict[int, float]:
        """Each ticket's fit for `seat` (0..1) given who owns which route."""
        key = (seat, tuple(sorted(owner.items())))
        got = self.memo.get(key)
        if got is None:
            board = self.board
            dist = board.distances(owner, seat)
            got = {}
            for t, legs in board.legs.items():
                d = sum(dist[a][b] for a, b in legs)
                base = board.length[t]
                got[t] = 0.0 if d == INF or not base else max(0.0, 1.0 - d / base)
            if len(self.memo) > 256:
                self.memo.clear()
            self.memo[key] = got
        return got

    def weights(self, obs: Observation) -> dict[int, dict[int, float]]:
        """Seat -> ticket id -> weight, for every other seat that has claimed a route (the others are dealt
        uniformly)."""
        owner = {r: s for r, s in enumerate(obs.layout.items(obs.state, "routes")) if s >= 0}
        beta = self.beta
        out = {}
        for seat in sorted(set(owner.values()) - {obs.seat}):
            out[seat] = {t: math.exp(beta * f) for t, f in self.fits(owner, seat).items()}
        return out


def set_log_likelihood(held: Sequence[int], pool: Sequence[int], weight: dict[int, float]) -> float:
    """The log-probability that drawing len(held) tickets from `pool` without replacement, each in
    proportion to its weight, gives exactly the set `held` in any order (over the subsets of
    `held`: the chance of drawing a subset first, in any order, is the sum over its last ticket)."""
    total = sum(weight[t] for t in pool)
    w = [weight[t] for t in held]
    k = len(w)
    first = [0.0] * (1 << k)  # by subset of `held` (bits): the chance it is drawn first
    first[0] = 1.0
    drawn = [0.0] * (1 << k)  # its weight
    for sub in range(1, 1 << k):
        low = sub & -sub
        drawn[sub] = drawn[sub ^ low] + w[low.bit_length() - 1]
        p = 0.0
        for i in range(k):
            if sub >> i & 1:
                before = sub ^ (1 << i)
                p += first[before] * w[i] / (total - drawn[before])
        first[sub] = p
    return math.log(first[-1])


def uniform_log_likelihood(k: int, n: int) -> float:
    """The log-probability of one set of k tickets dealt uniformly from n."""
    return -math.log(math.comb(n, k))


__all__ = ["BETA", "TicketModel", "set_log_likelihood", "uniform_log_likelihood"]
