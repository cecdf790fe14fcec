"""Running the games of an analysis on a backend (ttr.runtime.parallel: `local` processes, or Ray
once ttr.runtime offers it), with progress and Ctrl-C keeping the games finished."""
from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..agents import AGENTS
from ..errors import TtrError
from ..runtime.parallel import get_backend
from .board import Board, check_playable
from .collect import play_task, schedule


@dataclass(frozen=True)
class Run:
    rows: list[dict]      # the records, game by game, seat by seat
    stopped: bool         # Ctrl-C: the games finished
    seconds: float
    workers: int


def check(board: Board, player_counts: Sequence[int], bots: Sequence[str], games: int) -> None:
    if games < 1:
        raise TtrError(f"games must be at least 1, not {games}")
    if not bots:
        raise TtrError("no bots given")
    unknown = [b for b in bots if b not in AGENTS]
    if unknown:
        raise TtrError(f"unknown bot {unknown[0]!r}; known: {', '.join(sorted(AGENTS))}")
    for n in player_counts:
        check_playable(board, n)
        if len(bots) > n:
            raise TtrError(f"{len(bots)} bots for {n} seats: give at most one bot per seat")


def run(board: Board, player_counts: Sequence[int], bots: Sequence[str], games: int, seed: int,
        backend: str = "local", workers: int | None = None,
        progress: Callable[[int, int], None] | None = None) -> Run:
    """Play `games` games for each player count and collect their records. `progress(done, total)`
    is called in this process after each game."""
    check(board, player_counts, bots, games)
    run_tasks = get_backend(backend)
    total = games * len(player_counts)
    workers = max(1, min(workers or os.cpu_count() or 1, total))
    results: dict[int, list[dict]] = {}

    def finished(rows: list[dict]) -> None:
        results[rows[0]["game"]] = rows
        if progress:
            progress(len(results), total)

    t0 = time.perf_counter()
    stopped = run_tasks(schedule(board, player_counts, bots, games, seed), play_task, workers, finished)
    rows = [r for g in sorted(results) for r in results[g]]
    return Run(rows, stopped, time.perf_counter() - t0, workers)


__all__ = ["Run", "check", "run"]
