"""Engine speed against the targets: random full games per second on one core,
microseconds per action, and the cost of cloning a state (medians over runs).

    python benchmarks/engine_speed.py [--runs 7] [--games 300] [--json out.json]
"""
from __future__ import annotations

import argparse
import json

from ttr.editions import EDITIONS
from ttr.runtime.sim import bench

TARGETS = {("usa", 2): 1000, ("europe", 4): 300, ("nordic", 3): 300, ("world", 4): 200}
CLONE_TARGET_US = 20


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    rows = []
    for (m, n), target in TARGETS.items():
        if m not in EDITIONS:
            continue
        r = bench(m, n, args.games, args.runs)
        r["target_games_per_s"] = target
        r["ratio_to_target"] = r["games_per_s"] / target
        rows.append(r)
        print(f"{m:8s} {n}p  {r['games_per_s']:7.0f} games/s (min {r['games_per_s_min']:.0f}, max {r['games_per_s_max']:.0f})"
              f"  = {r['ratio_to_target']:.2f} x target {target}   {r['us_per_action']:.2f} us/action"
              f"   clone {r['clone_us']:.2f} us (target <= {CLONE_TARGET_US})")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=2)


if __name__ == "__main__":
    main()
