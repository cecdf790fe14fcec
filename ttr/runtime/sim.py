"""Playing whole games between agents, and the random-playout benchmark."""
from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..agents import make_agent
from ..editions import new_game
from ..engine import Game
from .backend import Backend, LocalBackend
from .match import Match, MoveListener


@dataclass(frozen=True)
class GameRecord:
    seed: int
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    turns: int
    actions: int
    tickets_kept: tuple[int, ...]
    tickets_done: tuple[int, ...]


def play_game(map_name: str, players: int, seed: int, agents: list[str] | None = None,
              on_move: MoveListener | None = None, engine: str = "python", rules: tuple = ()) -> Game:
    """Play one game to the end with the match loop; agents[i] plays seat i (default: all
    planners). `on_move(match, seat, action)` is called after each move. `engine`: which engine
    plays it (ttr.new_game: "python", "native" or "auto"); the game is the same on either."""
    names = agents or ["planner"] * players
    bots = [make_agent(n, seed * 7919 + i) for i, n in enumerate(names)]
    return Match(new_game(map_name, players, seed, engine=engine, rules=rules), bots, on_move=on_move).run()


def record(g: Game) -> GameRecord:
    r = g.result()
    ps = r["players"]
    return GameRecord(g.seed, tuple(p["total"] for p in ps), tuple(r["winners"]), g.turn, g.ply,
                      tuple(len(p["tickets_completed"]) + len(p["tickets_failed"]) for p in ps),
                      tuple(len(p["tickets_completed"]) for p in ps))


def play_record(task: tuple) -> GameRecord:
    """One game of a simulation, (map, players, seed, bots, engine[, rules changed]): its record (runs in a worker)."""
    map_name, players, seed, bots, engine, *rest = task
    rules = rest[0] if rest else ()
    return record(play_game(map_name, players, seed, list(bots), engine=engine, rules=rules))


def simulate(map_name: str, players: int, bots: list[str], games: int, seed: int = 1,
             backend: Backend | None = None, progress: Callable[[], None] | None = None,
             engine: str = "python", rules: tuple = ()) -> tuple[list[GameRecord], bool]:
    """Play games seed..seed+games-1 (bots[i] in seat i) on `backend` (default: in this process).
    Returns the records in seed order and whether Ctrl-C stopped the run early (then the records
    are those of the games finished). `progress()` is called after each game."""
    done: dict[int, GameRecord] = {}

    def finished(r: GameRecord) -> None:
        done[r.seed] = r
        if progress:
            progress()

    tasks = ((map_name, players, s, tuple(bots), engine, rules) for s in range(seed, seed + games))
    stopped = False
    try:
        (backend or LocalBackend(1)).run(play_record, tasks, finished)
    except KeyboardInterrupt:
        stopped = True
    return [done[s] for s in sorted(done)], stopped


def summarize(records: list[GameRecord], players: int) -> dict:
    totals = [t for r in records for t in r.totals]
    wins = [0.0] * players
    for r in records:
        for w in r.winners:
            wins[w] += 1 / len(r.winners)
    kept = sum(sum(r.tickets_kept) for r in records)
    done = sum(sum(r.tickets_done) for r in records)
    turns = [r.turns for r in records]
    return {
        "games": len(records),
        "score_mean": statistics.fmean(totals),
        "score_sd": statistics.pstdev(totals),
        "score_by_seat": [statistics.fmean(r.totals[s] for r in records) for s in range(players)],
        "ticket_completion": done / kept if kept else 0.0,
        "turns_mean": statistics.fmean(turns),
        "turns_sd": statistics.pstdev(turns),
        "actions_mean": statistics.fmean(r.actions for r in records),
        "win_rate_by_seat": [w / len(records) for w in wins],
    }


def random_playouts(map_name: str, players: int, games: int, seed: int = 0,
                    engine: str = "python") -> tuple[float, int]:
    """Play `games` uniformly random games on the engine's fast path, through its face.
    Returns (CPU seconds, actions)."""
    rng = random.Random(seed)
    rnd = rng.random
    actions = 0
    t0 = time.process_time()
    for i in range(games):
        g = new_game(map_name, players, seed + i, record=False, engine=engine)
        apply = g.apply_unchecked
        while not g.is_over:
            legal = g.legal_actions()
            apply(legal[int(rnd() * len(legal))])
        actions += g.ply
    return time.process_time() - t0, actions


def _midgame(map_name: str, players: int, seed: int, engine: str) -> Game:
    """A game 60 random actions in (without a public log)."""
    g = new_game(map_name, players, seed, record=False, engine=engine)
    rng = random.Random(seed)
    for _ in range(60):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply_unchecked(legal[int(rng.random() * len(legal))])
    return g


def clone_time(map_name: str, players: int, seed: int = 0, n: int = 20000, engine: str = "python") -> float:
    """CPU seconds per clone of a mid-game state."""
    g = _midgame(map_name, players, seed, engine)
    t0 = time.process_time()
    for _ in range(n):
        g.clone()
    return (time.process_time() - t0) / n


def state_bytes(map_name: str, players: int, seed: int = 0, engine: str = "python") -> int:
    """Bytes one more game state holds: a clone of a mid-game state (without a public log), its
    Python objects (tracemalloc) and what it holds in the native core."""
    import tracemalloc

    from ..native import core_bytes
    g = _midgame(map_name, players, seed, engine)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        c = g.clone()
        len(c.legal_actions())  # (what a clone holds once it is asked for its moves)
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    return held + core_bytes(c)


def bench(map_name: str, players: int, games: int = 200, runs: int = 5, seed: int = 0,
          progress: Callable[[], None] | None = None, engine: str = "python") -> dict:
    """Medians over `runs` runs of random full games through the engine's face (CPU time);
    `progress()` after each run."""
    rates, per_action, clones = [], [], []
    for run in range(runs):
        secs, actions = random_playouts(map_name, players, games, seed + run * games, engine)
        rates.append(games / secs)
        per_action.append(secs / actions * 1e6)
        clones.append(clone_time(map_name, players, seed + run, engine=engine) * 1e6)
        if progress:
            progress()
    return {
        "map": map_name, "players": players, "bots": ["random"] * players, "seed": seed, "engine": engine,
        "path": "face",
        "games_per_run": games, "runs": runs,
        "games_per_s": statistics.median(rates), "games_per_s_min": min(rates), "games_per_s_max": max(rates),
        "us_per_action": statistics.median(per_action), "clone_us": statistics.median(clones),
        "state_bytes": state_bytes(map_name, players, seed, engine),
    }


def bench_batch(map_name: str, players: int, games: int = 2000, runs: int = 5, seed: int = 0, threads: int = 1,
                progress: Callable[[], None] | None = None) -> dict:
    """Medians over `runs` runs of random full games played whole in the native core (its own
    random bot), CPU time per game (over all `threads` threads)."""
    import numpy as np

    from ..editions import get_ruleset
    from ..native import batch_core
    core, rules = batch_core(get_ruleset(map_name, players))
    core.random_games(rules, np.arange(200, dtype=np.int64), 1, False)  # (warm: the tables, the caches)
    rates, per_action = [], []
    for run in range(runs):
        seeds = np.arange(seed + run * games, seed + (run + 1) * games, dtype=np.int64)
        t0 = time.process_time()
        out = core.random_games(rules, seeds, threads, False)
        secs = time.process_time() - t0
        rates.append(games / secs)
        per_action.append(secs / int(out["length"].sum()) * 1e6)
        if progress:
            progress()
    return {
        "map": map_name, "players": players, "bots": ["random"] * players, "seed": seed, "engine": "native",
        "path": "batch", "threads": threads, "games_per_run": games, "runs": runs,
        "games_per_s": statistics.median(rates), "games_per_s_min": min(rates), "games_per_s_max": max(rates),
        "us_per_action": statistics.median(per_action), "clone_us": None, "state_bytes": None,
    }
