"""OpenSpiel's python_ttr at its default settings (Europe, 2 players, 65,536 deals): the time of an
`rl_environment.Environment("python_ttr")` reset (the deal's chance nodes, the game dealt, both
seats' information state tensors), the information state tensor at the start of a game and late in
it (a seat's tensor, the state unchanged between calls; also with 4 players), and an rl_environment
step over whole games of random legal ids. CPU time of the process (steadier than wall time on a shared machine);
each figure is the median of `--runs` runs.

    pip install -e '.[rl]'
    python benchmarks/openspiel_speed.py [--runs 5] [--json out.json]
    python benchmarks/openspiel_speed.py --before ../ttr-old   # side by side with another tree

With `--before TREE`, each run is measured in TREE (a subprocess with TREE first on PYTHONPATH)
and then in this one, alternately, so both see the same load.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

# (players, decisions): where the tensor is timed. Random 2-player games on Europe end after 170-230
# decisions, 4-player ones later.
POINTS = [(2, 0), (2, 100), (2, 200), (4, 0), (4, 300)]
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # this tree


def _deal(state: Any, seed: int) -> None:
    """Deals `seed` (by its digits where the deal is several chance nodes)."""
    game = state.get_game()
    for a in game.seed_digits(seed) if hasattr(game, "seed_digits") else [seed]:
        state.apply_action(a)


def _state_at(game: Any, decisions: int) -> Any:
    """A state `decisions` random moves into the game of the first deal whose game lasts that long."""
    rng = random.Random(0)
    for seed in range(100):
        state = game.new_initial_state()
        _deal(state, seed)
        while not state.is_terminal() and state.decisions < decisions:
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            return state
    raise RuntimeError(f"no random game of the first 100 deals lasts {decisions} decisions")


def _per_call_us(f: Any, calls: int = 200) -> float:
    t0 = time.process_time()
    for _ in range(calls):
        f()
    return (time.process_time() - t0) / calls * 1e6


def measure(resets: int, episodes: int) -> dict[str, Any]:
    import pyspiel
    from open_spiel.python import rl_environment

    import ttr
    import ttr.adapters.openspiel  # noqa: F401  (registers python_ttr)
    env = rl_environment.Environment("python_ttr")
    env.seed(0)
    env.reset()
    t0 = time.process_time()
    for _ in range(resets):
        env.reset()
    reset_ms = (time.process_time() - t0) / resets * 1e3

    tensor = {}
    for players, at in POINTS:  # a seat's tensor, the state unchanged between calls (both seats: the median)
        state = _state_at(pyspiel.load_game("python_ttr", {"players": players}), at)
        state.information_state_tensor(0)  # the observer made, caches warm
        tensor[f"{players}p@{at}"] = statistics.median(_per_call_us(lambda: state.information_state_tensor(p))
                                                       for p in range(players))

    rng = random.Random(0)
    steps, t0 = 0, time.process_time()
    for _ in range(episodes):
        ts = env.reset()
        while not ts.last():
            p = ts.observations["current_player"]
            ts = env.step([rng.choice(ts.observations["legal_actions"][p])])
            steps += 1
    step_us = (time.process_time() - t0) / steps * 1e6
    return {"ttr": os.path.dirname(ttr.__file__), "reset_ms": reset_ms, "tensor_us": tensor,
            "episode_step_us": step_us}


def _child(tree: str, resets: int, episodes: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "run.json")
        path = os.pathsep.join(p for p in (os.path.abspath(tree), os.environ.get("PYTHONPATH", "")) if p)
        subprocess.run([sys.executable, os.path.abspath(__file__), "--one", "--resets", str(resets),
                        "--episodes", str(episodes), "--json", out], check=True, cwd=tmp,
                       env={**os.environ, "PYTHONPATH": path})
        with open(out) as f:
            row: dict[str, Any] = json.load(f)
    return row


def _show(label: str, rows: list[dict[str, Any]]) -> str:
    def med(f: Any) -> float:
        return statistics.median(f(r) for r in rows)
    tensors = ", ".join(f"{k} {med(lambda r: r['tensor_us'][k]):.0f}" for k in rows[0]["tensor_us"])
    return (f"{label:7s} reset {med(lambda r: r['reset_ms']):7.2f} ms   rl_environment step "
            f"{med(lambda r: r['episode_step_us']):6.0f} µs   information state tensor µs (players@decisions): "
            f"{tensors}   ({rows[0]['ttr']})")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--resets", type=int, default=20, help="resets timed per run")
    ap.add_argument("--episodes", type=int, default=2, help="whole games per run (the step time)")
    ap.add_argument("--before", default=None, help="another ttr tree to measure alongside (e.g. before a change)")
    ap.add_argument("--json", default=None)
    ap.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # one run in this process (--before's child)
    args = ap.parse_args()
    if args.one:
        with open(args.json, "w") as f:
            json.dump(measure(args.resets, args.episodes), f)
        return
    before: list[dict[str, Any]] = []
    now: list[dict[str, Any]] = []
    for _ in range(args.runs):
        if args.before:
            before.append(_child(args.before, args.resets, args.episodes))
        now.append(_child(HERE, args.resets, args.episodes) if args.before else measure(args.resets, args.episodes))
    if before:
        print(_show("before", before))
    print(_show("now", now))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"runs": args.runs, "before": before, "now": now}, f, indent=2)


if __name__ == "__main__":
    main()
