"""The graph form of an observation, for graph networks: per-route and per-city features with the
board's edge list, built from the flat tensor of ttr.formats.observation (either engine's), so a
seat's graph holds exactly what its tensor holds.

    g = GraphObserver(Observer(ttr.get_ruleset("usa", 2)))
    parts = g.graph(x)     # x = observer.encode(game.observe(seat)), or an environment's tensor
    parts["routes"]        # float32[R, g.route_width]: one row per route (map order)
    parts["cities"]        # float32[C, g.city_width]: one row per city (by index)
    parts["edges"]         # int64[R, 2]: route i joins cities edges[i] (the same for every position)
    parts["globals"]       # float32[g.global_width]: every other field of the tensor, in its order

`describe()` lists the columns, `space()` is the Gymnasium space. Routes are the edges of the
board's multigraph (double routes are two rows with the same ends); lengths are scaled by the
board's longest route, counts of tickets are counts.
"""
from __future__ import annotations

import numpy as np

from typing import Any

from ..cards import CARD_NAMES
from ..formats.observation import Observer


class GraphObserver:
    """The graph form of one Observer's tensors (see the module docstring)."""

    def __init__(self, observer: Observer):
        self.observer = ob = observer
        rules = ob.rules
        P = self.players = ob.players
        self.routes = ob.routes
        self.n_cities = len(rules.city_names)
        kinds = sorted({c for r in self.routes if (c := rules.r_color[r]) >= 0})
        self.colors = kinds
        col = {c: i for i, c in enumerate(kinds)}
        self.max_length = max(rules.r_len[r] for r in self.routes)
        # static route columns: length, then colour one-hot (gray: none), tunnel, locomotives asked
        static = np.zeros((len(self.routes), 3 + len(kinds)), dtype=np.float32)
        for i, r in enumerate(self.routes):
            static[i, 0] = rules.r_len[r] / self.max_length
            if rules.r_color[r] >= 0:
                static[i, 1 + col[rules.r_color[r]]] = 1.0
            static[i, 1 + len(kinds)] = float(rules.r_tunnel[r])
            static[i, 2 + len(kinds)] = rules.r_locos[r] / max(rules.r_len[r], 1)
        self._static = static
        self.edges = np.array([rules.r_ends[r] for r in self.routes], dtype=np.int64).reshape(-1, 2)
        self.route_columns = (["length"] + [f"color:{CARD_NAMES[c]}" for c in kinds] + ["tunnel", "locomotives"]
                              + [f"owner:{q}" for q in range(P)] + ["open"])
        self.route_width = len(self.route_columns)
        # city columns: stations by relative seat (where the edition has them), then (own) tickets
        # ending there, those already joined, and offered tickets ending there
        names = {fl.name for fl in ob.fields}
        self._stations = "stations" in names
        self._private = "tickets" in names
        self.city_columns = ([f"station:{q}" for q in range(P)] if self._stations else []) + (
            ["tickets", "tickets_joined", "offer"] if self._private else [])
        self.city_width = len(self.city_columns)
        # a ticket's cities as a [tickets, cities] incidence matrix (tickets in the observer's order)
        inc = np.zeros((len(ob.tickets), self.n_cities), dtype=np.float32)
        for i, t in enumerate(ob.tickets):
            for c in rules.ticket_cities[t]:
                inc[i, c] = 1.0
        self._incidence = inc
        graph_fields = {"routes", "stations", "tickets", "tickets_joined", "offer"}
        self._globals = [fl for fl in ob.fields if fl.name not in graph_fields]
        self.global_width = sum(fl.size for fl in self._globals)

    def graph(self, x: np.ndarray) -> dict[str, np.ndarray]:
        """The graph of tensor `x` (see the module docstring)."""
        ob, P = self.observer, self.players
        parts = ob.split(x)
        owner = parts["routes"].reshape(len(self.routes), P)
        routes = np.concatenate([self._static, owner, 1.0 - owner.sum(axis=1, keepdims=True)], axis=1)
        cols = []
        if self._stations:
            cols.append(parts["stations"].reshape(self.n_cities, P))
        if self._private:
            inc = self._incidence
            cols += [(parts["tickets"] @ inc)[:, None], (parts["tickets_joined"] @ inc)[:, None],
                     (parts["offer"].sum(axis=0) @ inc)[:, None]]
        cities = (np.concatenate(cols, axis=1) if cols else np.zeros((self.n_cities, 0))).astype(np.float32)
        glob = np.concatenate([x[fl.start:fl.stop] for fl in self._globals]).astype(np.float32)
        # (fresh arrays on every call: a user keeps what an environment returns)
        return {"routes": routes.astype(np.float32), "cities": cities, "edges": self.edges.copy(), "globals": glob}

    def space(self, action_mask: int | None = None) -> Any:
        """The Gymnasium space of graph(x) (with an int8 "action_mask" of that many ids, if given)."""
        from gymnasium import spaces
        ob, R, C = self.observer, len(self.routes), self.n_cities
        low = np.concatenate([ob.low[fl.start:fl.stop] for fl in self._globals])
        high = np.concatenate([ob.high[fl.start:fl.stop] for fl in self._globals])
        parts: dict[str, spaces.Space] = {
            "routes": spaces.Box(0.0, 1.0, (R, self.route_width), dtype=np.float32),
            "cities": spaces.Box(0.0, float(max(len(ob.tickets), 1)), (C, self.city_width), dtype=np.float32),
            "edges": spaces.Box(0, C - 1, (R, 2), dtype=np.int64),
            "globals": spaces.Box(low, high, dtype=np.float32)}
        if action_mask is not None:
            parts["action_mask"] = spaces.Box(0, 1, (action_mask,), dtype=np.int8)
        return spaces.Dict(parts)

    def describe(self) -> str:
        """The columns of the route and city rows, and the fields of the globals (markdown)."""
        lines = ["| part | shape | columns |", "| --- | --- | --- |",
                 f"| `routes` | {len(self.routes)} x {self.route_width} | {', '.join(self.route_columns)} |",
                 f"| `cities` | {self.n_cities} x {self.city_width} | {', '.join(self.city_columns) or '(none)'} |",
                 f"| `edges` | {len(self.routes)} x 2 | the two cities (indices) each route joins |",
                 f"| `globals` | {self.global_width} | the fields {', '.join(f.name for f in self._globals)} |"]
        return "\n".join(lines)


__all__ = ["GraphObserver"]
