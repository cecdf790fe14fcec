"""Running the games of an analysis on a backend (ttr.runtime.backend: local processes by default;
the command line may pass Ray's), with progress and Ctrl-C keeping the games finished."""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..agents import AGENTS
from ..errors import TtrError
from ..runtime.backend import Backend, LocalBackend
from .board import Board, check_playable
from .collect import play_task, schedule


@dataclass(frozen=True)
class Run:
    rows: list[dict]      # the records, game by game, seat by seat
    stopped: bool         # Ctrl-C: the games finished
    seconds: float
    backend: str          # the backend's name
    workers: int | None   # its worker processes or CPUs (None: all of a Ray cluster's)


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
        backend: Backend | None = None, workers: int | None = None,
        progress: Callable[[int, int], None] | None = None, engine: str = "python") -> Run:
    """Play `games` games for each player count and collect their records, on `backend` (default:
    this machine, `workers` processes, default all cores). `progress(done, total)` is called in
    this process after each game. The records do not depend on the backend."""
    check(board, player_counts, bots, games)
    for n in player_counts:
        board.engine_for(n, engine)  # --engine native where the core cannot play these rules: say so now
    total = games * len(player_counts)
    if backend is None:
        backend = LocalBackend(min(LocalBackend(workers).workers, total))
    results: dict[int, list[dict]] = {}

    def finished(rows: list[dict]) -> None:
        results[rows[0]["game"]] = rows
        if progress:
            progress(len(results), total)

    t0 = time.perf_counter()
    stopped = False
    try:
        backend.run(play_task, schedule(board, player_counts, bots, games, seed, engine), finished)
    except KeyboardInterrupt:
        stopped = True
    rows = [r for g in sorted(results) for r in results[g]]
    return Run(rows, stopped, time.perf_counter() - t0, backend.name, getattr(backend, "workers", None))


__all__ = ["Run", "check", "run"]
