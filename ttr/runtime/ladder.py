"""The bot ladder: every pair of bots in two-player arena matches on each board, and the
Bradley-Terry ratings (Elo scale) that fit all of a board's games, with 95% intervals.

Each pair plays `games` matches (seeds seed..seed+games-1, each in both seat orders: the arena's
pairing), on any backend (the results do not depend on it). Ratings are centred on 1500 per
board; an interval is 1.96 standard errors of the rating from the observed information of the
fit (the covariance of the centred log-strengths: the pseudo-inverse of the information
matrix). No I/O here: the command line is ttr/commands/ladder.py.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from ..errors import TtrError
from .arena import ELO_ANCHOR, Z95, bradley_terry, elo_ratings, pairwise_outcomes, run_arena
from .backend import Backend

ELO = 400 / math.log(10)  # Elo points per unit of log-strength


@dataclass(frozen=True)
class Rating:
    bot: str
    elo: float
    low: float   # the 95% interval
    high: float
    games: int   # games it played on the board
    score: float  # its share of its pairwise comparisons (wins, half a tie)


@dataclass(frozen=True)
class BoardLadder:
    board: str
    games_per_pair: int
    seed: int
    time_per_move: float | None
    ratings: tuple[Rating, ...]  # strongest first
    wins: tuple[tuple[str, str, float], ...]  # (a, b, times a beat b)

    def to_dict(self) -> dict:
        return {"board": self.board, "games_per_pair": self.games_per_pair, "seed": self.seed,
                "time_per_move": self.time_per_move,
                "ratings": [r.__dict__ for r in self.ratings],
                "wins": [list(w) for w in self.wins]}


def elo_intervals(names: Sequence[str], wins: Mapping[tuple[str, str], float], strengths: Mapping[str, float],
                  z: float = Z95) -> dict[str, float]:
    """Half-widths of the ratings' intervals (Elo points): z standard errors from the observed
    information of the Bradley-Terry fit in log-strengths, under the ratings' centring."""
    import numpy as np
    k = len(names)
    theta = [math.log(strengths[n]) for n in names]
    info = np.zeros((k, k))
    for i in range(k):
        for j in range(k):
            if i == j:
                continue
            n = wins.get((names[i], names[j]), 0.0) + wins.get((names[j], names[i]), 0.0)
            if n <= 0:
                continue
            p = 1 / (1 + math.exp(theta[j] - theta[i]))
            info[i, j] -= n * p * (1 - p) / 2  # (each pair is seen from both sides)
            info[i, i] += n * p * (1 - p) / 2
            info[j, j] += n * p * (1 - p) / 2
            info[j, i] -= n * p * (1 - p) / 2
    cov = np.linalg.pinv(info)  # the centred directions (the information's null space: a common shift)
    return {n: z * ELO * math.sqrt(max(cov[i, i], 0.0)) for i, n in enumerate(names)}


def fit(board: str, bots: Sequence[str], wins: Mapping[tuple[str, str], float], games_per_pair: int, seed: int,
        time_per_move: float | None, played: Mapping[str, int]) -> BoardLadder:
    """The ladder of one board from its pairwise wins."""
    names = list(bots)
    strengths = bradley_terry(names, wins, prior=1.0)
    elo = elo_ratings(strengths, ELO_ANCHOR)
    half = elo_intervals(names, wins, strengths)
    ratings = []
    for n in names:
        won = sum(w for (a, _), w in wins.items() if a == n)
        seen = sum(w for (a, b), w in wins.items() if n in (a, b))
        ratings.append(Rating(n, elo[n], elo[n] - half[n], elo[n] + half[n], played[n], won / seen if seen else 0.0))
    ratings.sort(key=lambda r: -r.elo)
    return BoardLadder(board, games_per_pair, seed, time_per_move, tuple(ratings),
                       tuple((a, b, w) for (a, b), w in sorted(wins.items())))


def _tell(progress: Callable[[str, int, int], None] | None, what: str) -> Callable[[int, int], None] | None:
    if progress is None:
        return None
    report = progress
    return lambda done, total: report(what, done, total)


def run_ladder(boards: Sequence[str], bots: Sequence[str], games: int, seed: int = 1,
               time_per_move: float | None = None, backend: Backend | None = None, workers: int | None = None,
               engine: str = "auto", progress: Callable[[str, int, int], None] | None = None) -> list[BoardLadder]:
    """The ladder of every board: each pair of `bots` plays `games` two-player matches there (see
    the module docstring). `progress(what, done, total)` after each game. Ctrl-C raises
    KeyboardInterrupt (a ladder of some pairs would rate the bots unevenly)."""
    if len(set(bots)) != len(bots) or len(bots) < 2:
        raise TtrError("give at least two different bots")
    if games < 1:
        raise TtrError(f"games must be at least 1, not {games}")
    out = []
    for board in boards:
        wins: dict[tuple[str, str], float] = {}
        played = dict.fromkeys(bots, 0)
        for a, b in combinations(bots, 2):
            res = run_arena(board, 2, [a, b], games, seed, workers, time_per_move,
                            _tell(progress, f"{board}: {a} vs {b}"), backend, engine=engine)
            if res.stopped:  # Ctrl-C stops the whole ladder, not one pair's matches
                raise KeyboardInterrupt
            for (x, y), w in pairwise_outcomes((r.bots, r.ranks) for r in res.records).items():
                wins[x, y] = wins.get((x, y), 0.0) + w
            played[a] += len(res.records)
            played[b] += len(res.records)
        out.append(fit(board, bots, wins, games, seed, time_per_move, played))
    return out


def markdown(ladders: Sequence[BoardLadder]) -> str:
    """One table: a row per bot, a column per board (rating and its interval)."""
    bots = list(dict.fromkeys(r.bot for lad in ladders for r in lad.ratings))
    head = "| bot | " + " | ".join(lad.board for lad in ladders) + " |"
    rows = [head, "| --- |" + " ---: |" * len(ladders)]
    for bot in bots:
        cells = []
        for lad in ladders:
            r = next((x for x in lad.ratings if x.bot == bot), None)
            cells.append(f"{r.elo:.0f} ({r.low:.0f}–{r.high:.0f})" if r else "–")
        rows.append(f"| {bot} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


__all__ = ["BoardLadder", "Rating", "elo_intervals", "fit", "markdown", "run_ladder"]
