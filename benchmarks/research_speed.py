"""Research interfaces' speed: the observation tensor (median µs per encode over positions of a
game, for every seat), environment steps per second per board (PettingZoo AEC, random legal ids
for every seat, observation and mask built at every step; Gymnasium against the random bot,
counting the learner's steps), both in CPU time of the process (steadier than wall time on a
shared machine), and `simulate` on the local backend against Ray (wall time of the same games,
medians over runs; Ray's start-up included).

    pip install -e '.[rl,ray]'
    python benchmarks/research_speed.py [--runs 3] [--steps 3000] [--games 200] [--json out.json]
    python benchmarks/research_speed.py --before ../ttr-old --no-ray   # side by side with another tree
    python benchmarks/research_speed.py --engine python                # USA and Europe on the Python engine

With `--before TREE`, every board is measured in TREE (a subprocess with TREE on PYTHONPATH)
and then in this one, alternately, so both see the same load. The tensor is timed two ways:
`encode`, the observer alone from what it reads (a view before the engine's face, an
Observation after), and `from game`, what an environment pays (view or observe, then encode).
"""
from __future__ import annotations

import argparse
import inspect
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import numpy as np

BOARDS = [("usa", 2), ("europe", 4), ("nordic", 3), ("world", 4), ("great-lakes", 3), ("legends-west", 4)]


def _positions(map_name: str, players: int, seed: int, count: int = 12, every: int = 15) -> list[Any]:
    """Games at `count` points of a game of random ids, `every` decisions apart (copies)."""
    import ttr
    g = ttr.new_game(map_name, players, seed=seed)
    space = ttr.ActionSpace(map_name, players)
    rng = np.random.default_rng(seed)
    out = []
    step = 0
    while not g.is_over and len(out) < count:
        prefix: tuple[int, ...] = ()
        while True:
            i = int(rng.choice(space.legal_ids(g, prefix)))
            a = space.decode(i, g, prefix)
            if a is not None:
                break
            prefix += (i,)
        g.apply(a)
        step += 1
        if step % every == 0:
            out.append(ttr.replay(map_name, players, seed, g.history))
    return out


def _per_call(f: Any, calls: int = 40, repeats: int = 3) -> float:
    """µs per call of f: the best of `repeats` batches of `calls` (CPU time of this process)."""
    best = float("inf")
    for _ in range(repeats):
        t0 = time.process_time()
        for _ in range(calls):
            f()
        best = min(best, (time.process_time() - t0) / calls * 1e6)
    return best


def tensor_us(map_name: str, players: int, seed: int = 1) -> dict[str, float]:
    """Median µs per observation tensor over positions and seats: the observer alone, and from the game."""
    from ttr.formats.observation import Observer
    after = "obs" in inspect.signature(Observer.encode).parameters  # the face: encode(obs), else encode(view)
    enc, full = [], []
    for g in _positions(map_name, players, seed):
        ob = Observer(g.rules)
        for s in range(players):
            if after:
                o = g.observe(s)
                enc.append(_per_call(lambda: ob.encode(o)))
                full.append(_per_call(lambda: ob.encode(g.observe(s))))
            else:
                v = g.view(s, history=False, legal=False)
                enc.append(_per_call(lambda: ob.encode(v)))
                full.append(_per_call(lambda: ob.encode(g.view(s, history=False, legal=False))))
    return {"encode_us": statistics.median(enc), "from_game_us": statistics.median(full)}


def _engine_kw(cls: Any, engine: str) -> dict[str, str]:
    """engine=... where the environment takes it (not in trees from before the native engines)."""
    return {"engine": engine} if "engine" in inspect.signature(cls).parameters else {}


def pettingzoo_steps(map_name: str, players: int, steps: int, seed: int, engine: str = "auto") -> float:
    from ttr.adapters.pettingzoo import TtrAECEnv, raw_env
    e = raw_env(map=map_name, players=players, **_engine_kw(TtrAECEnv, engine))
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    done = 0
    t0 = time.process_time()
    while done < steps:
        agent = e.agent_selection
        if e.terminations[agent]:
            e.reset(seed=int(rng.integers(1 << 30)))
            continue
        ob = e.observe(agent)
        e.step(int(rng.choice(np.flatnonzero(ob["action_mask"]))))
        done += 1
    return steps / (time.process_time() - t0)


def gymnasium_steps(map_name: str, players: int, steps: int, seed: int, engine: str = "auto") -> float:
    from ttr.adapters.gymnasium import TtrEnv
    e = TtrEnv(map_name, opponents=["random"] * (players - 1), **_engine_kw(TtrEnv, engine))
    rng = np.random.default_rng(seed)
    obs, _ = e.reset(seed=seed)
    t0 = time.process_time()
    for _ in range(steps):
        obs, _, terminated, _, _ = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if terminated:
            obs, _ = e.reset(seed=int(rng.integers(1 << 30)))
    return steps / (time.process_time() - t0)


def board_row(map_name: str, players: int, runs: int, steps: int, engine: str = "auto") -> dict[str, Any]:
    pz = [pettingzoo_steps(map_name, players, steps, r, engine) for r in range(runs)]
    gy = [gymnasium_steps(map_name, players, steps, r, engine) for r in range(runs)]
    return {"map": map_name, "players": players, **tensor_us(map_name, players),
            "pettingzoo_steps_per_s": statistics.median(pz), "gymnasium_steps_per_s": statistics.median(gy)}


def before_row(tree: str, map_name: str, players: int, runs: int, steps: int, engine: str = "auto") -> dict[str, Any]:
    """The same board measured in another tree (a subprocess with it on PYTHONPATH)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "row.json")
        subprocess.run([sys.executable, __file__, "--row", f"{map_name}:{players}", "--runs", str(runs),
                        "--steps", str(steps), "--engine", engine, "--json", out], check=True, cwd=tmp,
                       env={**os.environ, "PYTHONPATH": os.path.abspath(tree)})
        with open(out) as f:
            row: dict[str, Any] = json.load(f)
    return row


def backend_seconds(backend: object, games: int) -> float:
    from ttr.runtime.sim import simulate
    t0 = time.perf_counter()
    simulate("usa", 2, ["greedy", "random"], games, 1, backend)  # type: ignore[arg-type]
    return time.perf_counter() - t0


def _show(row: dict[str, Any], label: str = "") -> str:
    return (f"{row['map']:13s} {row['players']}p {label:7s} tensor {row['encode_us']:6.1f} µs "
            f"(from game {row['from_game_us']:6.1f} µs)  PettingZoo {row['pettingzoo_steps_per_s']:7.0f} steps/s  "
            f"Gymnasium (vs random) {row['gymnasium_steps_per_s']:7.0f} steps/s")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--steps", type=int, default=3000, help="environment steps per run")
    ap.add_argument("--games", type=int, default=200, help="games per backend run (usa 2p, greedy vs random); 0: none")
    ap.add_argument("--before", default=None, help="another ttr tree to measure alongside (e.g. before a change)")
    ap.add_argument("--no-ray", action="store_true")
    ap.add_argument("--engine", default="auto", help="the environments' engine here: auto (native for USA and Europe "
                    "where built), python or native (benchmarks/vecenv_speed.py compares the two)")
    ap.add_argument("--json", default=None)
    ap.add_argument("--row", default=None, help=argparse.SUPPRESS)  # MAP:PLAYERS: one board only (--before's child)
    args = ap.parse_args()
    if args.row:
        m, n = args.row.split(":")
        with open(args.json, "w") as f:
            json.dump(board_row(m, int(n), args.runs, args.steps, args.engine), f)
        return
    out: dict = {"cpus": os.cpu_count(), "envs": [], "before": [], "backends": []}
    for m, n in BOARDS:
        if args.before:
            row = before_row(args.before, m, n, args.runs, args.steps, args.engine)
            out["before"].append(row)
            print(_show(row, "before"), flush=True)
        row = board_row(m, n, args.runs, args.steps, args.engine)
        out["envs"].append(row)
        print(_show(row, "after" if args.before else ""), flush=True)
    backends: list[tuple[str, object]] = []
    if args.games:
        from ttr.runtime.backend import LocalBackend
        backends = [("local, 1 process", LocalBackend(1)), ("local, all cores", LocalBackend())]
        if not args.no_ray:
            from ttr.adapters.ray import RayBackend
            backends.append(("ray (local instance)", RayBackend()))
    for name, b in backends:
        secs = [backend_seconds(b, args.games) for _ in range(args.runs)]
        brow = {"backend": name, "games": args.games, "seconds_median": statistics.median(secs), "seconds": secs}
        out["backends"].append(brow)
        print(f"simulate {args.games} games on {name:21s} median {brow['seconds_median']:6.2f} s "
              f"(runs {', '.join(f'{s:.2f}' for s in secs)})", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=2)


if __name__ == "__main__":
    main()
