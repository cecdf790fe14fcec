"""Small pure helpers of the statistics: rates with Wilson intervals (the arena's), differences of
two rates (Newcombe's interval), means and quantiles, and ticket difficulty on the board."""
from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..agents.planning import RouteGraph
from ..maps import Map, Ticket
from ..runtime.arena import wilson_interval


@dataclass(frozen=True)
class Rate:
    """`k` successes (possibly fractional: shared wins count 1/k) out of `n`."""
    k: float
    n: float

    @property
    def value(self) -> float:
        return self.k / self.n if self.n else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson_interval(self.k, self.n)


@dataclass(frozen=True)
class Diff:
    """B minus A, two independent rates; `ci` by Newcombe's hybrid score method (from the two
    Wilson intervals). `clear`: the interval excludes 0."""
    a: Rate
    b: Rate

    @property
    def value(self) -> float:
        return self.b.value - self.a.value

    @property
    def ci(self) -> tuple[float, float]:
        (la, ua), (lb, ub) = self.a.ci, self.b.ci
        pa, pb = self.a.value, self.b.value
        d = pb - pa
        return d - math.hypot(pb - lb, ua - pa), d + math.hypot(ub - pb, pa - la)

    @property
    def clear(self) -> bool:
        lo, hi = self.ci
        return lo > 0 or hi < 0


def tally(seats: Iterable[dict], column: str, ids: Iterable[int]) -> tuple[dict[int, int], dict[int, float]]:
    """For each id: how many seat records list it in `column` (e.g. the routes claimed, the tickets
    kept), and those seats' win shares added up. Ids not given are ignored."""
    count = dict.fromkeys(ids, 0)
    won = dict.fromkeys(count, 0.0)
    for seat in seats:
        for i in seat[column]:
            if i in count:
                count[i] += 1
                won[i] += seat["win"]
    return count, won


def mean(xs: Iterable[float]) -> float:
    xs = list(xs)
    return statistics.fmean(xs) if xs else 0.0


def weighted_mean(pairs: Iterable[tuple[float, float]]) -> float:
    """Mean of values given as (weight, value)."""
    w = s = 0.0
    for wi, x in pairs:
        w += wi
        s += wi * x
    return s / w if w else 0.0


def spread(xs: Sequence[float]) -> dict[str, float]:
    """mean, sd, min, p10, median, p90, max (quantiles interpolated between order statistics)."""
    xs = sorted(xs)
    if len(xs) < 2:
        x = float(xs[0]) if xs else 0.0
        return {"mean": x, "sd": 0.0, "min": x, "p10": x, "median": x, "p90": x, "max": x}
    deciles = statistics.quantiles(xs, n=10, method="inclusive")
    return {"mean": statistics.fmean(xs), "sd": statistics.stdev(xs), "min": float(xs[0]), "p10": deciles[0],
            "median": float(statistics.median(xs)), "p90": deciles[-1], "max": float(xs[-1])}


def shortest_lengths(m: Map) -> dict[int, int]:
    """Each ticket's difficulty: the fewest spaces joining its cities on the empty board (a tour:
    its legs in order, added up)."""
    graph = RouteGraph(m)
    length = {r.id: r.length for r in m.routes}

    def legs(t: Ticket) -> float:
        return sum(graph.shortest(a, b, length.__getitem__)[0] for a, b in zip(t.cities, t.cities[1:]))

    out = {}
    for t in m.tickets:
        d = legs(t)
        out[t.id] = int(d) if math.isfinite(d) else -1  # -1: the board does not join its cities
    return out


def ticket_label(t: Ticket) -> str:
    return "–".join(t.cities)


__all__ = ["Diff", "Rate", "mean", "shortest_lengths", "spread", "tally", "ticket_label", "weighted_mean"]
