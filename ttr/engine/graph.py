"""Scoring primitives on a player's routes: connectivity and the longest trail (G8)."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..errors import TtrError

if TYPE_CHECKING:  # pragma: no cover
    from ..maps import Map


class DisjointSet:
    """Union-find over small int ids."""
    __slots__ = ("parent",)

    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, x: int) -> int:
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[ra] = rb

    def copy(self) -> "DisjointSet":
        d = DisjointSet.__new__(DisjointSet)
        d.parent = self.parent[:]
        return d


def _trail(adj: dict[int, list[tuple[int, int, int]]], used: list[bool], u: int) -> int:
    """The longest trail from u over the edges not used yet (a module function, not a closure:
    a recursive closure is a reference cycle, freed only by the garbage collector)."""
    best = 0
    for v, w, i in adj[u]:
        if not used[i]:
            used[i] = True
            x = w + _trail(adj, used, v)
            used[i] = False
            if x > best:
                best = x
    return best


def longest_trail(edges: list[tuple[int, int, int]]) -> int:
    """Length of the longest trail (no edge twice, vertices may repeat) in a graph
    given as (u, v, weight) edges. A longest trail uses every edge at its start
    vertex, so it starts at an odd-degree vertex, or covers an all-even component."""
    if not edges:
        return 0
    adj: dict[int, list[tuple[int, int, int]]] = defaultdict(list)  # vertex -> (other end, weight, edge)
    for i, (u, v, w) in enumerate(edges):
        adj[u].append((v, w, i))
        adj[v].append((u, w, i))
    used = [False] * len(edges)

    # components
    comp: dict[int, int] = {}
    for s in adj:
        if s in comp:
            continue
        comp[s] = s
        stack = [s]
        while stack:
            u = stack.pop()
            for v, _, _ in adj[u]:
                if v not in comp:
                    comp[v] = s
                    stack.append(v)
    best = 0
    members: dict[int, list[int]] = defaultdict(list)
    for v, c in comp.items():
        members[c].append(v)
    for c, vs in members.items():
        odd = [v for v in vs if len(adj[v]) % 2]
        if not odd:  # Eulerian component: the whole component is one closed trail
            total = sum(w for u, v, w in edges if comp[u] == c)
            best = max(best, total)
            continue
        for v in odd:
            best = max(best, _trail(adj, used, v))
    return best


def _route_edges(m: Map, route_ids: Iterable[int]) -> list[tuple[int, int, int]]:
    edges = []
    for rid in route_ids:
        try:
            r = m.route_by_id[rid]
        except KeyError:
            raise TtrError(f"map {m.name} has no route {rid!r}") from None
        edges.append((m.city_index[r.cities[0]], m.city_index[r.cities[1]], r.length))
    return edges


def longest_path(m: Map, route_ids: Iterable[int]) -> int:
    """G8: the longest trail, in trains, through the given routes of map `m`."""
    return longest_trail(_route_edges(m, route_ids))


def connected(m: Map, route_ids: Iterable[int], city_a: str, city_b: str) -> bool:
    """G9: are the two cities joined by the given routes of map `m`?"""
    for c in (city_a, city_b):
        if c not in m.city_index:
            raise TtrError(f"map {m.name} has no city {c!r}")
    ds = DisjointSet(len(m.cities))
    for u, v, _ in _route_edges(m, route_ids):
        ds.union(u, v)
    return ds.find(m.city_index[city_a]) == ds.find(m.city_index[city_b])
