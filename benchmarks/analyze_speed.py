"""`ttr analyze`'s speed: games per second of the same run on the local backend (one process, all
cores) and on Ray (a local instance; its start-up included), medians over runs; then the time to
compute and draw the report from those records.

    pip install -e '.[analytics,ray]'
    python benchmarks/analyze_speed.py [--map europe] [--players 4] [--games 100] [--runs 3] [--json out.json]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time

from ttr.analytics.board import shipped
from ttr.analytics.output import write_report
from ttr.analytics.records import RunInfo
from ttr.analytics.run import run
from ttr.runtime.backend import Backend, LocalBackend


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--map", default="europe")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="planner")
    ap.add_argument("--games", type=int, default=100, help="games per run")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-ray", action="store_true")
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    board, bots = shipped(args.map), args.bots.split(",")
    backends: list[tuple[str, Backend]] = [("local, 1 process", LocalBackend(1)), ("local, all cores", LocalBackend())]
    if not args.no_ray:
        from ttr.adapters.ray import RayBackend
        backends.append(("ray (local instance)", RayBackend()))
    out: dict = {"cpus": os.cpu_count(), "map": args.map, "players": args.players, "bots": bots,
                 "games": args.games, "backends": []}
    rows: list[dict] = []
    rates: dict[str, list[float]] = {name: [] for name, _ in backends}
    for _ in range(args.runs):  # the backends take turns, so a change of the machine's load hits them alike
        for name, backend in backends:
            r = run(board, [args.players], bots, args.games, args.seed, backend)
            rates[name].append(len(r.rows) / args.players / r.seconds)
            rows = r.rows
    for name, _ in backends:
        row = {"backend": name, "games_per_s_median": statistics.median(rates[name]), "games_per_s": rates[name]}
        out["backends"].append(row)
        print(f"analyze {args.games} {args.map} {args.players}p games on {name:21s} median "
              f"{row['games_per_s_median']:5.1f} games/s (runs {', '.join(f'{x:.1f}' for x in rates[name])})", flush=True)
    m = board.load()
    info = RunInfo(board.name, m.title, board.edition, [args.players], bots, args.games, args.seed,
                   games_played=args.games, seconds=1.0)
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        write_report(rows, info, m, tmp)
        out["report_seconds"] = time.perf_counter() - t0
    print(f"the report of {args.games} games: {out['report_seconds']:.1f} s", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=2)


if __name__ == "__main__":
    main()
