"""The native vector environment's speed, and the Gymnasium and PettingZoo environments on the
native engine against the Python engine, in the same run. Steps per second of CPU time of this
process (steadier than wall time on a shared machine), one thread, the median of --runs runs.

    pip install -e '.[rl]'
    python benchmarks/vecenv_speed.py [--runs 5] [--seconds 2] [--envs 256] [--steps 4000] [--json out.json]

* vecenv, native sampler: `VecEnv(map, players, num_envs).step(env.sample())`, masks and
  observations written at every step (the steps of every game counted);
* vecenv, numpy actions: the same with the actions chosen by the caller in numpy, uniform over
  each game's legal ids from its mask row (`flatnonzero` of the batch's masks, one random pick
  per row);
* PettingZoo: every seat's steps, the observation and mask asked at each (`env.observe(agent)`),
  then a uniformly random legal id (chosen with `random.Random` over the mask's ids);
* Gymnasium: the learner's steps against the random bot (its moves included), the same choice.

Each env row runs on engine="native" and engine="python" alternately, the same games (seeds).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from typing import Any

import numpy as np

BOARDS = [("usa", 2), ("europe", 4)]


def vecenv_steps(map_name: str, players: int, envs: int, seconds: float, seed: int, numpy_actions: bool) -> float:
    from ttr.adapters.vector import VecEnv
    env = VecEnv(map_name, players, num_envs=envs, seed=seed)
    out = env.reset()
    rng = np.random.default_rng(seed)
    row_start = np.arange(envs) * env.n

    def act() -> np.ndarray:
        if not numpy_actions:
            return env.sample()
        legal = out.masks.view(np.bool_)  # uniform over each row's legal ids, in numpy:
        flat = np.flatnonzero(legal)      # every legal id of the batch, row after row
        counts = legal.sum(1)
        pick = np.cumsum(counts) - counts + (rng.random(envs) * counts).astype(np.int64)
        return flat[pick] - row_start

    for _ in range(20):  # warm up
        env.step(act())
    steps = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        for _ in range(10):
            env.step(act())
        steps += 10 * envs
    return steps / (time.process_time() - t0)


def _choose(mask: np.ndarray, r: random.Random) -> int:
    ids = mask.view(np.bool_).nonzero()[0]  # (0/1 bytes: as bools, nonzero is 5x faster than on int8)
    return int(ids[int(r.random() * len(ids))])


def pettingzoo_steps(map_name: str, players: int, steps: int, seed: int, engine: str) -> float:
    from ttr.adapters.pettingzoo import raw_env
    e = raw_env(map=map_name, players=players, engine=engine)
    r = random.Random(seed)
    e.reset(seed=seed)
    done = 0
    t0 = time.process_time()
    while done < steps:
        agent = e.agent_selection
        if e.terminations[agent]:
            e.reset(seed=r.randrange(1 << 30))
            continue
        e.step(_choose(e.observe(agent)["action_mask"], r))
        done += 1
    return steps / (time.process_time() - t0)


def gymnasium_steps(map_name: str, players: int, steps: int, seed: int, engine: str) -> float:
    from ttr.adapters.gymnasium import TtrEnv
    e = TtrEnv(map_name, opponents=["random"] * (players - 1), engine=engine)
    r = random.Random(seed)
    obs, _ = e.reset(seed=seed)
    t0 = time.process_time()
    for _ in range(steps):
        obs, _, terminated, _, _ = e.step(_choose(obs["action_mask"], r))
        if terminated:
            obs, _ = e.reset(seed=r.randrange(1 << 30))
    return steps / (time.process_time() - t0)


def raw_engine_steps(map_name: str, players: int, steps: int, seed: int, engine: str) -> float:
    """The engine alone: random legal actions (no ids, masks or tensors), for reference."""
    import ttr
    r = random.Random(seed)
    done, g = 0, None
    t0 = time.process_time()
    while done < steps:
        if g is None or g.is_over:
            g = ttr.new_game(map_name, players, seed=r.randrange(1 << 30), record=False, engine=engine)
        legal = g.legal_actions()
        g.apply(legal[int(r.random() * len(legal))])
        done += 1
    return steps / (time.process_time() - t0)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per vecenv run")
    ap.add_argument("--envs", type=int, default=256, help="games per vecenv batch")
    ap.add_argument("--steps", type=int, default=4000, help="steps per Gymnasium/PettingZoo run")
    ap.add_argument("--boards", default=",".join(f"{m}:{p}" for m, p in BOARDS))
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    out: dict[str, Any] = {"cpus": os.cpu_count(), "runs": args.runs, "rows": []}
    for item in args.boards.split(","):
        m, p = item.split(":")
        players = int(p)
        row: dict[str, Any] = {"map": m, "players": players, "envs": args.envs}
        for key, numpy_actions in (("vecenv_sampler", False), ("vecenv_numpy", True)):
            runs = [vecenv_steps(m, players, args.envs, args.seconds, s, numpy_actions) for s in range(args.runs)]
            row[key] = statistics.median(runs)
            row[key + "_runs"] = runs
        for key, f in (("pettingzoo", pettingzoo_steps), ("gymnasium", gymnasium_steps), ("engine", raw_engine_steps)):
            native, python = [], []
            for s in range(args.runs):  # alternately: both see the same load
                native.append(f(m, players, args.steps, s, "native" if key == "engine" else "auto"))
                python.append(f(m, players, args.steps, s, "python"))
            row[key + "_native"] = statistics.median(native)
            row[key + "_python"] = statistics.median(python)
            row[key + "_ratio"] = row[key + "_native"] / row[key + "_python"]
        out["rows"].append(row)
        print(f"{m} {players}p: vecenv x{args.envs} {row['vecenv_sampler']:9,.0f} steps/s (native sampler), "
              f"{row['vecenv_numpy']:9,.0f} (numpy actions)", flush=True)
        for key in ("pettingzoo", "gymnasium", "engine"):
            print(f"    {key:10s} native {row[key + '_native']:9,.0f}  python {row[key + '_python']:8,.0f}  "
                  f"x{row[key + '_ratio']:.1f}", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=2)


if __name__ == "__main__":
    main()
