"""The native core's whole random games in batches (`ttr._native.random_games`, its own uniformly
random bot): games per second on one thread (CPU time of this process) and the scaling to more
threads (wall time: the same seeds on 1 and on N threads, runs interleaved, the ratio taken run by
run). Medians of --runs runs. The machine should be quiet for the scaling: another process on a
core takes it from the threads.

    PYTHONPATH=. .venv/bin/python benchmarks/native_speed.py [--runs 7] [--games 20000] [--threads 2] [--json out.json]
"""
from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np

from ttr.editions import get_ruleset
from ttr.native import available, batch_core, why_unavailable

BOARDS = [("usa", 2, 60_000), ("europe", 4, 15_000)]  # (board, players, the one-thread target)


def measure(board: str, players: int, games: int, runs: int, threads: int) -> dict:
    core, rules = batch_core(get_ruleset(board, players))
    cpu_rates, wall_one, wall_many, ratios = [], [], [], []
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
    return {"board": board, "players": players, "games_per_run": games, "runs": runs, "threads": threads,
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
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    if not available():
        raise SystemExit(why_unavailable())
    rows = []
    for board, players, target in BOARDS:
        r = measure(board, players, args.games, args.runs, args.threads)
        r["target_one_thread"] = target
        rows.append(r)
        lo, hi = r["games_per_s_cpu_min_max"]
        print(f"{board} {players}p: {r['games_per_s_cpu_one_thread']:,.0f} games/s on one thread (CPU; {lo:,.0f}-{hi:,.0f};"
              f" target {target:,}); {args.threads} threads {r['games_per_s_wall_threads']:,.0f} games/s wall,"
              f" {r['scaling']:.2f}x one thread's {r['games_per_s_wall_one_thread']:,.0f}"
              f" ({r['scaling_min_max'][0]:.2f}-{r['scaling_min_max'][1]:.2f})")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=2)


if __name__ == "__main__":
    main()
