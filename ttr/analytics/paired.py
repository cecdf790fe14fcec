"""Differences of two runs' means with a 95% interval. Runs that played the same games (the same
player counts, seeds and seat rotations: the same deals, whatever the board or bots) are compared
pair by pair, which removes the luck of the deal from the difference; other runs by Welch's
interval of two independent means."""
from __future__ import annotations

import math
import statistics
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from statistics import NormalDist


def _beta_cf(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + num * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return h


def _beta_inc(a: float, b: float, x: float) -> float:
    """I_x(a, b), the regularized incomplete beta function."""
    if x <= 0 or x >= 1:
        return 0.0 if x <= 0 else 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _beta_cf(a, b, x) / a
    return 1 - front * _beta_cf(b, a, 1 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with df degrees of freedom."""
    tail = 0.5 * _beta_inc(df / 2, 0.5, df / (df + t * t))
    return 1 - tail if t > 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The p-quantile of Student's t with df > 0 degrees of freedom: the Cornish-Fisher expansion,
    then Newton's steps on the exact distribution function."""
    z = NormalDist().inv_cdf(p)
    z2 = z * z
    t = z + z * (z2 + 1) / 4 / df + z * (5 * z2 ** 2 + 16 * z2 + 3) / 96 / df ** 2
    log_c = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
    for _ in range(50):
        step = (t_cdf(t, df) - p) / math.exp(log_c - (df + 1) / 2 * math.log1p(t * t / df))
        t -= step
        if abs(step) < 1e-14 * max(1.0, abs(t)):
            break
    return t


@dataclass(frozen=True)
class MeanDiff:
    """B's mean minus A's with its 95% interval; `pairs`: the number of paired games it rests on
    (0: the runs played different games, Welch's interval)."""
    a: float
    b: float
    ci: tuple[float, float]
    pairs: int

    @property
    def value(self) -> float:
        return self.b - self.a

    @property
    def clear(self) -> bool:
        lo, hi = self.ci
        return lo > 0 or hi < 0


def _half(sd: float, n: int) -> float:
    return t_quantile(0.975, n - 1) * sd / math.sqrt(n)


def mean_diff(xa: Mapping[Hashable, float], xb: Mapping[Hashable, float]) -> MeanDiff:
    """Values keyed by what was played (e.g. (players, seed, rotation) for a game, with the seat
    for a player): paired when both runs hold the same keys, else independent."""
    a, b = statistics.fmean(xa.values()) if xa else 0.0, statistics.fmean(xb.values()) if xb else 0.0
    d = b - a
    if xa.keys() == xb.keys() and len(xa) >= 2:
        diffs = [xb[k] - xa[k] for k in xa]
        h = _half(statistics.stdev(diffs), len(diffs))
        return MeanDiff(a, b, (d - h, d + h), len(diffs))
    if len(xa) < 2 or len(xb) < 2:
        return MeanDiff(a, b, (-math.inf, math.inf), 0)
    va, vb = statistics.variance(xa.values()) / len(xa), statistics.variance(xb.values()) / len(xb)
    if va + vb == 0:
        return MeanDiff(a, b, (d, d), 0)
    df = (va + vb) ** 2 / (va ** 2 / (len(xa) - 1) + vb ** 2 / (len(xb) - 1))
    h = t_quantile(0.975, df) * math.sqrt(va + vb)
    return MeanDiff(a, b, (d - h, d + h), 0)


def game_key(game: list[dict]) -> tuple[int, int, int]:
    """What makes a game the same deal in two runs: players, seed, rotation."""
    s = game[0]
    return s["players"], s["seed"], s["rotation"]


def seat_key(row: dict) -> tuple[int, int, int, int]:
    return row["players"], row["seed"], row["rotation"], row["seat"]


__all__ = ["MeanDiff", "game_key", "mean_diff", "seat_key", "t_cdf", "t_quantile"]
