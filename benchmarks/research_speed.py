"""Research interfaces' speed: environment steps per second per board (PettingZoo AEC, random
legal ids for every seat, observation and mask built at every step; Gymnasium against the random
bot, counting the learner's steps), and `simulate` on the local backend against Ray (wall time
of the same games, medians over runs; Ray's start-up included).

    pip install -e '.[rl,ray]'
    python benchmarks/research_speed.py [--runs 3] [--steps 3000] [--games 200] [--json out.json]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import time

import numpy as np

from ttr.adapters.gymnasium import TtrEnv
from ttr.adapters.pettingzoo import raw_env
from ttr.runtime.backend import LocalBackend
from ttr.runtime.sim import simulate

BOARDS = [("usa", 2), ("europe", 4), ("nordic", 3), ("world", 4), ("great-lakes", 3), ("legends-west", 4)]


def pettingzoo_steps(map_name: str, players: int, steps: int, seed: int) -> float:
    e = raw_env(map=map_name, players=players)
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    done = 0
    t0 = time.perf_counter()
    while done < steps:
        agent = e.agent_selection
        if e.terminations[agent]:
            e.reset(seed=int(rng.integers(1 << 30)))
            continue
        ob = e.observe(agent)
        e.step(int(rng.choice(np.flatnonzero(ob["action_mask"]))))
        done += 1
    return steps / (time.perf_counter() - t0)


def gymnasium_steps(map_name: str, players: int, steps: int, seed: int) -> float:
    e = TtrEnv(map_name, opponents=["random"] * (players - 1))
    rng = np.random.default_rng(seed)
    obs, _ = e.reset(seed=seed)
    t0 = time.perf_counter()
    for _ in range(steps):
        obs, _, terminated, _, _ = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if terminated:
            obs, _ = e.reset(seed=int(rng.integers(1 << 30)))
    return steps / (time.perf_counter() - t0)


def backend_seconds(backend: object, games: int) -> float:
    t0 = time.perf_counter()
    simulate("usa", 2, ["greedy", "random"], games, 1, backend)  # type: ignore[arg-type]
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--steps", type=int, default=3000, help="environment steps per run")
    ap.add_argument("--games", type=int, default=200, help="games per backend run (usa 2p, greedy vs random)")
    ap.add_argument("--no-ray", action="store_true")
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    out: dict = {"cpus": os.cpu_count(), "envs": [], "backends": []}
    for m, n in BOARDS:
        pz = [pettingzoo_steps(m, n, args.steps, r) for r in range(args.runs)]
        gy = [gymnasium_steps(m, n, args.steps, r) for r in range(args.runs)]
        row = {"map": m, "players": n, "pettingzoo_steps_per_s": statistics.median(pz),
               "gymnasium_steps_per_s": statistics.median(gy)}
        out["envs"].append(row)
        print(f"{m:13s} {n}p  PettingZoo {row['pettingzoo_steps_per_s']:7.0f} steps/s   "
              f"Gymnasium (vs random) {row['gymnasium_steps_per_s']:7.0f} steps/s", flush=True)
    backends: list[tuple[str, object]] = [("local, 1 process", LocalBackend(1)), ("local, all cores", LocalBackend())]
    if not args.no_ray:
        from ttr.adapters.ray import RayBackend
        backends.append(("ray (local instance)", RayBackend()))
    for name, b in backends:
        secs = [backend_seconds(b, args.games) for _ in range(args.runs)]
        row = {"backend": name, "games": args.games, "seconds_median": statistics.median(secs), "seconds": secs}
        out["backends"].append(row)
        print(f"simulate {args.games} games on {name:21s} median {row['seconds_median']:6.2f} s "
              f"(runs {', '.join(f'{s:.2f}' for s in secs)})", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=2)


if __name__ == "__main__":
    main()
