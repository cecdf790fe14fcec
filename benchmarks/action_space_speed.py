"""Speed of ttr.ActionSpace.mask on the RL hot path: median microseconds per call.

Positions come from random games (seeded; every phase as it occurs). The mask is timed once
per position, as an RL step calls it (the space remembers the ids of segments that the engine
hands back unchanged, e.g. a route group's payments for the same hand, from earlier positions
only), and the median over positions is reported, over all positions and over turn starts
(phase "turn", where claims make masks largest). The game's legal actions are computed first (the engine caches them; an RL loop asks for them once
per step anyway), then `mask(game)` is timed alone. Also timed: the legal actions themselves,
and for routes claimed in payment steps, the mask after the claim id (`mask(game, prefix=[i])`).

    python benchmarks/action_space_speed.py [--games 20] [--draw-bias 0.8] [--maps usa,europe] [--json out.json]

It uses only the public API (and two of the space's caches, cleared to time uncached steps), so
it also measures an older tree: PYTHONPATH=/path/to/old/tree python benchmarks/action_space_speed.py
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import ttr
from ttr.editions import EDITIONS

PLAYERS = {"usa": 4, "europe": 4, "nordic": 3, "world": 4, "great-lakes": 4, "legends-west": 4}


def _median_us(fn, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e6


def measure(map_name: str, players: int, games: int, seed: int = 0, draw_bias: float = 0.0) -> dict:
    space = ttr.ActionSpace(map_name, players)
    rng = random.Random(seed)
    mask_us, turn_us, legal_us, step_us = [], [], [], []
    for gi in range(games):
        g = ttr.new_game(map_name, players, seed=seed + gi, record=False)
        while not g.is_over:
            t = time.perf_counter()
            legal = g.legal_actions()
            legal_us.append((time.perf_counter() - t) * 1e6)
            t = time.perf_counter()
            space.mask(g)  # once, as an RL step does: what it remembers from earlier positions only
            mask_us.append((time.perf_counter() - t) * 1e6)
            if g.phase == "turn":
                turn_us.append(mask_us[-1])
            first = [int(i) for i in space.legal_ids(g) if space.decode(int(i), g) is None]
            if first:
                i = rng.choice(first)
                step_us.append(_median_us(lambda: (space._walks.clear(), space._steps.clear(),  # uncached
                                                   space.mask(g, prefix=[i])), repeat=3))
            draws = [a for a in legal if a.kind == "draw"] if rng.random() < draw_bias else None
            g.apply_unchecked(rng.choice(draws) if draws else legal[rng.randrange(len(legal))])
    out = {"map": map_name, "players": players, "n": space.n, "positions": len(mask_us),
           "mask_median_us": statistics.median(mask_us), "mask_p90_us": sorted(mask_us)[int(0.9 * len(mask_us))],
           "turn_positions": len(turn_us), "turn_mask_median_us": statistics.median(turn_us),
           "legal_actions_median_us": statistics.median(legal_us)}
    if step_us:
        out["step_mask_median_us"] = statistics.median(step_us)
        out["step_positions"] = len(step_us)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--draw-bias", type=float, default=0.0,
                    help="draw with this probability (bigger hands, more payments), else a uniform legal action")
    ap.add_argument("--maps", default=None, help="comma-separated boards (default: all)")
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    rows = []
    maps = args.maps.split(",") if args.maps else list(PLAYERS)
    for m, n in PLAYERS.items():
        if m not in EDITIONS or m not in maps:
            continue
        r = measure(m, n, args.games, draw_bias=args.draw_bias)
        rows.append(r)
        step = (f"   after a stepped claim id: {r['step_mask_median_us']:.0f} us ({r['step_positions']} positions)"
                if "step_mask_median_us" in r else "")
        print(f"{m:12s} {n}p  n={r['n']:5d}  mask {r['mask_median_us']:5.1f} us median (p90 {r['mask_p90_us']:.1f})"
              f" over {r['positions']} positions, {r['turn_mask_median_us']:5.1f} us at turn starts;"
              f" legal_actions {r['legal_actions_median_us']:.1f} us{step}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=2)


if __name__ == "__main__":
    main()
