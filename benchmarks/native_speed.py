"""The native core's whole random games in batches (`ttr._native.random_games`, its own uniformly
random bot): games per second on one thread (CPU time of this process) and the scaling to more
threads (wall time: the same seeds on 1 and on N threads, runs interleaved, the ratio taken run by
run). Medians of --runs runs. The machine should be quiet for the scaling: another process on a
core takes it from the threads. Beside them, in the same run (interleaved), the Python engine's
uniformly random games (`ttr.runtime.sim.random_playouts`, through the face on its fast path, CPU
time) and the ratio (issue 25: >= 30x on every board).

    PYTHONPATH=. .venv/bin/python benchmarks/native_speed.py [--runs 7] [--games 20000] [--threads 2]
        [--python-games 100] [--boards usa:2 nordic:3] [--json out.json]
        [--frontiers 8 --legacy-game 12]   # Legends of the West: the demo pack's game on a grown board

Beside the batch, with a Legacy setup, the native engine's random games through the face
(`NativeGame`, the same fast path as the Python engine's), CPU time.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np

from ttr.editions import get_ruleset
from ttr.native import available, batch_core, why_unavailable
from ttr.runtime.sim import random_playouts

BOARDS = [("usa", 2, 60_000), ("europe", 4, 15_000), ("nordic", 3, None), ("world", 4, None), ("great-lakes", 3, None)]  # (board, players, the one-thread target)


def face_playouts(rules, games: int, seed: int, engine: str, setup) -> float:
    """CPU seconds of `games` uniformly random games of a Legacy setup through the face."""
    import random

    from ttr import native
    from ttr.engine import new
    rnd = random.Random(seed).random
    make = native.new if engine == "native" else new
    t0 = time.process_time()
    for i in range(games):
        g = make(rules, seed + i, record=False, setup=setup)
        apply = g.apply_unchecked
        while not g.is_over:
            legal = g.legal_actions()
            apply(legal[int(rnd() * len(legal))])
    return time.process_time() - t0


def measure(board: str, players: int, games: int, runs: int, threads: int, py_games: int, setup=None) -> dict:
    core, rules = batch_core(get_ruleset(board, players), setup)
    cpu_rates, wall_one, wall_many, ratios, py_rates, face_rates = [], [], [], [], [], []
    core.random_games(rules, np.arange(200, dtype=np.int64), 1, False)  # (warm: tables, caches)
    for run in range(runs):
        seeds = np.arange(run * games, (run + 1) * games, dtype=np.int64)
        c0, w0 = time.process_time(), time.perf_counter()
        one = core.random_games(rules, seeds, 1, False)
        c1, w1 = time.process_time(), time.perf_counter()
        many = core.random_games(rules, seeds, threads, False)
        w2 = time.perf_counter()
        if not (np.array_equal(one["totals"], many["totals"]) and np.array_equal(one["length"], many["length"])):
            raise SystemExit(f"{board} {players}p: {threads} threads played other games than one")
        cpu_rates.append(games / (c1 - c0))
        wall_one.append(games / (w1 - w0))
        wall_many.append(games / (w2 - w1))
        ratios.append((w1 - w0) / (w2 - w1))
        if py_games and setup is not None:
            py_rates.append(py_games / face_playouts(get_ruleset(board, players), py_games, run * py_games, "python", setup))
            face_rates.append(py_games * 10 / face_playouts(get_ruleset(board, players), py_games * 10, run * py_games,
                                                            "native", setup))
        elif py_games:
            secs, _ = random_playouts(board, players, py_games, seed=run * py_games, engine="python")
            py_rates.append(py_games / secs)
    py = statistics.median(py_rates) if py_rates else None
    return {"python_games_per_s_cpu": py,
            "native_face_games_per_s_cpu": statistics.median(face_rates) if face_rates else None,
            "against_python": statistics.median(cpu_rates) / py if py else None,"board": board, "players": players, "games_per_run": games, "runs": runs, "threads": threads,
            "games_per_s_cpu_one_thread": statistics.median(cpu_rates),
            "games_per_s_cpu_min_max": [min(cpu_rates), max(cpu_rates)],
            "games_per_s_wall_one_thread": statistics.median(wall_one),
            "games_per_s_wall_threads": statistics.median(wall_many),
            "scaling": statistics.median(ratios), "scaling_min_max": [min(ratios), max(ratios)]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--python-games", type=int, default=100, help="the Python engine's games a run (0: none)")
    ap.add_argument("--boards", nargs="+", default=None, help="board:players (default: USA 2, Europe 4, Nordic 3)")
    ap.add_argument("--json", default=None)
    ap.add_argument("--frontiers", type=int, default=0,
                    help="Legends of the West: the demo pack's first N frontiers grow the board (8: all)")
    ap.add_argument("--legacy-game", type=int, default=1, help="Legends of the West: the demo pack's game (1-12)")
    args = ap.parse_args()
    if not available():
        raise SystemExit(why_unavailable())
    rows = []
    boards = BOARDS if not args.boards else [(b.split(":")[0], int(b.split(":")[1]), None) for b in args.boards]
    for board, players, target in boards:
        setup = None
        if board == "legends-west" and (args.frontiers or args.legacy_game > 1):
            from soak import legacy_setup  # (benchmarks/: the demo pack's game on its grown board)
            setup = legacy_setup(players, args.frontiers, args.legacy_game)
        r = measure(board, players, args.games, args.runs, args.threads, args.python_games, setup)
        r["target_one_thread"] = target
        rows.append(r)
        lo, hi = r["games_per_s_cpu_min_max"]
        py = (f"; Python engine {r['python_games_per_s_cpu']:,.1f} games/s, {r['against_python']:,.0f}x"
              if r["python_games_per_s_cpu"] else "")
        if r["native_face_games_per_s_cpu"]:
            face = r["native_face_games_per_s_cpu"]
            py += f"; native through the face {face:,.1f} games/s, {face / r['python_games_per_s_cpu']:,.1f}x"
        print(f"{board} {players}p: {r['games_per_s_cpu_one_thread']:,.0f} games/s on one thread (CPU; {lo:,.0f}-{hi:,.0f};"
              f" target {target or '-'}{py}); {args.threads} threads {r['games_per_s_wall_threads']:,.0f} games/s wall,"
              f" {r['scaling']:.2f}x one thread's {r['games_per_s_wall_one_thread']:,.0f}"
              f" ({r['scaling_min_max'][0]:.2f}-{r['scaling_min_max'][1]:.2f})", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=2)


if __name__ == "__main__":
    main()
